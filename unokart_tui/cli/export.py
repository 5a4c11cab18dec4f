"""``unokart export``: a saved match as a plain-text log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..printable import printable
from ..voice import _, ngettext, pgettext
from .common import Commands, fail, fail_on_save, parser_of, read_game


def add_to(commands: Commands) -> None:
    export = commands.add_parser(
        "export",
        help=_("write a match as a plain-text log"),
        description=_(
            "Write a saved match as a plain-text log: the game log's sentences, the seed, "
            "and the command that deals it again."
        ),
    )
    export.add_argument(
        "save",
        metavar=pgettext("command line: a placeholder, in capitals", "NAME"),
        help=_("the save's name (see unokart saves)"),
    )
    export.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help=_("write it to FILE, a regular file (replaced whole), not the standard output ('-': the standard output)"),
    )
    export.set_defaults(run=run, parser=export)


def run(args: argparse.Namespace) -> int:
    from saves import SaveError  # noqa: PLC0415

    from ..history.export import NotARegularFile, check_target, export_text, write_text  # noqa: PLC0415

    output = None if args.output in (None, "-") else Path(args.output)
    if output is not None:
        try:
            check_target(output)  # before the save is read: a link or a device is never replaced
        except NotARegularFile as error:
            parser_of(args).error(f"--output {error}")
    try:
        text = export_text(*read_game(args.save))
    except SaveError as error:
        return fail_on_save(error)
    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_text(output, text)
    except NotARegularFile as error:
        return fail(str(error))
    except OSError as error:
        return fail(_("{file}: cannot be written: {reason}").format(file=output, reason=error.strerror or error))
    lines = text.count("\n")
    print(
        ngettext("Wrote {file} ({count} line).", "Wrote {file} ({count} lines).", lines).format(
            file=printable(output), count=f"{lines:,}"
        )
    )
    return 0
