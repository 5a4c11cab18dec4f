"""How long a bot takes to decide, and how fast a tournament runs.

    python benchmarks/bench_bots.py [--rounds N]

Plays 4-player rounds with one bot of each personality and times every ``choose``
call (the view is built outside the timing); prints the median and the 99th
percentile per bot in microseconds, then the time of ``unokart sim`` over the same
line-up on one process.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import ai
from ai import sim
from unokart_tui.engine import Round

LINE_UP = ["random", "greedy", "challenger", "item-hoarder"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    timings: dict[str, list[float]] = defaultdict(list)
    for game in range(args.rounds // 4):
        bots = [ai.make_bot(name, seed=game) for name in LINE_UP]
        round_ = Round.deal(4, dealer=game % 4, seed=game)
        while not round_.is_over:
            seat = round_.decider
            view, legal = round_.view(seat), round_.legal_actions()
            start = time.perf_counter()
            action = bots[seat].choose(view, legal)
            timings[bots[seat].name].append(time.perf_counter() - start)
            round_.apply(action)
    print(f"{'bot':<14} {'decisions':>10} {'median µs':>10} {'p99 µs':>8}")
    for name in LINE_UP:
        samples = sorted(timings[name])
        p99 = samples[int(len(samples) * 0.99)]
        print(f"{name:<14} {len(samples):>10,} {statistics.median(samples) * 1e6:>10.1f} {p99 * 1e6:>8.1f}")
    start = time.perf_counter()
    sim.simulate(LINE_UP, games=args.rounds, seed=1, jobs=1)
    seconds = time.perf_counter() - start
    print(
        f"unokart sim, {args.rounds:,} four-player rounds on one process: {seconds:.1f} s "
        f"({args.rounds / seconds:,.0f} rounds/s)"
    )


if __name__ == "__main__":
    main()
