"""Line mode's two ends: lines written one at a time, answers read one line at a time.

Every line-mode screen (the title, New game, the rules, statistics, a replay, the table) talks to
the person through one ``Lines``: it never touches ``sys.stdin`` or ``sys.stdout`` itself, so a
test hands it a list of answers and reads back what was written.

Under ``unokart serve`` the host's line (``hostline.HostLine``) is a third end: the person's input is
then read straight from its descriptor, and ``wait`` returns as soon as a line is typed or the host
says something, whichever comes first (a table shared with friends does not wait for anyone).
"""

from __future__ import annotations

import io
import os
import selectors
import sys
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from .hostline import HostLine


class HostSpoke(Exception):
    """The host said something while the person was asked a question that gives way to it (the title's)."""


class Lines:
    """A person reading lines and typing answers: ``say`` writes a line, ``ask`` waits for the next one."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, host: HostLine | None = None) -> None:
        """``host``: the line to the host under ``unokart serve``; its messages wait in ``host.inbox``."""
        self.read = stdin or sys.stdin
        self.host = host
        self.typed: deque[str] = deque()  # lines read from the input's descriptor, not yet answered
        self._partial = b""
        self._input_over = False  # the descriptor gave its end: what was typed before it is still answered
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

    def ask(self, question: str = "", *, until_host: bool = False) -> str | None:
        """Say ``question`` (if any) and return the next line typed, stripped; ``None`` when input has ended.

        ``until_host``: ``HostSpoke`` is raised as soon as the host says something (the line typed waits).
        """
        if self.ended:
            return None
        if question:
            self.say(question)
        if self._raw:
            while not self.typed and not self._input_over:
                if until_host and self.host is not None and self.host.inbox:
                    raise HostSpoke
                self.wait(None)
        if self.typed:
            line: str | None = self.typed.popleft()
        else:
            line = None if self._input_over else next(self._answers, None)
        if line is None:
            self.ended = True
            return None
        if not line.endswith("\n") and self.read.isatty():
            # Ctrl+D after some text ends the line without a newline: found in the playtest, the next
            # line was written on the same line as the text typed ("drThe match is saved...").
            self.say()
        return line.strip()

    @property
    def input_over(self) -> bool:
        """The input has ended and every line typed before its end has been answered."""
        return self.ended or (self._input_over and not self.typed)

    @property
    def _raw(self) -> bool:
        """The input is read from its descriptor, beside the host's line (only then can both be waited on)."""
        return self.host is not None and self._input_fd() is not None

    def _input_fd(self) -> int | None:
        try:
            return self.read.fileno()
        except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is both
            return None

    def wait(self, timeout: float | None) -> None:
        """Until a line is typed (in ``typed``), the input ends, the host says something (in ``host.inbox``),
        or ``timeout`` seconds pass (None: however long it takes). Without a descriptor to wait on, the
        next line is simply read."""
        fd = self._input_fd()
        if self.host is None or fd is None:
            if not self._input_over:
                line = next(self._answers, None)
                if line is None:
                    self._input_over = True
                else:
                    self.typed.append(line)
            return
        with selectors.DefaultSelector() as selector:
            if not self._input_over:
                selector.register(fd, selectors.EVENT_READ, "input")
            if not self.host.closed:
                selector.register(self.host.fileno(), selectors.EVENT_READ, "host")
            if not selector.get_map():
                return
            for key, _events in selector.select(timeout):
                if key.data == "host":
                    self.host.read()
                else:
                    self._read_input(fd)

    def _read_input(self, fd: int) -> None:
        try:
            data = os.read(fd, 4096)
        except OSError:
            data = b""
        if not data:
            self._input_over = True
            if self._partial:
                self.typed.append(self._partial.decode(errors="replace"))
                self._partial = b""
            return
        *complete, self._partial = (self._partial + data).split(b"\n")
        self.typed.extend(line.decode(errors="replace") + "\n" for line in complete)
        if self._partial and self.read.isatty():  # Ctrl+D after some text: the line ends there
            self.typed.append(self._partial.decode(errors="replace"))
            self._partial = b""
