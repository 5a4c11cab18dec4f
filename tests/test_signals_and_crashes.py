"""Ctrl+C, Ctrl+\\ and crashes (issue 35, finding 10): a quiet exit, and never a traceback on the player's terminal.

Each case runs in a process of its own: signal handlers and the garbage collector are the
process's. The signal is sent by the game to itself at the moment under test.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HEADLESS = """
import os, signal, sys
from textual.app import App
from unokart_tui.cli import main

run = App.run

async def leave(pilot):
    await pilot.pause()
    pilot.app.exit()

App.run = lambda self: run(self, headless=True, size=(80, 24), auto_pilot=leave)
"""


def unokart(tmp_path: Path, code: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "UNOKART_DATA_DIR": str(tmp_path / "data"),
        "UNOKART_CONFIG_DIR": str(tmp_path / "config"),
        "HOME": str(home or tmp_path / "home"),
    }
    return subprocess.run(
        [sys.executable, "-c", HEADLESS + code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGQUIT])
def test_ctrl_c_or_ctrl_backslash_while_the_game_loads_exits_quietly_with_130(tmp_path, number):
    # The first second: the match is being made, Textual has not begun. It was a traceback (SIGINT)
    # or a core dump (SIGQUIT).
    code = f"""
import time
from unokart_tui.table.session import Session

def interrupted(*args, **kwargs):
    os.kill(os.getpid(), {int(number)})
    time.sleep(5)

Session.new = interrupted
sys.exit(main(["new", "--seed", "1"]))
"""
    result = unokart(tmp_path, code)
    assert (result.returncode, result.stdout, result.stderr) == (130, "", "")


def test_ctrl_c_while_textual_starts_ends_the_game_quietly(tmp_path):
    # Told to exit while it composes its first screen, Textual crashed (MountError).
    code = """
from unokart_tui.tui.app import UnoKartApp

mount = UnoKartApp.on_mount

def interrupted(self):
    os.kill(os.getpid(), signal.SIGINT)
    mount(self)

UnoKartApp.on_mount = interrupted
App.run = lambda self: run(self, headless=True, size=(80, 24))  # no pilot: the signal alone ends it
sys.exit(main(["new", "--seed", "1", "--bot-delay", "10"]))
"""
    result = unokart(tmp_path, code)
    assert (result.returncode, result.stderr) == (130, "")
    assert not list((tmp_path / "data").glob("crash-*.log"))


def test_ctrl_c_and_ctrl_backslash_while_the_game_closes_are_ignored_and_the_match_is_saved(tmp_path):
    # The terminal is given back before the match's last save: Ctrl+\\ then dumped core.
    code = """
from unokart_tui.table.session import Session

close = Session.close

def interrupted(self):
    os.kill(os.getpid(), signal.SIGQUIT)
    os.kill(os.getpid(), signal.SIGINT)
    close(self)
    print("closed", self.is_saved)

Session.close = interrupted
sys.exit(main(["new", "--seed", "1", "--bot-delay", "10"]))
"""
    result = unokart(tmp_path, code)
    assert (result.returncode, result.stdout, result.stderr) == (0, "closed True\n", "")
    assert len(list((tmp_path / "data").glob("Match *.toml"))) == 1


CRASHING_TITLE = """
from unokart_tui.tui.screens.title import TitleScreen

def broken(self):
    secret = "a value of the host"
    raise RuntimeError("a bug in the title: " + secret)

TitleScreen.compose = broken
App.run = lambda self: run(self, headless=True, size=(80, 24))
sys.exit(main([]))
"""


def one_line_naming_the_log(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("unokart stopped because of an error in the game (RuntimeError). The details are in ")
    assert "Traceback" not in line and "a bug in the title" not in line and "a value of the host" not in line
    return line


def test_a_crash_of_the_interface_is_one_line_and_its_traceback_a_file(tmp_path):
    # Textual printed the traceback, with the values of its variables, on the player's terminal. And a crash
    # once ended with status 0, as if all went well (issue 14, finding 7): test_cli.py started a game of its
    # own to see the status 1 that one_line_naming_the_log holds here.
    home = tmp_path  # the data folder is in the home folder: named from there
    line = one_line_naming_the_log(unokart(tmp_path, CRASHING_TITLE, home=home))
    [log] = (tmp_path / "data").glob("crash-*.log")
    assert f"The details are in ~/data/{log.name}: please include that file" in line
    assert str(tmp_path) not in line
    details = log.read_text()
    assert "Traceback" in details and "RuntimeError: a bug in the title: a value of the host" in details
    assert log.stat().st_mode & 0o777 == 0o600


def test_over_ssh_a_crash_names_no_folder_of_the_host(tmp_path):
    # A data folder outside the player's home (a host's): only the file's name is given.
    line = one_line_naming_the_log(unokart(tmp_path, CRASHING_TITLE))
    [log] = (tmp_path / "data").glob("crash-*.log")
    said = f"The details are in {log.name} in the data folder: please include that file if you report it."
    assert line.endswith(said)
    assert "/" not in line


def test_a_failure_of_a_command_is_one_line_and_a_file_too(tmp_path):
    code = """
import saves

def broken():
    raise RuntimeError("a bug in the list")

saves.list_saves = broken
sys.exit(main(["saves"]))
"""
    result = unokart(tmp_path, code)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "error in the game (RuntimeError). The details are in crash-" in result.stderr
    [log] = (tmp_path / "data").glob("crash-*.log")
    assert "RuntimeError: a bug in the list" in log.read_text()


def test_a_crash_with_no_folder_to_write_in_says_so(tmp_path, monkeypatch):
    import tempfile

    from unokart_tui import crash

    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "file"))
    (tmp_path / "file").write_text("")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "file" / "below"))
    report = crash.report(RuntimeError("x"))
    assert report.log is None
    assert crash.notice(report) == (
        "unokart stopped because of an error in the game (RuntimeError), and its details could not be written down "
        "(File exists)."
    )


def test_ctrl_backslash_while_the_command_itself_loads_exits_quietly_with_130(tmp_path):
    # The `unokart` script and `python -m unokart_tui` set the handlers before loading the command.
    code = """
import importlib.abc

class Interrupting(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "unokart_tui.cli":
            os.kill(os.getpid(), signal.SIGQUIT)
        return None

sys.modules.pop("unokart_tui.cli", None)
sys.meta_path.insert(0, Interrupting())
from unokart_tui.__main__ import run
sys.exit(run())
"""
    result = unokart(tmp_path, code)
    assert (result.returncode, result.stdout, result.stderr) == (130, "", "")
