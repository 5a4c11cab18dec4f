"""``unokart continue``: resume the most recent unfinished match."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..voice import _
from .common import Commands, add_bot_delay, add_plain, fail, wants_plain
from .load import load_session
from .running import collector_paused, open_and_play

if TYPE_CHECKING:
    from ..table.session import Session


def add_to(commands: Commands) -> None:
    resume = commands.add_parser("continue", help=_("resume the most recent unfinished match"))
    add_bot_delay(resume)
    add_plain(resume)
    resume.set_defaults(run=run, parser=resume)


def run(args: argparse.Namespace) -> int:
    with collector_paused():
        return open_and_play(latest_session, args.bot_delay, plain=wants_plain(args))


def latest_session() -> Session | int:
    from ..history.saved import latest_unfinished  # noqa: PLC0415 - the game loads on use

    latest = latest_unfinished()
    if latest is None:
        return fail(_("there is no unfinished match to continue; start one with: unokart new"))
    return load_session(latest.name, backup=False)
