"""``unokart new``: start a new match against bots."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .. import defaults
from ..voice import _
from .common import (
    Commands,
    add_bot_delay,
    add_plain,
    add_rules_flags,
    bot_list,
    house_rules,
    parser_of,
    positive,
    target_help,
    wants_plain,
    whole,
)
from .running import collector_paused, open_and_play

if TYPE_CHECKING:
    from ..table.session import Session


def add_to(commands: Commands) -> None:
    new = commands.add_parser("new", help=_("start a new match"), description=_("Start a new match against bots."))
    new.add_argument(
        "--bots",
        default=",".join(defaults.LINE_UP),
        help=_("1 to {most} opponents, comma-separated; NAME:PROFILE gives one its own profile").format(
            most=defaults.MAX_OPPONENTS
        ),
    )
    new.add_argument("--seed", type=whole, help=_("a seed, to replay the same deal"))
    new.add_argument("--target", type=positive, default=defaults.TARGET, help=target_help())
    new.add_argument("--name", default=defaults.PLAYER_NAME, help=_("your name at the table"))
    new.add_argument("--profile", help=_("the bots' profile: easy, normal, hard or your own"))
    add_rules_flags(new)
    add_bot_delay(new)
    add_plain(new)
    new.set_defaults(run=run, parser=new)


def bot_line_up(text: str) -> tuple[list[str], list[str | None]]:
    """The bots of ``--bots greedy:hard,challenger`` and each one's profile (None: ``--profile``'s)."""
    kinds: list[str] = []
    profiles: list[str | None] = []
    for part in text.split(","):
        kind, _sep, profile = part.partition(":")
        if kind.strip():
            kinds.append(kind.strip())
            profiles.append(profile.strip() or None)
    return kinds, profiles


def run(args: argparse.Namespace) -> int:
    with collector_paused():
        return open_and_play(lambda: new_session(args), args.bot_delay, plain=wants_plain(args))


def new_session(args: argparse.Namespace) -> Session:
    """The match the flags ask for; a bad flag is a one-line error (status 2)."""
    from ai import BOTS  # noqa: PLC0415 - the game loads on use: `unokart --version` stays instant

    from ..table.session import Session  # noqa: PLC0415

    parser = parser_of(args)
    kinds, profiles = bot_line_up(args.bots)
    bots = bot_list(",".join(kinds), parser, BOTS, low=1, high=defaults.MAX_OPPONENTS, opponents=True)
    if not args.name.strip():
        parser.error(_("--name cannot be empty"))
    rules = house_rules(args)
    try:
        return Session.new(
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
