"""Playing a match in line mode: commands read from ``stdin``, the table's lines written to ``stdout``."""

from __future__ import annotations

import io
import os
import shlex
import sys
from typing import TYPE_CHECKING, TextIO

from ..printable import printable
from ..settings import load_settings
from ..voice import plain as words
from .table import LineTable

if TYPE_CHECKING:
    from ..table.session import Session


def play_lines(session: Session, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Play ``session`` until the match ends, the player quits or their input ends (it is saved); the exit status."""
    read = stdin or sys.stdin
    out = stdout or sys.stdout
    if isinstance(out, io.TextIOWrapper):  # a terminal that cannot show "·" or "—" gets "?", not a crash
        out.reconfigure(errors="replace")

    def write(line: str) -> None:
        out.write(line + "\n")
        out.flush()  # a line is read as soon as it is written, through a pipe too

    settings, problem = load_settings()
    deal_again = session.deal_again_command() + " --plain"
    table = LineTable(session, write, deal_again=deal_again, uno_helper=settings.uno_helper, undo=settings.undo)
    status, reader_gone = 0, False
    try:
        if problem is not None:
            write(printable(problem))
        table.start()
        for line in read if not table.over else ():
            if not table.handle(line):
                break
    except KeyboardInterrupt:
        status = 130
    except BrokenPipeError:
        reader_gone = True  # whoever read the lines has gone (``| head``): the match is saved, quietly
    finally:
        table.close()
    if reader_gone:
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())  # nothing more to flush at exit
    elif not table.over:
        write(words.left_line(f"unokart load {shlex.quote(session.name)} --plain"))
    return status
