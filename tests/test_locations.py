"""One module names every folder the game keeps (``unokart_tui.locations``); the others ask it."""

from __future__ import annotations

import ast
from pathlib import Path

import platformdirs
import pytest

from unokart_tui import locations

ROOT = Path(__file__).resolve().parent.parent


def test_the_variables_name_the_two_roots(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "d"))
    assert locations.config_dir() == tmp_path / "c"
    assert locations.data_dir() == tmp_path / "d"


@pytest.mark.parametrize("variable", ["UNOKART_CONFIG_DIR", "UNOKART_DATA_DIR"])
def test_without_a_variable_the_platforms_folders(monkeypatch, variable):
    monkeypatch.delenv(variable)
    if variable == "UNOKART_CONFIG_DIR":
        assert locations.config_dir() == Path(platformdirs.user_config_dir("unokart"))
    else:
        assert locations.data_dir() == Path(platformdirs.user_data_dir("unokart"))


def test_an_empty_variable_counts_as_unset(monkeypatch):
    monkeypatch.setenv("UNOKART_DATA_DIR", "")
    assert locations.data_dir() == Path(platformdirs.user_data_dir("unokart"))


def test_every_place_keeps_the_name_players_files_have(tmp_path, monkeypatch):
    config, data = tmp_path / "config", tmp_path / "data"
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(config))
    monkeypatch.setenv("UNOKART_DATA_DIR", str(data))
    assert locations.settings_file() == config / "settings.toml"
    assert locations.profiles_dir() == config / "profiles"
    assert locations.rules_dir() == config / "rules"
    assert locations.saves_dir() == data
    assert locations.trash_dir() == data / "trash"
    assert locations.stats_file() == data / "stats.sqlite3"
    assert locations.crash_dirs()[0] == data
    assert locations.tune_storage_dir() == data
    assert locations.server_dir() == data / "server"


def test_the_other_modules_ask_it(tmp_path, monkeypatch):
    """The public names of the saves, the bots, the settings and the statistics follow the variables."""
    import ai
    import saves
    from ai.config import config_dir
    from unokart_tui.history.stats.store import store_path
    from unokart_tui.settings import settings_path
    from unokart_tui.table.presets import user_rules_dir

    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "elsewhere-config"))
    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "elsewhere-data"))
    assert saves.save_dir() == locations.saves_dir()
    assert saves.trash_dir() == locations.trash_dir()
    assert config_dir() == locations.config_dir()
    assert ai.user_profile_dir() == locations.profiles_dir()
    assert user_rules_dir() == locations.rules_dir()
    assert settings_path() == locations.settings_file()
    assert store_path() == locations.stats_file()


def _deciders(source: str) -> list[str]:
    """What in ``source`` decides a folder on its own: importing platformdirs, or reading unokart's variables."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(alias.name == "platformdirs" for alias in node.names):
            found.append("imports platformdirs")
        if isinstance(node, ast.ImportFrom) and node.module == "platformdirs":
            found.append("imports platformdirs")
        if isinstance(node, ast.Call) and any(
            isinstance(arg, ast.Constant) and arg.value in ("UNOKART_DATA_DIR", "UNOKART_CONFIG_DIR")
            for arg in node.args
        ):
            found.append("reads a folder's variable")
    return found


def test_the_check_sees_a_module_that_decides_on_its_own():
    assert _deciders("import platformdirs") == ["imports platformdirs"]
    assert _deciders("import os\nos.environ.get('UNOKART_DATA_DIR')") == ["reads a folder's variable"]
    # Setting the variables for a child process (unokart serve) decides nothing here.
    assert _deciders("env = {'UNOKART_DATA_DIR': str(home)}") == []


def test_no_other_module_decides_a_folder():
    deciding = {}
    for package in ("unokart_tui", "ai", "saves"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path == ROOT / "unokart_tui" / "locations.py":
                continue
            problems = _deciders(path.read_text(encoding="utf-8"))
            if problems:
                deciding[str(path.relative_to(ROOT))] = problems
    assert deciding == {}
