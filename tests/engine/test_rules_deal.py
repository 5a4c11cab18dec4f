"""The printed rules of docs/rules.md: the set-up and the deal (D1-D10).

One test (or more) per rule, named after its id, each built on a position.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    ChooseColor,
    Color,
    DealerChosen,
    Match,
    Phase,
    Rank,
    Round,
    RulesError,
)
from unokart_tui.engine.match import choose_dealer

from .helpers import deal_with_start, finish_round_by_random_play


@pytest.mark.parametrize("count", [1, 11, 0, -2])
def test_D1_player_count_outside_2_to_10_is_refused(count):
    with pytest.raises(RulesError):
        Match.new(count, seed=1)
    with pytest.raises(RulesError):
        Round.deal(count, dealer=0, seed=1)


@pytest.mark.parametrize("count", [2, 10])
def test_D1_two_and_ten_players_are_fine(count):
    assert Match.new(count, seed=1).round.num_players == count


def test_D2_highest_number_deals_and_ties_draw_again():
    import random

    for seed in range(300):
        chosen = choose_dealer(6, random.Random(seed))
        assert isinstance(chosen, DealerChosen)
        value = {seat: (card.number or 0) for seat, card in chosen.draws[-1]}
        assert max(value, key=lambda s: (value[s], s == chosen.dealer)) == chosen.dealer
        assert list(value.values()).count(value[chosen.dealer]) == 1
        for earlier in chosen.draws[:-1]:  # a tie: only the tied players draw again
            values = [card.number or 0 for _, card in earlier]
            tied = [seat for seat, card in earlier if (card.number or 0) == max(values)]
            assert len(tied) > 1
        if len(chosen.draws) > 1:
            later = [seat for seat, _ in chosen.draws[1]]
            first_values = {seat: card.number or 0 for seat, card in chosen.draws[0]}
            assert later == [s for s in first_values if first_values[s] == max(first_values.values())]


def test_D2_action_cards_and_wilds_count_as_zero():
    import random

    seen_beaten = seen_tied = False  # an action card or wild lost to a number; tied with a 0 or another at zero
    for seed in range(500):
        chosen = choose_dealer(10, random.Random(seed))
        for number, draws in enumerate(chosen.draws):
            values = {seat: card.number if card.rank.is_number else 0 for seat, card in draws}
            best = max(values.values())
            highest = [seat for seat, value in values.items() if value == best]
            later = chosen.draws[number + 1 :]
            # The highest draw again (only they), or the one highest deals.
            assert ([seat for seat, _ in later[0]] if later else [chosen.dealer]) == highest
            actions = {seat for seat, card in draws if not card.rank.is_number}
            seen_beaten |= bool(actions) and best > 0
            seen_tied |= bool(actions & set(highest)) and len(highest) > 1
    assert seen_beaten and seen_tied


def test_D2_dealer_is_deterministic_for_a_seed():
    assert Match.new(5, seed=42).dealer == Match.new(5, seed=42).dealer
    dealers = {Match.new(5, seed=seed).dealer for seed in range(40)}
    assert len(dealers) > 1


def test_D3_seven_cards_each_and_the_rest_is_the_draw_pile():
    for seed in range(30):
        round_ = Round.deal(4, dealer=2, seed=seed)
        sizes = [len(h) for h in round_.hands]
        first_victim = 3  # D7 may have made the player left of the dealer draw two
        assert all(size == 7 for seat, size in enumerate(sizes) if seat != first_victim)
        assert sizes[first_victim] in (7, 9)
        assert len(round_.draw_pile) + len(round_.discard) + sum(sizes) == 112


def test_D4_a_wild_draw_four_start_card_is_shuffled_back():
    returned = 0
    for seed in range(600):
        round_ = Round.deal(3, dealer=0, seed=seed)
        assert round_.top_card.rank is not Rank.WILD_DRAW_FOUR
        assert len(round_.discard) == 1
        returned += any(type(e).__name__ == "StartCardReturned" for e in round_.start_events)
    assert returned > 0


def test_D5_item_box_start_dealer_chooses_colour_and_no_item():
    round_ = deal_with_start(Rank.WILD_ITEM_BOX, players=4, dealer=1)
    assert round_.phase is Phase.CHOOSE_COLOR
    assert round_.decider == 1  # the dealer decides
    assert round_.current == 2  # ... for the first player, who is to move
    assert round_.active_color is None
    assert len(round_.discard) == 1  # no item: nothing was turned
    assert all(len(h) == 7 for h in round_.hands)
    round_.apply(ChooseColor(Color.BLUE))
    assert (round_.phase, round_.current, round_.decider, round_.active_color) == (Phase.PLAY, 2, 2, Color.BLUE)


def test_D6_reverse_start_dealer_plays_first_going_right():
    round_ = deal_with_start(Rank.REVERSE, players=4, dealer=1)
    assert round_.current == 1
    assert round_.direction == -1


def test_D7_draw_two_start_left_of_dealer_draws_two_and_is_skipped():
    round_ = deal_with_start(Rank.DRAW_TWO, players=4, dealer=1)
    assert len(round_.hands[2]) == 9
    assert round_.current == 3


def test_D8_skip_start_left_of_dealer_is_skipped():
    round_ = deal_with_start(Rank.SKIP, players=4, dealer=3)
    assert round_.current == 1
    assert all(len(h) == 7 for h in round_.hands)


def test_D9_otherwise_left_of_dealer_plays_first():
    round_ = deal_with_start(Rank.SEVEN, players=5, dealer=4)
    assert round_.current == 0
    assert round_.direction == 1
    assert round_.active_color is round_.top_card.color


def test_D10_the_deal_passes_left_each_round():
    match = Match.new(3, seed=5, target=10_000)
    dealers = [match.dealer]
    for _ in range(4):
        finish_round_by_random_play(match)
        match.next_round()
        dealers.append(match.dealer)
    assert dealers == [(dealers[0] + i) % 3 for i in range(5)]
