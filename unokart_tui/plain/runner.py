"""Playing a match in line mode: commands read from ``stdin``, the table's lines written to ``stdout``."""

from __future__ import annotations

import os
import shlex
from typing import TYPE_CHECKING, TextIO

from ..printable import printable
from ..settings import Settings, load_settings
from ..voice import plain as words
from ..voice import plain_menus
from .lines import Lines
from .table import LineTable

if TYPE_CHECKING:
    from ..table.session import Session


def play_lines(
    session: Session,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    lines: Lines | None = None,
    settings: Settings | None = None,
    from_title: bool = False,
) -> int:
    """Play ``session`` until the match ends, the player quits or their input ends (it is saved); the exit status.

    ``lines``: the person's, when the title opened the match (else one on ``stdin`` and ``stdout``);
    ``settings``: the title's (else read from the file); ``from_title``: leaving the match goes back to it.
    """
    lines = lines or Lines(stdin, stdout)
    problem = None
    if settings is None:
        settings, problem = load_settings()
    deal_again = session.deal_again_command() + " --plain"
    table = LineTable(session, lines.say, deal_again=deal_again, uno_helper=settings.uno_helper, undo=settings.undo)
    status, reader_gone = 0, False
    try:
        if problem is not None:
            lines.say(printable(problem))
        table.start()
        while not table.over and (line := lines.ask()) is not None:
            if not table.handle(line):
                break
    except KeyboardInterrupt:
        status = 130
    except BrokenPipeError:
        reader_gone = True  # whoever read the lines has gone (``| head``): the match is saved, quietly
    finally:
        table.close()
    if reader_gone:
        lines.ended = True  # nobody is left to answer the title either
        silence(lines)
    elif not table.over:
        if from_title and not lines.ended and status == 0:
            lines.say(plain_menus.match_left())
        else:
            lines.say(words.left_line(f"unokart load {shlex.quote(session.name)} --plain"))
    return status


def silence(lines: Lines) -> None:
    """The reader has gone: what is left to write goes nowhere (nothing more to flush at exit either)."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), lines.out.fileno())
