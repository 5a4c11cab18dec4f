"""The round's lookup tables, built once at import: every card's plays, what may follow what, points, the shuffle.

The round reads these on every action (``legal_actions``, ``apply``, the views); building them
here keeps a question such as "may this card go on that one" to one shift of a bit mask.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable

from .actions import Accept, Challenge, ChooseColor, ChooseTarget, Draw, Pass, Play
from .cards import DECK_COUNTS, Card, Color, Item, Rank, full_deck
from .view import Phase

MIN_PLAYERS = 2  # D1
MAX_PLAYERS = 10
HAND_SIZE = 7  # D3 (H9 changes it)

# Enum members cost a lookup of ~75 ns each on Python 3.11; the hot path uses these names.
PLAY, DRAWN, CHALLENGE, STACK, CHOOSE_COLOR, CHOOSE_TARGET, OVER = Phase
WILD_DRAW_FOUR, WILD_ITEM_BOX = Rank.WILD_DRAW_FOUR, Rank.WILD_ITEM_BOX
SKIP, REVERSE, DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
SEVEN, ZERO = Rank.SEVEN, Rank.ZERO
MUSHROOM, BANANA, GREEN_SHELL, LIGHTNING, BOB_OMB = Item
NOBODY_HERE = -1  # H5a: who played the top card of a position built with from_position


class Then(enum.Enum):
    """What a pending colour or target choice finishes; the value is ``round.choice_for``."""

    START_COLOR = "start"  # D5: the dealer's colour for an Item Box start card
    BOB_OMB = "bob-omb"  # I5
    GREEN_SHELL = "green-shell"  # I3
    SEVEN = "seven"  # H4: whom a 7 swaps hands with


def _plays_of(card: Card) -> tuple[tuple[Play, ...], tuple[Play, ...]]:
    """A card's plays, without UNO and (for a play that leaves one card) with and without (U1)."""
    colors: tuple[Color | None, ...] = tuple(Color) if card.rank is WILD_DRAW_FOUR else (None,)
    plain = tuple(Play(card, color) for color in colors)
    both = tuple(Play(card, color, uno) for color in colors for uno in (True, False))
    return plain, both


# Actions are values; reusing one object per value keeps legal_actions() cheap.
PLAYS = {card._key: _plays_of(card) for card in DECK_COUNTS}
# The same by the hand's size, a list indexed by card key: [0] plain, [1] with and without UNO (U1).
PLAYS_BY_KEY = [[PLAYS[key][which] if key in PLAYS else () for key in range(max(PLAYS) + 1)] for which in (0, 1)]
DRAW_ACTION, PASS_ACTION, ACCEPT_ACTION, CHALLENGE_ACTION = Draw(), Pass(), Accept(), Challenge()
CHOOSE_COLORS = [ChooseColor(color) for color in Color]
CHOOSE_TARGETS = [ChooseTarget(seat) for seat in range(MAX_PLAYERS)]

EXPECTED = {
    PLAY: "play a card or draw",
    DRAWN: "play the card just drawn or keep it",
    CHALLENGE: "accept the Wild Draw Four or challenge it",
    STACK: "stack a draw card on the total or take it",
    CHOOSE_COLOR: "choose a colour",
    CHOOSE_TARGET: "choose who the Green Shell hits",
    OVER: "the round is over",
}


_BIT_LENGTHS = [size.bit_length() for size in range(len(full_deck()) + 1)]


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``, the same order and the same random state after, 2.4 times faster.

    Python 3.11's ``Random.shuffle`` swaps each position with one below ``_randbelow(i + 1)``,
    which draws ``getrandbits(k)`` until it is below; written out here it saves two calls a card
    (68 to 28 µs for a deck, benchmarks/bench_engine.py deals one a round). A test holds it equal
    to ``Random.shuffle``, so a Python that changes the method shows at once.
    """
    getrandbits = rng.getrandbits
    bits = _BIT_LENGTHS
    for i in range(len(cards) - 1, 0, -1):
        size = i + 1
        k = bits[size]
        j = getrandbits(k)
        while j >= size:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def follows(card: Card, color: Color | None, top: Card) -> bool:
    """T1, T2: a wild card always; otherwise a card of the active colour, or of the top card's number or symbol."""
    return card.color is None or card.color is color or (top.color is not None and card.rank is top.rank)


def mask(cards: Iterable[Card]) -> int:
    """``cards`` as a bit per card key."""
    return sum(1 << card._key for card in cards)


def _follow_masks() -> tuple[list[int], dict[Color | None, int]]:
    """What may be played, as a bit per card key: each playability check of a round is ``follows`` for one shift.

    A coloured top card always set the active colour to its own (D4, T1, I1-I4), so it decides
    alone; on a wild top card only the chosen colour counts.
    """
    by_top = [0] * (max(card._key for card in DECK_COUNTS) + 1)
    for top in DECK_COUNTS:
        if top.color is not None:
            by_top[top._key] = mask(card for card in DECK_COUNTS if follows(card, top.color, top))
    wild = Card(None, WILD_ITEM_BOX)
    by_color = {color: mask(card for card in DECK_COUNTS if follows(card, color, wild)) for color in (*Color, None)}
    return by_top, by_color


FOLLOWS_TOP, FOLLOWS_COLOR = _follow_masks()
# H1-H3: what may go on a pending total, by the card on top of it.
DRAW_TWOS = mask(card for card in DECK_COUNTS if card.rank is DRAW_TWO)
WILD_DRAW_FOURS = mask(card for card in DECK_COUNTS if card.rank is WILD_DRAW_FOUR)
POINTS = [0] * (max(card._key for card in DECK_COUNTS) + 1)  # K4, by card key
for _card in DECK_COUNTS:
    POINTS[_card._key] = _card.points
SWAPPERS = mask(card for card in DECK_COUNTS if card.rank in (SEVEN, ZERO))  # H4


def follow_mask(top: Card, color: Color | None) -> int:
    """The cards that may go on ``top`` with ``color`` active, a bit per card key (see ``follows``)."""
    return FOLLOWS_TOP[top._key] if top.color is not None else FOLLOWS_COLOR[color]
