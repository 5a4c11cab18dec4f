"""The name a new SSH player is asked for: what is echoed, what is kept, what is refused."""

from __future__ import annotations

import pytest

from unokart_tui.serve.players import check_name
from unokart_tui.serve.prompt import ERASE, NamePrompt


def typed(*chunks: bytes) -> tuple[NamePrompt, bytes]:
    prompt = NamePrompt()
    echo = b"".join(prompt.feed(chunk) for chunk in chunks)
    return prompt, echo


def test_a_name_is_echoed_and_kept():
    prompt, echo = typed(b"Ann\r")
    assert prompt.name == "Ann" and echo == b"Ann\r\n"


def test_escape_sequences_are_skipped_not_echoed():
    # arrows, a colour, an OSC-like string start, F1 (SS3), alt+x: none of it reaches the name or the echo
    prompt, echo = typed(b"A\x1b[D\x1b[31mn\x1bOPn\x1bx\r")
    assert prompt.name == "Ann"
    assert b"\x1b" not in echo


def test_control_characters_never_reach_the_name():
    prompt, echo = typed(b"\x07B\x00o\x0bb\x9b\r")
    assert prompt.name == "Bob" and echo == b"Bob\r\n"


def test_backspace_and_ctrl_u_erase_what_was_typed():
    prompt, echo = typed(b"Anx\x7fn", b"\x15Bo\x08ob\r")
    assert prompt.name == "Bob"
    assert echo.count(ERASE.encode()) == 1 + 3 + 1


def test_a_wide_character_is_erased_with_two_columns():
    _, echo = typed("中".encode(), b"\x7f")
    assert echo.endswith(ERASE.encode() * 2)


def test_utf8_split_across_packets_and_bad_bytes():
    text = "Zoë".encode()
    prompt, _ = typed(text[:3], text[3:], b"\xff\r")  # a stray byte is dropped, not kept as U+FFFD
    assert prompt.name == "Zoë"


def test_at_most_twenty_characters():
    prompt, echo = typed(b"x" * 25 + b"\r")
    assert prompt.name == "x" * 20 and echo.count(b"\a") == 5


def test_an_empty_name_is_asked_again():
    prompt, echo = typed(b"   \r")
    assert prompt.name is None and b"Sorry, a name needs at least one letter." in echo
    prompt.feed(b"Cy\r")
    assert prompt.name == "Cy"


@pytest.mark.parametrize("key", [b"\x03", b"\x04"])
def test_ctrl_c_or_ctrl_d_leaves(key):
    prompt, _ = typed(b"An", key, b"n\r")
    assert prompt.cancelled and prompt.name is None


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "at least one"),
        ("x" * 21, "at most 20"),
        ("a\u202eb", "letters"),
        ("a\tb", "letters"),
        ("\ufffd", "letters"),
    ],
)
def test_check_name_refuses(text, problem):
    with pytest.raises(ValueError, match=problem):
        check_name(text)


def test_check_name_trims_spaces():
    assert check_name("  Ann Lee  ") == "Ann Lee"


@pytest.mark.parametrize(
    "text",
    [
        "\u0301\u0301\u0301",  # combining marks alone: they draw on whatever is before the name
        "\u0301Ann",  # a mark first
        "\u3164\u3164",  # Hangul fillers: printable, and nothing to see
        "\u2800",  # the blank Braille cell
        "\u034f\ufe0f",  # a grapheme joiner and a variation selector
    ],
)
def test_a_name_that_shows_as_nothing_is_refused(text):
    """Issue 35, finding 16: a name of combining marks was accepted and showed as nothing."""
    with pytest.raises(ValueError, match="at least one character that can be seen"):
        check_name(text)


@pytest.mark.parametrize("text", ["Zoë", "Ze\u0301", "李", "!!!", "R2-D2", "\u00e9\u0301"])
def test_a_name_with_marks_after_a_letter_is_kept(text):
    assert check_name(text) == text


def test_a_name_of_marks_typed_at_the_prompt_is_asked_again():
    prompt, echo = typed("\u0301\u0301\r".encode(), b"Al\r")
    assert prompt.name == "Al" and b"Sorry, a name needs at least one character that can be seen." in echo


def test_what_comes_after_the_name_in_the_same_data_is_kept_for_the_game():
    """A pipe (`ssh -T plain@host < moves.txt`) sends the name and the first moves at once; they were lost."""
    prompt, echo = typed(b"Ann\ndraw\nuno\n", b"ignored: the prompt is done")
    assert prompt.name == "Ann" and echo == b"Ann\r\n"
    assert prompt.rest == "draw\nuno\n"


def test_nothing_is_kept_after_a_cancel():
    prompt, _echo = typed(b"An\x03draw\n")
    assert prompt.cancelled and prompt.rest == ""
