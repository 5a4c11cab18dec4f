"""``unokart saves``: list the saved matches."""

from __future__ import annotations

import argparse

from ..printable import printable
from ..voice import _
from ..voice.dates import date_time
from .common import Commands, fail_on_save


def add_to(commands: Commands) -> None:
    listing = commands.add_parser("saves", help=_("list the saved matches"))
    listing.set_defaults(run=run, parser=listing)


def run(args: argparse.Namespace) -> int:
    from saves import SaveError, list_saves  # noqa: PLC0415

    from ..history.saved import scores_line  # noqa: PLC0415

    try:
        entries = list_saves()
    except SaveError as error:
        return fail_on_save(error)
    if not entries:
        print(_("No saved matches yet. Start one with: unokart new"))
        return 0
    heads = (_("name"), _("round"), _("status"), _("last played"), _("players and scores"))
    print("{:<28} {:>5}  {:<12} {:<16}  {}".format(*heads))
    for entry in entries:
        played = date_time(entry.updated) if entry.updated else "?"
        name = printable(entry.name)  # a file's name and a header's text are anything at all
        if entry.error is not None:
            print(f"{name:<28} {'—':>5}  {_('unreadable'):<12} {played:<16}  {printable(entry.error)}")
            continue
        # Issue 31: an unfinished match with friends goes on at their table, not here.
        unfinished = _("played with friends") if entry.with_friends else _("in progress")
        status = _("finished") if entry.finished else unfinished
        scores = printable(scores_line(entry.players, entry.scores))
        print(f"{name:<28} {entry.round_number:>5}  {status:<12} {played:<16}  {scores}")
    return 0
