"""Does the sharpest reading of the rule bots' plays make the expert win more at four seats?

    python benchmarks/expert_reading.py [--deals 500] [--seed 2] [--jobs 2] [--reading plain,exact,tempered]

Plays ``--deals`` deals against greedy, challenger and item-hoarder, each once per seat
rotation (like ``unokart sim --mirror``), with the expert's deals kept by one of three
readings of the other seats' decisions:

- ``plain``: the expert as it is (``beliefs``: a soft "plays and names the colour it holds most");
- ``exact``: the rule bots' own code, told which bot sits where (a diagnostic: the expert
  is not told), run on each dealt hand as it was at each of the seat's plays and draws this
  round (``hand_reading.seat_log_likelihood``); 12 deals dealt per deal kept;
- ``tempered``: the same, each log-likelihood a quarter as strong.

The table's public moments behind each decision (the top card, the hand sizes) come from
the round as it was played; only the hands are read. Prints one table: rounds won and the
95% interval.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from multiprocessing import Pool

from hand_reading import Step, seat_log_likelihood

from ai import make_bot
from ai.base import Bot
from ai.driver import Driver
from ai.expert import ExpertBot
from ai.sim import wilson
from unokart_tui.engine import PlayerView, Round

AGAINST = ("greedy", "challenger", "item-hoarder")
STRENGTH = {"exact": 1.0, "tempered": 0.25}


class ReadingExpert(ExpertBot):
    """The expert whose deals are weighed by the rule bots' own code (``models``, by seat) on ``steps``."""

    steps: list[Step]
    models: dict[int, Bot]
    strength = 1.0

    def _weigh(self, view: PlayerView) -> Callable[[Round], float] | None:
        past = self.steps[: len(view.public_history)]
        others = [seat for seat in range(view.num_players) if seat != view.seat]
        rng = random.Random(len(past))

        def weigh(world: Round) -> float:
            total = sum(seat_log_likelihood(world.hand(seat), past, seat, self.models[seat], rng) for seat in others)
            return total * self.strength

        return weigh


def _deal(job: tuple[str, int, int]) -> int:
    """Rounds the expert won of one deal played in every seat rotation."""
    reading, deal, seed = job
    players = 1 + len(AGAINST)
    deal_seed = random.Random(f"{seed}/deal/{deal}").getrandbits(64)
    won = 0
    for rotation in range(players):
        bots: list[Bot] = [None] * players  # type: ignore[list-item]
        names = [""] * players
        for entry, name in enumerate(("expert", *AGAINST)):
            bot_seed = random.Random(f"{seed}/{deal}/{rotation}/{entry}").getrandbits(32)
            seat = (entry + rotation) % players
            names[seat] = name
            if entry == 0 and reading in STRENGTH:
                expert = ReadingExpert(seed=bot_seed, oversample=12)
                expert.strength = STRENGTH[reading]
                bots[seat] = expert
            elif entry == 0:
                bots[seat] = ExpertBot(seed=bot_seed)
            else:
                bots[seat] = make_bot(name, seed=bot_seed)
        steps: list[Step] = []
        me = rotation % players
        if isinstance(bots[me], ReadingExpert):
            bots[me].steps = steps  # type: ignore[attr-defined]
            bots[me].models = {s: make_bot(names[s], seed=0) for s in range(players) if s != me}  # type: ignore[attr-defined]
        round_ = Round.deal(players, dealer=0, seed=deal_seed)
        driver = Driver(bots)
        for _ in range(5_000):
            if round_.is_over:
                break
            step = driver.next_step(round_)
            assert step is not None
            before, view = round_.hand_sizes, round_.view(step.seat)
            round_.apply(step.action)
            steps.append((step.seat, step.action, view, before, round_.hand_sizes, step.reaction))
        won += round_.winner == me
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--reading", default="plain,exact,tempered")
    args = parser.parse_args()
    readings = [name.strip() for name in args.reading.split(",")]
    unknown = [name for name in readings if name != "plain" and name not in STRENGTH]
    if unknown:
        parser.error(f"--reading: unknown {', '.join(unknown)} (choose from plain, {', '.join(STRENGTH)})")
    rounds = args.deals * (1 + len(AGAINST))
    print(f"{'reading':10} {'rounds':>7} {'won':>6} {'win %':>6} {'95% interval':>14}")
    with Pool(args.jobs) as pool:
        for reading in readings:
            won = sum(pool.map(_deal, [(reading, deal, args.seed) for deal in range(args.deals)], chunksize=2))
            low, high = wilson(won, rounds)
            print(f"{reading:10} {rounds:7} {won:6} {won / rounds:6.1%} {low:6.1%}–{high:.1%}", flush=True)
    print(f"against {', '.join(AGAINST)}; seed {args.seed}; each deal in every seat rotation")


if __name__ == "__main__":
    main()
