"""Line mode's end of the line to the host under ``unokart serve`` (issue 31): read when the person's loop waits.

The full-screen game reads the line on a thread (``friends.channel.TableChannel``) and posts each message
to Textual's loop. Line mode has no loop of its own but the one that waits for the person's next line,
so the same socket is read there: ``Lines`` waits on the input and on this line at once (``selectors``),
and each message the host sends waits in ``inbox`` until the line-mode screen at hand takes it. No thread,
no busy waiting. A game started by hand has no such line: ``HostLine.from_environment`` is None.
"""

from __future__ import annotations

import selectors
import socket
import time
from collections import deque
from collections.abc import Mapping

from ..friends.channel import ChannelError, LineDecoder, Message, encode, socket_from_environment

READ_SIZE = 65536


class HostLine:
    """The host's messages, in ``inbox`` as they come; ``send`` one the other way."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.inbox: deque[Message] = deque()
        self.closed = False
        self.broken: str | None = None  # what the host sent that broke the line's rules, once closed for it
        self._decoder = LineDecoder()

    @classmethod
    def from_environment(cls) -> HostLine | None:
        sock = socket_from_environment()
        return None if sock is None else cls(sock)

    def fileno(self) -> int:
        return self.sock.fileno()

    def send(self, message: Mapping[str, object]) -> bool:
        """One message to the host, whole; False once the line is closed."""
        if self.closed:
            return False
        try:
            self.sock.sendall(encode(message))
        except OSError:
            self._close()
            return False
        return True

    def read(self) -> None:
        """What the host sent, read once the socket is readable (it does not block then): into ``inbox``."""
        if self.closed:
            return
        try:
            data = self.sock.recv(READ_SIZE)
        except OSError:
            data = b""
        if not data:
            self._close()
            return
        try:
            self.inbox.extend(self._decoder.feed(data))
        except ChannelError as error:
            self.broken = str(error)
            self._close()

    def wait(self, seconds: float, kinds: frozenset[str] | None = None) -> None:
        """Until the host says something (one of ``kinds``, when given), the line closes, or ``seconds`` pass:
        for the answer to a request, which may come after other messages (``table-opened`` before ``table-joined``)."""
        if self.closed:
            return
        end = time.monotonic() + seconds

        def answered() -> bool:
            return any(kinds is None or message.get("type") in kinds for message in self.inbox)

        with selectors.DefaultSelector() as selector:
            selector.register(self.sock, selectors.EVENT_READ)
            while not answered() and not self.closed:
                if not selector.select(max(0.0, end - time.monotonic())):
                    return  # at least one look, even for no seconds at all
                self.read()

    def take(self) -> Message | None:
        """The host's oldest message not yet taken, or None."""
        return self.inbox.popleft() if self.inbox else None

    def _close(self) -> None:
        self.closed = True
        self.sock.close()

    def close(self) -> None:
        if not self.closed:
            self._close()
