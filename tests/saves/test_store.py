"""Save files: the data directory, names, atomic writes, backups, the list, the lock."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

import ai
import saves
from saves import store

from .play import played


@pytest.fixture
def data_dir() -> Path:
    return Path(os.environ["UNOKART_DATA_DIR"])


def test_save_dir_follows_the_environment_at_each_call(monkeypatch, tmp_path):
    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "a"))
    assert saves.save_dir() == tmp_path / "a"
    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "b"))
    assert saves.save_dir() == tmp_path / "b"
    monkeypatch.delenv("UNOKART_DATA_DIR")
    assert saves.save_dir().name == "unokart"


def test_save_and_load(data_dir):
    match = played(3, seed=1, steps=50)
    path = saves.save(match, "Friday night")
    assert path == data_dir / "Friday night.toml"
    loaded = saves.load("Friday night")
    assert loaded.round == match.round
    assert not list(data_dir.glob(".*.tmp"))


@pytest.mark.parametrize("name", ["a", "Match 2026-11-30 14.05", "x" * 64, "Zoë_1-2.3", "9"])
def test_good_names(name, data_dir):
    saves.save(played(2, seed=1, steps=3), name)
    assert (data_dir / f"{name}.toml").exists()


@pytest.mark.parametrize(
    "name",
    ["", "x" * 65, "../escape", "a/b", "a\\b", "..", ".hidden", " leading", "tab\there", "nl\n", "bell\x07", "a:b", 7],
)
def test_bad_names_are_refused_never_cleaned_up(name, data_dir):
    with pytest.raises(saves.SaveError, match="save name"):
        saves.save(played(2, seed=1, steps=3), name)
    with pytest.raises(saves.SaveError):
        saves.load(name)
    assert not data_dir.exists() or not any(data_dir.iterdir())


def test_saving_again_keeps_the_previous_version_as_a_backup(data_dir):
    match = played(2, seed=4, steps=10)
    saves.save(match, "m")
    first = (data_dir / "m.toml").read_text()
    assert not saves.has_backup("m")
    played_more = played(2, seed=4, steps=20)
    saves.save(played_more, "m")
    assert (data_dir / "m.toml.bak").read_text() == first
    assert saves.load_game("m", backup=True).match.round == match.round
    assert saves.load("m").round == played_more.round


def test_a_missing_save_is_a_save_error(data_dir):
    with pytest.raises(saves.SaveError, match="no such save") as caught:
        saves.load("nothing here")
    assert "nothing here.toml" in str(caught.value)


def test_a_file_that_is_not_text_is_a_save_error(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "bin.toml").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(saves.SaveError, match="not a text file"):
        saves.load("bin")


def _fail_on(patch, function_name: str) -> None:
    def failing(*args, **kwargs):
        raise OSError(28, "No space left on device")

    patch.setattr(os, function_name, failing)


@pytest.mark.parametrize("step", ["fsync", "replace", "link"])
def test_an_interrupted_write_leaves_the_previous_save_intact(monkeypatch, data_dir, step):
    match = played(3, seed=2, steps=30)
    saves.save(match, "keep")
    saves.save(match, "keep")  # a backup exists too
    before = (data_dir / "keep.toml").read_bytes()
    backup = (data_dir / "keep.toml.bak").read_bytes()
    with monkeypatch.context() as patch:
        _fail_on(patch, step)
        if step == "link":  # no hard links: the copy fallback is used, then replace fails
            _fail_on(patch, "replace")
        with pytest.raises(saves.SaveError, match=r"keep\.toml.*previous save is intact"):
            saves.save(played(3, seed=2, steps=60), "keep")
    assert (data_dir / "keep.toml").read_bytes() == before
    assert (data_dir / "keep.toml.bak").read_bytes() == backup
    assert saves.load("keep").round == match.round
    assert sorted(p.name for p in data_dir.iterdir()) == ["keep.toml", "keep.toml.bak"]  # no leftovers


def test_a_failing_write_call_leaves_nothing_torn(monkeypatch, data_dir):
    match = played(2, seed=3, steps=5)
    saves.save(match, "w")
    before = (data_dir / "w.toml").read_bytes()

    class Exploding:
        def __init__(self, fd, *args, **kwargs):
            self.fd = fd

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            os.close(self.fd)

        def write(self, text):
            raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(store.os, "fdopen", Exploding)
        with pytest.raises(saves.SaveError, match="No space left"):
            saves.save(played(2, seed=3, steps=9), "w")
    assert (data_dir / "w.toml").read_bytes() == before
    assert not [p for p in data_dir.iterdir() if p.name.endswith(".tmp")]


def test_a_data_directory_that_is_a_file_is_a_save_error(monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("I am a file")
    monkeypatch.setenv("UNOKART_DATA_DIR", str(blocker))
    with pytest.raises(saves.SaveError, match="cannot write"):
        saves.save(played(2, seed=1, steps=1), "x")
    assert blocker.read_text() == "I am a file"


def test_list_saves_without_replaying_newest_first_broken_files_listed(data_dir):
    assert saves.list_saves() == []
    old = played(3, seed=1, steps=5)
    saves.save(old, "old")
    newer = played(2, seed=2, steps=100_000, target=50)
    saves.save(newer, "done")
    (data_dir / "broken.toml").write_text("[save\nformat = ")
    (data_dir / "notes.txt").write_text("not a save")
    entries = {entry.name: entry for entry in saves.list_saves()}
    assert set(entries) == {"old", "done", "broken"}
    assert entries["done"].finished and entries["done"].scores == newer.scores
    assert entries["old"].players == old.names and entries["old"].round_number == 1 and not entries["old"].finished
    assert entries["old"].error is None
    assert "not valid TOML" in entries["broken"].error
    assert all(isinstance(entry.updated, datetime) for entry in entries.values())


def test_a_damaged_history_is_listed_by_its_header_and_refused_when_opened(data_dir):
    saves.save(played(3, seed=4, steps=40), "Friday")
    path = data_dir / "Friday.toml"
    path.write_text(path.read_text()[:-40])  # cut off in the middle of the history
    [entry] = saves.list_saves()  # the list reads only the header: quick with hundreds of long saves
    assert entry.name == "Friday" and entry.error is None and entry.players == ("Player 1", "Player 2", "Player 3")
    with pytest.raises(saves.SaveError) as failure:
        saves.load("Friday")
    assert failure.value.file == str(path)
    assert "not valid TOML" in failure.value.problem


def test_the_list_reads_a_header_without_the_seats_and_opening_checks_them(data_dir):
    params = ai.make_bot("greedy", seed=3).params  # all of them, as the game saves a bot: written as tables
    seats = [saves.Seat("Player 1"), saves.Seat("Player 2", "greedy", seed=3, params=params)]
    saves.save(played(2, seed=4, steps=10), "Seats", seats=seats)
    path = data_dir / "Seats.toml"
    path.write_text(path.read_text().replace('kind = "greedy"', "kind = "))  # no longer TOML
    [entry] = saves.list_saves()  # the list parses [save] and [match] only: a third of the time
    assert entry.error is None and entry.players == ("Player 1", "Player 2")
    with pytest.raises(saves.SaveError) as failure:
        saves.load_game("Seats")
    assert failure.value.file == str(path)
    assert "checksum does not match" in failure.value.problem  # found before the TOML is even parsed


def test_list_saves_is_sorted_by_last_played(data_dir):
    for name, stamp in [("b", "2026-01-02"), ("a", "2026-03-01"), ("c", "2025-12-31")]:
        saves.save(played(2, seed=1, steps=2), name)
        path = data_dir / f"{name}.toml"
        text = path.read_text()
        start = text.index("updated = ") + len("updated = ")
        path.write_text(text[:start] + stamp + text[start + 10 :])
    assert [entry.name for entry in saves.list_saves()] == ["a", "b", "c"]


def test_default_name_is_valid_and_unused(data_dir):
    when = datetime(2026, 11, 30, 14, 5)
    first = saves.default_name(when)
    assert first == "Match 2026-11-30 14.05"
    saves.save(played(2, seed=1, steps=1), first)
    assert saves.default_name(when) == "Match 2026-11-30 14.05 2"
    assert saves.check_name(saves.default_name(when))


def test_a_new_saves_name_begins_with_the_players_word_for_a_match(data_dir):
    when = datetime(2026, 11, 30, 14, 5)
    assert saves.default_name(when, "Partia") == "Partia 2026-11-30 14.05"


def test_a_new_saves_name_may_be_a_whole_pattern_and_a_broken_one_falls_back(data_dir):
    when = datetime(2026, 11, 30, 14, 5)
    patterns = {"first": "Partia z {date} o {time}", "again": "Partia z {date} o {time} č. {number}"}
    first = saves.default_name(when, **patterns)
    assert first == "Partia z 2026-11-30 o 14.05"
    saves.save(played(2, seed=1, steps=1), first)
    assert saves.default_name(when, **patterns) == "Partia z 2026-11-30 o 14.05 č. 2"
    # A translation that makes no valid file name (a ':'), or names a field that is not there: the default.
    assert saves.default_name(when, first="Match {date} {time}: {oops}") == "Match 2026-11-30 14.05"
    assert saves.default_name(when, first="Match {date} at {time}:") == "Match 2026-11-30 14.05"


LOCK_HOLDER = """
import sys, time
from saves import MatchLock
lock = MatchLock(sys.argv[1]).acquire()
print("locked", flush=True)
sys.stdin.readline()
"""

LOCK_TAKER = """
import sys
from saves import MatchLock, SaveLocked
try:
    MatchLock(sys.argv[1]).acquire()
except SaveLocked as error:
    print("refused:", error)
else:
    print("acquired")
"""


def _python(code: str, *args: str, **kwargs):
    root = Path(__file__).resolve().parents[2]
    return [sys.executable, "-c", code, *args], {"cwd": root, "env": os.environ.copy(), "text": True, **kwargs}


def test_a_second_process_cannot_play_a_locked_match(data_dir):
    command, options = _python(LOCK_HOLDER, "Duel")
    holder = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, **options)
    try:
        assert holder.stdout.readline().strip() == "locked"
        command, options = _python(LOCK_TAKER, "Duel")
        taker = subprocess.run(command, capture_output=True, timeout=30, check=True, **options)
        assert taker.stdout.startswith("refused:")
        assert "'Duel' is already being played" in taker.stdout
        assert f"process {holder.pid}" in taker.stdout
        with pytest.raises(saves.SaveLocked):
            saves.MatchLock("Duel").acquire()
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    with saves.MatchLock("Duel"):  # free again once the first process has gone
        command, options = _python(LOCK_TAKER, "Duel")
        again = subprocess.run(command, capture_output=True, timeout=30, check=True, **options)
        assert again.stdout.startswith("refused:")
    command, options = _python(LOCK_TAKER, "Duel")
    assert subprocess.run(command, capture_output=True, timeout=30, check=True, **options).stdout == "acquired\n"


def test_a_removed_lock_file_lets_no_second_process_in(data_dir):
    # Issue 14, finding 11: the lock once lived only in the file, and deleting it let a second
    # session open the same match.
    command, options = _python(LOCK_HOLDER, "Duel")
    holder = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, **options)
    try:
        assert holder.stdout.readline().strip() == "locked"
        (data_dir / ".Duel.lock").unlink()
        command, options = _python(LOCK_TAKER, "Duel")
        taker = subprocess.run(command, capture_output=True, timeout=30, check=True, **options)
        assert taker.stdout.startswith("refused:")
        assert f"process {holder.pid}" in taker.stdout
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    command, options = _python(LOCK_TAKER, "Duel")
    assert subprocess.run(command, capture_output=True, timeout=30, check=True, **options).stdout == "acquired\n"


def test_a_lock_file_that_is_a_link_is_never_followed(data_dir):
    victim = data_dir.parent / "victim.txt"
    victim.write_text("precious")
    data_dir.mkdir()
    (data_dir / ".Duel.lock").symlink_to(victim)
    with pytest.raises(saves.SaveError, match="its lock file is a link"):
        saves.MatchLock("Duel").acquire()
    assert victim.read_text() == "precious"  # once emptied to write the holder's process id


def test_the_list_reads_the_house_rules_of_a_match_with_bots():
    # Found in play: [rules] comes after the bots' seats, where the list stopped reading, so
    # Load game said "?" under Rules for every match against bots.
    from unokart_tui.engine import HouseRules
    from unokart_tui.table.session import Session

    party = HouseRules.preset("party")
    Session.new("Ann", ["greedy", "challenger"], seed=5, target=500, name="Party", rules=party)
    Session.new("Ann", ["greedy"], seed=5, target=500, name="Plain")
    entries = {entry.name: entry for entry in saves.list_saves()}
    assert entries["Party"].rules == party and entries["Plain"].rules == HouseRules()
    assert entries["Party"].error is None
