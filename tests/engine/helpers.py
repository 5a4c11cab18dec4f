"""Short ways to write positions in tests (cards as K5 notation separated by spaces), and the check that
refused actions change nothing."""

from __future__ import annotations

import contextlib
import copy
import enum
import operator
import pickle
import random
from collections.abc import Callable
from itertools import chain
from typing import Any

import pytest

from unokart_tui.engine import Action, Card, Color, Event, HouseRules, Match, Play, Rank, Round, RulesError


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def position(
    *hands: str,
    draw: str = "",
    discard: str,
    current: int = 0,
    direction: int = 1,
    color: Color | None = None,
    dealer: int = 0,
    seed: int = 0,
    scores: list[int] | None = None,
    rules: HouseRules | None = None,
) -> Round:
    return Round.from_position(
        [cards(hand) for hand in hands],
        cards(draw),
        cards(discard),
        current=current,
        direction=direction,
        color=color,
        dealer=dealer,
        seed=seed,
        scores=scores,
        rules=rules,
    )


def play(text: str, color: Color | None = None, uno: bool = False) -> Play:
    return Play(Card.parse(text), color, uno)


def deal_with_start(rank: Rank, players: int = 4, dealer: int = 1, rules: HouseRules | None = None) -> Round:
    """The first seeded deal whose start card is of ``rank``."""
    for seed in range(10_000):
        round_ = Round.deal(players, dealer=dealer, seed=seed, rules=rules)
        if round_.discard[0].rank is rank:
            return round_
    raise AssertionError(f"no seed starts with {rank}")


def finish_round_by_random_play(match: Match) -> None:
    rng = random.Random(match.round_number)
    while not match.round.is_over:
        match.apply(rng.choice(match.legal_actions()))


def refused(round_: Round, action: Action, match: str) -> None:
    """``action`` raises RulesError with ``match`` in its message and changes nothing."""
    before = copy.deepcopy(round_)
    with pytest.raises(RulesError, match=match):
        round_.apply(action)
    assert round_ == before


def hand(round_: Round, seat: int) -> list[str]:
    return [str(card) for card in round_.hands[seat]]


def of_type(events: list[Event], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]


def refuse_all_without_change(round_: Round, actions: list) -> None:
    """Each of ``actions`` raises ``RulesError``, and the round is then as it was.

    The round's whole state (``state_of``: every field, the random state and the history) is taken before
    and compared once after all the refusals: a change by any of them shows, unless a later refusal undid
    exactly that change. When the round did change, the actions are tried again one at a time on rounds
    made from the state before (``made_from``), to name the one that changed it.
    """
    before = state_of(round_)
    for action in actions:
        try:  # pytest.raises written out: it cost more than the refusal it checks
            round_.apply(action)
        except RulesError:
            continue
        pytest.fail(f"DID NOT RAISE {RulesError}: {action!r} was accepted")
    if state_of(round_) != before:
        raise AssertionError(f"{_changers(before, actions) or actions} changed the round")


def _changers(before: object, actions: list) -> list:
    found = []
    for action in actions:
        round_ = made_from(before)
        with contextlib.suppress(RulesError):
            round_.apply(action)
        if state_of(round_) != before:
            found.append(action)
    return found


class _Unset:
    """A slot that holds no value."""


_UNSET = _Unset()

# Values that cannot change once made, kept as they are and compared with ``==``: cards and house rules
# refuse every attribute set; enumerations and frozen dataclasses (the actions, which check the types of
# their fields when made: cards, colours, whole numbers, true or false) cannot be changed either.
_ATOMS: set[type] = {int, float, complex, bool, str, bytes, type(None), Card, HouseRules, _Unset}


def _is_atom(kind: type) -> bool:
    if kind in _ATOMS:
        return True
    params = getattr(kind, "__dataclass_params__", None)
    if issubclass(kind, enum.Enum) or (params is not None and params.frozen):
        _ATOMS.add(kind)
        return True
    return False


def state_of(value: object) -> object:
    """Everything ``value`` holds, deep, as one value to compare with ``==``: what its pickle says, five times faster.

    Lists, tuples and dicts are opened to their items, a ``random.Random`` to its state, any other object to
    its type and every attribute (slots and ``__dict__``), but for the values that cannot change (``_ATOMS``),
    and the tuples of them, which are kept as they are. A type none of these are (a set, a bytearray) is
    taken by its pickle. ``made_from`` makes the value again. Unlike a pickle, it does not record which
    objects are one and the same. The property tests take a round's state before and after the refusals of
    every step: pickling it (its history with it) took nine tenths of their time.
    """
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list or kind is tuple:
        items = tuple(value)
        if _all_unchangeable(value, items):
            return "values", kind, items
        return "items", kind, tuple(map(state_of, items))
    if kind is dict:
        atoms = _ATOMS
        return "dict", tuple(
            [
                (key if type(key) in atoms else state_of(key), item if type(item) in atoms else state_of(item))
                for key, item in value.items()
            ]
        )
    if kind is random.Random:
        return "random", value.getstate()
    if _is_atom(kind):
        return value
    names = _slot_names(kind)
    if names or hasattr(value, "__dict__"):
        atoms = _ATOMS
        try:
            held = _slot_getters[kind](value)  # every slot at once: they are all set, in a round and an event
        except AttributeError:
            held = [getattr(value, name, _UNSET) for name in names]
        attributes = tuple([item if type(item) in atoms else state_of(item) for item in held])
        namespace = getattr(value, "__dict__", None)
        return "object", kind, attributes, None if namespace is None else state_of(namespace)
    return "pickle", pickle.dumps(value)


def made_from(state: object) -> Any:
    """The value ``state_of`` took ``state`` of, made again: a new object with the same state."""
    if type(state) is not tuple:
        return state
    form = state[0]
    if form == "values":
        return state[1](state[2])
    if form == "items":
        return state[1](map(made_from, state[2]))
    if form == "dict":
        return {made_from(key): made_from(item) for key, item in state[1]}
    if form == "random":
        rng = random.Random()
        rng.setstate(state[1])
        return rng
    if form == "pickle":
        return pickle.loads(state[1])
    _, kind, attributes, namespace = state
    value = object.__new__(kind)
    for name, item in zip(_slot_names(kind), attributes, strict=True):
        if item is not _UNSET:
            object.__setattr__(value, name, made_from(item))
    if namespace is not None:
        value.__dict__.update(made_from(namespace))
    return value


# The items of the lists last found unchangeable, by the list's id: a round's history and discard pile only
# grow, and the next look at them judges only the items added since. The items before are compared with
# ``==``, which is C's identity check for the very same objects: an item that is another object, equal to
# one judged (only one made to equal a card or an action could be), would be taken as judged.
_judged: dict[int, tuple] = {}


def _all_unchangeable(value: list | tuple, items: tuple) -> bool:
    """Whether every item is an atom, or a tuple of atoms (the history's ``(seat, action)``)."""
    known = _judged.get(id(value), ())
    new = items[len(known) :] if items[: len(known)] == known else items
    kinds = set(map(type, new))
    atoms = kinds <= _ATOMS or all(map(_is_atom, kinds))
    if not atoms and (kinds != {tuple} or not all(map(_is_atom, set(map(type, chain.from_iterable(new)))))):
        return False
    if len(items) > 16:  # a hand or a short list costs less to judge again than to keep
        if len(_judged) > 64:
            _judged.clear()
        _judged[id(value)] = items
    return True


_SLOT_NAMES: dict[type, tuple[str, ...]] = {}
_slot_getters: dict[type, Callable[[object], Any]] = {}


def _slot_names(kind: type) -> tuple[str, ...]:
    """The attributes kept in ``kind``'s slots and its bases', as ``getattr`` names them."""
    if kind not in _SLOT_NAMES:
        names = []
        for cls in kind.__mro__:
            slots = cls.__dict__.get("__slots__", ())
            for slot in (slots,) if isinstance(slots, str) else slots:
                private = slot.startswith("__") and not slot.endswith("__")
                if slot not in ("__dict__", "__weakref__"):
                    names.append(f"_{cls.__name__.lstrip('_')}{slot}" if private else slot)  # mangled if private
        _SLOT_NAMES[kind] = tuple(names)
        _slot_getters[kind] = operator.attrgetter(*names) if len(names) > 1 else _one_by_one(tuple(names))
    return _SLOT_NAMES[kind]


def _one_by_one(names: tuple[str, ...]) -> Callable[[object], list]:
    return lambda value: [getattr(value, name) for name in names]
