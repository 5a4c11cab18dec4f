"""Dealing again what a seat cannot see (``shuffle_unseen``): an undo's way to hide what was seen since.

The property that makes an undo honest: the deal depends on nothing but what the seat sees and
the seed. Two rounds the seat cannot tell apart come out of it as the same round.
"""

from __future__ import annotations

from collections import Counter

import pytest

from unokart_tui.engine import (
    Accept,
    Card,
    Challenge,
    ChallengeResolved,
    Color,
    Draw,
    HouseRules,
    Match,
    Phase,
    Play,
    RulesError,
    shuffle_unseen,
)

from .helpers import cards, position


def to_decision(match: Match, seat: int, *, moves: int) -> None:
    """Play the first legal action of whoever decides until ``seat`` decides again after ``moves`` actions at least."""
    played = 0
    while played < moves or match.round.decider != seat:
        if match.round.is_over:
            match.next_round()
            continue
        match.apply(match.round.legal_actions()[0])
        played += 1


def hidden(round_, seat: int) -> Counter:
    pool = Counter(round_.draw_pile)
    for other, hand in enumerate(round_.hands):
        if other != seat:
            pool.update(hand)
    return pool


def test_the_seat_sees_the_same_table_and_the_same_cards_stay_hidden():
    match = Match.new(4, seed=3)
    to_decision(match, 0, moves=9)
    before = match.round
    after = shuffle_unseen(before, 0, seed=11)
    assert after.view(0) == before.view(0)  # everything seat 0 may know: hand, sizes, piles' sizes, history
    assert hidden(after, 0) == hidden(before, 0)
    assert after.hand_sizes == before.hand_sizes and len(after.draw_pile) == len(before.draw_pile)
    assert (after.hands[1:], after.draw_pile) != (before.hands[1:], before.draw_pile)
    assert after.legal_actions() == before.legal_actions()
    assert match.round is before and before == match.round  # the round given is left as it was


def test_the_deal_depends_only_on_what_the_seat_sees_and_the_seed():
    """Undo's honesty: whatever the hidden cards were, the same view and seed deal the same round."""
    match = Match.new(5, seed=8, rules=HouseRules.preset("house"))
    to_decision(match, 0, moves=14)
    one = match.round
    other = shuffle_unseen(one, 0, seed=1)  # the same view, the hidden cards elsewhere
    assert other.view(0) == one.view(0) and other != one
    assert shuffle_unseen(one, 0, seed=77) == shuffle_unseen(other, 0, seed=77)
    assert shuffle_unseen(one, 0, seed=77) != shuffle_unseen(one, 0, seed=78)


def test_the_random_state_is_seeded_afresh_so_a_later_reshuffle_is_new():
    """T4: a pile reshuffled after the undo must not come back in an order the player has seen."""
    discard = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 B1 B2 B3 R3"
    seen = position("R1 R2", "G5 G6", draw="", discard=discard, seed=5)
    again = shuffle_unseen(seen, 0, seed=9)
    seen.apply(Draw())  # the pile is empty: the discards are reshuffled by the round's generator
    again.apply(Draw())
    assert Counter((*seen.draw_pile, *seen.hands[0])) == Counter((*again.draw_pile, *again.hands[0]))
    assert (seen.hands[0], seen.draw_pile) != (again.hands[0], again.draw_pile)


def test_known_cards_stay_in_their_hands():
    round_ = position("R1 R2", "G5 W+4 B7", "Y1 Y2", draw="B1 B2 B3 G1", discard="R3")
    for seed in range(30):
        again = shuffle_unseen(round_, 0, seed, known=[[], [Card.parse("W+4")], []])
        assert Card.parse("W+4") in again.hands[1]
        assert again.hand_sizes == round_.hand_sizes


@pytest.mark.parametrize(
    ("known", "message"),
    [
        ([[], ["R1"], []], "seat 1 does not hold the R1"),
        ([["R1"], [], []], "seat 0 sees its own hand"),
        ([[], []], "3 seats"),
    ],
)
def test_known_cards_must_be_held(known, message):
    round_ = position("R1 R2", "G5 W+4 B7", "Y1 Y2", draw="B1 B2", discard="R3")
    with pytest.raises(RulesError, match=message):
        shuffle_unseen(round_, 0, 3, known=[cards(" ".join(k)) for k in known])


def test_it_is_refused_off_the_seats_decision_after_the_round_and_with_a_bad_seed():
    round_ = position("R1", "G5 B7", draw="B1 B2", discard="R3")
    with pytest.raises(RulesError, match="at seat 1's own decision, not seat 0's"):
        shuffle_unseen(round_, 1, 3)
    for seed in (-1, 2**63, 1.5):
        with pytest.raises(RulesError, match="seed"):
            shuffle_unseen(round_, 0, seed)
    round_.apply(Play(Card.parse("R1")))  # E1: the last card
    with pytest.raises(RulesError, match="round is over"):
        shuffle_unseen(round_, 0, 3)


def test_it_is_dealt_where_the_seat_may_jump_in_h5_and_not_where_it_only_waits():
    """An undo of a jump-in returns to a bot's turn on which the player may jump in (H5): the unseen cards
    are dealt there; where the player may not act, they still are not."""
    rules = HouseRules(jump_in=True)
    round_ = position("R3 G5", "Y7 B7 B1", "G2 R1", draw="B2 B4", discard="R3", current=1, rules=rules)
    again = shuffle_unseen(round_, 0, 5)
    assert again.hands[0] == round_.hands[0] and [len(h) for h in again.hands] == [2, 3, 2]
    assert round_.hands[1:] != again.hands[1:] or round_.draw_pile != again.draw_pile
    without = position("G5 B8", "Y7 B7 B1", "G2 R1", draw="B2 B4", discard="R3", current=1, rules=rules)
    with pytest.raises(RulesError, match="at seat 0's own decision, not seat 1's"):
        shuffle_unseen(without, 0, 5)


def test_a_challenge_judges_the_hand_dealt_again_c1():
    """C1 judges the hand the Wild Draw Four was played from: after a shuffle, the new one."""
    round_ = position("R1 R2", "W+4 G5 B7 Y9", draw="B1 B2 G2 G3 G4 R4 R5 R6 R7 R8", discard="G1", current=1)
    round_.apply(Play(Card.parse("W+4"), Color.RED))
    assert round_.phase is Phase.CHALLENGE and round_.decider == 0
    for seed in range(20):
        again = shuffle_unseen(round_, 0, seed)
        held = again.hands[1]
        resolved = next(e for e in again.apply(Challenge()) if isinstance(e, ChallengeResolved))
        assert resolved.hand == held and resolved.guilty == any(card.color is Color.GREEN for card in held)
    assert shuffle_unseen(round_, 0, 1).legal_actions() == round_.legal_actions()
    round_.apply(Accept())


def test_a_match_keeps_its_shuffles():
    match = Match.new(3, seed=21, rules=HouseRules.preset("chaos"))
    to_decision(match, 0, moves=6)
    before = match.round
    record = match.shuffle_unseen(0, seed=5)
    assert (record.round, record.after, record.seat, record.seed) == (1, len(match.history[0]), 0, 5)
    assert record.known == ((), (), ()) and match.unseen_shuffles == (record,)
    assert match.round == shuffle_unseen(before, 0, 5) and match.round.view(0) == before.view(0)
    with pytest.raises(RulesError, match="own decision"):
        match.shuffle_unseen(1, seed=5)
    assert len(match.unseen_shuffles) == 1  # a refused shuffle is not kept
