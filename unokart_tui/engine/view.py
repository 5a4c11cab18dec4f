"""What one seat may know (ARCHITECTURE "A round": ``round.view(seat)``)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from .actions import Action
from .cards import Card, Color, RulesError
from .house_rules import OFFICIAL, HouseRules


class Phase(enum.Enum):
    PLAY = "play"  # play a card or draw
    DRAWN = "drawn"  # play the card just drawn or keep it (T3)
    CHALLENGE = "challenge"  # accept or challenge a Wild Draw Four (A4, C1)
    STACK = "stack"  # stack a draw card on the pending total or accept it (H1-H3)
    CHOOSE_COLOR = "choose_color"  # D5, I5, A5
    CHOOSE_TARGET = "choose_target"  # I3
    OVER = "over"  # E1


class PlayerView(NamedTuple):
    """A snapshot of the table as ``seat`` sees it. It holds no reference to the round.

    A named tuple, not a frozen dataclass: bots ask for a view before every decision,
    and a tuple is built several times faster (see benchmarks/bench_engine.py).

    ``drawn`` is the card ``seat`` has just drawn while it decides whether to play it;
    ``revealed`` maps a seat to the hand it showed to *this* seat in a challenge (C1);
    ``wild_draw_four`` is, while a Wild Draw Four waits for its answer, who played it
    and the colour that had to be matched then (public: everyone saw the table).
    ``rules`` are the match's house rules; ``pending_draw`` is what the decider draws by
    accepting (H1-H3, A4); ``choice_for`` says what an open colour or target choice is for;
    ``reactions`` are the out-of-turn actions ``seat`` may make now (``round.reactions``);
    ``public_history`` is every action of the round so far as ``(seat, action)``, in order: what
    the whole table saw (an action never holds a hidden card: a draw is ``Draw()``, not the card);
    ``handed`` maps a seat to the hand *this* seat gave it in the last swap or pass of hands (H4),
    as it was then: this seat held those cards, so it knows them.
    """

    seat: int
    num_players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top_card: Card
    active_color: Color | None
    direction: int
    current: int
    decider: int
    phase: Phase
    draw_pile_size: int
    discard: tuple[Card, ...]
    exposed: int | None
    scores: tuple[int, ...]
    revealed: Mapping[int, tuple[Card, ...]]
    dealer: int
    winner: int | None
    drawn: Card | None
    wild_draw_four: tuple[int, Color] | None = None
    rules: HouseRules = OFFICIAL
    pending_draw: int = 0
    choice_for: str | None = None
    reactions: tuple[Action, ...] = ()
    public_history: tuple[tuple[int, Action], ...] = ()
    handed: Mapping[int, tuple[Card, ...]] = MappingProxyType({})

    def next_seat(self, seat: int | None = None, steps: int = 1) -> int:
        """The seat ``steps`` turns after ``seat`` (default: this seat) in the direction of play."""
        if seat is None:
            seat = self.seat
        elif type(seat) is not int or not 0 <= seat < self.num_players:  # is_whole, written out: bots ask often
            raise RulesError(f"there is no seat {seat!r}")
        if type(steps) is not int:
            raise RulesError(f"steps must be a whole number, not {steps!r}")
        return (seat + self.direction * steps) % self.num_players
