"""The rules in line mode: the Rules screen's text (``rules_text.py``), section by section, as plain lines.

The Markdown the screen draws becomes lines a screen reader reads as they are: a heading opens a
section, a paragraph is said a sentence a line, a list item is a line, a table's row is a line
with each cell named by its column; no ``#``, ``**``, ``|`` or backslash is left. The items'
symbols are left out: they are pictures, and the item's name is said beside each.

Each section ends with the ids of the full rules (docs/rules.md) it sums up, and a last section
tells those only the full rules give, so ``find T3`` finds where rule T3 is told in short.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..glyphs import WORDS
from ..rules_text import every_house_rule
from ..rules_text import rules as rules_markdown
from ..voice import plain_pages as words
from ..voice.plain import words_only
from .lines import Lines
from .pages import HELP, say, typed

# The items without their symbols (a picture read aloud is noise): the item's name is said beside it.
NO_SYMBOLS = WORDS

# The ids of docs/rules.md each section of the rules sums up, in the order of the sections: the
# items, Playing, Action cards, The Item Box, Challenging, UNO, Winning, the Decisions, the house rules
# (whose lines carry their own ids, H1 to H9).
SUMMED_UP: tuple[tuple[str, ...], ...] = (
    ("K3", "A5", "I1", "I2", "I3", "I4", "I5"),
    ("D3", "T1", "T2", "T3", "T4"),
    ("A1", "A2", "A3", "A4"),
    ("A5", "I1", "I2", "I3", "I4", "I5"),
    ("C1", "C2", "C3"),
    ("U1", "U2", "U3"),
    ("E1", "E2", "E3", "E4", "K4", "D10"),
    ("D2", "A3", "I2", "I4", "T4", "I5"),
    (),
)
# What only the full rules say (the deck, how cards are written, how many play, the first card) is told in
# the last section, each rule with its id: K1, K2, K5, D1, D4 to D9.

BOLD_OR_ITALIC = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*")
ESCAPED = re.compile(r"\\(.)")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


class Section(NamedTuple):
    title: str
    lines: tuple[str, ...]


def plain_text(markdown: str) -> str:
    """``markdown``'s inline marks taken off: bold, italic, code and escapes; spaces made single; a dash
    between two thoughts a semicolon, as at the table (read aloud, it is "em dash")."""
    text = BOLD_OR_ITALIC.sub(lambda found: found.group(1) or found.group(2), markdown)
    text = ESCAPED.sub(r"\1", text).replace("`", "")
    return words_only(text)


def sentences(paragraph: str) -> list[str]:
    """A paragraph a sentence a line: a sentence ends at ``.``, ``!`` or ``?`` before a capital letter."""
    parts = SENTENCE_END.split(paragraph)
    merged: list[str] = []
    for part in parts:
        if merged and not part[0].isupper():  # "(500 unless ...)": not a new sentence
            merged[-1] += " " + part
        else:
            merged.append(part)
    return merged


def _cells(row: str) -> list[str]:
    return [plain_text(cell) for cell in row.strip().strip("|").split("|")]


def _table(rows: list[str]) -> list[str]:
    headers = _cells(rows[0])
    body = [_cells(row) for row in rows[1:] if not set(row) <= set("|-: ")]  # the rule under the headers
    return [words.table_row([words.table_cell(h, c) for h, c in zip(headers, cells, strict=False)]) for cells in body]


def _block(block: list[str]) -> list[str]:
    """One Markdown block (no empty line in it) as lines."""
    if block[0].startswith("|"):
        return _table(block)
    if block[0].startswith("- "):
        items: list[str] = []
        for line in block:
            if line.startswith("- "):
                items.append(line[2:])
            else:
                items[-1] += " " + line
        return [plain_text(item) for item in items if plain_text(item)]
    return sentences(plain_text(" ".join(block)))


def markdown_sections(markdown: str) -> list[Section]:
    """``markdown`` cut at its headings (``#`` or ``##``): each section's title and its lines."""
    sections: list[Section] = []
    title = ""
    said: list[str] = []
    block: list[str] = []

    def end_block() -> None:
        if block:
            said.extend(_block(block))
            block.clear()

    for line in markdown.splitlines():
        if line.startswith("#"):
            end_block()
            if title or said:
                sections.append(Section(title, tuple(said)))
            title, said = plain_text(line.lstrip("#")), []
        elif not line.strip():
            end_block()
        else:
            block.append(line)
    end_block()
    if title or said:
        sections.append(Section(title, tuple(said)))
    return sections


def rule_sections() -> list[Section]:
    """The rules as the Rules screen opened from the title shows them, in this context's language, by section."""
    sections = markdown_sections(rules_markdown(NO_SYMBOLS) + "\n" + every_house_rule(line_mode=True))
    if len(sections) == len(SUMMED_UP):  # a translation that cut the rules otherwise is read without the ids
        sections = [
            Section(section.title, (*section.lines, words.rule_ids(ids)) if ids else section.lines)
            for section, ids in zip(sections, SUMMED_UP, strict=True)
        ]
    full = Section(words.full_rules_title(), tuple(words.full_rules_lines()))
    return [*sections, full]


class RulesPage:
    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.sections = rule_sections()
        self.at = -1  # the section read last; -1 before the first

    def contents(self) -> None:
        say(self.lines, words.rules_opened(len(self.sections)))
        say(self.lines, *(words.section_item(n, s.title) for n, s in enumerate(self.sections, start=1)))
        say(self.lines, words.rules_prompt())

    def read(self, index: int) -> None:
        self.at = index
        section = self.sections[index]
        say(self.lines, words.section_heading(index + 1, len(self.sections), section.title), *section.lines)

    def step(self, way: int) -> None:
        to = self.at + way
        if to >= len(self.sections):
            say(self.lines, words.last_section())
        elif to < 0:
            say(self.lines, words.first_section())
        else:
            self.read(to)

    def find(self, word: str) -> None:
        if not word:
            say(self.lines, words.find_what())
            return
        folded = word.casefold()
        found = [
            words.section_item(n, s.title)
            for n, s in enumerate(self.sections, start=1)
            if folded in s.title.casefold() or any(folded in line.casefold() for line in s.lines)
        ]
        say(self.lines, words.found_in(word, found))

    def by_name(self, text: str) -> None:
        folded = text.casefold()
        titles = [s.title.casefold() for s in self.sections]
        chosen = [n for n, title in enumerate(titles) if title == folded]
        chosen = chosen or [n for n, title in enumerate(titles) if title.startswith(folded)]
        chosen = chosen or [n for n, title in enumerate(titles) if folded in title]
        if len(chosen) == 1:
            self.read(chosen[0])
        elif chosen:
            listed = [words.section_item(n + 1, self.sections[n].title) for n in chosen]
            say(self.lines, words.several_sections(text, listed))
        else:
            say(self.lines, words.no_such_section(text))

    def run(self) -> None:
        self.contents()
        for command in typed(self.lines):
            if command.word in ("", "next", "n"):
                self.step(1)
            elif command.word in ("previous", "prev", "p"):
                self.step(-1)
            elif command.word in ("find", "f"):
                self.find(command.rest)
            elif command.word in ("contents", "list", "c", "l"):
                self.contents()
            elif command.word in HELP:
                say(self.lines, *words.rules_help())
            elif command.line.isdecimal() and 1 <= int(command.line) <= len(self.sections):
                self.read(int(command.line) - 1)
            elif command.line.isdecimal():
                say(self.lines, words.which_number(len(self.sections)))
            else:
                self.by_name(command.line)


def read_rules(lines: Lines) -> None:
    """The rules, read section by section, until the person types ``back`` or their input ends."""
    RulesPage(lines).run()
