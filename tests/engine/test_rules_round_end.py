"""The printed rules of docs/rules.md: the end of a round, its scoring and the end of the match (E1-E4).

One test (or more) per rule, named after its id, each built on a position.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    CardsDrawn,
    ChooseTarget,
    Color,
    Draw,
    DrawReason,
    Match,
    MatchWon,
    Phase,
    RoundWon,
    RulesError,
)

from .helpers import finish_round_by_random_play, hand, of_type, play, position


def test_E1_playing_the_last_card_ends_the_round():
    round_ = position("R5", "Y1 Y2", discard="R9")
    events = round_.apply(play("R5"))
    assert round_.is_over
    assert round_.phase is Phase.OVER
    assert round_.winner == 0
    assert round_.legal_actions() == []
    with pytest.raises(RulesError, match="over"):
        round_.apply(Draw())
    assert of_type(events, RoundWon)[0].points == 3


def test_E2_last_card_draw_two_still_makes_the_next_draw_and_it_counts():
    round_ = position("R+2", "Y1", "G3", draw="B9 B8", discard="R9")
    events = round_.apply(play("R+2"))
    assert hand(round_, 1) == ["Y1", "B9", "B8"]
    assert of_type(events, RoundWon)[0].points == 1 + 9 + 8 + 3


def test_E2_last_card_wild_draw_four_draws_four_without_challenge():
    round_ = position("W+4", "Y1", draw="B1 B2 B3 B4", discard="R9")
    events = round_.apply(play("W+4", Color.GREEN))
    assert round_.is_over
    assert len(round_.hands[1]) == 5
    assert of_type(events, RoundWon)[0].points == 1 + 1 + 2 + 3 + 4


def test_E2_last_card_item_box_banana_still_hits():
    round_ = position("WI", "Y1", "Y2", draw="Y4 B1 B2", discard="R9")
    events = round_.apply(play("WI"))
    assert hand(round_, 2) == ["Y2", "B1", "B2"]
    assert round_.is_over
    assert of_type(events, RoundWon)[0].points == 1 + 2 + 1 + 2


def test_E2_last_card_item_box_lightning_still_hits():
    round_ = position("WI", "Y1", "Y2", draw="B4 R1 R2", discard="R9")
    round_.apply(play("WI"))
    assert round_.is_over
    assert [len(h) for h in round_.hands] == [0, 2, 2]


def test_E2_last_card_green_shell_target_is_chosen_before_the_round_ends():
    round_ = position("WI", "Y1", "Y2", draw="G4 R1", discard="R9")
    round_.apply(play("WI"))
    assert not round_.is_over
    assert round_.phase is Phase.CHOOSE_TARGET
    events = round_.apply(ChooseTarget(1))
    assert round_.is_over
    assert of_type(events, RoundWon)[0].points == 1 + 1 + 2


def test_E2_last_card_green_shell_two_players_is_automatic():
    round_ = position("WI", "Y1", draw="G4 R1", discard="R9")
    round_.apply(play("WI"))
    assert round_.is_over
    assert hand(round_, 1) == ["Y1", "R1"]


@pytest.mark.parametrize("turned", ["R4", "W+4"])
def test_E2_decision_effects_on_the_winner_do_not_happen(turned):
    round_ = position("WI", "Y1", draw=f"{turned} B1 B2", discard="R9")
    round_.apply(play("WI"))
    assert round_.is_over  # no extra turn, no Bob-omb draw or colour choice
    assert round_.winner == 0
    assert round_.hands[0] == ()


def test_E2_last_card_skip_or_reverse_just_wins():
    for last in ("RS", "RR"):
        round_ = position(last, "Y1", "Y2", discard="R9")
        round_.apply(play(last))
        assert round_.winner == 0


def test_E3_winner_scores_every_card_left_in_opponents_hands():
    round_ = position("R5", "Y1 GS", "W+4 B+2 R0", discard="R9")
    events = round_.apply(play("R5"))
    assert of_type(events, RoundWon)[0].points == 1 + 20 + 50 + 20 + 0
    assert round_.points == 91


def test_E4_match_ends_at_the_target_and_the_winner_is_at_or_above_it():
    match = Match.new(["Ann", "Bob", "Cy"], seed=9, target=200)
    import random

    rng = random.Random(0)
    events = []
    while not match.is_over:
        if match.round.is_over:
            match.next_round()
            continue
        events = match.apply(rng.choice(match.legal_actions()))
    assert match.winner is not None
    assert match.scores[match.winner] >= 200
    assert sum(1 for s in match.scores if s >= 200) == 1
    assert of_type(events, MatchWon)[0].seat == match.winner
    with pytest.raises(RulesError):
        match.next_round()


def test_E4_next_round_only_after_the_round_is_over():
    match = Match.new(2, seed=1)
    with pytest.raises(RulesError, match="not over"):
        match.next_round()


def test_E4_default_target_is_500():
    assert Match.new(3, seed=0).target == 500


def test_scores_carry_into_the_next_round():
    match = Match.new(3, seed=4, target=5000)
    finish_round_by_random_play(match)
    scores = match.scores
    assert sum(scores) > 0
    match.next_round()
    assert match.round.scores == scores
    assert match.round_number == 2


def test_draw_reason_is_reported():
    round_ = position("R+2 R5", "Y1", draw="B1 B2", discard="R9")
    events = round_.apply(play("R+2"))
    assert of_type(events, CardsDrawn)[0].reason is DrawReason.DRAW_TWO
