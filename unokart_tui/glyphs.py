"""The characters the table is drawn with: one set for terminals that show Unicode, one in plain ASCII.

Every character is one cell wide and none is an emoji: emoji are drawn two cells wide by
some terminals and one by others, and as empty boxes by many fonts. The Unicode set
uses only characters of DejaVu Sans Mono (the font most terminals fall back to; Menlo
and many others derive from it), so a player over SSH sees what a player at home sees.
The ASCII set is for a terminal, a locale or a font that cannot show them: ``auto``
picks it when the locale is not UTF-8 or the terminal is the Linux console.

No Textual here: the log's words and the table's data are built with these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import NamedTuple

from .asciitext import ascii_shown
from .engine import Item, Rank


class Edges(NamedTuple):
    """A card's outline: the corners, the top and bottom lines, the sides."""

    top_left: str
    top: str
    top_right: str
    side: str
    bottom_left: str
    bottom: str
    bottom_right: str

    def line(self, width: int, *, bottom: bool) -> str:
        if bottom:
            return self.bottom_left + self.bottom * (width - 2) + self.bottom_right
        return self.top_left + self.top * (width - 2) + self.top_right


@dataclass(frozen=True, eq=False)  # compared and hashed as the object: a set is one of the two below
class Glyphs:
    name: str
    items: Mapping[Item, str]  # the item each card carries (K3), one cell
    ranks: Mapping[Rank, str]  # the short form's symbol for the ranks that are not written as they are
    big: Mapping[str, tuple[str, str, str]]  # a rank drawn three lines high, by character ("7", "+", "?"...)
    edges: Edges  # a card
    selected: Edges  # the card under the cursor
    unplayable: Edges  # a card that cannot be played now: told by its outline too, not only by its colour
    selected_unplayable: Edges  # the cursor's card when it cannot be played: heavy, and broken like the others
    back: str  # the pattern on a card's back
    fan: tuple[
        str, str, str, str
    ]  # a hand of backs: each card's left edge (top, bottom), the last card's (top, bottom)
    turn: str  # the seat to act
    next: str  # the seat after it
    clockwise: str
    anticlockwise: str
    marks: str  # the four colours' marks on a wild card, one cell each


def _digits(*rows: str) -> dict[str, tuple[str, str, str]]:
    """Ten digits three lines high, each three cells wide, given as three rows of thirty cells."""
    return {
        str(d): (rows[0][3 * d : 3 * d + 3], rows[1][3 * d : 3 * d + 3], rows[2][3 * d : 3 * d + 3]) for d in range(10)
    }


UNICODE = Glyphs(
    name="unicode",
    items={
        Item.MUSHROOM: "☂",  # a cap on a stalk
        Item.BANANA: "☽",
        Item.GREEN_SHELL: "◉",
        Item.LIGHTNING: "↯",
        Item.BOB_OMB: "✸",
    },
    ranks={Rank.SKIP: "⊘", Rank.REVERSE: "⇄", Rank.DRAW_TWO: "+2", Rank.WILD_DRAW_FOUR: "+4", Rank.WILD_ITEM_BOX: "?"},
    big={
        **_digits(
            "┏━┓╺┓ ╺━┓╺━┓╻ ╻┏━╸┏━╸╺━┓┏━┓┏━┓",
            "┃ ┃ ┃ ┏━┛ ━┫┗━┫┗━┓┣━┓  ┃┣━┫┗━┫",
            "┗━┛╺┻╸┗━╸╺━┛  ╹╺━┛┗━┛  ╹┗━┛╺━┛",
        ),
        "+": ("   ", "╺╋╸", "   "),
        "?": ("┏━┓", " ┏┛", " ╹ "),
        "⊘": ("╭─╮", "│╲│", "╰─╯"),
        "⇄": ("╭◀╮", "│ │", "╰▶╯"),
    },
    edges=Edges("╭", "─", "╮", "│", "╰", "─", "╯"),
    selected=Edges("┏", "━", "┓", "┃", "┗", "━", "┛"),
    unplayable=Edges("╭", "┄", "╮", "┆", "╰", "┄", "╯"),
    selected_unplayable=Edges("┏", "┅", "┓", "┇", "┗", "┅", "┛"),
    back="░",
    fan=("╭", "╰", "╭──╮", "╰──╯"),
    turn="▶",
    next="›",
    clockwise="↻",
    anticlockwise="↺",
    marks="■■■■",
)

ASCII = Glyphs(
    name="ascii",
    items={
        Item.MUSHROOM: "^",
        Item.BANANA: ")",
        Item.GREEN_SHELL: "@",
        Item.LIGHTNING: "!",
        Item.BOB_OMB: "*",
    },
    ranks={Rank.SKIP: "S", Rank.REVERSE: "<>", Rank.DRAW_TWO: "+2", Rank.WILD_DRAW_FOUR: "+4", Rank.WILD_ITEM_BOX: "?"},
    big={
        **_digits(
            " _     _  _     _  _  _  _  _ ",
            "| |  | _| _||_||_ |_   ||_||_|",
            "|_|  ||_  _|  | _||_|  ||_| _|",
        ),
        "+": ("   ", "-+-", "   "),
        "?": (" _ ", " _)", " . "),
        "S": (" _ ", "(/)", "   "),
        "<>": ("<--", "   ", "-->"),
    },
    edges=Edges("+", "-", "+", "|", "+", "-", "+"),
    selected=Edges("#", "=", "#", "#", "#", "=", "#"),
    unplayable=Edges(".", ".", ".", ":", "'", ".", "'"),
    selected_unplayable=Edges("#", ".", "#", ":", "#", ".", "#"),
    back="/",
    fan=("[", "[", "[##]", "[##]"),
    turn=">",
    next="~",  # not ">": the seat to act is told from the one after it; not "." (the separators) nor "*" (Bob-omb)
    clockwise="->",
    anticlockwise="<-",
    marks="RYGB",
)

# Line mode's (issue 33): the ASCII codes a keyboard types, and no symbol for an item, which a screen
# reader would read out as punctuation ("! Lightning"): the item is named in words instead. Not a
# choice of the settings: a table drawn in boxes needs the symbols.
WORDS = replace(ASCII, name="words", items=dict.fromkeys(Item, ""))

GLYPH_SETS = {glyphs.name: glyphs for glyphs in (UNICODE, ASCII)}


def unicode_shown(environ: Mapping[str, str]) -> bool:
    """Whether the terminal can be trusted with Unicode: a UTF-8 locale, and not the Linux console."""
    return not ascii_shown(environ)


def choose(choice: str, environ: Mapping[str, str]) -> Glyphs:
    """The glyph set for the settings' ``choice``: ``unicode``, ``ascii`` or ``auto`` (from the environment)."""
    if choice == "auto":
        return UNICODE if unicode_shown(environ) else ASCII
    return GLYPH_SETS[choice]


def big_rank(rank: Rank, glyphs: Glyphs) -> tuple[str, str, str]:
    """A rank three lines high: ``+2`` and ``+4`` side by side with a space between."""
    symbol = glyphs.ranks.get(rank, rank.value)
    if symbol in glyphs.big:
        return glyphs.big[symbol]
    parts = [glyphs.big[character] for character in symbol]
    top, middle, bottom = (" ".join(part[row] for part in parts) for row in range(3))
    return top, middle, bottom
