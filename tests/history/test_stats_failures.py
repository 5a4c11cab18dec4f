"""Issue 35: the statistics store when things go wrong. Nothing lost, nothing set aside that is not
damaged, no traceback: a full disk, a busy store, a folder for a journal, two repairs at once, bad
values written by hand, seeds past SQLite's integers, a trash that is no folder.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest

import saves
from unokart_tui import cli
from unokart_tui.history import stats
from unokart_tui.history.stats import opening, store
from unokart_tui.history.stats.from_saves import save_name
from unokart_tui.history.stats.report import text
from unokart_tui.table.session import Session

from .failing import full_disk, held, run_limited, short_wait, stats_files
from .play import fixed_saves, play


def dump() -> dict[str, list[tuple[object, ...]]]:
    with stats.open_store().store as opened:
        return opened.dump()


def summary() -> stats.Summary:
    with stats.open_store().store as opened:
        return stats.summarize(opened)


def first_round(name: str, *, seed: int = 3, target: int = 500) -> Session:
    """A match played to the end of its first round (the moment it is first recorded)."""
    return play(Session.new("Ann", ["random"], seed=seed, target=target, name=name), until_over=False)


def no_file_left_behind(folder: Path) -> None:
    left = stats_files(folder) - {"stats.sqlite3", ".stats.sqlite3.lock"}
    assert not left, f"left behind: {sorted(left)}"


# ---------------------------------------------------------------------- a full disk (finding 1)


def test_a_full_disk_at_the_end_of_a_round_leaves_the_match_saved_and_playing(monkeypatch):
    full_disk(monkeypatch)
    session = first_round("Full")
    assert session.match.round.is_over
    assert session.stats_problem is not None and "the disk is full" in session.stats_problem
    assert session.is_saved and saves.load("Full").round.is_over  # the save holds the round's last move
    session.next_round()  # and the match goes on
    play(session, actions=3)
    assert session.is_saved
    session.close()
    no_file_left_behind(saves.save_dir())


def test_a_full_disk_never_sets_a_store_aside_and_a_damaged_one_stays_where_it_is(monkeypatch):
    fixed_saves(2)
    path = stats.store_path()
    garbage = b"no database at all" * 1000
    path.write_bytes(garbage)
    full_disk(monkeypatch)
    for call in (stats.open_store, stats.rebuild):
        with pytest.raises(stats.StatsError, match=r"is damaged .* cannot be rebuilt now: .*the disk is full"):
            call()
    assert path.read_bytes() == garbage  # set aside only once a new store took its place
    no_file_left_behind(path.parent)


@pytest.mark.parametrize(
    ("args", "store_there"),
    [(["stats"], False), (["stats", "--json"], False), (["stats", "--rebuild"], False), (["stats", "--rebuild"], True)],
    ids=["stats", "json", "rebuild", "rebuild-existing"],
)
def test_the_stats_command_on_a_full_disk_says_so_in_one_line(args, store_there):
    # ulimit -f 0: SQLite's writes fail with EFBIG ("disk I/O error"), as on a full disk.
    fixed_saves(2)
    path = stats.store_path()
    if not store_there:
        path.unlink()
    before = path.read_bytes() if store_there else None
    result = run_limited(*args, file_size=0)
    assert result.returncode == 1
    assert result.stderr.startswith("unokart: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and "the disk refused to write it (disk I/O error)" in result.stderr
    if store_there:
        assert path.read_bytes() == before
    no_file_left_behind(path.parent)


async def test_the_table_says_saving_the_statistics_failed_and_the_match_goes_on(monkeypatch):
    from ..ui.helpers import (
        first_playable_card,
        make_app,
        one_card_from_the_end,
        play_at_engine_speed,
        play_until,
        until,
    )
    from .test_screens import messages

    full_disk(monkeypatch)
    app = make_app(seed=7)
    # Up to the round's last card at engine speed (through the table: seconds of frames); its end at the table.
    play_at_engine_speed(app.session, one_card_from_the_end, player=first_playable_card)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: app.session.match.round.is_over)
        await until(pilot, lambda: any(m.startswith("Saving your statistics failed") for m in messages(app)))
        assert app.session.is_saved and saves.load("test match").round.is_over
        await pilot.press("enter")  # the round's dialog: on to the next round
        await until(pilot, lambda: app.session.match.round_number == 2)


# ---------------------------------------------------------------------- busy, not damaged (findings 2, 3)


def test_a_store_held_by_another_program_is_waited_for_then_left_as_it_is(monkeypatch, capsys):
    fixed_saves(2)
    path = stats.store_path()
    before, recorded = path.read_bytes(), dump()
    other = stats.match_record("Match 1", saves.load_game("Match 1"))._replace(key="another")
    short_wait(monkeypatch)
    with held(path, "EXCLUSIVE"):
        for call in (stats.open_store, stats.rebuild, lambda: stats.record(other)):
            with pytest.raises(stats.StatsError, match=r"another program is using it, and still was after 0\.05 s"):
                call()
        # Three `unokart stats` at once, as in the issue: each says so, none sets the store aside.
        with ThreadPoolExecutor(3) as pool:
            codes = list(pool.map(lambda _: cli.main(["stats"]), range(3)))
        assert codes == [1, 1, 1]
        lines = capsys.readouterr().err.splitlines()
        assert len(lines) == 3 and all("another program is using it" in line for line in lines)
    assert path.read_bytes() == before
    no_file_left_behind(path.parent)
    assert dump() == recorded


def test_a_store_that_another_program_writes_is_read_but_not_written(monkeypatch):
    fixed_saves(2)
    path = stats.store_path()
    short_wait(monkeypatch)
    session = first_round("Busy")
    recorded = dump()
    with held(path, "IMMEDIATE"):
        assert summary().matches == 2  # reading waits for no one
        session.record_stats()
        assert session.stats_problem is not None
        assert "could not be written: another program is using it" in session.stats_problem
    assert session.is_saved
    assert dump() == recorded
    session.record_stats()  # the next round's try succeeds
    assert session.stats_problem is None and len(dump()["matches"]) == 3
    no_file_left_behind(path.parent)


def test_a_folder_where_sqlite_keeps_its_journal_is_no_damage(monkeypatch):
    fixed_saves(2)
    path = stats.store_path()
    before = path.read_bytes()
    journal = path.with_name("stats.sqlite3-journal")
    journal.mkdir()
    session = first_round("Journal")
    assert session.stats_problem is not None and "where SQLite keeps the statistics' journal" in session.stats_problem
    for call in (stats.open_store, stats.rebuild):
        with pytest.raises(stats.StatsError, match="is a folder, where SQLite keeps the statistics' journal"):
            call()
    assert path.read_bytes() == before
    journal.rmdir()
    no_file_left_behind(path.parent)
    assert summary().matches == 2


# ---------------------------------------------------------------------- set aside: only when damaged, never over a file


class _Noon(datetime):
    @classmethod
    def now(cls, tz=None):
        return datetime(2026, 11, 30, 12, 0, 0, tzinfo=tz)


def test_two_stores_damaged_in_the_same_second_are_both_kept(monkeypatch):
    fixed_saves(1)
    monkeypatch.setattr(opening, "datetime", _Noon)
    path = stats.store_path()
    damaged = [b"the first damaged store " * 200, b"the second damaged store " * 200]
    for garbage in damaged:
        path.write_bytes(garbage)
        opened = stats.open_store()
        opened.store.close()
        assert opened.note is not None and opened.rebuilt is not None
    asides = sorted(path.parent.glob("stats.sqlite3.damaged-20261130-120000*"))
    assert sorted(p.read_bytes() for p in asides) == sorted(damaged)
    assert summary().matches == 1


def test_a_name_already_taken_is_never_set_aside_over(monkeypatch):
    fixed_saves(1)
    monkeypatch.setattr(opening, "datetime", _Noon)
    letters = iter(["taken", "taken", "free"])
    monkeypatch.setattr(opening.secrets, "token_hex", lambda _: next(letters))
    path = stats.store_path()
    taken = path.with_name("stats.sqlite3.damaged-20261130-120000-taken")
    taken.write_bytes(b"set aside before: precious")
    path.write_bytes(b"damaged" * 1000)
    with stats.open_store().store:
        pass
    assert taken.read_bytes() == b"set aside before: precious"
    assert path.with_name("stats.sqlite3.damaged-20261130-120000-free").read_bytes() == b"damaged" * 1000


def open_and_close() -> opening.Opened:
    opened = stats.open_store()
    opened.store.close()
    return opened


def test_one_that_finds_the_store_damaged_while_another_repairs_it_waits_then_uses_the_new_one(monkeypatch):
    fixed_saves(2)
    recorded = dump()
    path = stats.store_path()
    path.write_bytes(b"damaged" * 1000)
    lock = os.open(path.with_name(".stats.sqlite3.lock"), os.O_RDWR | os.O_CREAT)
    fcntl.flock(lock, fcntl.LOCK_EX)  # another process is repairing it
    waiting = threading.Event()

    def sleep(seconds: float) -> None:
        waiting.set()
        time.sleep(seconds)

    monkeypatch.setattr(opening, "time", SimpleNamespace(monotonic=time.monotonic, sleep=sleep))
    with ThreadPoolExecutor(1) as pool:
        waiter = pool.submit(open_and_close)  # a connection is closed in the thread that opened it
        assert waiting.wait(10)
        assert path.read_bytes() == b"damaged" * 1000  # the one that waits sets nothing aside
        path.unlink()  # the other process's repair: a sound store in its place
        stats.rebuild()
        os.close(lock)
        opened = waiter.result(timeout=10)
    assert opened.note is None and opened.rebuilt is None
    no_file_left_behind(path.parent)
    assert dump() == recorded


def test_a_repair_waited_for_too_long_says_so(monkeypatch):
    fixed_saves(1)
    path = stats.store_path()
    path.write_bytes(b"damaged" * 1000)
    lock = os.open(path.with_name(".stats.sqlite3.lock"), os.O_RDWR | os.O_CREAT)
    fcntl.flock(lock, fcntl.LOCK_EX)
    short_wait(monkeypatch)
    try:
        with pytest.raises(stats.StatsError, match=r"another program is repairing it, still after 0\.05 seconds"):
            stats.open_store()
    finally:
        os.close(lock)
    assert path.read_bytes() == b"damaged" * 1000


# ---------------------------------------------------------------------- bad values (finding 7)


def loosen(connection: sqlite3.Connection) -> None:
    """Every table without its constraints, as a script could make it: NULLs and duplicates can go in."""
    for table in store.TABLES:
        connection.execute(f"CREATE TABLE loose AS SELECT * FROM {table}")
        connection.execute(f"DROP TABLE {table}")
        connection.execute(f"ALTER TABLE loose RENAME TO {table}")


BAD_VALUES = [
    ("rounds", "winner", 77),
    ("rounds", "winner", -1),
    ("rounds", "points", "abc"),
    ("rounds", "points", None),
    ("rounds", "number", 0),
    ("matches", "finished_at", "yesterday"),
    ("matches", "finished_at", "2026-11-30T12:25:00"),  # no time zone
    ("matches", "finished_at", "0001-01-01T00:00:00+14:00"),
    ("matches", "finished_at", None),
    ("matches", "finished", 2),
    ("matches", "winner", None),
    ("matches", "target", "many"),
    ("matches", "target", "0"),
    ("matches", "target", "9" * 400),
    ("matches", "hints", -3),
    ("matches", "key", 12),
    ("seats", "seat", 9),
    ("seats", "score", -5),
    ("seats", "score", 2.5),
    ("seats", "name", "\x1b]0;PWNED\x07"),
    ("seats", "name", b"\xff\xfe"),
    ("seats", "kind", None),
    ("seats", "match", "no such match"),
    ("round_seats", "challenges_made", -1),
    ("round_seats", "seat", 3),
    ("round_seats", "round", 99),
    ("draws", "cards", "lots"),
    ("draws", "reason", None),
]


def spoil(table: str, column: str, value: object, *, save: str = "Match 2") -> None:
    """Write ``value`` in ``column`` of the first row of ``table`` that belongs to the match of ``save``."""
    key = next(line.key for line in summary().matches_list if line.save == save)
    with sqlite3.connect(stats.store_path()) as connection:
        loosen(connection)
        owner = "key" if table == "matches" else "match"
        if isinstance(value, bytes):  # text that is no UTF-8
            value = sqlite3.Binary(value)
            setting = f"{column} = CAST(? AS TEXT)"
        else:
            setting = f"{column} = ?"
        connection.execute(
            f"UPDATE {table} SET {setting} WHERE rowid = (SELECT MIN(rowid) FROM {table} WHERE {owner} = ?)",
            (value, key),
        )


@pytest.mark.parametrize(("table", "column", "value"), BAD_VALUES, ids=[f"{t}.{c}={v!r}" for t, c, v in BAD_VALUES])
def test_a_bad_value_in_the_store_leaves_its_match_out_and_says_so(table, column, value, capsys):
    fixed_saves(3)
    spoil(table, column, value)
    found = summary()
    # A key changed: the match is left out, and so are its rows that now belong to no match.
    strays = column in ("key", "match")
    assert (found.matches, found.left_out) == (2, 1 + strays)
    assert [line.save for line in found.matches_list] == ["Match 3", "Match 1"]
    assert text(found)
    assert cli.main(["stats"]) == 0
    output = capsys.readouterr()
    assert "Traceback" not in output.err and "3 finished" not in output.out and "2 finished" in output.out
    assert "in your statistics hold" in output.err or "One match in your statistics holds" in output.err
    assert cli.main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["matches_left_out"] == 1 + strays
    stats.rebuild()  # writes the match again from its save; what belongs to no match stays as it is
    assert (summary().matches, summary().left_out) == (3, strays)


def test_when_no_match_can_be_read_the_statistics_do_not_say_none_was_played(capsys):
    fixed_saves(1)
    spoil("rounds", "points", "abc", save="Match 1")
    assert cli.main(["stats"]) == 0
    assert capsys.readouterr().out == "No finished round can be read: your statistics hold none this game can show.\n"


def test_rows_of_a_match_the_store_does_not_hold_are_counted_as_left_out():
    fixed_saves(2)
    with sqlite3.connect(stats.store_path()) as connection:
        connection.execute("DELETE FROM matches WHERE save = 'Match 1'")
    found = summary()
    assert (found.matches, found.left_out) == (1, 1)


async def test_the_statistics_screen_opens_on_bad_values_and_says_how_many_were_left_out():
    from unokart_tui.tui.app import UnoKartApp
    from unokart_tui.tui.screens.stats import StatsScreen

    from ..ui.helpers import QUICK, SETTINGS, until
    from .test_screens import messages

    fixed_saves(3)
    spoil("rounds", "winner", 77)
    spoil("matches", "finished_at", "yesterday", save="Match 3")
    app = UnoKartApp(settings=SETTINGS, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert app.screen.summary.matches == 1
        assert any(m.startswith("2 matches in your statistics hold values") for m in messages(app))
        await pilot.press("right", "right", "enter")
        await until(pilot, lambda: app.screen.__class__.__name__ == "ReplayScreen")


# ---------------------------------------------------------------------- seeds past SQLite's integers (finding 8)


@pytest.mark.parametrize(("seed", "target"), [(99999999999999999999, 500), (5, 2**64), (-(2**70), 2**63)])
def test_a_seed_or_target_past_sqlites_integers_is_recorded_and_rebuilt(seed, target):
    session = first_round("Huge", seed=seed, target=target)
    session.close()
    assert session.stats_problem is None
    recorded = dump()
    (row,) = recorded["matches"]
    assert (row[5], row[6]) == (str(seed), str(target))  # exactly, as text
    stats.store_path().unlink()
    report, _ = stats.rebuild()
    assert (report.matches, report.skipped) == (1, ())
    assert dump() == recorded
    assert summary().player.rounds == 1


_V1_MATCHES = """CREATE TABLE matches_v1 (
    key TEXT PRIMARY KEY, save TEXT NOT NULL, started TEXT NOT NULL, finished_at TEXT,
    finished INTEGER NOT NULL, seed INTEGER NOT NULL, target INTEGER NOT NULL, rules TEXT NOT NULL,
    actions INTEGER NOT NULL, winner INTEGER, undos INTEGER NOT NULL, hints INTEGER NOT NULL)"""


def test_a_store_of_version_1_is_brought_up_to_date_with_every_row():
    fixed_saves(2)
    recorded = dump()
    path = stats.store_path()
    with sqlite3.connect(path) as connection:  # as version 1 wrote it: seeds and targets as integers
        connection.execute(_V1_MATCHES)
        connection.execute("INSERT INTO matches_v1 SELECT * FROM matches")
        connection.execute("DROP TABLE matches")
        connection.execute("ALTER TABLE matches_v1 RENAME TO matches")
        connection.execute("PRAGMA user_version = 1")
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT typeof(seed), typeof(target) FROM matches").fetchall()[0] == (
            "integer",
            "integer",
        )
    opened = stats.open_store()
    with opened.store as migrated:
        assert opened.note is None
        assert migrated.dump() == recorded
        assert migrated.rows("PRAGMA user_version") == [(store.SCHEMA_VERSION,)]
    assert summary().matches == 2
    no_file_left_behind(path.parent)


# ---------------------------------------------------------------------- the trash (finding 12)


@pytest.mark.parametrize("kind", ["a file", "a link", "a pipe", "a link to a folder"])
def test_a_trash_that_is_no_folder_never_stops_a_rebuild(kind, tmp_path):
    fixed_saves(2)
    trash = saves.save_dir() / "trash"
    if kind == "a file":
        trash.write_text("not a folder")
    elif kind == "a pipe":
        os.mkfifo(trash)
    elif kind == "a link":
        trash.symlink_to(tmp_path / "nowhere")
    else:
        (tmp_path / "elsewhere").mkdir()
        trash.symlink_to(tmp_path / "elsewhere")
    report, note = stats.rebuild()
    assert note is None and report.read == 2 and report.matches == 2
    assert dict(report.skipped)["trash"].startswith(("is not a folder", "is a link"))
    assert cli.main(["stats", "--rebuild"]) == 0


@pytest.mark.parametrize(
    "name", ["My game 20261130-120000", "My game 20261130-120000-2", "My game 20261130-120000 3f2a9c"]
)
def test_a_trashed_save_is_recorded_under_the_name_it_had(name):
    assert save_name(saves.save_dir() / "trash" / f"{name}.toml") == "My game"
