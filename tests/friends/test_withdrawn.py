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
from ..ui.helpers import first_playable_card, one_card_from_the_end
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


def table_near_the_rounds_end() -> tuple[SharedTable, FakeClock, Line]:
    """``table_with_ann_asked``'s match, played on at engine speed until a seat may go out with its last card.

    The table then plays the end itself, Ann's turns by the autopilot: played there through the table, the
    round took about 5 CPU-s.
    """
    clock = FakeClock()
    persons = [person("key-a", "Ann"), person("key-b", "Bob")]
    table = SharedTable.new(
        persons, ("greedy",), seed=1, target=500, rules=HouseRules.preset("chaos"), clock=clock, turn_seconds=10
    )
    match = table.match
    while not one_card_from_the_end(match):
        match.apply(first_playable_card(match))
    assert match.round_number == 1
    lines = seat_at(table, persons, clock, None)
    table.begin()
    pump_all(lines)
    table.drop("key-b")
    pump_all(lines)
    return table, clock, lines[0]


def test_the_round_over_closes_when_the_next_rounds_table_comes():
    table, clock, ann = table_near_the_rounds_end()
    for _ in range(500):  # Ann answers nothing: the autopilot plays her turns when her clock runs out
        if any(isinstance(m, told.RoundOver) for m in ann.front.messages):
            break
        assert clock.run_next()
        pump_all([ann])
    assert any(isinstance(m, told.RoundOver) for m in ann.front.messages)
    assert not any(isinstance(m, told.QuestionsWithdrawn) for m in after(ann.front.messages, (told.RoundOver,)))
    while table.match.round_number == 1:
        assert clock.run_next()
        pump_all([ann])
    assert any(isinstance(m, told.QuestionsWithdrawn) for m in after(ann.front.messages, (told.RoundOver,)))


def test_a_round_summary_without_the_others_cards_has_no_empty_heading():
    # Found over ssh: a remote seat's round end showed "cards left  points" over nothing.
    from rich.console import Console

    from unokart_tui.glyphs import UNICODE
    from unokart_tui.tui.dialogs.notices import _round_rows

    def shown(rows) -> str:
        console = Console(width=60, record=True)
        console.print(_round_rows(rows, "Ann 20, Bob 0", UNICODE, "Ann went out."))
        return console.export_text()

    assert "cards left" not in shown(()) and "Ann 20, Bob 0" in shown(())
    assert "cards left" in shown((("Bob", (), 0),))


def test_a_shared_matchs_end_offers_only_the_way_out():
    # Found over ssh: "n Play again" and "r Replay" were offered at the end of a match friends shared.
    from unokart_tui.tui.dialogs.notices import match_over

    shared = match_over("Ann", 20, (), "Ann 500, Bob 10", shared=True)
    alone = match_over("Ann", 20, (), "Ann 500, Bob 10")
    assert [key for key, _label in shared.keys] == ["q"]
    assert [key for key, _label in alone.keys] == ["n", "r", "q"]


def test_a_remote_seat_is_told_its_match_was_shared():
    from unokart_tui.friends import wire
    from unokart_tui.friends.messages import MatchEnded

    _table, _clock, (ann, _bob) = table_with_ann_asked()
    ann.remote.arrived(wire.as_json(MatchEnded(0, (500, 10, 0))))
    [over] = [m for m in ann.front.messages if isinstance(m, told.MatchOver)]
    assert over.shared
