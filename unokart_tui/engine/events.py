"""What happened: ``apply`` returns these, in order.

Events are data, not words: the sentences a player reads are the voice's
(``unokart_tui.voice``), in the player's language. ``describe(names, you=seat)`` is a
developer's line for logs and tools, which shows ``you`` only what that seat may know.

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

from .cards import Card, Color


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


def _plain(value: object) -> str:
    """A field's value in K5's notation: ``G4``, ``red``, ``(R5, WI)``."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return "(" + ", ".join(_plain(part) for part in value) + ")"
    return str(value)


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

    # Fields that name a seat, and fields private to one seat (the field naming it): ``describe`` shows them so.
    _SEAT_FIELDS = frozenset({"seat", "dealer", "challenger", "challenged", "target", "other", "catcher"})
    _PRIVATE: dict[str, str] = {}

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        """A developer's line for logs and tools, not a sentence for players (those are ``unokart_tui.voice``'s).

        The fields with seats by name: ``CardPlayed(seat=Mario, card=G4, color=red)``. What is private to a
        seat (drawn cards, a hand shown to a challenger) is counted, not shown, unless ``you`` is that seat.
        """
        fields = []
        for name in self.__match_args__:
            value = getattr(self, name)
            owner = self._PRIVATE.get(name)
            if owner is not None and getattr(self, owner) != you:
                shown = f"{len(value)} hidden"
            elif name in self._SEAT_FIELDS and isinstance(value, int) and 0 <= value < len(names):
                shown = names[value]
            elif name == "passed":  # seats too (JumpedIn)
                shown = "(" + ", ".join(names[seat] if 0 <= seat < len(names) else str(seat) for seat in value) + ")"
            else:
                shown = _plain(value)
            fields.append(f"{name}={shown}")
        return f"{type(self).__name__}({', '.join(fields)})"


class DealerChosen(Event):
    """D2: each draw is a (seat, card) pair; ties drew again in later rounds of draws."""

    __match_args__ = ("dealer", "draws")
    __slots__ = __match_args__

    def __init__(self, dealer: int, draws: tuple[tuple[tuple[int, Card], ...], ...]) -> None:
        self.dealer = dealer
        self.draws = draws


class CardsDealt(Event):
    """D3."""

    __match_args__ = ("dealer", "hand_size")
    __slots__ = __match_args__

    def __init__(self, dealer: int, hand_size: int) -> None:
        self.dealer = dealer
        self.hand_size = hand_size


class StartCardReturned(Event):
    """D4: a Wild Draw Four turned at the start goes back into the pile."""

    __match_args__ = ("card",)
    __slots__ = __match_args__

    def __init__(self, card: Card) -> None:
        self.card = card


class StartCardTurned(Event):
    """D4."""

    __match_args__ = ("card",)
    __slots__ = __match_args__

    def __init__(self, card: Card) -> None:
        self.card = card


class CardPlayed(Event):
    __match_args__ = ("seat", "card", "color")
    __slots__ = __match_args__

    def __init__(self, seat: int, card: Card, color: Color | None = None) -> None:
        self.seat = seat
        self.card = card
        self.color = color


class CardsDrawn(Event):
    """``cards`` are private to ``seat``: ``describe`` never names them to anyone else."""

    __match_args__ = ("seat", "cards", "reason", "wanted")
    __slots__ = __match_args__
    _PRIVATE = {"cards": "seat"}

    def __init__(self, seat: int, cards: tuple[Card, ...], reason: DrawReason, wanted: int) -> None:
        self.seat = seat
        self.cards = cards
        self.reason = reason
        self.wanted = wanted


class PileReshuffled(Event):
    """T4."""

    __match_args__ = ("size",)
    __slots__ = __match_args__

    def __init__(self, size: int) -> None:
        self.size = size


class DrawnCardKept(Event):
    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat


class TurnSkipped(Event):
    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat


class DirectionChanged(Event):
    __match_args__ = ("direction",)
    __slots__ = __match_args__

    def __init__(self, direction: int) -> None:
        self.direction = direction


class ExtraTurn(Event):
    """A3 with two players, I1, I4: the same seat plays again."""

    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat


class CardTurned(Event):
    """A5: the Item Box turns the top card of the draw pile and its item activates."""

    __match_args__ = ("seat", "card")
    __slots__ = __match_args__

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card


class ColorChosen(Event):
    __match_args__ = ("seat", "color")
    __slots__ = __match_args__

    def __init__(self, seat: int, color: Color) -> None:
        self.seat = seat
        self.color = color


class TargetChosen(Event):
    """I3."""

    __match_args__ = ("seat", "target")
    __slots__ = __match_args__

    def __init__(self, seat: int, target: int) -> None:
        self.seat = seat
        self.target = target


class WildDrawFourAccepted(Event):
    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat


class DrawPending(Event):
    """H1-H3: ``seat`` must stack a draw card or accept ``total`` cards."""

    __match_args__ = ("seat", "total")
    __slots__ = __match_args__

    def __init__(self, seat: int, total: int) -> None:
        self.seat = seat
        self.total = total


class StackAccepted(Event):
    """H1-H3: ``seat`` draws the whole pending ``total`` and loses the turn."""

    __match_args__ = ("seat", "total")
    __slots__ = __match_args__

    def __init__(self, seat: int, total: int) -> None:
        self.seat = seat
        self.total = total


class HandsSwapped(Event):
    """H4: ``seat`` played a 7 and swapped hands with ``other``."""

    __match_args__ = ("seat", "other")
    __slots__ = __match_args__

    def __init__(self, seat: int, other: int) -> None:
        self.seat = seat
        self.other = other


class HandsPassed(Event):
    """H4: a 0 was played; every hand went to the next player in ``direction``."""

    __match_args__ = ("seat", "direction")
    __slots__ = __match_args__

    def __init__(self, seat: int, direction: int) -> None:
        self.seat = seat
        self.direction = direction


class JumpedIn(Event):
    """H5: ``seat`` plays ``card`` out of turn; the ``CardPlayed`` follows. ``passed``: the seats that lose
    their turn to it, in the order of play, the first the one whose turn it was."""

    __match_args__ = ("seat", "card", "passed")
    __slots__ = __match_args__

    def __init__(self, seat: int, card: Card, passed: tuple[int, ...] = ()) -> None:
        self.seat = seat
        self.card = card
        self.passed = passed


class ChallengeResolved(Event):
    """C1-C3. ``hand`` is what ``challenged`` showed to ``challenger`` only."""

    __match_args__ = ("challenger", "challenged", "guilty", "color", "hand")
    __slots__ = __match_args__
    _PRIVATE = {"hand": "challenger"}

    def __init__(self, challenger: int, challenged: int, guilty: bool, color: Color, hand: tuple[Card, ...]) -> None:
        self.challenger = challenger
        self.challenged = challenged
        self.guilty = guilty
        self.color = color
        self.hand = hand


class UnoSaid(Event):
    __match_args__ = ("seat", "late")
    __slots__ = __match_args__

    def __init__(self, seat: int, late: bool = False) -> None:
        self.seat = seat
        self.late = late


class PlayerExposed(Event):
    """U2: one card left and no UNO said."""

    __match_args__ = ("seat",)
    __slots__ = __match_args__

    def __init__(self, seat: int) -> None:
        self.seat = seat


class UnoCaught(Event):
    __match_args__ = ("catcher", "seat")
    __slots__ = __match_args__

    def __init__(self, catcher: int, seat: int) -> None:
        self.catcher = catcher
        self.seat = seat


class RoundWon(Event):
    """E1, E3: ``points`` are the cards left in the opponents' hands."""

    __match_args__ = ("seat", "points")
    __slots__ = __match_args__

    def __init__(self, seat: int, points: int) -> None:
        self.seat = seat
        self.points = points


class MatchWon(Event):
    """E4."""

    __match_args__ = ("seat", "score")
    __slots__ = __match_args__

    def __init__(self, seat: int, score: int) -> None:
        self.seat = seat
        self.score = score
