"""The host's SSH and web servers started inside the test's own event loop, on 127.0.0.1, with any limits.

Real servers and real clients (asyncssh, aiohttp), as in `unokart serve`, but with limits a
test can wait out (a name timeout of half a second) and a game command it can choose.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from unokart_tui.serve import ssh, web
from unokart_tui.serve.config import Address, Limits, ServeConfig
from unokart_tui.serve.hub import Hub
from unokart_tui.serve.keys import AuthorizedKeys
from unokart_tui.serve.log import ConnectionLog
from unokart_tui.serve.tables import TableCodes


@dataclass
class Served:
    hub: Hub
    data_dir: Path
    port: int = 0
    url: str = ""
    keys: dict[str, asyncssh.SSHKey] = field(default_factory=dict)

    def log(self) -> str:
        return (self.data_dir / "log" / "connections.log").read_text()


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def authorized_line(key: asyncssh.SSHKey) -> str:
    return key.export_public_key().decode()


@contextlib.asynccontextmanager
async def serving(
    tmp_path: Path,
    *,
    limits: Limits | None = None,
    keys_file: Path | None = None,
    use_ssh: bool = True,
    use_web: bool = False,
    web_origins: tuple[str, ...] = (),
    tables: TableCodes | None = None,
) -> AsyncIterator[Served]:
    data_dir = tmp_path / "host"
    data_dir.mkdir(exist_ok=True)
    config = ServeConfig(
        data_dir=data_dir,
        ssh=Address("127.0.0.1", 0) if use_ssh else None,
        web=Address("127.0.0.1", 0) if use_web else None,
        authorized_keys=keys_file,
        open_to_all=keys_file is None,
        web_origins=web_origins,
        limits=limits or Limits(),
    )
    log = ConnectionLog(data_dir / "log", echo=False)
    authorized = AuthorizedKeys(keys_file, log) if keys_file is not None else None
    hub = Hub(config, log, authorized, tables)
    served = Served(hub, data_dir)
    acceptor = runner = None
    try:
        if use_ssh:
            acceptor = await ssh.start(hub, new_key())
            served.port = acceptor.get_port()
        if use_web:
            runner, served.url = await web.start(hub)
        yield served
    finally:
        await hub.shutdown()
        if acceptor is not None:
            acceptor.close()
            await acceptor.wait_closed()
        if runner is not None:
            await runner.cleanup()
        log.close()


class Screen(asyncssh.SSHClientSession[bytes]):
    """What the server sends a client, kept as bytes.

    When its session ends, the client closes its connection, as ``ssh`` does: the host, stopping, gives a
    client it said goodbye to a while (``hub.CLIENT_GOODBYE``) to do so, and a test's client that never did
    kept every test with a session open at its end waiting those two seconds.
    """

    def __init__(self) -> None:
        self.output = bytearray()
        self.closed = asyncio.Event()
        self.connection: asyncssh.SSHClientConnection | None = None

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.output.extend(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        if self.connection is not None:
            self.connection.close()


async def connect(served: Served, key: asyncssh.SSHKey, **options: object) -> asyncssh.SSHClientConnection:
    settings: dict[str, object] = {
        "client_keys": [key],
        "known_hosts": None,
        "agent_path": None,
        "config": None,
        "username": "player",
    }
    return await asyncssh.connect("127.0.0.1", served.port, **{**settings, **options})


async def session(
    conn: asyncssh.SSHClientConnection, size: tuple[int, int] = (80, 24), **options: object
) -> tuple[asyncssh.SSHClientChannel[bytes], Screen]:
    chan, screen = await conn.create_session(
        Screen, term_type="xterm-256color", term_size=size, encoding=None, **options
    )
    screen.connection = conn
    return chan, screen


async def until(condition: Callable[[], object], timeout: float = 20.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.02)


async def sees(screen: Screen, text: str, timeout: float = 20.0) -> None:
    await until(lambda: text.encode() in screen.output, timeout, f"{text!r}; got {bytes(screen.output[-400:])!r}")
