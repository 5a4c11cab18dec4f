"""``unokart load``: resume a saved match by name."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..voice import _, pgettext
from .common import Commands, add_bot_delay, add_plain, fail, fail_on_save, wants_plain
from .running import collector_paused, open_and_play

if TYPE_CHECKING:
    from ..table.session import Session


def add_to(commands: Commands) -> None:
    load = commands.add_parser("load", help=_("resume a saved match by name"))
    load.add_argument(
        "save",
        metavar=pgettext("command line: a placeholder, in capitals", "NAME"),
        help=_("the save's name (see the saves folder)"),
    )
    load.add_argument("--backup", action="store_true", help=_("open the previous version of the save"))
    add_bot_delay(load)
    add_plain(load)
    load.set_defaults(run=run, parser=load)


def run(args: argparse.Namespace) -> int:
    with collector_paused():
        return open_and_play(
            lambda: load_session(args.save, backup=args.backup), args.bot_delay, plain=wants_plain(args)
        )


def load_session(name: str, *, backup: bool) -> Session | int:
    """The match saved as ``name``; if it cannot be read, one line that offers its backup if there is one."""
    from saves import SaveUnreadable, has_backup  # noqa: PLC0415 - the game loads on use

    from ..table.session import Session  # noqa: PLC0415
    from ..voice.save_problems import save_problem  # noqa: PLC0415

    try:
        return Session.load(name, backup=backup)
    except SaveUnreadable as error:
        if not backup and has_backup(name):
            line = _("{problem}\nA backup of the previous move exists: unokart load {name} --backup")
            return fail(line.format(problem=save_problem(error), name=repr(name)))
        return fail_on_save(error)
