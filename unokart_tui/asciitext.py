"""Text for a terminal that shows ASCII only: each character that is not ASCII stands in for by one that is.

With the ASCII symbols chosen (or picked by ``auto``), everything the screen draws goes
through ``ascii_text`` on its way out (``widgets/asciifilter.py``): the game's own words,
Textual's borders and scrollbars, the command palette. A stand-in takes the cells the
character took, so nothing on screen moves: a box-drawing line becomes ``-`` or ``|``, a
corner ``+``, an accented letter its letter (``Zoë`` shows as ``Zoe``; the name is kept as
typed), a symbol of the Unicode glyph set the ASCII set's symbol for it.

No Textual, no engine: the app decides at its start, before the cards are loaded.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from functools import lru_cache

# One cell for one cell, where a character's decomposition says nothing useful. The Unicode glyph
# set's symbols get the ASCII set's (glyphs.py): ☂ ☽ ◉ ↯ ✸ are the items, ▶ › the seats to act.
STAND_INS = {
    "☂": "^",
    "☽": ")",
    "◉": "@",
    "↯": "!",
    "✸": "*",
    "⊘": "S",
    "▶": ">",
    "◀": "<",
    "›": "~",  # the ASCII set's "next": "." is the separator "·" everywhere, "*" a Bob-omb in a last move
    "‹": ".",
    "↻": ">",
    "↺": "<",
    "↶": "<",  # an undo in the log: a move taken back
    "⚠": "!",
    # Textual's Markdown bullets, one for each depth of a list.
    "▪": "-",
    "‣": ">",
    "⭑": "*",
    "◦": "o",
    # The charts' markers (charts.py) and their "several here": ten series told apart, in ASCII too.
    "●": "o",
    "■": "#",
    "▲": "^",
    "◆": "+",
    "▼": "v",
    "○": "O",
    "□": "=",
    "△": "x",
    "◇": "%",
    "★": "*",
    "✱": "&",
    "☆": "*",
    "▽": "v",
    "•": "*",
    "·": ".",
    "…": ".",
    "—": "-",
    "–": "-",
    "−": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "«": "<",
    "»": ">",
    "×": "x",
    "÷": "/",
    "±": "+",
    "≤": "<",
    "≥": ">",
    "≠": "#",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "░": "/",
    "▒": "#",
    "▓": "#",
    "█": "#",
    "⏎": "<",
    "↵": "<",
    "⌫": "<",
    "€": "E",
    "£": "L",
    "°": "o",
    "\u00a0": " ",
}


def ascii_shown(environ: Mapping[str, str]) -> bool:
    """Whether ``auto`` picks ASCII: the locale is not UTF-8, or the terminal is the Linux console."""
    locale = environ.get("LC_ALL") or environ.get("LC_CTYPE") or environ.get("LANG") or ""
    utf8 = "utf-8" in locale.lower() or "utf8" in locale.lower()
    return not utf8 or environ.get("TERM", "") == "linux"


def ascii_chosen(choice: str, environ: Mapping[str, str]) -> bool:
    """Whether the settings' symbols (``unicode``, ``ascii`` or ``auto``) come to ASCII."""
    return choice == "ascii" or (choice == "auto" and ascii_shown(environ))


def _cells(character: str) -> int:
    if unicodedata.combining(character) or unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in "WF" else 1


@lru_cache(maxsize=4096)
def stand_in(character: str) -> str:
    """ASCII for one character, as many cells wide as the character is."""
    if character.isascii():
        return character
    if character in STAND_INS:
        return STAND_INS[character]
    cells = _cells(character)
    if cells == 0:
        return ""
    name = unicodedata.name(character, "")
    if name.startswith("BOX DRAWINGS"):
        if "HORIZONTAL" in name and "VERTICAL" not in name:
            return "-"
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        return "+"
    if "BLOCK" in name and ("LOWER" in name or "UPPER" in name or "LEFT" in name or "RIGHT" in name):
        return " " * cells  # a scrollbar's part of a cell: its colour still shows the bar
    if "ARROW" in name or "TRIANGLE" in name:
        for word, arrow in (("LEFT", "<"), ("RIGHT", ">"), ("UP", "^"), ("DOWN", "v")):
            if word in name:
                return arrow * cells
    letters = unicodedata.normalize("NFKD", character).encode("ascii", "ignore").decode("ascii")
    if len(letters) == cells:
        return letters
    return "?" * cells


def ascii_text(text: str) -> str:
    """``text`` with every character ASCII, each in the cells its own took."""
    if text.isascii():
        return text
    return "".join(stand_in(character) for character in text)
