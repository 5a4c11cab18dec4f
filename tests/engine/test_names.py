"""Players' names: any printable text, never a control character (issue 14, finding 13)."""

from __future__ import annotations

import pytest

from unokart_tui.engine import Match, RulesError


@pytest.mark.parametrize(
    "name",
    ["\x1b]0;PWNED\x07", "Ann\nBob", "tab\there", "bell\x07", "\x9bcsi", "right\u202eleft", "line\u2028break", "\x00"],
)
def test_a_name_with_a_control_character_is_refused(name):
    with pytest.raises(RulesError, match="cannot hold control characters") as caught:
        Match.new([name, "Mario"], seed=1)
    assert str(caught.value).isprintable()  # the message shows the name escaped


@pytest.mark.parametrize("name", ["Zoë", "李小龍", "Ann-Marie O'Neil", "山田\u3000太郎", "[b]Bob", "🍄 Toad"])
def test_any_printable_name_is_fine(name):
    assert Match.new([name, "Mario"], seed=1).names[0] == name


class Disguised(str):
    """A name that shows its checks other characters than it holds (issue 35, finding 17)."""

    def __iter__(self):
        return iter("Mario")

    def strip(self, chars=None):
        return "Mario"

    def __repr__(self):
        return "'Mario'"

    def __str__(self):
        return "Mario"


@pytest.mark.parametrize("text", ["\x1b]0;PWNED\x07", "Ann\nBob", "right\u202eleft", "   ", ""])
def test_a_str_subclass_is_judged_by_the_characters_it_holds(text):
    with pytest.raises(RulesError, match=r"cannot hold control characters|must be some text"):
        Match.new([Disguised(text), "Luigi"], seed=1)


def test_a_str_subclass_that_is_a_fine_name_is_kept_as_plain_text():
    match = Match.new([Disguised("Peach"), "Luigi"], seed=1)
    assert match.names == ("Peach", "Luigi")
    assert type(match.names[0]) is str


class Fickle(list):
    """A list of names that reads clean the first time it is read and not after."""

    reads = 0

    def __iter__(self):
        Fickle.reads += 1
        return iter(["Mario", "Luigi"] if Fickle.reads == 1 else ["\x1b[2J", "Luigi"])


def test_the_names_kept_are_the_names_judged():
    Fickle.reads = 0
    match = Match(Fickle(["Mario", "Luigi"]), seed=1, target=500)
    assert match.names == ("Mario", "Luigi")
