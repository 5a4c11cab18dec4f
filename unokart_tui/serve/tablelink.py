"""The host's end of the line to one game process (friends/channel.py has the game's end): JSON lines, bounded.

A socket pair: the game inherits one end at ``TABLE_FD`` (game.py's spawn puts it there, and
``UNOKART_TABLE_FD`` names it); the host reads the other on its event loop, never blocking. The
game is the host's own program, but it runs what a client types, so what it sends is bounded as
a client's keys are: a line longer than ``LINE_LIMIT`` or not a JSON object, or more messages than
the rate allows, and the line is cut (``on_broken``): the session then ends that game, and no one
else's. What the host sends a game that does not read is kept up to ``Limits.table_backlog``; past
that the game is ended too, so one stuck seat cannot hold the host's memory.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..friends.channel import ChannelError, LineDecoder, Message, encode
from .config import Limits

TABLE_FD = 4  # the game's end of the line (3 is the save report pipe's)
READ_SIZE = 65536


class MessageRate:
    """A bucket of ``burst`` messages, filled at ``rate`` a second: a flood empties it."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class TableLink:
    """The host's end: messages from the game go to ``on_message``; a broken rule to ``on_broken``, once."""

    def __init__(
        self,
        limits: Limits,
        *,
        on_message: Callable[[Message], None],
        on_broken: Callable[[str], None],
        clock: Callable[[], float] | None = None,
    ) -> None:
        self._loop = asyncio.get_running_loop()
        self._limits = limits
        self._on_message = on_message
        self._on_broken = on_broken
        self._decoder = LineDecoder()
        self._rate = MessageRate(limits.table_rate, limits.table_burst, clock or self._loop.time)
        self._pending = bytearray()
        self.broken: str | None = None
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock: socket.socket | None = ours
        ours.setblocking(False)
        # Above the descriptors the spawn puts in place (0 to 4), so that putting one there
        # never overwrites another before it is copied.
        self.child_fd: int | None = fcntl.fcntl(theirs.fileno(), fcntl.F_DUPFD_CLOEXEC, 10)
        theirs.close()
        self._loop.add_reader(ours.fileno(), self._read)

    def handed_over(self) -> None:
        """The game was started with its end (or could not be): the host's copy of that end is closed."""
        if self.child_fd is not None:
            os.close(self.child_fd)
            self.child_fd = None

    # ------------------------------------------------------------------ from the game

    def _read(self) -> None:
        assert self._sock is not None
        try:
            data = self._sock.recv(READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # the game's end is gone: as an end of file
            data = b""
        if not data:
            self._stop_reading()
            return
        try:
            messages = self._decoder.feed(data)
        except ChannelError as error:
            self._break(str(error))
            return
        for message in messages:
            if not self._rate.take():
                self._break(f"more than {self._rate.burst} messages at once")
                return
            self._on_message(message)
            if self._sock is None or self.broken is not None:  # the message ended the game
                return

    def _stop_reading(self) -> None:
        if self._sock is not None:
            self._loop.remove_reader(self._sock.fileno())

    def _break(self, reason: str) -> None:
        if self.broken is None:
            self.broken = reason
            self.close()
            self._on_broken(reason)

    # ------------------------------------------------------------------ to the game

    def send(self, message: Mapping[str, object]) -> bool:
        """Queue one message for the game; False when the line is closed (or this one broke it)."""
        if self._sock is None:
            return False
        line = encode(message)
        if len(self._pending) + len(line) > self._limits.table_backlog:
            self._break(f"more than {self._limits.table_backlog} bytes the game did not read")
            return False
        was_waiting = bool(self._pending)
        self._pending += line
        if not was_waiting:
            self._flush()
        return True

    @property
    def backlog(self) -> int:
        return len(self._pending)

    def _flush(self) -> None:
        if self._sock is None:
            return
        try:
            written = self._sock.send(self._pending)
        except BlockingIOError:
            written = 0
        except OSError:  # the game is gone: what it was sent goes nowhere
            self._pending.clear()
            self._loop.remove_writer(self._sock.fileno())
            return
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self._sock.fileno(), self._flush)
        else:
            self._loop.remove_writer(self._sock.fileno())

    # ------------------------------------------------------------------ the end

    def close(self) -> None:
        """Take what the game wrote last, then close the host's end (the game's, if it was never started)."""
        self.handed_over()
        if self._sock is None:
            return
        sock, self._sock = self._sock, None
        self._loop.remove_reader(sock.fileno())
        self._loop.remove_writer(sock.fileno())
        self._pending.clear()
        sock.close()

    def finish(self) -> None:
        """The game has exited: read what it sent before it did, then close."""
        while self._sock is not None and self.broken is None and self._readable():
            self._read()
        self.close()

    def _readable(self) -> bool:
        assert self._sock is not None
        try:
            return bool(self._sock.recv(1, socket.MSG_PEEK))
        except (BlockingIOError, OSError):
            return False


@dataclass(frozen=True, eq=False)
class LinkedSeat:
    """A person at a table (tables.Seat): who they are, their game process's line, and the end of their session."""

    link: TableLink
    fingerprint: str
    name: str
    language: str
    plain: bool
    ending: Callable[[Callable[[], str]], None]  # the session's: it ends, saying the farewell given

    def send(self, message: Mapping[str, object]) -> bool:
        return self.link.send(message)

    def end(self, farewell: Callable[[], str]) -> None:
        self.ending(farewell)
