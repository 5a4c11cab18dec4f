"""The printed rules of docs/rules.md: the items an Item Box turns (I1-I5).

One test (or more) per rule, named after its id, each built on a position.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Card,
    CardsDrawn,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    Phase,
    RulesError,
)

from .helpers import hand, of_type, play, position


def test_I1_mushroom_same_player_plays_again():
    round_ = position("WI R5 B2", "Y1", "Y2", draw="R3 B1", discard="G9")
    round_.apply(play("WI"))
    assert round_.current == 0
    assert round_.phase is Phase.PLAY
    assert round_.active_color is Color.RED
    assert [str(a) for a in round_.legal_actions()] == ["play R5 uno", "play R5", "draw"]


def test_I1_mushroom_and_nothing_to_play_draws_as_T3():
    round_ = position("WI B2 B3", "Y1", "Y2", draw="R3 G1", discard="G9")
    round_.apply(play("WI"))
    round_.apply(Draw())
    assert hand(round_, 0) == ["B2", "B3", "G1"]
    assert round_.current == 1


@pytest.mark.parametrize(("direction", "behind"), [(1, 0), (-1, 2)])
def test_I2_decision_banana_the_previous_seat_in_play_order_draws_two(direction, behind):
    round_ = position("Y1", "WI R5", "Y2", "Y3", draw="Y4 B1 B2", discard="G9", current=1, direction=direction)
    round_.apply(play("WI"))
    sizes = [len(h) for h in round_.hands]
    assert sizes == [3 if seat == behind else 1 for seat in range(4)]
    assert round_.current == (1 + direction) % 4  # then play passes on normally


def test_I2_banana_with_two_players_hits_the_opponent():
    round_ = position("WI R5", "Y1", draw="Y4 B1 B2", discard="G9")
    round_.apply(play("WI"))
    assert hand(round_, 1) == ["Y1", "B1", "B2"]
    assert round_.current == 1


def test_I3_green_shell_player_chooses_an_opponent_who_draws_one():
    round_ = position("WI R5", "Y1", "Y2", "Y3", draw="G4 B1", discard="G9")
    round_.apply(play("WI"))
    assert round_.phase is Phase.CHOOSE_TARGET
    assert round_.decider == 0
    assert round_.legal_actions() == [ChooseTarget(1), ChooseTarget(2), ChooseTarget(3)]
    with pytest.raises(RulesError, match="opponent"):
        round_.apply(ChooseTarget(0))
    round_.apply(ChooseTarget(2))
    assert hand(round_, 2) == ["Y2", "B1"]
    assert round_.current == 1
    assert round_.active_color is Color.GREEN


def test_I3_green_shell_with_two_players_is_automatic():
    round_ = position("WI R5", "Y1", draw="G4 B1", discard="G9")
    round_.apply(play("WI"))
    assert round_.phase is Phase.PLAY
    assert hand(round_, 1) == ["Y1", "B1"]
    assert round_.current == 1


def test_I4_lightning_everyone_else_draws_one_from_the_next_seat_and_player_goes_again():
    round_ = position("Y1", "Y2", "WI R5", "Y3", draw="B4 R1 R2 R3", discard="G9", current=2, direction=-1)
    events = round_.apply(play("WI"))
    drawn = [(e.seat, [str(c) for c in e.cards]) for e in of_type(events, CardsDrawn)]
    assert drawn == [(1, ["R1"]), (0, ["R2"]), (3, ["R3"])]
    assert round_.current == 2
    assert round_.active_color is Color.BLUE
    assert len(round_.hands[2]) == 1  # the player drew nothing


@pytest.mark.parametrize("turned", ["W+4", "WI"])
def test_I5_bob_omb_player_draws_two_and_chooses_colour(turned):
    round_ = position("WI R5", "Y1", "Y2", draw=f"{turned} B1 B2 B3", discard="G9")
    round_.apply(play("WI"))
    assert round_.top_card == Card.parse(turned)
    assert hand(round_, 0) == ["R5", "B1", "B2"]
    assert hand(round_, 1) == ["Y1"]  # a turned W+4 draws nobody four
    assert len(round_.draw_pile) == 1  # a turned Item Box turns nothing further
    assert round_.phase is Phase.CHOOSE_COLOR
    assert round_.decider == 0
    round_.apply(ChooseColor(Color.YELLOW))
    assert round_.active_color is Color.YELLOW
    assert round_.current == 1
