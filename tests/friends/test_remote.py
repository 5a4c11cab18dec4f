"""A seat of a shared table played in the game process (``friends.remote``): the real table on the host, and
each person's ``RemoteTable`` joined to it through the wire in memory, played through intentions only."""

from __future__ import annotations

import random

from unokart_tui.engine import HouseRules
from unokart_tui.friends.people import person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.table import messages as told

from ..fakeclock import FakeClock
from .harness import cards_named
from .seats import Front, drive, pump_all, seat_at
from .test_honesty import secret_from


def new_table(seed: int, people: int, *, bots: tuple[str, ...] = ("greedy",), rules: HouseRules | None = None):
    clock = FakeClock()
    persons = [person(f"key-{n}", f"P{n}") for n in range(people)]
    table = SharedTable.new(persons, bots, seed=seed, target=150, rules=rules, clock=clock, turn_seconds=20)
    return table, persons, clock


def test_whole_rounds_through_intentions_and_each_seat_sees_only_its_own_cards():
    table, persons, clock = new_table(5, 3)
    leaks: list[str] = []
    seats: dict[int, str] = {}

    def check(front: Front, message: told.Message) -> None:
        key = seats[id(front)]
        seat = table.seat_of(key)
        leaked = cards_named(message, "en") & secret_from(table, seat)
        if leaked:
            leaks.append(f"{key} was shown {sorted(map(str, leaked))} in {message!r}")
        if isinstance(message, told.TableShown):
            assert seat is not None
            assert sorted(message.state.hand.cards, key=str) == sorted(table.match.round.hand(seat), key=str)

    lines = seat_at(table, persons, clock, check)
    for line in lines:
        seats[id(line.front)] = line.key
    table.begin()
    drive(table, clock, lines, random.Random(5))
    assert table.finished and table.match.round_number >= 2  # whole rounds, to the match's end
    assert leaks == []
    for line in lines:
        # Every person played through their table: the host took their moves, and they saw the ends.
        assert any(sent.get("type") == "Acted" for sent in line.sent)
        assert any(isinstance(m, told.RoundOver) for m in line.front.messages)
        assert isinstance(line.front.messages[-1], told.MatchOver) or any(
            isinstance(m, told.MatchOver) for m in line.front.messages
        )
    played = [action for actions in table.match.history for action in actions]
    assert len(played) > 50


def test_the_seat_is_at_the_bottom_and_its_moves_reach_the_host_as_its_own():
    """The person at the host's seat 1 is seat 0 on their screen; a target they pick is counted back."""
    table, persons, clock = new_table(9, 2)
    lines = seat_at(table, persons, clock, None)
    table.begin()
    pump_all(lines)
    second = lines[1].front.state
    assert second is not None
    assert second.seats[0].you and second.seats[0].name == "P1"
    assert second.seats[1].name == table.names[(1 + 1) % 3]


def test_a_refusal_changes_nothing():
    table, persons, clock = new_table(3, 2)
    lines = seat_at(table, persons, clock, None)
    table.begin()
    drive(table, clock, lines, random.Random(3), until=lambda: any(line.remote.legal for line in lines))
    deciding = next(line for line in lines if line.remote.legal)
    waiting = next(line for line in lines if line is not deciding)
    history = [list(actions) for actions in table.match.history]
    sent = len(waiting.sent)
    waiting.remote.intend("draw")  # not their turn: refused here, nothing goes to the host
    waiting.remote.intend("undo_refused")
    assert len(waiting.sent) == sent
    assert waiting.front.notices()[-2:] == [
        "Wait for your turn.",
        "There is no undo at a table shared with friends: every move counts for everyone.",
    ]
    # A card the rules do not allow, sent anyway: the host refuses it and nothing changes.
    state = deciding.front.state
    assert state is not None
    unplayable = [i for i in range(len(state.hand.cards)) if i not in state.hand.playable]
    assert unplayable
    sent = len(deciding.sent)
    deciding.remote.intend("move_to", unplayable[0])
    deciding.remote.intend("play")
    pump_all(lines)
    assert len(deciding.sent) == sent + 1  # it went to the host, which decides
    assert [list(actions) for actions in table.match.history] == history
    assert "Not allowed" in [m.title for m in deciding.front.messages if isinstance(m, told.Notice)]
    assert deciding.remote.legal  # still their decision


def test_the_turn_clock_counts_down():
    table, persons, clock = new_table(3, 2)
    lines = seat_at(table, persons, clock, None)
    table.begin()
    drive(table, clock, lines, random.Random(3), until=lambda: any(line.remote.legal for line in lines))
    deciding = next(line for line in lines if line.remote.legal)
    assert deciding.remote.seconds_left() == 20
    clock.pass_time(5)
    pump_all(lines)
    assert deciding.remote.seconds_left() == 15
    state = deciding.front.state
    assert state is not None and state.hand.title.endswith("15 seconds left")
