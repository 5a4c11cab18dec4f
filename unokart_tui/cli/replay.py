"""``unokart replay``: step through a saved match, finished or not."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from ..voice import _, pgettext
from .common import Commands, add_plain, fail, fail_on_save, read_game
from .running import run_app

if TYPE_CHECKING:
    from saves import SavedGame


def add_to(commands: Commands) -> None:
    replay = commands.add_parser(
        "replay", help=_("step through a saved match"), description=_("Step through a saved match, finished or not.")
    )
    replay.add_argument(
        "save",
        metavar=pgettext("command line: a placeholder, in capitals", "NAME"),
        help=_("the save's name (see unokart saves)"),
    )
    replay.add_argument("--backup", action="store_true", help=_("replay the previous version of the save"))
    add_plain(replay)
    replay.set_defaults(run=run, parser=replay)


def run(args: argparse.Namespace) -> int:
    from saves import SaveError  # noqa: PLC0415

    try:
        name, game = read_game(args.save, backup=args.backup)
    except SaveError as error:
        return fail_on_save(error)
    if not game.match.is_over and sum(seat.kind == "human" for seat in game.seats) > 1:
        # Issue 31: as the Load screen's replay (table/opening.py), it waits for the match's end.
        return fail(
            _("{name} was played with friends and is not over: it can be replayed once it is finished.").format(
                name=name
            )
        )
    if args.plain:
        return replay_lines(name, game)
    from ..tui.app import UnoKartApp  # noqa: PLC0415 - Textual loads only to show it

    return run_app(UnoKartApp(replay=(name, game)))


def replay_lines(name: str, game: SavedGame) -> int:
    """The replay in line mode (``--plain``), read from stdin and written to stdout, with no Textual."""
    from ..plain.lines import Lines  # noqa: PLC0415 - line mode: no Textual at all
    from ..plain.replay import replay_game  # noqa: PLC0415

    try:
        replay_game(Lines(), name, game)
    except BrokenPipeError:  # whoever read the lines has gone (``| head``): nothing was changed, so quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
    return 0
