"""A save whose line endings became Windows' (CRLF) on the way loads as the one written (issue 35, finding 17).

It was refused as "its checksum is missing". The checksum still holds the file to every byte.
"""

from __future__ import annotations

import pytest

import saves
from unokart_tui.table.session import Session

from ..hostile import good_save_text


def crlf(text: str) -> str:
    return text.replace("\n", "\r\n")


def test_a_save_with_windows_line_endings_loads_as_the_one_written():
    text = good_save_text()
    game = saves.loads_game(crlf(text))
    assert saves.dumps(game.match, seats=game.seats, created=game.created, updated=game.updated) == text
    assert saves.read_header(crlf(text)) == saves.read_header(text)


def test_mixed_line_endings_load_too():
    text = good_save_text()
    half = len(text) // 2
    assert saves.loads(text[:half] + crlf(text[half:])).round == saves.loads(text).round


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("draw", "drab"),  # a changed action, as ever
        ("\r\n[position]", "\r\r\n[position]"),  # a carriage return of its own is no line ending
        ("\r\n[position]", "\n\r\n[position]"),  # nor is one more newline
    ],
)
def test_the_checksum_still_holds_a_windows_file_to_every_byte(old, new):
    text = crlf(good_save_text())
    assert old in text
    with pytest.raises(saves.SaveUnreadable, match="checksum does not match"):
        saves.loads(text.replace(old, new, 1))


def test_the_list_and_the_game_open_it_and_save_it_again():
    session = Session.new("Ann", ["random"], seed=5, name="Windows")
    session.close()
    path = saves.path_of("Windows")
    path.write_bytes(crlf(path.read_text()).encode())
    [entry] = saves.list_saves()
    assert entry.error is None and entry.players == ("Ann", "Mario")
    again = Session.load("Windows")  # the file read is the one it may replace: no "changed by another program"
    seat = again.match.round.decider
    again.apply(again.bot_action(seat) if seat in again.bots else again.match.legal_actions()[-1])
    assert again.is_saved and b"\r\n" not in path.read_bytes()
    again.close()
