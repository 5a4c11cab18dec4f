"""The expert's reading of the other seats' choices, its learned evaluation, and the fit behind it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.expert import beliefs, evaluation, inference, learn, search
from unokart_tui.engine import Card, Color, Draw, Play, Round, follows


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def _named_blue() -> Round:
    """Seat 1 plays a Wild Draw Four and names blue; seat 0 is to answer it."""
    round_ = Round.from_position(
        [["R1", "R2", "Y3", "Y4", "G5"], ["W+4", "B1", "B2", "B3", "G7", "Y8"]],
        ["R5", "R6", "R7", "R8", "G1", "G2"],
        ["R9"],
        current=1,
    )
    round_.apply(Play(Card.parse("W+4"), Color.BLUE))
    return round_


def test_a_colour_named_makes_hands_that_hold_it_more_likely():
    view = _named_blue().view(0)
    assert not beliefs.Observations(view, max_age=0).choices  # a Wild Draw Four may give cards: read with memory
    seen = beliefs.Observations(view, max_age=1)
    assert any(choice.seat == 1 and choice.color is Color.BLUE for choice in seen.choices)
    blues = cards("B4 B5 B6 G8 Y9")
    none = cards("G8 G9 Y9 Y7 G3")
    hands = {1: blues}
    assert seen.log_likelihood(lambda seat: hands[seat], 2.0) > seen.log_likelihood(lambda seat: none, 2.0)
    assert seen.log_likelihood(lambda seat: blues, 0.0) == seen.log_likelihood(lambda seat: none, 0.0)


def test_a_card_played_in_a_colour_says_that_colour_is_held_most():
    """Seat 1 could follow the 5 in red or in green, and changed to green: greens are likelier in its hand."""
    round_ = Round.from_position(
        [["R1", "R2", "Y3", "Y4", "B5"], ["G5", "R3", "G6", "G7", "G8", "B9"]],
        ["Y5", "Y6", "Y7", "Y8"],
        ["R5"],
        current=1,
    )
    round_.apply(Play(Card.parse("G5")))
    seen = beliefs.Observations(round_.view(0))
    played = [choice for choice in seen.choices if choice.card == Card.parse("G5")]
    assert played and played[0].top == Card.parse("R5") and played[0].active is Color.RED
    greens, reds = cards("G1 G2 R3 B9 Y1"), cards("R3 R4 R6 G1 Y1")
    assert seen.log_likelihood(lambda seat: greens, 2.0) > seen.log_likelihood(lambda seat: reds, 2.0)


def test_choices_before_a_seat_took_cards_count_only_with_memory():
    """Seat 1 changes to green, then draws: what it held when it chose is no longer its whole hand."""
    round_ = Round.from_position([["G1", "R1", "Y2"], ["G5", "R3", "B9", "Y7"]], ["Y4", "Y5", "Y6"], ["R5"], current=1)
    round_.apply(Play(Card.parse("G5")))
    round_.apply(Play(Card.parse("G1")))
    round_.apply(Draw())  # seat 1 has no green, no 1: it draws Y4, which does not go either
    view = round_.view(0)
    assert not beliefs.Observations(view, max_age=0).choices
    remembered = beliefs.Observations(view, max_age=1).choices
    assert [(choice.card, choice.age) for choice in remembered] == [(Card.parse("G5"), 1)]


def test_the_search_keeps_deals_in_proportion_to_their_weights():
    items = [object(), object(), object()]
    picked = search.resample(items, [1.0, 0.0, 3.0], 400, random.Random(1))
    counts = Counter(id(item) for item in picked)
    assert len(picked) == 400
    assert counts[id(items[1])] == 0
    assert counts[id(items[2])] == 300 and counts[id(items[0])] == 100


def test_the_evaluation_is_a_share_of_the_chances_and_prefers_the_smaller_hand():
    for players in range(2, 11):
        assert len(evaluation.weights_for(players)) == len(evaluation.FEATURES)
    round_ = Round.from_position(
        [["R1", "R2"], ["R3", "Y4", "G5", "B6", "Y7", "G8"]], ["G1", "G2", "G3"], ["R9"], current=0
    )
    chances = evaluation.chances(round_)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > 0.7


def test_every_table_size_has_its_fitted_weights():
    assert sorted(evaluation.WEIGHTS) == list(range(2, 11))
    for weights in evaluation.WEIGHTS.values():
        assert weights[evaluation.FEATURES.index("cards")] < 0  # each card held lowers the chance
        assert weights[evaluation.FEATURES.index("one_card")] > 0  # one card left: about to go out


def test_the_fit_learns_from_rounds_that_cards_held_lose():
    pytest.importorskip("numpy")
    data = learn.positions(2, 300, seed=3)
    assert data == learn.positions(2, 300, seed=3)  # the same seed, the same positions
    weights, likelihood = learn.fit(data)
    assert weights[evaluation.FEATURES.index("cards")] < 0
    assert likelihood > learn.naive_likelihood(data)  # it explains the winners better than counting cards


def test_a_draw_two_between_two_others_keeps_what_a_third_seat_s_draw_said():
    """At four seats, A1 hits only the next seat: seat 3's draw still tells what it lacks."""
    round_ = Round.from_position(
        [["R1", "Y2", "B3"], ["R2", "R+2", "G4"], ["Y5", "Y6", "B7"], ["G8", "G9", "B1"]],
        ["G1", "G2", "G3", "G5", "G6", "G7", "B2", "B4"],
        ["R9"],
        current=3,
    )
    round_.apply(Draw())  # seat 3 has no red, no 9: it draws G1, which does not go
    round_.apply(Play(Card.parse("R1")))
    round_.apply(Play(Card.parse("R+2")))  # seat 1 hits seat 2, who draws two
    view = round_.view(0)
    taken = inference.takers(view)
    assert taken[-1] == frozenset({2})
    lacking = inference.cannot_hold(view)
    assert 3 in lacking and Card.parse("R5") in lacking[3]


def test_an_item_box_s_item_tells_who_drew():
    """A5: the card an Item Box turned is on the discard pile; a Banana (I2) hits the seat behind only."""
    round_ = Round.from_position(
        [["WI", "R1", "Y2"], ["R2", "G4"], ["Y5", "B7"], ["G8", "B1"]],
        ["Y3", "G1", "G2", "G3", "G5", "B2"],
        ["R9"],
        current=0,
    )
    round_.apply(Play(Card.parse("WI")))  # turns Y3: a Banana, seat 3 (behind seat 0) draws two
    view = round_.view(1)
    assert inference.takers(view)[-1] == frozenset({3})


def test_a_deal_is_scored_asking_each_seat_for_its_hand_once():
    """Issue 36: the search scores 192 deals a decision; each choice asked for its seat's hand (a copy) again."""
    round_ = Round.deal(3, dealer=0, seed=8)
    rng = random.Random(8)
    while len(round_.view(0).public_history) < 30 and not round_.is_over:
        round_.apply(rng.choice(round_.legal_actions()))
    seen = beliefs.Observations(round_.view(0), max_age=2)
    assert len(seen.choices) > 2 * len({choice.seat for choice in seen.choices})
    asked: Counter[int] = Counter()

    def hand_of(seat: int) -> list[Card]:
        asked[seat] += 1
        return list(round_.hand(seat))

    score = seen.log_likelihood(hand_of, 4.0, 0.7)
    assert set(asked.values()) == {1}
    # The same sum, choice by choice, as it was taken before.
    total = 0.0
    for choice in seen.choices:
        held = [*round_.hand(choice.seat), *choice.later]
        weight = 0.7**choice.age
        if choice.drew:
            assert choice.top is not None
            total += weight * beliefs._DREW_WITH * sum(1 for card in held if follows(card, choice.active, choice.top))
        elif choice.card is None:
            total += weight * beliefs._colour_named(held, choice.color, 4.0)
        else:
            total += weight * beliefs._card_played([*held, choice.card], choice, 4.0)
    assert score == total
