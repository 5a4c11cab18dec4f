"""The rules in line mode (issue 33): the Rules screen's text by section, with no Markdown left in a line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unokart_tui.plain.rules import SUMMED_UP, read_rules, rule_sections
from unokart_tui.voice import speaking

from .pages import after, read

RULES_DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
# A rule as docs/rules.md states it (tests/test_rule_ids.py reads it the same way).
ENTRY = re.compile(r"^- \*\*([A-Z]\d+[a-z]?)\*\* — ", flags=re.MULTILINE)
MARKUP = ("#", "**", "|", "\\", "`", "*")


def every_section() -> list[str]:
    count = len(rule_sections())
    return read(read_rules, [str(number) for number in range(1, count + 1)])


def test_the_page_opens_on_the_numbered_list_of_sections():
    lines = read(read_rules, [])
    titles = [section.title for section in rule_sections()]
    assert lines[0] == f"The rules, in {len(titles)} sections:"
    assert lines[1 : len(titles) + 1] == [f"{number}. {title}" for number, title in enumerate(titles, start=1)]
    assert titles[:3] == ["UNO Mario Kart", "Playing", "Action cards"]
    assert {"House rules", "The full rules"} <= set(titles)


def test_no_markdown_reaches_a_line():
    lines = every_section()
    marked = [line for line in lines if any(mark in line for mark in MARKUP)]
    assert not marked
    assert "Draw Two: the next player draws two and loses the turn. No stacking." in lines  # was "- **Draw Two**: ..."


def test_a_table_row_is_one_line_with_each_cell_named_by_its_column():
    lines = after(read(read_rules, ["The Item Box"]), "Section 4 of")
    assert "turned card: red; item: Mushroom; what happens: you take another turn." in lines
    assert "turned card: a wild; item: Bob-omb; what happens: you draw 2 and choose the colour." in lines


def test_the_items_are_named_without_their_symbols():
    lines = after(read(read_rules, ["1"]), "Section 1 of")
    assert "red: Mushroom, you play again" in lines
    assert "a wild: Bob-omb, you draw 2 and choose the colour" in lines


def test_a_paragraph_is_read_a_sentence_a_line():
    lines = after(read(read_rules, ["playing"]), "Section 2 of")
    assert lines[1:3] == [
        "Everyone starts with 7 cards.",
        "On your turn, play a card that matches the top card by colour, number or symbol (Skip on Skip, "
        "Reverse on Reverse, Draw Two on Draw Two); or play a wild card, which always fits.",
    ]


def test_the_page_holds_every_rule_id_of_docs_rules_md():
    ids = ENTRY.findall(RULES_DOC.read_text(encoding="utf-8"))
    assert len(ids) >= 39
    text = "\n".join(every_section())
    missing = [rule for rule in ids if not re.search(rf"(?<![A-Za-z0-9]){rule}(?![0-9a-z])", text)]
    assert not missing


def test_every_house_rule_is_read_with_its_id():
    lines = after(read(read_rules, ["house rules"]), "Section 9 of")
    for number in range(1, 10):
        assert any(line.startswith(f"H{number}, ") for line in lines)


@pytest.mark.parametrize(
    ("language", "ids_line"),
    [("sk", "V úplných pravidlách: D3, T1, T2, T3, T4."), ("nl", "In de volledige regels: D3, T1, T2, T3, T4.")],
)
def test_a_translation_is_cut_into_the_same_sections_with_their_ids(language, ids_line):
    with speaking(language):
        sections = rule_sections()
    assert len(sections) == len(SUMMED_UP) + 1
    assert sections[1].title != "Playing"  # read in the player's language
    assert sections[1].lines[-1] == ids_line


def test_next_and_previous_go_section_by_section_and_say_where_they_stop():
    count = len(rule_sections())
    lines = read(read_rules, ["previous", "next", "", "previous", str(count), "next"])
    headings = [line for line in lines if line.startswith("Section ")]
    assert headings == [
        f"Section 1 of {count}: UNO Mario Kart.",
        f"Section 2 of {count}: Playing.",
        f"Section 1 of {count}: UNO Mario Kart.",
        f"Section {count} of {count}: The full rules.",
    ]
    assert "This is the first section: type next for the one after it." in lines
    assert lines[-1] == "That was the last section: type contents for the list, back to leave."


def test_find_lists_the_sections_that_mention_a_word():
    lines = read(read_rules, ["find banana", "find zebra", "find"])
    assert lines[-3] == (
        "banana is in 4 sections: 1. UNO Mario Kart, 4. The Item Box, "
        "8. Decisions this game takes where the printed rules are unclear, 9. House rules."
    )
    assert lines[-2] == "No section mentions zebra."
    assert lines[-1] == "Say what to find: find and a word, such as find Banana."


def test_a_rule_id_is_found_where_it_is_told_in_short():
    lines = read(read_rules, ["find C2", "find D7"])
    assert lines[-2] == "C2 is in 1 section: 5. Challenging a Wild Draw Four."
    assert lines[-1] == "D7 is in 1 section: 10. The full rules."


def test_a_section_is_read_by_its_name_or_the_start_of_it():
    lines = read(read_rules, ["UNO", "chall", "zebra", "99", "the"])
    assert [line for line in lines if line.startswith("Section ")][:2] == [
        "Section 6 of 10: UNO.",
        "Section 5 of 10: Challenging a Wild Draw Four.",
    ]
    assert lines[-3] == "No section is called zebra: type contents for the list."
    assert lines[-2] == "Type a number from 1 to 10."
    assert lines[-1] == "Several sections are called the: 4. The Item Box, 10. The full rules. Type a number."


@pytest.mark.parametrize("back", ["back", "b", "q", "QUIT"])
def test_back_leaves_the_page_and_reads_no_further(back):
    lines = read(read_rules, [back, "1"])
    assert not any(line.startswith("Section ") for line in lines)


def test_help_lists_the_pages_commands():
    lines = read(read_rules, ["help"])
    assert lines[-5:][0] == "A number or a name, such as 3 or UNO: read that section."
    assert lines[-1] == "back: leave the rules."


def test_the_rules_in_line_mode_name_no_key_and_no_file_outside_the_game():
    """Found in the second playtest: section 9 named ctrl+r and key j, section 10 sent to docs/rules.md."""
    from unokart_tui.plain.rules import rule_sections

    sections = rule_sections()
    said = [line for section in sections for line in section.lines]
    for outside in ("ctrl+", "key j", ".md"):
        assert not any(outside in line for line in said), outside
    assert any("(type jump)" in line for line in said)
    full = sections[-1].lines
    for rule in ("K1", "K2", "K5", "D1", "D4", "D5", "D6", "D7", "D8", "D9"):
        assert any(line.startswith(f"{rule}: ") for line in full), rule
