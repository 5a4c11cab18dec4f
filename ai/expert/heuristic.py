"""The expert's judgement without search: which play a good player would make, and why.

The search ranks its candidates with it (a short list, and the tie-breaks among actions the
playouts cannot tell apart), and the hints put its reasons into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from unokart_tui.engine import DECK_COUNTS, Card, Color, PlayerView, Rank

from . import policy

_OF_COLOR = {color: frozenset(card for card in DECK_COUNTS if card.color is color) for color in Color}
_KEEPS_TURN = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.REVERSE})  # heads-up (A1-A3): the player goes again


def lacking_colors(view: PlayerView, cannot_hold: Mapping[int, frozenset[Card]], seat: int) -> set[Color]:
    """The colours ``seat`` seems to have none of: it drew when one was the colour to match (T3).

    A draw also rules out the top card's number in the other colours: those colours are not lacking.
    """
    banned = cannot_hold.get(seat, frozenset())
    return {color for color in Color if _OF_COLOR[color] <= banned}


def honest_four(view: PlayerView) -> bool:
    """C1: a Wild Draw Four played now could not be found guilty (no card of the colour to match)."""
    return not any(card.color is view.active_color for card in view.hand)


def play_score(
    view: PlayerView, card: Card, cannot_hold: Mapping[int, frozenset[Card]], weights: Sequence[int] | None = None
) -> float:
    """How much a good player wants to play ``card`` now; the higher, the better."""
    hand = view.hand
    if weights is None:
        weights = policy.color_weights(hand)
    victim = view.next_seat()
    threatened = view.hand_sizes[victim] <= 2
    two = view.num_players == 2
    score = policy.card_score(card, weights, threatened, two)
    rank = card.rank
    if rank is Rank.WILD_DRAW_FOUR and not honest_four(view) and not threatened:
        score -= 300  # a bluff that a challenge would catch (C1, C2)
    if card.color is not None:
        if card.color in lacking_colors(view, cannot_hold, victim):
            score += 40  # they drew on this colour: keep them drawing
        if two and rank in _KEEPS_TURN:
            rest = list(hand)
            rest.remove(card)
            if any(other.color is card.color or other.rank is rank or other.color is None for other in rest):
                score += 25  # another turn, and a card to play with it
    return score


def best_play(view: PlayerView, cards: Sequence[Card], cannot_hold: Mapping[int, frozenset[Card]]) -> Card | None:
    if not cards:
        return None
    weights = policy.color_weights(view.hand)
    return max(cards, key=lambda card: play_score(view, card, cannot_hold, weights))
