"""``unokart --plain`` and the *Line mode* setting (issue 33): the whole game starts as lines, flag or not."""

from __future__ import annotations

import io
import os
import select
import sys
import time

import pytest

from saves import list_saves
from unokart_tui.cli import build_parser, main
from unokart_tui.settings import Settings, save_settings
from unokart_tui.voice import plain

from .test_line_mode import ESCAPE, unokart


@pytest.fixture
def typed(monkeypatch):
    """The player's terminal, faked: what they type (set it) and what unokart writes (read it)."""

    class Terminal:
        def __init__(self) -> None:
            self.out = io.StringIO()

        def types(self, *answers: str) -> None:
            monkeypatch.setattr(sys, "stdin", io.StringIO("".join(answer + "\n" for answer in answers)))
            # Here, not when the fixture is made: pytest puts its own capture back as the test starts.
            monkeypatch.setattr(sys, "stdout", self.out)

        def said(self) -> list[str]:
            written = self.out.getvalue()
            assert "\x1b" not in written
            return written.splitlines()

    return Terminal()


def no_textual(monkeypatch):
    """The full-screen game must not start: it would take the test's terminal."""
    from unokart_tui.cli import running

    def refuse(*args, **kwargs):
        raise AssertionError("the full-screen game was started")

    monkeypatch.setattr(running, "play", refuse)


def test_the_plain_flag_opens_the_title_in_line_mode(typed, monkeypatch):
    no_textual(monkeypatch)
    typed.types("quit")
    assert main(["--plain"]) == 0
    assert typed.said()[0].startswith("UNO Mario Kart in lines of text.")


def test_the_line_mode_setting_makes_bare_unokart_start_plain(typed, monkeypatch):
    no_textual(monkeypatch)
    save_settings(Settings(line_mode=True))
    typed.types("new", "", "", "", "", "", "", "3", "draw", "quit", "quit")
    assert main([]) == 0
    said = typed.said()
    assert said[0].startswith("UNO Mario Kart in lines of text.")
    assert "The match is saved: Continue on the title goes on with it." in said
    assert len(list_saves()) == 1


@pytest.mark.parametrize("command", [["new", "--seed", "3"], ["continue"]])
def test_the_line_mode_setting_makes_new_and_continue_play_plain(typed, monkeypatch, command):
    no_textual(monkeypatch)
    save_settings(Settings(line_mode=True))
    if command == ["continue"]:
        typed.types("draw")
        assert main(["new", "--seed", "3"]) == 0
    typed.types("hand", "quit")
    assert main(command) == 0
    said = typed.said()
    assert any(line.startswith("Your hand:") for line in said)
    assert said[-1].startswith("The match is saved. To go on with it: unokart load")


def test_no_plain_wins_over_the_setting_and_plain_over_its_absence():
    save_settings(Settings(line_mode=True))
    from unokart_tui.cli.common import wants_plain

    parser = build_parser()
    assert wants_plain(parser.parse_args([]))
    assert not wants_plain(parser.parse_args(["--no-plain"]))
    assert not wants_plain(parser.parse_args(["new", "--no-plain"]))
    assert not wants_plain(parser.parse_args(["--plain", "load", "Duel", "--no-plain"]))
    save_settings(Settings())
    assert not wants_plain(parser.parse_args(["continue"]))
    assert wants_plain(parser.parse_args(["--plain", "new"]))
    assert wants_plain(parser.parse_args(["new", "--plain"]))


def test_the_full_screen_settings_list_line_mode_the_same_way():
    from unokart_tui.tui.screens.settings import SWITCHES

    assert ("line_mode", "Line mode: start as lines of text, for screen readers") in SWITCHES


@pytest.mark.parametrize(("cards", "score", "said"), [(1, 1, "1 card, 1 point"), (7, 0, "7 cards, 0 points")])
def test_a_seats_points_are_counted_in_a_whole_sentence(cards, score, said):
    assert plain.seat_line("Mario", cards, score, "", you=False, to_act=False, exposed=False) == f"Mario: {said}."
    assert plain.seat_line("", cards, score, "", you=True, to_act=False, exposed=False) == f"You: {said}."
    assert plain.rules_line("official", 2, 1) == "Round 2, first to 1 point; rules: official."


@pytest.mark.slow
def test_the_title_through_a_pseudo_terminal_with_term_dumb_writes_no_escape_byte():
    import pty  # not on every platform

    main_end, other = pty.openpty()
    process = unokart("--plain", stdin=other, stdout=other, stderr=other, close_fds=True)
    os.close(other)
    written = bytearray()

    def read_until(wanted: bytes, seconds: float = 30) -> None:
        start, end = len(written), time.monotonic() + seconds
        while wanted not in written[start:] and time.monotonic() < end:
            ready, _w, _x = select.select([main_end], [], [], 0.5)
            if ready:
                try:
                    written.extend(os.read(main_end, 4096))
                except OSError:  # the game closed the terminal
                    return

    try:
        read_until(b"What now?")
        for answer, wanted in [
            ("help", b"What now?"), ("new", b"Your name at the table?"), ("Ann", b"How many opponents"),
            ("1", b"Which opponent?"), ("", b"Difficulty"), ("hard", b"Target score"), ("", b"House rules:"),
            ("party", b"Seed:"), ("12", b"Your turn"), ("hand", b"Your hand:"), ("quit", b"What now?"),
            ("settings", b"(line mode): off."), ("set line_mode on", b"is now on."), ("", b"What now?"),
            ("load", b"Which save?"), ("1", b"Your turn"), ("quit", b"What now?"),
        ]:  # fmt: skip
            os.write(main_end, answer.encode() + b"\n")
            read_until(wanted)
            assert wanted in written, (answer, bytes(written[-300:]))
        os.write(main_end, b"quit\n")
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main_end)
    assert ESCAPE not in written
    assert b"Starting: Ann against greedy (hard), to 500 points, seed 12." in written


def test_a_player_over_unokart_serve_is_in_line_mode_when_their_setting_says_so(tmp_path):
    from unokart_tui.serve.players import Player

    player = Player.of_key(tmp_path, b"a public key")
    player.prepare()
    assert not player.line_mode()
    save_settings(Settings(line_mode=True), player.settings_file)
    assert player.line_mode()
