"""The catalogs keep docs/languages.md's glossary: one word for each card and item, written one way.

Found by the translators (issue 32): the Dutch catalog wrote *Groene schelp* in one sentence and
*groene schelp* in the next, and Slovak's Item Box is *Predmet Box* on its own and *predmet Box*
only inside the card's name, *Divoký predmet Box*.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from unokart_tui.voice import LOCALE_DIR

babel = pytest.importorskip("babel.messages.pofile")  # a test dependency: pyproject's "test" extra

# The items as the glossary writes them: names, capitalised wherever they stand.
ITEMS = {
    "sk": ("Huba", "Banánová šupka", "Zelená škrupina", "Blesk", "Bob-omb"),
    "nl": ("Paddenstoel", "Bananenschil", "Groene schelp", "Bliksemschicht", "Bob-omb"),
}
# Dutch keeps the cards' printed English names (glossary), in their printed case.
NL_CARDS = ("Draw Two", "Skip", "Reverse", "Wild Draw Four", "Wild Item Box", "Item Box")


@cache
def translations(language: str) -> tuple[str, ...]:
    with (LOCALE_DIR / language / "LC_MESSAGES" / "unokart.po").open("rb") as file:
        catalog = babel.read_po(file, locale=language)
    found: list[str] = []
    for message in catalog:
        if message.id:
            found += message.string if isinstance(message.string, tuple) else [message.string]
    return tuple(found)


@pytest.mark.parametrize("language", ["sk", "nl"])
def test_an_item_is_written_as_the_glossary_writes_it(language):
    for item in ITEMS[language]:
        head, rest = item.split(" ", 1) if " " in item else (item, "")
        # The first word may be declined in Slovak (Zelenú škrupinu): its stem is enough to find it.
        stem = head[:-1] if language == "sk" and len(head) > 4 else head
        pattern = re.compile(rf"\b{re.escape(stem)}\w*" + (rf"\s+{re.escape(rest[:-1])}\w*" if rest else r"\b"), re.I)
        for text in translations(language):
            for hit in pattern.finditer(text):
                assert hit.group()[0] == item[0], f"{language}: {hit.group()!r} in {text!r}"


def test_dutch_cards_keep_their_printed_names():
    for name in NL_CARDS:
        pattern = re.compile(rf"\b{re.escape(name)}\b", re.I)
        for text in translations("nl"):
            for hit in pattern.finditer(text):
                # "you draw two" is a count, not the card: only a capitalised Draw is the card.
                if hit.group()[0].isupper() or name not in {"Draw Two", "Skip", "Reverse"}:
                    assert hit.group() == name, f"nl: {hit.group()!r} in {text!r}"


def test_slovak_item_box_is_capitalised_except_inside_the_cards_name():
    for text in translations("sk"):
        for hit in re.finditer(r"(\w+\s+)?(predmet)\s+Box", text, re.I):
            inside_card = (hit.group(1) or "").strip().lower().startswith("divok")
            assert hit.group(2) == ("predmet" if inside_card else "Predmet"), f"sk: {hit.group()!r} in {text!r}"
