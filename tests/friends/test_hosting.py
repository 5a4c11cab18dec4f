"""The host's table (friends/hosting.py) driven by seats without sockets: lobby, match, leaving, coming back, saving."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import saves
from unokart_tui.engine import Draw
from unokart_tui.friends import wire
from unokart_tui.friends.hosting import HostedTable, LoopClock, save_path
from unokart_tui.friends.messages import (
    Acted,
    AskHint,
    Hinted,
    LobbyClosed,
    LobbySettle,
    LobbyShown,
    LobbyStart,
    Logged,
    Notice,
    TableSeen,
    TableSettings,
)
from unokart_tui.table.pacing import Pace
from unokart_tui.voice import friends as words
from unokart_tui.voice import speaking

from ..fakeclock import FakeClock

CODE = "K9MXR"


class FakeSeat:
    """A person's line as the host gives it: what the table sent their game process, read back."""

    def __init__(self, name: str, language: str = "en") -> None:
        self.fingerprint = f"SHA256:{name.lower()}"
        self.name = name
        self.language = language
        self.plain = False
        self.sent: list[dict[str, object]] = []
        self.farewells: list[str] = []  # the table ended this connection's session, saying this

    def send(self, message: object) -> bool:
        assert isinstance(message, dict)
        self.sent.append(message)
        return True

    def end(self, farewell) -> None:
        with speaking(self.language):
            self.farewells.append(farewell())

    def read(self) -> list[object]:
        return [m if m.get("type") == "refused" else wire.from_json(m) for m in self.sent]

    def last(self, kind: type) -> object:
        return [m for m in self.read() if isinstance(m, kind)][-1]

    @property
    def refusals(self) -> list[str]:
        return [str(m["words"]) for m in self.sent if m.get("type") == "refused"]


class Saves:
    """Each key's saves folder on the host, under ``tmp_path``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.asked: list[str] = []

    def __call__(self, fingerprint: str) -> Path:
        self.asked.append(fingerprint)
        folder = self.root / fingerprint.removeprefix("SHA256:")
        folder.mkdir(parents=True, exist_ok=True)
        return folder


def hosted(tmp_path: Path) -> tuple[HostedTable, FakeClock, Saves]:
    clock, folders = FakeClock(), Saves(tmp_path)
    table = HostedTable(CODE, clock=clock, saves_for=folders, seed=31, pace=Pace(bot_delay=0.5))
    return table, clock, folders


def ask(seat: FakeSeat, table: HostedTable, message: object) -> None:
    table.receive(seat, wire.as_json(message))  # type: ignore[arg-type]


def two_at_a_table(tmp_path: Path) -> tuple[HostedTable, FakeClock, Saves, FakeSeat, FakeSeat]:
    table, clock, folders = hosted(tmp_path)
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob")
    table.arrive(ann)
    table.arrive(bob)
    ask(ann, table, LobbySettle(TableSettings(seats=3, bots=("greedy",), turn_seconds=30.0)))
    ask(ann, table, LobbyStart())
    return table, clock, folders, ann, bob


def test_the_first_to_arrive_opens_the_lobby_and_everyone_sees_who_sits(tmp_path):
    table, _clock, folders = hosted(tmp_path)
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob", "nl")
    table.arrive(ann)
    shown = ann.last(LobbyShown)
    assert shown.code == CODE and shown.is_opener and shown.people == ("Ann",) and not shown.can_start
    table.arrive(bob)
    for seat in (ann, bob):
        assert seat.last(LobbyShown).people == ("Ann", "Bob")
    assert ann.last(LobbyShown).can_start and not bob.last(LobbyShown).is_opener
    assert folders.asked == ["SHA256:ann"]  # the opener's saves keep the match
    assert table.save_file == save_path(tmp_path / "ann", CODE) and not table.closed


def test_only_the_opener_settles_and_a_refusal_reaches_only_the_one_refused_in_their_language(tmp_path):
    table, _clock, _folders = hosted(tmp_path)
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob", "nl")
    table.arrive(ann)
    table.arrive(bob)
    ask(bob, table, LobbySettle(TableSettings(seats=6)))
    assert len(bob.refusals) == 1 and "Ann" in bob.refusals[0] and not ann.refusals
    with speaking("nl"):
        assert bob.refusals[0] == words.opener_settles("Ann")
    ask(ann, table, LobbySettle(TableSettings(seats=6, turn_seconds=20.0)))
    assert bob.last(LobbyShown).settings.seats == 6 and bob.last(LobbyShown).settings.turn_seconds == 20.0
    ask(ann, table, LobbySettle(TableSettings(seats=11)))
    assert ann.refusals == ["A table has 2 to 10 seats."] and ann.last(LobbyShown).settings.seats == 6
    ask(ann, table, LobbySettle(TableSettings(bots=("nobody",))))  # no New game form offers it
    assert ann.refusals[-1] == "The table could not understand what your game sent."


def test_what_no_game_sends_is_refused_in_one_sentence_and_changes_nothing(tmp_path):
    table, _clock, _folders = hosted(tmp_path)
    ann = FakeSeat("Ann")
    table.arrive(ann)
    before = len(ann.sent)
    for message in ({"type": "LobbyShown"}, {"type": "TableSeen", "seat": 0}, {"no": "type"}, {"type": "x" * 5000}):
        table.receive(ann, message)
    assert ann.refusals == ["The table could not understand what your game sent."] * 4
    assert len(ann.sent) == before + 4
    table.receive(FakeSeat("Eve"), wire.as_json(LobbyStart()))  # never arrived
    assert table.table is None


def test_the_start_refused_alone_then_started_the_match_is_on_disk_from_its_deal(tmp_path):
    table, _clock, _folders = hosted(tmp_path)
    ann = FakeSeat("Ann")
    table.arrive(ann)
    ask(ann, table, LobbyStart())
    assert "a match needs two people at least" in ann.refusals[-1] and table.table is None
    bob = FakeSeat("Bob")
    table.arrive(bob)
    ask(bob, table, LobbyStart())
    assert bob.refusals == ["Only Ann, who opened this table, can start the match."]
    ask(ann, table, LobbyStart())
    assert table.table is not None
    assert ann.last(TableSeen).seat == 0 and bob.last(TableSeen).seat == 1
    assert table.save_file is not None and table.save_file.exists()
    game = saves.loads_game(table.save_file.read_text())
    assert game.match.names[:2] == ("Ann", "Bob") and [s.kind for s in game.seats][:2] == ["human", "human"]


def test_people_act_and_ask_hints_a_move_out_of_turn_gets_the_tables_notice(tmp_path):
    table, clock, _folders, ann, bob = two_at_a_table(tmp_path)
    seen = ann.last(TableSeen)
    assert seen.turn is not None
    decider, other = (ann, bob) if seen.turn.seat == 0 else (bob, ann)
    clock.pass_time(0.1)
    ask(other, table, Acted(Draw(), None))
    assert isinstance(other.last(Notice), Notice) and table.table.moment == seen.moment
    ask(other, table, AskHint())
    assert other.refusals[-1] == "A hint is for your own turn."
    ask(decider, table, AskHint())
    hint = decider.last(Hinted)
    assert hint.text and hint.action in decider.last(TableSeen).legal
    assert [m for m in decider.sent if m["type"] == "hint"]  # named as the channel's own messages are
    ask(decider, table, Acted(hint.action, decider.last(TableSeen).moment))
    assert table.table.moment > seen.moment
    assert ann.last(TableSeen).moment == bob.last(TableSeen).moment == table.table.moment


def test_one_leaves_and_comes_back_to_their_seat_then_everyone_leaves_and_the_match_is_kept(tmp_path):
    table, clock, _folders, ann, bob = two_at_a_table(tmp_path)
    table.leave(bob)
    assert table.holds_seat_for(bob.fingerprint) and not table.holds_seat_for(ann.fingerprint)
    assert ann.last(TableSeen).away == (False, True, False) and not table.closed
    clock.pass_time(120)  # the autopilot plays Bob's seat meanwhile
    played = table.table.moment
    assert played > (1, 0)
    again = FakeSeat("Bob")
    table.arrive(again)
    assert again.last(TableSeen).seat == 1 and not again.last(TableSeen).away[1]
    assert not table.holds_seat_for(bob.fingerprint)
    assert table.save_file is not None
    for seat in (ann, again):
        table.leave(seat)
    assert table.closed and not table.holds_seat_for(ann.fingerprint)
    assert not clock.timers  # nothing plays on for nobody
    kept = saves.loads(table.save_file.read_text())
    assert (kept.round_number, len(kept.history[-1])) == table.table.moment


def test_a_latecomer_watches_the_started_match(tmp_path):
    table, _clock, _folders, _ann, _bob = two_at_a_table(tmp_path)
    cy = FakeSeat("Cy")
    table.arrive(cy)
    seen = cy.last(TableSeen)
    assert seen.seat is None and seen.view is None
    ask(cy, table, Acted(Draw(), None))
    assert isinstance(cy.last(Notice), Notice)


def test_the_opener_leaving_the_lobby_closes_the_table_and_a_latecomer_is_told(tmp_path):
    table, _clock, _folders = hosted(tmp_path)
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob")
    table.arrive(ann)
    table.arrive(bob)
    table.leave(ann)
    assert table.closed and bob.last(LobbyClosed).reason == "Ann closed this table."
    cy = FakeSeat("Cy")
    table.arrive(cy)
    assert cy.last(LobbyClosed).reason == "Ann closed this table."


def test_a_save_that_cannot_be_written_is_kept_as_a_failure_and_play_goes_on(tmp_path):
    table, _clock, _folders = hosted(tmp_path)
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob")
    table.arrive(ann)
    table.arrive(bob)
    assert table.save_file is not None
    table.save_file.mkdir()  # a folder where the save goes: it cannot be replaced
    ask(ann, table, LobbyStart())
    assert table.table is not None and table.table.save_failure is not None
    assert str(table.save_file) in str(table.table.save_failure)
    assert ann.last(TableSeen).seat == 0


@pytest.mark.asyncio
async def test_the_loop_clock_wakes_the_table_on_the_event_loop():
    loop = asyncio.get_running_loop()
    clock = LoopClock(loop)
    woken: list[float] = []
    start = clock.now()
    clock.set_timer(0.01, lambda: woken.append(clock.now()))
    stopped = clock.set_timer(0.01, lambda: woken.append(-1.0))
    stopped.stop()
    await asyncio.sleep(0.05)
    assert len(woken) == 1 and woken[0] >= start + 0.01
    assert clock.at(12.5) == 12.5


TAKEN = f"Your seat at the table {CODE} was opened from another connection: this one is closed."


def hands_seen(seat: FakeSeat) -> set[int | None]:
    """The seats whose view (and so whose hand) reached this connection."""
    return {m.view.seat if m.view is not None else None for m in seat.read() if isinstance(m, TableSeen)}


def test_the_same_key_again_takes_its_seat_and_the_older_connection_is_closed_with_one_sentence(tmp_path):
    # Found over ssh (issue 31): a second session of the same key was announced to the table as
    # "Ann is watching", and "Ann stopped watching" when it went.
    table, clock, _folders, ann, bob = two_at_a_table(tmp_path)
    hand = ann.last(TableSeen).view.hand
    told_bob, told_ann = len(bob.sent), len(ann.sent)
    again = FakeSeat("Ann", "sk")
    table.arrive(again)
    seen = again.last(TableSeen)
    assert seen.seat == 0 and seen.view is not None and seen.view.hand == hand  # the same hand, her own view
    with speaking("en"):
        assert ann.farewells == [TAKEN]  # in the older connection's language, once
    assert len(ann.sent) == told_ann  # nothing more reaches the older one
    said = [m.line.text for m in bob.read()[told_bob:] if isinstance(m, Logged)]
    assert not [line for line in said if "watch" in line or "Ann" in line]  # nobody left: nothing to tell
    assert not any(bob.last(TableSeen).away)
    assert table.table is not None and table.table.connected == {"SHA256:ann", "SHA256:bob"}
    clock.pass_time(120)  # play goes on, and none of it reaches the older connection
    assert len(ann.sent) == told_ann and len(again.sent) > 1
    table.leave(ann)  # the older one's game ends at last: the newer one keeps the seat, nobody is away
    assert not any(bob.last(TableSeen).away) and not table.holds_seat_for(ann.fingerprint)
    assert not [m for m in bob.read()[told_bob:] if isinstance(m, Logged) and "Ann is away" in m.line.text]
    for person, own in ((ann, 0), (again, 0), (bob, 1)):
        assert hands_seen(person) == {own}  # no hand of another seat ever reached any connection
    table.leave(again)  # the last of Ann's connections goes: now her seat is away
    assert bob.last(TableSeen).away[0] and table.holds_seat_for(ann.fingerprint)


def test_an_older_connection_ended_for_a_newer_one_cannot_act_for_the_seat(tmp_path):
    table, clock, _folders, ann, _bob = two_at_a_table(tmp_path)
    again = FakeSeat("Ann")
    table.arrive(again)
    moment = table.table.moment
    clock.pass_time(0.1)
    for legal in ann.last(TableSeen).legal:
        ask(ann, table, Acted(legal, moment))
    assert table.table.moment == moment
    assert set(ann.refusals) <= {"You are not at this table."}


def test_the_same_key_again_in_the_lobby_keeps_one_place_and_the_older_connection_is_closed(tmp_path):
    table, _clock, _folders = hosted(tmp_path)
    ann, bob, again = FakeSeat("Ann"), FakeSeat("Bob"), FakeSeat("Bob")
    table.arrive(ann)
    table.arrive(bob)
    table.arrive(again)
    assert bob.farewells == [TAKEN] and not ann.farewells
    assert again.last(LobbyShown).people == ("Ann", "Bob")
    assert ann.last(LobbyShown).people == ("Ann", "Bob") and ann.last(LobbyShown).watchers == ()
    table.leave(bob)  # the older one's game ends: the newer one still sits
    assert ann.last(LobbyShown).people == ("Ann", "Bob")
    table.leave(again)
    assert ann.last(LobbyShown).people == ("Ann",)


def test_the_opener_again_in_the_lobby_keeps_the_table_open(tmp_path):
    table, _clock, _folders = hosted(tmp_path)
    ann, bob, again = FakeSeat("Ann"), FakeSeat("Bob"), FakeSeat("Ann")
    table.arrive(ann)
    table.arrive(bob)
    table.arrive(again)
    assert ann.farewells == [TAKEN]
    table.leave(ann)  # the older connection of the opener ends: the table stays open
    assert not table.closed and bob.last(LobbyShown).people == ("Ann", "Bob")
    ask(again, table, LobbyStart())
    assert table.table is not None and again.last(TableSeen).seat == 0


def test_when_everyone_has_left_the_match_a_watcher_is_told_the_table_closed(tmp_path):
    table, _clock, _folders, ann, bob = two_at_a_table(tmp_path)
    cy = FakeSeat("Cy")
    table.arrive(cy)
    table.leave(ann)
    assert not [m for m in cy.read() if isinstance(m, LobbyClosed)]
    table.leave(bob)
    assert table.closed
    said = "Everyone at this table has left: it is closed, and the match is kept for them."
    assert cy.last(LobbyClosed).reason == said


def test_a_finished_match_takes_nobody_back_when_they_come_again(tmp_path):
    """Issue 31, found over ssh: reconnecting after a finished match landed on its final scores (table-back)."""
    table, clock, _folders = hosted(tmp_path)
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob")
    table.arrive(ann)
    table.arrive(bob)
    # The lobby's shortest turn clock: 5 s was refused, and the match was played at the defaults, nine rounds.
    ask(ann, table, LobbySettle(TableSettings(target=60, seats=3, bots=("greedy",), turn_seconds=10.0)))
    ask(ann, table, LobbyStart())
    assert not ann.refusals
    assert len(table.table.names) == 3 and table.table.match.target == 60
    table.leave(bob)  # away: the autopilot plays Bob, the turn clock Ann, to the match's end
    assert table.holds_seat_for(bob.fingerprint)
    while not table.table.finished:
        assert clock.run_next(), "the table waits for nothing"
    assert not table.closed  # Ann is still looking at the final scores
    assert not table.holds_seat_for(bob.fingerprint)
