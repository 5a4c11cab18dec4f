"""The layers (ARCHITECTURE.md): the engine is pure, and nothing below the interface loads Textual.

import-linter checks the imports between the layers (pyproject's contracts, run by .ci/run);
these tests check what it cannot: what importing a module really loads, and what the
engine's source does.
"""

import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CORE_MODULES = [
    "unokart_tui",
    "unokart_tui.engine",
    "unokart_tui.cli",
    "unokart_tui.table.presets",
    "saves",
    "ai",
    "ai.sim",
    # What the table shows, its words and its timing are worked out without the UI.
    "unokart_tui.table.tableview",
    "unokart_tui.voice",
    "unokart_tui.voice.narration",
    "unokart_tui.table.pacing",
    "unokart_tui.table.opening",  # opening a match, for any front end
    "unokart_tui.table",  # the table of one seat: what its intentions do, what it is told
    "unokart_tui.plain.runner",  # line mode (issue 33): the table as lines, for screen readers and pipes
    "unokart_tui.plain.title",  # and the title, New game, Load and Settings around it
    # The history: replays' data, undo, statistics, charts and export, for the command line too.
    "unokart_tui.history.timeline",
    "unokart_tui.history.replayview",
    "unokart_tui.table.undo",
    "unokart_tui.history.stats",
    "unokart_tui.history.charts",
    "unokart_tui.history.export",
    "unokart_tui.crash",  # the command line reports its own failures through it
    "unokart_tui.locations",
    "unokart_tui.glyphs",
    "unokart_tui.asciitext",
    "unokart_tui.table.lineup",
    "unokart_tui.tui.widgets.cardface",
    # A folder's package loads none of its modules: the interface's folder loads no Textual.
    "unokart_tui.tui",
    "unokart_tui.history",
    "unokart_tui.table.session",
    "unokart_tui.table.advisor",
    "unokart_tui.history.saved",
    "unokart_tui.history.match_length",
    "unokart_tui.settings",
    "unokart_tui.rules_text",
    "unokart_tui.printable",
    "unokart_tui.defaults",
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


# What the engine may import: the standard library's pure parts. No clock (time, datetime), no
# I/O (os, io, pathlib, sys), no threads; randomness only from a random.Random it owns.
ENGINE_MAY_IMPORT = {
    "__future__",
    "bisect",
    "collections",
    "dataclasses",
    "enum",
    "functools",
    "heapq",
    "itertools",
    "math",
    "operator",
    "random",
    "types",
    "typing",
    "unicodedata",
}
# random.SystemRandom gives a new match its seed (Match.new with seed=None), which is saved with it.
RANDOM_MAY_BE_USED_FOR = {"Random", "SystemRandom"}
BUILTINS_WITH_EFFECTS = {"open", "print", "input", "exec", "eval", "compile", "__import__", "breakpoint"}


def engine_problems(source: str) -> list[str]:
    """What in ``source`` (a module of the engine) breaks its purity, read from the syntax tree."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules = [node.module or ""]
            if node.module == "random":
                problems += [f"from random import {a.name}" for a in node.names if a.name not in RANDOM_MAY_BE_USED_FOR]
        else:
            modules = []
        problems += [f"imports {module}" for module in modules if module.split(".")[0] not in ENGINE_MAY_IMPORT]
        is_random = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random"
        if is_random and node.attr not in RANDOM_MAY_BE_USED_FOR:
            problems.append(f"uses random.{node.attr}, the global generator")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BUILTINS_WITH_EFFECTS:
            problems.append(f"calls {node.func.id}()")
    return problems


@pytest.mark.parametrize(
    ("source", "problem"),
    [
        ("from time import monotonic", "imports time"),
        ("import os.path", "imports os.path"),
        ("import datetime as when", "imports datetime"),
        ("from random import shuffle", "from random import shuffle"),
        ("import random\nrandom.choice([1, 2])", "uses random.choice"),
        ("print('hello')", "calls print()"),
        ("with open('x') as f: pass", "calls open()"),
    ],
)
def test_the_purity_check_sees_what_it_must(source, problem):
    assert any(found.startswith(problem) for found in engine_problems(source)), engine_problems(source)


def test_engine_source_has_no_io_clock_or_global_random():
    from unokart_tui import engine

    paths = sorted(Path(engine.__file__).parent.glob("*.py"))
    assert len(paths) >= 6
    for path in paths:
        assert engine_problems(path.read_text(encoding="utf-8")) == [], path.name


def layers_of_the_contract() -> list[list[str]]:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    layers = next(c["layers"] for c in contracts["contracts"] if c["type"] == "layers" and "containers" not in c)
    return [[name.strip() for name in layer.replace("|", ":").split(":")] for layer in layers]


def test_every_module_and_folder_of_unokart_tui_is_in_one_layer_of_the_import_contract():
    """A new module or folder of unokart_tui must be in pyproject's layers, or import-linter would not check it."""
    listed = [name for layer in layers_of_the_contract() for name in layer if name.startswith("unokart_tui.")]
    package = ROOT / "unokart_tui"
    modules = {f"unokart_tui.{path.stem}" for path in package.glob("*.py") if path.stem != "__init__"}
    modules |= {f"unokart_tui.{path.parent.name}" for path in package.glob("*/__init__.py")}
    assert sorted(listed) == sorted(modules)


def test_the_layers_go_from_the_front_ends_down_to_the_engine():
    """The order ARCHITECTURE.md and docs/architecture.md describe, folder by folder."""
    assert layers_of_the_contract() == [
        ["unokart_tui.__main__"],
        ["unokart_tui.cli"],
        ["unokart_tui.tui", "unokart_tui.serve", "unokart_tui.plain"],
        ["unokart_tui.friends"],
        ["unokart_tui.table"],
        ["unokart_tui.history"],
        ["unokart_tui.crash", "unokart_tui.settings", "unokart_tui.rules_text"],
        ["unokart_tui.voice"],
        ["unokart_tui.glyphs"],
        ["unokart_tui.asciitext"],
        ["ai", "saves"],
        ["unokart_tui.files", "unokart_tui.locations", "unokart_tui.printable", "unokart_tui.defaults"],
        ["unokart_tui.engine"],
    ]


@pytest.mark.parametrize(
    ("argv", "not_loaded"),
    [
        # `unokart` opens the title, which only lists saves: the engine, the bots and the table
        # load with the first match, so the title's first frame does not wait for them (the
        # settings need only ai.config, the config directory).
        ([], ["unokart_tui.engine", "ai.registry", "ai.base", "unokart_tui.tui.screens.game"]),
        # A match started from the shell needs neither the title nor a TOML reader (it only writes).
        (["new", "--seed", "1"], ["unokart_tui.tui.screens.title", "tomllib", "importlib.resources"]),
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
