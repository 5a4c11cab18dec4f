"""What the host's connections share: who may log in, the limits, the games counted (SSH and browser), the log."""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from collections import Counter, deque
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from .config import Limits, ServeConfig
from .log import ConnectionLog
from .players import PLAYERS

if TYPE_CHECKING:
    import asyncssh

    from .keys import AuthorizedKeys
    from .ssh import PlayerServer


class Playing(Protocol):
    """A game being played here, over SSH or in a browser: what the hub counts and stops."""

    async def end(self, farewell: str) -> None: ...


SHUTTING_DOWN = "The server is shutting down; see you soon."
SHUTTING_DOWN_NOW = "The server is shutting down. Please come back later."
FORGET_ABOVE = 4096  # addresses with failed logins remembered before the old ones are pruned
CLIENT_GOODBYE = 2.0  # seconds a client gets to close its end after the goodbye, when the server stops


class Hub:
    """What every connection shares: who may log in, the limits, the games (SSH and browser), the log."""

    def __init__(self, config: ServeConfig, log: ConnectionLog, authorized: AuthorizedKeys | None = None) -> None:
        self.config = config
        self.limits: Limits = config.limits
        self.log = log
        self.authorized = authorized
        self.connections: set[PlayerServer] = set()
        self.sessions: dict[Playing, str | None] = {}  # each game, and the key it counts against (None: a browser)
        self.per_key: Counter[str] = Counter()
        self.logging_in: dict[PlayerServer, str] = {}  # the connections not logged in yet, and their addresses
        self.failures: dict[str, deque[float]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.closing = False

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ------------------------------------------------------------------ logging in

    def _recent_failures(self, address: str) -> deque[float]:
        failures = self.failures.setdefault(address, deque())
        while failures and failures[0] < time.monotonic() - self.limits.auth_failure_window:
            failures.popleft()
        if not failures:
            del self.failures[address]
        return failures

    def suspect(self, address: str) -> bool:
        """Whether ``address`` has failed to log in too often of late: its refused keys are slowed."""
        return len(self._recent_failures(address)) >= self.limits.max_auth_failures

    def admit(self, server: PlayerServer, address: str) -> str | None:
        """Count a new connection in, or say why it is turned away at once.

        A full host makes room by closing the oldest connection that has not even begun to
        log in (a silent socket) rather than turning away the new one: silent sockets cannot
        keep everyone out. Failed logins turn no address away: a valid key always gets in.
        """
        if self.closing:
            return "shutting down"
        if len(self.connections) >= self.limits.max_sessions + self.limits.max_unauthenticated:
            return "too many connections"
        from_here = [other for other, where in self.logging_in.items() if where == address]
        if len(from_here) >= self.limits.max_unauthenticated_per_address and not self._make_room(from_here):
            return "too many connections logging in from this address"
        if len(self.logging_in) >= self.limits.max_unauthenticated and not self._make_room(list(self.logging_in)):
            return "too many connections logging in"
        self.logging_in[server] = address
        self.connections.add(server)
        return None

    def _make_room(self, candidates: list[PlayerServer]) -> bool:
        silent = [server for server in candidates if not server.authenticating]
        if not silent:
            return False
        oldest = min(silent, key=lambda server: server.since)
        self.log.event(oldest.address, None, "dropped", "silent while the host was full")
        self.logged_in_or_gone(oldest)
        oldest.close()
        return True

    def failed_login(self, address: str) -> None:
        self.failures.setdefault(address, deque()).append(time.monotonic())
        if len(self.failures) > FORGET_ABOVE:  # addresses that failed once and never came back
            cutoff = time.monotonic() - self.limits.auth_failure_window
            for stale in [address for address, times in self.failures.items() if times[-1] < cutoff]:
                del self.failures[stale]

    def logged_in_or_gone(self, server: PlayerServer) -> None:
        """``server`` is no longer logging in."""
        self.logging_in.pop(server, None)

    def room_for_a_player(self) -> bool:
        """Whether a new key may have a directory of its own: ``players/`` holds fewer than the most allowed."""
        players = self.config.data_dir / PLAYERS
        try:
            with os.scandir(players) as entries:
                count = sum(1 for _ in itertools.islice(entries, self.limits.max_players))
        except FileNotFoundError:
            return True
        return count < self.limits.max_players

    def accepts(self, key: asyncssh.SSHKey, address: str) -> bool:
        if self.authorized is None:
            return self.config.open_to_all
        return self.authorized.allows(key, address)

    # ------------------------------------------------------------------ sessions

    def open_session(self, session: Playing, fingerprint: str | None) -> str | None:
        """Count a new game in (``fingerprint``: the player's key; None for a browser), or say why it cannot be played.

        SSH and browser games count against the same ``--max-sessions``.
        """
        if self.closing:
            return SHUTTING_DOWN_NOW
        if len(self.sessions) >= self.limits.max_sessions:
            return f"The server is full ({len(self.sessions)} games are running). Please come back later."
        if fingerprint is not None and self.per_key[fingerprint] >= self.limits.max_sessions_per_key:
            count = self.limits.max_sessions_per_key
            return f"This key already has {count} session{'s' * (count > 1)} open here, the most allowed."
        self.sessions[session] = fingerprint
        if fingerprint is not None:
            self.per_key[fingerprint] += 1
        return None

    def close_session(self, session: Playing) -> None:
        if session not in self.sessions:
            return
        fingerprint = self.sessions.pop(session)
        if fingerprint is not None:
            self.per_key[fingerprint] -= 1
            if self.per_key[fingerprint] <= 0:
                del self.per_key[fingerprint]

    async def shutdown(self) -> None:
        """Every game is told to exit (its moves are saved), then every connection is closed."""
        self.closing = True
        await asyncio.gather(*(session.end(SHUTTING_DOWN) for session in list(self.sessions)))
        # A client that was told goodbye closes the connection itself, after printing it;
        # closing it from here first could cut the goodbye off.
        told = [asyncio.ensure_future(c.conn.wait_closed()) for c in self.connections if c.session and c.conn]
        for connection in [c for c in self.connections if c.session is None]:
            connection.close()
        if told:
            await asyncio.wait(told, timeout=CLIENT_GOODBYE)
        for connection in list(self.connections):
            connection.close()
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=self.limits.shutdown_grace)
