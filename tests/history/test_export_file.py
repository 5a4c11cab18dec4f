"""``unokart export NAME -o FILE`` replaces a regular file only (issue 35, finding 6)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import saves
from unokart_tui import cli
from unokart_tui.history.export import NotARegularFile, write_text

from .play import bot_match


@pytest.fixture
def game() -> str:
    match, seats = bot_match(6, target=5000, actions=40)
    saves.write_atomic(saves.path_of("Open"), saves.dumps(match, seats=seats))
    return "Open"


@pytest.fixture
def out(tmp_path) -> Path:
    """A folder of its own for what the export writes (the data folder is beside it)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def export(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = cli.main(["export", *args])
    except SystemExit as exit_info:
        status = int(exit_info.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys, game: str, target: Path, what: str) -> None:
    status, printed, err = export(capsys, game, "-o", str(target))
    assert status == 2 and printed == ""
    assert err.count("\n") == 1 and f"{target} is {what}, not a regular file: it is not replaced" in err


def test_a_symbolic_link_is_neither_replaced_nor_followed(capsys, game, out):
    # The link became a regular file; where it led was kept, but the link was gone.
    kept = out / "kept.txt"
    kept.write_text("mine")
    link = out / "log.txt"
    link.symlink_to(kept)
    refused(capsys, game, link, "a symbolic link")
    assert link.is_symlink() and os.readlink(link) == str(kept) and kept.read_text() == "mine"
    dangling = out / "dangling.txt"
    dangling.symlink_to(out / "nowhere")
    refused(capsys, game, dangling, "a symbolic link")
    assert not (out / "nowhere").exists()


def test_a_device_a_pipe_or_a_folder_is_not_replaced(capsys, game, out):
    # As root, -o /dev/null turned the device into a regular file.
    refused(capsys, game, Path("/dev/null"), "a device")
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)
    pipe = out / "pipe"
    os.mkfifo(pipe)
    refused(capsys, game, pipe, "a named pipe")  # and no hang
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    refused(capsys, game, out, "a folder")
    assert not list(out.glob(".*.tmp"))


def test_a_regular_file_is_replaced_whole_and_keeps_its_permissions(capsys, game, out):
    target = out / "log.txt"
    target.write_text("old")
    target.chmod(0o640)
    status, printed, _ = export(capsys, game, "-o", str(target))
    assert status == 0 and printed.startswith(f"Wrote {target} (")
    assert target.read_text().startswith("unokart ") and stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(path.name for path in out.iterdir()) == ["log.txt"]  # no temporary file left


def test_a_new_file_is_made_with_the_usual_permissions(capsys, game, out):
    old = os.umask(0o022)
    try:
        status, _, _ = export(capsys, game, "-o", str(out / "new.txt"))
    finally:
        os.umask(old)
    assert status == 0 and stat.S_IMODE((out / "new.txt").stat().st_mode) == 0o644


def test_a_dash_or_no_output_prints_the_log(capsys, game, out, monkeypatch):
    monkeypatch.chdir(out)
    _, printed, _ = export(capsys, game)
    status, dashed, _ = export(capsys, game, "-o", "-")
    assert status == 0 and dashed == printed and printed.startswith("unokart ")
    assert not (out / "-").exists()


def test_a_link_put_in_place_while_the_log_is_written_is_not_replaced(out, monkeypatch):
    target = out / "log.txt"
    real_fsync = os.fsync

    def link_meanwhile(fd: int) -> None:
        real_fsync(fd)
        if not target.is_symlink():
            target.symlink_to(out / "elsewhere")

    monkeypatch.setattr(os, "fsync", link_meanwhile)
    with pytest.raises(NotARegularFile, match="a symbolic link"):
        write_text(target, "text")
    assert target.is_symlink() and [path.name for path in out.iterdir()] == ["log.txt"]
