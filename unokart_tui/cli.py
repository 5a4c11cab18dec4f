"""The ``unokart`` command."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, NoReturn

from . import __version__

if TYPE_CHECKING:
    from .session import Session


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


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"{text!r} must be from 0 to 10 seconds")
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
    new = commands.add_parser("new", help="start a new match", description="Start a new match against bots.")
    new.add_argument("--bots", default="greedy,challenger,item-hoarder", help="1 to 9 opponents, comma-separated")
    new.add_argument("--seed", type=_whole, help="a seed, to replay the same deal")
    new.add_argument("--target", type=_positive, default=500, help="the score that wins the match (default 500)")
    new.add_argument("--name", default="You", help="your name at the table")
    new.add_argument("--profile", help="the bots' profile: easy, normal, hard or your own")
    commands.add_parser("continue", help="resume the most recent unfinished match")
    commands.add_parser("saves", help="list the saved matches")
    load = commands.add_parser("load", help="resume a saved match by name")
    load.add_argument("save", metavar="NAME", help="the save's name (see the saves folder)")
    load.add_argument("--backup", action="store_true", help="open the previous version of the save")
    for sub in (new, commands.choices["continue"], load):
        sub.add_argument("--bot-delay", type=_seconds, default=None, help="seconds a bot thinks (default 0.7)")
    sim = commands.add_parser(
        "sim",
        help="play bots against each other, headless, and print a table",
        description="Play bots against each other with seats rotated, and print each bot's results.",
    )
    sim.add_argument(
        "--bots", required=True, help="comma-separated bot names, 2 to 10, each with its profile if any (greedy:hard)"
    )
    count = sim.add_mutually_exclusive_group()
    count.add_argument("--rounds", type=_positive, help="how many single rounds to play (default 1000)")
    count.add_argument("--matches", type=_positive, help="play this many whole matches instead of rounds")
    sim.add_argument("--target", type=_positive, default=500, help="the score that wins a match (default 500)")
    sim.add_argument("--seed", type=_whole, default=0, help="the tournament's seed (default 0)")
    sim.add_argument("--jobs", type=_positive, default=1, help="processes to spread the games over (default 1)")
    sim.add_argument("--profile", help="a bot profile for every bot (easy, normal, hard or your own)")
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    sim.add_argument("--mirror", action="store_true", help="play each deal once per seat rotation (same deals)")
    tune = commands.add_parser(
        "tune",
        help="search a bot's parameters for the best win rate (needs Optuna)",
        description="Search a bot's parameters for the best win rate with Optuna, and write them as a profile.",
    )
    tune.add_argument("bot", metavar="BOT", help="the bot to tune (e.g. challenger)")
    tune.add_argument("--against", required=True, help="its opponents at the table, comma-separated (1 to 9)")
    tune.add_argument("--trials", type=_positive, default=50, help="trials the study runs to in all (default 50)")
    tune.add_argument("--rounds", type=_positive, default=400, help="rounds each trial plays (default 400)")
    tune.add_argument("--seed", type=_whole, default=0, help="the seed of the deals and the sampler (default 0)")
    tune.add_argument("--storage", help="an Optuna storage URL for a shared study (default: SQLite in the data dir)")
    tune.add_argument("--profile", help="the profile to write (default tuned-BOT, in your profiles folder)")
    return parser


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}")
    if done == total:
        sys.stderr.write("\r" + " " * (width + 30) + "\r")
    sys.stderr.flush()


def _bot_list(
    text: str, parser: argparse.ArgumentParser, known: Collection[str], *, low: int, high: int, what: str
) -> list[str]:
    """The names in ``--bots``; a one-line error (status 2) for an unknown name or a wrong count."""
    bots = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name.partition(":")[0] for name in bots if name.partition(":")[0] not in known]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} in --bots (the bots: {', '.join(sorted(known))})")
    if not low <= len(bots) <= high:
        parser.error(f"--bots needs {low} to {high} {what}, not {len(bots)}")
    return bots


def run_sim(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ai import BOTS, sim  # noqa: PLC0415 - imported on use: `unokart --version` stays instant

    bots = _bot_list(args.bots, parser, BOTS, low=2, high=10, what="bots")
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
            mirror=args.mirror,
        )
    except ValueError as error:
        parser.error(str(error))
    if args.json:
        import json  # noqa: PLC0415

        print(json.dumps(sim.to_json(result), indent=2))
    else:
        print(sim.table(result))
    return 0


def run_tune(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ai import BOTS, tune, user_profile_dir  # noqa: PLC0415 - imported on use
    from saves import save_dir  # noqa: PLC0415

    if args.bot not in BOTS:
        parser.error(f"unknown bot {args.bot!r} (the bots: {', '.join(sorted(BOTS))})")
    against = _bot_list(args.against, parser, BOTS, low=1, high=9, what="opponents")
    profile = args.profile or f"tuned-{args.bot}"
    if not profile.replace("-", "").replace("_", "").isalnum() or not profile.isascii():
        parser.error(f"--profile {profile!r} is not a profile name (letters, digits, '-' and '_')")
    storage = args.storage
    if storage is None:
        directory = save_dir()
        directory.mkdir(parents=True, exist_ok=True)
        storage = f"sqlite:///{directory / 'tune.sqlite3'}"
    path = user_profile_dir() / f"{profile}.toml"

    def progress(done: int, total: int, best: float) -> None:
        sys.stderr.write(f"\rtrial {done}/{total}, best win rate so far {100 * best:.1f}%")
        sys.stderr.flush()

    try:
        result = tune.tune(
            args.bot,
            against,
            trials=args.trials,
            rounds=args.rounds,
            storage=storage,
            seed=args.seed,
            profile_path=path,
            progress=progress if sys.stderr.isatty() else None,
        )
    except tune.TuneError as error:
        return _fail(str(error))
    except KeyboardInterrupt:
        sys.stderr.write("\nInterrupted: the study keeps its finished trials; run the same command to continue.\n")
        return 130
    low, high = result.interval
    print(
        f"{args.bot} against {', '.join(against)}: study {result.study}, {result.trials} trials; best parameters won "
        f"{100 * result.rate:.1f}% of {result.rounds:,} fresh rounds (95% interval {100 * low:.1f}-{100 * high:.1f}%)"
    )
    print(f"written to {path} (use it with --profile {profile})")
    return 0


def _sub_parser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen: argparse.ArgumentParser = action.choices[name]
            return chosen
    raise KeyError(name)


def _fail(message: str) -> int:
    sys.stderr.write(f"unokart: {message}\n")
    return 1


def start_session(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Open the match the command asks for, then play it."""
    from ai import BOTS  # noqa: PLC0415 - the game loads on use: `unokart --version` stays instant
    from saves import SaveError, SaveLocked, has_backup, list_saves  # noqa: PLC0415
    from saves import path_of as saves_path  # noqa: PLC0415

    from .session import Session  # noqa: PLC0415

    command = args.command
    try:
        if command == "new":
            bots = _bot_list(args.bots, parser, BOTS, low=1, high=9, what="opponents")
            if not args.name.strip():
                parser.error("--name cannot be empty")
            try:
                session = Session.new(args.name.strip(), bots, seed=args.seed, target=args.target, profile=args.profile)
            except ValueError as error:
                parser.error(str(error))
        else:
            if command == "load":
                name, backup = args.save, args.backup
            else:
                playable = [entry for entry in list_saves() if entry.error is None and not entry.finished]
                if not playable:
                    return _fail("there is no unfinished match to continue; start one with: unokart new")
                name, backup = playable[0].name, False
            try:
                session = Session.load(name, backup=backup)
            except SaveLocked:
                raise
            except SaveError as error:
                hint = ""
                if not backup and error.problem != "there is no such save" and has_backup(name):
                    hint = f"\nA backup of the previous move exists: unokart load {name!r} --backup"
                return _fail(f"{error}{hint}")
    except SaveLocked as error:
        others = [e.name for e in list_saves() if e.error is None and not e.finished and e.name != error.file]
        others = [name for name in others if str(saves_path(name)) != error.file]
        offer = f" Other unfinished matches: {', '.join(others)} (unokart load NAME)." if others else ""
        return _fail(f"{error.problem}. Close it there first, or start another: unokart new.{offer}")
    except SaveError as error:
        return _fail(str(error))
    return play(session, args)


def play(session: Session | None, args: argparse.Namespace) -> int:
    from .app import UnoKartApp  # noqa: PLC0415 - Textual loads only to play

    app = UnoKartApp(session, bot_delay=getattr(args, "bot_delay", None))
    gc.freeze()
    app.run()  # the app turns the collector back on once its first screen is painted
    return 0


def print_saves() -> int:
    from saves import SaveError, list_saves  # noqa: PLC0415

    try:
        entries = list_saves()
    except SaveError as error:
        return _fail(str(error))
    if not entries:
        print("No saved matches yet. Start one with: unokart new")
        return 0
    print(f"{'name':<28} {'round':>5}  {'status':<12} {'last played':<16}  players and scores")
    for entry in entries:
        played = entry.updated.astimezone().strftime("%Y-%m-%d %H:%M") if entry.updated else "?"
        if entry.error is not None:
            print(f"{entry.name:<28} {'—':>5}  {'unreadable':<12} {played:<16}  {entry.error}")
            continue
        status = "finished" if entry.finished else "in progress"
        scores = ", ".join(f"{n} {s}" for n, s in zip(entry.players, entry.scores, strict=True))
        print(f"{entry.name:<28} {entry.round_number:>5}  {status:<12} {played:<16}  {scores}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "sim":
        return run_sim(args, _sub_parser(parser, "sim"))
    if args.command == "tune":
        return run_tune(args, _sub_parser(parser, "tune"))
    if args.command == "saves":
        return print_saves()
    # Loading the game makes a great many objects that live as long as the process; the garbage
    # collector would walk them again and again, stalling the start by tens of milliseconds.
    # Those objects are set aside (gc.freeze) before the app runs, and the collector stays off
    # until the first screen is painted: it would find next to nothing and cost 4 to 6 ms.
    gc.disable()
    try:
        if args.command is None:
            return play(None, args)  # the title screen
        return start_session(args, _sub_parser(parser, args.command))
    finally:
        gc.enable()  # also when the game could not start


if __name__ == "__main__":
    sys.exit(main())
