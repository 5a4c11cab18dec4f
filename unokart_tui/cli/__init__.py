"""The ``unokart`` command: a module per sub-command, each adding its parser with the function that runs it.

A command's module imports only what its parser needs; what it runs (the engine, the bots,
Textual, SQLite) loads when it runs, so that ``unokart --version`` and the title start quickly.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Sequence

from .. import __version__, defaults
from ..printable import printable
from ..voice import _, pgettext
from . import continue_latest, export, load, new, replay, saves_list, serve, sim, stats, tune
from .argparse_words import speak_argparse
from .common import Parser, add_plain, wants_plain
from .running import collector_paused, play, signals_handled_by

# In the order `unokart --help` lists them.
COMMANDS = (new, continue_latest, saves_list, load, sim, tune, stats, replay, export, serve)


def build_parser() -> argparse.ArgumentParser:
    speak_argparse()  # "usage:", "options" and argparse's errors in the player's language
    parser = Parser(
        prog="unokart",
        description=_(
            "UNO Mario Kart in the terminal: a match to {target} points against bots with personalities."
        ).format(target=defaults.TARGET),
    )
    # Passed, not argparse's default: Python 3.11's default help is not looked up with gettext.
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=_("show program's version number and exit"),
    )
    add_plain(parser, title=True)
    parser.set_defaults(run=open_title, parser=parser, own_signals=False)
    commands = parser.add_subparsers(
        dest="command",
        metavar=pgettext("command line: a placeholder, in capitals", "COMMAND"),
    )
    for command in COMMANDS:
        command.add_to(commands)
    return parser


def open_title(args: argparse.Namespace) -> int:
    """``unokart`` alone: the title screen; in line mode, the title as lines (``plain.title``)."""
    if wants_plain(args):
        from ..plain.title import run_title  # noqa: PLC0415 - no Textual in line mode

        return run_title()
    with collector_paused():
        return play(None, bot_delay=None)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``unokart`` command; its exit status.

    Ctrl+C or Ctrl+\\ before the game runs ends it quietly (status 130); an error no command
    expected is written to a file in the data folder, and named in one line (see crash.py).
    """
    try:
        args = build_parser().parse_args(argv)
        if args.own_signals:
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGQUIT, signal.SIG_DFL)
            return int(args.run(args))
        with signals_handled_by(signal.default_int_handler):  # Ctrl+\ as Ctrl+C: no core dump
            return int(args.run(args))
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # noqa: BLE001 - whatever it is, the player gets one line, the file the rest
        from ..crash import notice, report  # noqa: PLC0415

        sys.stderr.write(printable(notice(report(error))) + "\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
