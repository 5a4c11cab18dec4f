"""The statistics store: a SQLite database in the user data directory, beside the saves.

SQLite (the standard library's ``sqlite3``) keeps it. A match is written in one transaction
and SQLite's journal makes it atomic: a crash, a kill or a full disk leaves the store as it
was before the write or after it, never between. Deleting or trashing saves does not touch
it. A store that cannot be read as one (damaged, not a database, tables missing, a pipe or a
link in its place) is set aside under a new name, never deleted, and rebuilt from the saves;
one written by a newer unokart is left as it is.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import stat
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from saves import SaveError, loads_game, save_dir
from saves.store import MAX_SAVE_BYTES, SUFFIX

from ..files import FileProblem, read_text
from .records import DRAW_REASONS, MatchRecord, match_record

STORE_NAME = "stats.sqlite3"
SCHEMA_VERSION = 1
TRASH = "trash"  # where the Load screen puts a deleted save: its matches were played all the same

_SCHEMA = """
CREATE TABLE matches (
    key TEXT PRIMARY KEY,          -- the seed and the moment it began: one match, wherever its save is
    save TEXT NOT NULL,            -- the save's name when last recorded
    started TEXT NOT NULL,         -- ISO 8601, UTC
    finished_at TEXT,              -- its last move, once it is over
    finished INTEGER NOT NULL,     -- 1 once someone reached the target
    seed INTEGER NOT NULL,
    target INTEGER NOT NULL,
    rules TEXT NOT NULL,           -- the house rules that differ from RULES.md, as JSON
    actions INTEGER NOT NULL,      -- in its finished rounds
    winner INTEGER,                -- the seat that won the match
    undos INTEGER NOT NULL,        -- in its finished rounds
    hints INTEGER NOT NULL
);
CREATE TABLE seats (
    match TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,            -- "human" or the bot's personality
    profile TEXT,                  -- the bot's profile; NULL: its defaults
    score INTEGER NOT NULL,
    PRIMARY KEY (match, seat)
);
CREATE TABLE rounds (
    match TEXT NOT NULL,
    number INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    winner INTEGER NOT NULL,       -- who went out (E1)
    points INTEGER NOT NULL,       -- what they scored (E3)
    actions INTEGER NOT NULL,
    undos INTEGER NOT NULL,
    PRIMARY KEY (match, number)
);
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
);
CREATE TABLE draws (
    match TEXT NOT NULL,
    round INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    reason TEXT NOT NULL,          -- DrawReason's name in lower case: "banana", "draw_two"...
    cards INTEGER NOT NULL,
    PRIMARY KEY (match, round, seat, reason)
);
"""
TABLES = ("matches", "seats", "rounds", "round_seats", "draws")


class StatsError(Exception):
    """The store cannot be used; the message names the file and the problem."""

    def __init__(self, file: str | Path, problem: str) -> None:
        self.file, self.problem = str(file), problem
        super().__init__(f"{file}: {problem}")


class _Damaged(Exception):
    """The file is no statistics store this game can read: it is set aside and rebuilt."""


def store_path() -> Path:
    return save_dir() / STORE_NAME


def when(moment: datetime) -> str:
    return f"{moment.astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}"


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
        """Everything inside is written at once, or not at all."""
        try:
            self.connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise StatsError(self.path, f"cannot be written: {error}") from error
        try:
            yield
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        try:
            self.connection.execute("COMMIT")
        except sqlite3.Error as error:
            with contextlib.suppress(sqlite3.Error):
                self.connection.execute("ROLLBACK")
            raise StatsError(self.path, f"could not be written: {error}; it is as it was") from error

    def rows(self, query: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.connection.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise StatsError(self.path, f"cannot be read: {error}") from error

    def keys(self) -> set[str]:
        return {key for (key,) in self.rows("SELECT key FROM matches")}

    def put(self, record: MatchRecord) -> None:
        """Write ``record`` in place of what the store held of its match, in one transaction."""
        with self.transaction():
            self._put(record)

    def _put(self, record: MatchRecord) -> None:
        try:
            self._write(record)
        except sqlite3.Error as error:
            raise StatsError(self.path, f"could not be written: {error}; it is as it was") from error

    def _write(self, record: MatchRecord) -> None:
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
                record.seed,
                record.target,
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

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table, in a fixed order: two stores with the same contents give the same dump."""
        return {table: sorted(self.rows(f"SELECT * FROM {table}"), key=repr) for table in TABLES}


# ---------------------------------------------------------------------- opening


class Opened(NamedTuple):
    store: Store
    note: str | None  # to say once to the player: the store was damaged, set aside and rebuilt
    rebuilt: RebuildReport | None  # what that rebuild read


def _connect(path: Path) -> sqlite3.Connection:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        found = os.lstat(path) if os.path.lexists(path) else None
    except OSError as error:
        raise StatsError(path, f"cannot be used: {error.strerror or error}") from error
    if found is not None and not stat.S_ISREG(found.st_mode):  # a link, a pipe, a folder: never opened
        raise _Damaged("it is not a regular file")
    try:
        connection = sqlite3.connect(path, timeout=5.0, isolation_level=None)
    except sqlite3.Error as error:
        raise StatsError(path, f"cannot be opened: {error}") from error
    return connection


def _check(connection: sqlite3.Connection, path: Path) -> None:
    """A store of this schema, sound, or created now in an empty file; ``_Damaged`` says what is wrong."""
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version > SCHEMA_VERSION:
            raise StatsError(
                path, f"was written by a newer unokart (store version {version}); this one leaves it as it is"
            )
        if version == 0 and not tables:
            connection.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
            return
        if set(TABLES) - tables:
            raise _Damaged(f"tables missing: {', '.join(sorted(set(TABLES) - tables))}")
        verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
        if verdict != "ok":
            raise _Damaged(f"SQLite's check says: {verdict}")
    except sqlite3.DatabaseError as error:  # "file is not a database", a torn page...
        raise _Damaged(str(error)) from error


def _set_aside(path: Path, problem: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    try:
        os.replace(path, aside)
        journal = path.with_name(path.name + "-journal")
        if os.path.lexists(journal):  # it belongs to the damaged file, not to the new one
            os.replace(journal, aside.with_name(aside.name + "-journal"))
    except OSError as error:
        raise StatsError(path, f"is damaged ({problem}) and cannot be set aside: {error.strerror or error}") from error
    return aside


def open_store(path: Path | None = None) -> Opened:
    """The store, created if there is none; a damaged one is set aside and rebuilt from the saves."""
    path = path or store_path()
    try:
        connection = _connect(path)
        try:
            _check(connection, path)
        except BaseException:
            connection.close()
            raise
        return Opened(Store(connection, path), None, None)
    except _Damaged as damage:
        problem = str(damage)
    aside = _set_aside(path, problem)
    connection = _connect(path)
    _check(connection, path)
    store = Store(connection, path)
    report = rebuild_into(store)
    note = f"{path} was damaged ({problem}): it was set aside as {aside.name} and rebuilt from the saves: {report}"
    return Opened(store, note, report)


def record(match: MatchRecord, path: Path | None = None) -> str | None:
    """Write one match's record; returns a note if the store had to be rebuilt first."""
    opened = open_store(path)
    with opened.store as store:
        store.put(match)
    return opened.note


# ---------------------------------------------------------------------- rebuilding from the saves


class RebuildReport(NamedTuple):
    read: int  # save files read
    matches: int  # matches recorded from them (finished or not)
    finished: int
    rounds: int
    kept: int  # matches the store already held whose saves are gone: kept as they were
    skipped: tuple[tuple[str, str], ...]  # (file, why)

    def __str__(self) -> str:
        text = (
            f"read {self.read} save{'s' * (self.read != 1)}: {self.matches} matches "
            f"({self.finished} finished, {self.rounds} rounds)"
        )
        if self.kept:
            text += f", and kept {self.kept} recorded before whose saves are gone"
        return text + f"; skipped {len(self.skipped)}"


def save_files() -> list[Path]:
    """The save files a rebuild reads: the saves, and those in the trash (their matches were played)."""
    found: list[Path] = []
    for folder in (save_dir(), save_dir() / TRASH):
        try:
            found += sorted(p for p in folder.iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith("."))
        except FileNotFoundError:
            continue
        except OSError as error:
            raise StatsError(folder, f"cannot be listed: {error.strerror or error}") from error
    return found


# The trash keeps a deleted save as "<name> <when>.toml", or "<name> <when> <n>.toml" when two were
# deleted in one second (saves/trashing.py).
_TRASHED = re.compile(r"(.+) \d{8}-\d{6}(?: \d+)?")


def save_name(path: Path) -> str:
    """The name the match's save had: a file in the trash had it before the time was added."""
    name = path.name[: -len(SUFFIX)]
    trashed = _TRASHED.fullmatch(name) if path.parent.name == TRASH else None
    return trashed.group(1) if trashed else name


class _Found(NamedTuple):
    read: int
    records: list[MatchRecord]
    skipped: list[tuple[str, str]]


def records_from_saves() -> _Found:
    """A record for each match of the saves that finished a round, and each file skipped with its reason.

    A match in two files (a save and a copy of it) is recorded from the one with more moves.
    """
    files = save_files()
    records: dict[str, tuple[str, MatchRecord]] = {}
    skipped: list[tuple[str, str]] = []
    for path in files:
        where = str(path.relative_to(save_dir()))
        try:
            game = loads_game(read_text(path, limit=MAX_SAVE_BYTES, inside=path.parent), source=str(path))
        except FileProblem as problem:
            skipped.append((where, problem.problem))
            continue
        except SaveError as error:
            skipped.append((where, error.problem))
            continue
        if game.match.round_number == 1 and not game.match.round.is_over:
            skipped.append((where, "no round finished yet"))
            continue
        one = match_record(save_name(path), game)
        earlier = records.get(one.key)
        if earlier is not None:
            (kept_where, kept), (dropped_where, _) = sorted(
                (earlier, (where, one)), key=lambda found: found[1].actions, reverse=True
            )
            skipped.append((dropped_where, f"the same match as {kept_where}, which has more moves"))
            records[one.key] = (kept_where, kept)
        else:
            records[one.key] = (where, one)
    return _Found(len(files), [one for _, one in records.values()], skipped)


def rebuild_into(store: Store) -> RebuildReport:
    """Record every match of the saves in ``store``, in one transaction; matches without a save stay."""
    found = records_from_saves()
    before = store.keys()
    with store.transaction():
        for one in found.records:
            store._put(one)
    return RebuildReport(
        read=found.read,
        matches=len(found.records),
        finished=sum(one.finished for one in found.records),
        rounds=sum(len(one.rounds) for one in found.records),
        kept=len(before - {one.key for one in found.records}),
        skipped=tuple(found.skipped),
    )


def rebuild(path: Path | None = None) -> tuple[RebuildReport, str | None]:
    """``unokart stats --rebuild``: the store made again from the saves (and a note if it was damaged)."""
    opened = open_store(path)
    with opened.store as store:
        if opened.rebuilt is not None:  # it was damaged, and rebuilt from the same saves already
            return opened.rebuilt, opened.note
        return rebuild_into(store), None


__all__ = ["DRAW_REASONS", "Opened", "RebuildReport", "StatsError", "Store", "open_store", "rebuild", "record"]
