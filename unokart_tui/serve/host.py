"""Running the host: its data directory, the host key, the servers, and a clean stop on SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .config import ServeConfig
from .log import ConnectionLog

if TYPE_CHECKING:
    import asyncssh

HOST_KEY = "host_key"


class HostError(Exception):
    """The host cannot start; the message is one line for the operator."""


def _check_private(path: Path) -> None:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise HostError(f"{path} can be read by other users (mode {mode:04o}); make it private: chmod 600 {path}")


def _write_private(path: Path, data: bytes) -> None:
    """Create ``path`` with mode 0600 from the start, whole or not at all."""
    temp = path.with_name(f".{path.name}.tmp")
    with contextlib.suppress(FileNotFoundError):
        temp.unlink()
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temp, path)


def host_key(config: ServeConfig) -> asyncssh.SSHKey:
    """``--host-key``, or the host's own key, generated (ed25519, mode 0600) on the first start."""
    import asyncssh  # noqa: PLC0415

    path = config.host_key or config.data_dir / HOST_KEY
    try:
        if config.host_key is None and not path.exists():
            key = asyncssh.generate_private_key("ssh-ed25519", comment="unokart host key")
            _write_private(path, key.export_private_key())
            return key
        _check_private(path)
        return asyncssh.read_private_key(str(path))
    except OSError as error:
        raise HostError(f"host key {path}: {error.strerror or error}") from None
    except (asyncssh.KeyImportError, ValueError) as error:
        raise HostError(f"host key {path}: not a private key asyncssh can read ({error})") from None


def serve(config: ServeConfig) -> int:
    try:
        return asyncio.run(_serve(config))
    except HostError as error:
        sys.stderr.write(f"unokart: {error}\n")
        return 1


async def _serve(config: ServeConfig) -> int:
    try:
        config.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        log = ConnectionLog(config.data_dir / "log")
    except OSError as error:
        raise HostError(f"cannot use the data directory {config.data_dir}: {error.strerror or error}") from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    hub = acceptor = runner = None
    try:
        if config.ssh is not None:
            from . import ssh  # noqa: PLC0415

            key = host_key(config)
            try:
                hub, acceptor = await ssh.start(config, log, key)
            except OSError as error:
                raise HostError(f"cannot listen for SSH on {config.ssh}: {error.strerror or error}") from None
            port = acceptor.get_port()
            host = config.ssh.host or "*"
            shown = f"[{host}]" if ":" in host else host
            _say(f"SSH on {shown}:{port}, host key {key.get_fingerprint()}")
            if config.open_to_all:
                _say("open to every key: a new key is a new player")
        if config.web is not None:
            from . import web  # noqa: PLC0415

            try:
                runner, url = await web.start(config)
            except OSError as error:
                raise HostError(f"cannot serve the web page on {config.web}: {error.strerror or error}") from None
            _say(f"web on {url} (no authentication of its own: put it behind a proxy that has)")
        _say(f"data in {config.data_dir}, connection log in {log.path}")
        await stop.wait()
        _say("stopping: every game is told to exit")
    finally:
        if hub is not None:
            await hub.shutdown()
        if acceptor is not None:
            acceptor.close()
            await acceptor.wait_closed()
        if runner is not None:
            await runner.cleanup()
        log.close()
    return 0


def _say(line: str) -> None:
    print(f"unokart serve: {line}", flush=True)
