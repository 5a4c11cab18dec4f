"""Short ways to write positions in tests (cards as K5 notation separated by spaces), and the check that
refused actions change nothing."""

from __future__ import annotations

import contextlib
import pickle

import pytest

from unokart_tui.engine import Card, Color, Event, HouseRules, Round, RulesError


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


def hand(round_: Round, seat: int) -> list[str]:
    return [str(card) for card in round_.hands[seat]]


def of_type(events: list[Event], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]


def refuse_all_without_change(round_: Round, actions: list) -> bytes:
    """Each of ``actions`` raises ``RulesError``, and the round is then as it was; returns its pickled state.

    Pickled before and after (every field, the random state and the history) and compared once after all the
    refusals: a change by any of them shows, unless a later refusal undid exactly that change. The pickling is
    nine tenths of a property test's time, so one comparison a step instead of one an action halves it. When
    the round did change, the actions are tried again one at a time on copies to name the one that changed it.
    """
    before = pickle.dumps(round_)
    for action in actions:
        with pytest.raises(RulesError):
            round_.apply(action)
    if pickle.dumps(round_) != before:
        raise AssertionError(f"{_changers(before, actions) or actions} changed the round")
    return before


def _changers(before: bytes, actions: list) -> list:
    found = []
    for action in actions:
        round_ = pickle.loads(before)
        with contextlib.suppress(RulesError):
            round_.apply(action)
        if pickle.dumps(round_) != before:
            found.append(action)
    return found
