"""Engine cost in instructions per action, counted by valgrind: the same on a busy machine as on a quiet one.

    python benchmarks/bench_instructions.py [--rounds N] [--presets official,chaos]

The loops of bench_engine.py (random playable cards; "+view" builds the decider's view;
"+reactions" asks every seat for its reactions and applies the first jump-in), each run
under ``valgrind --tool=callgrind`` (apt package ``valgrind``). A loop of no rounds is
counted too and taken off, so what is left is the engine's work. Prints one table, and
each preset's throughput against ``official`` as the ratio of instructions per action.
Slow (each run takes seconds under valgrind), but immune to other programs on the machine.
With rlcard installed (``pip install rlcard``), its raw 2-player game is counted the same way
(``bench_engine.rlcard_rounds``, less a loop of none) and the last line gives the ratio: what
bench_engine.py's timed ratio measures, without the machine's noise.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bench_engine import KINDS

from unokart_tui.engine import HouseRules

HERE = str(Path(__file__).resolve().parent)


def count(preset: str, players: int, kind: str, rounds: int) -> tuple[int, int]:
    """Instructions and actions of one loop, run in a process of its own under callgrind."""
    return _count(
        "from bench_engine import unokart_rounds; from unokart_tui.engine import HouseRules; "
        f"print('ACTIONS', unokart_rounds({players}, {rounds}, {kind!r}, HouseRules.preset({preset!r}))[1])"
    )


def count_rlcard(rounds: int) -> tuple[int, int]:
    """The same for rlcard's raw 2-player UnoGame."""
    return _count(f"from bench_engine import rlcard_rounds; print('ACTIONS', rlcard_rounds({rounds})[1])")


def _count(code: str) -> tuple[int, int]:
    code = f"import sys; sys.path.insert(0, {HERE!r}); " + code
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    instructions = re.search(r"Collected : (\d+)", result.stderr)
    actions = re.search(r"ACTIONS (\d+)", result.stdout)
    assert instructions and actions, result.stderr
    return int(instructions.group(1)), int(actions.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--presets", default="official,chaos", help="house-rules presets, comma-separated")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: apt-get install valgrind")
    presets = args.presets.split(",")
    for preset in presets:
        HouseRules.preset(preset)  # an unknown preset fails here, before any work
    # Twice: a first run after an edit also compiles the changed modules (a stale .pyc), which the
    # loops would not, and taking that off them would undercount every row.
    count("official", 2, "", 0)
    start, _ = count("official", 2, "", 0)
    per_action: dict[tuple[str, int, str], float] = {}
    print(f"{'engine':<30} {'instructions/action':>20}   ({args.rounds} rounds each, less a loop of none)")
    for preset in presets:
        for players in (2, 4, 10):
            for kind in KINDS:
                instructions, actions = count(preset, players, kind, args.rounds)
                per_action[preset, players, kind] = (instructions - start) / actions
                name = "unokart" if preset == "official" else preset
                label = f"{name}, {players} players {kind}".rstrip()
                print(f"{label:<30} {per_action[preset, players, kind]:>20,.0f}", flush=True)
    for preset in presets:
        if preset != "official" and "official" in presets:
            ratios = [
                f"{players}p{kind} {per_action['official', players, kind] / per_action[preset, players, kind]:.0%}"
                for players in (2, 4, 10)
                for kind in KINDS
            ]
            print(f"{preset} / official actions per second (by instructions): {', '.join(ratios)}")
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("rlcard is not installed: pip install rlcard to compare")
        return
    count_rlcard(0)  # the same: compiles bench_engine's rlcard path if it was edited
    none, _ = count_rlcard(0)
    instructions, actions = count_rlcard(args.rounds)
    theirs = (instructions - none) / actions
    print(f"{'rlcard UnoGame, 2 players':<30} {theirs:>20,.0f}")
    if "official" in presets:
        apply, quiet = per_action["official", 2, ""], per_action["official", 2, "playout"]
        print(
            f"unokart / rlcard actions per second, 2 players (by instructions): {theirs / apply:.2f}x; "
            f"playout {theirs / quiet:.2f}x"
        )


if __name__ == "__main__":
    main()
