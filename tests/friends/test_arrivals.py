"""Someone arriving at a started table: a person back at their seat, or a watcher, is re-told the round's
recent log in their own voice and sees who put the top card there; the people are told who watches."""

from __future__ import annotations

from unokart_tui.engine import Play
from unokart_tui.friends.people import person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.friends.telling import RECENT_LINES
from unokart_tui.table.messages import CardsMoved

from ..fakeclock import FakeClock
from .harness import Player


def started(seed: int = 5) -> tuple[SharedTable, FakeClock, Player, Player]:
    clock = FakeClock()
    ann, bob = person("a", "Ann"), person("b", "Bob")
    table = SharedTable.new([ann, bob], ["greedy", "greedy"], seed=seed, clock=clock, turn_seconds=5)
    players = Player(ann), Player(bob)
    for player in players:
        table.connect(player.person, player)
    table.begin()
    while sum(1 for action in table.match.history[-1] if isinstance(action, Play)) < 3:
        assert clock.run_next()
    return table, clock, *players


def test_a_person_back_at_their_seat_is_retold_the_round_in_their_own_voice():
    table, clock, ann, bob = started()
    table.drop("b")
    assert clock.run_next()
    told_ann = ann.log
    back = Player(bob.person)
    table.connect(bob.person, back)
    retold = back.log[: back.log.index("You are back at your seat: you play your turns again.")]
    assert len(retold) >= 3
    assert len(retold) <= RECENT_LINES
    # The same lines Ann was told, but in Bob's own voice: where Ann reads "Bob plays", Bob reads "You play", or,
    # for a card the autopilot played when his clock ran out, that the autopilot played it for him.
    assert "Time is up: the autopilot plays your turn." in retold
    assert "· The autopilot plays Green Reverse for you." in retold
    assert "· Bob plays Green Reverse." in told_ann
    assert not any(line.startswith("· Bob") for line in retold)
    assert back.seen is not None and back.seen.top_by is not None


def test_a_watcher_sees_who_played_the_top_card_and_the_recent_log():
    table, _clock, ann, _bob = started()
    watcher = Player(person("w", "Wendy"))
    assert table.connect(watcher.person, watcher) is None
    assert len(watcher.log) > 1  # more than the welcome alone
    assert "· Bob plays Green Reverse." in watcher.log  # as everyone who is not Bob was told it
    assert not any("you" in line.casefold().split() for line in watcher.log[:-1])  # a watcher is nobody in the log
    seen = watcher.seen
    assert seen is not None and seen.top_by is not None
    # Who put it there, as Ann saw the card move.
    put = [m.seat for moved in ann.messages if isinstance(moved, CardsMoved) for m in moved.motions if m.kind == "play"]
    assert seen.top_by == put[-1]
    assert ann.seen is not None and ann.seen.top_by == seen.top_by


def test_the_people_are_told_who_watches_them_and_who_stopped():
    table, _clock, ann, bob = started()
    watcher = Player(person("w", "Wendy"))
    table.connect(watcher.person, watcher)
    assert ann.log[-1] == "Wendy is watching."
    assert bob.log[-1] == "Wendy is watching."
    assert "Wendy is watching." not in watcher.log
    table.drop("w")
    assert ann.log[-1] == "Wendy stopped watching."
    assert bob.log[-1] == "Wendy stopped watching."


def test_a_person_back_reads_their_own_going_away_in_the_second_person():
    table, clock, ann, bob = started()
    table.drop("b")
    assert clock.run_next()
    assert "Bob is away: the autopilot plays their seat until they come back." in ann.log
    back = Player(bob.person)
    table.connect(bob.person, back)
    assert "You are away: the autopilot plays your seat until you come back." in back.log
    assert not any(line.startswith("Bob ") for line in back.log)  # nothing of their own seat in the third person
