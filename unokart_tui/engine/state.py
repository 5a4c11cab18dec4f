"""A round's fields, declared once, and what a round does with all of them: start fresh, copy, compare.

``RoundState``'s class body is the one list of a round's fields, each with its type, its value
in a fresh round (none: every constructor gives it) and how a copy takes it (``Copied``).
``__slots__``, the fresh round (a copy of ``_FRESH``, which the declared values make), ``==``,
``copy.copy``, ``copy.deepcopy`` and pickling all follow from that list.

The copy itself is written out (``_copy_fields``): the engine compiles no code
(tests/test_layering.py), and copying 35 slots by name in a loop costs 28,000 instructions more
a copy, half again a seeded ``copy()``, which a search makes for every playout (counted as
benchmarks/bench_instructions.py counts). tests/engine/test_state.py holds ``_copy_fields`` to
the list field by field: a field declared and not copied, or copied the wrong way, fails there.
"""

from __future__ import annotations

import enum
import random
from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from typing import Self

from .actions import Action
from .cards import Card, Color
from .events import Event
from .house_rules import HouseRules
from .tables import PLAY, Then
from .view import Phase


class Copied(enum.Enum):
    """How ``copy()`` takes a field."""

    SHARED = "shared"  # an immutable value: the copy shares it
    LIST = "list"  # a list of immutable values: a list of its own
    LISTS = "lists"  # a list of such lists (the hands): each a list of its own
    DICTS = "dicts"  # a dict of dicts of immutable values (the hands shown): each a dict of its own
    BY_CALLER = "by caller"  # set from copy()'s arguments: the random generator, the history, quietness


# A field's metadata: how copy() takes it (SHARED when it says nothing), and whether ``==`` compares it.
LIST = {"copied": Copied.LIST}
LISTS = {"copied": Copied.LISTS}
DICTS = {"copied": Copied.DICTS}
BY_CALLER = {"copied": Copied.BY_CALLER, "compared": False}
NOT_COMPARED = {"compared": False}


@dataclass(slots=True, init=False, repr=False, eq=False, match_args=False, kw_only=True)
class RoundState:
    """The state of a round: its fields, a fresh round, a copy, equality. ``Round`` adds the rest.

    A field without a value in its declaration is given by every constructor (``round.py``). A
    dataclass for the declaration alone (slots, types, fresh values, metadata): it makes no
    ``__init__``, ``__eq__`` or ``__repr__``.
    """

    # The house rules, and each switch a field of its own: the hot path reads them every action.
    _rules: HouseRules
    _stack_draw_two: bool  # H1
    _stack_draw_four: bool  # H2
    _stack_cross: bool  # H3
    _seven_zero: bool  # H4
    _jump_in: bool  # H5
    _until_playable: bool  # H6
    _must_play: bool  # H7
    _banana_last_turn: bool  # H8 "last-turn"
    _hands: list[list[Card]] = field(default_factory=list, metadata=LISTS)  # one list per seat
    _draw: list[Card] = field(default_factory=list, metadata=LIST)  # the top of the draw pile is the *last* element
    _discard: list[Card] = field(default_factory=list, metadata=LIST)
    _color: Color | None = None
    _direction: int = 1
    _current: int = 0
    _decider: int | None = None  # set only while someone other than `current` decides (D5)
    _phase: Phase = PLAY
    _exposed: int | None = None
    _winner: int | None = None
    _points: int | None = None
    _dealer: int
    _scores: tuple[int, ...]  # the match's, before this round
    _rng: random.Random = field(metadata=BY_CALLER)  # ``==`` compares its state
    _drawn: Card | None = None
    # While a Wild Draw Four waits (A4): who played it, their hand then, the colour to match.
    _challenge: tuple[int, tuple[Card, ...], Color] | None = None
    _then: Then | None = None
    _uno: bool = False  # UNO said with the play being resolved (U1, U3)
    # The hands shown in challenges (C1): challenger -> the seat that showed it -> the cards.
    _revealed: dict[int, dict[int, tuple[Card, ...]]] = field(default_factory=dict, metadata=DICTS)
    # The hands given away in a swap or pass of hands (H4), known to the seat that held them:
    # giver -> the seat that holds that hand now -> the cards as they were passed. Only the last H4's.
    _handed: dict[int, dict[int, tuple[Card, ...]]] = field(default_factory=dict, metadata=DICTS)
    _pending: int = 0  # what accepting draws: a lone Wild Draw Four's 4 (A4), a stacked total (H1-H3)
    # H5a: the seat that played the top card; None for the start card or a card an Item Box turned.
    _played_by: int | None = None
    # H8 "last-turn": the seats that took the last turn and the one before (kept only under that rule).
    _turn_before: int | None = None
    _turn_last: int | None = None
    # Every applied action, by whom (PlayerView.public_history): how the round got here, not where it is.
    _history: list[tuple[int, Action]] = field(default_factory=list, metadata=BY_CALLER)
    _quiet: bool = field(default=False, metadata=BY_CALLER)  # a playout copy: no events, no history
    start_events: tuple[Event, ...] = field(default=(), metadata=NOT_COMPARED)

    def _take_rules(self, rules: HouseRules) -> None:
        self._rules = rules
        self._stack_draw_two = rules.stack_draw_two
        self._stack_draw_four = rules.stack_draw_four
        self._stack_cross = rules.stack_cross
        self._seven_zero = rules.seven_zero
        self._jump_in = rules.jump_in
        self._until_playable = rules.draw_until_playable
        self._must_play = rules.must_play_drawn
        self._banana_last_turn = rules.banana == "last-turn"

    def _start_fresh(self) -> None:
        """Every field at its declared fresh value; the constructor then gives the others."""
        _copy_fields(_FRESH, self)
        self._history = []
        self._quiet = False

    def copy(self, *, quiet: bool = False, seed: int | None = None) -> Self:
        """A round that plays on from here independently of this one: the cheap clone search needs.

        ``quiet=True`` makes a playout copy: its ``apply`` builds no events and returns ``[]``, and it
        keeps no public history (its views show none). ``seed`` gives the copy a fresh random
        generator (for the piles it reshuffles, T4); without it the copy continues this round's
        random state exactly. The one way to copy a round: ``copy.copy``, ``copy.deepcopy`` and
        the timeline's snapshots come here.
        """
        other = _new(type(self))
        _copy_fields(self, other)
        if seed is None:
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        else:
            other._rng = random.Random(seed)
        other._history = [] if quiet else self._history[:]
        other._quiet = quiet
        return other

    def __copy__(self) -> Self:
        return self.copy(quiet=self._quiet)

    def __deepcopy__(self, memo: object) -> Self:
        return self.copy(quiet=self._quiet)

    def _state(self) -> tuple[object, ...]:
        return _compared(self), self._rng.getstate()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundState):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]


_new = object.__new__


def _copy_fields(self: RoundState, other: RoundState) -> None:
    """Every field of ``other`` set to a copy of ``self``'s, as ``Copied`` says, but copy()'s own (BY_CALLER).

    Written out field by field: see the module's docstring, and tests/engine/test_state.py.
    """
    other._rules = self._rules
    other._stack_draw_two = self._stack_draw_two
    other._stack_draw_four = self._stack_draw_four
    other._stack_cross = self._stack_cross
    other._seven_zero = self._seven_zero
    other._jump_in = self._jump_in
    other._until_playable = self._until_playable
    other._must_play = self._must_play
    other._banana_last_turn = self._banana_last_turn
    other._hands = [hand[:] for hand in self._hands]
    other._draw = self._draw[:]
    other._discard = self._discard[:]
    other._color = self._color
    other._direction = self._direction
    other._current = self._current
    other._decider = self._decider
    other._phase = self._phase
    other._exposed = self._exposed
    other._winner = self._winner
    other._points = self._points
    other._dealer = self._dealer
    other._scores = self._scores
    other._drawn = self._drawn
    other._challenge = self._challenge
    other._then = self._then
    other._uno = self._uno
    other._revealed = {seat: dict(shown) for seat, shown in self._revealed.items()}
    other._handed = {seat: dict(given) for seat, given in self._handed.items()}
    other._pending = self._pending
    other._played_by = self._played_by
    other._turn_before = self._turn_before
    other._turn_last = self._turn_last
    other.start_events = self.start_events


def _fresh_prototype() -> RoundState:
    """A round with every field at its declared fresh value, and None for those every constructor gives."""
    prototype = _new(RoundState)
    for each in fields(RoundState):
        if each.default is not MISSING:
            value = each.default
        elif each.default_factory is not MISSING:
            value = each.default_factory()
        else:
            value = None
        setattr(prototype, each.name, value)
    return prototype


_FRESH = _fresh_prototype()
_compared = attrgetter(*(each.name for each in fields(RoundState) if each.metadata.get("compared", True)))
