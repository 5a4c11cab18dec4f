"""``unokart stats``: your statistics, from every round you finished here."""

from __future__ import annotations

import argparse
import sys

from ..printable import printable
from ..voice import _
from .common import Commands, fail


def add_to(commands: Commands) -> None:
    stats = commands.add_parser(
        "stats",
        help=_("your statistics: win rates, streaks, opponents"),
        description=_("Your statistics, from every round you finished here (kept even when saves are deleted)."),
    )
    stats.add_argument("--json", action="store_true", help=_("print them as JSON"))
    stats.add_argument("--rebuild", action="store_true", help=_("make the statistics again from the saves first"))
    stats.set_defaults(run=run, parser=stats)


def run(args: argparse.Namespace) -> int:
    import json  # noqa: PLC0415

    from ..history import stats  # noqa: PLC0415 - SQLite loads only for this command
    from ..history.stats.report import left_out, text  # noqa: PLC0415

    notes = sys.stderr if args.json else sys.stdout
    try:
        if args.rebuild:
            report, note = stats.rebuild()
            if note:
                notes.write(printable(note, newlines=True) + "\n")
            notes.write(_("Rebuilt from the saves: {report}.").format(report=report) + "\n")
            for file, reason in report.skipped:
                notes.write(
                    "  " + _("skipped {file}: {reason}").format(file=printable(file), reason=printable(reason)) + "\n"
                )
            if not args.json:
                notes.write("\n")
        opened = stats.open_store()
        with opened.store as store:
            summary = stats.summarize(store)
    except stats.StatsError as error:
        return fail(str(error))
    for note in (opened.note, left_out(summary)):
        if note:
            sys.stderr.write(printable(note, newlines=True) + "\n")
    print(json.dumps(summary.as_json(), indent=2) if args.json else text(summary))
    return 0
