"""A saves folder full of hostile entries never stops the game (issue 14).

Every kind of file that once hung, crashed or fooled the game (``tests/hostile.py``), and
files of random bytes, all in one folder. Against it, ``unokart saves``, ``continue`` and
``load`` (each entry), and the title in a real terminal: each ends within seconds, with
status 0 or a clear refusal (status 1, one message, no traceback, no control character),
within a memory limit.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import saves
from unokart_tui.engine import Match

from ..hostile import KINDS, plant_all
from .terminal import ROOT, unokart_command

MEMORY = 2 * 1024**3
DEADLINE = 30  # seconds: a few on a quiet machine; room for a busy one, not for a hang
LATER = datetime(2030, 1, 1, tzinfo=UTC)  # the good match is the latest one played
SOUND_HEADERS = {"nested-history", "control-names", "unknown-bot", "bad-params", "flipped"}


def unokart(*args: str) -> subprocess.CompletedProcess[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "unokart_tui", *args],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    import resource

    resource.prlimit(process.pid, resource.RLIMIT_AS, (MEMORY, MEMORY))
    try:
        out, err = process.communicate(timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError(f"unokart {' '.join(args)!r} still ran after {DEADLINE} s") from None
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def clean(text: str) -> bool:
    return "Traceback" not in text and all(char == "\n" or char.isprintable() for char in text)


def names(folder: Path) -> list[str]:
    return sorted(path.name[: -len(".toml")] for path in folder.iterdir() if path.name.endswith(".toml"))


def test_the_commands_refuse_every_hostile_entry_cleanly(tmp_path):
    folder = saves.save_dir()
    plant_all(folder)
    listed = unokart("saves")
    assert listed.returncode == 0 and clean(listed.stdout) and listed.stderr == ""
    lines = listed.stdout.splitlines()
    assert len(lines) == 1 + len(names(folder))  # the header, and one line each
    for kind in KINDS:  # those with a sound header are listed by it, and refused when opened
        [line] = [line for line in lines if line.startswith(f"{kind} ")]
        assert ("unreadable" in line) == (kind not in SOUND_HEADERS), line

    again = unokart("continue")  # the latest with a sound header is one that cannot be opened
    assert again.returncode == 1 and clean(again.stderr) and again.stderr.startswith("unokart: ")

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = dict(zip(names(folder), pool.map(lambda name: unokart("load", name), names(folder)), strict=True))
    for name, result in results.items():
        assert result.returncode == 1, (name, result.stderr)
        assert clean(result.stderr), (name, result.stderr)
        assert result.stderr.startswith("unokart: ") and result.stdout == "", (name, result.stderr)
    assert "is a device, not a file" in results["dev-zero"].stderr
    assert "is a named pipe, not a file" in results["fifo"].stderr
    assert "cannot hold control characters" in results["control-names"].stderr
    assert "seat 2 (Mario) cannot be played: unknown parameter seed" in results["bad-params"].stderr


def test_the_title_and_continue_start_among_hostile_entries(terminal):
    folder = saves.save_dir()
    plant_all(folder)
    match = Match.new(["Ann", "Mario"], seed=5)
    match.apply(match.legal_actions()[-1])  # a match begun: "Welcome back" when it goes on
    seats = [saves.Seat("Ann"), saves.Seat("Mario", "random", seed=1)]
    saves.write_atomic(saves.path_of("Good"), saves.dumps(match, seats=seats, updated=LATER))

    terminal.start("title", unokart_command())
    screen = terminal.wait_for("title", "New game")
    assert "Continue   Good — round 1: Ann 0, Mario 0" in screen
    terminal.keys("title", "l")  # the Load list reads every entry
    terminal.wait_for("title", lambda s: "Last played" in s and "unreadable" in s)
    terminal.keys("title", "Escape")
    terminal.wait_for("title", "New game")
    terminal.keys("title", "q")
    terminal.wait_for("title", "EXITED=0")

    terminal.start("game", unokart_command("continue", "--bot-delay", "0"))
    terminal.wait_for("game", "Welcome back")
    terminal.keys("game", "q")  # to the title, which lists the folder again
    terminal.wait_for("game", "New game")
    terminal.keys("game", "q")
    terminal.wait_for("game", "EXITED=0")
