"""The ``unokart`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import __version__


class _Parser(argparse.ArgumentParser):
    """A bad flag prints one line saying what is wrong and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="unokart",
        description="UNO Mario Kart in the terminal: a match to 500 points against bots with personalities.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    parser.parse_args(argv)
    # The game table is not built yet: until it is, the command explains itself.
    parser.print_help(sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
