"""Determinized search with common random numbers: which of a few candidate actions does best.

For each sample, the cards this seat cannot see are dealt at random, consistently with its
view and with what it infers about the other hands (``inference.cannot_hold``); every
candidate is then applied to a copy of that same deal and played out by the same policy
with the same random numbers. The candidates thus face identical luck, and the difference
of their scores is the difference of the actions, not of the deals: a few dozen samples
separate actions that hundreds of independent rollouts would not.

A playout is scored for the match, not only the round (``outcome_value``). Given a weight for
each deal (how well it explains the other seats' choices, ``beliefs``), more deals are made
than kept, and the kept ones are those that explain the table's play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from math import exp
from typing import TypeVar

from unokart_tui.engine import DEFAULT_TARGET, Action, Card, Deals, PlayerView, Round

from . import evaluation, policy

T = TypeVar("T")


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
    """What a playout is worth to ``seat``: its chance of winning the round, and of the match after it.

    A finished round counts as it ended. A round still going is judged by the learned weights
    (``evaluation.chances``: each seat's chance of going out first from its hand and its place);
    the winner would score every other hand's points (E3).
    """
    winner = round_.winner
    if winner is not None:
        after = list(scores)
        after[winner] += round_.points or 0
        won = 1.0 if winner == seat else 0.0
        return round_weight * won + (1.0 - round_weight) * match_chance(after, seat)
    chances = evaluation.chances(round_)
    value = round_weight * chances[seat]
    if round_weight < 1.0:
        points = [sum(card.points for card in round_.hand(other)) for other in range(round_.num_players)]
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
    weigh: Callable[[Round], float] | None = None,
    oversample: int = 1,
) -> list[float]:
    """The mean value of each candidate over ``samples`` shared deals and shared playout luck.

    With ``weigh`` (a deal's log-likelihood: how well it explains the other seats' choices,
    ``beliefs``), ``oversample`` times as many deals are dealt and ``samples`` of them kept in
    proportion: the search plays out the hands the table's play makes likely.
    """
    totals = [0.0] * len(candidates)
    seat = view.seat
    scores = view.scores
    deals = Deals(view, cannot_hold=cannot_hold)
    if weigh is not None and oversample > 1:
        dealt = [deals.deal(rng) for _ in range(samples * oversample)]
        logs = [weigh(world) for world in dealt]
        best = max(logs)
        worlds = resample(dealt, [exp(log - best) for log in logs], samples, rng)
    else:
        worlds = [deals.deal(rng) for _ in range(samples)]
    for world in worlds:
        luck = rng.getrandbits(32)
        for index, action in enumerate(candidates):
            game = world.copy(quiet=True, seed=luck)
            game.apply(action)
            policy.play_out(game, random.Random(luck), depth)
            totals[index] += outcome_value(game, seat, scores, round_weight)
    return [total / samples for total in totals]


def resample(items: Sequence[T], weights: Sequence[float], count: int, rng: random.Random) -> list[T]:
    """``count`` of ``items`` drawn in proportion to ``weights`` (systematic resampling: one random number)."""
    total = sum(weights)
    step = total / count
    point = rng.random() * step
    chosen: list[T] = []
    running = 0.0
    for item, weight in zip(items, weights, strict=True):
        running += weight
        while point < running and len(chosen) < count:
            chosen.append(item)
            point += step
    while len(chosen) < count:  # rounding at the very end
        chosen.append(items[-1])
    return chosen
