"""What the public history says about the other hands: a player who drew had nothing to play.

Players draw (T3) when nothing in their hand goes on the top card — the rule bots only then,
and people mostly. So after a seat's last draw, its hand held no card of the colour to
match, none of the top card's number or symbol, and no wild card. That stays true while
the seat takes no card from anywhere else: the inference is dropped as soon as something
may have given it cards (a draw card, an Item Box, a challenge, a catch, a swap of hands),
and when the card it drew was kept (it was playable, so one card of the hand is not known).
"""

from __future__ import annotations

from unokart_tui.engine import (
    DECK_COUNTS,
    Accept,
    Action,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    JumpIn,
    Pass,
    Play,
    PlayerView,
    Rank,
)

# Plays after which any seat may have taken cards without an action of its own (A1, A4, A5, H4).
_GIVES_CARDS = frozenset({Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.WILD_ITEM_BOX})
_SWAPS = frozenset({Rank.SEVEN, Rank.ZERO})


def cannot_hold(view: PlayerView) -> dict[int, frozenset[Card]]:
    """For each other seat whose hand the history narrows down, the cards it does not hold."""
    history = view.public_history
    tops = _tops(view)
    found: dict[int, frozenset[Card]] = {}
    settled: set[int] = {view.seat}
    for index in range(len(history) - 1, -1, -1):
        seat, action = history[index]
        if seat in settled:
            continue
        if isinstance(action, Draw):
            settled.add(seat)
            top = tops.get(index)
            if top is None or not _untouched_since(view, index, seat):
                continue
            card, color = top
            found[seat] = frozenset(
                other
                for other in DECK_COUNTS
                if other.color is None or other.color is color or (card.color is not None and other.rank is card.rank)
            )
    return found


def _untouched_since(view: PlayerView, index: int, seat: int) -> bool:
    """Whether ``seat`` has surely taken no card since its draw at ``index`` (beyond the draw itself)."""
    history = view.public_history
    later = history[index + 1 :]
    if later and later[0][0] == seat and isinstance(later[0][1], Pass):
        return False  # it kept a playable card: one unknown card in the hand
    for who, action in later:
        if isinstance(action, (Accept, Challenge, CatchUno)):
            return False
        if isinstance(action, (Play, JumpIn)):
            rank = action.card.rank
            if rank in _GIVES_CARDS or (view.rules.seven_zero and rank in _SWAPS):
                return False
        if isinstance(action, Draw) and who == seat:
            return False
    return True


def _tops(view: PlayerView) -> dict[int, tuple[Card, Color | None]]:
    """The top card and the colour to match at each draw of the history, where the discards still tell.

    The discard pile holds the played cards in order (an Item Box followed by the card it
    turned) back to the last reshuffle (T4); walking the history back along it gives the top
    card before each action, until the two part ways.
    """
    history = view.public_history
    discard = view.discard
    tops: dict[int, tuple[Card, Color | None]] = {}
    position = len(discard) - 1  # the top card before the action being looked at, walking back
    for index in range(len(history) - 1, -1, -1):
        _, action = history[index]
        if isinstance(action, (Play, JumpIn)):
            card = action.card
            if card.rank is Rank.WILD_ITEM_BOX:
                if position < 1 or discard[position - 1] is not card:
                    break
                position -= 2
            else:
                if position < 0 or discard[position] is not card:
                    break
                position -= 1
            if position < 0:
                break
        elif isinstance(action, Draw):
            top = discard[position]
            color = top.color if top.color is not None else _chosen_before(history, index)
            if color is not None:
                tops[index] = (top, color)
    return tops


def _chosen_before(history: tuple[tuple[int, Action], ...], index: int) -> Color | None:
    """The colour chosen last before ``index`` (for a wild top card)."""
    for position in range(index - 1, -1, -1):
        action = history[position][1]
        if isinstance(action, ChooseColor):
            return action.color
        if isinstance(action, Play) and action.color is not None:
            return action.color
    return None
