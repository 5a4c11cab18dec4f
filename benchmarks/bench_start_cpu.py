"""The processor time each `unokart` command costs to start: user + sys CPU seconds, medians.

    python benchmarks/bench_start_cpu.py [--runs 5]

Each command runs in a process of its own, as a player or a test starts it, in data and
config folders of its own that hold one saved match and the statistics' store. A game's
start is measured twice: up to the App's run (the App made, not run) and to its first
screen (headless, 80x24, stopped once the first screen is painted and idle; bots that
think 10 s, so none moves meanwhile). CPU time, not the clock: on a shared machine it
drifts less (docs/performance.md, "Start-up and the table").
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

UNOKART = [sys.executable, "-m", "unokart_tui"]
RUN_APP = """
import sys
from unokart_tui.cli import running

async def leave(pilot):
    await pilot.pause()
    pilot.app.exit(0)

def run_app(app):
    if FIRST_FRAME:
        app.run(headless=True, size=(80, 24), auto_pilot=leave)
    return 0

running.run_app = run_app
from unokart_tui.__main__ import run
sys.argv = ["unokart", *sys.argv[1:]]
sys.exit(run())
"""
CASES = (
    ("python -c pass", [sys.executable, "-c", "pass"]),
    ("unokart --version", [*UNOKART, "--version"]),
    ("unokart --help", [*UNOKART, "--help"]),
    ("unokart stats", [*UNOKART, "stats"]),
    ("unokart saves", [*UNOKART, "saves"]),
    ("unokart serve --help", [*UNOKART, "serve", "--help"]),
    ("unokart new --bogus (status 2)", [*UNOKART, "new", "--bogus"]),
    ("unokart --plain (title, no input)", [*UNOKART, "--plain"]),
    ("unokart new --plain (no input)", [*UNOKART, "new", "--plain", "--seed", "1"]),
    ("unokart new, up to App.run", [sys.executable, "-c", "FIRST_FRAME = False\n" + RUN_APP, "new", "--seed", "1"]),
    (
        "unokart new, to its first screen",
        [sys.executable, "-c", "FIRST_FRAME = True\n" + RUN_APP, "new", "--seed", "1", "--bot-delay", "10"],
    ),
    ("unokart (title), to its first screen", [sys.executable, "-c", "FIRST_FRAME = True\n" + RUN_APP]),
)


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """user + sys of one run of ``command``, its input at its end."""
    with subprocess.Popen(
        command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    ) as child:
        _pid, _status, usage = os.wait4(child.pid, 0)
        child.returncode = 0  # reaped here: Popen must not wait for it again
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (default 5)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "UNOKART_DATA_DIR": str(Path(folder, "data")),
            "UNOKART_CONFIG_DIR": str(Path(folder, "config")),
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiled once, as an install leaves it
        subprocess.run([*UNOKART, "new", "--plain", "--seed", "1"], env=env, input="", capture_output=True, check=True)
        subprocess.run([*UNOKART, "stats"], env=env, capture_output=True, check=True)
        print(f"{'command':40} {'CPU-s':>6}   runs (load average {os.getloadavg()[0]:.1f})")
        for label, command in CASES:
            times = sorted(cpu_seconds(command, env) for _ in range(runs))
            shown = " ".join(f"{one:.2f}" for one in times)
            print(f"{label:40} {statistics.median(times):6.2f}   {shown}")


if __name__ == "__main__":
    main()
