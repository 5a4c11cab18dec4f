"""What every line-mode page shares: the commands read, the words that leave, the lines said."""

from __future__ import annotations

import io

import pytest

from unokart_tui.plain.lines import Lines
from unokart_tui.plain.pages import number_in, say, typed


def lines_of(*answers: str) -> tuple[Lines, io.StringIO]:
    out = io.StringIO()
    return Lines(io.StringIO("".join(a + "\n" for a in answers)), out), out


def test_commands_are_read_until_back_and_the_rest_is_left_unread():
    lines, _out = lines_of("  Next  10 ", "", "FIND Banana", "Back", "next")
    commands = typed(lines)
    read = [(c.word, c.rest, c.line) for c in commands]
    assert read == [("next", "10", "Next  10"), ("", "", ""), ("find", "Banana", "FIND Banana")]
    assert not commands.ended
    assert lines.ask() == "next"  # what follows ``back`` is the next page's


@pytest.mark.parametrize("word", ["back", "b", "q", "quit", "QUIT"])
def test_each_word_for_back_leaves(word):
    assert list(typed(lines_of(word, "help")[0])) == []


def test_the_end_of_the_input_leaves_and_says_so():
    commands = typed(lines_of("help")[0])
    assert [c.word for c in commands] == ["help"]
    assert commands.ended


def test_a_text_of_several_lines_is_said_a_line_at_a_time_with_no_control_character():
    lines, out = lines_of()
    say(lines, "one\ntwo \x1b]0;x\x07", "")
    assert out.getvalue() == "one\ntwo \\x1b]0;x\\x07\n\n"


def test_a_number_counts_only_within_the_list():
    assert [number_in(text, 3) for text in ("1", "3", "0", "4", "x", "")] == [1, 3, None, None, None, None]
