"""The printed rules of docs/rules.md: a turn: what may be played and drawing (T1-T4).

One test (or more) per rule, named after its id, each built on a position.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Card,
    CardsDrawn,
    Color,
    Draw,
    Pass,
    Phase,
    PileReshuffled,
    Play,
    RulesError,
)

from .helpers import hand, of_type, play, position


def test_T1_playable_by_colour_number_or_symbol():
    round_ = position("R2 G7 BS YR G+2 B1", "Y1", discard="G9 R7")
    legal = {str(a.card) for a in round_.legal_actions() if isinstance(a, Play)}
    assert legal == {"R2", "G7"}
    round_ = position("BS YS R1", "Y1", discard="GS")
    assert {str(a.card) for a in round_.legal_actions() if isinstance(a, Play)} == {"BS", "YS"}
    round_ = position("B+2 Y5", "Y1", discard="R+2")
    assert {str(a.card) for a in round_.legal_actions() if isinstance(a, Play)} == {"B+2"}


def test_T1_on_a_wild_only_the_chosen_colour_matches():
    round_ = position("R4 B4 G+2", "Y1", discard="R4 W+4", color=Color.GREEN)
    assert {str(a.card) for a in round_.legal_actions() if isinstance(a, Play)} == {"G+2"}


def test_T1_an_unplayable_card_is_a_rules_error_and_changes_nothing():
    round_ = position("R2 B5", "Y1", draw="G1", discard="G9")
    before = position("R2 B5", "Y1", draw="G1", discard="G9")
    with pytest.raises(RulesError, match="can't go on"):
        round_.apply(play("R2"))
    assert round_ == before


def test_T2_wilds_are_playable_on_anything_even_with_a_match():
    round_ = position("G5 W+4 WI", "Y1", discard="G9")
    plays = [a for a in round_.legal_actions() if isinstance(a, Play)]
    assert {str(a.card) for a in plays} == {"G5", "W+4", "WI"}
    assert {a.color for a in plays if str(a.card) == "W+4"} == set(Color)


def test_T3_draw_a_playable_card_then_play_it():
    round_ = position("R2 B5", "Y1 Y2", draw="G3 B7", discard="G9")
    round_.apply(Draw())
    assert round_.phase is Phase.DRAWN
    assert round_.current == 0
    assert round_.legal_actions() == [play("G3"), Pass()]
    round_.apply(play("G3"))
    assert round_.top_card == Card.parse("G3")
    assert round_.current == 1


def test_T3_draw_a_playable_card_then_keep_it():
    round_ = position("R2 B5", "Y1 Y2", draw="G3 B7", discard="G9")
    round_.apply(Draw())
    round_.apply(Pass())
    assert hand(round_, 0) == ["R2", "B5", "G3"]
    assert round_.current == 1
    assert round_.phase is Phase.PLAY


def test_T3_only_the_drawn_card_may_be_played():
    round_ = position("G5 B5", "Y1 Y2", draw="G3 B7", discard="G9")
    round_.apply(Draw())
    with pytest.raises(RulesError, match="only play the card you just drew"):
        round_.apply(play("G5"))


def test_T3_an_unplayable_drawn_card_ends_the_turn_at_once():
    round_ = position("R2 B5", "Y1 G2", draw="R3 B7", discard="G9")
    events = round_.apply(Draw())
    assert of_type(events, CardsDrawn)[0].cards == (Card.parse("R3"),)
    assert round_.current == 1
    assert round_.phase is Phase.PLAY


def test_T3_draw_is_allowed_even_with_a_playable_card():
    round_ = position("G2 B5", "Y1 Y2", draw="R3", discard="G9")
    assert Draw() in round_.legal_actions()
    round_.apply(Draw())
    assert hand(round_, 0) == ["G2", "B5", "R3"]


def test_T4_empty_draw_pile_reshuffles_all_discards_but_the_top():
    round_ = position("R2 B5", "Y1 G2", draw="", discard="R8 Y8 B8 G9", seed=3)
    events = round_.apply(Draw())
    assert of_type(events, PileReshuffled)[0].size == 3
    assert round_.discard == (Card.parse("G9"),)
    assert len(round_.draw_pile) == 2
    assert len(round_.hands[0]) == 3


def test_T4_nothing_to_draw_anywhere_the_player_passes():
    round_ = position("R2 B5", "Y1 G2", draw="", discard="G9")
    events = round_.apply(Draw())
    assert of_type(events, CardsDrawn)[0].cards == ()
    assert hand(round_, 0) == ["R2", "B5"]
    assert round_.current == 1


def test_T4_a_penalty_draws_what_it_can():
    round_ = position("R2 B5 R+2", "Y1 Y2", "G1 G2", draw="", discard="R9")
    events = round_.apply(play("R+2"))
    drawn = of_type(events, CardsDrawn)[0]
    assert (drawn.seat, len(drawn.cards), drawn.wanted) == (1, 1, 2)
    assert len(round_.hands[1]) == 3
    assert round_.current == 2
