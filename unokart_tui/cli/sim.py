"""``unokart sim`` at the terminal: a capped number of processes, a progress line, a clean stop.

A run can be huge (``--rounds 1000000000000``, ``--target 1000000000``): a line on stderr
shows how it goes once it has lasted a second, and ctrl+c, SIGTERM or a hang-up stop it
with one line saying what was played, the worker processes ended with it.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from types import FrameType

from ai import sim
from ai.sim import shortened
from unokart_tui.engine import HouseRules

# What stops a run, and the status it ends with (128 + the signal's number, as a shell reports it).
_STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_NAMES = {signal.SIGINT: "ctrl+c", signal.SIGTERM: "SIGTERM", signal.SIGHUP: "a hang-up"}


class Stopped(KeyboardInterrupt):
    """The run was asked to stop by a signal."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def _stop(number: int, frame: FrameType | None) -> None:
    for other in _STOPPING:  # once is enough: a second ctrl+c must not interrupt the clean-up
        signal.signal(other, signal.SIG_IGN)
    raise Stopped(number)


def processors() -> int:
    """How many processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class ProgressLine:
    """A line on stderr for a run that lasts more than a second, drawn again ten times a second at most."""

    WIDTH = 30

    def __init__(self, total: int, what: str) -> None:
        self.total, self.what = total, what
        self.start = time.monotonic()
        self.due = self.start + 1.0
        self.drawn = 0  # characters on the line now

    def show(self, count: int, rounds: int) -> None:
        now = time.monotonic()
        if now < self.due:
            return
        self.due = now + 0.1
        filled = self.WIDTH * min(count, self.total) // self.total
        line = f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {shortened(count)}/{shortened(self.total)} {self.what}"
        if self.what != "rounds":
            line += f" · {shortened(rounds)} rounds"
        seconds = int(now - self.start)
        line += f" · {seconds // 60}:{seconds % 60:02}"
        text = "\r" + line.ljust(self.drawn)
        self.drawn = len(line)  # before it is written: a stop that interrupts the writing still clears it
        sys.stderr.write(text)
        sys.stderr.flush()

    def clear(self) -> None:
        if self.drawn:
            sys.stderr.write("\r" + " " * self.drawn + "\r")
            sys.stderr.flush()
            self.drawn = 0


def run_sim(args: argparse.Namespace, parser: argparse.ArgumentParser, bots: list[str], rules: HouseRules) -> int:
    games = args.matches or args.rounds or 1000
    what = "matches" if args.matches else "rounds"
    jobs, available = args.jobs, processors()
    if jobs > available:
        sys.stderr.write(
            f"unokart sim: --jobs {shortened(jobs)} is more than the {available} processors here: using {available}\n"
        )
        jobs = available
    line = ProgressLine(games, what) if sys.stderr.isatty() else None
    played = [0, 0]  # games done, rounds played

    def progress(done: int, rounds: int) -> None:
        played[:] = done, rounds
        if line is not None:
            line.show(rounds if what == "rounds" else done, rounds)

    handlers = {number: signal.signal(number, _stop) for number in _STOPPING}
    try:
        result = sim.simulate(
            bots,
            games=games,
            matches=args.matches is not None,
            seed=args.seed,
            jobs=jobs,
            target=args.target,
            profile=args.profile,
            rules=rules,
            progress=progress,
            mirror=args.mirror,
        )
    except ValueError as error:
        parser.error(str(error))
    except KeyboardInterrupt as stop:  # ctrl+c raises it, SIGTERM and a hang-up raise a Stopped
        number = signal.Signals(stop.number if isinstance(stop, Stopped) else signal.SIGINT)
        if line is not None:
            line.clear()
        done, rounds = played
        count = rounds if what == "rounds" else done
        summary = f"{shortened(count)} of {shortened(games)} {what}"
        if what != "rounds":
            summary += f" ({shortened(rounds)} rounds)"
        sys.stderr.write(f"unokart sim: stopped by {_NAMES[number]} after {summary}; no table for a part of a run\n")
        return 128 + number
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
        if line is not None:
            line.clear()
    if args.json:
        import json  # noqa: PLC0415

        print(json.dumps(sim.to_json(result), indent=2))
    else:
        print(sim.table(result))
    return 0
