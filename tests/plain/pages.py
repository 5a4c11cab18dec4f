"""A line-mode page driven as a person would: answers typed one a line, every line it writes kept."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from unokart_tui.plain.lines import Lines

ESCAPE = "\x1b"


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
