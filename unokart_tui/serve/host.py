"""Running the host: its data directory, the host key, the servers, and a clean stop on SIGTERM or SIGHUP."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import stat
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..files import FileProblem, read_bytes, write_atomic
from ..friends.codes import CodeGuard
from ..friends.hosting import hosted_tables, kept_tables, save_path
from ..friends.recording import Runner, StatsWriter, at_once
from ..voice import use_language
from .config import ServeConfig
from .hub import Hub
from .log import ConnectionLog
from .players import Player
from .tables import TableCodes

if TYPE_CHECKING:
    from collections.abc import Iterator

    import asyncssh

    from .keys import AuthorizedKeys

HOST_KEY = "host_key"
HOST_KEY_LIMIT = 256 * 1024  # an RSA key of 16,384 bits is some 13 KiB
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
# The libraries' own loggers: what a client makes them say (a bad request, a broken handshake)
# becomes one quoted line of the connection log, never a traceback on the server's stderr.
LIBRARY_LOGGERS = ("asyncio", "asyncssh", "aiohttp", "textual-serve")


class HostError(Exception):
    """The host cannot start; the message is one line for the operator."""


def _check_private(path: Path) -> None:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise HostError(f"{path} can be read by other users (mode {mode:04o}); make it private: chmod 600 {path}")


def _write_private(path: Path, data: bytes) -> None:
    """Create ``path`` with mode 0600 from the start, whole or not at all, over nothing."""
    write_atomic(path, data, mode=0o600, exclusive=True)


def host_key(config: ServeConfig) -> asyncssh.SSHKey:
    """``--host-key``, or the host's own key, generated (ed25519, mode 0600) on the first start."""
    import asyncssh  # noqa: PLC0415

    path = config.host_key or config.data_dir / HOST_KEY
    try:
        if config.host_key is None and not os.path.lexists(path):
            key = asyncssh.generate_private_key("ssh-ed25519", comment="unokart host key")
            _write_private(path, key.export_private_key())
            return key
        # The careful reader: a named pipe, a device or a folder is refused before it is opened,
        # and a file larger than any key is not read.
        data = read_bytes(path, limit=HOST_KEY_LIMIT)
        _check_private(path)
        return asyncssh.import_private_key(data)
    except FileProblem as error:
        raise HostError(f"host key {path}: {error.problem}") from None
    except OSError as error:
        raise HostError(f"host key {path}: {error.strerror or error}") from None
    except (asyncssh.KeyImportError, ValueError) as error:
        raise HostError(f"host key {path}: not a private key asyncssh can read ({error})") from None


def authorized_keys(config: ServeConfig, log: ConnectionLog) -> AuthorizedKeys | None:
    """``--authorized-keys``, read once before anything listens: a file that cannot be read is one line."""
    if config.ssh is None or config.authorized_keys is None:
        return None
    from .keys import AuthorizedKeys  # noqa: PLC0415 - asyncssh's, only with --ssh

    try:
        return AuthorizedKeys(config.authorized_keys, log)
    except FileProblem as error:
        raise HostError(f"authorized keys {config.authorized_keys}: {error.problem}") from None


class _OneLine(logging.Handler):
    """A library's warning or error, as one line of the connection log: its words quoted, no traceback."""

    def __init__(self, log: ConnectionLog) -> None:
        super().__init__(logging.WARNING)
        self._log = log

    def emit(self, record: logging.LogRecord) -> None:
        words = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            words = f"{words}: {record.exc_info[1]!r}"
        self._log.event("", None, "library", f"{record.name} {words[:300]!r}")


@contextlib.contextmanager
def _libraries_to(log: ConnectionLog) -> Iterator[None]:
    handler = _OneLine(log)
    loggers = [logging.getLogger(name) for name in LIBRARY_LOGGERS]
    kept = [(logger.propagate, logger.level) for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.propagate = False
        logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        for logger, (propagate, level) in zip(loggers, kept, strict=True):
            logger.removeHandler(handler)
            logger.propagate = propagate
            logger.setLevel(level)


def serve(config: ServeConfig) -> int:
    try:
        return asyncio.run(_serve(config))
    except HostError as error:
        sys.stderr.write(f"unokart: {error}\n")
        return 1


async def _serve(config: ServeConfig) -> int:
    # First of all, so that nothing below can keep the host deaf to a stop.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in STOP_SIGNALS:
        loop.add_signal_handler(number, stop.set)
    # The players' words are not the operator's: English, as a game without a language setting
    # speaks (game.py gives it none of the client's environment), unless a player chose theirs.
    use_language(None)
    try:
        config.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        log = ConnectionLog(config.data_dir / "log")
    except OSError as error:
        raise HostError(f"cannot use the data directory {config.data_dir}: {error.strerror or error}") from None
    with _libraries_to(log):
        try:
            return await _run(config, log, stop)
        finally:
            log.close()


def table_codes(config: ServeConfig, log: ConnectionLog | None = None, record_with: Runner = at_once) -> TableCodes:
    """The tables friends open here (issue 31): each on the host's event loop, saved in its opener's saves.

    ``record_with`` writes each person's statistics (``friends.recording``); what went wrong with a person's
    is a line of ``log``.
    """

    def saves_for(fingerprint: str) -> Path:
        return Player.of_fingerprint(config.data_dir, fingerprint).data_dir

    def keeps(code: str, fingerprint: str) -> bool:
        return save_path(saves_for(fingerprint), code).exists()

    def told(fingerprint: str, said: str) -> None:
        if log is not None:
            log.event("", fingerprint, "statistics", repr(said))

    loop = asyncio.get_running_loop()
    factory = hosted_tables(loop, saves_for, record_with=record_with, log=told)
    keeper = kept_tables(loop, saves_for, record_with=record_with, log=told)
    most, per_key = config.limits.max_tables, config.limits.max_tables_per_key
    guard = CodeGuard(time.monotonic)
    return TableCodes(guard, factory, keeper=keeper, keeps=keeps, most=most, most_per_key=per_key)


async def _run(config: ServeConfig, log: ConnectionLog, stop: asyncio.Event) -> int:
    # One thread of its own writes the players' statistics: a busy store holds no table, nor the host.
    writer = StatsWriter(asyncio.get_running_loop())
    hub = Hub(config, log, authorized_keys(config, log), table_codes(config, log, writer))
    acceptor = runner = None
    try:
        if config.ssh is not None:
            from . import ssh  # noqa: PLC0415

            key = host_key(config)
            try:
                acceptor = await ssh.start(hub, key)
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
                runner, url = await web.start(hub)
            except OSError as error:
                raise HostError(f"cannot serve the web page on {config.web}: {error.strerror or error}") from None
            _say(f"web on {url} (no authentication of its own: put it behind a proxy that has)")
        _say(f"data in {config.data_dir}, connection log in {log.path}")
        await stop.wait()
        _say("stopping: every game is told to exit")
    finally:
        await hub.shutdown()
        if acceptor is not None:
            acceptor.close()
            await acceptor.wait_closed()
        if runner is not None:
            await runner.cleanup()
        await asyncio.to_thread(writer.close)  # the statistics of the last rounds are written before the host stops
    return 0


def _say(line: str) -> None:
    print(f"unokart serve: {line}", flush=True)
