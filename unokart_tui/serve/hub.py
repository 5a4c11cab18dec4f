"""What every SSH connection shares: who may log in, the limits, the sessions counted, the log."""

from __future__ import annotations

import asyncio
import time
from collections import Counter, deque
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh

from .config import Limits, ServeConfig
from .log import ConnectionLog

if TYPE_CHECKING:
    from .session import GameSession
    from .ssh import PlayerServer

SHUTTING_DOWN = "The server is shutting down; your match is saved. See you soon!"
FORGET_ABOVE = 4096  # addresses with failed logins remembered before the old ones are pruned
CLIENT_GOODBYE = 2.0  # seconds a client gets to close its end after the goodbye, when the server stops


class AuthorizedKeys:
    """``--authorized-keys``, read again when the file changes: a player is added without a restart."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._keys = self._read()

    def _read(self) -> asyncssh.SSHAuthorizedKeys:
        stat = self.path.stat()
        keys = asyncssh.read_authorized_keys(str(self.path))
        self._stamp = (stat.st_mtime_ns, stat.st_size)
        return keys

    def allows(self, key: asyncssh.SSHKey, address: str) -> bool:
        try:
            stat = self.path.stat()
            if (stat.st_mtime_ns, stat.st_size) != self._stamp:
                self._keys = self._read()
        except (OSError, ValueError):  # a file half-written or gone: the keys read last stay in force
            pass
        # from="…" options of the file are honoured; the others (command=, environment=…) have no use here
        return self._keys.validate(key, address, address) is not None


class Hub:
    """What every connection shares: who may log in, the limits, the sessions, the log."""

    def __init__(self, config: ServeConfig, log: ConnectionLog) -> None:
        self.config = config
        self.limits: Limits = config.limits
        self.log = log
        self.authorized = AuthorizedKeys(config.authorized_keys) if config.authorized_keys else None
        self.connections: set[PlayerServer] = set()
        self.sessions: set[GameSession] = set()
        self.per_key: Counter[str] = Counter()
        self.logging_in: Counter[str] = Counter()
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

    def admit(self, address: str) -> str | None:
        """Why a new connection from ``address`` is turned away at once, or None."""
        if self.closing:
            return "shutting down"
        if len(self.connections) >= self.limits.max_sessions + self.limits.max_unauthenticated:
            return "too many connections"
        if len(self._recent_failures(address)) >= self.limits.max_auth_failures:
            return "too many failed logins from this address"
        if self.logging_in[address] >= self.limits.max_unauthenticated_per_address:
            return "too many connections logging in from this address"
        if self.logging_in.total() >= self.limits.max_unauthenticated:
            return "too many connections logging in"
        return None

    def failed_login(self, address: str) -> None:
        self.failures.setdefault(address, deque()).append(time.monotonic())
        if len(self.failures) > FORGET_ABOVE:  # addresses that failed once and never came back
            cutoff = time.monotonic() - self.limits.auth_failure_window
            for stale in [address for address, times in self.failures.items() if times[-1] < cutoff]:
                del self.failures[stale]

    def logged_in_or_gone(self, address: str) -> None:
        """One connection from ``address`` is no longer logging in."""
        self.logging_in[address] -= 1
        if self.logging_in[address] <= 0:
            del self.logging_in[address]

    def accepts(self, key: asyncssh.SSHKey, address: str) -> bool:
        if self.authorized is None:
            return self.config.open_to_all
        return self.authorized.allows(key, address)

    # ------------------------------------------------------------------ sessions

    def open_session(self, session: GameSession) -> str | None:
        """Count a new session in, or say why it cannot be played."""
        fingerprint = session.player.fingerprint
        if self.closing:
            return SHUTTING_DOWN
        if len(self.sessions) >= self.limits.max_sessions:
            return f"The server is full ({len(self.sessions)} games are running). Please come back later."
        if self.per_key[fingerprint] >= self.limits.max_sessions_per_key:
            count = self.limits.max_sessions_per_key
            return f"This key already has {count} session{'s' * (count > 1)} open here, the most allowed."
        self.sessions.add(session)
        self.per_key[fingerprint] += 1
        return None

    def close_session(self, session: GameSession) -> None:
        if session in self.sessions:
            self.sessions.remove(session)
            self.per_key[session.player.fingerprint] -= 1
            if self.per_key[session.player.fingerprint] <= 0:
                del self.per_key[session.player.fingerprint]

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
