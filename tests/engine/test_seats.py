"""Whatever takes a seat takes a whole number from 0 to n-1, and anything else is a ``RulesError`` that changes nothing.

``True`` is 1 to Python and ``-1`` indexes the last hand: both used to be taken as seats
(``round.hand(-1)``), and other values failed with ``IndexError`` or ``TypeError`` (issue 35,
finding 17). An action checks its seat when it is made; one made around that check
(``object.__setattr__``) is checked again by the round.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from unokart_tui.engine import (
    Action,
    CatchUno,
    ChooseTarget,
    HouseRules,
    JumpIn,
    Match,
    Phase,
    Round,
    RulesError,
    SayUno,
    determinize,
)

from .helpers import position


class Seat(int):
    """An int that is not an int: a seat is ``int`` and nothing else, as ``True`` is not."""


def forged(kind: type[Action], **values: object) -> Action:
    """An action made around its own check, as a subclass or ``object.__setattr__`` can."""
    action = object.__new__(kind)
    for name, value in values.items():
        object.__setattr__(action, name, value)
    return action


def rounds_to_try() -> list[Round]:
    """Rounds where a seat's action could be taken: a target to choose, an exposed player, a jump-in, plain play."""
    wanted: dict[str, Round] = {}
    for seed in range(200):
        rules = HouseRules.preset(("party", "chaos")[seed % 2])
        players = 3 + seed % 3
        round_ = Round.deal(players, dealer=seed % players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not round_.is_over and len(wanted) < 4:
            kinds = {
                "target": round_.phase is Phase.CHOOSE_TARGET,
                "exposed": round_.exposed is not None,
                "jump-in": any(isinstance(a, JumpIn) for s in range(players) for a in round_.reactions(s)),
                "plain": round_.phase is Phase.PLAY,
            }
            for kind, found in kinds.items():
                if found and kind not in wanted:
                    wanted[kind] = round_.copy()
            legal = round_.legal_actions()
            round_.apply(rng.choice(legal[:-1] if round_.phase is Phase.PLAY and len(legal) > 1 else legal))
        if len(wanted) == 4:
            return list(wanted.values())
    raise AssertionError(f"only {sorted(wanted)} came up")


ROUNDS = rounds_to_try()

SEAT_TAKERS: dict[str, Callable[[Round, object], object]] = {
    "hand": lambda r, s: r.hand(s),
    "view": lambda r, s: r.view(s),
    "reactions": lambda r, s: r.reactions(s),
    "ChooseTarget": lambda r, s: r.apply(ChooseTarget(s)),
    "SayUno": lambda r, s: r.apply(SayUno(s)),
    "CatchUno": lambda r, s: r.apply(CatchUno(s)),
    "JumpIn": lambda r, s: r.apply(JumpIn(s, r.top_card)),
    "forged ChooseTarget": lambda r, s: r.apply(forged(ChooseTarget, seat=s)),
    "forged SayUno": lambda r, s: r.apply(forged(SayUno, seat=s)),
    "forged CatchUno": lambda r, s: r.apply(forged(CatchUno, seat=s)),
    "forged JumpIn": lambda r, s: r.apply(forged(JumpIn, seat=s, card=r.top_card, uno=False)),
    "next_seat": lambda r, s: r.view(0).next_seat(s),
    "determinize": lambda r, s: determinize(r.view(0), random.Random(1), cannot_hold={s: [r.top_card]}),
    "from_view": lambda r, s: Round.from_view(r.view(0)._replace(seat=s), r.hands, r.draw_pile),
}


def not_seats(players: int) -> st.SearchStrategy[object]:
    """Every kind of value that is not a seat of a table of ``players``, many of them equal to one."""
    seat = st.integers(0, players - 1)
    return st.one_of(
        st.booleans(),
        st.integers(max_value=-1),
        st.integers(min_value=players),
        seat.map(float),
        seat.map(str),
        seat.map(Seat),
        seat.map(Fraction),
        seat.map(Decimal),
        seat.map(complex),
        seat.map(lambda s: (s,)),
        st.none(),
        st.floats(allow_nan=True),
        st.text(max_size=3),
    )


@settings(derandomize=True, database=None, deadline=None, max_examples=300)
@given(data=st.data(), index=st.integers(0, len(ROUNDS) - 1), taker=st.sampled_from(sorted(SEAT_TAKERS)))
def test_anything_but_a_seat_is_a_rules_error_that_changes_nothing(data, index, taker):
    round_ = ROUNDS[index].copy()
    seat = data.draw(not_seats(round_.num_players), label="seat")
    assume(not (taker == "next_seat" and seat is None))  # next_seat(None) counts from the view's own seat
    before = pickle.dumps(round_)
    with pytest.raises(RulesError):
        SEAT_TAKERS[taker](round_, seat)
    assert pickle.dumps(round_) == before


@pytest.mark.parametrize("seat", [-1, True, False, 2, 1.0, "1", None, Seat(1)], ids=repr)
def test_a_hand_is_asked_for_by_seat(seat):
    round_ = position("R1 R2", "G5 B3", discard="R9")
    with pytest.raises(RulesError, match="no seat"):
        round_.hand(seat)
    assert round_.hand(1) == round_.hands[1]


@pytest.mark.parametrize("seat", [True, 1.0, Seat(1)], ids=["True", "1.0", "Seat(1)"])
def test_a_target_made_around_its_check_is_refused_not_taken_as_seat_1(seat):
    round_ = next(r for r in ROUNDS if r.phase is Phase.CHOOSE_TARGET).copy()
    before = pickle.dumps(round_)
    with pytest.raises(RulesError, match="There is no seat"):
        round_.apply(forged(ChooseTarget, seat=seat))
    assert pickle.dumps(round_) == before


def test_the_next_seat_is_counted_from_a_seat():
    view = position("R1 R2", "G5 B3", "Y1", discard="R9").view(0)
    assert view.next_seat() == 1 and view.next_seat(2) == 0 and view.next_seat(steps=-1) == 2
    for seat in (-1, True, 3, 1.0):
        with pytest.raises(RulesError, match="no seat"):
            view.next_seat(seat)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="steps"):
        view.next_seat(steps=1.5)  # type: ignore[arg-type]


def test_a_match_view_is_asked_for_by_seat():
    match = Match.new(3, seed=4)
    before = pickle.dumps(match)
    for seat in (-1, True, 3, "0"):
        with pytest.raises(RulesError, match="no seat"):
            match.view(seat)  # type: ignore[arg-type]
    assert pickle.dumps(match) == before
