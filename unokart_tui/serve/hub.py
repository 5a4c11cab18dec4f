"""What the host's connections share: who may log in, the limits, the games counted (SSH and browser), the log.

The hub alone writes its counters. It sees an SSH connection through ``Connection`` and a game
through ``seats.Playing``; a game sees the hub through ``seats.Seats``. It imports neither ssh.py
nor session.py (pyproject's import-linter contract for serve/ keeps it so).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from collections import Counter, deque
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from ..friends.codes import CodeGuard
from ..voice import N_, _, ngettext
from .config import Limits, ServeConfig
from .log import ConnectionLog
from .players import PLAYERS
from .seats import Playing, Refusal
from .tables import TableCodes

if TYPE_CHECKING:
    import asyncssh

    from .keys import AuthorizedKeys


class Connection(Protocol):
    """An SSH connection as the hub sees it."""

    @property
    def address(self) -> str: ...

    @property
    def since(self) -> float:
        """When it connected (``time.monotonic``)."""
        ...

    @property
    def authenticating(self) -> bool:
        """It has asked to log in: it is not a silent socket."""
        ...

    @property
    def playing(self) -> bool:
        """It has opened its session: its client is told goodbye, and closes the connection itself."""
        ...

    def close(self) -> None: ...

    async def wait_closed(self) -> None: ...


SHUTTING_DOWN = N_("The server is shutting down; see you soon.")
SHUTTING_DOWN_NOW = N_("The server is shutting down. Please come back later.")
FORGET_ABOVE = 4096  # addresses with failed logins remembered before the old ones are pruned
CLIENT_GOODBYE = 2.0  # seconds a client gets to close its end after the goodbye, when the server stops


class Hub:
    """What every connection shares: who may log in, the limits, the games (SSH and browser), the log."""

    def __init__(
        self,
        config: ServeConfig,
        log: ConnectionLog,
        authorized: AuthorizedKeys | None = None,
        tables: TableCodes | None = None,
    ) -> None:
        """``tables``: the tables friends share here; by default none can be opened (no factory), and
        a code is looked up in an empty registry, counted by a guard on the host's clock."""
        self.config = config
        self.limits: Limits = config.limits
        self.log = log
        self.authorized = authorized
        self._connections: set[Connection] = set()
        self._sessions: dict[Playing, str | None] = {}  # each game, and the key it counts against (None: a browser)
        self._per_key: Counter[str] = Counter()
        self._logging_in: dict[Connection, str] = {}  # the connections not logged in yet, and their addresses
        self._failures: dict[str, deque[float]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False
        if tables is None:
            most, per_key = config.limits.max_tables, config.limits.max_tables_per_key
            tables = TableCodes(CodeGuard(time.monotonic), most=most, most_per_key=per_key)
        self._tables = tables

    @property
    def tables(self) -> TableCodes:
        return self._tables

    @property
    def connections(self) -> frozenset[Connection]:
        """The SSH connections counted in, logged in or not."""
        return frozenset(self._connections)

    @property
    def playing(self) -> int:
        """How many games are being played (SSH and browser)."""
        return len(self._sessions)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ logging in

    def _recent_failures(self, address: str) -> deque[float]:
        failures = self._failures.setdefault(address, deque())
        while failures and failures[0] < time.monotonic() - self.limits.auth_failure_window:
            failures.popleft()
        if not failures:
            del self._failures[address]
        return failures

    def suspect(self, address: str) -> bool:
        """Whether ``address`` has failed to log in too often of late: its refused keys are slowed."""
        return len(self._recent_failures(address)) >= self.limits.max_auth_failures

    def admit(self, connection: Connection) -> str | None:
        """Count a new connection in, or say why it is turned away at once.

        A full host makes room by closing the oldest connection that has not even begun to
        log in (a silent socket) rather than turning away the new one: silent sockets cannot
        keep everyone out. Failed logins turn no address away: a valid key always gets in.
        """
        address = connection.address
        if self._closing:
            return "shutting down"
        if len(self._connections) >= self.limits.max_sessions + self.limits.max_unauthenticated:
            return "too many connections"
        from_here = [other for other, where in self._logging_in.items() if where == address]
        if len(from_here) >= self.limits.max_unauthenticated_per_address and not self._make_room(from_here):
            return "too many connections logging in from this address"
        if len(self._logging_in) >= self.limits.max_unauthenticated and not self._make_room(list(self._logging_in)):
            return "too many connections logging in"
        self._logging_in[connection] = address
        self._connections.add(connection)
        return None

    def _make_room(self, candidates: list[Connection]) -> bool:
        silent = [connection for connection in candidates if not connection.authenticating]
        if not silent:
            return False
        oldest = min(silent, key=lambda connection: connection.since)
        self.log.event(oldest.address, None, "dropped", "silent while the host was full")
        self.logged_in(oldest)
        oldest.close()
        return True

    def failed_login(self, address: str) -> None:
        self._failures.setdefault(address, deque()).append(time.monotonic())
        if len(self._failures) > FORGET_ABOVE:  # addresses that failed once and never came back
            cutoff = time.monotonic() - self.limits.auth_failure_window
            for stale in [address for address, times in self._failures.items() if times[-1] < cutoff]:
                del self._failures[stale]

    def logged_in(self, connection: Connection) -> None:
        """``connection`` is no longer logging in: it has logged in, or is being closed."""
        self._logging_in.pop(connection, None)

    def gone(self, connection: Connection) -> None:
        """``connection`` is closed: it counts no more."""
        self._connections.discard(connection)
        self._logging_in.pop(connection, None)

    def room_for_a_player(self) -> bool:
        """Whether a new key may have a directory of its own: ``players/`` holds fewer than the most allowed."""
        players = self.config.data_dir / PLAYERS
        try:
            with os.scandir(players) as entries:
                count = sum(1 for _entry in itertools.islice(entries, self.limits.max_players))
        except FileNotFoundError:
            return True
        return count < self.limits.max_players

    def accepts(self, key: asyncssh.SSHKey, address: str) -> bool:
        if self.authorized is None:
            return self.config.open_to_all
        return self.authorized.allows(key, address)

    # ------------------------------------------------------------------ sessions

    def open_session(self, session: Playing, fingerprint: str | None) -> Refusal | None:
        """Count a new game in (``fingerprint``: the player's key; None for a browser), or say why it cannot be played.

        SSH and browser games count against the same ``--max-sessions``.
        """
        if self._closing:
            return Refusal.of(lambda: _(SHUTTING_DOWN_NOW))
        if len(self._sessions) >= self.limits.max_sessions:
            games = len(self._sessions)
            return Refusal.of(
                lambda: ngettext(
                    "The server is full ({count} game is running). Please come back later.",
                    "The server is full ({count} games are running). Please come back later.",
                    games,
                ).format(count=games)
            )
        if fingerprint is not None and self._per_key[fingerprint] >= self.limits.max_sessions_per_key:
            most = self.limits.max_sessions_per_key
            return Refusal.of(
                lambda: ngettext(
                    "This key already has {count} session open here, the most allowed.",
                    "This key already has {count} sessions open here, the most allowed.",
                    most,
                ).format(count=most)
            )
        self._sessions[session] = fingerprint
        if fingerprint is not None:
            self._per_key[fingerprint] += 1
        return None

    def close_session(self, session: Playing) -> None:
        if session not in self._sessions:
            return
        fingerprint = self._sessions.pop(session)
        if fingerprint is not None:
            self._per_key[fingerprint] -= 1
            if self._per_key[fingerprint] <= 0:
                del self._per_key[fingerprint]

    async def shutdown(self) -> None:
        """Every game is told to exit (its moves are saved), then every connection is closed."""
        self._closing = True
        await asyncio.gather(*(session.end(lambda: _(SHUTTING_DOWN)) for session in list(self._sessions)))
        # A client that was told goodbye closes the connection itself, after printing it;
        # closing it from here first could cut the goodbye off.
        told = [asyncio.ensure_future(c.wait_closed()) for c in self._connections if c.playing]
        for connection in [c for c in self._connections if not c.playing]:
            connection.close()
        if told:
            await asyncio.wait(told, timeout=CLIENT_GOODBYE)
        for connection in list(self._connections):
            connection.close()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=self.limits.shutdown_grace)
