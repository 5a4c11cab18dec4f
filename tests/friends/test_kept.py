"""A friends' match kept when everyone has gone is taken up again under its code (issue 31, item 4).

End to end at the host's routing: ``TableCodes`` with the real ``HostedTable``s, seats without sockets. The
opener's saves keep ``friends CODE.toml``; the opener takes it up again (as *Continue with friends* at the
title asks the host), under the same code; each person's key finds their own seat again, whatever name
they come with; a seat whose person has not come back is the autopilot's, marked away.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from unokart_tui.friends.codes import CodeGuard
from unokart_tui.friends.hosting import HostedTable, save_path
from unokart_tui.friends.keeping import KEY_PARAM
from unokart_tui.friends.messages import (
    LobbyClosed,
    LobbySettle,
    LobbyShown,
    LobbyStart,
    Logged,
    TableSeen,
    TableSettings,
)
from unokart_tui.serve.tables import TableCodes
from unokart_tui.table.pacing import Pace

from ..fakeclock import FakeClock
from .harness import cards_named
from .test_honesty import secret_from
from .test_hosting import FakeSeat, Saves, ask


class Host:
    """The host's tables as ``serve.host.table_codes`` makes them, on a fake clock."""

    def __init__(self, root: Path) -> None:
        self.clock, self.folders = FakeClock(), Saves(root)
        pace = Pace(bot_delay=0.5)

        def new(code: str) -> HostedTable:
            return HostedTable(code, clock=self.clock, saves_for=self.folders, pace=pace, seed=31)

        def kept(code: str, opener: str) -> HostedTable:
            return HostedTable.reopened(code, opener, clock=self.clock, saves_for=self.folders, pace=pace)

        self.tables = TableCodes(CodeGuard(lambda: 0.0), new, keeper=kept)

    def hosted(self, code: str) -> HostedTable:
        table = self.tables.get(code)
        assert isinstance(table, HostedTable)
        return table


def played_then_left(host: Host) -> tuple[str, FakeSeat, FakeSeat]:
    """Ann opens a table, Bob joins, they play a while, and both go: the code is released, the match kept."""
    code, ann, bob, _top = played_and_top(host)
    return code, ann, bob


def played_and_top(host: Host) -> tuple[str, FakeSeat, FakeSeat, tuple[int | None, bool]]:
    """Ann opens a table, Bob joins, they play a while, and both go: the code is released, the match kept."""
    opened = host.tables.open("SHA256:ann")
    assert opened is not None
    code, table = opened
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob")
    table.arrive(ann)
    table.arrive(bob)
    ask(ann, host.hosted(code), LobbySettle(TableSettings(seats=3, bots=("greedy",), turn_seconds=30.0)))
    ask(ann, host.hosted(code), LobbyStart())
    host.clock.pass_time(200)  # their turns run out: the autopilot plays on
    assert host.hosted(code).table.moment > (1, 3)  # type: ignore[union-attr]
    for seat in (ann, bob):
        table.leave(seat)
        host.tables.left(code)
    assert host.tables.get(code) is None and not host.clock.timers
    last = ann.last(TableSeen)
    return code, ann, bob, (last.top_by, last.top_turned)


def test_the_opener_takes_the_kept_match_up_again_under_its_code_and_each_key_finds_its_seat(tmp_path):
    host = Host(tmp_path)
    code, _ann, _bob, top = played_and_top(host)
    assert top[0] is not None  # someone put the top card there: not the round's first card
    kept_file = save_path(tmp_path / "ann", code)
    kept = saves.loads_game(kept_file.read_text())
    left_at = (kept.match.round_number, len(kept.match.history[-1]))
    # The save knows each person's seat by a mark of their key, not the key's id itself.
    marks = [seat.params.get(KEY_PARAM) for seat in kept.seats]
    assert marks[0] and marks[1] and marks[2] is None and marks[0] != marks[1]
    assert "SHA256:ann" not in kept_file.read_text() and "SHA256:bob" not in kept_file.read_text()

    table = host.tables.reopen(code, "SHA256:ann")
    assert table is not None and host.tables.get(code) is table
    again = FakeSeat("Ann")
    table.arrive(again)
    # The match waits for its people; Ann goes on without Bob (found in a playtest: it played on at once).
    assert again.last(LobbyShown).awaited == ("Bob",)
    ask(again, host.hosted(code), LobbyStart())
    seen = again.last(TableSeen)
    assert seen.seat == 0 and seen.moment == left_at
    assert host.hosted(code).table.turn_seconds == 30.0  # type: ignore[union-attr]  # as set in the lobby
    assert (seen.top_by, seen.top_turned) == top  # the pile says who put its card there, as before they left
    assert seen.away == (False, True, False)  # Bob has not come back: the autopilot's seat, marked away
    told_ann = [m.line.text for m in again.read() if isinstance(m, Logged)]
    assert told_ann[-1] == "You are back at your seat: you play your turns again."
    assert len(told_ann) >= 4  # the round so far, told again, before it
    # Bob is offered his seat at once (the title sends him straight back), or comes with the same code.
    assert host.tables.awaiting("SHA256:bob") == code
    robert = FakeSeat("Bob")
    robert.name = "Robert"  # a new name on the host changes nothing: the key is the person
    table.arrive(robert)
    assert robert.last(TableSeen).seat == 1 and robert.last(TableSeen).names[1] == "Bob"
    # He is told the round again, as it was told while it was played, in his own voice.
    said = [m.line.text for m in robert.read() if isinstance(m, Logged)]
    retold = said[: said.index("You are back at your seat: you play your turns again.")]
    assert len(retold) >= 3 and any(line.startswith("· You ") for line in retold)
    assert not any(line.startswith("· Bob ") for line in retold)
    # Honest (item 5): nothing told again names a card of another hand or of the draw pile.
    assert not cards_named(retold, "en") & secret_from(host.hosted(code).table, 1)  # type: ignore[arg-type]
    assert again.last(TableSeen).away == (False, False, False)
    assert host.tables.awaiting("SHA256:bob") is None
    # A stranger with the code watches: no seat is theirs.
    eve = FakeSeat("Eve")
    eve.name = "Bob"
    table.arrive(eve)
    assert eve.last(TableSeen).seat is None
    host.clock.pass_time(100)
    assert host.hosted(code).table.moment > left_at  # type: ignore[union-attr]
    # Played on, it is kept in the same file, the marks with it.
    assert saves.loads_game(kept_file.read_text()).seats[1].params.get(KEY_PARAM) == marks[1]


def test_only_the_opener_takes_it_up_again_and_nothing_else_is_kept(tmp_path):
    host = Host(tmp_path)
    code, _ann, _bob = played_then_left(host)
    with pytest.raises(LookupError, match=f"Your saves keep no match with friends under the code {code}"):
        host.tables.reopen(code, "SHA256:bob")  # Bob's saves do not hold it: Ann's do
    assert host.tables.get(code) is None and len(host.tables) == 0
    table = host.tables.reopen(code, "SHA256:ann")
    assert table is not None and host.tables.reopen(code, "SHA256:ann") is table  # once open, the same one
    with pytest.raises(LookupError, match="Another table has the code"):
        host.tables.reopen(code, "SHA256:bob")


def test_a_kept_match_that_no_one_comes_to_is_released_and_kept_again(tmp_path):
    host = Host(tmp_path)
    code, _ann, _bob = played_then_left(host)
    table = host.tables.reopen(code, "SHA256:ann")
    assert table is not None
    ann = FakeSeat("Ann")
    table.arrive(ann)
    table.leave(ann)
    host.tables.left(code)
    assert host.tables.get(code) is None and not host.clock.timers
    assert host.tables.reopen(code, "SHA256:ann") is not None


def test_a_broken_or_finished_kept_match_is_refused_in_one_line_and_left_as_it_was(tmp_path):
    host = Host(tmp_path)
    code, _ann, _bob = played_then_left(host)
    path = save_path(tmp_path / "ann", code)
    good = path.read_text()
    path.write_text(good.replace("[position]", "[nonsense"))
    with pytest.raises(LookupError) as broken:
        host.tables.reopen(code, "SHA256:ann")
    assert str(path) in str(broken.value) and "\n" not in str(broken.value)
    assert path.read_text() == good.replace("[position]", "[nonsense") and host.tables.get(code) is None


def test_a_finished_kept_match_is_not_taken_up_again(tmp_path):
    import ai
    from saves import Seat
    from unokart_tui.engine import Match
    from unokart_tui.friends.keeping import marked
    from unokart_tui.friends.people import Person

    host, code = Host(tmp_path), "K9MXR"
    match = Match.new(["Ann", "Bob"], seed=4, target=1)
    bot = ai.make_bot("greedy", seed=1)
    while not match.is_over:
        round_ = match.round
        match.apply(bot.choose(round_.view(round_.decider), round_.legal_actions()))
    people = {0: Person("SHA256:ann", "Ann"), 1: Person("SHA256:bob", "Bob")}
    seats = marked((Seat("Ann"), Seat("Bob")), people, 30.0)
    path = save_path(host.folders("SHA256:ann"), code)
    path.write_text(saves.dumps(match, seats=seats))
    with pytest.raises(LookupError, match=f"The match with friends {code} is over"):
        host.tables.reopen(code, "SHA256:ann")
    assert host.tables.get(code) is None and saves.loads(path.read_text()).is_over


# ---------------------------------------------------------------------- the kept match waits for its people


def test_a_kept_match_waits_in_a_lobby_that_says_who_is_back_and_plays_nothing_meanwhile(tmp_path):
    """Found in a playtest: Continue with friends played on at once, the autopilot playing the absent friends."""
    host = Host(tmp_path)
    code, _ann, _bob = played_then_left(host)
    kept_file = save_path(tmp_path / "ann", code)
    before = kept_file.read_text()
    table = host.tables.reopen(code, "SHA256:ann")
    assert table is not None
    ann = FakeSeat("Ann")
    table.arrive(ann)
    shown = ann.last(LobbyShown)
    assert shown.code == code and shown.is_opener and shown.round_number >= 1
    assert shown.people == ("Ann", "Bob") and shown.awaited == ("Bob",) and shown.can_start
    assert shown.settings.turn_seconds == 30.0 and shown.settings.seats == 3 and shown.bots == ("greedy",)
    assert not any(isinstance(m, TableSeen) for m in ann.read())
    host.clock.pass_time(300)  # nobody plays while the match waits: not a move, not a save
    assert kept_file.read_text() == before and not host.clock.timers
    assert host.tables.awaiting("SHA256:bob") == code  # Bob, connecting without a code, comes straight here
    # A stranger with the code watches the room; only the opener goes on, and the settings stay.
    eve = FakeSeat("Eve")
    table.arrive(eve)
    assert eve.last(LobbyShown).watching and ann.last(LobbyShown).watchers == ("Eve",)
    ask(eve, host.hosted(code), LobbyStart())
    assert eve.refusals[-1] == "Only Ann, who opened this table, can start the match."
    ask(ann, host.hosted(code), LobbySettle(TableSettings(turn_seconds=90.0)))
    assert ann.refusals[-1] == "A match taken up again keeps the settings it was started with."
    assert not any(isinstance(m, TableSeen) for m in (*ann.read(), *eve.read()))


def test_the_kept_match_goes_on_by_itself_once_every_person_is_back_at_their_own_seat(tmp_path):
    host = Host(tmp_path)
    code, _ann, _bob = played_then_left(host)
    table = host.tables.reopen(code, "SHA256:ann")
    assert table is not None
    ann, robert = FakeSeat("Ann"), FakeSeat("Bob")
    robert.name = "Robert"  # the key is the person: he takes Bob's seat, under the seat's name
    table.arrive(ann)
    assert not any(isinstance(m, TableSeen) for m in ann.read())  # Bob is awaited
    table.arrive(robert)
    for seat, number in ((ann, 0), (robert, 1)):
        seen = seat.last(TableSeen)
        assert seen.seat == number and seen.away == (False, False, False)
    said = [m.line.text for m in robert.read() if isinstance(m, Logged)]
    assert said[-1] == "You are back at your seat: you play your turns again."
    moment = host.hosted(code).table.moment  # type: ignore[union-attr]
    host.clock.pass_time(100)
    assert host.hosted(code).table.moment > moment  # type: ignore[union-attr]


def test_a_friend_who_leaves_the_waiting_room_is_awaited_again_and_the_opener_leaving_closes_it(tmp_path):
    host = Host(tmp_path)
    code, _ann, _bob = played_then_left(host)
    kept_file = save_path(tmp_path / "ann", code)
    before = kept_file.read_text()
    table = host.tables.reopen(code, "SHA256:ann")
    assert table is not None
    ann, eve = FakeSeat("Ann"), FakeSeat("Eve")
    table.arrive(ann)
    table.arrive(eve)
    table.leave(eve)
    assert ann.last(LobbyShown).watchers == () and ann.last(LobbyShown).awaited == ("Bob",)
    table.arrive(eve)
    table.leave(ann)
    assert eve.last(LobbyClosed).reason == "Ann closed this table."
    assert host.hosted(code).closed
    host.tables.left(code)
    assert host.tables.get(code) is None and kept_file.read_text() == before  # kept as it was, to take up again
    assert host.tables.reopen(code, "SHA256:ann") is not None


def test_the_same_key_again_in_the_waiting_room_keeps_one_place_and_the_older_connection_is_closed(tmp_path):
    """Issue 31: a second connection of a key takes its place wherever it is; the older one is told and closed."""
    host = Host(tmp_path)
    code, _ann, _bob = played_then_left(host)
    table = host.tables.reopen(code, "SHA256:ann")
    assert table is not None
    ann, bob, again = FakeSeat("Ann"), FakeSeat("Bob"), FakeSeat("Ann")
    table.arrive(ann)
    table.arrive(again)  # the opener again, while Bob is still awaited
    assert ann.farewells == [f"Your seat at the table {code} was opened from another connection: this one is closed."]
    assert again.last(LobbyShown).is_opener and again.last(LobbyShown).watchers == ()
    table.leave(ann)  # the older connection's game ends: the room stays open for the newer one
    assert not host.hosted(code).closed
    table.arrive(bob)  # the last one back: the match goes on, the newer connection at Ann's seat
    assert again.last(TableSeen).seat == 0 and not any(isinstance(m, TableSeen) for m in ann.read())
    assert bob.last(TableSeen).away == (False, False, False)
