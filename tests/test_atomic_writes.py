"""One writer for every file the game writes in place (``unokart_tui.files.write_atomic``)."""

from __future__ import annotations

import ast
import os
import stat
from pathlib import Path

import pytest

from unokart_tui import files
from unokart_tui.files import NotARegularFile, write_atomic

ROOT = Path(__file__).resolve().parent.parent


def _names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_a_file_is_written_whole_and_its_folder_made_durable(tmp_path, monkeypatch):
    synced = []
    monkeypatch.setattr(files, "fsync_dir", synced.append)
    write_atomic(tmp_path / "a.txt", "hé")
    write_atomic(tmp_path / "b.bin", b"\x00\x01")
    assert (tmp_path / "a.txt").read_bytes() == "hé".encode()
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\x01"
    assert synced == [tmp_path, tmp_path]
    assert _names(tmp_path) == ["a.txt", "b.bin"]


def test_a_failure_before_the_rename_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    target = tmp_path / "kept.txt"
    target.write_text("old")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, "new")
    assert target.read_text() == "old" and _names(tmp_path) == ["kept.txt"]


def test_a_new_file_gets_the_mode_and_a_replaced_one_keeps_its_own(tmp_path):
    os.umask(old := os.umask(0o022))
    try:
        write_atomic(tmp_path / "private", "x", mode=0o600)
        write_atomic(tmp_path / "shared", "x")
        assert stat.S_IMODE((tmp_path / "private").stat().st_mode) == 0o600
        assert stat.S_IMODE((tmp_path / "shared").stat().st_mode) == 0o644
        (tmp_path / "shared").chmod(0o640)
        write_atomic(tmp_path / "shared", "y", mode=0o600)
        assert stat.S_IMODE((tmp_path / "shared").stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_exclusive_gives_the_name_only_if_nothing_has_it(tmp_path):
    target = tmp_path / "profile.toml"
    write_atomic(target, "first", exclusive=True)
    with pytest.raises(FileExistsError):
        write_atomic(target, "second", exclusive=True)
    assert target.read_text() == "first" and _names(tmp_path) == ["profile.toml"]


def test_exclusive_without_hard_links_still_replaces_nothing(tmp_path, monkeypatch):
    def no_links(*args, **kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "key"
    write_atomic(target, "first", exclusive=True)
    with pytest.raises(FileExistsError):
        write_atomic(target, "second", exclusive=True)
    assert target.read_text() == "first" and _names(tmp_path) == ["key"]


def test_a_link_is_not_replaced_unless_asked_and_never_followed(tmp_path):
    kept = tmp_path / "kept"
    kept.write_text("mine")
    link = tmp_path / "link"
    link.symlink_to(kept)
    with pytest.raises(NotARegularFile, match="a symbolic link"):
        write_atomic(link, "theirs")
    assert link.is_symlink() and kept.read_text() == "mine"
    write_atomic(link, "new", regular_only=False, mode=0o600)
    assert not link.is_symlink() and link.read_text() == "new" and kept.read_text() == "mine"
    assert stat.S_IMODE(link.stat().st_mode) == 0o600  # not the link's 0777


def test_a_backup_keeps_the_replaced_file(tmp_path):
    target, backup = tmp_path / "m.toml", tmp_path / "m.toml.bak"
    write_atomic(target, "one", backup=backup)
    assert not backup.exists()
    write_atomic(target, "two", backup=backup)
    assert (target.read_text(), backup.read_text()) == ("two", "one")


def test_the_settings_keep_no_backup(tmp_path):
    """Only a save keeps its previous version (it can be loaded); settings.toml got a .bak by accident."""
    from unokart_tui.settings import Settings, save_settings, settings_path

    save_settings(Settings(theme="first"))
    save_settings(Settings(theme="second"))
    folder = settings_path().parent
    assert _names(folder) == ["settings.toml"]
    assert stat.S_IMODE(settings_path().stat().st_mode) == 0o600


def test_a_save_keeps_its_backup_and_stays_private(tmp_path):
    import saves

    path = saves.save_dir() / "m.toml"
    saves.write_atomic(path, "one")
    saves.write_atomic(path, "two")
    assert _names(path.parent) == ["m.toml", "m.toml.bak"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def _fsyncs(source: str) -> int:
    """How many times ``source`` calls ``os.fsync`` itself: writing a file durably is the writer's job."""
    return sum(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "fsync"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "os"
        for node in ast.walk(ast.parse(source))
    )


def test_no_module_but_the_writer_writes_durably_on_its_own():
    assert _fsyncs("import os\nos.fsync(fd)") == 1
    found = {}
    for package in ("unokart_tui", "ai", "saves"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path != ROOT / "unokart_tui" / "files.py" and _fsyncs(path.read_text(encoding="utf-8")):
                found[str(path.relative_to(ROOT))] = _fsyncs(path.read_text(encoding="utf-8"))
    assert found == {}
