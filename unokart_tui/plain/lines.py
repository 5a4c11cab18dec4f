"""Line mode's two ends: lines written one at a time, answers read one line at a time.

Every line-mode screen (the title, New game, the rules, statistics, a replay, the table) talks to
the person through one ``Lines``: it never touches ``sys.stdin`` or ``sys.stdout`` itself, so a
test hands it a list of answers and reads back what was written.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from typing import TextIO


class Lines:
    """A person reading lines and typing answers: ``say`` writes a line, ``ask`` waits for the next one."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.read = stdin or sys.stdin
        self.out = stdout or sys.stdout
        if isinstance(self.out, io.TextIOWrapper):  # a terminal that cannot show "·" or "—" gets "?", not a crash
            self.out.reconfigure(errors="replace")
        self._answers: Iterator[str] = iter(self.read)
        # Once the input has ended (or the reader has gone), nothing more is read: at a terminal, a
        # second read after Ctrl+D would wait for more, where the person meant to leave.
        self.ended = False

    def say(self, line: str = "") -> None:
        """Write one line (no escape sequence ever: the caller's words are printable), flushed at once."""
        self.out.write(line + "\n")
        self.out.flush()  # a line is read as soon as it is written, through a pipe too

    def ask(self, question: str = "") -> str | None:
        """Say ``question`` (if any) and return the next line typed, stripped; ``None`` when input has ended."""
        if self.ended:
            return None
        if question:
            self.say(question)
        line = next(self._answers, None)
        if line is None:
            self.ended = True
            return None
        if not line.endswith("\n") and self.read.isatty():
            # Ctrl+D after some text ends the line without a newline: found in the playtest, the next
            # line was written on the same line as the text typed ("drThe match is saved...").
            self.say()
        return line.strip()
