"""The messages marked in the package, as ``pybabel extract -F babel.cfg`` finds them, extracted once a process.

The catalog's tests and the translations' tests both read them: Babel's walk through the package costs
about a CPU-second, and each file extracted it for itself.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Message(NamedTuple):
    file: str
    line: int
    ids: tuple[str, ...]  # the singular, and the plural for ngettext
    context: str | None


@cache
def marked_messages() -> tuple[Message, ...]:
    """Every message marked in the package, where Babel found it (``babel.cfg`` and its keywords)."""
    pytest.importorskip("babel")  # a test dependency: pyproject's "test" extra
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    keywords = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)}  # as babel.cfg says, for a Babel that reads no keywords there
    with (ROOT / "babel.cfg").open(encoding="utf-8") as mapping:
        method_map, options_map = parse_mapping_cfg(mapping, "babel.cfg")
    found = []
    for file, line, message, _comments, context in extract_from_dir(ROOT, method_map, options_map, keywords=keywords):
        ids = message if isinstance(message, tuple) else (message,)
        found.append(Message(file, line, tuple(ids), context))
    return tuple(found)
