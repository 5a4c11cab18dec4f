"""What a move's save costs at a table of friends (issue 36): the host writes the match after every action."""

from __future__ import annotations

import random

import saves
from unokart_tui.friends.people import person
from unokart_tui.friends.shared import SharedTable

from ..fakeclock import FakeClock
from ..saves.written import counting_strings
from .seats import drive, seat_at


def test_a_move_at_a_friends_table_writes_only_its_own_action_and_the_save_is_the_whole_match(monkeypatch):
    """The shared table wrote every action of the match again at each move, as the session once did."""
    persons = [person("key-a", "Ann"), person("key-b", "Bob")]
    saved: list[str] = []
    clock = FakeClock()
    table = SharedTable.new(persons, ("greedy",), seed=5, target=500, clock=clock, save=saved.append)
    lines = seat_at(table, persons, clock, None)
    table.begin()
    drive(table, clock, lines, random.Random(1), until=lambda: table.match.round_number >= 3)
    written = counting_strings(monkeypatch)
    before, count = len(saved), sum(map(len, table.match.history))
    drive(table, clock, lines, random.Random(2), until=lambda: len(saved) > before)
    moved = sum(map(len, table.match.history)) - count
    # Each action is also written for the seats' screens (a few a move); the match's others are not written again.
    assert moved >= 1 and written[0] <= 5 * moved < count, f"{written[0]} written for {moved} of {count + moved}"
    assert saves.loads(saved[-1]).history == table.match.history  # and the save holds the whole match
    table.close()
