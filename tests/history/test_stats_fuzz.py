"""Issue 35: the statistics store fuzzed, as the saves were. Any value in any column, and any I/O
failure at any statement or file operation while recording or rebuilding: nothing lost (the rows
already there stay, the save stays), no traceback, no hang.

Derandomized: the same examples on every run.
"""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import saves
from unokart_tui import cli
from unokart_tui.history import stats
from unokart_tui.history.charts import ScoreRace, WinRate
from unokart_tui.history.stats import store
from unokart_tui.history.stats.report import matches_table, player_rows, text, versus_tables
from unokart_tui.table.session import Session

from .failing import (
    OS_FAILURES,
    SQLITE_FAILURES,
    Plan,
    failing_files,
    failing_statements,
    os_error,
    short_wait,
    sqlite_error,
    stats_files,
)
from .play import fixed_saves, play
from .test_stats_failures import loosen

FUZZ = settings(
    derandomize=True,
    max_examples=40,
    deadline=timedelta(seconds=20),  # only a hang fails it: the machine may be slow, never that slow
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
MATCHES = 3


class Template:
    """A store of ``MATCHES`` finished matches; each example starts again from its bytes."""

    def __init__(self, data: bytes, path: Path) -> None:
        self.data, self.path = data, path

    def reset(self, data: bytes | None = None) -> None:
        for name in stats_files(self.path.parent):
            (self.path.parent / name).unlink()
        self.path.write_bytes(self.data if data is None else data)

    def dump(self) -> dict[str, list[tuple[object, ...]]]:
        with contextlib.closing(sqlite3.connect(self.path)) as connection:
            return {
                table: sorted(connection.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
                for table in store.TABLES
            }


@pytest.fixture
def template() -> Template:
    fixed_saves(MATCHES)
    path = stats.store_path()
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        loosen(connection)  # NULLs and duplicates can go in too
    return Template(path.read_bytes(), path)


# ---------------------------------------------------------------------- any value in any column

COLUMNS = [(table, column) for table, columns in store._columns().items() for column in columns]
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(),
    st.text(max_size=30),
    st.binary(max_size=12),
    st.sampled_from(["", "0", "-1", "1e3", "9" * 40, "2026-11-30T12:00:00Z", "2026-11-30T12:00:00", "x\x1b[2J"]),
)
EDITS = st.lists(st.tuples(st.sampled_from(COLUMNS), st.integers(0, 10_000), VALUES), min_size=1, max_size=3)


def quietly(*args: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as errors:
        code = cli.main(list(args))
    assert "Traceback" not in errors.getvalue()
    return code


@pytest.mark.slow  # 40 stores edited at random, 2 s; the fuzz of failing writes below stays fast
@FUZZ
@given(edits=EDITS)
def test_any_value_in_any_column_is_read_or_left_out_and_never_stops_the_statistics(template, edits):
    template.reset()
    with contextlib.closing(sqlite3.connect(template.path)) as connection, connection:
        for (table, column), pick, value in edits:
            rowids = [rowid for (rowid,) in connection.execute(f"SELECT rowid FROM {table} ORDER BY rowid")]
            connection.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, rowids[pick % len(rowids)]))
    edited = template.path.read_bytes()
    with stats.open_store().store as opened:
        found = stats.summarize(opened)
    # Each edit spoils one match at most, and may leave the rows of another without their match.
    assert found.matches >= MATCHES - 2 * len(edits) and found.left_out <= 2 * len(edits)
    assert text(found) and player_rows(found) and versus_tables(found) and matches_table(found)
    assert json.dumps(found.as_json())
    WinRate(tuple(rate for _, rate in found.win_rate)).draw(60, 8)
    for line in found.matches_list:
        ScoreRace(line.names, line.race, line.target).draw(60, 12)
    assert quietly("stats") == 0 and quietly("stats", "--json") == 0
    assert template.path.read_bytes() == edited  # reading writes nothing
    stats.rebuild()  # and the saves write every match again
    with stats.open_store().store as opened:
        assert stats.summarize(opened).matches == MATCHES


# ---------------------------------------------------------------------- any failure at any write

FAILURE = st.one_of(
    st.tuples(st.just("statement"), st.integers(0, 40), st.sampled_from(SQLITE_FAILURES)),
    st.tuples(st.just("file"), st.integers(0, 12), st.sampled_from(OS_FAILURES)),
    st.tuples(st.just("pages"), st.integers(0, 6), st.none()),
)


def inject(monkeypatch: pytest.MonkeyPatch, failure: tuple[str, int, object]) -> Plan | None:
    where, at, what = failure
    if where == "statement":
        code, message = what  # type: ignore[misc]
        plan = Plan(at, sqlite_error(code, message))
        failing_statements(monkeypatch, plan)
        return plan
    if where == "file":
        plan = Plan(at, os_error(what))  # type: ignore[arg-type]
        failing_files(monkeypatch, plan)
        return plan
    else:  # a full disk, as SQLite finds it: ``at`` pages more than the file has, then no more
        real = store._connect

        def connect(path: Path) -> sqlite3.Connection:
            connection = real(path)
            with contextlib.suppress(sqlite3.DatabaseError):
                pages = connection.execute("PRAGMA page_count").fetchone()[0]
                connection.execute(f"PRAGMA max_page_count = {max(pages + at, 1)}")
            return connection

        monkeypatch.setattr(store, "_connect", connect)
        return None


@pytest.fixture
def session(template) -> Session:
    """A match at the end of its first round, whose record the store does not hold yet."""
    session = play(Session.new("Ann", ["random"], seed=3, target=500, name="Fuzzed"), until_over=False)
    key = stats.match_record("Fuzzed", saves.load_game("Fuzzed")).key
    with contextlib.closing(sqlite3.connect(template.path)) as connection, connection:
        for table in store.TABLES:
            connection.execute(f"DELETE FROM {table} WHERE {'key' if table == 'matches' else 'match'} = ?", (key,))
    template.data = template.path.read_bytes()
    yield session
    session.close()


GARBAGE = b"SQLite format 3\x00" + b"\xde\xad" * 3000


@FUZZ
@given(
    failure=FAILURE,
    action=st.sampled_from(["record", "rebuild", "session"]),
    damaged=st.booleans(),
)
def test_any_failure_at_any_write_loses_nothing_and_says_so(template, session, failure, action, damaged):
    template.reset(GARBAGE if damaged else None)
    before = None if damaged else template.dump()
    save = saves.path_of("Fuzzed").read_bytes()
    other = stats.match_record("Match 1", saves.load_game("Match 1"))._replace(key="one more")
    with pytest.MonkeyPatch.context() as monkeypatch:
        short_wait(monkeypatch, 0.01)
        plan = inject(monkeypatch, failure)
        if action == "session":
            session.record_stats()  # never raises: the session plays on
            assert session.is_saved
        else:
            with contextlib.suppress(stats.StatsError):  # the only thing it may raise: it names the problem
                stats.record(other) if action == "record" else stats.rebuild()
    assert saves.path_of("Fuzzed").read_bytes() == save
    files = stats_files(template.path.parent) - {"stats.sqlite3", ".stats.sqlite3.lock"}
    asides = [name for name in files if name.startswith("stats.sqlite3.damaged-")]
    if plan is not None and plan.failed == "unlink":  # removing its own new store failed: only that stays
        files = {name for name in files if not name.startswith(".stats.sqlite3.new-")}
    assert files == set(asides), f"left behind: {files}"  # no new store, no journal left over
    if not damaged:
        assert not asides  # only a damaged store is ever set aside
        after = template.dump()
        for table, rows in before.items():  # every row there before is there now, as it was
            assert set(rows) <= set(after[table])
    elif asides:  # repaired: the damaged file kept, whole, and a sound store in its place
        (aside,) = asides
        assert (template.path.parent / aside).read_bytes() == GARBAGE
        assert len(template.dump()["matches"]) >= MATCHES
    else:  # not repaired (the failure came first): the damaged file is where it was, as it was
        assert template.path.read_bytes() == GARBAGE
