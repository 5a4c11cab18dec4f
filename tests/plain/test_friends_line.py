"""Line mode's loop under ``unokart serve`` (issues 31 and 33): the person's input and the host's line waited on
at once, with real descriptors (a pipe for the input, a socket pair for the line), as in a game process."""

from __future__ import annotations

import io
import os
import socket
import threading

from unokart_tui.friends import wire
from unokart_tui.friends.channel import (
    JOIN_TABLE,
    LEAVE_TABLE,
    OPEN_TABLE,
    REFUSED,
    REOPEN_TABLE,
    TABLE_JOINED,
    TABLE_OPENED,
    LineDecoder,
    encode,
)
from unokart_tui.friends.messages import LobbyClosed, LobbyShown, TableSettings
from unokart_tui.plain.friends import sit_at_table
from unokart_tui.plain.hostline import HostLine
from unokart_tui.plain.lines import Lines
from unokart_tui.plain.title import run_title

from .driving import QUIET

CODE = "K9MXR"


def lobby(*, is_opener: bool = False) -> LobbyShown:
    settings = TableSettings(seats=3, bots=("greedy",), turn_seconds=30.0)
    return LobbyShown(
        code=CODE, you="Ann", opener="Bob", is_opener=is_opener, watching=False, people=("Bob", "Ann"),
        watchers=(), settings=settings, bots=("greedy",), can_start=False, refusal=None,
    )  # fmt: skip


class Ends:
    """A game process's two ends: the person's input (a pipe) and the host's line (a socket pair)."""

    def __init__(self, typed: str, *, close_input: bool = True) -> None:
        self.host, theirs = socket.socketpair()
        reading, self._writing = os.pipe()
        os.write(self._writing, typed.encode())
        if close_input:
            os.close(self._writing)
        self.out = io.StringIO()
        self.lines = Lines(os.fdopen(reading, "r"), self.out, host=HostLine(theirs))

    def tell(self, message: object) -> None:
        data = message if isinstance(message, dict) else wire.as_json(message)  # type: ignore[arg-type]
        self.host.sendall(encode(data))

    def received(self) -> list[dict[str, object]]:
        """What the game sent the host, up to now."""
        self.host.setblocking(False)
        decoder, found = LineDecoder(), []
        try:
            while data := self.host.recv(65536):
                found += decoder.feed(data)
        except BlockingIOError:
            pass
        return found

    @property
    def said(self) -> list[str]:
        return self.out.getvalue().splitlines()


def test_the_loop_says_the_hosts_lines_and_answers_the_persons():
    ends = Ends("who\nleave\n")
    ends.tell(lobby())
    table = sit_at_table(ends.lines, CODE)
    assert table.over
    said = ends.said
    assert said[0] == f"You are at the table {CODE}, a table for friends."
    assert said.count("At the table (2 of 3 seats): Bob (opened the table), Ann") == 2  # once more for who
    assert "Waiting for Bob to start the match." in said
    assert said[-1] == "You left the table."
    assert ends.received() == [{"type": LEAVE_TABLE}]


def test_the_loop_waits_for_the_host_without_a_line_typed():
    ends = Ends("", close_input=False)  # the person types nothing, and their input stays open
    ends.tell(lobby())
    closing = threading.Timer(0.05, lambda: ends.tell(LobbyClosed("Bob closed this table.")))
    closing.start()
    table = sit_at_table(ends.lines, CODE)
    closing.join()
    assert table.over
    assert ends.said[-2:] == ["Bob closed this table.", "You left the table."]
    assert ends.received() == [{"type": LEAVE_TABLE}]


def test_the_end_of_the_input_leaves_the_seat_to_the_host():
    ends = Ends("")
    ends.tell(lobby())
    table = sit_at_table(ends.lines, CODE)
    assert table.over
    assert ends.received() == [{"type": LEAVE_TABLE}]


def test_the_title_goes_straight_to_the_table_the_host_seated_the_person_at():
    ends = Ends("leave\n")
    ends.tell({"type": TABLE_JOINED, "code": CODE})  # ``ssh CODE@host``: sent as the game starts
    ends.tell(lobby())
    assert run_title(ends.lines, QUIET) == 0
    said = ends.said
    at_table = said.index(f"You are at the table {CODE}, a table for friends.")
    assert not any(line.startswith("1.") for line in said[:at_table])  # no title menu before the table
    left = said.index("You left the table.")
    menu = said[left + 1 :]
    assert any("Play with friends" in line for line in menu)
    assert any("Join a table" in line for line in menu)
    assert "\x1b" not in ends.out.getvalue()


def test_join_a_table_sends_the_code_and_says_a_refusal_in_one_line():
    ends = Ends("9\nzzzzz\n")

    def host() -> None:
        decoder = LineDecoder()
        while True:
            for message in decoder.feed(ends.host.recv(4096)):
                if message.get("type") == JOIN_TABLE:
                    words = f"No table here has the code {str(message['code']).upper()}."
                    ends.host.sendall(encode({"type": REFUSED, "words": words}))
                    return

    answering = threading.Thread(target=host)
    answering.start()
    assert run_title(ends.lines, QUIET) == 0
    answering.join(5)
    said = ends.said
    assert "9. Join a table: type the code a friend gives you." in said
    assert "No table here has the code ZZZZZ." in said


def test_a_game_without_a_host_offers_no_table_for_friends():
    out = io.StringIO()
    assert run_title(Lines(io.StringIO(""), out), QUIET) == 0
    assert "Play with friends" not in out.getvalue()


def test_play_with_friends_opens_a_table_and_asks_its_settings():
    # 8: Play with friends; then Enter keeps each setting (seats, the bots, target, rules, turn clock); leave.
    ends = Ends("8\n\n\n\n\n\nleave\n")
    command = f"ssh -p 2222 {CODE}@example.org"

    def host() -> None:
        decoder = LineDecoder()
        while True:
            for message in decoder.feed(ends.host.recv(4096)):
                if message.get("type") == OPEN_TABLE:  # the host's answer, in one write: its order is kept
                    shown = wire.as_json(lobby(is_opener=True)._replace(opener="Ann", people=("Ann",)))
                    opened = {"type": TABLE_OPENED, "code": CODE, "command": command}
                    joined = {"type": TABLE_JOINED, "code": CODE}
                    ends.host.sendall(encode(opened) + encode(joined) + encode(shown))
                    return

    answering = threading.Thread(target=host)
    answering.start()
    # The opener's last choices are the lobby's (500, 30 s): the new table has nothing to change.
    assert run_title(ends.lines, QUIET._replace(table_turn_seconds=30)) == 0
    answering.join(5)
    said = ends.said
    assert said.index("Friends type this, each with their own key:") + 1 == said.index(command)
    assert "How many seats at the table, from 2 to 10? Enter keeps 3." in said
    assert "How many seconds for each turn, from 10 to 600? Enter keeps 30." in said
    assert "Settings sent to the table." not in said  # Enter kept them all: nothing to send
    assert "You left the table." in said
    assert ends.received() == [{"type": LEAVE_TABLE}]


def test_the_host_gone_is_said_once_and_the_title_offers_no_table_after_it():
    ends = Ends("")
    ends.tell({"type": TABLE_JOINED, "code": CODE})
    ends.tell(lobby())
    ends.host.close()  # the server went away
    assert run_title(ends.lines, QUIET) == 0
    said = ends.said
    gone = "The line to the server is closed: the tables for friends are gone."
    assert said.count(gone) == 1
    assert not any("Play with friends" in line for line in said[said.index(gone) :])


def test_continue_with_friends_asks_the_host_for_the_kept_match(tmp_path):
    from saves import Seat, dumps
    from unokart_tui.engine import Match
    from unokart_tui.friends.keeping import marked
    from unokart_tui.friends.people import Person
    from unokart_tui.locations import saves_dir

    match = Match.new(["Ann", "Bob", "Mario"], seed=4)
    seats = marked(
        (Seat("Ann"), Seat("Bob"), Seat("Mario", "greedy", seed=5)),
        {0: Person("SHA256:ann", "Ann"), 1: Person("SHA256:bob", "Bob")},
        30.0,
    )
    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / f"friends {CODE}.toml").write_text(dumps(match, seats=seats))
    ends = Ends("k9mxr\n")  # typed as its code

    def host() -> None:
        decoder = LineDecoder()
        while True:
            for message in decoder.feed(ends.host.recv(4096)):
                if message.get("type") == REOPEN_TABLE:
                    assert message["code"] == CODE
                    ends.tell({"type": REFUSED, "words": "Another table has the code K9MXR now."})
                    return

    answering = threading.Thread(target=host)
    answering.start()
    assert run_title(ends.lines, QUIET) == 0
    answering.join(5)
    said = ends.said
    assert f"10. Continue with friends: {CODE}, Ann, Bob, round 1" in said
    assert "11. Quit." in said  # the other choices keep their numbers
    assert "Another table has the code K9MXR now." in said


def test_a_joiner_is_told_the_command_friends_type_as_the_opener_is():
    """Found in a playtest: only the opener was told the ssh command to give to others."""
    ends = Ends("leave\n")
    command = f"ssh -p 2222 {CODE}@example.org"
    ends.tell({"type": TABLE_JOINED, "code": CODE, "command": command})
    ends.tell(lobby())
    assert run_title(ends.lines, QUIET) == 0
    said = ends.said
    assert said.index("Friends type this, each with their own key:") + 1 == said.index(command)
    assert not any(line.startswith("How many seats") for line in said)  # the opener's questions are not a joiner's


def test_the_openers_table_starts_from_the_choices_of_last_time_and_keeps_the_new_ones():
    """Found in a playtest: the lobby forgot the target and the turn clock from one table to the next."""
    from unokart_tui.settings import load_settings

    # 8: Play with friends; Enter keeps the seats, the bots, the target and the rules; 90 s a turn; leave.
    ends = Ends("8\n\n\n\n\n90\nleave\n")

    def host() -> None:
        decoder = LineDecoder()
        while True:
            for message in decoder.feed(ends.host.recv(4096)):
                if message.get("type") == OPEN_TABLE:
                    shown = wire.as_json(lobby(is_opener=True)._replace(opener="Ann", people=("Ann",)))
                    opened = {"type": TABLE_OPENED, "code": CODE, "command": "ssh K9MXR@example.org"}
                    joined = {"type": TABLE_JOINED, "code": CODE, "command": "ssh K9MXR@example.org"}
                    ends.host.sendall(encode(opened) + encode(joined) + encode(shown))
                    return

    answering = threading.Thread(target=host)
    answering.start()
    assert run_title(ends.lines, QUIET._replace(table_target=300, table_turn_seconds=60)) == 0
    answering.join(5)
    said = ends.said
    assert "How many seconds for each turn, from 10 to 600? Enter keeps 60." in said
    sent = [wire.decode_request(m) for m in ends.received() if m["type"] == "lobby-settle"]
    assert [(s.settings.target, s.settings.turn_seconds) for s in sent] == [(300, 60.0), (300, 90.0)]
    saved, problem = load_settings()
    assert problem is None and (saved.table_target, saved.table_turn_seconds) == (300, 90)
