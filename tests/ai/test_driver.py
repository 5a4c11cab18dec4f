"""The driver: the one order in which bots act at a table (ai/driver.py's docstring)."""

from __future__ import annotations

import pytest

import ai
from ai.driver import Driver, Step
from unokart_tui.engine import CatchUno, Draw, Match, Play, SayUno
from unokart_tui.table.session import Session

from ..engine.helpers import position


def exposed_table():
    """Seat 0 plays its second-last card without UNO (U2): seat 0 is exposed, seat 1 decides next."""
    round_ = position("R5 R6", "Y1 Y2 R2", "Y3 Y4", discard="R9")
    round_.apply(Play("R5"))
    assert round_.exposed == 0 and round_.decider == 1
    return round_


def bot(reaction_ms: int, *, catch: float = 1.0, late_uno: float = 0.0, name: str = "greedy", **params):
    return ai.make_bot(name, seed=1, reaction_ms=reaction_ms, catch_chance=catch, late_uno=late_uno, **params)


def test_the_fastest_reaction_comes_before_the_next_decision():
    round_ = exposed_table()
    driver = Driver([bot(900), bot(600), bot(300)])
    assert driver.reaction_order == (2, 1, 0)
    assert driver.next_step(round_) == Step(2, CatchUno(2), reaction=True)
    round_.apply(CatchUno(2))  # the exposure is over: the decider's turn
    step = driver.next_step(round_)
    assert step is not None and step.seat == 1 and not step.reaction


def test_a_tie_in_reaction_time_goes_to_the_lower_seat():
    driver = Driver([bot(900), bot(300), bot(300)])
    assert driver.reaction_order == (1, 2, 0)
    assert driver.next_step(exposed_table()) == Step(1, CatchUno(1), reaction=True)


def test_the_exposed_bot_says_uno_late_if_it_is_faster_than_the_catchers():
    driver = Driver([bot(100, late_uno=1.0), bot(600), bot(300)])
    assert driver.next_step(exposed_table()) == Step(0, SayUno(0), reaction=True)


def test_a_bot_that_lets_it_go_is_passed_over_and_then_the_decider_decides():
    round_ = exposed_table()
    quiet = Driver([bot(900), bot(300, catch=0.0), bot(600, catch=0.0)])
    decision = quiet.next_step(round_)
    assert decision is not None and decision.seat == 1 and not decision.reaction
    one_catcher = Driver([bot(900), bot(300, catch=0.0), bot(600)])
    assert one_catcher.next_step(round_) == Step(2, CatchUno(2), reaction=True)


def test_the_decision_is_the_bots_own_choice_from_its_view():
    round_ = position("R5 G2 B7", "Y1 Y2", discard="R9")
    greedy = ai.make_bot("greedy", seed=4)
    step = Driver([greedy, ai.make_bot("random")]).next_step(round_)
    assert step == Step(0, greedy.choose(round_.view(0), round_.legal_actions()), reaction=False)


def test_nothing_to_do_while_a_person_decides_but_the_bots_still_catch():
    round_ = position("R5 R6 G1", "Y1 Y2", "Y3 Y4", discard="R9")
    driver = Driver({1: bot(300), 2: bot(600)})  # seat 0 is a person's
    assert driver.next_step(round_) is None
    assert driver.bot_to_decide(round_) is None
    with pytest.raises(ValueError, match="no bot decides now"):
        driver.decision(round_)
    round_.apply(Draw())  # the draw pile is empty: seat 0 draws nothing, and seat 1 decides
    assert driver.bot_to_decide(round_) == 1
    person_exposed = exposed_table()
    assert Driver({1: bot(600), 2: bot(300)}).next_step(person_exposed) == Step(2, CatchUno(2), reaction=True)


def test_nothing_happens_in_a_round_that_is_over():
    match = Match.new(2, seed=3)
    driver = Driver([bot(300), bot(600)])
    while not match.round.is_over:
        step = driver.next_step(match.round)
        assert step is not None
        match.apply(step.action)
    assert driver.next_step(match.round) is None
    assert driver.reaction(match.round, 0) is None


def test_the_session_asks_the_driver_in_its_order():
    session = Session.new("Ann", ["greedy", "random", "challenger"], seed=8, name="driven")
    assert [seat for _, seat in session.reaction_delays()] == list(session.driver.reaction_order)
    while session.bot_to_act() is None:  # the player draws until a bot decides
        session.apply(session.match.legal_actions()[-1])
    seat = session.bot_to_act()
    assert session.bot_action(seat) == session.driver.decision(session.match.round)
    with pytest.raises(ValueError, match="not a bot that decides now"):
        session.bot_action(0)
    session.close()


def test_only_a_jump_in_counts_when_the_pacer_asks_for_one():
    """H5b: the pacer asks the driver's one loop for the first bot that jumps in, however fast the others are."""
    from unokart_tui.engine import HouseRules, JumpIn

    rules = HouseRules(jump_in=True)
    round_ = position("R5 R6 G1", "Y1 Y2 R2", "R5 Y4", discard="R9", rules=rules)
    round_.apply(Play("R5"))  # seat 2 holds the twin; seat 1, the fastest, does not
    driver = Driver([bot(900), bot(100), bot(600, name="random", jump_in_chance=1.0)])
    step = driver.next_reaction(round_, jump_ins_only=True)
    assert step is not None and step.seat == 2 and isinstance(step.action, JumpIn) and step.reaction
    assert driver.next_step(round_) == step  # the same loop: nobody else reacts either
    official = position("R5 R6 G1", "Y1 Y2 R2", "R5 Y4", discard="R9")
    official.apply(Play("R5"))
    assert driver.next_reaction(official, jump_ins_only=True) is None  # no jumping in without H5


def test_a_catch_is_no_jump_in_when_only_a_jump_in_counts():
    from unokart_tui.engine import HouseRules

    round_ = position("R5 R6", "Y1 Y2 R2", "R5 Y4", discard="R9", rules=HouseRules(jump_in=True))
    round_.apply(Play("R5"))  # seat 0 is exposed; seat 2 could jump in, but catches
    driver = Driver([bot(900), bot(300), bot(600)])
    assert driver.next_reaction(round_) == Step(1, CatchUno(1), reaction=True)
    assert driver.next_reaction(round_, jump_ins_only=True) is None
