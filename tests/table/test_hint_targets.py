"""The target a hint chose is the one its question offers first (issue 34: trust at the table).

Found by a fresh player under the party preset: after "Play Y7: it swaps your hand for another, and
Mario holds the fewest cards" and Enter, the swap's dialog asked again with nothing chosen, where the
colour of a hinted Wild Draw Four is offered first.
"""

from __future__ import annotations

from unokart_tui.engine import Action, ChooseTarget, HouseRules, Phase, Play, Rank
from unokart_tui.table import hinting, questions
from unokart_tui.table import messages as told
from unokart_tui.table.advisor import Advisor, swap_partner
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN

from .fakes import Table, new_session, play_on, plays

SLOW_BOTS = Pace(bot_delay=60, catch_window=0, jump_window=0, banner_seconds=None)

PARTY = HouseRules.preset("party")


def _a_seven_to_play(match) -> bool:
    round_ = match.round
    if round_.decider != HUMAN or round_.phase is not Phase.PLAY or len(round_.hands[HUMAN]) < 3:
        return False
    return any(isinstance(a, Play) and a.card.rank is Rank.SEVEN for a in round_.legal_actions())


def _seven(table: Table) -> Play:
    legal = table.session.match.legal_actions()
    return next(a for a in legal if isinstance(a, Play) and a.card.rank is Rank.SEVEN and not a.uno)


def _targets_asked(table: Table) -> list[told.AskTarget]:
    return [m for m in table.front.messages if isinstance(m, told.AskTarget)]


def test_h4_the_hinted_sevens_swap_offers_the_seat_the_hint_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session = new_session(seed=3, rules=PARTY)
    play_on(session, _a_seven_to_play)
    table = Table(session, SLOW_BOTS)
    table.start()
    seven = _seven(table)
    named = swap_partner(session.view(), seven.card)
    assert named is not None
    table.controller.hinted = seven  # as if the hint had advised it ("…, and Mario holds the fewest cards")
    assert table.controller.act(seven)
    asked = _targets_asked(table)[-1]
    assert asked.seven and asked.advised == named
    table.controller.choose_target(named)
    assert (HUMAN, ChooseTarget(named)) in session.match.round.view(HUMAN).public_history
    session.close()


def test_h4_a_seven_played_without_the_hint_offers_no_seat(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session = new_session(seed=3, rules=PARTY)
    play_on(session, _a_seven_to_play)
    table = Table(session, SLOW_BOTS)
    table.start()
    assert table.controller.act(_seven(table))
    assert _targets_asked(table)[-1].advised is None
    session.close()


def _a_green_shell_to_aim(match) -> bool:
    round_ = match.round
    return round_.decider == HUMAN and round_.phase is Phase.CHOOSE_TARGET and round_.choice_for != "seven"


def _item_boxes_first(match) -> Action:
    legal = match.legal_actions()
    boxes = (a for a in legal if isinstance(a, Play) and a.card.rank is Rank.WILD_ITEM_BOX)
    return next(boxes, plays(match))


def test_i3_a_green_shell_from_the_hinted_item_box_offers_the_experts_target(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session = new_session(seed=9)
    play_on(session, _a_green_shell_to_aim, player=_item_boxes_first)
    table = Table(session, SLOW_BOTS)
    hints = session.seats[HUMAN].hints
    carried = hinting.carried(table.controller, hinting.Followed(None))  # the hint's Item Box was just played
    expert = Advisor(session).hint().action
    assert isinstance(expert, ChooseTarget) and carried == expert
    asked = questions.question(session, HUMAN, carried)
    assert isinstance(asked, told.AskTarget) and asked.advised == expert.seat and not asked.seven
    assert session.seats[HUMAN].hints == hints  # not counted: part of the move the player took from the hint
    assert hinting.carried(table.controller, None) is None  # a move of the player's own: nothing offered
    session.close()
