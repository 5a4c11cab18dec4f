"""Driving line mode's title in the test's own process: a list of answers in, every line written out."""

from __future__ import annotations

import io

from unokart_tui.plain.lines import Lines
from unokart_tui.plain.title import run_title
from unokart_tui.settings import Settings

QUIET = Settings(guide=False)


def lines_for(answers: list[str]) -> tuple[Lines, io.StringIO]:
    """A person who types ``answers``, one a line, then ends their input; what is written goes to the StringIO."""
    out = io.StringIO()
    return Lines(io.StringIO("".join(answer + "\n" for answer in answers)), out), out


def title(answers: list[str], settings: Settings | None = None) -> tuple[int, list[str]]:
    """The title driven by ``answers``: its exit status and the lines it wrote (never an escape byte)."""
    lines, out = lines_for(answers)
    status = run_title(lines, settings)
    written = out.getvalue()
    assert "\x1b" not in written
    return status, written.splitlines()


def after(said: list[str], line: str) -> list[str]:
    """The lines said after the first that starts with ``line``."""
    index = next(number for number, each in enumerate(said) if each.startswith(line))
    return said[index + 1 :]


NEW_GAME_DEFAULTS = ["", "", "", "", "", "", ""]  # name, opponents, line-up, difficulty, target, rules, seed
