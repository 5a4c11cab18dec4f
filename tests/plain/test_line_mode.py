"""Line mode end to end (issue 33): whole matches through a pipe and a pseudo-terminal, no escape byte
ever written, and the same saves as the full-screen table.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import pytest

from unokart_tui.cli import build_parser
from unokart_tui.plain.table import LineTable
from unokart_tui.table.session import Session

from ..table.fakes import QUICK, Table
from .pages import marks_in

ESCAPE = b"\x1b"


def unokart(*args: str, **kwargs: object) -> subprocess.Popen[bytes]:
    env = dict(os.environ, TERM="dumb")
    command = [sys.executable, "-m", "unokart_tui", *args]
    return subprocess.Popen(command, env=env, **kwargs)  # type: ignore[call-overload,no-any-return]


class Piped:
    """The game on the other end of two pipes, read a block (up to an empty line) at a time."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.written = bytearray()  # every byte the game wrote

    def send(self, line: str) -> bool:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line.encode() + b"\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            return False
        return True

    def block(self) -> list[str] | None:
        """The lines up to the next empty one; None once the game has ended its output."""
        assert self.process.stdout is not None
        lines = []
        while True:
            line = self.process.stdout.readline()
            self.written += line
            if not line:
                return None
            if line == b"\n":
                return lines
            lines.append(line.decode().rstrip("\n"))

    def moves(self) -> list[str] | None:
        """``moves`` typed twice: the first answer follows the last command's lines, the second is alone."""
        if not self.send("moves\nmoves"):
            return None
        if self.block() is None:
            return None
        return self.block()

    def finish(self) -> int:
        assert self.process.stdout is not None
        self.written += self.process.stdout.read()
        return self.process.wait(timeout=60)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 11])
def test_a_whole_match_through_a_pipe_typing_the_first_legal_move_each_time(seed):
    process = unokart(
        "new", "--plain", "--seed", str(seed), "--target", "60", stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    game = Piped(process)
    typed = []
    try:
        for _ in range(3000):
            moves = game.moves()
            if moves is None:
                break
            assert moves, "moves listed nothing"
            typed.append(moves[0])
            if not game.send(moves[0]):
                break
    finally:
        if process.stdin is not None:
            process.stdin.close()
        status = game.finish()
    output = bytes(game.written)
    assert ESCAPE not in output
    assert status == 0
    text = output.decode()
    assert "wins the match" in text and text.rstrip().endswith("The match is over."), text[-500:]
    assert typed and "quit" not in typed
    assert any(move.startswith("play ") for move in typed)
    if seed == 5:  # this deal's match takes two rounds: the next one is started by command
        assert "next" in typed and "\nRound 2 begins.\n" in text
    assert [line for line in text.splitlines() if marks_in(line)] == []  # read aloud: no "middle dot", no "em dash"


@pytest.mark.slow
def test_a_match_through_a_pseudo_terminal_writes_no_escape_byte():
    import pty  # not on every platform

    main, other = pty.openpty()
    process = unokart("new", "--plain", "--seed", "3", stdin=other, stdout=other, stderr=other, close_fds=True)
    os.close(other)
    written = bytearray()

    def read_until(wanted: bytes, seconds: float = 30) -> None:
        """Read until ``wanted`` comes after what was read so far (or the game closes the terminal)."""
        start, end = len(written), time.monotonic() + seconds
        while wanted not in written[start:] and time.monotonic() < end:
            ready, _w, _x = select.select([main], [], [], 0.5)
            if ready:
                try:
                    written.extend(os.read(main, 4096))
                except OSError:  # the game closed the terminal
                    return

    try:
        read_until(b"Your turn")
        for command, answer in [
            ("hand", b"Your hand:"), ("table", b"On the pile:"), ("moves", b"quit\r\n\r\n"), ("draw", b"You draw"),
            ("score", b"Scores:"), ("log", b"\n"), ("help", b"quit: save and leave."),
        ]:  # fmt: skip
            os.write(main, command.encode() + b"\n")
            read_until(answer)
            assert answer in written, (command, bytes(written[-300:]))
        os.write(main, b"quit\n")
        read_until(b"To go on with it: unokart load")
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)
    assert b"To go on with it: unokart load" in written
    assert ESCAPE not in written


def test_plain_is_a_flag_of_new_continue_and_load():
    parser = build_parser()
    assert parser.parse_args(["new", "--plain"]).plain
    assert parser.parse_args(["continue", "--plain"]).plain
    assert parser.parse_args(["load", "Duel", "--plain"]).plain
    assert not parser.parse_args(["new"]).plain


def test_continue_plain_without_a_match_says_so_in_one_line():
    result = subprocess.run(
        [sys.executable, "-m", "unokart_tui", "continue", "--plain"],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.decode().count("\n") == 1 and b"no unfinished match" in result.stderr


def play_in_line_mode(session: Session, commands: int) -> list[str]:
    lines: list[str] = []
    table = LineTable(session, lines.append)
    table.start()
    for _ in range(commands):
        table.handle(next(move for move in table.moves() if move.split()[0] not in ("undo", "hint")))
    table.close()
    return lines


def test_a_match_begun_in_line_mode_goes_on_at_the_full_screen_table_and_back():
    session = Session.new("Ann", ["greedy", "challenger"], seed=9, name="both ways")
    play_in_line_mode(session, 6)
    played = list(session.match.history[-1])
    assert played

    resumed = Session.load("both ways")  # the full-screen table's controller, on the same save
    assert list(resumed.match.history[-1]) == played
    table = Table(resumed, QUICK)
    table.start()
    assert any("Welcome back" in line for line in table.front.log())
    table.until_the_players_turn()
    table.controller.act(table.session.match.legal_actions()[-1])
    table.until_the_players_turn()
    moved_on = list(resumed.match.history[-1])
    assert len(moved_on) > len(played)
    table.controller.stop()
    resumed.close()

    again = Session.load("both ways")  # and back to line mode
    assert list(again.match.history[-1]) == moved_on
    lines = play_in_line_mode(again, 1)
    assert any("Welcome back" in line for line in lines)


def test_the_end_of_the_input_saves_the_match_and_says_how_to_go_on():
    import io

    from unokart_tui.plain.runner import play_lines

    session = Session.new("Ann", ["greedy"], seed=4, name="Ends here")
    out = io.StringIO()
    assert play_lines(session, io.StringIO("hand\ndraw\n"), out) == 0
    last = out.getvalue().splitlines()[-1]
    assert last == "The match is saved. To go on with it: unokart load 'Ends here' --plain"
    assert Session.load("Ends here").match.history[-1] == session.match.history[-1]


def test_a_reader_that_goes_away_ends_the_game_quietly_with_the_match_saved(tmp_path):
    process = unokart(
        "new", "--plain", "--seed", "2", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stdin is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()  # as `unokart new --plain | head -1` does
    try:
        process.stdin.write(b"hand\n" * 200)
        process.stdin.close()
    except BrokenPipeError:
        pass  # the game may have gone already
    assert process.wait(timeout=60) == 0
    assert process.stderr.read() == b""
    assert list((tmp_path / "data").glob("*.toml"))
