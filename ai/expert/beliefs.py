"""What the other seats' own choices say about their hands: how likely each dealt hand is.

``inference.cannot_hold`` reads the hard facts (a player who drew had nothing to play).
This module reads the soft ones. Players, the rule bots and most people alike, play the
colour they hold most and name it when they play a wild; they keep their wild cards while a
coloured card goes. So a hand the search deals to a seat is more or less believable in the
light of that seat's plays and colour choices since it last took a card: a seat that just
named blue is more likely to hold blues than a deal at random says.

``Observations`` collects those choices once per view; ``log_likelihood`` scores a dealt
hand against them (a soft model: each choice is taken with a probability that grows with the
cards of its colour, ``exp(sharpness * count)``), and the search keeps its deals in
proportion (``search.evaluate``). Choices since the seat last may have taken cards count in
full; older ones (up to ``memory`` intakes back) fade, since which cards it then held is
less known.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from unokart_tui.engine import (
    DECK_COUNTS,
    Accept,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    JumpIn,
    Play,
    PlayerView,
    Rank,
    follows,
)

from .inference import read_discards
from .policy import COLOR_OF

COLORS = tuple(Color)
_TABLE_SIZE = 1 + max(card.index for card in DECK_COUNTS)
_SWAPS = frozenset({Rank.SEVEN, Rank.ZERO})
_GIVES_CARDS = frozenset({Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.WILD_ITEM_BOX})
# A wild card played while a coloured card would have gone: players keep their wilds (T2),
# so this is rare, but not so rare that a hand holding the coloured card is ruled out.
_WILD_WHILE_COLOURED = math.log(0.15)
_DREW_WITH = math.log(0.2)  # per card of its hand now that would have gone then (it may have come later)


@dataclass(frozen=True)
class Choice:
    """One choice of ``seat``: a card played (``card``, on ``top`` with ``active`` to match) or a
    colour named (``card`` None). ``later`` are the cards the seat played after it, still held then."""

    seat: int
    later: tuple[Card, ...]
    card: Card | None
    color: Color | None
    top: Card | None = None
    active: Color | None = None
    age: int = 0  # the times the seat has taken cards since: its hand then is known less well
    drew: bool = False  # it drew: nothing in its hand went on ``top``


class Observations:
    """The choices of every other seat since it last took a card, read from one view's public history."""

    def __init__(self, view: PlayerView, max_age: int = 0) -> None:
        self.choices: list[Choice] = []
        history = view.public_history
        tops = read_discards(view).tops
        later: dict[int, list[Card]] = {seat: [] for seat in range(view.num_players) if seat != view.seat}
        age = dict.fromkeys(later, 0)
        for index in range(len(history) - 1, -1, -1):
            who, action = history[index]
            if isinstance(action, Draw) and who in later and age[who] > 0 and age[who] <= max_age:
                top = tops.get(index)
                if top is not None:
                    self.choices.append(Choice(who, tuple(later[who]), None, None, top[0], top[1], age[who], True))
            for seat in later:
                if _may_take_cards(action, who, seat, view):
                    age[seat] += 1
            if who not in later or age[who] > max_age:
                continue
            cards = later[who]
            if isinstance(action, ChooseColor):
                self.choices.append(Choice(who, tuple(cards), None, action.color, age=age[who]))
            elif isinstance(action, JumpIn):
                cards.append(action.card)  # out of turn: what it shows is left unread
            elif isinstance(action, Play):
                if action.color is not None:
                    self.choices.append(Choice(who, tuple(cards), None, action.color, age=age[who]))
                top = tops.get(index)
                if top is not None:
                    self.choices.append(Choice(who, tuple(cards), action.card, None, top[0], top[1], age[who]))
                cards.append(action.card)

        # For each choice, by card index: whether that card went on its top card then (``follows``).
        self._goes = [_going(choice) for choice in self.choices]

    def __bool__(self) -> bool:
        return bool(self.choices)

    def log_likelihood(self, hand_of: Callable[[int], Sequence[Card]], sharpness: float, fade: float = 1.0) -> float:
        """How believable the hands (``hand_of(seat)``) make the choices, as a log-probability up to a constant.

        A choice counts ``fade`` to the power of its age (1: older choices count in full).

        The search scores every deal it makes so (192 a decision at the expert's budget): each seat's hand
        is asked for once, and which of its cards went on a choice's top card is read from a table made
        once for the choice (``_goes``), the sums taken in the same order as ever.
        """
        total = 0.0
        hands: dict[int, Sequence[Card]] = {}
        for choice, goes in zip(self.choices, self._goes, strict=True):
            hand = hands.get(choice.seat)
            if hand is None:
                hand = hands[choice.seat] = hand_of(choice.seat)
            held = [*hand, *choice.later]
            weight = fade**choice.age
            if choice.drew:
                total += weight * _DREW_WITH * sum(1 for card in held if goes[card.index])
            elif choice.card is None:
                total += weight * _colour_named(held, choice.color, sharpness)
            else:
                held.append(choice.card)
                total += weight * _card_played(held, choice, sharpness, goes)
        return total


def _colour_named(held: Sequence[Card], named: Color | None, sharpness: float) -> float:
    counts = _counts(held)
    if not any(counts):
        return 0.0  # no coloured card left: any colour is as good
    scores = [sharpness * count for count in counts]
    return scores[COLORS.index(named)] - _log_sum_exp(scores) if named is not None else 0.0


def _card_played(held: Sequence[Card], choice: Choice, sharpness: float, goes: Sequence[bool] = ()) -> float:
    card = choice.card
    assert card is not None and choice.top is not None
    goes = goes or _going(choice)
    coloured = {other.color for other in held if other.color is not None and goes[other.index]}
    if card.color is None:
        return _WILD_WHILE_COLOURED if coloured else 0.0
    coloured.add(card.color)
    if len(coloured) == 1:
        return 0.0  # its only colour that went
    counts = _counts(held)
    scores = {color: sharpness * counts[COLORS.index(color)] for color in coloured}
    return scores[card.color] - _log_sum_exp(list(scores.values()))


def _going(choice: Choice) -> list[bool]:
    """By card index: whether that card goes on the top card of ``choice`` (``follows``; False with no top)."""
    goes = [False] * _TABLE_SIZE
    if choice.top is not None:
        for card in DECK_COUNTS:
            goes[card.index] = follows(card, choice.active, choice.top)
    return goes


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0, 0, 0, 0, 0]  # the last for wild cards
    for card in cards:
        counts[COLOR_OF[card.index]] += 1
    return counts[:4]


def _log_sum_exp(values: Sequence[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(value - top) for value in values))


def _may_take_cards(action: object, who: int, seat: int, view: PlayerView) -> bool:
    """Whether ``seat`` may have taken cards at ``action``, read broadly: its own draw, and anyone's draw card,
    Item Box, answer to a Wild Draw Four, catch or swap (A1, A4, A5, C2-C3, U2, H4).

    Broader than ``inference.takers`` on purpose: read per seat, the longer windows let in choices
    the model reads wrongly (a greedy player sheds by points, not by colour), and at four seats
    the expert won two points fewer rounds (docs/expert.md, "The research log").
    """
    if isinstance(action, (Accept, Challenge, CatchUno)):
        return True
    if isinstance(action, Draw):
        return who == seat
    if isinstance(action, (Play, JumpIn)):
        rank = action.card.rank
        return rank in _GIVES_CARDS or (view.rules.seven_zero and rank in _SWAPS)
    return False
