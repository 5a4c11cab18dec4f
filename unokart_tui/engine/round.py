"""One round of UNO Mario Kart (RULES.md D3-D9, T, A, I, C, U, E1-E3), with the house rules of
HOUSE_RULES.md (H1-H9) when the round's ``HouseRules`` switch them on.

``Round`` is made of one job per module, each class building on the one before:

- ``tables.py``: the lookup tables built once (every card's plays, what follows what, points);
- ``state.py``: ``RoundState``, the fields declared once, a fresh round, copying and equality;
- ``effects.py``: ``RoundEffects``, what each legal action does, from phase to phase;
- ``machine.py``: ``RoundMachine``, what may be done now (``legal_actions``, ``reactions``) and
  ``apply``, which judges an action completely before it changes anything;
- ``views.py``: ``RoundViews``, the public state and what one seat may know (``view``);
- ``position.py``: the checks of a position given from outside;
- here: ``Round``, its constructors: a deal, a given position, a view's possible round.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Self

from .cards import Card, Color, RulesError, full_deck
from .events import CardsDealt, DirectionChanged, DrawReason, Event, StartCardReturned, StartCardTurned, TurnSkipped
from .house_rules import HouseRules
from .position import check_deal_of_view, check_position, check_table, read_history
from .tables import (
    CHOOSE_COLOR,
    DRAW_TWO,
    DRAWN,
    NOBODY_HERE,
    REVERSE,
    SKIP,
    WILD_DRAW_FOUR,
    WILD_ITEM_BOX,
    Then,
    shuffle,
)
from .view import PlayerView
from .views import RoundViews


class Round(RoundViews):
    """A round from the deal (or a given position) to the moment someone goes out.

    The decider asks for an action with ``legal_actions()``; ``apply(action)`` checks it
    completely before it changes anything, so an illegal action leaves the round as it was.
    Out of turn, any seat may make the reactions ``reactions(seat)`` lists (U2, H5).
    """

    __slots__ = ()

    def __init__(
        self,
        num_players: int,
        *,
        dealer: int,
        seed: int,
        scores: Sequence[int] | None,
        rules: HouseRules | None = None,
    ) -> None:
        """A table before the deal: ``num_players`` empty hands, empty piles."""
        checked_scores, checked_rules = check_table(num_players, dealer, seed, scores, rules)
        self._start_fresh()
        self._take_rules(checked_rules)
        self._hands = [[] for _ in range(num_players)]
        self._dealer = dealer
        self._scores = checked_scores
        self._rng = random.Random(seed)

    @classmethod
    def deal(
        cls,
        num_players: int,
        *,
        dealer: int,
        seed: int,
        scores: Sequence[int] | None = None,
        rules: HouseRules | None = None,
    ) -> Self:
        """Shuffle, deal (D3, H9), turn the start card (D4) and apply its effect (D5-D9).

        A start card's effect is RULES.md's under every house rule: a Draw Two is drawn at
        once (H1e), a 7 or 0 does nothing (H4c), and nobody may jump in on it (H5a).
        """
        self = cls(num_players, dealer=dealer, seed=seed, scores=scores, rules=rules)
        hand_size = self._rules.hand_size  # H9; 10 players with 10 cards leave 11 to draw
        deck = full_deck()
        shuffle(self._rng, deck)
        for _ in range(hand_size):
            for step in range(1, num_players + 1):
                self._hands[(dealer + step) % num_players].append(deck.pop())
        events: list[Event] = [CardsDealt(dealer, hand_size)]
        card = deck.pop()
        while card.rank is WILD_DRAW_FOUR:  # D4
            events.append(StartCardReturned(card))
            deck.append(card)
            shuffle(self._rng, deck)
            card = deck.pop()
        self._draw = deck
        self._discard = [card]
        self._color = card.color
        events.append(StartCardTurned(card))
        first = (dealer + 1) % num_players
        self._current = first
        if card.rank is WILD_ITEM_BOX:  # D5: the dealer chooses; no item
            self._phase = CHOOSE_COLOR
            self._decider = dealer
            self._then = Then.START_COLOR
        elif card.rank is REVERSE:  # D6
            self._direction = -1
            self._current = dealer
            events.append(DirectionChanged(-1))
        elif card.rank is DRAW_TWO:  # D7, H1e: drawn at once, never stacked
            self._draw_cards(first, 2, DrawReason.DRAW_TWO, events)
            events.append(TurnSkipped(first))
            self._current = self._next(first)
        elif card.rank is SKIP:  # D8
            events.append(TurnSkipped(first))
            self._current = self._next(first)
        # D9: otherwise the player left of the dealer plays first.
        self.start_events = tuple(events)
        return self

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card | str]],
        draw_pile: Iterable[Card | str],
        discard: Iterable[Card | str],
        *,
        current: int = 0,
        direction: int = 1,
        color: Color | None = None,
        dealer: int = 0,
        seed: int = 0,
        scores: Sequence[int] | None = None,
        rules: HouseRules | None = None,
    ) -> Self:
        """A position at the start of ``current``'s turn. ``draw_pile[0]`` is its top, ``discard[-1]`` the top card.

        Its top card counts as played by someone not at the table (H5a).
        """
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
            raise RulesError(f"hands must be a list with one list of cards for each seat, not {hands!r}")
        given = list(hands)
        self = cls(len(given), dealer=dealer, seed=seed, scores=scores, rules=rules)
        self._hands, self._draw, self._discard, self._color = check_position(
            given, draw_pile, discard, current=current, direction=direction, color=color
        )
        self._direction = direction
        self._current = current
        self._played_by = NOBODY_HERE
        return self

    @classmethod
    def from_view(
        cls,
        view: PlayerView,
        hands: Sequence[Iterable[Card | str]],
        draw_pile: Iterable[Card | str],
        *,
        drawn: Card | None = None,
        seed: int = 0,
        quiet: bool = False,
    ) -> Self:
        """A round this view could be: the view's table with the hidden cards given (a determinization).

        ``hands`` are every seat's hand (``view.seat``'s must be ``view.hand``), ``draw_pile`` the
        pile, top first, each of the view's size; with the discards, no card more often than the
        deck has it (a position of ``from_position`` may leave cards out). ``drawn`` is the
        card the decider has just drawn, when it is not this view's to see (phase ``DRAWN``).
        What the view cannot tell is taken as follows: a Wild Draw Four waiting for its answer was
        played from the player's hand as given (C1); a challenge's shown hand is known only to this
        seat; the turns H8 needs and who played the top card (H5a) are read from the public history.
        """
        cards, draw, drawn = check_deal_of_view(view, hands, draw_pile, drawn)
        return cls._of_view(
            view, cards, draw, drawn=drawn, history_facts=read_history(view), rng=random.Random(seed), quiet=quiet
        )

    @classmethod
    def _of_view(
        cls,
        view: PlayerView,
        hands: list[list[Card]],
        draw: list[Card],
        *,
        drawn: Card | None,
        history_facts: tuple[int | None, int | None, int | None],
        rng: random.Random,
        quiet: bool,
    ) -> Self:
        """``from_view`` once its cards are known to fit (``draw`` with its top last): no checks, no copies.

        A fresh round, then what the view tells of it: a field the view says nothing of keeps its fresh value.
        """
        self = cls.__new__(cls)
        self._start_fresh()
        self._take_rules(view.rules)
        self._hands = hands
        self._draw = draw
        self._discard = list(view.discard)
        self._color = view.active_color
        self._direction = view.direction
        self._current = view.current
        self._decider = None if view.decider == view.current else view.decider
        self._phase = view.phase
        self._exposed = view.exposed
        self._dealer = view.dealer
        self._scores = tuple(view.scores)
        self._rng = rng
        self._drawn = drawn if view.phase is DRAWN else None
        if view.wild_draw_four is not None:
            player, color = view.wild_draw_four
            self._challenge = (player, tuple(hands[player]), color)
        self._then = None if view.choice_for is None else Then(view.choice_for)
        if view.revealed:
            self._revealed = {view.seat: dict(view.revealed)}
        if view.handed:
            self._handed = {view.seat: dict(view.handed)}
        self._pending = view.pending_draw
        self._played_by, self._turn_before, self._turn_last = history_facts
        if not quiet:
            self._history = list(view.public_history)
        self._quiet = quiet
        return self
