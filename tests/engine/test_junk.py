"""Junk at every public entry point of the engine: only ``RulesError`` comes out, and nothing changes.

Hypothesis makes the junk: wrong types, numbers out of range, unknown and real cards, and
lists of all of these. Whatever an entry point accepts must then work (a position it builds
can be played), and whatever it refuses leaves the round, the match and the card table as
they were.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from unokart_tui import engine
from unokart_tui.engine import (
    DECK_COUNTS,
    PRESETS,
    SWITCHES,
    Accept,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    HouseRules,
    JumpIn,
    Match,
    Pass,
    Play,
    Round,
    RulesError,
    SayUno,
    parse_action,
)
from unokart_tui.engine.cards import Card

# Derandomized (the same examples on every run), nothing written to disk, and no deadline:
# the suite shares the machine, and speed is measured in benchmarks/, not asserted here.
junk_settings = settings(derandomize=True, database=None, deadline=None, max_examples=150)

SIMPLE_ACTIONS = [engine.Draw(), engine.Pass(), engine.Accept(), engine.Challenge()]
CARD_TEXTS = sorted(str(card) for card in DECK_COUNTS)
cards = st.sampled_from(sorted(DECK_COUNTS, key=str))
card_like = st.one_of(
    cards,
    st.sampled_from(CARD_TEXTS),
    st.text(alphabet="RYGBWIX+0123456789S ", max_size=4),  # mostly cards that do not exist
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=12),
    st.integers(),
    st.floats(),
    st.text(max_size=5),
    st.binary(max_size=3),
    card_like,
    st.sampled_from([*Color, *engine.Rank, *engine.Item, *engine.Phase]),
    st.sampled_from([*SIMPLE_ACTIONS, engine.Draw, Play, Color, object()]),  # actions, and classes that are not
)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=2), inner, max_size=2),
        st.builds(bytearray, st.binary(max_size=3)),
    ),
    max_leaves=8,
)


def refused_or(call: Callable[[], Any]) -> Any:
    """What ``call`` returns, or ``None`` if it raised ``RulesError``; any other exception fails the test."""
    try:
        return call()
    except RulesError as error:
        assert str(error), "a RulesError says what was wrong"
        return None


def interned() -> dict:
    return dict(Card._interned)


def playable(round_: Round) -> None:
    """A round that was accepted works: its decider can see the table and make every legal move."""
    legal = round_.legal_actions()
    assert legal
    round_.view(round_.decider)
    for action in legal:
        copy.deepcopy(round_).apply(action)


# ---------------------------------------------------------------- cards and actions


@junk_settings
@given(junk)
def test_card_parse(value):
    before = interned()
    card = refused_or(lambda: Card.parse(value))
    if card is not None:
        assert Card.parse(str(card)) is card
    assert interned() == before


@junk_settings
@given(junk, junk)
def test_card_constructor(color, rank):
    before = interned()
    card = refused_or(lambda: Card(color, rank))
    if card is not None:
        assert card in DECK_COUNTS
    assert interned() == before


@junk_settings
@given(junk)
def test_color_from_letter(value):
    color = refused_or(lambda: Color.from_letter(value))
    assert color is None or isinstance(color, Color)


words = st.sampled_from(["play", "draw", "pass", "accept", "challenge", "color", "target", "uno", "catch", "jump"])
action_texts = st.lists(
    st.one_of(words, st.sampled_from([*CARD_TEXTS, "R", "X", "uno", "-1", "²", "10", "0"]), st.text(max_size=3)),
    max_size=4,
).map(" ".join)


@junk_settings
@given(st.one_of(action_texts, junk))
def test_parse_action(text):
    action = refused_or(lambda: parse_action(text))
    if action is not None:
        assert parse_action(str(action)) == action


@junk_settings
@given(
    st.sampled_from([Play, ChooseColor, ChooseTarget, SayUno, CatchUno, JumpIn]),
    st.lists(
        st.one_of(junk, card_like, st.sampled_from(Color), st.booleans(), st.integers(0, 9)), min_size=2, max_size=3
    ),
)
def test_action_constructors(kind, fields):
    action = refused_or(lambda: kind(*fields[: 3 if kind in (Play, JumpIn) else 1]))
    if isinstance(action, Play):
        assert isinstance(action.card, Card)
        assert action.color is None or isinstance(action.color, Color)
        assert action.uno is True or action.uno is False
    elif isinstance(action, JumpIn):  # H5
        assert type(action.seat) is int and isinstance(action.card, Card)
        assert action.uno is True or action.uno is False
    elif isinstance(action, ChooseColor):
        assert isinstance(action.color, Color)
    elif action is not None:
        assert type(action.seat) is int


# ---------------------------------------------------------------- house rules (HOUSE_RULES.md H1-H9)

switch_names = st.one_of(st.sampled_from(list(SWITCHES)), st.text(max_size=6))
switch_values = st.one_of(
    junk, st.booleans(), st.integers(3, 12), st.sampled_from(["previous-seat", "last-turn", "next-seat"])
)


@junk_settings
@given(st.dictionaries(switch_names, switch_values, max_size=4))
def test_house_rules_and_replace(switches):
    rules = refused_or(lambda: HouseRules(**switches))
    if rules is not None:
        assert rules == HouseRules(**rules.as_dict()) and hash(rules) == hash(HouseRules(**rules.as_dict()))
    party = HouseRules.preset("party")
    changed = refused_or(lambda: party.replace(**switches))
    assert party == HouseRules.preset("party")  # replace never changes the original
    if changed is not None:
        assert set(changed.as_dict()) == set(SWITCHES)


@junk_settings
@given(st.one_of(junk, st.sampled_from(list(PRESETS))))
def test_house_rules_preset(name):
    rules = refused_or(lambda: HouseRules.preset(name))
    assert rules is None or rules.preset_name == name


# ---------------------------------------------------------------- positions, deals, matches


def maybe(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a sound value, so that the other arguments get a chance to be judged too."""
    return st.one_of(valid, valid, junk)


hand = st.lists(card_like, min_size=1, max_size=5)


@junk_settings
@given(
    st.fixed_dictionaries(
        {
            "hands": maybe(st.lists(maybe(hand), min_size=2, max_size=4)),
            "draw_pile": maybe(st.lists(card_like, max_size=4)),
            "discard": maybe(st.lists(card_like, min_size=1, max_size=3)),
            "current": maybe(st.integers(0, 3)),
            "direction": maybe(st.sampled_from([1, -1])),
            "color": maybe(st.one_of(st.none(), st.sampled_from(Color))),
            "dealer": maybe(st.integers(0, 3)),
            "seed": maybe(st.integers()),
            "scores": maybe(st.one_of(st.none(), st.lists(st.integers(0, 600), min_size=2, max_size=4))),
            "rules": maybe(st.one_of(st.none(), st.sampled_from([HouseRules.preset(name) for name in PRESETS]))),
        }
    )
)
def test_round_from_position(args):
    round_ = refused_or(lambda: Round.from_position(**args))
    if round_ is not None:
        playable(round_)


@junk_settings
@given(
    players=maybe(st.integers(2, 10)),
    dealer=maybe(st.integers(0, 9)),
    seed=maybe(st.integers()),
    scores=maybe(st.one_of(st.none(), st.lists(st.integers(0, 600), min_size=2, max_size=10))),
    rules=maybe(st.one_of(st.none(), st.sampled_from([HouseRules.preset(name) for name in PRESETS]))),
)
def test_round_deal(players, dealer, seed, scores, rules):
    round_ = refused_or(lambda: Round.deal(players, dealer=dealer, seed=seed, scores=scores, rules=rules))
    if round_ is not None:
        playable(round_)


names = st.lists(st.text(min_size=1, max_size=6), min_size=2, max_size=10)


@junk_settings
@given(
    players=maybe(st.one_of(st.integers(2, 10), names)),
    seed=maybe(st.one_of(st.none(), st.integers())),
    target=maybe(st.integers(1, 1000)),
    rules=maybe(st.one_of(st.none(), st.sampled_from([HouseRules.preset(name) for name in PRESETS]))),
)
def test_match_new(players, seed, target, rules):
    match = refused_or(lambda: Match.new(players, seed=seed, target=target, rules=rules))
    if match is not None:
        playable(match.round)


# ---------------------------------------------------------------- a match being played


def played(players: int, seed: int, steps: int, preset: str = "official") -> Match:
    """A match some random legal moves in: any phase, sometimes a seat exposed, sometimes a round over."""
    rng = random.Random(seed)
    match = Match.new(players, seed=seed, target=200, rules=HouseRules.preset(preset))
    for _ in range(steps):
        round_ = match.round
        if match.is_over:
            break
        if round_.is_over:
            if rng.random() < 0.5:
                break  # leave some rounds over: next_round and apply are judged there too
            match.next_round()
        elif round_.exposed is not None and rng.random() < 0.3:
            match.apply(CatchUno((round_.exposed + 1) % players))
        elif (jump := [a for s in range(players) for a in round_.reactions(s) if isinstance(a, JumpIn)]) and (
            rng.random() < 0.3
        ):
            match.apply(jump[0])  # H5
        else:
            match.apply(rng.choice(round_.legal_actions()))
    return match


def state(match: Match) -> tuple[object, ...]:
    return (match.round, match.scores, match.history, match.round_number, match.dealer, match.winner)


matches = st.builds(
    played, st.integers(2, 10), st.integers(0, 10_000), st.integers(0, 120), st.sampled_from(list(PRESETS))
)
actions = st.one_of(
    junk,
    st.builds(Play, cards, st.one_of(st.none(), st.sampled_from(Color)), st.booleans()),
    st.builds(ChooseColor, st.sampled_from(Color)),
    st.builds(ChooseTarget, st.integers(-3, 12)),
    st.builds(SayUno, st.integers(-3, 12)),
    st.builds(CatchUno, st.integers(-3, 12)),
    st.builds(JumpIn, st.integers(-3, 12), cards, st.booleans()),
    st.sampled_from([Draw(), Pass(), Accept(), Challenge()]),
)


@junk_settings
@given(matches, actions)
def test_apply_changes_nothing_it_refuses(match, action):
    before = copy.deepcopy(state(match))
    if refused_or(lambda: match.apply(action)) is None:
        assert state(match) == before, f"{action!r} was refused but changed the match"


@junk_settings
@given(matches, junk)
def test_the_other_questions_a_match_answers(match, value):
    before = copy.deepcopy(state(match))
    view = refused_or(lambda: match.view(value))
    assert view is None or view.seat == value
    reactions = refused_or(lambda: match.round.reactions(value))
    assert reactions is None or all(getattr(action, "seat", value) == value for action in reactions)
    refused_or(lambda: match.round.is_playable(value))
    if not match.round.is_over or match.is_over:
        assert refused_or(match.next_round) is None
    assert state(match) == before
