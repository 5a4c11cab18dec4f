"""Line mode offers the hint's target as the dialog does: said with the question, taken by Enter alone
(issue 34: found in play, the target was asked again with nothing chosen after the hint)."""

from __future__ import annotations

from unokart_tui.engine import ChooseTarget, HouseRules, Phase, Play, Rank
from unokart_tui.table.advisor import swap_partner

from .test_playtest import TARGET_ASKED_SOON, play_until, target_asked


def test_i3_enter_alone_takes_the_target_the_hint_chose_for_the_green_shell():
    table, lines = play_until(target_asked, TARGET_ASKED_SOON, bots=["greedy", "greedy", "greedy"])
    assert table.session.view().choice_for != "seven"
    lines.clear()
    table.handle("hint")
    hinted = table.controller.hinted
    assert isinstance(hinted, ChooseTarget)
    name = table.session.names[hinted.seat]
    assert lines[0].startswith(f"Hint: Aim the Green Shell at {name}")
    before = len(table.session.match.history[-1])
    table.handle("")
    assert table.session.match.history[-1][before] == hinted  # the seat's answer, then the bots play on
    table.close()


def test_h4_the_hinted_sevens_swap_is_offered_with_its_question_and_taken_by_enter():
    def a_seven(table) -> bool:
        view = table.session.view()
        if not table.session.is_human_turn() or view.phase is not Phase.PLAY or len(view.hand) < 3:
            return False
        return any(isinstance(a, Play) and a.card.rank is Rank.SEVEN for a in table.session.match.legal_actions())

    table, lines = play_until(a_seven, rules=HouseRules.preset("party"), avoid=frozenset({"jump"}))
    legal = table.session.match.legal_actions()
    seven = next(a for a in legal if isinstance(a, Play) and a.card.rank is Rank.SEVEN and not a.uno)
    named = swap_partner(table.session.view(), seven.card)
    assert named is not None
    name = table.session.names[named]
    table.controller.hinted = seven  # as if the hint had advised it
    lines.clear()
    table.handle(f"play {seven.card}")
    assert f"The hint chose {name}: press Enter to swap with them." in lines[-1]
    before = len(table.session.match.history[-1])
    table.handle("")
    assert table.session.match.history[-1][before] == ChooseTarget(named)
    table.close()
