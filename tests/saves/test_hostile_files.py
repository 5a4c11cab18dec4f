"""Nothing in the saves folder can hang, crash or fool the list or the loading (issue 14, findings 1-6).

A file that once hung the game is tried in a process of its own, with a deadline and a
memory limit: a regression fails the test instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import saves
from saves.store import HEADER_BYTES
from unokart_tui import files

from ..hostile import CHECKSUM_LINE, changed, good_save_text, plant

ROOT = Path(__file__).resolve().parents[2]
MEMORY = 2 * 1024**3


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def isolated(code: str, timeout: float = 20) -> str:
    """Run ``code`` in a fresh Python with the test's folders, a deadline and a memory limit; its output."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


LIST_AND_LOAD = """
import json, saves
entries = {e.name: e.error for e in saves.list_saves()}
try:
    saves.load(NAME)
except saves.SaveError as error:
    loaded = type(error).__name__ + ": " + error.problem
print(json.dumps([entries, loaded]))
"""


def list_and_load(name: str) -> tuple[dict[str, str | None], str]:
    listed, loaded = json.loads(isolated(LIST_AND_LOAD.replace("NAME", repr(name))))
    return listed, loaded


@pytest.fixture
def folder() -> Path:
    return saves.save_dir()


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("dev-zero", "is a device, not a file"),  # 1: it never ends
        ("fifo", "is a named pipe, not a file"),  # 2: it never answers
        ("socket", "is a socket, not a file"),
        ("folder", "is a folder, not a file"),
        ("huge", "is 67,108,865 bytes, more than the 67,108,864 bytes it could be"),  # 35: sizes that differ
    ],
)
def test_what_is_not_a_regular_file_or_too_big_is_never_read(folder, kind, reason):
    plant(folder, kind)
    listed, loaded = list_and_load(kind)
    assert reason in listed[kind]
    assert loaded.startswith("SaveUnreadable") and reason in loaded


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("dangling", "a link that leads nowhere"),  # 3
        ("loop", "a link that leads round in a circle"),
        ("outside", "outside"),
    ],
)
def test_links_that_lead_nowhere_in_a_circle_or_out_of_the_folder_are_refused(folder, kind, reason):
    plant(folder, kind)
    [entry] = saves.list_saves()
    assert entry.name == kind and reason in entry.error
    assert entry.updated is None or entry.updated.year > 1970  # the link's own time, if any
    with pytest.raises(saves.SaveUnreadable, match=reason):
        saves.load(kind)


def test_a_link_to_a_save_inside_the_folder_is_read(folder):
    folder.mkdir(parents=True)
    (folder / "Friday.toml").write_text(good_save_text())
    (folder / "latest.toml").symlink_to("Friday.toml")
    assert {entry.name: entry.error for entry in saves.list_saves()} == {"Friday": None, "latest": None}
    assert saves.load("latest").names == ("Ann", "Mario", "Luigi")


@pytest.mark.parametrize("kind", ["date-early", "date-late", "date-naive"])
def test_a_date_no_clock_can_show_is_a_reason_not_a_crash(folder, kind):
    plant(folder, kind)  # 4: OverflowError in the list once, ValueError in the title
    saves.save(_a_match(), "Fine")
    entries = {entry.name: entry for entry in saves.list_saves()}
    assert "'updated' must be a date" in entries[kind].error
    assert entries["Fine"].error is None
    with pytest.raises(saves.SaveUnreadable, match="'updated' must be a date"):
        saves.load(kind)


def _a_match():
    from unokart_tui.engine import Match

    return Match.new(["Ann", "Mario"], seed=1)


def test_lists_nested_thousands_deep_are_a_reason_not_a_crash(folder):
    plant(folder, "nested-header")  # 5
    plant(folder, "nested-history")
    entries = {entry.name: entry for entry in saves.list_saves()}
    assert "nested too deeply" in entries["nested-header"].error
    assert entries["nested-history"].error is None  # its header is sound
    for kind in ("nested-header", "nested-history"):
        with pytest.raises(saves.SaveUnreadable, match="nested too deeply"):
            saves.load(kind)


def test_a_number_of_thousands_of_digits_is_a_reason_not_a_crash(folder):
    plant(folder, "long-number")  # 6
    [entry] = saves.list_saves()
    assert "a number has too many digits" in entry.error


def test_every_number_and_name_of_a_header_is_checked(folder):
    text = good_save_text()
    folder.mkdir(parents=True)
    cases = {
        "huge round": changed(text, "round = 1\n", f"round = {10**30}\n"),
        "round zero": changed(text, "round = 1\n", "round = 0\n"),
        "one player": changed(text, '    "Mario",\n    "Luigi",\n', "").replace("0,\n    0,\n    0,", "0,"),
        "huge score": changed(text, "scores = [\n    0,", f"scores = [\n    {10**19},"),
        "long program": changed(
            text, f'format = {saves.FORMAT_VERSION}\nprogram = "0.1.0"', f'format = {10**40}\nprogram = "{"x" * 5000}"'
        ),
    }
    for name, bad in cases.items():
        (folder / f"{name}.toml").write_text(bad)
    entries = {entry.name: entry.error for entry in saves.list_saves()}
    assert all(entries.values()), entries
    assert "from 1 to" in entries["huge round"] and "from 1 to" in entries["round zero"]
    assert "2 to 10 names" in entries["one player"]
    assert "whole numbers from 0" in entries["huge score"]
    assert len(entries["long program"]) < 300  # the 5,000 characters are not repeated in full


def test_the_list_reads_only_the_top_of_each_file(folder):
    folder.mkdir(parents=True)
    text = good_save_text()
    body = text[: text.index(CHECKSUM_LINE)]
    padded = body.replace("[match]\n", "[match]\n" + "# padding\n" * (HEADER_BYTES // 10), 1)
    (folder / "padded.toml").write_text(padded)
    [entry] = saves.list_saves()
    assert "does not end within its first 256 KiB" in entry.error


def test_a_file_name_the_game_cannot_open_is_listed_as_such(folder):
    plant(folder, "bad-name (copy)")
    [entry] = saves.list_saves()
    assert "cannot open a file of this name" in entry.error and "rename it" in entry.error


def test_reading_a_file_takes_only_regular_files_up_to_a_limit(tmp_path):
    path = tmp_path / "small.toml"
    path.write_bytes(b"x" * 100)
    assert files.read_bytes(path, limit=100) == b"x" * 100
    assert files.read_bytes(path, limit=100, prefix=10) == b"x" * 10
    with pytest.raises(files.FileProblem, match="100 bytes, more than the 99 bytes"):
        files.read_bytes(path, limit=99)
    with pytest.raises(files.NoFile):
        files.read_bytes(tmp_path / "none.toml", limit=10)
    for text in ("a = " + "[" * 5000, "a = " + "9" * 4400, "a = ["):
        with pytest.raises(files.FileProblem, match="not valid TOML"):
            files.parse_toml(text)


@pytest.mark.parametrize(
    ("found", "limit", "said"),
    [
        (64 * files.MIB + 1, 64 * files.MIB, ("67,108,865 bytes", "67,108,864 bytes")),  # 35: not "64.0 MiB" twice
        (65 * files.MIB, 64 * files.MIB, ("65.0 MiB", "64.0 MiB")),
        (70_000, 65_536, ("70,000 bytes", "65,536 bytes")),
    ],
)
def test_a_size_too_big_and_its_limit_are_said_so_that_they_differ(found, limit, said):
    assert files.sizes(found, limit) == said
