"""The ``unokart`` command."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import signal
import sys
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, NoReturn

from . import __version__, defaults
from .printable import printable
from .serve.config import Address, Limits

if TYPE_CHECKING:
    from saves import SavedGame

    from .app import UnoKartApp
    from .engine import HouseRules
    from .session import Session


class _Parser(argparse.ArgumentParser):
    """A bad flag prints one line saying what is wrong and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {printable(message)} (see '{self.prog} --help')\n")


def _echo(text: object, most: int = 24) -> str:
    """What the player typed, quoted for a message: shortened if long (a 5,000-digit seed, say)."""
    text = str(text)
    if len(text) <= most:
        return repr(text)
    return f"{text[: most - 8]!r}…{text[-4:]!r} ({len(text):,} characters)"


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_echo(text)} is not a whole number") from None


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{_echo(text)} must be at least 1")
    return value


def _tune_seed(text: str) -> int:
    from ai.tune import MAX_SEED  # noqa: PLC0415 - imported on use

    value = _whole(text)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{_echo(text)} must be from 0 to {MAX_SEED:,}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_echo(text)} is not a number of seconds") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"{_echo(text)} must be from 0 to 10 seconds")
    return value


def _add_rules_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules", metavar="PRESET", help="house rules: official (default), house, party, chaos or your own preset"
    )
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="SWITCH=VALUE",
        help="change one house rule, e.g. jump_in=false or hand_size=8 (repeatable)",
    )


def _rules(args: argparse.Namespace, parser: argparse.ArgumentParser) -> HouseRules:
    """The house rules ``--rules`` and ``--rule`` ask for; a bad one is a one-line error (status 2)."""
    from .presets import PresetError, build_rules  # noqa: PLC0415 - only for commands that play

    try:
        return build_rules(args.rules, args.rule)
    except PresetError as error:
        parser.error(str(error))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="unokart",
        description=(
            f"UNO Mario Kart in the terminal: a match to {defaults.TARGET} points against bots with personalities."
        ),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    new = commands.add_parser("new", help="start a new match", description="Start a new match against bots.")
    new.add_argument(
        "--bots",
        default=",".join(defaults.LINE_UP),
        help=f"1 to {defaults.MAX_OPPONENTS} opponents, comma-separated; NAME:PROFILE gives one its own profile",
    )
    new.add_argument("--seed", type=_whole, help="a seed, to replay the same deal")
    target_help = f"the score that wins the match (default {defaults.TARGET})"
    new.add_argument("--target", type=_positive, default=defaults.TARGET, help=target_help)
    new.add_argument("--name", default=defaults.PLAYER_NAME, help="your name at the table")
    new.add_argument("--profile", help="the bots' profile: easy, normal, hard or your own")
    _add_rules_flags(new)
    commands.add_parser("continue", help="resume the most recent unfinished match")
    commands.add_parser("saves", help="list the saved matches")
    load = commands.add_parser("load", help="resume a saved match by name")
    load.add_argument("save", metavar="NAME", help="the save's name (see the saves folder)")
    load.add_argument("--backup", action="store_true", help="open the previous version of the save")
    for sub in (new, commands.choices["continue"], load):
        sub.add_argument(
            "--bot-delay", type=_seconds, default=None, help=f"seconds a bot thinks (default {defaults.BOT_DELAY})"
        )
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
    sim.add_argument("--target", type=_positive, default=defaults.TARGET, help=target_help)
    sim.add_argument("--seed", type=_whole, default=0, help="the tournament's seed (default 0)")
    sim.add_argument("--jobs", type=_positive, default=1, help="processes to spread the games over (default 1)")
    sim.add_argument("--profile", help="a bot profile for every bot (easy, normal, hard or your own)")
    _add_rules_flags(sim)
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
    tune.add_argument(
        "--seed", type=_tune_seed, default=0, help="the seed of the deals and the sampler, 0 to 2^32-1 (default 0)"
    )
    tune.add_argument("--storage", help="an Optuna storage URL for a shared study (default: SQLite in the data dir)")
    tune.add_argument(
        "--profile", help="the profile to write (default tuned-BOT, in your profiles folder); a new one unless --force"
    )
    tune.add_argument("--force", action="store_true", help="replace the profile if there is one of that name")
    _add_history(commands)
    _add_serve(commands)
    return parser


# ---------------------------------------------------------------------- unokart stats, replay, export


def _add_history(commands: argparse._SubParsersAction[_Parser]) -> None:
    stats = commands.add_parser(
        "stats",
        help="your statistics: win rates, streaks, opponents",
        description="Your statistics, from every round you finished here (kept even when saves are deleted).",
    )
    stats.add_argument("--json", action="store_true", help="print them as JSON")
    stats.add_argument("--rebuild", action="store_true", help="make the statistics again from the saves first")
    replay = commands.add_parser(
        "replay", help="step through a saved match", description="Step through a saved match, finished or not."
    )
    replay.add_argument("save", metavar="NAME", help="the save's name (see unokart saves)")
    replay.add_argument("--backup", action="store_true", help="replay the previous version of the save")
    export = commands.add_parser(
        "export",
        help="write a match as a plain-text log",
        description="Write a saved match as a plain-text log: the game log's sentences, the seed, "
        "and the command that deals it again.",
    )
    export.add_argument("save", metavar="NAME", help="the save's name (see unokart saves)")
    export.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="write it to FILE, a regular file (replaced whole), not the standard output ('-': the standard output)",
    )


def run_stats(args: argparse.Namespace) -> int:
    import json  # noqa: PLC0415

    from . import stats  # noqa: PLC0415 - SQLite loads only for this command
    from .stats.report import left_out, text  # noqa: PLC0415

    notes = sys.stderr if args.json else sys.stdout
    try:
        if args.rebuild:
            report, note = stats.rebuild()
            if note:
                notes.write(printable(note, newlines=True) + "\n")
            notes.write(f"Rebuilt from the saves: {report}.\n")
            for file, reason in report.skipped:
                notes.write(f"  skipped {printable(file)}: {printable(reason)}\n")
            if not args.json:
                notes.write("\n")
        opened = stats.open_store()
        with opened.store as store:
            summary = stats.summarize(store)
    except stats.StatsError as error:
        return _fail(str(error))
    for note in (opened.note, left_out(summary)):
        if note:
            sys.stderr.write(printable(note, newlines=True) + "\n")
    print(json.dumps(summary.as_json(), indent=2) if args.json else text(summary))
    return 0


def _read_game(name: str, *, backup: bool = False) -> tuple[str, SavedGame]:
    """The save called ``name`` (or the one whose name differs only in letter case) and its name.

    Found in play: ``unokart replay 'match 2026-12-02 19.26'`` failed on a capital M, and said
    so with a file path; a save not found is now answered with the names that come close.
    """
    import difflib  # noqa: PLC0415

    from saves import SaveMissing, list_saves, load_game  # noqa: PLC0415

    try:
        return name, load_game(name, backup=backup)
    except SaveMissing:
        names = [entry.name for entry in list_saves()]
    same = [other for other in names if other.casefold() == name.casefold()]
    if len(same) == 1:
        return same[0], load_game(same[0], backup=backup)
    folded = {other.casefold(): other for other in names}
    close = [folded[found] for found in difflib.get_close_matches(name.casefold(), folded, n=3, cutoff=0.6)]
    if close:
        listed = ", ".join(repr(other) for other in close)
        raise SaveMissing(name, f"there is no such save; the closest: {listed} (unokart saves lists them all)")
    raise SaveMissing(name, "there is no such save (unokart saves lists them all)")


def run_replay(args: argparse.Namespace) -> int:
    from saves import SaveError  # noqa: PLC0415

    try:
        name, game = _read_game(args.save, backup=args.backup)
    except SaveError as error:
        return _fail(str(error))
    from .app import UnoKartApp  # noqa: PLC0415 - Textual loads only to show it

    return run_app(UnoKartApp(replay=(name, game)))


def run_export(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from saves import SaveError  # noqa: PLC0415

    from .export import NotARegularFile, check_target, export_text, write_text  # noqa: PLC0415

    output = None if args.output in (None, "-") else Path(args.output)
    if output is not None:
        try:
            check_target(output)  # before the save is read: a link or a device is never replaced
        except NotARegularFile as error:
            parser.error(f"--output {error}")
    try:
        text = export_text(*_read_game(args.save))
    except SaveError as error:
        return _fail(str(error))
    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_text(output, text)
    except NotARegularFile as error:
        return _fail(str(error))
    except OSError as error:
        return _fail(f"{output}: cannot be written: {error.strerror or error}")
    print(f"Wrote {printable(output)} ({text.count(chr(10)):,} lines).")
    return 0


# ---------------------------------------------------------------------- unokart serve


def _address(text: str) -> Address:
    """``PORT``, ``HOST:PORT`` or ``[IPv6]:PORT``; an empty host means "not given"."""
    host, _, port = text.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not [HOST:]PORT with a port from 0 to 65535")
    return Address(host, int(port))


def _origin(text: str) -> str:
    """``--web-origin``: a page's origin, as a browser sends it."""
    from .serve.webpage import parse_origin  # noqa: PLC0415

    origin = parse_origin(text)
    if origin is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not an origin such as https://play.example.org")
    return origin


def _add_serve(commands: argparse._SubParsersAction[_Parser]) -> None:
    limits = Limits()
    serve = commands.add_parser(
        "serve",
        help="let many players play over SSH, or in a browser",
        description="Serve the game: over SSH (each key a player with their own saves) and in a browser. "
        'Needs the serve extra: pip install "unokart-tui[serve]".',
    )
    serve.add_argument("--ssh", type=_address, metavar="[HOST:]PORT", help="listen for SSH (on every address)")
    serve.add_argument("--web", type=_address, metavar="[HOST:]PORT", help="serve the game in a browser (on 127.0.0.1)")
    serve.add_argument("--web-url", metavar="URL", help="the page's address for browsers, when a proxy stands in front")
    serve.add_argument(
        "--web-origin",
        metavar="URL",
        action="append",
        type=_origin,
        default=[],
        help="another page that may open the game (scheme://host[:port]; again for more). "
        "By default only the page's own address may",
    )
    who = serve.add_mutually_exclusive_group()
    who.add_argument("--authorized-keys", metavar="FILE", type=Path, help="only these public keys may play")
    who.add_argument("--open", action="store_true", help="any key may play: a new key is a new player")
    serve.add_argument("--host-key", metavar="FILE", type=Path, help="the host's private key (default: made once)")
    serve.add_argument("--data-dir", metavar="DIR", type=Path, help="the host's data (default: SAVES/server)")
    for flag, metavar, default, what in (
        ("--max-sessions", "N", limits.max_sessions, "games at once on the host, over SSH and in browsers"),
        ("--max-sessions-per-key", "N", limits.max_sessions_per_key, "sessions at once per key"),
        ("--idle-timeout", "SECONDS", int(limits.idle_timeout), "a game with no key for this long is closed"),
        (
            "--max-auth-failures",
            "N",
            limits.max_auth_failures,
            "failed logins from one address in 10 minutes, before its unknown keys get one try a connection",
        ),
        ("--max-players", "N", limits.max_players, "players (keys) with a directory on the host"),
    ):
        serve.add_argument(flag, type=_positive, metavar=metavar, default=default, help=f"{what} (%(default)s)")


def run_serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from saves import save_dir  # noqa: PLC0415

    from . import serve  # noqa: PLC0415

    if args.ssh is None and args.web is None:
        parser.error("say what to serve: --ssh [HOST:]PORT, --web [HOST:]PORT, or both")
    if args.ssh is not None and args.authorized_keys is None and not args.open:
        parser.error("--ssh needs --authorized-keys FILE (only those keys) or --open (any key)")
    from .files import not_a_folder  # noqa: PLC0415

    data_dir = args.data_dir or save_dir() / "server"
    problem = not_a_folder(data_dir)
    if problem is not None:
        if args.data_dir is not None:
            parser.error(f"--data-dir {problem}")
        return _fail(f"the host's data folder {problem}")
    limits = Limits(
        max_sessions=args.max_sessions,
        max_sessions_per_key=args.max_sessions_per_key,
        idle_timeout=float(args.idle_timeout),
        max_auth_failures=args.max_auth_failures,
        max_players=args.max_players,
    )
    config = serve.ServeConfig(
        data_dir=data_dir.absolute(),
        ssh=args.ssh,
        web=args.web,
        web_url=args.web_url,
        authorized_keys=args.authorized_keys.absolute() if args.authorized_keys else None,
        open_to_all=args.open,
        host_key=args.host_key.absolute() if args.host_key else None,
        web_origins=tuple(args.web_origin),
        limits=limits,
    )
    missing = serve.missing_packages(config)
    if missing:
        return _fail(f"serve needs {', '.join(missing)}, which is not installed: {serve.EXTRA}")
    return serve.run(config)


def _bot_list(
    text: str,
    parser: argparse.ArgumentParser,
    known: Collection[str],
    *,
    low: int,
    high: int,
    what: str,
    flag: str = "--bots",
) -> list[str]:
    """The names in ``flag`` (``--bots``); a one-line error (status 2) for an unknown name or a wrong count."""
    bots = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name.partition(":")[0] for name in bots if name.partition(":")[0] not in known]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} in {flag} (the bots: {', '.join(sorted(known))})")
    if not low <= len(bots) <= high:
        parser.error(f"{flag} needs {low} to {high} {what}, not {len(bots)}")
    return bots


def bot_line_up(text: str) -> tuple[list[str], list[str | None]]:
    """The bots of ``--bots greedy:hard,challenger`` and each one's profile (None: ``--profile``'s)."""
    kinds: list[str] = []
    profiles: list[str | None] = []
    for part in text.split(","):
        kind, _, profile = part.partition(":")
        if kind.strip():
            kinds.append(kind.strip())
            profiles.append(profile.strip() or None)
    return kinds, profiles


def run_sim(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ai import BOTS  # noqa: PLC0415 - imported on use: `unokart --version` stays instant

    from .engine import MAX_PLAYERS, MIN_PLAYERS  # noqa: PLC0415 - loaded with the bots anyway
    from .sim_command import run_sim as run  # noqa: PLC0415

    bots = _bot_list(args.bots, parser, BOTS, low=MIN_PLAYERS, high=MAX_PLAYERS, what="bots")
    return run(args, parser, bots, _rules(args, parser))


def run_tune(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ai import BOTS, list_profiles, tune, user_profile_dir  # noqa: PLC0415 - imported on use
    from saves import folder_problem, save_dir  # noqa: PLC0415

    if args.bot not in BOTS:
        parser.error(f"unknown bot {args.bot!r} (the bots: {', '.join(sorted(BOTS))})")
    against = _bot_list(args.against, parser, BOTS, low=1, high=9, what="opponents", flag="--against")
    profile = args.profile or f"tuned-{args.bot}"
    if not profile.replace("-", "").replace("_", "").isalnum() or not profile.isascii():
        parser.error(f"--profile {profile!r} is not a profile name (letters, digits, '-' and '_')")
    path = user_profile_dir() / f"{profile}.toml"
    if not args.force:
        if profile in list_profiles():
            parser.error(f"the profile {profile!r} exists already: choose another --profile, or add --force")
        try:
            tune.check_new_profile(path)  # also a file list_profiles does not offer: a folder, a pipe
        except tune.BadRequest as error:
            parser.error(str(error))
    storage = args.storage
    if storage is None:
        directory = save_dir()
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return _fail(f"{directory}: {folder_problem(directory, error)}")
        storage = f"sqlite:///{directory / 'tune.sqlite3'}"

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
            overwrite=args.force,
        )
    except tune.BadRequest as error:
        parser.error(str(error))
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
    sys.stderr.write(f"unokart: {printable(message, newlines=True)}\n")
    return 1


def start_session(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Open the match the command asks for, then play it."""
    from ai import BOTS  # noqa: PLC0415 - the game loads on use: `unokart --version` stays instant
    from saves import SaveError, SaveLocked, SaveUnreadable, has_backup  # noqa: PLC0415
    from saves import path_of as saves_path  # noqa: PLC0415

    from .saved import latest_unfinished, unfinished_saves  # noqa: PLC0415
    from .session import Session  # noqa: PLC0415

    command = args.command
    try:
        if command == "new":
            kinds, profiles = bot_line_up(args.bots)
            bots = _bot_list(",".join(kinds), parser, BOTS, low=1, high=defaults.MAX_OPPONENTS, what="opponents")
            if not args.name.strip():
                parser.error("--name cannot be empty")
            rules = _rules(args, parser)
            try:
                session = Session.new(
                    args.name.strip(),
                    bots,
                    seed=args.seed,
                    target=args.target,
                    profile=args.profile,
                    profiles=profiles,
                    rules=rules,
                )
            except ValueError as error:
                parser.error(str(error))
        else:
            if command == "load":
                name, backup = args.save, args.backup
            else:
                latest = latest_unfinished()
                if latest is None:
                    return _fail("there is no unfinished match to continue; start one with: unokart new")
                name, backup = latest.name, False
            try:
                session = Session.load(name, backup=backup)
            except SaveUnreadable as error:
                hint = ""
                if not backup and has_backup(name):
                    hint = f"\nA backup of the previous move exists: unokart load {name!r} --backup"
                return _fail(f"{error}{hint}")
    except SaveLocked as error:
        others = [entry.name for entry in unfinished_saves() if str(saves_path(entry.name)) != error.file]
        offer = f" Other unfinished matches: {', '.join(others)} (unokart load NAME)." if others else ""
        return _fail(f"{error.problem}. Close it there first, or start another: unokart new.{offer}")
    except SaveError as error:
        return _fail(str(error))
    return play(session, args)


def play(session: Session | None, args: argparse.Namespace) -> int:
    from .app import UnoKartApp  # noqa: PLC0415 - Textual loads only to play

    app = UnoKartApp(session, bot_delay=getattr(args, "bot_delay", None))
    gc.freeze()
    return run_app(app)  # the app turns the collector back on once its first screen is painted


def run_app(app: UnoKartApp) -> int:
    """Run the app; its exit status. After a crash, one line says which file holds the details.

    While it runs, the terminal sends keys, not signals; but while Textual starts and after it
    has given the terminal back, Ctrl+C and Ctrl+\\ are signals. Then they end a game that is
    starting (status 128 + the signal), and are ignored by one that is closing: it is saving
    the match, which nothing interrupts.
    """

    def asked_to_quit(number: int, frame: object) -> None:
        if app.return_code is not None:
            return  # closing: it is saving the match
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise KeyboardInterrupt from None  # Textual's loop has not begun: nothing to close
        loop.call_soon_threadsafe(app.quit_soon, 128 + number)  # a signal handler is no place to exit from

    with _signals_handled_by(asked_to_quit):
        app.run()
    if app.crash is not None:
        from .crash import notice  # noqa: PLC0415

        sys.stderr.write(printable(notice(app.crash)) + "\n")
    return app.return_code or 0  # 1 after a crash


@contextlib.contextmanager
def _signals_handled_by(handler: Callable[[int, FrameType | None], object]) -> Iterator[None]:
    """Ctrl+C (SIGINT) and Ctrl+\\ (SIGQUIT) go to ``handler`` in this block (in the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {number: signal.signal(number, handler) for number in _QUIT_SIGNALS}
    try:
        yield
    finally:
        for number, previous in before.items():
            signal.signal(number, previous)


_QUIT_SIGNALS = (signal.SIGINT, signal.SIGQUIT)


def print_saves() -> int:
    from saves import SaveError, list_saves  # noqa: PLC0415

    from .saved import scores_line  # noqa: PLC0415

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
        name = printable(entry.name)  # a file's name and a header's text are anything at all
        if entry.error is not None:
            print(f"{name:<28} {'—':>5}  {'unreadable':<12} {played:<16}  {printable(entry.error)}")
            continue
        status = "finished" if entry.finished else "in progress"
        scores = printable(scores_line(entry.players, entry.scores))
        print(f"{name:<28} {entry.round_number:>5}  {status:<12} {played:<16}  {scores}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The ``unokart`` command; its exit status.

    Ctrl+C or Ctrl+\\ before the game runs ends it quietly (status 130); an error no command
    expected is written to a file in the data folder, and named in one line (see crash.py).
    """
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command == "serve":  # the host answers its own signals (not Ctrl+\ as Ctrl+C, as python -m set it)
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGQUIT, signal.SIG_DFL)
            return run_serve(args, _sub_parser(parser, "serve"))
        with _signals_handled_by(signal.default_int_handler):  # Ctrl+\ as Ctrl+C: no core dump
            return run_command(args, parser)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # noqa: BLE001 - whatever it is, the player gets one line, the file the rest
        from .crash import notice, report  # noqa: PLC0415

        sys.stderr.write(printable(notice(report(error))) + "\n")
        return 1


def run_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.command == "sim":
        return run_sim(args, _sub_parser(parser, "sim"))
    if args.command == "tune":
        return run_tune(args, _sub_parser(parser, "tune"))
    if args.command == "saves":
        return print_saves()
    if args.command == "stats":
        return run_stats(args)
    if args.command == "export":
        return run_export(args, _sub_parser(parser, "export"))
    if args.command == "replay":
        return run_replay(args)
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
