"""Properties of random play under house rules (H1-H9): every preset, and random combinations of switches.

At every step of random play (reactions included: late UNOs, catches, jump-ins) for 2 to 10
players: the 112 cards are all there, the decider has an action, what is pending is shown
only while it can be accepted, every listed reaction is accepted, and illegal actions and
reactions raise ``RulesError`` and change nothing. The same seed and actions give the
same events.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokart_tui.engine import (
    DECK_COUNTS,
    PRESETS,
    Action,
    HouseRules,
    JumpIn,
    Match,
    Phase,
    Play,
    Round,
)

from ..strategies import house_rules
from .helpers import refuse_all_without_change
from .test_properties import DECK, card_count, every_conceivable_action

DISTINCT_CARDS = sorted(DECK_COUNTS, key=str)


def all_reactions(round_: Round) -> list[Action]:
    return [action for seat in range(round_.num_players) for action in round_.reactions(seat)]


def accepted_now(round_: Round) -> set[Action]:
    """What ``apply`` must accept: the legal actions and reactions, with or without UNO on a play."""
    accepted = set(round_.legal_actions()) | set(all_reactions(round_))
    accepted |= {Play(a.card, a.color, not a.uno) for a in accepted if isinstance(a, Play)}
    accepted |= {JumpIn(a.seat, a.card, not a.uno) for a in accepted if isinstance(a, JumpIn)}
    return accepted


def conceivable(round_: Round, rng: random.Random, base: list[Action]) -> list[Action]:
    """A sample of actions and reactions, legal or not: jump-ins by every seat with the top card or another."""
    seats = range(-1, round_.num_players + 1)
    jumps = [JumpIn(seat, card) for seat in seats for card in (round_.top_card, rng.choice(DISTINCT_CARDS))]
    return rng.sample(base, 10) + rng.sample(jumps, 4)


def random_step(match: Match, rng: random.Random) -> list:
    """A reaction now and then, otherwise a random playable card (drawing only without one)."""
    round_ = match.round
    if round_.is_over:
        return match.next_round()
    reactions = all_reactions(round_)
    if reactions and rng.random() < 0.4:
        return match.apply(rng.choice(reactions))
    legal = round_.legal_actions()
    plays = legal[:-1] if round_.phase is Phase.PLAY else legal
    return match.apply(rng.choice(plays or legal))


def check_invariants(round_: Round) -> None:
    assert card_count(round_) == DECK
    if round_.is_over:
        return
    assert round_.legal_actions(), "the decider must always have an action"
    if round_.phase in (Phase.CHALLENGE, Phase.STACK):
        assert round_.pending_draw >= 4 if round_.phase is Phase.CHALLENGE else round_.pending_draw >= 2
    else:
        assert round_.pending_draw == 0
    for seat in {round_.decider, (round_.decider + 1) % round_.num_players}:
        view_agrees(round_, seat)
    assert (round_.choice_for is not None) == (round_.phase in (Phase.CHOOSE_COLOR, Phase.CHOOSE_TARGET))


def view_agrees(round_: Round, seat: int) -> None:
    """Every field of a view says what the round says (the view is built positionally, for speed)."""
    view = round_.view(seat)
    assert (view.seat, view.num_players, view.hand) == (seat, round_.num_players, round_.hands[seat])
    assert view.hand_sizes == tuple(len(hand) for hand in round_.hands)
    assert (view.top_card, view.active_color) == (round_.top_card, round_.active_color)
    assert view.direction == round_.direction
    assert (view.current, view.decider, view.phase) == (round_.current, round_.decider, round_.phase)
    assert (view.draw_pile_size, view.discard) == (len(round_.draw_pile), round_.discard)
    assert (view.exposed, view.scores, view.dealer, view.winner) == (
        round_.exposed,
        round_.scores,
        round_.dealer,
        round_.winner,
    )
    assert view.drawn == (round_.drawn if seat == round_.decider else None)
    assert view.wild_draw_four is None or round_.phase is Phase.CHALLENGE
    assert (view.rules, view.pending_draw, view.choice_for) == (round_.rules, round_.pending_draw, round_.choice_for)
    assert list(view.reactions) == round_.reactions(seat)


def play_and_check(match: Match, rng: random.Random, steps: int) -> None:
    base = every_conceivable_action(match.round.num_players)
    for _ in range(steps):
        round_ = match.round
        check_invariants(round_)
        if not round_.is_over:
            accepted = accepted_now(round_)
            illegal = [a for a in conceivable(round_, rng, base) if a not in accepted][:4]
            refuse_all_without_change(round_, illegal)
            reactions = all_reactions(round_)
            if reactions:  # every listed reaction is accepted (by a copy: the round plays on as it was)
                round_.copy().apply(rng.choice(reactions))
        if match.is_over:
            break
        random_step(match, rng)


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_keeps_the_cards_lets_the_decider_act_and_refuses_without_change(preset):
    rules = HouseRules.preset(preset)
    for players in range(2, 11):
        rng = random.Random(players)
        match = Match.new(players, seed=players * 7 + 1, target=10**9, rules=rules)
        play_and_check(match, rng, steps=350)


@pytest.mark.slow
@settings(derandomize=True, database=None, deadline=None, max_examples=40)
@given(rules=house_rules(), players=st.integers(2, 10), seed=st.integers(0, 10**6))
def test_any_combination_of_switches_keeps_the_same_properties(rules, players, seed):
    match = Match.new(players, seed=seed, target=10**9, rules=rules)
    play_and_check(match, random.Random(seed), steps=150)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_same_seed_same_actions_same_events_under_every_preset(preset):
    rules = HouseRules.preset(preset)

    def play_out(players: int, seed: int) -> list:
        rng = random.Random(7)
        match = Match.new(players, seed=seed, target=200, rules=rules)
        stream = list(match.start_events)
        while not match.is_over:
            stream.extend(random_step(match, rng))
        assert match.winner is not None and match.scores[match.winner] >= 200
        return stream

    for players in (2, 5, 10):
        first = play_out(players, 1234)
        assert first == play_out(players, 1234)
        assert first != play_out(players, 1235)
