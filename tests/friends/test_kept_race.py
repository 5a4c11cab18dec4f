"""The round chart at the end of a kept match taken up again holds every round, rightly labelled (issue 31).

Found in a four-person playtest: after Continue with friends, the final chart of a three-round match read
``0 … R1 … R2``, a line starting at 258 mid-height: each game process had begun its race at the scores it
first saw, so round 1 was missing and rounds 2-3 were labelled R1-R2.
"""

from __future__ import annotations

import random

from unokart_tui.friends.people import person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.history.charts import ScoreRace
from unokart_tui.history.timeline import score_race
from unokart_tui.table import messages as told

from ..fakeclock import FakeClock
from .seats import drive, seat_at


def test_the_chart_after_a_kept_match_taken_up_again_shows_every_round_from_the_first():
    """To 120 points, three rounds (126 actions); to 150 they were four (230): one more than the chart needs."""
    persons = [person("key-a", "Ann"), person("key-b", "Bob")]
    saved: list[str] = []
    clock = FakeClock()
    table = SharedTable.new(persons, ("greedy",), seed=5, target=120, clock=clock, save=saved.append)
    lines = seat_at(table, persons, clock, None)
    table.begin()
    drive(table, clock, lines, random.Random(1), until=lambda: table.match.round_number >= 2)
    table.close()  # everyone went: the match is kept, in round 2

    clock = FakeClock()
    again = SharedTable.resume(saved[-1], {0: persons[0], 1: persons[1]}, clock=clock)
    back = seat_at(again, persons, clock, None)  # new game processes: they never saw round 1
    again.begin()
    drive(again, clock, back, random.Random(2))
    match = again.match
    assert match.is_over and match.round_number >= 3  # a match of three rounds or more, round 1 before the break

    whole = tuple(score_race(match))
    assert len(whole) == match.round_number + 1 and whole[0] == (0, 0, 0)
    for line in back:
        [over] = [m for m in line.front.messages if isinstance(m, told.MatchOver)]
        race: ScoreRace = over.race
        assert race.race == whole  # from 0 before round 1, then R1, R2, … after each
        assert race.race[-1] == tuple(match.scores)
