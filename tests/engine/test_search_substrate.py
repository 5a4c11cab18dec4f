"""The engine as a search substrate: a cheap copy, a quiet playout mode, determinizations of a view."""

from __future__ import annotations

import random

import pytest

from unokart_tui.engine import (
    DECK_COUNTS,
    Card,
    Challenge,
    ChooseTarget,
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

from .test_properties import DECK, card_count

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
        # What a seat was shown or handed is known to the round only for the seat of the view.
        assert again.view(view.seat).handed == view.handed
        for seat in range(round_.num_players):
            unknown = {"revealed": {}, "handed": {}}
            assert again.view(seat)._replace(**unknown) == round_.view(seat)._replace(**unknown)
            assert again.reactions(seat) == round_.reactions(seat)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_a_determinization_keeps_every_public_fact(preset):
    """The deck is compared as counts of each card (``card_count``), as the property tests compare it: the same
    check as the two lists sorted by name it was, which cost half this test's time."""
    for round_, rng in _random_positions(preset, range(3)):
        for seat in range(round_.num_players):
            view = round_.view(seat)
            world = determinize(view, rng, quiet=False)
            assert world.view(seat) == view
            assert card_count(world) == DECK  # the 112 cards, each as often as the deck has it


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


def _party(hands, top):
    return Round.from_position(hands, ["R5", "R6", "B3", "B7"], [top], current=0, rules=HouseRules.preset("party"))


def test_the_hand_a_seat_passes_on_is_known_to_it_and_dealt_back_h4b():
    # Found in play: Luigi's 0 passed the player's Y8 to Mario, and the hint let Mario out with it.
    round_ = _party([["G0", "R4", "G4"], ["Y8"], ["B9", "B1"]], "G5")
    round_.apply(Play(Card.parse("G0")))  # every hand moves on one seat (H4b)
    assert round_.view(0).handed == {1: (Card.parse("R4"), Card.parse("G4"))}
    assert round_.view(1).handed == {2: (Card.parse("Y8"),)}
    assert round_.view(2).handed == {0: (Card.parse("B9"), Card.parse("B1"))}
    view = round_.view(1)
    assert known_cards(view) == {2: [Card.parse("Y8")]}
    for seed in range(20):
        assert determinize(view, random.Random(seed)).hands[2] == (Card.parse("Y8"),)


def test_the_hand_a_seven_swaps_away_is_known_less_what_was_played_since_h4a():
    round_ = _party([["G7", "G3", "R1", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2"]], "G5")
    round_.apply(Play(Card.parse("G7")))
    round_.apply(ChooseTarget(1))  # seat 1 now holds G3 R1 R2, and plays the G3
    round_.apply(Play(Card.parse("G3")))
    view = round_.view(0)
    assert view.handed == {1: (Card.parse("G3"), Card.parse("R1"), Card.parse("R2"))}
    assert known_cards(view) == {1: [Card.parse("R1"), Card.parse("R2")]}
    assert round_.view(1).handed == {0: (Card.parse("Y1"), Card.parse("Y2"), Card.parse("Y3"))}
    assert round_.view(2).handed == {}  # seat 2 gave nothing and saw nothing
    for seed in range(20):
        assert set(determinize(view, random.Random(seed)).hands[1]) == {Card.parse("R1"), Card.parse("R2")}


def test_a_later_swap_forgets_what_an_earlier_one_handed_h4():
    round_ = _party([["G7", "G3", "R1", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "G0"]], "G5")
    round_.apply(Play(Card.parse("G7")))
    round_.apply(ChooseTarget(1))
    round_.apply(Play(Card.parse("G3")))  # seat 1
    round_.apply(Play(Card.parse("G0")))  # seat 2: every hand moves on, the cards seat 0 handed too
    assert round_.view(0).handed == {1: (Card.parse("Y1"), Card.parse("Y2"), Card.parse("Y3"))}
    assert known_cards(round_.view(0)) == {1: [Card.parse(c) for c in ("Y1", "Y2", "Y3")]}


def test_a_seven_waiting_for_its_target_has_moved_no_hand_yet_h4b():
    round_ = _party([["G0", "G3", "R1"], ["G7", "B5", "B6"], ["Y8", "Y2"]], "G5")
    round_.apply(Play(Card.parse("G0")))  # seat 1 now holds G3 R1, seat 2 G7 B5 B6, seat 0 Y8 Y2
    round_.apply(Play(Card.parse("G3")))  # seat 1
    round_.apply(Play(Card.parse("G7")))  # seat 2, to choose whom to swap with
    assert round_.phase is Phase.CHOOSE_TARGET
    assert known_cards(round_.view(0)) == {1: [Card.parse("R1")]}  # the G3 went since the hands moved
    round_.apply(ChooseTarget(0))
    assert known_cards(round_.view(0)) == {2: [Card.parse("Y8"), Card.parse("Y2")]}


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
