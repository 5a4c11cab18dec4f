"""What the game reads beside its code is shipped with it: pyproject's package data names every such file."""

from __future__ import annotations

import tomllib
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "unokart_tui"
# Sources of the compiled catalogs, and the template they are made from: the game reads only the .mo.
NOT_READ_BY_THE_GAME = {".py", ".po", ".pot", ".pyc"}


def shipped(relative: PurePosixPath, patterns: list[str]) -> bool:
    return any(len(relative.parts) == len(PurePosixPath(p).parts) and relative.match(p) for p in patterns)


def test_every_data_file_of_the_package_is_in_its_package_data():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"
    ]["unokart_tui"]
    data = [
        PurePosixPath(path.relative_to(PACKAGE).as_posix())
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in NOT_READ_BY_THE_GAME and "__pycache__" not in path.parts
    ]
    assert {"tui/unokart.tcss", "history/match_lengths.toml"} <= {str(path) for path in data}
    assert [str(path) for path in data if not shipped(path, patterns)] == []


def test_the_check_sees_a_file_left_out():
    assert not shipped(PurePosixPath("tui/unokart.tcss"), ["rules_presets/*.toml"])
    assert not shipped(PurePosixPath("a/b/c.toml"), ["a/*.toml"])
    assert shipped(PurePosixPath("voice/locale/sk/LC_MESSAGES/unokart.mo"), ["voice/locale/*/LC_MESSAGES/*.mo"])
