"""Deleting a save (issue 35, findings 4 and 5): into ``trash/``, never over a file there, never under a player."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import saves
from saves import trashing
from unokart_tui.history.stats.from_saves import save_name
from unokart_tui.table.session import Session

from .play import played

ROOT = Path(__file__).resolve().parents[2]
STAMP = "20261130-120000"


@pytest.fixture
def one_second(monkeypatch):
    """Every delete of the test happens within the same second."""
    monkeypatch.setattr(trashing, "_stamp", lambda: STAMP)


def save_with_backup(name: str, seed: int) -> tuple[str, str]:
    """A save of ``name`` and its backup, each different; their texts."""
    saves.save(played(3, seed=seed, steps=10), name)
    saves.save(played(3, seed=seed, steps=20), name)
    path = saves.path_of(name)
    return path.read_text(), saves.backup_of(path).read_text()


def trashed(folder: Path) -> dict[str, str]:
    """The files in ``folder`` and their texts (a link: where it leads)."""
    return {
        path.name: f"-> {os.readlink(path)}" if path.is_symlink() else path.read_text()
        for path in sorted(folder.iterdir())
    }


def test_two_deletes_of_one_name_in_one_second_keep_both_and_their_backups(one_second):
    # Finding 4: the second delete replaced the first in the trash (one-second names, os.replace).
    first = save_with_backup("Friday", seed=1)
    saves.trash("Friday")
    second = save_with_backup("Friday", seed=2)
    saves.trash("Friday")
    assert first != second
    assert trashed(saves.trash_dir()) == {
        f"Friday {STAMP}.toml": first[0],
        f"Friday {STAMP}.toml.bak": first[1],
        f"Friday {STAMP} 2.toml": second[0],
        f"Friday {STAMP} 2.toml.bak": second[1],
    }
    assert not saves.path_of("Friday").exists() and not saves.has_backup("Friday")


def test_nothing_in_the_trash_is_ever_replaced(one_second):
    # Whatever already has a name the trash would choose keeps it, a backup's name included.
    folder = saves.trash_dir()
    folder.mkdir(parents=True)
    (folder / f"Friday {STAMP}.toml").write_text("first")
    (folder / f"Friday {STAMP} 2.toml.bak").write_text("a backup alone")
    (folder / f"Friday {STAMP} 3.toml").symlink_to("nowhere")
    save, backup = save_with_backup("Friday", seed=1)
    moved = saves.trash("Friday")
    assert moved == folder / f"Friday {STAMP} 4.toml"
    assert trashed(folder) == {
        f"Friday {STAMP}.toml": "first",
        f"Friday {STAMP} 2.toml.bak": "a backup alone",
        f"Friday {STAMP} 3.toml": "-> nowhere",
        f"Friday {STAMP} 4.toml": save,
        f"Friday {STAMP} 4.toml.bak": backup,
    }
    # "2.toml" was free, but taken back when its backup's name was found taken.


def test_the_statistics_know_a_numbered_trashed_save_by_its_name():
    folder = saves.trash_dir()
    assert save_name(folder / f"Friday night {STAMP} 2.toml") == "Friday night"
    assert save_name(folder / f"Friday night {STAMP}.toml") == "Friday night"


def test_a_match_played_in_this_process_is_not_deleted_and_goes_on_saving():
    # Finding 5: the lock did not stop a delete, and the playing session could no longer save.
    session = Session.new("Ann", ["random"], seed=5, name="Friday")
    with pytest.raises(saves.SaveLocked, match=r"already being played in another session.*so it was not deleted"):
        saves.trash("Friday")
    assert not saves.trash_dir().exists() or not any(saves.trash_dir().iterdir())
    for _ in range(3):
        seat = session.match.round.decider
        session.apply(session.bot_action(seat) if seat in session.bots else session.match.legal_actions()[-1])
        assert session.is_saved
    assert saves.load("Friday").round == session.match.round
    session.close()
    saves.trash("Friday")  # once it is let go of, it can be deleted
    assert not saves.path_of("Friday").exists()


HOLD = """
import sys, saves
lock = saves.MatchLock("Friday").acquire()
print("held", flush=True)
sys.stdin.read()
"""


def test_a_match_played_in_another_process_is_not_deleted():
    saves.save(played(3, seed=1, steps=10), "Friday")
    before = saves.path_of("Friday").read_text()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(saves.SaveLocked, match=f"process {holder.pid}"):
            saves.trash("Friday")
        assert saves.path_of("Friday").read_text() == before
    finally:
        holder.communicate("", timeout=20)
    saves.trash("Friday")
    assert not saves.path_of("Friday").exists()


def test_a_missing_save_is_said_to_be_missing_and_nothing_is_created():
    with pytest.raises(saves.SaveMissing, match="no such save"):
        saves.trash("Nobody")
    assert not saves.save_dir().exists()


@pytest.mark.parametrize("name", ["", ".hidden", "../elsewhere", "a/b", "nul\0"])
def test_only_a_name_in_the_saves_folder_is_trashed(name):
    with pytest.raises(saves.SaveError, match="is not the name of a save"):
        saves.trash(name)


def test_a_file_no_save_may_be_named_is_trashed_too(one_second):
    # The list shows it (as unreadable); no session can open it, so none can be playing it.
    folder = saves.save_dir()
    folder.mkdir(parents=True)
    (folder / "copy (2).toml").write_text("anything")
    saves.trash("copy (2)")
    assert trashed(saves.trash_dir()) == {f"copy (2) {STAMP}.toml": "anything"}


def test_a_file_in_the_place_of_the_trash_folder_is_named_and_nothing_is_deleted():
    saves.save(played(3, seed=1, steps=10), "Friday")
    saves.trash_dir().write_text("not a folder")
    with pytest.raises(saves.SaveError, match="trash: is not a folder"):
        saves.trash("Friday")
    assert saves.load("Friday")


def test_without_hard_links_the_save_is_copied_never_over_a_file(one_second, monkeypatch):
    def no_links(*args, **kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(trashing.os, "link", no_links)
    first = save_with_backup("Friday", seed=1)
    saves.trash("Friday")
    second = save_with_backup("Friday", seed=2)
    saves.trash("Friday")
    assert sorted(trashed(saves.trash_dir()).values()) == sorted([*first, *second])
