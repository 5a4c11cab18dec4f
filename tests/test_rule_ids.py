"""Every rule id of RULES.md is cited in the engine and proved by a test."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "RULES.md"


def rule_ids() -> list[str]:
    if not RULES.exists():
        pytest.skip(f"{RULES} is not beside this checkout")
    return re.findall(r"^\| ([A-Z]\d+) \|", RULES.read_text(), flags=re.MULTILINE)


def text_of(folder: str) -> str:
    return "\n".join(path.read_text() for path in (ROOT / folder).rglob("*.py"))


def test_every_rule_is_cited_in_the_engine_and_the_tests():
    ids = rule_ids()
    assert len(ids) >= 39
    engine, tests = text_of("unokart_tui/engine"), text_of("tests/engine")
    missing_in_engine = [i for i in ids if not re.search(rf"\b{i}\b", engine)]
    missing_in_tests = [i for i in ids if not re.search(rf"(_{i}_|\b{i}\b)", tests)]
    assert missing_in_engine == []
    assert missing_in_tests == []
