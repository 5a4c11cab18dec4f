"""The expert's thinking time: every decision it makes in heads-up and four-seat rounds, on one core.

    python benchmarks/bench_expert.py [--rounds N] [--profiles default,expert-quick]

Plays rounds between the expert and the rule bots (heads-up against the challenger, and at
a four-seat table against greedy, challenger and item-hoarder) in this one process and times
each ``choose`` and ``react`` of the expert. Prints one table: per profile and table, the
decisions, the median, 90th and 99th percentile and the longest, in milliseconds, and the
share of decisions that searched (the rest are rules: an only action, UNO, a challenge).
"""

from __future__ import annotations

import argparse
import statistics
import time

from ai import make_bot
from ai.driver import Driver
from ai.expert import ExpertBot
from unokart_tui.engine import Round

TABLES = {"heads-up": ("challenger",), "four seats": ("greedy", "challenger", "item-hoarder")}


def timed_rounds(profile: str | None, others: tuple[str, ...], rounds: int) -> tuple[list[float], int]:
    times: list[float] = []
    searched = 0
    for game in range(rounds):
        players = len(others) + 1
        seat = game % players
        expert = make_bot("expert", seed=game, profile=profile)
        assert isinstance(expert, ExpertBot)
        bots = [make_bot(name, seed=game * 10 + index) for index, name in enumerate(others)]
        bots.insert(seat, expert)
        driver = Driver(bots)
        round_ = Round.deal(players, dealer=game % players, seed=game)
        while not round_.is_over:
            step = driver.next_step(round_)
            assert step is not None
            if step.seat == seat and not step.reaction:
                view, legal = round_.view(seat), round_.legal_actions()
                start = time.perf_counter()
                expert.choose(view, legal)
                times.append(time.perf_counter() - start)
                searched += len(expert.candidates(view, legal)) > 1 if len(legal) > 1 else 0
            round_.apply(step.action)
    return times, searched


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--profiles", default="default,expert-quick")
    args = parser.parse_args()
    print(
        f"{'profile':<14} {'table':<11} {'decisions':>9} {'searched':>9} {'median ms':>10} "
        f"{'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}"
    )
    for profile in args.profiles.split(","):
        for table, others in TABLES.items():
            times, searched = timed_rounds(None if profile == "default" else profile, others, args.rounds)
            ms = sorted(1000 * t for t in times)
            p90 = ms[int(0.90 * (len(ms) - 1))]
            p99 = ms[int(0.99 * (len(ms) - 1))]
            print(
                f"{profile:<14} {table:<11} {len(ms):>9,} {searched / len(ms):>8.0%} "
                f"{statistics.median(ms):>10.1f} {p90:>8.1f} {p99:>8.1f} {ms[-1]:>8.1f}"
            )
    print(f"{args.rounds} rounds per row, one process")


if __name__ == "__main__":
    main()
