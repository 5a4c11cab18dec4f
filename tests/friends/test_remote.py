"""A seat of a shared table played in the game process (``friends.remote``): the real table on the host, and
each person's ``RemoteTable`` joined to it through the wire in memory, played through intentions only."""

from __future__ import annotations

import json
import random

import pytest

from unokart_tui.engine import Card, ChooseTarget, HouseRules, Play, Round
from unokart_tui.friends import wire
from unokart_tui.friends.people import person
from unokart_tui.friends.remote import RemoteTable
from unokart_tui.friends.shared import SharedTable
from unokart_tui.friends.shown import shifted_view
from unokart_tui.table import messages as told

from ..fakeclock import FakeClock
from .harness import cards_named
from .seats import Front, drive, pump_all, seat_at
from .test_honesty import secret_from


def new_table(
    seed: int, people: int, *, bots: tuple[str, ...] = ("greedy",), rules: HouseRules | None = None, target: int = 150
):
    clock = FakeClock()
    persons = [person(f"key-{n}", f"P{n}") for n in range(people)]
    table = SharedTable.new(persons, bots, seed=seed, target=target, rules=rules, clock=clock, turn_seconds=20)
    return table, persons, clock


@pytest.mark.parametrize(
    ("seed", "people", "preset", "bots", "target"),
    [
        pytest.param(5, 3, "official", ("greedy",), 200, marks=pytest.mark.slow),
        pytest.param(12, 3, "party", ("challenger",), 200, marks=pytest.mark.slow),
        (21, 2, "chaos", ("item-hoarder",), 300),
    ],
)
def test_whole_rounds_through_intentions_and_each_seat_sees_only_its_own_cards(seed, people, preset, bots, target):
    """Whole matches under the house rules (stacks, swaps, jump-ins, Item Boxes), every decision made through
    each person's table; nothing any seat's table shows holds a card of another hand or of the pile.

    Each match has two rounds or more: to 300 points, the official and party ones were four (288 and 213
    actions); to 200 they are two and three (136 and 128), with every kind of action the longer ones had but
    an accepted Wild Draw Four, which the party match still has. The chaos one needs 300 for a second round."""
    table, persons, clock = new_table(seed, people, bots=bots, rules=HouseRules.preset(preset), target=target)
    leaks: list[str] = []
    seats: dict[int, str] = {}

    def check(front: Front, message: told.Message) -> None:
        key = seats[id(front)]
        seat = table.seat_of(key)
        named = cards_named(message, "en")
        leaked = named & secret_from(table, seat) if named else set()
        if leaked:
            leaks.append(f"{key} was shown {sorted(map(str, leaked))} in {message!r}")
        if isinstance(message, told.TableShown):
            assert seat is not None
            assert sorted(message.state.hand.cards, key=str) == sorted(table.match.round.hand(seat), key=str)

    lines = seat_at(table, persons, clock, check)
    for line in lines:
        seats[id(line.front)] = line.key
    table.begin()
    drive(table, clock, lines, random.Random(seed))
    assert table.finished  # whole rounds, to the match's end
    assert table.match.round_number >= 2
    assert leaks == []
    for line in lines:
        # Every person played through their table: the host took their moves, and they saw the end.
        assert any(sent.get("type") == "Acted" for sent in line.sent)
        ends = [m for m in line.front.messages if isinstance(m, (told.RoundOver, told.MatchOver))]
        assert len(ends) == table.match.round_number and isinstance(ends[-1], told.MatchOver)
    played = [action for actions in table.match.history for action in actions]
    assert len(played) > 40


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
    for intent in ("undo_refused", "autopilot", "fast"):
        assert waiting.remote.may(intent) == (intent == "undo_refused")  # z says why; the others are not offered
        waiting.remote.intend(intent)
    assert len(waiting.sent) == sent
    assert waiting.front.notices()[-4:] == [
        "Wait for your turn.",
        "There is no undo at a table shared with friends: every move counts for everyone.",
        "At a shared table the autopilot plays only for someone away or out of time.",
        "The table plays at one pace for everyone: nobody can speed it up.",
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


def test_seats_are_counted_from_the_players_and_back():
    """P1 sits at the host's seat 1 of three: on their table the bot after them is seat 1, and a target
    they pick there reaches the host as seat 2 (refused here: no target is asked now, and nothing changes)."""
    table, persons, clock = new_table(9, 2)
    lines = seat_at(table, persons, clock, None)
    table.begin()
    pump_all(lines)
    p1 = lines[1]
    view = table.match.round.view(1)
    shown = shifted_view(view, 1)
    assert shown.seat == 0 and shown.hand == view.hand
    assert shown.hand_sizes == (view.hand_sizes[1], view.hand_sizes[2], view.hand_sizes[0])
    assert shown.current == (view.current - 1) % 3
    history = [list(actions) for actions in table.match.history]
    p1.remote.choose_target(1)
    sent = wire.decode_acted(json.dumps(p1.sent[-1]))
    assert sent.action == ChooseTarget(2) and sent.moment == table.moment
    assert [list(actions) for actions in table.match.history] == history


def test_a_hint_is_asked_of_the_host_and_only_on_ones_turn():
    table, persons, clock = new_table(3, 2)
    lines = seat_at(table, persons, clock, None)
    table.begin()
    drive(table, clock, lines, random.Random(3), until=lambda: any(line.remote.legal for line in lines))
    deciding = next(line for line in lines if line.remote.legal)
    waiting = next(line for line in lines if line is not deciding)
    sent = len(waiting.sent)
    waiting.remote.intend("hint")
    assert len(waiting.sent) == sent  # refused here: nothing is asked of the host
    assert waiting.front.notices()[-1] == "A hint is for your own turn."
    deciding.remote.intend("hint")
    assert deciding.sent[-1] == {"type": "ask-hint"}
    deciding.pump()
    hints = [m.text for m in deciding.front.messages if isinstance(m, told.HintShown) and m.text]
    assert len(hints) == 1 and hints[0]


def test_what_comes_before_the_table_opens_waits_and_what_cannot_be_read_is_left_out():
    table, persons, clock = new_table(3, 2)
    front = Front()
    remote = RemoteTable(front, lambda data: True, clock=clock)
    table.connect(persons[0], lambda message: remote.arrived(json.loads(wire.encode(message))))
    table.connect(persons[1], lambda message: None)
    table.begin()
    assert front.messages == []  # the front end is not ready: nothing is shown yet
    assert remote.open() is False
    assert any(isinstance(m, told.TableShown) for m in front.messages)
    shown = len(front.messages)
    remote.arrived({"type": "Nonsense", "cards": 3})
    assert front.messages[shown:] == [
        told.Notice("The table sent something this game cannot read: it is left out.", severity="error")
    ]


def test_a_watcher_sees_the_table_and_no_hand():
    table, persons, clock = new_table(5, 2)
    leaks: list[str] = []

    def check(front: Front, message: told.Message) -> None:
        leaked = cards_named(message, "en") & secret_from(table, None)
        if leaked:
            leaks.append(f"the watcher was shown {sorted(map(str, leaked))} in {message!r}")

    lines = seat_at(table, persons, clock, None)
    watcher = seat_at(table, [person("key-w", "Wes")], clock, check)[0]
    table.begin()
    drive(table, clock, [*lines, watcher], random.Random(5), until=lambda: table.match.round_number >= 2)
    assert leaks == []
    state = watcher.front.state
    assert state is not None and state.hand.cards == () and not any(line.you for line in state.seats)
    assert [line.name for line in state.seats] == list(table.names)
    assert [line.cards for line in state.seats] == [len(hand) for hand in table.match.round.hands]
    sent = len(watcher.sent)
    watcher.remote.intend("draw")
    assert len(watcher.sent) == sent
    assert watcher.front.notices()[-1] == "You are watching this table: only the people seated play."
    assert not watcher.remote.may("play") and not watcher.remote.may("hint")


@pytest.mark.parametrize("who", ["watcher", "back"])
def test_someone_arriving_mid_round_sees_who_put_the_top_card_there(who):
    """Found over ssh: a watcher joining, or a person coming back, read "first card" under a card Bob played."""
    table, persons, clock = new_table(9, 2, bots=("greedy", "greedy"))
    lines = seat_at(table, persons, clock, None)
    table.begin()
    drive(table, clock, lines, random.Random(9), until=lambda: len(table.match.history[-1]) >= 6)
    first = lines[0].front.state
    assert first is not None and first.table.played_by != "first card"
    if who == "back":
        table.drop(persons[1].key)
        arriving = seat_at(table, [persons[1]], clock, None)[0]
    else:
        arriving = seat_at(table, [person("key-w", "Wendy")], clock, None)[0]
    pump_all([arriving])
    state = arriving.front.state
    assert state is not None
    assert state.table.played_by == first.table.played_by


def test_the_hand_a_seat_passed_on_is_counted_from_that_seat_too_h4b():
    rules = HouseRules.preset("party")
    round_ = Round.from_position([["G0", "R4"], ["Y8"], ["B9", "B1"]], ["R5", "R6"], ["G5"], rules=rules)
    round_.apply(Play(Card.parse("G0")))  # seat 1 passed Y8 on to seat 2
    shown = shifted_view(round_.view(1), 1)
    assert shown.handed == {1: (Card.parse("Y8"),)}


def test_the_scores_behind_a_rounds_and_the_matchs_end_are_the_ones_after_it():
    """Found over ssh: behind the final scores (177), the players' list still said "Bob 0"; a seat said
    "0 pts" under a dialog saying +187. A table played here shows the scores after the round: so does a seat
    of a shared table, and a watcher's table. To 200 points, a round's end and the match's (to 300: eight
    rounds, 567 actions)."""
    table, persons, clock = new_table(5, 2, target=200)
    shown_at_ends: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []

    def check(front: Front, message: told.Message) -> None:
        if isinstance(message, (told.RoundOver, told.MatchOver)):
            assert front.state is not None
            by_name = {line.name: line.score for line in front.state.seats}
            shown_at_ends.append((type(message).__name__, tuple(by_name[n] for n in table.names), table.match.scores))

    lines = seat_at(table, persons, clock, check)
    watcher = seat_at(table, [person("key-w", "Wes")], clock, check)[0]
    table.begin()
    drive(table, clock, [*lines, watcher], random.Random(5))
    assert table.finished
    assert len(shown_at_ends) == 3 * table.match.round_number  # two people and a watcher, every round
    assert all(shown == after for _kind, shown, after in shown_at_ends), shown_at_ends
    assert shown_at_ends[0][0] == "RoundOver" and shown_at_ends[-1][0] == "MatchOver" and any(shown_at_ends[0][1])
