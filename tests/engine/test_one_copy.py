"""``Round.copy()`` is the one way to copy a round: no module of the game copies one by copy or pickle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _copies_by_other_means(source: str) -> list[str]:
    """The modules ``copy`` and ``pickle`` (or their functions) that ``source`` imports."""
    if "copy" not in source and "pickle" not in source:
        return []  # an import names its module: nine files in ten need no parse (which took the whole test's time)
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name in ("copy", "pickle")]
        elif isinstance(node, ast.ImportFrom) and node.module in ("copy", "pickle") and node.level == 0:
            found.append(node.module)
    return found


def test_the_check_sees_a_deepcopy_or_a_pickle():
    assert _copies_by_other_means("import copy\ncopy.deepcopy(r)") == ["copy"]
    assert _copies_by_other_means("from pickle import loads") == ["pickle"]
    assert _copies_by_other_means("from . import copy") == []
    assert _copies_by_other_means("other = round_.copy()") == []


def test_no_module_of_the_game_copies_by_copy_or_pickle():
    found = {}
    for package in ("unokart_tui", "ai", "saves"):
        for path in sorted((ROOT / package).rglob("*.py")):
            modules = _copies_by_other_means(path.read_text(encoding="utf-8"))
            if modules:
                found[str(path.relative_to(ROOT))] = modules
    assert found == {}
