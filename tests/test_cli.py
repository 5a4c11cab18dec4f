"""The ``unokart`` command: --version, --help, and bad flags (one line, status 2)."""

import os
import subprocess
import sys

import pytest

from unokart_tui import __version__


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "unokart_tui", *args], check=False, capture_output=True, text=True, timeout=60
    )


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"unokart {__version__}"


def test_help():
    result = run("--help")
    assert result.returncode == 0
    assert "UNO Mario Kart" in result.stdout


def test_bad_flag_is_one_line_and_status_2():
    result = run("--no-such-flag")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "--no-such-flag" in lines[0]
    assert "Traceback" not in result.stderr


def test_saves_lists_good_and_broken_files(tmp_path):
    import os

    import saves
    from unokart_tui.engine import Match

    assert "No saved matches yet" in run("saves").stdout
    match = Match.new(["Ann", "Mario"], seed=1)
    saves.save(match, "Duel")
    saves.save_dir().joinpath("Broken.toml").write_text("nonsense = [")
    result = run("saves")
    assert result.returncode == 0
    assert "Duel" in result.stdout and "in progress" in result.stdout and "Ann 0, Mario 0" in result.stdout
    assert "Broken" in result.stdout and "unreadable" in result.stdout
    assert os.environ["UNOKART_DATA_DIR"] in str(saves.save_dir())


def test_continue_with_nothing_to_continue_says_so_with_status_1():
    result = run("continue")
    assert result.returncode == 1
    assert "no unfinished match" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("backup", [[], ["--backup"]])
def test_load_of_a_missing_save_says_so_with_status_1_and_leaves_nothing_behind(backup):
    import saves

    saves.save_dir().mkdir(parents=True)
    result = run("load", "Nope", *backup)
    assert result.returncode == 1
    assert "Nope.toml" in result.stderr and "no such save" in result.stderr
    assert list(saves.save_dir().iterdir()) == []  # no ".Nope.lock" (issue 13, bug 10)


def test_continue_with_a_damaged_latest_save_names_it_and_offers_the_backup():
    import saves
    from unokart_tui.engine import Draw, Match

    match = Match.new(["Ann", "Mario"], seed=3)
    saves.save(match, "Duel")
    match.apply(Draw())
    saves.save(match, "Duel")  # the first version is now the backup
    path = saves.path_of("Duel")
    path.write_text(path.read_text().replace('"draw"', '"draw twice"'))
    result = run("continue")
    assert result.returncode == 1
    assert "Duel.toml" in result.stderr and "draw twice" in result.stderr
    assert "unokart load 'Duel' --backup" in result.stderr
    assert "Traceback" not in result.stderr


def test_load_of_a_locked_match_names_it():
    import saves
    from unokart_tui.engine import Match

    saves.save(Match.new(2, seed=1), "Busy")
    saves.save(Match.new(2, seed=2), "Spare")
    with saves.MatchLock("Busy"):
        result = run("load", "Busy")
    assert result.returncode == 1
    assert "'Busy' is already being played" in result.stderr
    assert "Other unfinished matches: Spare" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "--bots", "greedy,grumpy"], "unknown bot 'grumpy'"),
        (["new", "--bots", ",".join(["random"] * 10)], "1 to 9 opponents"),
        (["new", "--target", "zero"], "not a whole number"),
        (["new", "--seed", "x"], "not a whole number"),
        (["new", "--name", " "], "--name cannot be empty"),
        (["new", "--bot-delay", "fast"], "not a number of seconds"),
        (["continue", "--bot-delay", "99"], "from 0 to 10"),
        (["load"], "required"),
        (["fly"], "invalid choice"),
    ],
)
def test_bad_flags_are_one_line_and_status_2(args, message):
    result = run(*args)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


def test_a_start_that_fails_leaves_the_garbage_collector_on(capsys):
    import gc

    from unokart_tui.cli import main

    assert main(["load", "Nope"]) == 1  # the collector is paused while a game loads, then back on
    assert gc.isenabled()
    assert "no such save" in capsys.readouterr().err


def test_the_collector_is_off_until_the_first_screen_is_painted(tmp_path):
    # In a process of its own: the collector's state is global.
    code = """
import gc
from textual.app import App
from unokart_tui.cli import main

run = App.run

async def after_first_frame(pilot):
    await pilot.pause()
    print("painted:", gc.isenabled())
    pilot.app.exit()

def headless(self):
    print("starting:", gc.isenabled())
    return run(self, headless=True, size=(80, 24), auto_pilot=after_first_frame)

App.run = headless
main(["new", "--seed", "1", "--bot-delay", "10"])
"""
    env = {**os.environ, "UNOKART_DATA_DIR": str(tmp_path), "UNOKART_CONFIG_DIR": str(tmp_path / "config")}
    command = [sys.executable, "-c", code]
    result = subprocess.run(command, check=False, capture_output=True, text=True, env=env, timeout=60)
    assert result.stdout.split("\n")[:2] == ["starting: False", "painted: True"], result.stderr
