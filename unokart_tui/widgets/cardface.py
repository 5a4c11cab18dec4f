"""How a card looks: readable without colour (its colour letter is always there)."""

from __future__ import annotations

from unokart_tui.engine import Card, Color, Rank

SYMBOL = {Rank.SKIP: "⊘", Rank.REVERSE: "⇄", Rank.DRAW_TWO: "+2", Rank.WILD_DRAW_FOUR: "+4", Rank.WILD_ITEM_BOX: "?"}
COLOR_CLASS = {Color.RED: "red", Color.YELLOW: "yellow", Color.GREEN: "green", Color.BLUE: "blue", None: "wild"}
SORT_COLOR = {Color.RED: 0, Color.YELLOW: 1, Color.GREEN: 2, Color.BLUE: 3, None: 4}
RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}


def short(card: Card) -> str:
    """A 3-4 character face: ``R 7``, ``B⇄``, ``G+2``, ``W+4``, ``W ?``."""
    letter = "W" if card.color is None else card.color.letter
    symbol = SYMBOL.get(card.rank, card.rank.value)
    return f"{letter}{symbol}" if len(symbol) == 2 else f"{letter} {symbol}"


def compact(card: Card) -> str:
    """The face without its gap, for lists of cards: ``R7``, ``B⇄``, ``W?``."""
    return short(card).replace(" ", "")


def color_class(card: Card) -> str:
    return COLOR_CLASS[card.color]


def hand_order(cards: tuple[Card, ...]) -> list[int]:
    """Indices of ``cards`` grouped by colour (red, yellow, green, blue, wild), then by rank."""
    return sorted(range(len(cards)), key=lambda i: (SORT_COLOR[cards[i].color], RANK_ORDER[cards[i].rank]))
