"""Every rule id of RULES.md and HOUSE_RULES.md is cited in the engine and proved by a test."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "RULES.md"
HOUSE_RULES = ROOT.parent / "shared" / "HOUSE_RULES.md"


def rule_ids(path: Path) -> list[str]:
    """The ids of a rules file: the first cell of its table rows (``T3``, ``H1a``), once each."""
    if not path.exists():
        pytest.skip(f"{path} is not beside this checkout")
    return list(dict.fromkeys(re.findall(r"^\| ([A-Z]\d+[a-z]?) \|", path.read_text(), flags=re.MULTILINE)))


def text_of(folder: str) -> str:
    return "\n".join(path.read_text() for path in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize(("path", "at_least"), [(RULES, 39), (HOUSE_RULES, 20)], ids=["RULES", "HOUSE_RULES"])
def test_every_rule_is_cited_in_the_engine_and_the_tests(path, at_least):
    ids = rule_ids(path)
    assert len(ids) >= at_least
    engine, tests = text_of("unokart_tui/engine"), text_of("tests/engine")
    missing_in_engine = [i for i in ids if not re.search(rf"\b{i}\b", engine)]
    missing_in_tests = [i for i in ids if not re.search(rf"(_{i}_|\b{i}\b)", tests)]
    assert missing_in_engine == []
    assert missing_in_tests == []
