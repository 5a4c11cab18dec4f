"""The line between a person's game process and the host that holds the table: JSON objects, one a line.

``unokart serve`` starts each game with one end of a socket pair at the descriptor named by
``UNOKART_TABLE_FD``. The host sends what that seat may know; the game sends what the person
means to do. Both sides use ``encode`` and ``LineDecoder`` from here, so a line means the same
to both. ``TableChannel`` is the game's side: a thread reads the socket and hands each message
to a callback, so a front end (Textual or line mode) can use it without an event loop of its own.
A game started by hand has no such descriptor, and ``TableChannel.from_environment`` is None.

Standard library only, no Textual, no clock.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
import stat
import threading
from collections.abc import Callable, Mapping
from typing import Any

VARIABLE = "UNOKART_TABLE_FD"
LINE_LIMIT = 64 * 1024  # bytes of one message, its newline included: a whole table's view is a few KiB

# The messages the host answers itself; every other one goes to the table the person sits at.
OPEN_TABLE = "open-table"  # game -> host: open a table, with this person at it
JOIN_TABLE = "join-table"  # game -> host: {"code": what the person typed}
REOPEN_TABLE = "reopen-table"  # game -> host: {"code"}: the match with friends this person's saves keep, again
LEAVE_TABLE = "leave-table"  # game -> host: the person leaves their table (the lobby, or their seat: away)
TABLE_OPENED = "table-opened"  # host -> game: {"code", "command": what friends type to join}
TABLE_JOINED = "table-joined"  # host -> game: {"code", "command"}: this person is at that table now
REFUSED = "refused"  # host -> game: {"words": one sentence in the person's language}

Message = dict[str, Any]


class ChannelError(Exception):
    """What came down the line breaks its rules: a line too long, or one that is not a JSON object."""


def encode(message: Mapping[str, object]) -> bytes:
    """One message as its line. ValueError when it cannot be one (too long, or not JSON)."""
    line = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode() + b"\n"
    if len(line) > LINE_LIMIT:
        raise ValueError(f"a message of {len(line)} bytes; a line holds at most {LINE_LIMIT}")
    return line


class LineDecoder:
    """Bytes in, messages out; ``ChannelError`` as soon as a line breaks the rules (nothing is held past the limit)."""

    def __init__(self, limit: int = LINE_LIMIT) -> None:
        self.limit = limit
        self._partial = bytearray()

    def feed(self, data: bytes) -> list[Message]:
        self._partial += data
        *lines, rest = self._partial.split(b"\n")
        if len(rest) >= self.limit:
            raise ChannelError(f"a line longer than {self.limit} bytes")
        self._partial = bytearray(rest)
        return [self._decode(line) for line in lines]

    def _decode(self, line: bytes | bytearray) -> Message:
        if len(line) >= self.limit:
            raise ChannelError(f"a line longer than {self.limit} bytes")
        try:
            message = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:  # ValueError's two kinds here
            raise ChannelError(f"a line that is not JSON ({error.__class__.__name__})") from None
        if not isinstance(message, dict):
            raise ChannelError("a line that is not a JSON object")
        return message


def socket_from_environment(environ: dict[str, str] | os._Environ[str] = os.environ) -> socket.socket | None:
    """The game's end of the line the host gave this process (blocking), checked to be a socket; None if none.

    The variable is taken out of ``environ``: nothing the game may start inherits the line.
    """
    text = environ.pop(VARIABLE, "")
    try:
        fd = int(text)
        if fd <= 2 or not stat.S_ISSOCK(os.fstat(fd).st_mode):
            return None
        fcntl.fcntl(fd, fcntl.F_SETFD, fcntl.FD_CLOEXEC)
        sock = socket.socket(fileno=fd)
    except (ValueError, OSError):
        return None
    sock.setblocking(True)
    return sock


class TableChannel:
    """The game's end of the line to the host: ``send`` a message; each one that comes goes to ``on_message``.

    ``on_message`` and ``on_closed`` run on the channel's reading thread; a Textual front end
    passes them on with ``App.call_from_thread``. ``on_closed`` is called once, with None when
    the host closed the line and with the reason when what it sent broke the rules.
    """

    def __init__(
        self,
        sock: socket.socket,
        on_message: Callable[[Message], None],
        on_closed: Callable[[str | None], None] | None = None,
    ) -> None:
        self._sock = sock
        self._on_message = on_message
        self._on_closed = on_closed
        self._sending = threading.Lock()
        self._reader = threading.Thread(target=self._read, name="unokart-table-channel", daemon=True)

    @classmethod
    def from_environment(
        cls,
        on_message: Callable[[Message], None],
        on_closed: Callable[[str | None], None] | None = None,
        environ: dict[str, str] | os._Environ[str] = os.environ,
    ) -> TableChannel | None:
        """The channel the host gave this process, checked to be a socket, or None (a game started by hand)."""
        sock = socket_from_environment(environ)
        return None if sock is None else cls(sock, on_message, on_closed)

    def start(self) -> TableChannel:
        self._reader.start()
        return self

    def send(self, message: Mapping[str, object]) -> bool:
        """Send one message (whole, from any thread); False when the host is gone."""
        line = encode(message)
        with self._sending:
            try:
                self._sock.sendall(line)
            except OSError:
                return False
        return True

    def close(self) -> None:
        """Stop reading and close the line; ``on_closed`` is called (with None) unless it was already."""
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        if self._reader.is_alive() and self._reader is not threading.current_thread():
            self._reader.join()
        self._sock.close()

    def _read(self) -> None:
        decoder = LineDecoder()
        reason: str | None = None
        try:
            while data := self._sock.recv(65536):
                for message in decoder.feed(data):
                    self._on_message(message)
        except ChannelError as error:
            reason = str(error)
        except OSError as error:  # reset: the host's end is gone without a goodbye
            reason = f"the line broke ({error.strerror or error})"
        if self._on_closed is not None:
            self._on_closed(reason)
