"""Renaming a save (issue 34): in one step, with its backup, never over another save or under a session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import saves

from .play import played


@pytest.fixture
def data_dir() -> Path:
    return Path(os.environ["UNOKART_DATA_DIR"])


def two_saves() -> tuple[str, str]:
    saves.save(played(3, seed=1, steps=20), "match 2026-12-02 19.26")
    saves.save(played(3, seed=1, steps=30), "match 2026-12-02 19.26")  # a second save: a backup of the first
    saves.save(played(3, seed=2, steps=20), "Friday")
    return saves.read_save("match 2026-12-02 19.26")[1], saves.read_save("Friday")[1]


def test_a_save_and_its_backup_take_the_new_name(data_dir):
    text, _ = two_saves()
    assert saves.has_backup("match 2026-12-02 19.26")
    path = saves.rename_save("match 2026-12-02 19.26", "Duel with Mario")
    assert path == data_dir / "Duel with Mario.toml"
    assert saves.read_save("Duel with Mario")[1] == text and saves.has_backup("Duel with Mario")
    assert not (data_dir / "match 2026-12-02 19.26.toml").exists() and not saves.has_backup("match 2026-12-02 19.26")
    assert [entry.name for entry in saves.list_saves() if entry.name != "Friday"] == ["Duel with Mario"]


def test_a_save_is_never_renamed_over_another(data_dir):
    text, friday = two_saves()
    with pytest.raises(saves.SaveError, match="exists already"):
        saves.rename_save("match 2026-12-02 19.26", "Friday")
    assert saves.read_save("match 2026-12-02 19.26")[1] == text and saves.read_save("Friday")[1] == friday


def test_a_save_being_played_is_not_renamed(data_dir):
    text, _ = two_saves()
    with saves.MatchLock("match 2026-12-02 19.26"), pytest.raises(saves.SaveLocked):
        saves.rename_save("match 2026-12-02 19.26", "Renamed")
    assert saves.read_save("match 2026-12-02 19.26")[1] == text and not (data_dir / "Renamed.toml").exists()


@pytest.mark.parametrize("bad", ["", ".hidden", "a/b", "x" * 65])
def test_a_bad_new_name_is_refused_and_nothing_moves(data_dir, bad):
    text, _ = two_saves()
    with pytest.raises(saves.SaveError):
        saves.rename_save("match 2026-12-02 19.26", bad)
    assert saves.read_save("match 2026-12-02 19.26")[1] == text


def test_renaming_a_save_that_is_not_there_says_so(data_dir):
    with pytest.raises(saves.SaveMissing):
        saves.rename_save("nothing here", "something")
