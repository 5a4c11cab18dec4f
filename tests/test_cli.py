"""The ``unokart`` command: --version, --help, and bad flags (one line, status 2)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import saves
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


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("sk", ("použitie: unokart", "voľby:", "zobrazí túto pomoc a skončí", "pozičné argumenty:")),
        ("nl", ("gebruik: unokart", "opties:", "toon deze hulp en stop", "positionele argumenten:")),
    ],
)
def test_help_speaks_the_language_argparse_words_too(language, said):
    # Found by the translators: argparse's "usage:", "options:" and its -h line stayed English.
    result = subprocess.run(
        [sys.executable, "-m", "unokart_tui", "--help"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "UNOKART_LANG": language},
    )
    assert result.returncode == 0
    for words in said:
        assert words in result.stdout
    assert "usage:" not in result.stdout and "options:" not in result.stdout


@pytest.mark.parametrize(
    ("language", "said"),
    [("sk", "neznáme argumenty: --no-such-flag"), ("nl", "onbekende argumenten: --no-such-flag")],
)
def test_argparse_errors_speak_the_language(language, said):
    result = subprocess.run(
        [sys.executable, "-m", "unokart_tui", "new", "--no-such-flag"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "UNOKART_LANG": language},
    )
    assert result.returncode == 2
    assert said in result.stderr and len(result.stderr.splitlines()) == 1


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
    missing = "this save has no backup" if backup else "there is no such save"
    assert "Nope.toml" in result.stderr and missing in result.stderr
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
    assert "Duel.toml: this file cannot be opened as a save" in result.stderr
    assert "checksum does not match" in result.stderr
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
    assert "The match 'Busy' is being played in another session right now." in result.stderr
    assert "Other unfinished matches: Spare" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "--bots", "greedy,grumpy"], "unknown bot 'grumpy'"),
        (["new", "--bots", "greedy,expert-quick"], "'expert-quick' is a difficulty, not a bot: write it after a bot"),
        (["new", "--bots", ",".join(["random"] * 10)], "1 to 9 opponents"),
        (["new", "--target", "zero"], "not a whole number"),
        (["new", "--seed", "x"], "not a whole number"),
        (["new", "--name", " "], "--name cannot be empty"),
        (["new", "--bot-delay", "fast"], "not a number of seconds"),
        (["new", "--rules", "wild"], "unknown preset 'wild' (the presets: official, house, party, chaos)"),
        (["new", "--rules", "party", "--rule", "jump_in=perhaps"], "jump_in is true or false, not 'perhaps'"),
        (["new", "--rule", "stacking=true"], "unknown switch 'stacking'"),
        (["new", "--rule", "hand_size=four"], "hand_size is a whole number, not 'four'"),
        (["new", "--rule", "banana=next-seat"], "house rule banana is"),
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


def no_control_characters(text: str) -> bool:
    return all(char == "\n" or char.isprintable() for char in text)


def test_a_name_with_control_characters_is_refused_in_one_clear_line():
    # Finding 13: this name once retitled the terminal from inside the game.
    result = run("new", "--name", "\x1b]0;PWNED\x07")
    assert result.returncode == 2
    assert "cannot hold control characters" in result.stderr and "\\x1b]0;PWNED\\x07" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and no_control_characters(result.stderr)


def test_the_list_of_saves_never_prints_a_control_character():
    from .hostile import changed, good_save_text, plant

    folder = saves.save_dir()
    plant(folder, "control-names")  # players "\x1b]0;PWNED\x07" and "Mario\nLuigi"
    (folder / "\x1b[31mred\x07.toml").write_text(changed(good_save_text(), '"Ann"', '"Ann\\u009b2J"'))
    result = run("saves")
    assert result.returncode == 0
    assert no_control_characters(result.stdout) and no_control_characters(result.stderr)
    assert "\\x1b]0;PWNED\\x07 0, Mario\\x0aLuigi 0" in result.stdout
    assert "\\x1b[31mred\\x07" in result.stdout and "cannot open a file of this name" in result.stdout


@pytest.mark.parametrize("command", [["saves"], ["continue"], ["load", "x"], ["load", "x", "--backup"]])
def test_a_saves_folder_that_is_a_file_is_named_once_and_nothing_is_left_behind(tmp_path, command):
    # Finding 14: the title crashed, and `load x` said "cannot lock the match: File exists".
    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    for folder in (blocker, blocker / "unokart"):  # the folder itself, or a folder above it (XDG_DATA_HOME)
        env = {**os.environ, "UNOKART_DATA_DIR": str(folder)}
        result = subprocess.run(
            [sys.executable, "-m", "unokart_tui", *command],
            check=False,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert result.returncode == 1
        assert (
            result.stderr == f"unokart: {folder}: the saves cannot be used here "
            "(is not a folder (a file is in its place, or in the place of a folder above it)).\n"
        )
    assert blocker.read_text() == "a file" and sorted(tmp_path.iterdir()) == [blocker]


def test_loading_from_a_missing_saves_folder_creates_nothing():
    result = run("load", "x")
    assert result.returncode == 1 and "no such save" in result.stderr
    assert not saves.save_dir().exists()  # once: the folder and a stray lock file


def test_a_folder_that_cannot_be_written_is_named_and_no_backup_is_suggested(monkeypatch, capsys):
    import errno

    from unokart_tui.cli import main
    from unokart_tui.engine import Match

    saves.save(Match.new(2, seed=1), "x")
    saves.save(Match.new(2, seed=1), "x")  # a backup exists, and would not help
    real_open = os.open

    def read_only(path, flags, *args):
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    assert main(["load", "x"]) == 1
    error = capsys.readouterr().err
    assert f"{saves.save_dir()}: the saves cannot be used here (cannot be written (Read-only file system)" in error
    assert "--backup" not in error


@pytest.mark.parametrize("flag", ["--seed", "--target"])
def test_a_huge_number_is_echoed_short(flag):
    result = run("new", flag, "9" * 5000)  # more digits than Python reads
    assert result.returncode == 2
    assert "(5,000 characters)" in result.stderr and len(result.stderr) < 200


@pytest.mark.parametrize(
    ("place", "said"),
    [
        ("file", "{d}/file is a file, not a folder"),
        ("file/below", "{d}/file/below cannot be a folder: {d}/file is a file"),
        ("pipe", "{d}/pipe is a named pipe, not a folder"),
        ("nowhere", "{d}/nowhere is a link that leads nowhere, not a folder"),
    ],
)
def test_a_data_dir_that_cannot_be_a_folder_says_what_is_in_its_place(tmp_path, capsys, place, said):
    # Issue 35, finding 17: "--data-dir" on a file said "File exists".
    from unokart_tui.cli import main

    (tmp_path / "file").write_text("")
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "nowhere").symlink_to(tmp_path / "missing")
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--ssh", "127.0.0.1:0", "--open", "--data-dir", str(tmp_path / place)])
    assert exit_info.value.code == 2
    [line] = capsys.readouterr().err.splitlines()
    assert f"error: --data-dir {said.format(d=tmp_path)} (see" in line


def test_a_default_data_dir_below_a_file_says_so(tmp_path, monkeypatch, capsys):
    from unokart_tui.cli import main

    (tmp_path / "file").write_text("")
    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "file"))
    assert main(["serve", "--ssh", "127.0.0.1:0", "--open"]) == 1
    assert capsys.readouterr().err == (
        f"unokart: the host's data folder {tmp_path}/file/server cannot be a folder: {tmp_path}/file is a file\n"
    )


@pytest.mark.parametrize(
    ("argv", "module"),
    [
        ([], "unokart_tui.cli"),
        (["new"], "unokart_tui.cli.new"),
        (["continue"], "unokart_tui.cli.continue_latest"),
        (["saves"], "unokart_tui.cli.saves_list"),
        (["load", "Duel"], "unokart_tui.cli.load"),
        (["sim", "--bots", "greedy,random"], "unokart_tui.cli.sim"),
        (["tune", "greedy", "--against", "random"], "unokart_tui.cli.tune"),
        (["stats"], "unokart_tui.cli.stats"),
        (["replay", "Duel"], "unokart_tui.cli.replay"),
        (["export", "Duel"], "unokart_tui.cli.export"),
        (["serve", "--web", "0"], "unokart_tui.cli.serve"),
    ],
)
def test_each_command_is_run_by_its_own_module_and_its_errors_name_it(argv, module):
    from unokart_tui.cli import build_parser

    args = build_parser().parse_args(argv)
    assert args.run.__module__ == module
    assert args.parser.prog == " ".join(["unokart", *argv[:1]])


def test_loading_the_command_line_loads_no_command_s_game():
    # `unokart --version` and a bad flag answer before the engine, the bots, the saves, SQLite or Textual load.
    heavy = [
        "ai",
        "saves",
        "sqlite3",
        "textual",
        "unokart_tui.engine",
        "unokart_tui.table.session",
        "unokart_tui.tui.app",
    ]
    code = f"import sys, unokart_tui.cli; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


# What a command that prints a few lines has no use for: the event loop (asyncio, and ssl,
# logging and concurrent.futures with it), Textual, the saves and their TOML writer, SQLite,
# the bots, the engine, and platformdirs when both folders are given (as the tests and
# `unokart serve`'s games give them). Each cost every start of `unokart` (docs/performance.md).
HEAVY = ("asyncio", "textual", "saves", "tomli_w", "sqlite3", "ai", "unokart_tui.engine", "platformdirs")
LIGHT_COMMANDS = {
    "--version": HEAVY,
    "--help": HEAVY,
    "serve --help": HEAVY,
    "new --no-such-flag": HEAVY,
    "saves": ("asyncio", "textual", "sqlite3", "ai", "platformdirs"),
    "stats": ("asyncio", "textual", "saves", "tomli_w", "ai", "unokart_tui.engine", "platformdirs"),
    "new --plain --seed 1": ("asyncio", "textual", "sqlite3", "platformdirs"),  # line mode: no Textual
}
# Runs `python -m unokart_tui ARGS` as the command line does, and writes at exit the modules it loaded.
LOADED_AT_EXIT = """
import atexit, json, runpy, sys
report, *args = sys.argv[1:]
atexit.register(lambda: open(report, "w").write(json.dumps(sorted(sys.modules))))
sys.argv = ["unokart", *args]
runpy.run_module("unokart_tui", run_name="__main__", alter_sys=True)
"""


def modules_loaded_by(command: str, report: Path) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", LOADED_AT_EXIT, str(report), *command.split()],
        capture_output=True,
        text=True,
        input="",  # line mode reads the end of its input at once, and saves the match
        timeout=60,
        check=False,
    )
    assert result.returncode == (2 if "--no-such-flag" in command else 0), result.stderr
    return list(json.loads(report.read_text()))


@pytest.mark.parametrize("command", LIGHT_COMMANDS)
def test_a_command_loads_only_what_it_needs(command, tmp_path):
    # Found measuring the start (2026-12-04): `unokart --version` loaded the event loop (35 ms of CPU) through
    # the module that runs the game, and the saves, their TOML writer and platformdirs to read the settings;
    # `unokart stats` loaded the saves and the engine, which only recording a match needs.
    from unokart_tui.engine import Match

    saves.save(Match.new(2, seed=1), "Duel")  # a data folder in use
    if command == "stats":
        modules_loaded_by(command, tmp_path / "first.json")  # the first one makes the store from the saves
    loaded = modules_loaded_by(command, tmp_path / "modules.json")
    needless = [name for name in LIGHT_COMMANDS[command] if any(m == name or m.startswith(name + ".") for m in loaded)]
    assert needless == []


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["load", "nothing"], "nothing.toml: there is no such save (unokart saves lists them all)."),
        (["load", "nothing", "--backup"], "nothing.toml: this save has no backup."),
        (["replay", "nothing"], "nothing: there is no such save (unokart saves lists them all)."),
        (["export", "nothing"], "nothing: there is no such save (unokart saves lists them all)."),
        (["replay", "Duell"], "Duell: there is no such save; the closest: 'Duel' (unokart saves lists them all)."),
        (["export", "../x"], "the saves cannot be used here"),
    ],
)
def test_a_save_that_cannot_be_opened_is_one_sentence_of_our_catalog(capsys, argv, sentence):
    # Found in play: `unokart load nothing` answered in English in Slovak (the saves package's words).
    from unokart_tui.cli import main
    from unokart_tui.engine import Match
    from unokart_tui.voice import speaking_voice

    from .voice.marking import EveryMarking

    saves.save(Match.new(2, seed=1), "Duel")
    with speaking_voice(EveryMarking()):
        assert main(argv) == 1
    error = capsys.readouterr().err
    assert error.startswith("«»unokart: «»") and sentence in error and len(error.splitlines()) == 1


def test_the_saves_folder_unusable_for_the_list_is_said_in_our_catalog(capsys):
    from unokart_tui.cli import main
    from unokart_tui.voice import speaking_voice

    from .voice.marking import EveryMarking

    saves.save_dir().parent.mkdir(parents=True, exist_ok=True)
    saves.save_dir().write_text("a file in the folder's place")
    with speaking_voice(EveryMarking()):
        assert main(["saves"]) == 1
    assert capsys.readouterr().err.startswith("«»unokart: «»")


def test_help_looks_up_the_version_line_and_the_command_placeholder(capsys):
    from unokart_tui.cli import main
    from unokart_tui.voice import speaking_voice

    from .voice.marking import EveryMarking

    with speaking_voice(EveryMarking()), pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert "«»show program's version number and exit" in shown
    assert "«command line: a placeholder, in capitals»COMMAND" in shown
