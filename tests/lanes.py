"""The fast lane (``pytest -m "not slow"``): which tests it leaves to the full run, and what it still touches.

The rule (``tests/conftest.py`` applies it, ``docs/development.md`` states it): a test that runs a whole
program, the Textual App (the ``pilot`` fixture, ``App.run_test``), a process of its own (``subprocess``,
a pseudo-terminal) or an SSH connection to the host (``asyncssh``), is slow, except the first such test of
each test file, which stays in the fast lane as that file's representative. A program costs 0.2 to 3 CPU-s
a test to start and drive where a test of the table, the engine or a store without it costs milliseconds;
a file's first such test still starts its screens or its command. The end-to-end tests and the snapshots
are slow whole.

Whether the fast lane still touches every module is read from the imports of its test files: a module of
``unokart_tui``, ``ai`` or ``saves`` is touched when a test file with a fast test imports it, through the
test helpers it imports and the imports of the modules it loads (read from their source, not run).
"""

from __future__ import annotations

import ast
import types
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("unokart_tui", "ai", "saves")

# Names in a test's code that mean it runs a whole program: the App's own run, a process, an SSH connection.
PROGRAM_NAMES = frozenset({"run_test", "subprocess", "create_subprocess_exec", "openpty", "pty", "pexpect", "asyncssh"})

# Modules no test loads yet, each with why: the check fails when one is touched (take it out of here) and
# when another joins it untouched (test it, or say here why not).
NOT_TOUCHED_YET: dict[str, str] = {}


def runs_a_program(function: object, fixtures: Iterable[object] = ()) -> bool:
    """Whether ``function`` (a test), the test helpers it calls or its ``fixtures`` start an App or a process."""
    seen: set[int] = set()
    return any(_names_a_program(f, seen) for f in (function, *fixtures))


def _names_a_program(function: object, seen: set[int]) -> bool:
    function = getattr(function, "__wrapped__", function)
    code = getattr(function, "__code__", None)
    if code is None or id(code) in seen:
        return False
    seen.add(id(code))
    global_names = getattr(function, "__globals__", {})
    for names in _names_in(code):
        if not PROGRAM_NAMES.isdisjoint(names):
            return True
        for name in names:
            helper = global_names.get(name)
            if str(getattr(helper, "__module__", "")).startswith("tests") and any(
                _names_a_program(function, seen) for function in _functions_of(helper)
            ):
                return True
    return False


def _functions_of(helper: object) -> list[object]:
    """A test helper's code: a function's own, or every method of a class (a terminal the test drives)."""
    if isinstance(helper, type):
        return [getattr(member, "__func__", member) for member in vars(helper).values()]
    return [helper] if callable(helper) else []


def _names_in(code: types.CodeType) -> Iterator[tuple[str, ...]]:
    yield code.co_names
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _names_in(constant)


def modules() -> set[str]:
    """Every module of the packages with code, by its dotted name.

    Left out: ``__main__`` (it starts the game), and a package that is its docstring alone (a layer's place
    before its first module): it has nothing to run.
    """
    found = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = _module_name(path)
            if not name.endswith("__main__") and _has_code(path):
                found.add(name)
    return found


def _has_code(path: Path) -> bool:
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return any(
        not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
        and not (isinstance(node, ast.ImportFrom) and node.module == "__future__")
        for node in body
    )


def untouched_modules(fast_test_files: Iterable[Path]) -> list[str]:
    """The modules of the packages that no test file in ``fast_test_files`` loads, sorted."""
    wanted = modules()
    touched: set[str] = set()
    to_read = [_module_name(Path(path).resolve()) for path in fast_test_files]
    read: set[str] = set()
    while to_read:
        name = to_read.pop()
        if name in read:
            continue
        read.add(name)
        for dotted in _imports(name):
            # ``from package import module`` names a module too, and a module loads its packages.
            imported = dotted
            while imported:
                if imported in wanted or (imported.startswith("tests.") and _source(imported) is not None):
                    touched.add(imported)
                    to_read.append(imported)
                imported = imported.rpartition(".")[0]
    return sorted(wanted - touched)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _source(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


@cache
def _imports(name: str) -> frozenset[str]:
    path = _source(name)
    if path is None:
        return frozenset()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return frozenset(found)
