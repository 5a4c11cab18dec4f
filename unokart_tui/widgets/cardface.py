"""How a card is written on screen: one short form and one long form, everywhere.

The short form is the colour's letter and the card's symbol: ``R7``, ``B⇄`` (Reverse),
``G⊘`` (Skip), ``Y+2``, ``W+4``, ``W?`` (Wild Item Box). It reads without colour. The
long form is the card's name: ``Red 7``, ``Blue Reverse``, ``Wild Item Box``. The hand,
the log, the dialogs and the round summaries use these two and no other; saves and
tests keep the notation of RULES.md K5 (``str(card)``).

No Textual here: the table's data and the log's words are built from it without the UI.
"""

from __future__ import annotations

from collections.abc import Sequence

from unokart_tui.engine import Card, Color, Rank

SYMBOL = {Rank.SKIP: "⊘", Rank.REVERSE: "⇄", Rank.DRAW_TWO: "+2", Rank.WILD_DRAW_FOUR: "+4", Rank.WILD_ITEM_BOX: "?"}
COLOR_CLASS = {Color.RED: "red", Color.YELLOW: "yellow", Color.GREEN: "green", Color.BLUE: "blue", None: "wild"}
# Each face's background and ink, for the hand and the top card (their widgets' default styles).
FACE_COLORS = {
    "red": ("#b3261e", "white"),
    "yellow": ("#d9a400", "black"),
    "green": ("#2e7d32", "white"),
    "blue": ("#1565c0", "white"),
    "wild": ("#333333", "white"),
}
SORT_COLOR = {Color.RED: 0, Color.YELLOW: 1, Color.GREEN: 2, Color.BLUE: 3, None: 4}
RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}


def short(card: Card) -> str:
    """``R7``, ``B⇄``, ``G⊘``, ``Y+2``, ``W+4``, ``W?``."""
    letter = "W" if card.color is None else card.color.letter
    return letter + SYMBOL.get(card.rank, card.rank.value)


def long(card: Card) -> str:
    """``Red 7``, ``Blue Reverse``, ``Wild Item Box``."""
    return card.name


def cards(hand: Sequence[Card]) -> str:
    """A list of cards in the short form: ``R7  B⇄  W?``."""
    return "  ".join(short(card) for card in hand)


def color_class(card: Card) -> str:
    return COLOR_CLASS[card.color]


def hand_order(cards: tuple[Card, ...]) -> list[int]:
    """Indices of ``cards`` grouped by colour (red, yellow, green, blue, wild), then by rank."""
    return sorted(range(len(cards)), key=lambda i: (SORT_COLOR[cards[i].color], RANK_ORDER[cards[i].rank]))
