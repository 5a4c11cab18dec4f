"""``unokart tune``: search a bot's parameters for the best win rate, and write them as a profile."""

from __future__ import annotations

import argparse
import sys

from ..voice import _, ngettext
from .common import Commands, bot_list, echo, fail, parser_of, positive, whole


def add_to(commands: Commands) -> None:
    tune = commands.add_parser(
        "tune",
        help=_("search a bot's parameters for the best win rate (needs Optuna)"),
        description=_("Search a bot's parameters for the best win rate with Optuna, and write them as a profile."),
    )
    tune.add_argument("bot", metavar="BOT", help=_("the bot to tune (e.g. challenger)"))
    tune.add_argument("--against", required=True, help=_("its opponents at the table, comma-separated (1 to 9)"))
    tune.add_argument("--trials", type=positive, default=50, help=_("trials the study runs to in all (default 50)"))
    tune.add_argument("--rounds", type=positive, default=400, help=_("rounds each trial plays (default 400)"))
    tune.add_argument(
        "--seed", type=tune_seed, default=0, help=_("the seed of the deals and the sampler, 0 to 2^32-1 (default 0)")
    )
    tune.add_argument("--storage", help=_("an Optuna storage URL for a shared study (default: SQLite in the data dir)"))
    tune.add_argument(
        "--profile",
        help=_("the profile to write (default tuned-BOT, in your profiles folder); a new one unless --force"),
    )
    tune.add_argument("--force", action="store_true", help=_("replace the profile if there is one of that name"))
    tune.set_defaults(run=run, parser=tune)


def tune_seed(text: str) -> int:
    from ai.tune import MAX_SEED  # noqa: PLC0415 - imported on use

    value = whole(text)
    if not 0 <= value <= MAX_SEED:
        message = _("{text} must be from 0 to {most}")
        raise argparse.ArgumentTypeError(message.format(text=echo(text), most=f"{MAX_SEED:,}"))
    return value


def run(args: argparse.Namespace) -> int:
    from ai import BOTS, list_profiles, tune, user_profile_dir  # noqa: PLC0415 - imported on use
    from saves import folder_problem  # noqa: PLC0415

    from .. import locations  # noqa: PLC0415

    parser = parser_of(args)
    if args.bot not in BOTS:
        parser.error(_("unknown bot {bot} (the bots: {bots})").format(bot=repr(args.bot), bots=", ".join(sorted(BOTS))))
    against = bot_list(args.against, parser, BOTS, low=1, high=9, opponents=True, flag="--against")
    profile = args.profile or f"tuned-{args.bot}"
    if not profile.replace("-", "").replace("_", "").isalnum() or not profile.isascii():
        parser.error(
            _("--profile {profile} is not a profile name (letters, digits, '-' and '_')").format(profile=repr(profile))
        )
    path = user_profile_dir() / f"{profile}.toml"
    if not args.force:
        if profile in list_profiles():
            parser.error(
                _("the profile {profile} exists already: choose another --profile, or add --force").format(
                    profile=repr(profile)
                )
            )
        try:
            tune.check_new_profile(path)  # also a file list_profiles does not offer: a folder, a pipe
        except tune.BadRequest as error:
            parser.error(str(error))
    storage = args.storage
    if storage is None:
        directory = locations.tune_storage_dir()
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return fail(f"{directory}: {folder_problem(directory, error)}")
        storage = f"sqlite:///{directory / 'tune.sqlite3'}"

    def progress(done: int, total: int, best: float) -> None:
        line = _("trial {done}/{total}, best win rate so far {rate}%")
        sys.stderr.write("\r" + line.format(done=done, total=total, rate=f"{100 * best:.1f}"))
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
        return fail(str(error))
    except KeyboardInterrupt:
        sys.stderr.write(
            "\n" + _("Interrupted: the study keeps its finished trials; run the same command to continue.") + "\n"
        )
        return 130
    low, high = result.interval
    done = ngettext(
        "{bot} against {opponents}: study {study}, {trials} trial; best parameters won "
        "{rate:.1f}% of {rounds:,} fresh rounds (95% interval {low:.1f}-{high:.1f}%)",
        "{bot} against {opponents}: study {study}, {trials} trials; best parameters won "
        "{rate:.1f}% of {rounds:,} fresh rounds (95% interval {low:.1f}-{high:.1f}%)",
        result.trials,
    )
    print(
        done.format(
            bot=args.bot,
            opponents=", ".join(against),
            study=result.study,
            trials=result.trials,
            rate=100 * result.rate,
            rounds=result.rounds,
            low=100 * low,
            high=100 * high,
        )
    )
    print(_("written to {path} (use it with --profile {profile})").format(path=path, profile=profile))
    return 0
