"""One game process on a pseudo-terminal of its own, driven from the server's event loop.

The child is started with ``posix_spawn`` (no Python runs between fork and exec, so the
server's threads and locks cannot deadlock it): a new session whose controlling
terminal is the pty, so the kernel delivers SIGWINCH on a resize and SIGHUP when the
terminal goes away, exactly as under sshd. It is reaped through a pidfd, so no zombie
is left and no signal is ever sent to a recycled pid.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import re
import signal
import struct
import sys
import termios
from collections.abc import Callable, Mapping
from pathlib import Path

from ..friends.channel import VARIABLE as TABLE_VARIABLE
from ..voice import N_
from .config import Limits
from .report import VARIABLE as REPORT_VARIABLE
from .report import SaveState

CANNOT_START = N_("The game could not start; please tell the server's operator.")
DEFAULT_SIZE = (80, 24)
DEFAULT_TERM = "xterm-256color"
_TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}")  # a terminfo name, never a path
FROM_HOST = ("TZ",)  # the host's time zone: the times the game shows are the host's local times
RESIZE_INTERVAL = 0.05  # at most 20 resizes a second reach a game, the last one always
_RESET = (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGPIPE, signal.SIGCHLD, signal.SIGWINCH)
# The game's driver caps the keys it holds (driver.py); it is named, like Textual's own, in the environment.
TERMINAL_DRIVER = "unokart_tui.serve.driver:TerminalDriver"
REPORT_FD = 3  # the game's end of the save report pipe (report.py)


PLAIN_TERM = "dumb"  # line mode: a terminal that understands no escape sequence, so nothing sends one
PLAIN_FLAG = "--plain"


def game_command() -> list[str]:
    """The normal `unokart`, from the server's own Python. -P: the working directory is not on sys.path."""
    return [sys.executable, "-P", "-m", "unokart_tui"]


def terminal_name(requested: str | None) -> str:
    return requested if requested and _TERM_NAME.fullmatch(requested) else DEFAULT_TERM


def game_environment(
    home: Path,
    data_dir: Path,
    config_dir: Path,
    term: str,
    host: Mapping[str, str] = os.environ,
    *,
    table_fd: int | None = None,
) -> dict[str, str]:
    """Everything the game's environment holds: nothing of the client's but TERM, little of the host's."""
    env = {
        "PATH": os.defpath,
        "HOME": str(home),  # Textual saves screenshots under $HOME: the player's own directory
        "LANG": "C.UTF-8",
        "TERM": term,
        "UNOKART_DATA_DIR": str(data_dir),
        "UNOKART_CONFIG_DIR": str(config_dir),
        "TEXTUAL_DRIVER": TERMINAL_DRIVER,
        REPORT_VARIABLE: str(REPORT_FD),
    }
    if table_fd is not None:
        env[TABLE_VARIABLE] = str(table_fd)
    env.update({name: host[name] for name in FROM_HOST if name in host})
    return env


def clamp_size(columns: int, rows: int, limits: Limits) -> tuple[int, int]:
    """The size a game is given: a client's 0x0 (or less) means "unknown", and no size is larger than the limits."""
    if columns <= 0 or rows <= 0:
        return DEFAULT_SIZE
    return min(columns, limits.max_columns), min(rows, limits.max_rows)


def report_pipe() -> tuple[int, int]:
    """A pipe for a game's save reports: the host's end (non-blocking) and the game's, both above 2."""
    read, write = os.pipe2(os.O_CLOEXEC | os.O_NONBLOCK)
    os.set_blocking(write, True)  # the game's reports are a few bytes; the host always reads them
    if write <= REPORT_FD:  # dup2 onto itself would leave close-on-exec set, in some libcs
        moved = fcntl.fcntl(write, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(write)
        write = moved
    return read, write


def read_reports(fd: int, state: SaveState) -> bool:
    """Take what the game wrote on its report pipe; False once the game's end is closed."""
    while True:
        try:
            data = os.read(fd, 4096)
        except BlockingIOError:
            return True
        except OSError:
            return False
        if not data:
            return False
        state.feed(data)


class GameProcess:
    """A child on a pty: output goes to ``on_output``, the exit status to ``on_exit``."""

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        size: tuple[int, int],
        *,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        inherit: Mapping[int, int] | None = None,
        client_terminal: bool = True,
    ) -> None:
        """``inherit``: descriptors the game gets (its number -> the host's, each above 4); the caller
        closes its copies. ``client_terminal`` False: the client reads and writes a pipe (line mode), so
        the pty neither echoes what is typed nor ends its lines with a carriage return.
        """
        self._loop = asyncio.get_running_loop()
        self._on_output = on_output
        self._on_exit = on_exit
        self._pending = bytearray()  # keys not yet taken by the pty
        self.on_drained: Callable[[], None] | None = None  # called once, when the keys waiting are all taken
        self._resize_at = 0.0
        self._resize_later: asyncio.TimerHandle | None = None
        self._size = size
        self.returncode: int | None = None
        self.exited = asyncio.Event()
        self.saves = SaveState()  # what the game reported about its matches
        self.hung_up = False  # the client went first: the game was hung up on
        master, slave = os.openpty()
        reports, their_end = report_pipe()
        inherited = dict(inherit or {})
        try:
            self._set_size(master, size)
            if not client_terminal:
                modes = termios.tcgetattr(slave)
                modes[1] &= ~termios.ONLCR
                modes[3] &= ~termios.ECHO
                termios.tcsetattr(slave, termios.TCSANOW, modes)
            self.pid = os.posix_spawn(
                argv[0],
                argv,
                env,
                file_actions=[
                    # Opened after setsid, without O_NOCTTY: the pty becomes the controlling terminal.
                    (os.POSIX_SPAWN_OPEN, 0, os.ttyname(slave), os.O_RDWR, 0),
                    (os.POSIX_SPAWN_DUP2, 0, 1),
                    (os.POSIX_SPAWN_DUP2, 0, 2),
                    (os.POSIX_SPAWN_DUP2, their_end, REPORT_FD),
                    *((os.POSIX_SPAWN_DUP2, source, target) for target, source in inherited.items()),
                ],
                setsid=True,
                setsigdef=_RESET,
                setsigmask=(),
            )
        except OSError:
            os.close(master)
            os.close(reports)
            raise
        finally:
            os.close(slave)
            os.close(their_end)
        self._master: int | None = master
        self._reports: int | None = reports
        os.set_blocking(master, False)
        self._pidfd = os.pidfd_open(self.pid)
        self._loop.add_reader(master, self._read)
        self._loop.add_reader(reports, self._read_reports)
        self._loop.add_reader(self._pidfd, self._reap)

    # ------------------------------------------------------------------ output

    def _read(self) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, 65536)
        except BlockingIOError:
            return
        except OSError as error:  # EIO: the game closed the terminal (it is exiting)
            if error.errno != errno.EIO:
                raise
            data = b""
        if data:
            self._on_output(data)
        else:
            self._loop.remove_reader(self._master)

    def _read_reports(self) -> None:
        if self._reports is not None and not read_reports(self._reports, self.saves):
            self._close_reports()

    def _close_reports(self) -> None:
        if self._reports is not None:
            self._loop.remove_reader(self._reports)
            os.close(self._reports)
            self._reports = None

    def pause_output(self) -> None:
        """The client is behind: stop reading, so only this game waits (its writes block)."""
        if self._master is not None:
            self._loop.remove_reader(self._master)

    def resume_output(self) -> None:
        if self._master is not None and self.returncode is None:
            self._loop.add_reader(self._master, self._read)

    # ------------------------------------------------------------------ input

    def write(self, data: bytes) -> int:
        """Queue keys for the game; the number of bytes still waiting."""
        if self._master is None:
            return 0
        was_waiting = bool(self._pending)
        self._pending += data
        if not was_waiting:
            self._flush()
        return len(self._pending)

    def _flush(self) -> None:
        assert self._master is not None
        try:
            written = os.write(self._master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:  # the game is gone: its keys go nowhere
            self._pending.clear()
            self._loop.remove_writer(self._master)
            return
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self._master, self._flush)
            return
        self._loop.remove_writer(self._master)
        if self.on_drained is not None:
            drained, self.on_drained = self.on_drained, None
            drained()

    @property
    def backlog(self) -> int:
        return len(self._pending)

    # ------------------------------------------------------------------ size and signals

    @staticmethod
    def _set_size(fd: int, size: tuple[int, int]) -> None:
        columns, rows = size
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def resize(self, size: tuple[int, int]) -> None:
        """Pass a new size on (the kernel sends the game SIGWINCH); a burst of them becomes one."""
        self._size = size
        if self._resize_later is not None:
            return
        delay = self._resize_at + RESIZE_INTERVAL - self._loop.time()
        if delay > 0:
            self._resize_later = self._loop.call_later(delay, self._apply_size)
        else:
            self._apply_size()

    def _apply_size(self) -> None:
        self._resize_later = None
        self._resize_at = self._loop.time()
        if self._master is not None and self.returncode is None:
            self._set_size(self._master, self._size)

    def send_signal(self, number: int) -> None:
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._pidfd, number)

    def hang_up(self) -> None:
        """The client is gone: SIGHUP, as a terminal that closes sends it (every move is saved already)."""
        self.hung_up = True
        self.send_signal(signal.SIGHUP)
        self._close_master()

    async def stop(self, number: int, grace: float) -> None:
        """Ask the game to exit with ``number``; kill it if it has not within ``grace`` seconds."""
        self.send_signal(number)
        try:
            await asyncio.wait_for(self.exited.wait(), grace)
        except TimeoutError:
            self.send_signal(signal.SIGKILL)
            await self.exited.wait()

    # ------------------------------------------------------------------ the end

    def _reap(self) -> None:
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == 0:
            return
        self._loop.remove_reader(self._pidfd)
        os.close(self._pidfd)
        if self._master is not None:  # what the game wrote last, before the exit
            with contextlib.suppress(OSError):
                while data := os.read(self._master, 65536):
                    self._on_output(data)
        self._close_master()
        self._read_reports()  # the last ones, written as the game exited
        self._close_reports()
        if self._resize_later is not None:
            self._resize_later.cancel()
        self.returncode = os.waitstatus_to_exitcode(status)
        self.exited.set()
        self._on_exit(self.returncode)

    def _close_master(self) -> None:
        if self._master is not None:
            self._loop.remove_reader(self._master)
            self._loop.remove_writer(self._master)
            os.close(self._master)
            self._master = None
            self._pending.clear()
