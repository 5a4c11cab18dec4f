"""First frames of this tree against another commit's, started alternately (needs the `bench` extra).

    python benchmarks/bench_first_frame_ab.py REV [--repeats N]

A busy shared machine drifts by more than the difference between two versions: each
repeat starts a bare App, then `unokart new` and the title of each tree in turn, so a
busy moment hits them alike. REV is checked out in a temporary git worktree; both trees
run with this interpreter (`python -m unokart_tui`, PYTHONPATH set to the tree).
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_ui import TABLE, first_frame

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the commit to compare with (e.g. main, d08cefe)")
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as scratch:
        other = Path(scratch) / "other"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(other), args.rev], check=True)
        try:
            trees = {"this tree": ROOT, args.rev: other}
            for tree in trees.values():
                for package in ("unokart_tui", "ai", "saves"):
                    compileall.compile_dir(tree / package, quiet=1)  # as installed: compiled once
            samples: dict[str, list[float]] = {}
            bare = [python, "-c", "from textual.app import App\nApp().run()"]
            for run in range(args.repeats):
                samples.setdefault("bare App", []).append(first_frame(bare, (), {"TERM": "xterm-256color"}))
                for label, tree in trees.items():
                    env = {
                        "TERM": "xterm-256color",
                        "PYTHONPATH": str(tree),
                        "UNOKART_DATA_DIR": f"{scratch}/data/{label}/{run}",
                        "UNOKART_CONFIG_DIR": f"{scratch}/config",
                    }
                    new = [python, "-m", "unokart_tui", "new", "--seed", "1", "--bot-delay", "10"]
                    samples.setdefault(f"{label}: unokart new", []).append(first_frame(new, TABLE, env))
                    title_env = {**env, "UNOKART_DATA_DIR": f"{scratch}/data/{label}/title"}
                    title = [python, "-m", "unokart_tui"]
                    samples.setdefault(f"{label}: unokart (title)", []).append(
                        first_frame(title, ("New game", "palette"), title_env)
                    )
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=True)
    floor = statistics.median(samples["bare App"])
    print(f"{'first frame, 80x24':<36} {'median ms':>10} {'x bare App':>11}   ({args.repeats} starts each)")
    for label, times in samples.items():
        median = statistics.median(times)
        print(f"{label:<36} {1000 * median:>10.1f} {median / floor:>10.2f}x")


if __name__ == "__main__":
    main()
