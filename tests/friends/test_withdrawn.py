"""A seat's question or round's end closes when the shared table moves on without it (issue 31).

Found over ssh: a colour, target or challenge dialog stayed on top after the clock ran out and the
autopilot answered, its countdown frozen; the round-over dialog stayed until after the next round began.
"""

from __future__ import annotations

from unokart_tui.engine import Color, HouseRules
from unokart_tui.friends.people import person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.table import messages as told

from ..fakeclock import FakeClock
from .seats import Line, pump_all, seat_at

QUESTIONS = (told.AskColour, told.AskTarget, told.AskChallenge)


def table_with_ann_asked() -> tuple[SharedTable, FakeClock, list[Line]]:
    """Seed 1 under chaos asks Ann a colour first; Bob is away, so the autopilot plays him."""
    clock = FakeClock()
    persons = [person("key-a", "Ann"), person("key-b", "Bob")]
    rules = HouseRules.preset("chaos")
    table = SharedTable.new(persons, ("greedy",), seed=1, target=500, rules=rules, clock=clock, turn_seconds=10)
    lines = seat_at(table, persons, clock, None)
    table.begin()
    pump_all(lines)
    table.drop("key-b")
    pump_all(lines)
    return table, clock, lines


def after(messages: list[told.Message], kinds: tuple[type, ...]) -> list[told.Message]:
    """The messages after the last one of ``kinds``."""
    last = max(index for index, message in enumerate(messages) if isinstance(message, kinds))
    return messages[last + 1 :]


def test_a_question_the_autopilot_answered_when_the_clock_ran_out_is_withdrawn():
    table, clock, (ann, _bob) = table_with_ann_asked()
    asked_at = table.moment
    assert any(isinstance(m, QUESTIONS) for m in ann.front.messages)
    assert not any(isinstance(m, told.QuestionsWithdrawn) for m in ann.front.messages)
    while table.moment == asked_at:  # Ann does not answer: her clock runs out
        assert clock.run_next()
        pump_all([ann])
    later = after(ann.front.messages, QUESTIONS)
    assert any(isinstance(m, told.QuestionsWithdrawn) for m in later)


def test_an_answered_question_is_not_withdrawn():
    _table, _clock, (ann, _bob) = table_with_ann_asked()
    asked = next(m for m in ann.front.messages if isinstance(m, told.AskColour))
    ann.remote.choose_colour(Color.RED, asked.card)
    pump_all([ann])
    assert not any(isinstance(m, told.QuestionsWithdrawn) for m in after(ann.front.messages, QUESTIONS))


def test_the_round_over_closes_when_the_next_rounds_table_comes():
    table, clock, (ann, _bob) = table_with_ann_asked()
    for _ in range(5000):  # Ann answers nothing: the autopilot plays her turns when her clock runs out
        if any(isinstance(m, told.RoundOver) for m in ann.front.messages):
            break
        assert clock.run_next()
        pump_all([ann])
    assert not any(isinstance(m, told.QuestionsWithdrawn) for m in after(ann.front.messages, (told.RoundOver,)))
    while table.match.round_number == 1:
        assert clock.run_next()
        pump_all([ann])
    assert any(isinstance(m, told.QuestionsWithdrawn) for m in after(ann.front.messages, (told.RoundOver,)))
