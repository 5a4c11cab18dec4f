"""The engine is pure: importing it must not load Textual (ARCHITECTURE layers)."""

import os
import subprocess
import sys

import pytest

CORE_MODULES = [
    "unokart_tui",
    "unokart_tui.engine",
    "unokart_tui.cli",
    "saves",
    "ai",
    "ai.sim",
    # What the table shows, its words and its timing are worked out without the UI.
    "unokart_tui.tableview",
    "unokart_tui.narration",
    "unokart_tui.pacing",
]


@pytest.mark.parametrize("module", CORE_MODULES)
def test_core_imports_without_textual(module):
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_engine_imports_only_the_standard_library():
    code = (
        "import sys; before = set(sys.modules); import unokart_tui.engine; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "print(sorted(m for m in new if m not in sys.stdlib_module_names and m != 'unokart_tui'))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_engine_source_has_no_io_clock_or_global_random():
    from pathlib import Path

    from unokart_tui import engine

    forbidden = ["import time", "import datetime", "open(", "print(", "random.shuffle", "random.choice", "import os"]
    for path in Path(engine.__file__).parent.glob("*.py"):
        text = path.read_text()
        for word in forbidden:
            assert word not in text, f"{path.name} uses {word}"


@pytest.mark.parametrize(
    ("argv", "not_loaded"),
    [
        # `unokart` opens the title, which only lists saves: the engine, the bots and the table
        # load with the first match, so the title's first frame does not wait for them.
        ([], ["unokart_tui.engine", "ai", "unokart_tui.screens.game"]),
        # A match started from the shell needs neither the title nor a TOML reader (it only writes).
        (["new", "--seed", "1"], ["unokart_tui.screens.title", "tomllib", "importlib.resources"]),
    ],
    ids=["title", "new match"],
)
def test_a_start_loads_only_what_its_first_screen_needs(tmp_path, argv, not_loaded):
    code = (
        "import sys\n"
        "from textual.app import App\n"
        "App.run = lambda self: None\n"
        "from unokart_tui.cli import main\n"
        f"main({argv!r})\n"
        f"print(sorted(m for m in {not_loaded!r} if m in sys.modules))"
    )
    env = {**os.environ, "UNOKART_DATA_DIR": str(tmp_path), "UNOKART_CONFIG_DIR": str(tmp_path / "config")}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert result.stdout.strip() == "[]"
