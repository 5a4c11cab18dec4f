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
