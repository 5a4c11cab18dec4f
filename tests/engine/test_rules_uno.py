"""The printed rules of docs/rules.md: saying UNO and being caught (U1-U3).

One test (or more) per rule, named after its id, each built on a position.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Card,
    CatchUno,
    Challenge,
    ChallengeResolved,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    PlayerExposed,
    RulesError,
    SayUno,
    UnoCaught,
    UnoSaid,
)

from .helpers import hand, of_type, play, position


def test_U1_a_play_leaving_one_card_is_listed_with_and_without_uno():
    round_ = position("R5 R6", "Y1", discard="R9")
    assert round_.legal_actions() == [play("R5", uno=True), play("R5"), play("R6", uno=True), play("R6"), Draw()]


def test_U1_saying_uno_with_the_play_is_safe():
    round_ = position("R5 R6", "Y1", discard="R9")
    events = round_.apply(play("R5", uno=True))
    assert round_.exposed is None
    assert of_type(events, UnoSaid)


def test_U2_forgetting_exposes_until_the_next_action():
    round_ = position("R5 R6", "Y1 Y2", draw="B1 B2", discard="R9")
    events = round_.apply(play("R5"))
    assert round_.exposed == 0
    assert of_type(events, PlayerExposed)
    round_.apply(Draw())  # seat 1's action ends the exposure
    assert round_.exposed is None
    with pytest.raises(RulesError):
        round_.apply(CatchUno(1))


def test_U2_a_caught_player_draws_two():
    round_ = position("R5 R6", "Y1 Y2", "Y3", draw="B1 B2", discard="R9")
    round_.apply(play("R5"))
    events = round_.apply(CatchUno(2))  # any opponent, not only the one to move
    assert of_type(events, UnoCaught)[0].catcher == 2
    assert hand(round_, 0) == ["R6", "B1", "B2"]
    assert round_.exposed is None
    assert round_.current == 1  # catching is not a turn


def test_U2_saying_uno_late_makes_the_player_safe():
    round_ = position("R5 R6", "Y1 Y2", draw="B1 B2", discard="R9")
    round_.apply(play("R5"))
    round_.apply(SayUno(0))
    assert round_.exposed is None
    with pytest.raises(RulesError):
        round_.apply(CatchUno(1))


def test_U2_only_the_exposed_seat_says_uno_and_nobody_catches_themselves():
    round_ = position("R5 R6", "Y1 Y2", draw="B1 B2", discard="R9")
    with pytest.raises(RulesError):
        round_.apply(SayUno(0))
    round_.apply(play("R5"))
    with pytest.raises(RulesError):
        round_.apply(SayUno(1))
    with pytest.raises(RulesError):
        round_.apply(CatchUno(0))
    with pytest.raises(RulesError):
        round_.apply(CatchUno(7))
    assert round_.exposed == 0


def test_U3_decision_no_exposure_after_bob_omb():
    round_ = position("WI R6", "Y1 Y2", draw="W+4 B1 B2", discard="R9")
    round_.apply(play("WI"))
    round_.apply(ChooseColor(Color.RED))
    assert round_.exposed is None
    assert len(round_.hands[0]) == 3


def test_U3_exposure_is_judged_after_the_players_own_choice():
    round_ = position("WI R6", "Y1 Y2", "Y3", draw="G1 B1 B2", discard="R9")
    round_.apply(play("WI"))
    assert round_.exposed is None  # not yet: the Green Shell target is still to choose
    events = round_.apply(ChooseTarget(2))
    assert round_.exposed == 0
    assert of_type(events, PlayerExposed)


def test_U3_uno_said_with_the_play_counts_after_the_choice():
    round_ = position("WI R6", "Y1 Y2", "Y3", draw="G1 B1 B2", discard="R9")
    round_.apply(play("WI", uno=True))
    round_.apply(ChooseTarget(1))
    assert round_.exposed is None


def test_U3_uno_with_a_play_that_leaves_more_cards_does_nothing():
    round_ = position("R5 R6 R7", "Y1 Y2", discard="R9")
    events = round_.apply(play("R5", uno=True))
    assert round_.exposed is None
    assert not of_type(events, UnoSaid)


def test_U2_exposed_after_wild_draw_four_can_be_caught_before_the_challenge():
    round_ = position("W+4 R6", "Y1 Y2", draw="B1 B2 B3 B4 B5 B6", discard="G9")
    round_.apply(play("W+4", Color.RED))
    assert round_.exposed == 0
    round_.apply(CatchUno(1))
    assert len(round_.hands[0]) == 3
    events = round_.apply(Challenge())
    # judged on the hand when the Wild Draw Four was played: R6 only, no green
    assert not of_type(events, ChallengeResolved)[0].guilty
    assert of_type(events, ChallengeResolved)[0].hand == (Card.parse("R6"),)
