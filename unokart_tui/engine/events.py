"""What happened: ``apply`` returns these, in order.

Each event tells itself in one plain sentence with ``describe(names, you=seat)``;
``you`` is the seat reading the log, which is addressed as "you".

Events are records to read, compared by value. They are not frozen on purpose:
a frozen record costs twice as much to build, and ``apply`` builds one or more
events every action (measured with benchmarks/bench_engine.py). They are not
dataclasses either: ``@dataclass`` compiles each class's methods when the module
is imported, about 0.25 ms a class on Python 3.11, which for these classes would be
5 ms more at every start of the table (docs/performance.md).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from .cards import Card, Color, Item


class DrawReason(enum.Enum):
    CHOICE = "drew"  # T3
    DRAW_TWO = "Draw Two"  # A1
    WILD_DRAW_FOUR = "Wild Draw Four"  # A4
    CHALLENGE_GUILTY = "guilty Wild Draw Four"  # C2
    CHALLENGE_FAILED = "failed challenge"  # C3
    BANANA = "Banana"  # I2
    GREEN_SHELL = "Green Shell"  # I3
    LIGHTNING = "Lightning"  # I4
    BOB_OMB = "Bob-omb"  # I5
    UNO_CAUGHT = "caught without UNO"  # U2
    STACK = "stacked draws"  # H1-H3: a total of more than one card's draw


def _subject(seat: int, names: Sequence[str], you: int | None) -> str:
    return "You" if seat == you else names[seat]


def _object(seat: int, names: Sequence[str], you: int | None) -> str:
    return "you" if seat == you else names[seat]


def _possessive(seat: int, names: Sequence[str], you: int | None) -> str:
    return "your" if seat == you else f"{names[seat]}'s"


def _verb(seat: int, you: int | None, third: str, second: str) -> str:
    return second if seat == you else third


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


class Event:
    """Something that happened.

    A subclass lists its fields in order in ``__match_args__``, keeps them in ``__slots__``
    and sets them in ``__init__``. Events are compared by value (same class, same fields)
    and show their fields in ``repr``.
    """

    __match_args__: tuple[str, ...] = ()
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__match_args__)

    __hash__ = None  # type: ignore[assignment]  # compared by value and changeable, like a list

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({fields})"

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        raise NotImplementedError


class DealerChosen(Event):
    """D2: each draw is a (seat, card) pair; ties drew again in later rounds of draws."""

    __match_args__ = ("dealer", "draws")
    __slots__ = __match_args__

    def __init__(self, dealer: int, draws: tuple[tuple[tuple[int, Card], ...], ...]) -> None:
        self.dealer = dealer
        self.draws = draws

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        last = ", ".join(f"{_object(s, names, you)} {c}" for s, c in self.draws[-1])
        ties = " after a tie" if len(self.draws) > 1 else ""
        verb = _verb(self.dealer, you, "deals", "deal")
        return f"Cards drawn for the deal ({last}){ties}: {_subject(self.dealer, names, you)} {verb}."


class CardsDealt(Event):
    """D3."""

    __match_args__ = ("dealer", "hand_size")
    __slots__ = __match_args__

    def __init__(self, dealer: int, hand_size: int) -> None:
        self.dealer = dealer
        self.hand_size = hand_size

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.dealer, you, "deals", "deal")
        return f"{_subject(self.dealer, names, you)} {verb} {self.hand_size} cards to everyone."


class StartCardReturned(Event):
    """D4: a Wild Draw Four turned at the start goes back into the pile."""

    __match_args__ = ("card",)
    __slots__ = __match_args__

    def __init__(self, card: Card) -> None:
        self.card = card

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"{self.card.name} turned up first; it is shuffled back and another card is turned."


class StartCardTurned(Event):
    """D4."""

    __match_args__ = ("card",)
    __slots__ = __match_args__

    def __init__(self, card: Card) -> None:
        self.card = card

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"The first card is {self.card.name} ({self.card})."


class CardPlayed(Event):
    __match_args__ = ("seat", "card", "color")
    __slots__ = __match_args__

    def __init__(self, seat: int, card: Card, color: Color | None = None) -> None:
        self.seat = seat
        self.card = card
        self.color = color

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "plays", "play")
        text = f"{_subject(self.seat, names, you)} {verb} {self.card.name}"
        if self.color is not None:
            text += f" and {_verb(self.seat, you, 'calls', 'call')} {self.color.value}"
        return text + "."


class CardsDrawn(Event):
    """``cards`` are private to ``seat``: ``describe`` never names them to anyone else."""

    __match_args__ = ("seat", "cards", "reason", "wanted")
    __slots__ = __match_args__

    def __init__(self, seat: int, cards: tuple[Card, ...], reason: DrawReason, wanted: int) -> None:
        self.seat = seat
        self.cards = cards
        self.reason = reason
        self.wanted = wanted

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        who = _subject(self.seat, names, you)
        verb = _verb(self.seat, you, "draws", "draw")
        count = len(self.cards)
        if not count:
            return f"There is no card left for {_object(self.seat, names, you)} to draw."
        if self.seat == you and count:
            text = f"{who} {verb} {', '.join(str(card) for card in self.cards)}"
        else:
            text = f"{who} {verb} {_cards(count)}"
        if self.reason is not DrawReason.CHOICE:
            text += f" ({self.reason.value})"
        if count < self.wanted:
            text += f" — only {count} of {self.wanted} could be drawn"
        return text + "."


class PileReshuffled(Event):
    """T4."""

    __match_args__ = ("size",)
    __slots__ = __match_args__

    def __init__(self, size: int) -> None:
        self.size = size

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"The draw pile ran out: {_cards(self.size)} from the discard pile are shuffled into a new one."


class DrawnCardKept(Event):
    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "keeps", "keep")
        return f"{_subject(self.seat, names, you)} {verb} the drawn card."


class TurnSkipped(Event):
    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "loses", "lose")
        return f"{_subject(self.seat, names, you)} {verb} the turn."


class DirectionChanged(Event):
    __match_args__ = ("direction",)
    __slots__ = __match_args__

    def __init__(self, direction: int) -> None:
        self.direction = direction

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        way = "left (clockwise)" if self.direction == 1 else "right (counter-clockwise)"
        return f"Play now goes {way}."


class ExtraTurn(Event):
    """A3 with two players, I1, I4: the same seat plays again."""

    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "takes", "take")
        return f"{_subject(self.seat, names, you)} {verb} another turn."


class CardTurned(Event):
    """A5: the Item Box turns the top card of the draw pile and its item activates."""

    __match_args__ = ("seat", "card")
    __slots__ = __match_args__

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"The Item Box turns {self.card.name} ({self.card}): {self.card.item.label}!"


class ColorChosen(Event):
    __match_args__ = ("seat", "color")
    __slots__ = __match_args__

    def __init__(self, seat: int, color: Color) -> None:
        self.seat = seat
        self.color = color

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "chooses", "choose")
        return f"{_subject(self.seat, names, you)} {verb} {self.color.value}."


class TargetChosen(Event):
    """I3."""

    __match_args__ = ("seat", "target")
    __slots__ = __match_args__

    def __init__(self, seat: int, target: int) -> None:
        self.seat = seat
        self.target = target

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "hits", "hit")
        shell = Item.GREEN_SHELL.label
        return f"{_subject(self.seat, names, you)} {verb} {_object(self.target, names, you)} with the {shell}."


class WildDrawFourAccepted(Event):
    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "accepts", "accept")
        return f"{_subject(self.seat, names, you)} {verb} the Wild Draw Four."


class DrawPending(Event):
    """H1-H3: ``seat`` must stack a draw card or accept ``total`` cards."""

    __match_args__ = ("seat", "total")
    __slots__ = __match_args__

    def __init__(self, seat: int, total: int) -> None:
        self.seat = seat
        self.total = total

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"+{self.total} to {_object(self.seat, names, you)}: stack or take it."


class StackAccepted(Event):
    """H1-H3: ``seat`` draws the whole pending ``total`` and loses the turn."""

    __match_args__ = ("seat", "total")
    __slots__ = __match_args__

    def __init__(self, seat: int, total: int) -> None:
        self.seat = seat
        self.total = total

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "takes", "take")
        return f"{_subject(self.seat, names, you)} {verb} the {self.total}."


class HandsSwapped(Event):
    """H4: ``seat`` played a 7 and swapped hands with ``other``."""

    __match_args__ = ("seat", "other")
    __slots__ = __match_args__

    def __init__(self, seat: int, other: int) -> None:
        self.seat = seat
        self.other = other

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "swaps", "swap")
        return f"{_subject(self.seat, names, you)} {verb} hands with {_object(self.other, names, you)}."


class HandsPassed(Event):
    """H4: a 0 was played; every hand went to the next player in ``direction``."""

    __match_args__ = ("seat", "direction")
    __slots__ = __match_args__

    def __init__(self, seat: int, direction: int) -> None:
        self.seat = seat
        self.direction = direction

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        way = "left" if self.direction == 1 else "right"
        return f"Everyone passes their hand to the {way}."


class JumpedIn(Event):
    """H5: ``seat`` plays ``card`` out of turn; the ``CardPlayed`` follows."""

    __match_args__ = ("seat", "card")
    __slots__ = __match_args__

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "jumps", "jump")
        return f"{_subject(self.seat, names, you)} {verb} in with {self.card.name}!"


class ChallengeResolved(Event):
    """C1-C3. ``hand`` is what ``challenged`` showed to ``challenger`` only."""

    __match_args__ = ("challenger", "challenged", "guilty", "color", "hand")
    __slots__ = __match_args__

    def __init__(self, challenger: int, challenged: int, guilty: bool, color: Color, hand: tuple[Card, ...]) -> None:
        self.challenger = challenger
        self.challenged = challenged
        self.guilty = guilty
        self.color = color
        self.hand = hand

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        who = _subject(self.challenger, names, you)
        verb = _verb(self.challenger, you, "challenges", "challenge")
        target = _object(self.challenged, names, you)
        if self.guilty:
            verdict = f"guilty — {target} held {self.color.value}"
        else:
            verdict = f"not guilty — {target} held no {self.color.value}"
        if you == self.challenger:
            shown = " ".join(str(card) for card in self.hand) or "nothing"
            verdict += f" (hand: {shown})"
        whose = _possessive(self.challenged, names, you)
        return f"{who} {verb} {whose} Wild Draw Four: {verdict}."


class UnoSaid(Event):
    __match_args__ = ("seat", "late")
    __slots__ = __match_args__

    def __init__(self, seat: int, late: bool = False) -> None:
        self.seat = seat
        self.late = late

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "says", "say")
        late = " just in time" if self.late else ""
        return f"{_subject(self.seat, names, you)} {verb} UNO!{late}"


class PlayerExposed(Event):
    """U2: one card left and no UNO said."""

    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "has", "have")
        return f"{_subject(self.seat, names, you)} {verb} one card and did not say UNO!"


class UnoCaught(Event):
    __match_args__ = ("catcher", "seat")
    __slots__ = __match_args__

    def __init__(self, catcher: int, seat: int) -> None:
        self.catcher = catcher
        self.seat = seat

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.catcher, you, "catches", "catch")
        return f"{_subject(self.catcher, names, you)} {verb} {_object(self.seat, names, you)} without UNO!"


class RoundWon(Event):
    """E1, E3: ``points`` are the cards left in the opponents' hands."""

    __match_args__ = ("seat", "points")
    __slots__ = __match_args__

    def __init__(self, seat: int, points: int) -> None:
        self.seat = seat
        self.points = points

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        win = _verb(self.seat, you, "wins", "win")
        score = _verb(self.seat, you, "scores", "score")
        points = "1 point" if self.points == 1 else f"{self.points} points"
        return f"{_subject(self.seat, names, you)} {win} the round and {score} {points}."


class MatchWon(Event):
    """E4."""

    __match_args__ = ("seat", "score")
    __slots__ = __match_args__

    def __init__(self, seat: int, score: int) -> None:
        self.seat = seat
        self.score = score

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "wins", "win")
        return f"{_subject(self.seat, names, you)} {verb} the match with {self.score} points!"
