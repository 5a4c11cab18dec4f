"""The SSH host (asyncssh): public keys only, one game per session, and nothing but the game.

Refused, every one: passwords and keyboard-interactive logins, ``exec`` of a command,
subsystems (SFTP), port, socket, tunnel, X11 and agent forwarding, and environment
variables (a client could otherwise grow the server's memory with them). The game gets
the client's terminal type and size, and nothing else from it.
"""

from __future__ import annotations

import asyncio
import time

import asyncssh

from ..voice import N_, _
from .hub import Hub
from .players import Player
from .session import GameSession
from .tables import route_of

# What the player's ssh prints after "administratively prohibited".
NO_FORWARDING = N_("this host serves the game only: no forwarding")
SLOW_REFUSAL = 1.0  # seconds each refused key waits, from an address that failed too often of late


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
        self._slowed = False  # the log said once that this connection's refusals are slowed
        self._counted = False  # among the connections logging in
        self._without_session: asyncio.TimerHandle | None = None
        self._hello: asyncio.TimerHandle | None = None
        self.since = time.monotonic()
        self.authenticating = False  # the client has asked to log in: it is not a silent socket

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        refusal = self.hub.admit(self)
        if refusal is not None:
            self.hub.log.event(self.address, None, "refused", refusal)
            conn.abort()
            return
        self._counted = True
        self.hub.log.event(self.address, None, "connect")
        # Each connection on its own clock: one that has not even begun to log in by then is
        # closed, whatever the others do (asyncssh's login timeout then covers the login itself).
        self._hello = asyncio.get_running_loop().call_later(self.hub.limits.hello_timeout, self._silent)

    def _silent(self) -> None:
        if not self.authenticating and self.conn is not None:
            self.hub.log.event(self.address, None, "dropped", "silent: it never began to log in")
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.hub.gone(self)
        for timer in (self._hello, self._without_session):
            if timer is not None:
                timer.cancel()
        if self._counted and self.player is None:
            self.hub.failed_login(self.address)
            self.hub.log.event(self.address, None, "gone-before-login", repr(str(exc or "closed"))[:160])
        elif self.player is not None:
            self.hub.log.event(self.address, self.player.fingerprint, "disconnect", _why_lost(exc))
        if self.session is not None:
            self.session.client_gone()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    @property
    def playing(self) -> bool:
        """It opened its session: the session tells its client goodbye, and the client closes the connection."""
        return self.session is not None and self.conn is not None

    async def wait_closed(self) -> None:
        if self.conn is not None:
            await self.conn.wait_closed()

    # ------------------------------------------------------------------ logging in: public keys only

    def begin_auth(self, username: str) -> bool:
        self.username = username
        self.authenticating = True
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.hub.accepts(key, self.address):
            self._key = key.public_data  # the last key accepted is the one whose signature logs in
            self.username = username  # and this, the user name it logs in with
            return True
        self._refused_keys += 1
        self.hub.log.event(self.address, key.get_fingerprint(), "key-refused")
        if self.hub.suspect(self.address):
            # An address that failed too often of late is slowed, not shut out: a valid key behind
            # it (a NAT, a load balancer, a second key in the agent) still gets in, a stranger
            # goes through a list of keys at a crawl.
            if not self._slowed:
                self._slowed = True
                self.hub.log.event(self.address, None, "slowed", "too many failed logins from this address")
            await asyncio.sleep(SLOW_REFUSAL)
        if self._refused_keys >= self.hub.limits.max_refused_keys and self.conn is not None:
            conn = self.conn
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, _("too many keys refused")
            )
        return False

    def auth_completed(self) -> None:
        assert self._key is not None
        self.hub.logged_in(self)
        self.player = Player.of_key(self.hub.config.data_dir, self._key)
        self.hub.log.event(self.address, self.player.fingerprint, "login", f"user {self.username[:64]!r}")
        # A login that starts no session (ssh -N, or a session never asked for a shell) would hold
        # a connection, within the cap on connections, for nothing.
        self._without_session = asyncio.get_running_loop().call_later(self.hub.limits.login_timeout, self._idle_login)

    def _idle_login(self) -> None:
        if (self.session is None or not self.session.started) and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, _("no session was opened"))

    # ------------------------------------------------------------------ what a logged-in client may ask for

    def session_requested(self) -> GameSession:
        if self.session is not None or self.player is None:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _("one session per connection"))
        local = self.conn.get_extra_info("sockname") if self.conn is not None else None
        self.session = GameSession(
            self.hub,
            self.player,
            self.address,
            on_ended=self.session_ended,
            # `ssh plain@host` is line mode, `ssh CODE@host` that table; any other name, the title screen.
            route=route_of(self.username),
            reached=(str(local[0]), int(local[1])) if local else None,
        )
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
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _(NO_FORWARDING))

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
        # A global request, like server_requested: refused with a reply, the connection goes on.
        fingerprint = self.player.fingerprint if self.player else None
        self.hub.log.event(self.address, fingerprint, "refused", "remote socket forwarding")
        return False

    def tun_requested(self, unit: int | None) -> bool:
        self._refuse_forwarding("tunnel")
        return False

    def tap_requested(self, unit: int | None) -> bool:
        self._refuse_forwarding("tunnel")
        return False


def _why_lost(exc: Exception | None) -> str:
    return "the client closed the connection" if exc is None else f"the connection dropped ({str(exc)[:120]!r})"


async def start(hub: Hub, host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
    """Listen for players."""
    config = hub.config
    assert config.ssh is not None
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
    return acceptor
