"""The printed rules of docs/rules.md: the action cards (A1-A5).

One test (or more) per rule, named after its id, each built on a position.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Accept,
    Card,
    CardTurned,
    Challenge,
    Color,
    Phase,
    PileReshuffled,
    RulesError,
    TurnSkipped,
)

from .helpers import cards, hand, of_type, play, position


def test_A1_draw_two_next_draws_two_and_loses_turn():
    round_ = position("R+2 R5", "Y1", "Y2", draw="B1 B2 B3", discard="R9")
    events = round_.apply(play("R+2"))
    assert hand(round_, 1) == ["Y1", "B1", "B2"]
    assert round_.current == 2
    assert of_type(events, TurnSkipped)[0].seat == 1


def test_A1_no_stacking_draw_two_on_draw_two_victim_cannot_answer():
    round_ = position("R+2 R5", "G+2 Y1", "Y2", draw="B1 B2 B3", discard="R9")
    round_.apply(play("R+2"))
    assert round_.current == 2  # seat 1 never got to answer with its own Draw Two


def test_A2_skip_next_player_loses_turn():
    round_ = position("RS R5", "Y1", "Y2", discard="R9")
    round_.apply(play("RS"))
    assert round_.current == 2


def test_A3_reverse_changes_direction():
    round_ = position("RR R5", "Y1", "Y2", "Y3", discard="R9", current=0)
    round_.apply(play("RR"))
    assert round_.direction == -1
    assert round_.current == 3


def test_A3_decision_two_players_reverse_acts_as_skip():
    round_ = position("RR R5", "Y1", discard="R9")
    round_.apply(play("RR"))
    assert round_.direction == -1
    assert round_.current == 0  # the player goes again
    assert round_.phase is Phase.PLAY


def test_A4_wild_draw_four_accept_draws_four_and_loses_turn():
    round_ = position("W+4 R5", "Y1", "Y2", draw="B1 B2 B3 B4 B5", discard="G9")
    round_.apply(play("W+4", Color.YELLOW))
    assert round_.phase is Phase.CHALLENGE
    assert round_.current == 1
    assert round_.active_color is Color.YELLOW
    assert round_.legal_actions() == [Accept(), Challenge()]
    round_.apply(Accept())
    assert hand(round_, 1) == ["Y1", "B1", "B2", "B3", "B4"]
    assert round_.current == 2
    assert round_.active_color is Color.YELLOW


def test_A4_wild_draw_four_needs_a_colour_and_others_take_none():
    round_ = position("W+4 WI R5", "Y1", discard="G9")
    before = position("W+4 WI R5", "Y1", discard="G9")
    with pytest.raises(RulesError, match="needs the colour"):
        round_.apply(play("W+4"))
    with pytest.raises(RulesError, match="Only a Wild Draw Four"):
        round_.apply(play("WI", Color.RED))
    assert round_ == before


def test_A5_item_box_turns_the_top_card_and_only_its_item_happens():
    # The turned Yellow Draw Two is a Banana: nobody draws two for the Draw Two.
    round_ = position("WI R5", "Y1", "Y2", "Y3", draw="Y+2 B1 B2 B3", discard="G9")
    events = round_.apply(play("WI"))
    assert of_type(events, CardTurned)[0].card == Card.parse("Y+2")
    assert round_.top_card == Card.parse("Y+2")
    assert round_.active_color is Color.YELLOW
    assert len(round_.hands[1]) == 1  # no Draw Two for the next player
    assert hand(round_, 3) == ["Y3", "B1", "B2"]  # the Banana hits the seat behind
    assert round_.current == 1


def test_A5_turned_skip_does_not_skip():
    round_ = position("WI R5", "Y1", "Y2", draw="RS B1 B2 B3", discard="G9")
    round_.apply(play("WI"))
    assert round_.top_card == Card.parse("RS")
    assert round_.current == 0  # the Mushroom's extra turn, no skip of seat 1


def test_A5_decision_empty_draw_pile_turns_the_card_the_item_box_covered():
    # T4 makes every discard but the Item Box the draw pile, so there is always a card to turn:
    # the Decision's "nothing can be turned" case cannot arise with a discard pile under the box.
    round_ = position("WI R5", "Y1", "Y2", draw="", discard="G9")
    events = round_.apply(play("WI"))
    assert of_type(events, PileReshuffled)[0].size == 1
    assert of_type(events, CardTurned)[0].card == Card.parse("G9")
    assert round_.discard == tuple(cards("WI G9"))
    assert round_.phase is Phase.CHOOSE_TARGET


def test_A5_empty_draw_pile_reshuffles_before_turning():
    round_ = position("WI R5", "Y1", "Y2", draw="", discard="B4 G9", seed=1)
    events = round_.apply(play("WI"))
    assert of_type(events, PileReshuffled)
    assert of_type(events, CardTurned)[0].card in cards("B4 G9")
