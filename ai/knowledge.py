"""What a seat can work out from its own view: the cards it has not seen, and the odds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from math import comb

from unokart_tui.engine import DECK_COUNTS, Card, Color, Item, PlayerView


def unseen_cards(view: PlayerView) -> Counter[Card]:
    """Cards neither in this seat's hand nor on the discard pile: in other hands or the draw pile."""
    unseen = Counter(DECK_COUNTS)
    unseen.subtract(view.hand)
    unseen.subtract(view.discard)
    return +unseen


def chance_to_hold(pool: Counter[Card], hand_size: int, color: Color) -> float:
    """The chance that ``hand_size`` cards dealt from ``pool`` hold one of ``color`` or more (hypergeometric)."""
    total = sum(pool.values())
    hits = sum(count for card, count in pool.items() if card.color is color)
    hand_size = min(hand_size, total)
    if hand_size <= 0 or hits == 0:
        return 0.0
    return 1.0 - comb(total - hits, hand_size) / comb(total, hand_size)


def chance_colour_was_held(view: PlayerView) -> float:
    """While a Wild Draw Four waits for an answer: the chance its player held the colour to match (C1)."""
    assert view.wild_draw_four is not None
    player, color = view.wild_draw_four
    return chance_to_hold(unseen_cards(view), view.hand_sizes[player], color=color)


def item_odds(view: PlayerView) -> dict[Item, float]:
    """The chance of each item for the card an Item Box would turn now (any unseen card may be on top)."""
    # With an empty draw pile, T4 reshuffles the discards, the card the box covers included.
    unseen = Counter(view.discard) if view.draw_pile_size == 0 else unseen_cards(view)
    total = sum(unseen.values())
    odds = dict.fromkeys(Item, 0.0)
    if total == 0:
        return odds
    for card, count in unseen.items():
        odds[card.item] += count / total
    return odds


def colour_counts(cards: Iterable[Card]) -> Counter[Color | None]:
    """How many cards of each colour (wild cards are not counted)."""
    return Counter(card.color for card in cards if card.color is not None)
