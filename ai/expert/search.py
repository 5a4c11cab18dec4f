"""Determinized search with common random numbers: which of a few candidate actions does best.

For each sample, the cards this seat cannot see are dealt at random, consistently with its
view and with what it infers about the other hands (``inference.cannot_hold``); every
candidate is then applied to a copy of that same deal and played out by the same policy
with the same random numbers. The candidates thus face identical luck, and the difference
of their scores is the difference of the actions, not of the deals: a few dozen samples
separate actions that hundreds of independent rollouts would not.

A playout is scored for the match, not only the round (``outcome_value``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import exp

from unokart_tui.engine import DEFAULT_TARGET, Action, Card, Deals, PlayerView, Round

from . import policy


def match_chance(scores: Sequence[int], seat: int, target: int = DEFAULT_TARGET) -> float:
    """A rough chance that ``seat`` wins the match from ``scores``: its points still needed against the leader's."""
    mine = max(target - scores[seat], 0)
    if mine == 0:
        return 1.0
    theirs = min(max(target - score, 0) for other, score in enumerate(scores) if other != seat)
    if theirs == 0:
        return 0.0
    return float(theirs**1.5 / (mine**1.5 + theirs**1.5))


def outcome_value(round_: Round, seat: int, scores: Sequence[int], round_weight: float, hand_weight: float) -> float:
    """What a playout is worth to ``seat``: its chance of winning the round, and of the match after it.

    A finished round counts as it ended. A round still going is judged by the hands: each seat's
    chance of going out first is taken as ``exp(-hand_weight * cards)``, shared out (a wild card
    counts half, it always goes); the winner would score every other hand's points (E3).
    """
    winner = round_.winner
    if winner is not None:
        after = list(scores)
        after[winner] += round_.points or 0
        won = 1.0 if winner == seat else 0.0
        return round_weight * won + (1.0 - round_weight) * match_chance(after, seat)
    hands = [round_.hand(other) for other in range(round_.num_players)]
    weights = []
    for hand in hands:
        wild = sum(1 for card in hand if card.color is None)
        weights.append(exp(-hand_weight * (len(hand) - 0.5 * wild)))
    total = sum(weights)
    chances = [weight / total for weight in weights]
    value = round_weight * chances[seat]
    if round_weight < 1.0:
        points = [sum(card.points for card in hand) for hand in hands]
        everything = sum(points)
        prospects = 0.0
        for other, chance in enumerate(chances):
            after = list(scores)
            after[other] += everything - points[other]
            prospects += chance * match_chance(after, seat)
        value += (1.0 - round_weight) * prospects
    return value


def evaluate(
    view: PlayerView,
    candidates: Sequence[Action],
    *,
    samples: int,
    rng: random.Random,
    cannot_hold: Mapping[int, frozenset[Card]],
    round_weight: float,
    depth: int,
    hand_weight: float,
) -> list[float]:
    """The mean value of each candidate over ``samples`` shared deals and shared playout luck."""
    totals = [0.0] * len(candidates)
    seat = view.seat
    scores = view.scores
    deals = Deals(view, cannot_hold=cannot_hold)
    for _ in range(samples):
        world = deals.deal(rng)
        luck = rng.getrandbits(32)
        for index, action in enumerate(candidates):
            game = world.copy(quiet=True, seed=luck)
            game.apply(action)
            policy.play_out(game, random.Random(luck), depth)
            totals[index] += outcome_value(game, seat, scores, round_weight, hand_weight)
    return [total / samples for total in totals]
