"""Cards of the UNO Mario Kart deck (RULES.md K1-K5)."""

from __future__ import annotations

import enum
from collections import Counter
from typing import ClassVar, TypeGuard


class RulesError(ValueError):
    """An illegal request: an illegal action, an impossible position, a bad player count."""


def is_whole(value: object) -> TypeGuard[int]:
    """An ``int`` and nothing else: Python counts ``True`` as 1, but it is no seat, score or count."""
    return type(value) is int


class Color(enum.Enum):
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        return _COLOR_LETTER[self]

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @classmethod
    def from_letter(cls, letter: str) -> Color:
        color = _LETTER_COLOR.get(letter.upper()) if isinstance(letter, str) else None
        if color is None:
            raise RulesError(f"{letter!r} is not a colour (R, Y, G or B)")
        return color


_COLOR_LETTER = {Color.RED: "R", Color.YELLOW: "Y", Color.GREEN: "G", Color.BLUE: "B"}
_LETTER_COLOR = {letter: color for color, letter in _COLOR_LETTER.items()}


class Item(enum.Enum):
    MUSHROOM = "mushroom"
    BANANA = "banana"
    GREEN_SHELL = "green shell"
    LIGHTNING = "lightning"
    BOB_OMB = "bob-omb"

    @property
    def label(self) -> str:
        return {
            Item.MUSHROOM: "Mushroom",
            Item.BANANA: "Banana",
            Item.GREEN_SHELL: "Green Shell",
            Item.LIGHTNING: "Lightning",
            Item.BOB_OMB: "Bob-omb",
        }[self]


class Rank(enum.Enum):
    """A card's face. The value is its K5 notation (without the colour letter)."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD_DRAW_FOUR = "W+4"
    WILD_ITEM_BOX = "WI"

    @property
    def is_number(self) -> bool:
        return self.value.isdigit()

    @property
    def is_wild(self) -> bool:
        return self in (Rank.WILD_DRAW_FOUR, Rank.WILD_ITEM_BOX)

    @property
    def label(self) -> str:
        return _RANK_LABEL.get(self, self.value)


_RANK_LABEL = {
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Reverse",
    Rank.DRAW_TWO: "Draw Two",
    Rank.WILD_DRAW_FOUR: "Wild Draw Four",
    Rank.WILD_ITEM_BOX: "Wild Item Box",
}

_COLOR_INDEX = {color: index for index, color in enumerate(Color)}
_RANK_INDEX = {rank: index for index, rank in enumerate(Rank)}
NUMBER_RANKS = tuple(rank for rank in Rank if rank.is_number)
ACTION_RANKS = (Rank.DRAW_TWO, Rank.SKIP, Rank.REVERSE)

# K3: the item is fixed by the colour; every wild carries a Bob-omb.
COLOR_ITEM = {
    Color.RED: Item.MUSHROOM,
    Color.YELLOW: Item.BANANA,
    Color.GREEN: Item.GREEN_SHELL,
    Color.BLUE: Item.LIGHTNING,
}


class Card:
    """One card, immutable. ``color`` is ``None`` for a wild card.

    There is one object per distinct card (``Card(Color.RED, Rank.SEVEN)`` always returns
    the same one), so comparing cards is an identity check: the engine's hot path compares
    and hashes cards all the time.
    """

    __slots__ = ("_key", "_text", "color", "index", "points", "rank")
    _interned: ClassVar[dict[tuple[Color | None, Rank], Card]] = {}

    color: Color | None
    rank: Rank
    points: int  # K4; an attribute, not a property: bots and playouts read it all the time
    index: int  # a small number, one per distinct card (below 80): for tables indexed by card
    _key: int
    _text: str  # K5's notation, made once: a save writes every card of the table at each move

    def __new__(cls, color: Color | None, rank: Rank) -> Card:
        try:
            return cls._interned[color, rank]
        except (KeyError, TypeError):  # TypeError: something unhashable, refused just below
            pass
        if not isinstance(rank, Rank) or (color is not None and not isinstance(color, Color)):
            raise RulesError(f"no card has colour {color!r} and rank {rank!r}")
        if rank.is_wild != (color is None):
            raise RulesError(f"{rank.label} cannot have colour {color}")
        card = super().__new__(cls)
        color_index = 4 if color is None else _COLOR_INDEX[color]
        object.__setattr__(card, "color", color)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "_key", color_index * 16 + _RANK_INDEX[rank])
        object.__setattr__(card, "index", card._key)
        object.__setattr__(card, "_text", rank.value if color is None else _COLOR_LETTER[color] + rank.value)
        # K4: a number card is worth its number; Draw Two, Skip, Reverse 20; a wild card 50.
        object.__setattr__(card, "points", int(rank.value) if rank.is_number else 50 if color is None else 20)
        cls._interned[color, rank] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Card cannot be changed")

    def __hash__(self) -> int:
        # The same in every process (unlike id()), so sets of cards iterate alike everywhere.
        return self._key

    def __reduce__(self) -> tuple[type[Card], tuple[Color | None, Rank]]:
        return Card, (self.color, self.rank)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @staticmethod
    def parse(text: str | Card) -> Card:
        """Read K5 notation (``R7``, ``GS``, ``Y+2``, ``W+4``, ``WI``)."""
        if isinstance(text, Card):
            return text
        card = _PARSED.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise RulesError(f"{text!r} is not a card (examples: R7, GS, BR, Y+2, W+4, WI)")
        return card

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def item(self) -> Item:
        # K3
        return Item.BOB_OMB if self.color is None else COLOR_ITEM[self.color]

    @property
    def number(self) -> int | None:
        return int(self.rank.value) if self.rank.is_number else None

    @property
    def name(self) -> str:
        """A name for people: ``Red 7``, ``Blue Skip``, ``Wild Item Box``."""
        if self.color is None:
            return self.rank.label
        return f"{self.color.label} {self.rank.label}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for color in Color:
        cards.append(Card(color, Rank.ZERO))
        for rank in NUMBER_RANKS[1:] + ACTION_RANKS:
            cards.append(Card(color, rank))
            cards.append(Card(color, rank))
    cards.extend(Card(None, Rank.WILD_DRAW_FOUR) for _ in range(4))
    cards.extend(Card(None, Rank.WILD_ITEM_BOX) for _ in range(8))
    return tuple(cards)


_DECK = _build_deck()


def full_deck() -> list[Card]:
    """A new list of the 112 cards (K1, K2), in a fixed order."""
    return list(_DECK)


DECK_COUNTS: Counter[Card] = Counter(_DECK)
DECK_SIZE = sum(DECK_COUNTS.values())
_PARSED = {str(card): card for card in DECK_COUNTS}
