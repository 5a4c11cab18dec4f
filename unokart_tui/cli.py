"""The ``unokart`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import __version__


class _Parser(argparse.ArgumentParser):
    """A bad flag prints one line saying what is wrong and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="unokart",
        description="UNO Mario Kart in the terminal: a match to 500 points against bots with personalities.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = commands.add_parser(
        "sim",
        help="play bots against each other, headless, and print a table",
        description="Play bots against each other with seats rotated, and print each bot's results.",
    )
    sim.add_argument("--bots", required=True, help="comma-separated bot names, 2 to 10 (e.g. greedy,random)")
    count = sim.add_mutually_exclusive_group()
    count.add_argument("--rounds", type=_positive, help="how many single rounds to play (default 1000)")
    count.add_argument("--matches", type=_positive, help="play this many whole matches instead of rounds")
    sim.add_argument("--target", type=_positive, default=500, help="the score that wins a match (default 500)")
    sim.add_argument("--seed", type=_whole, default=0, help="the tournament's seed (default 0)")
    sim.add_argument("--jobs", type=_positive, default=1, help="processes to spread the games over (default 1)")
    sim.add_argument("--profile", help="a bot profile for every bot (easy, normal, hard or your own)")
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    return parser


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}")
    if done == total:
        sys.stderr.write("\r" + " " * (width + 30) + "\r")
    sys.stderr.flush()


def run_sim(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ai import BOTS, sim  # noqa: PLC0415 - imported on use: `unokart --version` stays instant

    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    unknown = [name for name in bots if name not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} in --bots (the bots: {', '.join(sorted(BOTS))})")
    if not 2 <= len(bots) <= 10:
        parser.error(f"--bots needs 2 to 10 bots, not {len(bots)}")
    games = args.matches or args.rounds or 1000
    long_run = games >= 200 and sys.stderr.isatty() and not args.json
    try:
        result = sim.simulate(
            bots,
            games=games,
            matches=args.matches is not None,
            seed=args.seed,
            jobs=args.jobs,
            target=args.target,
            profile=args.profile,
            progress=_progress_bar if long_run else None,
        )
    except ValueError as error:
        parser.error(str(error))
    if args.json:
        print(json.dumps(sim.to_json(result), indent=2))
    else:
        print(sim.table(result))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "sim":
        sim_parser = next(
            action.choices["sim"] for action in parser._actions if isinstance(action, argparse._SubParsersAction)
        )
        return run_sim(args, sim_parser)
    # The game table is not built yet: until it is, the command explains itself.
    parser.print_help(sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
