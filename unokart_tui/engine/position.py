"""Positions given from outside the round, and their checks: ``Round(...)``, ``from_position``, ``from_view``.

Each check raises ``RulesError`` naming what is impossible, before any round exists, so a round
is only ever built from a position the rules allow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .actions import Action, CatchUno, Draw, JumpIn, Play, SayUno
from .cards import DECK_COUNTS, Card, Color, RulesError, is_whole
from .house_rules import OFFICIAL, HouseRules
from .tables import DRAWN, MAX_PLAYERS, MIN_PLAYERS, OVER, WILD_ITEM_BOX, follow_mask
from .view import PlayerView


def check_table(
    num_players: int, dealer: int, seed: int, scores: Sequence[int] | None, rules: HouseRules | None
) -> tuple[tuple[int, ...], HouseRules]:
    """A round's table (D1): the scores (zeros for ``None``) and the house rules (RULES.md's for ``None``)."""
    if not is_whole(num_players) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise RulesError(f"UNO Mario Kart is for 2 to 10 players, not {num_players!r}")  # D1
    if not is_whole(dealer) or not 0 <= dealer < num_players:
        raise RulesError(f"the dealer must be a seat from 0 to {num_players - 1}, not {dealer!r}")
    if not is_whole(seed):
        raise RulesError(f"the seed must be a whole number, not {seed!r}")
    if scores is None:
        scores = [0] * num_players
    if (
        not isinstance(scores, (list, tuple))
        or len(scores) != num_players
        or not all(is_whole(score) and score >= 0 for score in scores)
    ):
        raise RulesError(f"scores must be {num_players} whole numbers of at least 0, not {scores!r}")
    if rules is None:
        rules = OFFICIAL
    elif not isinstance(rules, HouseRules):
        raise RulesError(f"rules must be HouseRules or None, not {rules!r}")
    return tuple(scores), rules


def check_seat(seat: object, num_players: int) -> None:
    """A seat is a whole number from 0 to ``num_players - 1``: not True, not 1.0, not "1"."""
    if not is_whole(seat) or not 0 <= seat < num_players:
        raise RulesError(f"there is no seat {seat!r}")


def as_cards(cards: Iterable[Card | str], where: str) -> list[Card]:
    """``cards`` (``Card``s or K5 notation) as a new list of cards; ``where`` names them in the error."""
    if isinstance(cards, (str, bytes)):
        raise RulesError(f"{where}: give a list of cards, not the text {cards!r}")
    try:
        items = list(cards)
    except TypeError:
        raise RulesError(f"{where}: give a list of cards, not {cards!r}") from None
    try:
        return [Card.parse(card) for card in items]
    except RulesError as error:
        raise RulesError(f"{where}: {error}") from None


def check_counts(counts: Counter[Card]) -> None:
    """No card more often than the deck has it (K1, K2)."""
    for card, count in counts.items():
        if count > DECK_COUNTS[card]:
            raise RulesError(f"{card} appears {count} times but the deck has {DECK_COUNTS[card]}")


def check_position(
    hands: list[Iterable[Card | str]],
    draw_pile: Iterable[Card | str],
    discard: Iterable[Card | str],
    *,
    current: int,
    direction: int,
    color: Color | None,
) -> tuple[list[list[Card]], list[Card], list[Card], Color]:
    """A position of ``from_position``, checked: its hands, its draw pile (top last), discards and active colour."""
    cards = [as_cards(hand, f"hand of seat {seat}") for seat, hand in enumerate(hands)]
    draw = as_cards(draw_pile, "draw pile")
    draw.reverse()
    discards = as_cards(discard, "discard pile")
    if not discards:
        raise RulesError("the discard pile needs a top card")
    for seat, hand in enumerate(cards):
        if not hand:
            raise RulesError(f"seat {seat} has no cards: that round would be over")
    counts = Counter(draw) + Counter(discards)
    for hand in cards:
        counts.update(hand)
    check_counts(counts)
    if not is_whole(direction) or direction not in (1, -1):
        raise RulesError(f"direction must be 1 or -1, not {direction!r}")
    if not is_whole(current) or not 0 <= current < len(cards):
        raise RulesError(f"current must be a seat from 0 to {len(cards) - 1}, not {current!r}")
    top = discards[-1]
    if color is not None and not isinstance(color, Color):
        raise RulesError(f"color must be a Color, not {color!r}")
    if top.is_wild:
        if color is None:
            raise RulesError(f"the top card is {top.name}: a chosen colour is needed")
        active = color
    else:
        if color is not None and color is not top.color:
            raise RulesError(f"the top card is {top.name}: the colour cannot be {color.value}")
        assert top.color is not None
        active = top.color
    check_progress(cards, draw, discards, active)
    return cards, draw, discards, active


def check_progress(hands: list[list[Card]], draw: list[Card], discard: list[Card], color: Color) -> None:
    """A position where some card can be played someday: a held one, or one a draw will bring (T3, T4).

    With no card anywhere but the top one that follows it, the top card and the colour could never
    change: every turn would be a draw (T3) until nothing is left to draw, and then a draw of
    nothing (T4), for ever. A dealt round never comes to this: it holds the whole deck, and every
    wild card but the top one can go on anything (T2). Only the position given is judged: one that
    leaves cards out may still come to it later (a colour chosen that no card left has).
    """
    top = discard[-1]
    playable = follow_mask(top, color)
    for pile in (*hands, draw, discard[:-1]):
        for card in pile:
            if playable >> card._key & 1:
                return
    raise RulesError(
        f"no card of this position can ever go on {top.name} in {color.value} (T1, T2): every turn would "
        "draw (T3), and once nothing is left to draw (T4), draw nothing, for ever"
    )


def _key_of(card: Card) -> int:
    return card._key


def check_deal_of_view(
    view: PlayerView, hands: Sequence[Iterable[Card | str]], draw_pile: Iterable[Card | str], drawn: Card | None
) -> tuple[list[list[Card]], list[Card], Card | None]:
    """The hidden cards ``from_view`` was given, checked against the view: hands, pile (top last), card drawn."""
    if not isinstance(view, PlayerView):
        raise RulesError(f"give a PlayerView, not {view!r}")
    if view.phase is OVER:
        raise RulesError("the round of this view is over")
    n = view.num_players
    check_seat(view.seat, n)
    cards = [as_cards(hand, f"hand of seat {seat}") for seat, hand in enumerate(hands)]
    if len(cards) != n:
        raise RulesError(f"give {n} hands, not {len(cards)}")
    if sorted(cards[view.seat], key=_key_of) != sorted(view.hand, key=_key_of):
        raise RulesError(f"seat {view.seat}'s hand must be the view's")
    sizes = tuple(map(len, cards))
    if sizes != view.hand_sizes:
        raise RulesError(f"the hands hold {sizes} cards, the view says {view.hand_sizes}")
    draw = as_cards(draw_pile, "draw pile")
    if len(draw) != view.draw_pile_size:
        raise RulesError(f"the draw pile holds {len(draw)} cards, the view says {view.draw_pile_size}")
    counts = Counter(draw) + Counter(view.discard)
    for hand in cards:
        counts.update(hand)
    check_counts(counts)
    if view.phase is DRAWN:
        drawn = view.drawn if view.drawn is not None else drawn
        if drawn is None or drawn not in cards[view.current]:
            raise RulesError("the card just drawn must be given, and be in the decider's hand")
    draw.reverse()
    return cards, draw, drawn


def read_history(view: PlayerView) -> tuple[int | None, int | None, int | None]:
    """Who played the top card (H5a: None if nobody did) and who took the last two turns (H8)."""
    played_by: int | None = None
    before: int | None = None
    last: int | None = None
    previous: Action | None = None
    previous_seat = -1
    for seat, action in view.public_history:
        if isinstance(action, (Play, JumpIn)):
            # H5a: an Item Box turns a card nobody played.
            played_by = None if action.card.rank is WILD_ITEM_BOX else seat
            if not (isinstance(previous, Draw) and previous_seat == seat):  # H8: drawing and playing is one turn
                before, last = last, seat
        elif isinstance(action, Draw):
            before, last = last, seat
        if not isinstance(action, (SayUno, CatchUno)):
            previous, previous_seat = action, seat
    if played_by is not None and view.top_card.color is None:
        played_by = None
    return played_by, before, last
