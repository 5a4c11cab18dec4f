"""Fit the expert's evaluation (``evaluation.WEIGHTS``) from rounds the playout policy plays.

    python -m ai.expert.learn --rounds 20000 --seed 7

plays ``--rounds`` rounds for each table size from 2 to 10 players with the playout policy
in every seat, keeps about one position in twelve with the round's winner, and fits the
weights of ``evaluation.FEATURES`` by maximum likelihood (a conditional logit: a seat's
chance of winning is its share of ``exp(weights · features)``), by Newton's method. It
prints the table to paste into ``evaluation.py``, with each fit's mean log-likelihood
against the naive count of cards. Fitting needs numpy (it comes with the ``tune`` extra);
playing the rounds does not.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from typing import Any

from unokart_tui.engine import Round

from . import evaluation, policy

Position = tuple[list[list[float]], int]  # every seat's features, and the seat that won the round
_KEEP = 1 / 12
_LONGEST = 400


def positions(players: int, rounds: int, seed: int) -> list[Position]:
    """Positions of ``rounds`` rounds of the playout policy against itself, each with the round's winner."""
    rng = random.Random(f"learn/{players}/{seed}")
    found: list[Position] = []
    for number in range(rounds):
        round_ = Round.deal(players, dealer=number % players, seed=rng.getrandbits(64)).copy(quiet=True, seed=number)
        kept: list[list[list[float]]] = []
        for _ in range(_LONGEST):
            if round_.is_over:
                break
            if round_.exposed is None and rng.random() < _KEEP:
                kept.append([evaluation.features(round_, seat) for seat in range(players)])
            round_.apply(policy.choose(round_, rng))
        winner = round_.winner
        if winner is not None:
            found.extend((features, winner) for features in kept)
    return found


def fit(data: Sequence[Position], iterations: int = 50) -> tuple[list[float], float]:
    """The weights that best explain who won ``data``, and their mean log-likelihood."""
    import numpy as np  # noqa: PLC0415 - only the fit needs it, not the game

    x = np.array([features for features, _ in data], dtype=float)  # positions x seats x features
    won = np.array([winner for _, winner in data])
    rows = np.arange(len(won))
    weights = np.zeros(x.shape[2])
    for _ in range(iterations):
        chance = _shares(x @ weights)
        mean = (chance[..., None] * x).sum(axis=1)
        gradient = (x[rows, won] - mean).sum(axis=0)
        hessian = np.einsum("np,npi,npj->ij", chance, x, x) - mean.T @ mean
        step = np.linalg.solve(hessian + 1e-6 * np.eye(len(weights)), gradient)
        weights += step
        if np.abs(step).max() < 1e-8:
            break
    likelihood = float(np.log(_shares(x @ weights)[rows, won]).mean())
    return [float(weight) for weight in weights], likelihood


def _shares(scores: Any) -> Any:
    """Each row's softmax (numpy arrays: numpy is imported only to fit)."""
    import numpy as np  # noqa: PLC0415

    scores = scores - scores.max(axis=1, keepdims=True)
    exps = np.exp(scores)
    return exps / exps.sum(axis=1, keepdims=True)


def naive_likelihood(data: Sequence[Position], per_card: float = 0.5) -> float:
    """The mean log-likelihood of the former judgement: ``exp(-per_card * cards)``, a wild card counted half."""
    total = 0.0
    for features, winner in data:
        scores = [-per_card * (seat[0] - 0.5 * (seat[1] + seat[2])) for seat in features]
        top = max(scores)
        total += scores[winner] - top - math.log(sum(math.exp(score - top) for score in scores))
    return total / len(data)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ai.expert.learn", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20_000, help="rounds per table size (default 20000)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", default="2-10", help="table sizes, e.g. 2-10 or 2,4")
    args = parser.parse_args(argv)
    low, _, high = args.players.partition("-")
    sizes = range(int(low), int(high) + 1) if high else [int(size) for size in args.players.split(",")]
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for players in sizes:
        data = positions(players, args.rounds, args.seed)
        weights, likelihood = fit(data)
        shown = ", ".join(f"{weight:+.4f}" for weight in weights)
        print(
            f"    {players}: ({shown}),  # {len(data)} positions, log-likelihood {likelihood:.4f} "
            f"(cards only: {naive_likelihood(data):.4f})"
        )
    print("}")


if __name__ == "__main__":
    main()
