"""Bots under house rules (HOUSE_RULES.md): always legal, and sensible about stacking, swaps and jumping in."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ai
from ai import house
from ai.driver import Driver, Step
from unokart_tui.engine import (
    PRESETS,
    Accept,
    Card,
    CatchUno,
    ChooseTarget,
    Color,
    Draw,
    HouseRules,
    JumpIn,
    Match,
    Pass,
    Phase,
    Play,
)

from ..engine.helpers import position
from ..strategies import house_rules

NAMES = sorted(ai.BOTS)
PARTY = HouseRules.preset("party")
STACKS = HouseRules(stack_draw_two=True, stack_draw_four=True, stack_cross=True)
SEVEN_ZERO = HouseRules(seven_zero=True)
JUMP = HouseRules(jump_in=True)


def card(text: str) -> Card:
    return Card.parse(text)


def choose(name, round_, seat=None, **params):
    seat = round_.decider if seat is None else seat
    return ai.make_bot(name, seed=1, **params).choose(round_.view(seat), round_.legal_actions())


def play_driven(rules: HouseRules, players: int, seed: int, actions: int) -> int:
    """A match of mixed bots under ``rules``, driven as the sim drives it; checks every step is legal."""
    rng = random.Random(seed)
    profiles = ["easy", "normal", "hard"]
    bots = []
    for s in range(players):
        name, profile = rng.choice(NAMES), rng.choice(profiles)
        # The expert on the smallest budget that still weighs and resamples its deals (oversample 2): it picks
        # among the same legal candidates at any budget, and only which one is the search's (tests/ai/test_expert.py).
        # At 4 deals of 2 actions, oversampled 4 times, its search was two thirds of these tests' time (profiled).
        budget = {"samples": 2, "depth": 1, "oversample": 2} if name == "expert" else {}
        bots.append(ai.make_bot(name, seed=seed + s, profile=profile, **budget))
    driver = Driver(bots)
    match = Match.new(players, seed=seed, target=10**6, rules=rules)
    steps = 0
    for _ in range(actions):
        round_ = match.round
        if round_.is_over:
            match.next_round()
            continue
        step = driver.next_step(round_)
        assert step is not None
        if step.reaction:
            assert step.action in round_.reactions(step.seat)
        else:
            assert step.seat == round_.decider and step.action in round_.legal_actions()
        match.apply(step.action)
        steps += 1
    return steps


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_bot_plays_legally_under_every_preset(preset):
    for players in (2, 3, 5, 10):
        assert play_driven(HouseRules.preset(preset), players, seed=players, actions=500) > 400


@pytest.mark.slow
@settings(derandomize=True, database=None, deadline=None, max_examples=30)
@given(rules=house_rules(), players=st.integers(2, 10), seed=st.integers(0, 10**6))
def test_every_bot_plays_legally_under_any_combination(rules, players, seed):
    play_driven(rules, players, seed, actions=250)


# ---------------------------------------------------------------- stacking (H1-H3)


def stacked_on(hand: str, rules: HouseRules = STACKS) -> object:
    """Seat 0 plays a Draw Two on seat 1, who holds ``hand``."""
    round_ = position("R+2 R5 R6", hand, "Y2 Y3", draw="B1 B2 B3 B4 B5 B6", discard="R9", rules=rules)
    round_.apply(Play("R+2"))
    return round_


@pytest.mark.parametrize("name", NAMES)
def test_every_bot_stacks_a_draw_two_rather_than_draw(name):
    assert choose(name, stacked_on("G+2 G1 G3")) == Play("G+2")


@pytest.mark.parametrize("name", ["greedy", "challenger"])
def test_a_draw_two_goes_before_a_wild_draw_four_and_a_wild_draw_four_before_taking_it(name):
    assert choose(name, stacked_on("W+4 G+2 G1")) == Play("G+2")
    action = choose(name, stacked_on("W+4 G1 G3"))
    assert isinstance(action, Play) and action.card == card("W+4") and action.color is Color.GREEN


def test_the_item_hoarder_keeps_its_wild_draw_four_for_a_big_total():
    assert choose("item-hoarder", stacked_on("W+4 G1 G3")) == Accept()  # +2: not worth its Wild Draw Four
    assert choose("item-hoarder", stacked_on("W+4 G1 G3"), stack_wild_at=2).card == card("W+4")
    round_ = position("R+2 R5 R6", "G+2 G1 G3", "W+4 Y3 Y4", draw="B1 B2 B3 B4 B5 B6", discard="R9", rules=STACKS)
    round_.apply(Play("R+2"))
    round_.apply(Play("G+2"))  # +4 to seat 2: a total worth its Wild Draw Four
    assert choose("item-hoarder", round_).card == card("W+4")


def test_a_lone_wild_draw_four_is_stacked_on_rather_than_accepted():
    round_ = position("W+4 R1", "W+4 Y1 Y2", "Y3", draw="B1 B2 B3 B4 B5 B6 B7 B8", discard="G9", rules=STACKS)
    round_.apply(Play("W+4", Color.RED))
    assert round_.phase is Phase.CHALLENGE
    action = choose("greedy", round_, challenge_at=20)
    assert isinstance(action, Play) and action.card == card("W+4")


# ---------------------------------------------------------------- seven and zero (H4)


def test_a_seven_swaps_with_the_smallest_hand():
    round_ = position("R7 G1 G2 G3 G4", "Y1 Y2 Y3", "B1", "Y4 Y5", discard="R9", rules=SEVEN_ZERO)
    round_.apply(Play("R7"))
    for name in ("greedy", "challenger", "item-hoarder"):
        assert choose(name, round_) == ChooseTarget(2)


def test_on_a_tie_a_seven_swaps_with_the_hand_it_saw_holding_wild_cards():
    view = position("R7 G1 G2", "Y1 Y2", "B1 B2", discard="R9", rules=SEVEN_ZERO).view(0)
    assert house.swap_target(view, [1, 2]) == 1
    seen = view._replace(revealed={2: (card("WI"), card("B2"))})
    assert house.swap_target(seen, [1, 2]) == 2


def test_a_bot_with_the_smallest_hand_keeps_its_seven_and_zero():
    round_ = position("R7 R0 R3", "Y1 Y2 Y3 Y4 Y5", "B1 B2 B3 B4", discard="R9", rules=SEVEN_ZERO)
    for name in ("greedy", "challenger", "item-hoarder"):
        assert choose(name, round_) == Play("R3")


def test_a_seven_that_swaps_into_a_much_smaller_hand_goes_first():
    round_ = position("R7 R3 R4 R5 G6 G7", "Y1", "B1 B2 B3 B4", discard="R9", rules=SEVEN_ZERO)
    for name in ("greedy", "challenger", "item-hoarder"):
        action = choose(name, round_)
        assert isinstance(action, Play) and action.card == card("R7") and action.uno  # H4b: it may end on one


def test_a_zero_is_judged_by_the_hand_that_comes_from_the_previous_seat():
    rules = SEVEN_ZERO
    good = position("R0 R3 R4 R5 G6", "Y1 Y2 Y3 Y4 Y5 Y6", "B1", discard="R9", rules=rules)
    assert house.swap_gain(good.view(0), card("R0")) == 3  # seat 2's one card comes to seat 0
    bad = position("R0 R3", "Y1 Y2 Y3", "B1 B2 B3 B4 B5", discard="R9", rules=rules)
    assert house.swap_gain(bad.view(0), card("R0")) == -4
    assert house.swap_gain(bad.view(0), card("R3")) is None
    assert house.swap_gain(position("R0", "Y1", discard="R9", rules=rules).view(0), card("R0")) == 0


def test_the_random_baseline_plays_sevens_at_random():
    round_ = position("R7 R0 R3", "Y1 Y2 Y3 Y4 Y5", "B1 B2 B3 B4", discard="R9", rules=SEVEN_ZERO)
    cards = {ai.make_bot("random", seed=s).choose(round_.view(0), round_.legal_actions()).card for s in range(40)}
    assert cards == {card("R7"), card("R0"), card("R3")}


# ---------------------------------------------------------------- jumping in (H5)


def twin_on_top(jumper_hand: str, *, rules: HouseRules = JUMP) -> object:
    """Seat 0 plays R5; seat 2 holds ``jumper_hand``; seat 1 is to move."""
    round_ = position("R5 G1 G2", "Y1 Y2 Y3", jumper_hand, "Y4 Y5", discard="R9", rules=rules)
    round_.apply(Play("R5"))
    return round_


@pytest.mark.parametrize("name", NAMES)
def test_a_bot_holding_the_twin_jumps_in_before_the_player_to_move(name):
    round_ = twin_on_top("R5 B3 B4")
    bots = [ai.make_bot("greedy", seed=s, jump_in_chance=1.0) for s in range(4)]
    bots[2] = ai.make_bot(name, seed=2, jump_in_chance=1.0)
    assert Driver(bots).next_step(round_) == Step(2, JumpIn(2, "R5"), reaction=True)


def test_a_bot_that_does_not_notice_in_time_lets_it_go():
    round_ = twin_on_top("R5 B3 B4")
    bots = [ai.make_bot("greedy", seed=s, jump_in_chance=0.0) for s in range(4)]
    step = Driver(bots).next_step(round_)
    assert step is not None and not step.reaction and step.seat == 1


def test_a_jump_in_that_leaves_one_card_says_uno():
    round_ = twin_on_top("R5 R3")
    assert ai.make_bot("greedy", jump_in_chance=1.0, forget_uno=0.0).react(round_.view(2)) == JumpIn(2, "R5", True)
    assert ai.make_bot("greedy", jump_in_chance=1.0, forget_uno=1.0).react(round_.view(2)) == JumpIn(2, "R5")


def test_a_bot_never_jumps_in_when_it_would_strand_its_last_card():
    stranded = twin_on_top("R5 B3")  # after the jump-in, B3 could not go on the red 5
    kept = twin_on_top("R5 WI")  # a wild card still goes out
    for name in ("greedy", "challenger", "item-hoarder"):
        bot = ai.make_bot(name, jump_in_chance=1.0)
        assert bot.react(stranded.view(2)) is None
        assert bot.react(kept.view(2)) is not None
    assert ai.make_bot("random", jump_in_chance=1.0).react(stranded.view(2)) is not None  # the baseline does


def test_a_bot_never_jumps_in_with_a_seven_that_swaps_it_into_a_bigger_hand():
    rules = HouseRules(jump_in=True, seven_zero=True)
    round_ = position("R7 G1 G2 G3 G4", "Y1 Y2 Y3 Y4", "R7 B3 B4", "Y5 Y6 Y7", discard="R9", rules=rules)
    round_.apply(Play("R7"))
    round_.apply(ChooseTarget(3))
    assert ai.make_bot("greedy", jump_in_chance=1.0).react(round_.view(2)) is None


def test_the_fastest_bot_reacts_first():
    round_ = position("R5 G1", "Y1 Y2 Y3", "R5 B3 B4", "Y4 Y5", discard="R9", rules=JUMP)
    round_.apply(Play("R5"))  # seat 0 forgot UNO: a catch and a jump-in are open
    bots = [ai.make_bot("greedy", seed=s, reaction_ms=900, catch_chance=1.0, jump_in_chance=1.0) for s in range(4)]
    bots[2] = ai.make_bot("greedy", seed=2, reaction_ms=300, catch_chance=0.0, jump_in_chance=1.0)
    assert Driver(bots).next_step(round_) == Step(2, JumpIn(2, "R5"), reaction=True)
    bots[3] = ai.make_bot("greedy", seed=3, reaction_ms=100, catch_chance=1.0)
    assert Driver(bots).next_step(round_) == Step(3, CatchUno(3), reaction=True)


# ---------------------------------------------------------------- drawing (H6, H7)


@pytest.mark.parametrize("name", NAMES)
def test_a_bot_plays_a_drawn_card_it_must_play(name):
    round_ = position("Y1 Y2", "B5", draw="R3", discard="R9", rules=HouseRules(must_play_drawn=True))
    round_.apply(Draw())
    assert choose(name, round_, mistakes=0.0) == Play("R3")


def test_a_drawn_item_box_that_could_loop_is_still_kept_under_must_play_drawn():
    round_ = position("R5 G2", "Y1 Y2", draw="WI", discard="B9", rules=HouseRules(must_play_drawn=True))
    round_.apply(Draw())
    for name in NAMES:
        assert choose(name, round_) == Pass()


# ---------------------------------------------------------------- personalities keep their character


def test_the_item_hoarder_still_hoards_under_party_rules():
    round_ = position("WI R1 R2 G3 B4 Y5 Y6", "Y1 Y2 Y3 Y4 Y5 Y6", "B1 B2 B3 B5 B6 B7", discard="R9", rules=PARTY)
    assert choose("item-hoarder", round_, jackpot_edge=2.0).card != card("WI")


def test_greedy_still_sheds_its_costliest_card_under_party_rules():
    round_ = position("R2 R9 RS WI Y1", "Y1 Y2 Y3 Y4 Y5", discard="R5", rules=PARTY)
    assert choose("greedy", round_) == Play("RS")


@pytest.mark.parametrize("name", ["greedy", "challenger", "item-hoarder"])
def test_a_bot_keeps_a_seven_that_would_swap_it_into_a_bigger_hand_even_when_nothing_else_goes(name):
    # H4, docs/house-rules.md: "They keep a 7 or 0 that would swap them into a bigger hand". Found in
    # play: Mario on two cards played Red 7 and took a hand of three.
    round_ = position("R7 G5", "Y1 Y2 Y3", "B1 B2 B3 B4", discard="R9", draw="Y9", rules=SEVEN_ZERO)
    assert choose(name, round_) == Draw()


@pytest.mark.parametrize("name", ["greedy", "challenger", "item-hoarder"])
def test_a_bot_keeps_a_drawn_seven_that_would_swap_it_into_a_bigger_hand(name):
    round_ = position("G5 G6", "Y1 Y2 Y3 Y4", "B1 B2 B3 B4", discard="R9", draw="R7 Y9", rules=SEVEN_ZERO)
    round_.apply(Draw())
    assert round_.phase is Phase.DRAWN
    assert choose(name, round_) == Pass()


def test_a_bad_seven_still_goes_when_no_card_can_be_drawn():
    # Keeping it would only pass, and a round of passes changes nothing.
    round_ = position("R7 G5", "Y1 Y2 Y3", "B1 B2 B3 B4", discard="R9", draw="", rules=SEVEN_ZERO)
    action = choose("greedy", round_)
    assert isinstance(action, Play) and action.card == card("R7")
