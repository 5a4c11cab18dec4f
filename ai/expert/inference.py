"""What the public history says about the other hands: a player who drew had nothing to play.

Players draw (T3) when nothing in their hand goes on the top card — the rule bots only then,
and people mostly. So after a seat's last draw, its hand held no card of the colour to
match, none of the top card's number or symbol, and no wild card. That stays true while
the seat takes no card from anywhere else: the inference is dropped as soon as something
may have given it cards, and when the card it drew was kept (it was playable, so one card of
the hand is not known). Who may have taken cards at each action is read from the history
too (``takers``): a Draw Two hits the next seat in the direction of that moment, an Item
Box's item is the card it turned (still on the discard pile), a challenge costs one of two
seats. At a table of four, a Draw Two played between two others no longer blinds the
inference about everyone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

from unokart_tui.engine import (
    DECK_COUNTS,
    Accept,
    Action,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    Item,
    JumpIn,
    Pass,
    Play,
    PlayerView,
    Rank,
)

_SWAPS = frozenset({Rank.SEVEN, Rank.ZERO})
_NOBODY: frozenset[int] = frozenset()
T = TypeVar("T")


def _per_view(read: Callable[[PlayerView], T]) -> Callable[[PlayerView], T]:
    """``read`` answered once per view: the expert's one decision asks about the same view three or four
    times (its search, its shortlist, its colour, a hint's words), each a walk through the history.

    A view is an immutable tuple: the same object says the same. The last one is kept (referenced, so
    that no other view can take its place in memory) with its answer, as one pair read and replaced
    whole: a bot in another thread finds one pair or the other, never a mix.
    """
    last: list[tuple[PlayerView, T] | None] = [None]

    def read_once(view: PlayerView) -> T:
        kept = last[0]
        if kept is not None and kept[0] is view:
            return kept[1]
        answer = read(view)
        last[0] = (view, answer)
        return answer

    read_once.__doc__ = read.__doc__
    return read_once


def cannot_hold(view: PlayerView) -> dict[int, frozenset[Card]]:
    """For each other seat whose hand the history narrows down, the cards it does not hold."""
    return dict(_cannot_hold(view))  # a dict of its own: the caller may change it


@_per_view
def _cannot_hold(view: PlayerView) -> dict[int, frozenset[Card]]:
    history = view.public_history
    discards = read_discards(view)
    tops = discards.tops
    taken = takers(view, discards)
    found: dict[int, frozenset[Card]] = {}
    settled: set[int] = {view.seat}
    for index in range(len(history) - 1, -1, -1):
        seat, action = history[index]
        if seat in settled:
            continue
        if isinstance(action, Draw):
            settled.add(seat)
            top = tops.get(index)
            if top is None or top[1] is None or not _untouched_since(view, index, seat, taken):
                continue
            card, color = top
            found[seat] = frozenset(
                other
                for other in DECK_COUNTS
                if other.color is None or other.color is color or (card.color is not None and other.rank is card.rank)
            )
    return found


def _untouched_since(view: PlayerView, index: int, seat: int, taken: list[frozenset[int] | None]) -> bool:
    """Whether ``seat`` has surely taken no card since its draw at ``index`` (beyond the draw itself)."""
    history = view.public_history
    later = history[index + 1 :]
    if later and later[0][0] == seat and isinstance(later[0][1], Pass):
        return False  # it kept a playable card: one unknown card in the hand
    return all(seats is not None and seat not in seats for seats in taken[index + 1 :])


def takers(view: PlayerView, discards: Discards | None = None) -> list[frozenset[int] | None]:
    """For each action of the public history, the seats that may have taken cards at it (``None``: any seat).

    T3 a draw, A1 the next seat in the direction of that moment (or, when Draw Twos stack,
    whoever takes the total, H1-H3), A4/C2-C3 the one who accepts, or either seat of a
    challenge, A5/I2-I5 by the item of the card turned, U2 the one caught, H4 anyone.
    ``discards``: the view's ``read_discards``, if the caller has it already.
    """
    history = view.public_history
    players = view.num_players
    directions = [view.direction] * len(history)  # the direction each action was played in
    direction = view.direction
    for index in range(len(history) - 1, -1, -1):
        action = history[index][1]
        if isinstance(action, (Play, JumpIn)) and action.card.rank is Rank.REVERSE:
            direction = -direction  # before the Reverse (A3)
        directions[index] = direction
    turned = (discards or read_discards(view)).turned
    stacking = view.rules.stack_draw_two or view.rules.stack_draw_four
    found: list[frozenset[int] | None] = []
    last_player: int | None = None
    for index, (who, action) in enumerate(history):
        seats: frozenset[int] | None = _NOBODY
        if isinstance(action, (Draw, Accept)):
            seats = frozenset({who})
        elif isinstance(action, Challenge):
            seats = None if last_player is None else frozenset({who, last_player})
        elif isinstance(action, CatchUno):
            seats = None if last_player is None else frozenset({last_player})
        elif isinstance(action, ChooseTarget):
            seats = frozenset({action.seat})  # I3's Green Shell (a 7's swap, H4, is marked at the 7)
        elif isinstance(action, (Play, JumpIn)):
            rank = action.card.rank
            if view.rules.seven_zero and rank in _SWAPS:
                seats = None
            elif rank is Rank.DRAW_TWO and not stacking:
                seats = frozenset({(who + directions[index]) % players})
            elif rank is Rank.WILD_ITEM_BOX:
                seats = _item_takers(turned.get(index), who, directions[index], players)
            last_player = who
        found.append(seats)
    return found


def _item_takers(card: Card | None, who: int, direction: int, players: int) -> frozenset[int] | None:
    """Who draws by the item of the card an Item Box turned (I1-I5); ``None`` if that card is not known."""
    if card is None:
        return None
    item = card.item
    if item is Item.MUSHROOM:
        return _NOBODY
    if item is Item.BANANA:
        return frozenset({(who - direction) % players})
    if item is Item.GREEN_SHELL:
        return frozenset({(who + 1) % 2}) if players == 2 else _NOBODY  # else: the target chosen next
    if item is Item.LIGHTNING:
        return frozenset(seat for seat in range(players) if seat != who)
    return frozenset({who})  # I5: the Bob-omb


class Discards(NamedTuple):
    """What the discard pile tells of the history, walked back along it (A5, T4).

    ``tops``: the top card and the colour to match before each play and draw; ``turned``: the
    card each Item Box turned. The discard pile holds the played cards in order (an Item Box
    followed by the card it turned) back to the last reshuffle; the walk stops where the
    history and the pile part ways.
    """

    tops: dict[int, tuple[Card, Color | None]]
    turned: dict[int, Card]


@_per_view
def read_discards(view: PlayerView) -> Discards:
    """What the discard pile tells of ``view``'s history (``Discards``); read it, do not change it."""
    history = view.public_history
    discard = view.discard
    found = Discards({}, {})
    position = len(discard) - 1  # the top card after the action being looked at, walking back
    for index in range(len(history) - 1, -1, -1):
        action = history[index][1]
        if isinstance(action, (Play, JumpIn)):
            card = action.card
            if card.rank is Rank.WILD_ITEM_BOX:
                if position < 1 or discard[position - 1] != card:
                    break
                found.turned[index] = discard[position]
                position -= 2
            else:
                if position < 0 or discard[position] != card:
                    break
                position -= 1
            if position < 0:
                break
        elif not isinstance(action, Draw):
            continue
        top = discard[position]
        found.tops[index] = (top, top.color if top.color is not None else chosen_before(history, index))
    return found


def chosen_before(history: tuple[tuple[int, Action], ...], index: int) -> Color | None:
    """The colour chosen last before ``index`` (for a wild top card)."""
    for position in range(index - 1, -1, -1):
        action = history[position][1]
        if isinstance(action, ChooseColor):
            return action.color
        if isinstance(action, Play) and action.color is not None:
            return action.color
    return None
