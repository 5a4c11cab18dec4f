"""What every line-mode page shares: commands read one line at a time, and the words that leave a page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..printable import printable
from .lines import Lines

BACK = frozenset({"back", "b", "q", "quit"})
HELP = frozenset({"help", "h", "?"})


class Typed(NamedTuple):
    """A command as typed: its first word in lower case (``""`` for an empty line), and the rest as it was."""

    word: str
    rest: str
    line: str


class Commands:
    """Each line typed, until ``back`` (or ``b``, ``q``, ``quit``) or the end of the input (then ``ended``)."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.ended = False  # the input has ended: nothing more is to be read, nor said for a next command

    def __iter__(self) -> Iterator[Typed]:
        while (line := self.lines.ask()) is not None:
            word, _space, rest = line.partition(" ")
            word = word.casefold()
            if word in BACK:
                return
            yield Typed(word, rest.strip(), line)
        self.ended = True


def typed(lines: Lines) -> Commands:
    """The commands typed on a page (``Commands``)."""
    return Commands(lines)


def say(lines: Lines, *said: str) -> None:
    """Each line through ``printable``: a name or a file's text never writes a control character.

    A text of several lines (a note of the statistics' store) is said a line at a time.
    """
    for text in said:
        for line in text.splitlines() or [""]:
            lines.say(printable(line))


def number_in(text: str, count: int) -> int | None:
    """``text`` as a number from 1 to ``count``, or None."""
    if text.isdecimal() and 1 <= int(text) <= count:
        return int(text)
    return None
