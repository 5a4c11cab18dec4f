"""Ways of choosing a card that several bots share; each personality decides when to use which.

Every choice here is deterministic: among equals, the card listed first wins (``max``
keeps the first of equal keys), so a bot's decision depends only on what it sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from unokart_tui.engine import Card, PlayerView, Rank

from .knowledge import colour_counts


def next_opponent(view: PlayerView) -> int:
    return view.next_seat()


def attacks(card: Card, num_players: int) -> bool:
    """Cards that hurt the next player: Draw Two, Skip, Wild Draw Four, and Reverse with two players (A3)."""
    rank = card.rank
    return rank in (Rank.DRAW_TWO, Rank.SKIP, Rank.WILD_DRAW_FOUR) or (rank is Rank.REVERSE and num_players == 2)


def attacks_near_out(view: PlayerView, cards: Sequence[Card], at: float) -> list[Card]:
    """The ``cards`` that hurt the next player, if that player holds ``at`` cards or fewer; otherwise none."""
    if view.hand_sizes[next_opponent(view)] > at:
        return []
    return [card for card in cards if attacks(card, view.num_players)]


def costliest(cards: Sequence[Card], hand: Sequence[Card] = ()) -> Card:
    """The card that would cost most if it were caught in the hand (K4 points); on a tie, the one
    in the colour ``hand`` holds most."""
    held = colour_counts(hand)
    return max(cards, key=lambda card: (card.points, held[card.color]))


def in_colour_held_most(cards: Sequence[Card], hand: Sequence[Card]) -> Card:
    """A card of the colour ``hand`` holds most, so that play can stay in it; the costliest of those."""
    held = colour_counts(hand)
    return max(cards, key=lambda card: (held[card.color], card.points))
