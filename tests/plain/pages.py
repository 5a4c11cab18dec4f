"""A line-mode page driven as a person would: answers typed one a line, every line it writes kept."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from unokart_tui.plain.lines import Lines

ESCAPE = "\x1b"
# ASCII marks a screen reader names aloud even at its usual punctuation level ("asterisk", "at").
SPOKEN_ASCII = frozenset("*@^#|~`\\")


def marks_in(line: str) -> set[str]:
    """The characters of ``line`` a screen reader would read out as a symbol's name ("middle dot", "black
    star", "em dash", "asterisk"): anything but letters of any language, digits, spaces and plain punctuation."""
    return {char for char in line if (not char.isascii() and not char.isalpha()) or char in SPOKEN_ASCII}


def read(page: Callable[..., object], answers: Sequence[str], *args: object, **kwargs: object) -> list[str]:
    """The lines ``page`` writes while ``answers`` are typed (then the input ends); never an escape byte."""
    typed = io.StringIO("".join(answer + "\n" for answer in answers))
    out = io.StringIO()
    page(Lines(typed, out), *args, **kwargs)
    written = out.getvalue()
    assert ESCAPE not in written
    return written.splitlines()


def after(lines: list[str], first: str) -> list[str]:
    """The lines from the first that starts with ``first`` on."""
    starts = [n for n, line in enumerate(lines) if line.startswith(first)]
    assert starts, f"no line starts with {first!r} in {lines}"
    return lines[starts[0] :]
