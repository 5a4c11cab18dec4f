"""The SSH host (asyncssh): public keys only, one game per session, and nothing but the game.

Refused, every one: passwords and keyboard-interactive logins, ``exec`` of a command,
subsystems (SFTP), port, socket, tunnel, X11 and agent forwarding, and environment
variables (a client could otherwise grow the server's memory with them). The game gets
the client's terminal type and size, and nothing else from it.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections import Counter, deque
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import asyncssh

from saves import SaveError

from .config import Limits, ServeConfig
from .game import GameProcess, clamp_size, game_command, game_environment, terminal_name
from .log import ConnectionLog
from .players import Player
from .prompt import ENTER, NamePrompt

NO_FORWARDING = "this host serves the game only: no forwarding"
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


class PlayerServer(asyncssh.SSHServer):
    """One SSH connection: who it is, and the one session it may open."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.username = ""
        self.player: Player | None = None
        self.session: GameSession | None = None
        self._key: bytes | None = None
        self._refused_keys = 0
        self._counted = False  # among the connections logging in
        self._without_session: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        refusal = self.hub.admit(self.address)
        if refusal is not None:
            self.hub.log.event(self.address, None, "refused", refusal)
            conn.abort()
            return
        self._counted = True
        self.hub.logging_in[self.address] += 1
        self.hub.connections.add(self)
        self.hub.log.event(self.address, None, "connect")

    def connection_lost(self, exc: Exception | None) -> None:
        self.hub.connections.discard(self)
        if self._without_session is not None:
            self._without_session.cancel()
        if self._counted and self.player is None:
            self.hub.logged_in_or_gone(self.address)
            self.hub.failed_login(self.address)
            self.hub.log.event(self.address, None, "gone-before-login", repr(str(exc or "closed"))[:160])
        elif self.player is not None:
            self.hub.log.event(self.address, self.player.fingerprint, "disconnect")
        if self.session is not None:
            self.session.client_gone()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    # ------------------------------------------------------------------ logging in: public keys only

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.hub.accepts(key, self.address):
            self._key = key.public_data  # the last key accepted is the one whose signature logs in
            return True
        self._refused_keys += 1
        self.hub.log.event(self.address, key.get_fingerprint(), "key-refused")
        if self._refused_keys >= self.hub.limits.max_refused_keys and self.conn is not None:
            conn = self.conn
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many keys refused"
            )
        return False

    def auth_completed(self) -> None:
        assert self._key is not None
        self.hub.logged_in_or_gone(self.address)
        self.player = Player.of_key(self.hub.config.data_dir, self._key)
        self.hub.log.event(self.address, self.player.fingerprint, "login", f"user {self.username[:64]!r}")
        # A login that starts no session (ssh -N, or a session never asked for a shell) would hold
        # a connection, within the cap on connections, for nothing.
        self._without_session = asyncio.get_running_loop().call_later(self.hub.limits.login_timeout, self._idle_login)

    def _idle_login(self) -> None:
        if (self.session is None or not self.session.started) and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "no session was opened")

    # ------------------------------------------------------------------ what a logged-in client may ask for

    def session_requested(self) -> GameSession:
        if self.session is not None or self.player is None:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "one session per connection")
        self.session = GameSession(self.hub, self.player, self.address, self)
        return self.session

    def session_ended(self) -> None:
        """The one session is over: the connection has nothing left to do."""
        if self._without_session is not None:
            self._without_session.cancel()
        if self.conn is not None:
            self._without_session = asyncio.get_running_loop().call_later(
                self.hub.limits.login_timeout, self.conn.close
            )

    def _refuse_forwarding(self, what: str) -> None:
        fingerprint = self.player.fingerprint if self.player else None
        self.hub.log.event(self.address, fingerprint, "refused", what)
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, NO_FORWARDING)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        self._refuse_forwarding("port forwarding")
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        fingerprint = self.player.fingerprint if self.player else None
        self.hub.log.event(self.address, fingerprint, "refused", "remote port forwarding")
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        self._refuse_forwarding("socket forwarding")
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        self._refuse_forwarding("remote socket forwarding")
        return False

    def tun_requested(self, unit: int | None) -> bool:
        self._refuse_forwarding("tunnel")
        return False

    def tap_requested(self, unit: int | None) -> bool:
        self._refuse_forwarding("tunnel")
        return False


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One session: the name prompt (a new key only), then the game on a pty, then a goodbye."""

    def __init__(self, hub: Hub, player: Player, address: str, server: PlayerServer) -> None:
        self.hub = hub
        self.player = player
        self.address = address
        self.server = server
        self.limits = hub.limits
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = terminal_name(None)
        self.size = clamp_size(0, 0, self.limits)
        self.prompt: NamePrompt | None = None
        self.game: GameProcess | None = None
        self.farewell = ""
        self.started = False  # the client asked for its shell: the game (or the name prompt)
        self._environment_refused = False
        self._last_key = time.monotonic()
        self._idle: asyncio.TimerHandle | None = None

    def _log(self, what: str, detail: str = "") -> None:
        self.hub.log.event(self.address, self.player.fingerprint, what, detail)

    # ------------------------------------------------------------------ what the client asks for

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        # asyncssh keeps every variable a client sends (as many as it sends); this channel takes
        # none. Set before any request on the channel is read: the client sends after the open.
        vars(chan)["_process_env_request"] = self._refuse_environment

    def _refuse_environment(self, _packet: object) -> bool:
        if not self._environment_refused:
            self._environment_refused = True
            self._log("refused", "environment variables")
        return False

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.term = terminal_name(term_type)
        self.size = clamp_size(term_size[0], term_size[1], self.limits)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._log("refused", f"command {command[:80]!r}")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self._log("refused", f"subsystem {subsystem[:40]!r}")
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """The game takes no signal from a client."""

    def session_started(self) -> None:
        assert self.chan is not None
        self.started = True
        if self.chan.get_terminal_type() is None:
            self._say_goodbye("unokart needs a terminal: connect with ssh -t.", 1)
            return
        refusal = self.hub.open_session(self)
        if refusal is not None:
            self._log("refused", refusal)
            self._say_goodbye(refusal, 1)
            return
        self._idle = asyncio.get_running_loop().call_later(self.limits.idle_timeout, self._check_idle)
        try:
            self.player.prepare()
            new = self.player.needs_name()
        except OSError as error:
            self._log("error", repr(str(error)))
            self._end_session("The server cannot keep your games right now; please tell its operator.", 1)
            return
        if new:
            self.prompt = NamePrompt()
            self.chan.write(self.prompt.opening())
        else:
            self._start_game()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._last_key = time.monotonic()
        if self.prompt is not None:
            self._prompt(data)
        elif self.game is not None and self.game.write(data) > self.limits.input_backlog and self.chan:
            self.chan.pause_reading()
            self.game.on_drained = self.chan.resume_reading

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height, self.limits)
        if self.game is not None:
            self.game.resize(self.size)

    def pause_writing(self) -> None:
        if self.game is not None:
            self.game.pause_output()

    def resume_writing(self) -> None:
        if self.game is not None:
            self.game.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        self.client_gone()

    # ------------------------------------------------------------------ the name, then the game

    def _prompt(self, data: bytes) -> None:
        assert self.prompt is not None and self.chan is not None
        self.chan.write(self.prompt.feed(data))
        if self.prompt.cancelled:
            self._end_session("", 0)
        elif self.prompt.name is not None:
            name, self.prompt = self.prompt.name, None
            try:
                self.player.keep_name(name)
            except SaveError as error:
                self._log("error", repr(str(error)))
            self._log("name", repr(name))
            self._start_game()

    def _start_game(self) -> None:
        env = game_environment(self.player.home, self.player.data_dir, self.player.config_dir, self.term)
        try:
            self.game = GameProcess(game_command(), env, self.size, on_output=self._output, on_exit=self._game_exited)
        except OSError as error:
            self._log("error", repr(str(error)))
            self._end_session("The game could not start; please tell the server's operator.", 1)
            return
        columns, rows = self.size
        self._log("game-start", f"pid {self.game.pid} terminal {self.term!r} {columns}x{rows}")

    def _output(self, data: bytes) -> None:
        if self.chan is not None:
            self.chan.write(data)

    def _game_exited(self, status: int) -> None:
        self._log("game-exit", f"status {status}")
        if self.farewell:
            message = self.farewell
        elif status != 0:
            message = f"The game stopped unexpectedly (status {status}). Every move you made is saved."
        else:
            message = ""
        code = status if status >= 0 else 128 - status  # killed by signal N: 128 + N, as a shell says
        self._end_session(message, 0 if self.farewell else code)

    # ------------------------------------------------------------------ the end

    def _check_idle(self) -> None:
        left = self._last_key + self.limits.idle_timeout - time.monotonic()
        if left > 0:
            self._idle = asyncio.get_running_loop().call_later(left, self._check_idle)
            return
        self._log("idle")
        minutes = self.limits.idle_timeout / 60
        shown = f"{minutes:g} minute{'s' * (minutes != 1)}" if minutes >= 1 else f"{self.limits.idle_timeout:g} s"
        self.hub.spawn(self.end(f"No key for {shown}: goodbye for now. Your match is saved."))

    async def end(self, farewell: str) -> None:
        """Close the session from the server's side: the game exits first, then the client is told."""
        self.farewell = farewell
        if self.game is not None and self.game.returncode is None:
            await self.game.stop(signal.SIGTERM, self.limits.shutdown_grace)
        else:
            self._end_session(farewell, 0)

    def _end_session(self, message: str, status: int) -> None:
        if self._idle is not None:
            self._idle.cancel()
        self.hub.close_session(self)
        self._say_goodbye(message, status)

    def _say_goodbye(self, message: str, status: int) -> None:
        if self.chan is not None and not self.chan.is_closing():
            if message:
                self.chan.write(f"{ENTER}{message}{ENTER}".encode())
            self.chan.exit(status)
        self.server.session_ended()

    def client_gone(self) -> None:
        """The connection dropped: the game is hung up on, as sshd would, and reaped."""
        if self._idle is not None:
            self._idle.cancel()
        game = self.game
        if game is not None and game.returncode is None:
            game.hang_up()
            self.hub.spawn(game.stop(signal.SIGHUP, self.limits.shutdown_grace))
        else:
            self.hub.close_session(self)


async def start(config: ServeConfig, log: ConnectionLog, host_key: asyncssh.SSHKey) -> tuple[Hub, asyncssh.SSHAcceptor]:
    """Listen for players; the hub (for the shutdown) and the listener."""
    assert config.ssh is not None
    hub = Hub(config, log)
    acceptor = await asyncssh.listen(
        config.ssh.host or None,
        config.ssh.port,
        server_factory=lambda: PlayerServer(hub),
        server_host_keys=[host_key],
        server_version="unokart",  # not asyncssh's name and version
        encoding=None,
        line_editor=False,
        agent_forwarding=False,
        x11_forwarding=False,
        password_auth=False,
        kbdint_auth=False,
        host_based_auth=False,
        gss_host=None,
        login_timeout=config.limits.login_timeout,
        keepalive_interval=60,  # a client gone without a word is noticed within minutes
        keepalive_count_max=3,
        config=None,  # no OpenSSH config file of the host's user applies
    )
    return hub, acceptor
