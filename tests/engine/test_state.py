"""A round's fields are declared once (``RoundState``): a fresh round, a copy and ``==`` follow the declaration.

The copy is written out for speed (``state._copy_fields``); these tests hold it to the declaration
field by field, so a field declared and not copied, or copied the wrong way, fails here by name.
"""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import MISSING, fields

import pytest

from unokart_tui.engine import Draw, HouseRules, Phase, Round, determinize
from unokart_tui.engine.state import Copied, RoundState, _copy_fields

from .helpers import cards, position

DECLARED = fields(RoundState)


def copied(each) -> Copied:
    return each.metadata.get("copied", Copied.SHARED)


def has_fresh_value(each) -> bool:
    return each.default is not MISSING or each.default_factory is not MISSING


def sample(kind: Copied) -> object:
    """A value of a field of this kind, made of objects equal only to themselves."""
    if kind is Copied.LIST:
        return [object(), object()]
    if kind is Copied.LISTS:
        return [[object()], [object(), object()]]
    if kind is Copied.DICTS:
        return {1: {2: (object(),)}, 3: {}}
    return object()


def played(seed: int, players: int = 4, rules: HouseRules | None = None, actions: int = 30) -> Round:
    round_ = Round.deal(players, dealer=seed % players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(actions):
        if round_.is_over:
            break
        legal = round_.legal_actions()
        choices = legal[:-1] if round_.phase is Phase.PLAY and len(legal) > 1 else legal
        round_.apply(rng.choice(choices))
    return round_


def test_every_slot_is_a_declared_field():
    assert RoundState.__slots__ == tuple(each.name for each in DECLARED)
    assert Round.__slots__ == ()  # the classes between add none either: a new field has one place
    assert all(vars(cls).get("__slots__") == () for cls in Round.__mro__[1:-2])


@pytest.mark.parametrize("each", DECLARED, ids=lambda each: each.name)
def test_the_written_out_copy_takes_each_field_as_declared(each):
    source = RoundState.__new__(RoundState)
    for other in DECLARED:
        if copied(other) is not Copied.BY_CALLER:
            setattr(source, other.name, sample(copied(other)))
    target = RoundState.__new__(RoundState)
    _copy_fields(source, target)
    kind = copied(each)
    if kind is Copied.BY_CALLER:
        assert not hasattr(target, each.name), f"{each.name} is set by copy()'s arguments, not by _copy_fields"
        return
    assert hasattr(target, each.name), f"_copy_fields does not copy {each.name} ({kind.value})"
    value, original = getattr(target, each.name), getattr(source, each.name)
    if kind is Copied.SHARED:
        assert value is original
        return
    assert value == original
    assert value is not original
    if kind is Copied.LISTS:
        assert all(mine is not theirs for mine, theirs in zip(value, original, strict=True))
    if kind is Copied.DICTS:
        assert all(value[key] is not original[key] for key in original)


def test_a_fresh_round_holds_the_declared_fresh_values_in_containers_of_its_own():
    first, second = Round.__new__(Round), Round.__new__(Round)
    first._start_fresh()
    second._start_fresh()
    for each in DECLARED:
        if each.default is not MISSING:
            assert getattr(first, each.name) == each.default, each.name
        elif each.default_factory is not MISSING:
            assert getattr(first, each.name) == each.default_factory(), each.name
            assert getattr(first, each.name) is not getattr(second, each.name), each.name


def every_kind_of_round() -> list[Round]:
    dealt = played(5, rules=HouseRules.preset("party"))
    given = position("R1 R2", "G5 B3", draw="Y4 Y5", discard="R9", current=1)
    view = dealt.view(dealt.decider)
    return [
        Round(3, dealer=1, seed=2, scores=None),
        dealt,
        given,
        determinize(view, random.Random(1)),
        determinize(view, random.Random(1), quiet=False),
        dealt.copy(),
        dealt.copy(quiet=True, seed=9),
        copy.copy(given),
        copy.deepcopy(dealt),
        pickle.loads(pickle.dumps(dealt)),
    ]


def test_every_constructor_and_every_copy_gives_every_field():
    for round_ in every_kind_of_round():
        for each in DECLARED:
            value = getattr(round_, each.name)  # an unset slot raises AttributeError
            if not has_fresh_value(each):
                assert value is not None, f"{each.name} of {round_!r} was never given"


@pytest.mark.parametrize("each", [each for each in DECLARED if each.name != "_rng"], ids=lambda each: each.name)
def test_equality_compares_the_state_of_play_and_not_how_it_was_recorded(each):
    round_ = played(7, rules=HouseRules.preset("chaos"))
    changed = round_.copy()
    setattr(changed, each.name, object())
    if each.metadata.get("compared", True):
        assert changed != round_
    else:
        assert changed == round_  # the history, quietness and the deal's events are not the position


def test_equality_compares_the_random_state():
    round_ = played(7)
    assert round_.copy() == round_
    assert round_.copy(seed=1) != round_


def test_a_shallow_copy_is_a_round_of_its_own():
    """``copy.copy`` used to share the hands and piles: playing one round changed the other."""
    round_ = position("R1 R2", "G5 B3", draw="Y4 Y5", discard="R9")
    before = pickle.dumps(round_)
    other = copy.copy(round_)
    other.apply(Draw())
    assert pickle.dumps(round_) == before
    assert other.hands[0] == tuple(cards("R1 R2 Y4"))


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, Round.copy], ids=["copy", "deepcopy", "Round.copy"])
def test_every_way_to_copy_plays_on_exactly_as_the_original(how):
    round_ = played(11, players=3, rules=HouseRules.preset("house"))
    twin = how(round_)
    assert twin == round_
    assert twin.view(0) == round_.view(0)
    rng = random.Random(3)
    while not round_.is_over:
        action = rng.choice(round_.legal_actions())
        assert twin.apply(action) == round_.apply(action)
    assert twin == round_


def test_copy_copy_and_deepcopy_keep_a_playout_round_quiet():
    quiet = played(3).copy(quiet=True, seed=1)
    for twin in (copy.copy(quiet), copy.deepcopy(quiet)):
        assert twin.apply(twin.legal_actions()[-1]) == []
        assert twin.view(0).public_history == ()
