"""The printed rules of docs/rules.md: challenging a Wild Draw Four (C1-C3).

One test (or more) per rule, named after its id, each built on a position.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Accept,
    Challenge,
    ChallengeResolved,
    Color,
    Phase,
    Round,
    RulesError,
)

from .helpers import cards, hand, of_type, play, position


def _wild_four_played(player_hand: str, top: str = "G9", color: Color | None = None) -> Round:
    round_ = position(player_hand, "Y1 Y2", "Y3", draw="B1 B2 B3 B4 B5 B6 B7 B8", discard=top, color=color)
    round_.apply(play("W+4", Color.RED))
    return round_


def test_C1_guilty_when_the_hand_held_the_colour_to_match():
    round_ = _wild_four_played("W+4 G2 R5")
    events = round_.apply(Challenge())
    assert of_type(events, ChallengeResolved)[0].guilty


def test_C1_decision_a_matching_number_only_is_not_guilty():
    round_ = _wild_four_played("W+4 B9 R5")  # B9 matches the 9, not the green colour
    events = round_.apply(Challenge())
    assert not of_type(events, ChallengeResolved)[0].guilty


def test_C1_other_wilds_do_not_make_it_guilty():
    round_ = _wild_four_played("W+4 WI W+4 R5")
    events = round_.apply(Challenge())
    assert not of_type(events, ChallengeResolved)[0].guilty


def test_C1_the_chosen_colour_on_a_wild_is_the_one_to_match():
    round_ = _wild_four_played("W+4 G2 B5", top="WI", color=Color.BLUE)
    events = round_.apply(Challenge())
    assert of_type(events, ChallengeResolved)[0].guilty


def test_C1_everyone_sees_who_played_the_wild_draw_four_and_the_colour_to_match():
    round_ = _wild_four_played("W+4 G2 R5")
    assert all(round_.view(seat).wild_draw_four == (0, Color.GREEN) for seat in range(3))
    round_.apply(Accept())
    assert round_.view(1).wild_draw_four is None


def test_C1_the_hand_is_shown_to_the_challenger_only():
    round_ = _wild_four_played("W+4 G2 R5")
    round_.apply(Challenge())
    assert round_.view(1).revealed == {0: tuple(cards("G2 R5"))}
    assert round_.view(2).revealed == {}
    assert round_.view(0).revealed == {}


def test_C1_only_the_next_player_decides_and_only_then():
    round_ = position("W+4 R5", "Y1", "Y2", draw="B1", discard="G9")
    with pytest.raises(RulesError):
        round_.apply(Challenge())
    round_.apply(play("W+4", Color.RED))
    assert round_.decider == 1


def test_C2_guilty_player_draws_four_colour_stands_challenger_plays():
    round_ = _wild_four_played("W+4 G2 R5")
    round_.apply(Challenge())
    assert hand(round_, 0) == ["G2", "R5", "B1", "B2", "B3", "B4"]
    assert hand(round_, 1) == ["Y1", "Y2"]
    assert round_.active_color is Color.RED
    assert round_.current == 1
    assert round_.phase is Phase.PLAY


def test_C3_not_guilty_challenger_draws_six_and_the_turn_ends():
    round_ = _wild_four_played("W+4 B5 R5")
    round_.apply(Challenge())
    assert len(round_.hands[1]) == 8
    assert round_.current == 2
    assert round_.active_color is Color.RED
