"""What happened: ``apply`` returns these, in order.

Each event tells itself in one plain sentence with ``describe(names, you=seat)``;
``you`` is the seat reading the log, which is addressed as "you".

Events are records to read, compared by value. They are not frozen on purpose:
a frozen dataclass costs twice as much to build, and ``apply`` builds one or more
events every action (measured with benchmarks/bench_engine.py).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

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


def _subject(seat: int, names: Sequence[str], you: int | None) -> str:
    return "You" if seat == you else names[seat]


def _object(seat: int, names: Sequence[str], you: int | None) -> str:
    return "you" if seat == you else names[seat]


def _verb(seat: int, you: int | None, third: str, second: str) -> str:
    return second if seat == you else third


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


@dataclass(slots=True)
class Event:
    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        raise NotImplementedError


@dataclass(slots=True)
class DealerChosen(Event):
    """D2: each draw is a (seat, card) pair; ties drew again in later rounds of draws."""

    dealer: int
    draws: tuple[tuple[tuple[int, Card], ...], ...]

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        last = ", ".join(f"{_object(s, names, you)} {c}" for s, c in self.draws[-1])
        ties = " after a tie" if len(self.draws) > 1 else ""
        verb = _verb(self.dealer, you, "deals", "deal")
        return f"Cards drawn for the deal ({last}){ties}: {_subject(self.dealer, names, you)} {verb}."


@dataclass(slots=True)
class CardsDealt(Event):
    """D3."""

    dealer: int
    hand_size: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.dealer, you, "deals", "deal")
        return f"{_subject(self.dealer, names, you)} {verb} {self.hand_size} cards to everyone."


@dataclass(slots=True)
class StartCardReturned(Event):
    """D4: a Wild Draw Four turned at the start goes back into the pile."""

    card: Card

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"{self.card.name} turned up first; it is shuffled back and another card is turned."


@dataclass(slots=True)
class StartCardTurned(Event):
    """D4."""

    card: Card

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"The first card is {self.card.name} ({self.card})."


@dataclass(slots=True)
class CardPlayed(Event):
    seat: int
    card: Card
    color: Color | None = None

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "plays", "play")
        text = f"{_subject(self.seat, names, you)} {verb} {self.card.name}"
        if self.color is not None:
            text += f" and {_verb(self.seat, you, 'calls', 'call')} {self.color.value}"
        return text + "."


@dataclass(slots=True)
class CardsDrawn(Event):
    """``cards`` are private to ``seat``: ``describe`` never names them to anyone else."""

    seat: int
    cards: tuple[Card, ...]
    reason: DrawReason
    wanted: int

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


@dataclass(slots=True)
class PileReshuffled(Event):
    """T4."""

    size: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"The draw pile ran out: {_cards(self.size)} from the discard pile are shuffled into a new one."


@dataclass(slots=True)
class NothingToDraw(Event):
    """T4: no card anywhere to draw; a player who had to draw passes."""

    seat: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"There is no card left to draw for {_object(self.seat, names, you)}."


@dataclass(slots=True)
class DrawnCardKept(Event):
    seat: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "keeps", "keep")
        return f"{_subject(self.seat, names, you)} {verb} the drawn card."


@dataclass(slots=True)
class TurnSkipped(Event):
    seat: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "loses", "lose")
        return f"{_subject(self.seat, names, you)} {verb} the turn."


@dataclass(slots=True)
class DirectionChanged(Event):
    direction: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        way = "left (clockwise)" if self.direction == 1 else "right (counter-clockwise)"
        return f"Play now goes {way}."


@dataclass(slots=True)
class ExtraTurn(Event):
    """A3 with two players, I1, I4: the same seat plays again."""

    seat: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "takes", "take")
        return f"{_subject(self.seat, names, you)} {verb} another turn."


@dataclass(slots=True)
class CardTurned(Event):
    """A5: the Item Box turns the top card of the draw pile and its item activates."""

    seat: int
    card: Card

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        return f"The Item Box turns {self.card.name} ({self.card}): {self.card.item.label}!"


@dataclass(slots=True)
class ColorChosen(Event):
    seat: int
    color: Color

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "chooses", "choose")
        return f"{_subject(self.seat, names, you)} {verb} {self.color.value}."


@dataclass(slots=True)
class TargetChosen(Event):
    """I3."""

    seat: int
    target: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "hits", "hit")
        shell = Item.GREEN_SHELL.label
        return f"{_subject(self.seat, names, you)} {verb} {_object(self.target, names, you)} with the {shell}."


@dataclass(slots=True)
class WildDrawFourAccepted(Event):
    seat: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "accepts", "accept")
        return f"{_subject(self.seat, names, you)} {verb} the Wild Draw Four."


@dataclass(slots=True)
class ChallengeResolved(Event):
    """C1-C3. ``hand`` is what ``challenged`` showed to ``challenger`` only."""

    challenger: int
    challenged: int
    guilty: bool
    color: Color
    hand: tuple[Card, ...]

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
        return f"{who} {verb} {target}'s Wild Draw Four: {verdict}."


@dataclass(slots=True)
class UnoSaid(Event):
    seat: int
    late: bool = False

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "says", "say")
        late = " just in time" if self.late else ""
        return f"{_subject(self.seat, names, you)} {verb} UNO!{late}"


@dataclass(slots=True)
class PlayerExposed(Event):
    """U2: one card left and no UNO said."""

    seat: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "has", "have")
        return f"{_subject(self.seat, names, you)} {verb} one card and did not say UNO!"


@dataclass(slots=True)
class UnoCaught(Event):
    catcher: int
    seat: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.catcher, you, "catches", "catch")
        return f"{_subject(self.catcher, names, you)} {verb} {_object(self.seat, names, you)} without UNO!"


@dataclass(slots=True)
class RoundWon(Event):
    """E1, E3: ``points`` are the cards left in the opponents' hands."""

    seat: int
    points: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        win = _verb(self.seat, you, "wins", "win")
        score = _verb(self.seat, you, "scores", "score")
        points = "1 point" if self.points == 1 else f"{self.points} points"
        return f"{_subject(self.seat, names, you)} {win} the round and {score} {points}."


@dataclass(slots=True)
class MatchWon(Event):
    """E4."""

    seat: int
    score: int

    def describe(self, names: Sequence[str], you: int | None = None) -> str:
        verb = _verb(self.seat, you, "wins", "win")
        return f"{_subject(self.seat, names, you)} {verb} the match with {self.score} points!"
