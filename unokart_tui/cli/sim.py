"""``unokart sim``: bots against each other, headless, with a capped number of processes, a progress line, a clean stop.

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

from .. import defaults
from ..voice import N_, _, ngettext
from .common import Commands, add_rules_flags, bot_list, house_rules, parser_of, positive, target_help, whole


def add_to(commands: Commands) -> None:
    sim = commands.add_parser(
        "sim",
        help=_("play bots against each other, headless, and print a table"),
        description=_("Play bots against each other with seats rotated, and print each bot's results."),
    )
    sim.add_argument(
        "--bots",
        required=True,
        help=_("comma-separated bot names, 2 to 10, each with its profile if any (greedy:hard)"),
    )
    count = sim.add_mutually_exclusive_group()
    count.add_argument("--rounds", type=positive, help=_("how many single rounds to play (default 1000)"))
    count.add_argument("--matches", type=positive, help=_("play this many whole matches instead of rounds"))
    sim.add_argument("--target", type=positive, default=defaults.TARGET, help=target_help())
    sim.add_argument("--seed", type=whole, default=0, help=_("the tournament's seed (default 0)"))
    sim.add_argument("--jobs", type=positive, default=1, help=_("processes to spread the games over (default 1)"))
    sim.add_argument("--profile", help=_("a bot profile for every bot (easy, normal, hard or your own)"))
    add_rules_flags(sim)
    sim.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    sim.add_argument("--mirror", action="store_true", help=_("play each deal once per seat rotation (same deals)"))
    sim.set_defaults(run=run, parser=sim)


# What stops a run, and the status it ends with (128 + the signal's number, as a shell reports it).
_STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_STOPPED_BY = {
    signal.SIGINT: N_("unokart sim: stopped by ctrl+c after {played}; no table for a part of a run"),
    signal.SIGTERM: N_("unokart sim: stopped by SIGTERM after {played}; no table for a part of a run"),
    signal.SIGHUP: N_("unokart sim: stopped by a hang-up after {played}; no table for a part of a run"),
}


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


def _played(count: int, total: int, rounds: int, *, matches: bool) -> str:
    """``12 of 1,000 rounds``, or ``1 of 3 matches (40 rounds)``: how far a run has come."""
    from ai.sim import shortened  # noqa: PLC0415 - loaded with the run

    # A part of a whole: English says "0 of 1 matches", whatever the count (and the numbers are shortened: 1.2M).
    form = _("{count} of {total} matches ({rounds} rounds)") if matches else _("{count} of {total} rounds")
    return form.format(count=shortened(count), total=shortened(total), rounds=shortened(rounds))


class ProgressLine:
    """A line on stderr for a run that lasts more than a second, drawn again ten times a second at most."""

    WIDTH = 30

    def __init__(self, total: int, *, matches: bool) -> None:
        self.total, self.matches = total, matches
        self.start = time.monotonic()
        self.due = self.start + 1.0
        self.drawn = 0  # characters on the line now

    def show(self, count: int, rounds: int) -> None:
        from ai.sim import shortened  # noqa: PLC0415 - loaded with the run

        now = time.monotonic()
        if now < self.due:
            return
        self.due = now + 0.1
        filled = self.WIDTH * min(count, self.total) // self.total
        seconds = int(now - self.start)
        numbers = {
            "bar": f"[{'#' * filled}{'.' * (self.WIDTH - filled)}]",
            "count": shortened(count),
            "total": shortened(self.total),
            "rounds": shortened(rounds),
            "time": f"{seconds // 60}:{seconds % 60:02}",
        }
        if self.matches:
            form = _("{bar} {count}/{total} matches · {rounds} rounds · {time}")
        else:
            form = _("{bar} {count}/{total} rounds · {time}")
        line = form.format(**numbers)
        text = "\r" + line.ljust(self.drawn)
        self.drawn = len(line)  # before it is written: a stop that interrupts the writing still clears it
        sys.stderr.write(text)
        sys.stderr.flush()

    def clear(self) -> None:
        if self.drawn:
            sys.stderr.write("\r" + " " * self.drawn + "\r")
            sys.stderr.flush()
            self.drawn = 0


def run(args: argparse.Namespace) -> int:
    from ai import BOTS, sim  # noqa: PLC0415 - imported on use: `unokart --version` stays instant
    from ai.sim import shortened  # noqa: PLC0415

    from ..engine import MAX_PLAYERS, MIN_PLAYERS  # noqa: PLC0415 - loaded with the bots anyway

    parser = parser_of(args)
    bots = bot_list(args.bots, parser, BOTS, low=MIN_PLAYERS, high=MAX_PLAYERS, opponents=False)
    rules = house_rules(args)
    games = args.matches or args.rounds or 1000
    matches = args.matches is not None
    jobs, available = args.jobs, processors()
    if jobs > available:
        too_many = ngettext(
            "unokart sim: --jobs {jobs} is more than the {available} processor here: using {available}",
            "unokart sim: --jobs {jobs} is more than the {available} processors here: using {available}",
            available,
        )
        sys.stderr.write(too_many.format(jobs=shortened(jobs), available=available) + "\n")
        jobs = available
    line = ProgressLine(games, matches=matches) if sys.stderr.isatty() else None
    played = [0, 0]  # games done, rounds played

    def progress(done: int, rounds: int) -> None:
        played[:] = done, rounds
        if line is not None:
            line.show(done if matches else rounds, rounds)

    handlers = {number: signal.signal(number, _stop) for number in _STOPPING}
    try:
        result = sim.simulate(
            bots,
            games=games,
            matches=matches,
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
        summary = _played(done if matches else rounds, games, rounds, matches=matches)
        sys.stderr.write(_(_STOPPED_BY[number]).format(played=summary) + "\n")
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
