"""Every rule id of docs/rules.md and docs/house-rules.md is cited in the engine and proved by a test.

The two pages are the repository's own statement of the rules, so this runs in every clone and
never skips. It fails when an id is missing from the docs (the engine or its tests cite a rule the
docs do not state, a number is skipped, a Decision is dropped), from the engine, or from the tests.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unokart_tui.engine import PRESETS, RULE_IDS

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
HOUSE_RULES = ROOT / "docs" / "house-rules.md"
DOCS = [RULES, HOUSE_RULES]

# A rule as the pages state it: a list item opening with its id in bold, its text indented below.
ENTRY = re.compile(r"^- \*\*([A-Z]\d+[a-z]?)\*\* — (.*(?:\n  .*)*)", flags=re.MULTILINE)
# An id as code and test names cite it: "T3", "test_H1a_...", "(I1-I5)"; "H1" is not part of "H1a".
CITED = re.compile(r"(?<![A-Za-z0-9])([KDTAICUEH]\d{1,2}[a-z]?)(?![0-9a-z])")

# The families of ids each page numbers from 1: the printed rules' sections, the house rules.
FAMILIES = {RULES: "KDTAICUE", HOUSE_RULES: "H"}
AT_LEAST = {RULES: 39, HOUSE_RULES: 20}
# The rules whose text carries a binding Decision: rewording a page must not lose one.
DECISIONS = {
    RULES: {"D2", "T4", "A3", "A5", "I2", "I4", "U3", "E2"},
    HOUSE_RULES: {"H1a", "H1b", "H1c", "H1e", "H4a", "H4b", "H4c", "H5a", "H5b", "H7a", "H8"},
}


def rules_in(path: Path) -> dict[str, str]:
    """Each rule the page states, by id, with its text."""
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing: the rules live in the repository"
    entries = ENTRY.findall(path.read_text(encoding="utf-8"))
    ids = [rule_id for rule_id, _ in entries]
    assert len(ids) == len(set(ids)), f"stated twice in {path.name}: {sorted({i for i in ids if ids.count(i) > 1})}"
    return dict(entries)


def all_rules() -> dict[str, str]:
    return {rule_id: text for path in DOCS for rule_id, text in rules_in(path).items()}


def text_of(folder: str) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted((ROOT / folder).rglob("*.py")))


def cites(text: str, rule_id: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){rule_id}(?![0-9a-z])", text) is not None


@pytest.mark.parametrize("path", DOCS, ids=lambda path: path.name)
def test_the_docs_state_each_rule_once_numbered_without_a_gap(path):
    ids = list(rules_in(path))
    assert len(ids) >= AT_LEAST[path]
    for family in FAMILIES[path]:
        numbers = sorted({int(m[1]) for i in ids if (m := re.fullmatch(rf"{family}(\d+)[a-z]?", i))})
        assert numbers == list(range(1, len(numbers) + 1)), f"{family}: {numbers}"
        for number in numbers:
            letters = sorted(i[-1] for i in ids if re.fullmatch(rf"{family}{number}[a-z]", i))
            assert letters == [chr(ord("a") + n) for n in range(len(letters))], f"{family}{number}: {letters}"
    assert {i[0] for i in ids} == set(FAMILIES[path])


@pytest.mark.parametrize("path", DOCS, ids=lambda path: path.name)
def test_every_rule_is_cited_in_the_engine_and_the_tests(path):
    ids = list(rules_in(path))
    engine, tests = text_of("unokart_tui/engine"), text_of("tests/engine")
    missing_in_engine = [i for i in ids if not cites(engine, i)]
    missing_in_tests = [i for i in ids if not cites(tests, i)]
    assert missing_in_engine == []
    assert missing_in_tests == []


def test_every_rule_the_engine_or_its_tests_cite_is_in_the_docs():
    stated = set(all_rules())
    cited = set(CITED.findall(text_of("unokart_tui/engine"))) | set(CITED.findall(text_of("tests/engine")))
    assert sorted(cited - stated) == []


@pytest.mark.parametrize("path", DOCS, ids=lambda path: path.name)
def test_every_decision_is_stated_as_one(path):
    rules = rules_in(path)
    marked = {rule_id for rule_id, text in rules.items() if "**Decision" in text}
    assert sorted(DECISIONS[path] - marked) == []
    assert sorted(marked - DECISIONS[path]) == []


def test_the_house_rules_page_names_each_switch_and_preset_as_the_engine_does():
    text = HOUSE_RULES.read_text(encoding="utf-8")
    switches = dict(re.findall(r"^\| (H\d) \| `([a-z_]+)` \|", text, flags=re.MULTILINE))
    assert switches == {rule_id: switch for switch, rule_id in RULE_IDS.items()}
    section = text.split("\n## Presets\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z]+)` \| ([^|]*) \|$", section, flags=re.MULTILINE)
    presets = {name: set(re.findall(r"H\d", cell)) for name, cell in rows}
    assert presets == {name: {RULE_IDS[switch] for switch in on} for name, on in PRESETS.items()}
