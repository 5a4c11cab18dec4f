"""A statistics store in trouble, without root and without waiting: a full disk, a busy store, I/O errors.

- A full disk as SQLite itself reports it: no page more than the file has (``max_page_count``),
  so every write that needs one fails with SQLITE_FULL, half-way through if it comes to that.
- ``ulimit -f`` in a child process: every write past the limit fails with EFBIG (Python
  ignores SIGXFSZ), which SQLite reports as a disk I/O error.
- A busy store: a second connection holding a lock, and the store's wait made short.
- Any error at the n-th statement (``FailingConnection``) or the n-th file operation
  (``FailingOs``): what a disk can do at any moment.
"""

from __future__ import annotations

import contextlib
import errno
import os
import resource
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from unokart_tui.history.stats import opening, store


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, every store the game opens is full: not one page more."""
    real = store._connect

    def connect(path: Path) -> sqlite3.Connection:
        connection = real(path)
        with contextlib.suppress(sqlite3.DatabaseError):  # not a database: it is never written anyway
            connection.execute("PRAGMA max_page_count = 1")  # at least what the file has, never less
        return connection

    monkeypatch.setattr(store, "_connect", connect)


def short_wait(monkeypatch: pytest.MonkeyPatch, seconds: float = 0.05) -> None:
    monkeypatch.setattr(store, "BUSY_TIMEOUT", seconds)


@contextlib.contextmanager
def held(path: Path, how: str = "EXCLUSIVE") -> Iterator[None]:
    """Another program holds the store: ``EXCLUSIVE`` (nobody reads), ``IMMEDIATE`` (nobody writes)."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute(f"BEGIN {how}")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def run_limited(*args: str, file_size: int) -> subprocess.CompletedProcess[str]:
    """``unokart ARGS`` with ``ulimit -f`` set to ``file_size`` bytes: no file it writes grows past it."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))

    return subprocess.run(
        [sys.executable, "-m", "unokart_tui", *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,  # only setrlimit: safe in a child of a test
    )


def sqlite_error(code: int, message: str) -> sqlite3.Error:
    """An error as SQLite raises it: its class by its code, and its code."""
    kind = sqlite3.DatabaseError if code & 0xFF in (11, 26) else sqlite3.OperationalError
    error = kind(message)
    error.sqlite_errorcode = code  # type: ignore[attr-defined]
    error.sqlite_errorname = message  # type: ignore[attr-defined]
    return error


# What a disk and another process can do to SQLite (sqlite3.h's codes).
SQLITE_FAILURES = (
    (13, "database or disk is full"),
    (778, "disk I/O error"),  # SQLITE_IOERR_WRITE: EFBIG, EIO
    (266, "disk I/O error"),  # SQLITE_IOERR_READ
    (1034, "disk I/O error"),  # SQLITE_IOERR_FSYNC
    (5, "database is locked"),
    (6, "database table is locked"),
    (8, "attempt to write a readonly database"),
    (14, "unable to open database file"),
    (15, "locking protocol"),
)
OS_FAILURES = (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EROFS, errno.EDQUOT, errno.EACCES)


class Plan:
    """Fail once, at the ``at``-th call counted (from 0)."""

    def __init__(self, at: int, error: BaseException) -> None:
        self.at, self.error, self.calls = at, error, 0
        self.failed: str | None = None  # what failed

    def tick(self, what: str = "") -> None:
        self.calls += 1
        if self.calls - 1 == self.at and self.failed is None:
            self.failed = what
            raise self.error


class FailingConnection:
    """A SQLite connection whose ``plan`` fails one statement."""

    def __init__(self, real: sqlite3.Connection, plan: Plan) -> None:
        self.real, self.plan = real, plan

    def execute(self, *args: object) -> sqlite3.Cursor:
        self.plan.tick()
        return self.real.execute(*args)  # type: ignore[arg-type]

    def executemany(self, *args: object) -> sqlite3.Cursor:
        self.plan.tick()
        return self.real.executemany(*args)  # type: ignore[arg-type]

    def close(self) -> None:
        self.real.close()

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)


def failing_statements(monkeypatch: pytest.MonkeyPatch, plan: Plan) -> None:
    real = store._connect
    monkeypatch.setattr(store, "_connect", lambda path: FailingConnection(real(path), plan))


class FailingOs:
    """``os`` as the store and its repair see it, one of whose file operations fails as ``plan`` says."""

    CALLS = frozenset({"lstat", "open", "link", "rename", "unlink"})

    def __init__(self, plan: Plan) -> None:
        self.plan = plan

    def __getattr__(self, name: str) -> object:
        real = getattr(os, name)
        if name not in self.CALLS:
            return real

        def call(*args: object, **kwargs: object) -> object:
            self.plan.tick(name)
            return real(*args, **kwargs)

        return call


def failing_files(monkeypatch: pytest.MonkeyPatch, plan: Plan) -> None:
    for module in (store, opening):
        monkeypatch.setattr(module, "os", FailingOs(plan))


def os_error(number: int) -> OSError:
    return OSError(number, os.strerror(number))


def stats_files(folder: Path) -> set[str]:
    """The store's files in ``folder``: the store, its journal, what was set aside, what was left behind."""
    return {p.name for p in folder.iterdir() if "stats.sqlite3" in p.name}
