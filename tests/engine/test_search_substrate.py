"""The engine as a search substrate: a cheap copy, a quiet playout mode, determinizations of a view."""

from __future__ import annotations

import random

import pytest

from unokart_tui.engine import (
    DECK_COUNTS,
    Card,
    Challenge,
    HouseRules,
    Phase,
    Play,
    Round,
    RulesError,
    determinize,
    full_deck,
    known_cards,
)
from unokart_tui.engine.tables import shuffle

PRESETS = ["official", "house", "party", "chaos"]


def _random_positions(preset: str, seeds: range, players: int = 3, steps: int = 250):
    """Every position of seeded random play (reactions included), with the rng that plays on."""
    rules = HouseRules.preset(preset)
    for seed in seeds:
        round_ = Round.deal(players, dealer=seed % players, seed=seed, rules=rules)
        rng = random.Random(seed)
        for _ in range(steps):
            if round_.is_over:
                break
            yield round_, rng
            actions = round_.legal_actions() + [a for seat in range(players) for a in round_.reactions(seat)]
            round_.apply(rng.choice(actions))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_copy_plays_on_exactly_like_the_round(preset):
    for round_, rng in _random_positions(preset, range(4)):
        loud, quiet = round_.copy(), round_.copy(quiet=True)
        assert loud == round_
        action = rng.choice(round_.legal_actions())
        events = round_.copy().apply(action)
        assert loud.apply(action) == events
        assert quiet.apply(action) == []  # a playout builds no events
        assert quiet.view(0).public_history == ()
        assert loud.view(0).public_history == (*round_.view(0).public_history, (round_.decider, action))


def test_a_copy_is_independent():
    round_ = Round.deal(2, dealer=0, seed=3)
    copy = round_.copy(quiet=True, seed=9)
    before = round_.hands
    while not copy.is_over:
        copy.apply(copy.legal_actions()[0])
    assert round_.hands == before and not round_.is_over


@pytest.mark.parametrize("preset", PRESETS)
def test_from_view_with_the_true_hidden_cards_is_the_same_table(preset):
    for round_, _ in _random_positions(preset, range(4)):
        view = round_.view(round_.decider)
        again = Round.from_view(view, round_.hands, round_.draw_pile, drawn=round_.drawn)
        assert again.legal_actions() == round_.legal_actions()
        for seat in range(round_.num_players):
            assert again.view(seat)._replace(revealed={}) == round_.view(seat)._replace(revealed={})
            assert again.reactions(seat) == round_.reactions(seat)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_a_determinization_keeps_every_public_fact(preset):
    for round_, rng in _random_positions(preset, range(3)):
        for seat in range(round_.num_players):
            view = round_.view(seat)
            world = determinize(view, rng, quiet=False)
            assert world.view(seat) == view
            deck = [card for hand in world.hands for card in hand] + [*world.draw_pile, *world.discard]
            assert sorted(deck, key=str) == sorted(DECK_COUNTS.elements(), key=str)


def test_a_determinization_deals_what_the_seat_cannot_see_at_random():
    view = Round.deal(2, dealer=0, seed=5).view(0)
    seen = {tuple(determinize(view, random.Random(seed)).hands[1]) for seed in range(20)}
    assert len(seen) == 20
    assert determinize(view, random.Random(1)).hands == determinize(view, random.Random(1)).hands


def test_a_determinization_respects_what_the_caller_infers():
    view = Round.deal(2, dealer=0, seed=5).view(0)
    reds = {card for card in DECK_COUNTS if card.color is not None and card.color.value == "red"}
    for seed in range(10):
        hand = determinize(view, random.Random(seed), cannot_hold={1: reds}).hands[1]
        assert not reds & set(hand)


def test_a_shown_hand_is_dealt_back_less_what_was_played_since():
    # C1: seat 1 bluffed a Wild Draw Four on red; seat 0 challenged and saw R5 R5 G2.
    round_ = Round.from_position(
        [["G1", "B2", "Y3"], ["W+4", "R5", "R5", "G2"]],
        ["Y7", "B9", "G3", "Y1", "B4", "G8", "Y9", "B6", "G6", "Y4"],
        ["R3"],
        current=1,
    )
    round_.apply(Play(Card.parse("W+4"), color=Card.parse("G2").color))
    round_.apply(Challenge())  # guilty: seat 1 draws four, seat 0 plays on
    round_.apply(Play(Card.parse("G1")))
    round_.apply(Play(Card.parse("G2")))
    view = round_.view(0)
    assert known_cards(view) == {1: [Card.parse("R5"), Card.parse("R5")]}
    for seed in range(5):
        hand = determinize(view, random.Random(seed)).hands[1]
        assert hand.count(Card.parse("R5")) == 2


def test_from_view_refuses_hidden_cards_that_do_not_fit():
    round_ = Round.deal(2, dealer=0, seed=5)
    view = round_.view(0)
    hands, pile = [list(hand) for hand in round_.hands], list(round_.draw_pile)
    with pytest.raises(RulesError):
        Round.from_view(view, [hands[1], hands[0]], pile)  # seat 0's hand is not the view's
    with pytest.raises(RulesError):
        Round.from_view(view, [hands[0], hands[1] + pile[:1]], pile[1:])  # sizes differ from the view
    with pytest.raises(RulesError):
        Round.from_view(view, hands, pile[:-1] + hands[0][:1])  # a card more often than the deck has it


def test_the_written_out_shuffle_is_random_shuffle():
    for seed in range(300):
        mine, theirs = full_deck(), full_deck()
        ours, reference = random.Random(seed), random.Random(seed)
        shuffle(ours, mine)
        reference.shuffle(theirs)
        assert mine == theirs
        assert ours.getstate() == reference.getstate()


def test_the_history_is_public_and_in_order():
    round_ = Round.deal(2, dealer=0, seed=8)
    played = []
    while len(played) < 10 and not round_.is_over:
        seat, action = round_.decider, round_.legal_actions()[-1]
        round_.apply(action)
        played.append((seat, action))
    assert round_.view(0).public_history == tuple(played) == round_.view(1).public_history
    assert round_.phase is not Phase.OVER or played
