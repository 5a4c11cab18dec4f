"""The statistics store: a SQLite database in the user data directory, beside the saves.

SQLite (the standard library's ``sqlite3``) keeps it. A match is written in one transaction
and SQLite's journal makes it atomic: a crash, a kill or a full disk leaves the store as it
was before the write or after it, never between. Deleting or trashing saves does not touch it.

What goes wrong is told apart by what SQLite says, never guessed:

- **Busy** (another process holds it): waited for, ``BUSY_TIMEOUT`` seconds at most, then a
  ``StatsError`` says so. The store is left as it is.
- **Cannot be written or read** (a full disk, ``ulimit -f``, an I/O error, read-only, a
  folder where SQLite keeps its journal): a ``StatsError`` names the problem; the store is
  left as it is, and a write that failed left no trace in it.
- **Damaged** (SQLite says it is corrupt or not a database, a table or a column is missing,
  or a link, a pipe or a folder is in its place): ``Damaged``, which ``opening`` answers by
  rebuilding the store from the saves and setting the damaged one aside. It never leaves
  the package: its public functions and ``Store``'s methods raise ``StatsError`` alone.

A store written by a newer unokart is left as it is.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from unokart_tui.locations import STATS_NAME, stats_file

from ...voice import _
from ...voice.numbers import number
from .errors import StatsError
from .records import MatchRecord

STORE_NAME = STATS_NAME
# 2: seeds and targets are kept as text (SQLite's integers end at 2**63 - 1; a seed does not).
SCHEMA_VERSION = 2
# How long a busy store is waited for, in seconds, before the player is told. Tests shorten it.
BUSY_TIMEOUT = 5.0

_MATCHES = """
CREATE TABLE matches (
    key TEXT PRIMARY KEY,          -- the seed and the moment it began: one match, wherever its save is
    save TEXT NOT NULL,            -- the save's name when last recorded
    started TEXT NOT NULL,         -- ISO 8601, UTC
    finished_at TEXT,              -- its last move, once it is over
    finished INTEGER NOT NULL,     -- 1 once someone reached the target
    seed TEXT NOT NULL,            -- a whole number, in decimal: any size
    target TEXT NOT NULL,          -- the same
    rules TEXT NOT NULL,           -- the house rules that differ from RULES.md, as JSON
    actions INTEGER NOT NULL,      -- in its finished rounds
    winner INTEGER,                -- the seat that won the match
    undos INTEGER NOT NULL,        -- in its finished rounds
    hints INTEGER NOT NULL
)"""
_SCHEMA = (
    _MATCHES,
    """
CREATE TABLE seats (
    match TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,            -- "human" or the bot's personality
    profile TEXT,                  -- the bot's profile; NULL: its defaults
    score INTEGER NOT NULL,
    PRIMARY KEY (match, seat)
)""",
    """
CREATE TABLE rounds (
    match TEXT NOT NULL,
    number INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    winner INTEGER NOT NULL,       -- who went out (E1)
    points INTEGER NOT NULL,       -- what they scored (E3)
    actions INTEGER NOT NULL,
    undos INTEGER NOT NULL,
    PRIMARY KEY (match, number)
)""",
    """
CREATE TABLE round_seats (
    match TEXT NOT NULL,
    round INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    cards_left INTEGER NOT NULL,
    points_left INTEGER NOT NULL,
    challenges_made INTEGER NOT NULL,
    challenges_won INTEGER NOT NULL,
    challenged INTEGER NOT NULL,
    bluffs_caught INTEGER NOT NULL,
    catches_made INTEGER NOT NULL,
    caught INTEGER NOT NULL,
    forgot_uno INTEGER NOT NULL,
    item_boxes INTEGER NOT NULL,
    PRIMARY KEY (match, round, seat)
)""",
    """
CREATE TABLE draws (
    match TEXT NOT NULL,
    round INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    reason TEXT NOT NULL,          -- DrawReason's name in lower case: "banana", "draw_two"...
    cards INTEGER NOT NULL,
    PRIMARY KEY (match, round, seat, reason)
)""",
)
TABLES = ("matches", "seats", "rounds", "round_seats", "draws")

# SQLite's primary result codes (sqlite3.h); an extended code keeps its primary one in its low byte.
_SQLITE_ERROR, _BUSY, _LOCKED, _READONLY, _CORRUPT = 1, 5, 6, 8, 11
_FULL, _CONSTRAINT, _MISMATCH, _NOTADB = 13, 19, 20, 26
# SQLITE_IOERR_WRITE, _FSYNC, _DIR_FSYNC, _TRUNCATE: what a full disk or ``ulimit -f`` (EFBIG) gives
_IOERR_WRITING = (778, 1034, 1290, 1546)
_SAYS_DAMAGED = (_CORRUPT, _NOTADB)  # the only errors that make a file "damaged": SQLite's own verdict


class Damaged(Exception):
    """The file is no statistics store this game can read; ``opening`` repairs it. Never leaves the package."""


def store_path() -> Path:
    return stats_file()


def when(moment: datetime) -> str:
    return f"{moment.astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}"


def _code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def why(error: BaseException) -> str:
    """What went wrong, in the player's words."""
    if isinstance(error, sqlite3.Error):
        code = _code(error)
        if code in (_BUSY, _LOCKED):
            return _("another program is using it, and still was after {seconds} seconds").format(
                seconds=number(BUSY_TIMEOUT)
            )
        if code == _FULL:
            return _("the disk is full")
        if code == _READONLY:
            return _("it is read-only")
        if getattr(error, "sqlite_errorcode", None) in _IOERR_WRITING:
            return _("the disk refused to write it (disk I/O error): it may be full")
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            return _("the disk is full")
        if error.errno == errno.EFBIG:
            return _("the file would be larger than this process may write (ulimit -f)")
        return error.strerror or str(error)
    if isinstance(error, OverflowError):
        return _("a number is too large for SQLite")
    return str(error)


def _not_read(path: Path, error: BaseException) -> StatsError:
    return StatsError(path, _("cannot be read: {why}; it is left as it is").format(why=why(error)))


def _not_written(path: Path, error: BaseException) -> StatsError:
    return StatsError(path, _("could not be written: {why}; it is as it was").format(why=why(error)))


def _text(data: bytes) -> str:
    # Bytes that are no UTF-8 (written by anything but this game) are read, not refused: their
    # rows are left out by ``rows.read_rows``, which sees the surrogates.
    return data.decode("utf-8", "surrogateescape")


class Store:
    """An open store. Use ``open_store``; close it when done (or use it as a context manager)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside is written at once, or not at all; what the disk refuses is a ``StatsError``."""
        try:
            self.connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise _not_written(self.path, error) from error
        try:
            yield
            self.connection.execute("COMMIT")
        except BaseException as error:
            with contextlib.suppress(sqlite3.Error):  # a full disk or an I/O error may have rolled it back already
                self.connection.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error | OverflowError):
                raise _not_written(self.path, error) from error
            raise

    def rows(self, query: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.connection.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise _not_read(self.path, error) from error

    def keys(self) -> set[str]:
        return {key for (key,) in self.rows("SELECT key FROM matches")}

    def put(self, record: MatchRecord) -> None:
        """Write ``record`` in place of what the store held of its match, in one transaction."""
        with self.transaction():
            self.write(record)

    def write(self, record: MatchRecord) -> None:
        """Write ``record`` in place of what the store held of its match, inside ``transaction()``."""
        execute, many = self.connection.execute, self.connection.executemany
        for table in TABLES:
            execute(f"DELETE FROM {table} WHERE {'key' if table == 'matches' else 'match'} = ?", (record.key,))
        execute(
            "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                record.key,
                record.save,
                when(record.started),
                None if record.finished_at is None else when(record.finished_at),
                int(record.finished),
                str(record.seed),
                str(record.target),
                record.rules,
                record.actions,
                record.winner,
                record.undos,
                record.hints,
            ),
        )
        many(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
            [(record.key, s.seat, s.name, s.kind, s.profile, s.score) for s in record.seats],
        )
        many(
            "INSERT INTO rounds VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(record.key, r.number, r.dealer, r.winner, r.points, r.actions, r.undos) for r in record.rounds],
        )
        many(
            "INSERT INTO round_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (record.key, r.number, s.seat, s.cards_left, s.points_left, *s.counts)
                for r in record.rounds
                for s in r.seats
            ],
        )
        many(
            "INSERT INTO draws VALUES (?, ?, ?, ?, ?)",
            [
                (record.key, r.number, s.seat, reason, cards)
                for r in record.rounds
                for s in r.seats
                for reason, cards in s.draws
            ],
        )

    def rename_save(self, name: str, new_name: str) -> int:
        """Say ``new_name`` wherever the store says the save ``name``: it was renamed. How many matches."""
        with self.transaction():
            changed = self.connection.execute("UPDATE matches SET save = ? WHERE save = ?", (new_name, name))
        return changed.rowcount

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table, in a fixed order: two stores with the same contents give the same dump."""
        return {table: sorted(self.rows(f"SELECT * FROM {table}"), key=repr) for table in TABLES}


# ---------------------------------------------------------------------- opening and checking


def journal_of(path: Path) -> Path:
    return path.with_name(path.name + "-journal")


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _kind(mode: int) -> str:
    """What a file that is no regular file is, in a few words for the sentences below."""
    return _("a folder") if stat.S_ISDIR(mode) else _("a link") if stat.S_ISLNK(mode) else _("not a regular file")


def _connect(path: Path) -> sqlite3.Connection:
    journal = journal_of(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        found, journal_found = _lstat(path), _lstat(journal)
    except OSError as error:
        raise StatsError(path, _("cannot be used: {why}").format(why=why(error))) from error
    if journal_found is not None and not stat.S_ISREG(journal_found.st_mode):
        # SQLite would fail on it with "disk I/O error": the store may be sound, so it is not touched.
        there = _(
            "is {kind}, where SQLite keeps the statistics' journal: "
            "the statistics cannot be used while it is there, and are left as they are"
        )
        raise StatsError(journal, there.format(kind=_kind(journal_found.st_mode)))
    if found is not None and not stat.S_ISREG(found.st_mode):  # a link, a pipe, a folder: never opened
        raise Damaged(_("it is {kind}, not a database").format(kind=_kind(found.st_mode)))
    try:
        connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    except sqlite3.Error as error:
        raise StatsError(path, _("cannot be opened: {why}").format(why=why(error))) from error
    connection.text_factory = _text
    return connection


@functools.cache
def _columns() -> dict[str, tuple[str, ...]]:
    """Each table's columns, as the schema makes them."""
    with contextlib.closing(sqlite3.connect(":memory:")) as blank:
        for statement in _SCHEMA:
            blank.execute(statement)
        return {table: _table_columns(blank, table) for table in TABLES}


def _table_columns(connection: sqlite3.Connection, table: str) -> tuple[str, ...]:
    return tuple(row[1] for row in connection.execute(f"PRAGMA table_info({table})"))


def _state(connection: sqlite3.Connection) -> tuple[int, set[str]]:
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    return version, {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _create(connection: sqlite3.Connection) -> None:
    version, tables = _state(connection)
    if version == 0 and not tables:  # another process may have made it since it was looked at
        for statement in _SCHEMA:
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _migrate(connection: sqlite3.Connection) -> None:
    """Version 1 to 2: seeds and targets as text."""
    if _state(connection)[0] >= SCHEMA_VERSION:  # another process did it since it was looked at
        return
    try:
        connection.execute(_MATCHES.replace("CREATE TABLE matches", "CREATE TABLE matches_v2"))
        connection.execute(
            "INSERT INTO matches_v2 SELECT key, save, started, finished_at, finished, CAST(seed AS TEXT), "
            "CAST(target AS TEXT), rules, actions, winner, undos, hints FROM matches"
        )
        connection.execute("DROP TABLE matches")
        connection.execute("ALTER TABLE matches_v2 RENAME TO matches")
    except sqlite3.Error as error:
        if _code(error) in (_SQLITE_ERROR, _CONSTRAINT, _MISMATCH):  # its rows are not what version 1 wrote
            raise Damaged(_("it cannot be brought up to this version: {why}").format(why=error)) from error
        raise
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _write_now(connection: sqlite3.Connection, change: Callable[[sqlite3.Connection], None]) -> None:
    """``change`` in one transaction; SQLite's errors are left to ``_check`` to tell apart."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        change(connection)
        connection.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):  # a full disk or an I/O error may have rolled it back already
            connection.execute("ROLLBACK")
        raise


def _check(connection: sqlite3.Connection, path: Path) -> None:
    """A store of this schema, sound, or created (or brought up to date) now; ``Damaged`` says what is wrong."""
    try:
        version, tables = _state(connection)
        if version == 0 and not tables:
            _write_now(connection, _create)
            version, tables = _state(connection)
        if version > SCHEMA_VERSION:
            newer = _("was written by a newer unokart (store version {version}); this one leaves it as it is")
            raise StatsError(path, newer.format(version=version))
        if set(TABLES) - tables:
            raise Damaged(_("tables missing: {tables}").format(tables=", ".join(sorted(set(TABLES) - tables))))
        for table, columns in _columns().items():
            if _table_columns(connection, table) != columns:
                raise Damaged(_("the table {table} does not have the columns this game writes").format(table=table))
        verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
        if verdict != "ok":
            raise Damaged(_("SQLite's check says: {verdict}").format(verdict=verdict))
        if version < SCHEMA_VERSION:
            _write_now(connection, _migrate)
    except sqlite3.Error as error:  # "file is not a database", a torn page... or only busy, or a full disk
        if _code(error) in _SAYS_DAMAGED:
            raise Damaged(str(error)) from error
        raise StatsError(path, _("cannot be used: {why}; it is left as it is").format(why=why(error))) from error


def open_checked(path: Path) -> Store:
    """The store at ``path``, checked; ``Damaged`` if it is not a sound one."""
    connection = _connect(path)
    try:
        _check(connection, path)
    except BaseException:
        connection.close()
        raise
    return Store(connection, path)


__all__ = ["BUSY_TIMEOUT", "SCHEMA_VERSION", "TABLES", "StatsError", "Store", "open_checked", "store_path"]
