"""How many rounds a match lasts, by table size and target: the figures New game shows.

    python benchmarks/match_length.py [--matches 30] [--seed 1] > unokart_tui/history/match_lengths.toml

For each table size (2 to 10 players: the default line-up's personalities, greedy,
challenger, item-hoarder, repeated) and each target, plays whole matches under the
official rules as ``unokart sim`` does, the same as

    unokart sim --bots greedy,challenger,item-hoarder --matches 30 --seed 1 --target 500 --json

(``rounds_played`` divided by ``games``), and prints the mean rounds a match took as TOML.
"""

from __future__ import annotations

import argparse

from ai import sim
from unokart_tui.defaults import LINE_UP
from unokart_tui.history.match_length import measured_line_up

TARGETS = (250, 500, 750, 1000, 1500, 2000, 2500, 3000)
SIZES = range(2, 11)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("# Mean rounds a match lasts, official rules: benchmarks/match_length.py (docs/match-length.md).")
    print(f"# {args.matches} matches for each table size and target, seed {args.seed}, bots: {', '.join(LINE_UP)}.")
    print(f"matches = {args.matches}")
    print(f"seed = {args.seed}")
    print(f"targets = [{', '.join(str(target) for target in TARGETS)}]")
    print()
    print("[rounds]  # players = the mean rounds for each target above")
    for players in SIZES:
        means = []
        for target in TARGETS:
            result = sim.simulate(
                measured_line_up(players), games=args.matches, matches=True, seed=args.seed, target=target
            )
            means.append(result.rounds / result.games)
        print(f'"{players}" = [{", ".join(f"{mean:.2f}" for mean in means)}]', flush=True)


if __name__ == "__main__":
    main()
