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

from unokart_tui.engine import DEFAULT_TARGET, Action, Card, PlayerView, Round, determinize

from . import policy

_POINTS_SCALE = 100.0  # the points of a typical round, for the match term of a playout's value


def match_chance(scores: Sequence[int], seat: int, target: int = DEFAULT_TARGET) -> float:
    """A rough chance that ``seat`` wins the match from ``scores``: its points still needed against the leader's."""
    mine = max(target - scores[seat], 0)
    if mine == 0:
        return 1.0
    theirs = min(max(target - score, 0) for other, score in enumerate(scores) if other != seat)
    if theirs == 0:
        return 0.0
    return float(theirs**1.5 / (mine**1.5 + theirs**1.5))


def outcome_value(round_: Round, seat: int, scores: Sequence[int], round_weight: float) -> float:
    """What a finished (or abandoned) playout is worth to ``seat``: winning the round and the match's prospects."""
    winner = round_.winner
    after = list(scores)
    if winner is None:  # a stuck playout: judged by the cards held, as a round would be scored
        sizes = round_.hand_sizes
        won = 1.0 if sizes[seat] == min(sizes) else 0.0
        return round_weight * won
    after[winner] += round_.points or 0
    won = 1.0 if winner == seat else 0.0
    return round_weight * won + (1.0 - round_weight) * match_chance(after, seat)


def evaluate(
    view: PlayerView,
    candidates: Sequence[Action],
    *,
    samples: int,
    rng: random.Random,
    cannot_hold: Mapping[int, frozenset[Card]],
    round_weight: float,
) -> list[float]:
    """The mean value of each candidate over ``samples`` shared deals and shared playout luck."""
    totals = [0.0] * len(candidates)
    seat = view.seat
    scores = view.scores
    for _ in range(samples):
        world = determinize(view, rng, cannot_hold=cannot_hold)
        luck = rng.getrandbits(32)
        for index, action in enumerate(candidates):
            game = world.copy(quiet=True, seed=luck)
            game.apply(action)
            policy.play_out(game, random.Random(luck))
            totals[index] += outcome_value(game, seat, scores, round_weight)
    return [total / samples for total in totals]
