"""House rules of docs/house-rules.md: the switches, the presets, the hand size (H9) and a match under its rules.

One test (or more) per id, named after it, each built on a position.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from unokart_tui.engine import (
    PRESETS,
    CardsDealt,
    ChooseTarget,
    HouseRules,
    Match,
    Phase,
    Round,
    RulesError,
    TargetChosen,
)

from .helpers import play, position

SEVEN_ZERO = HouseRules(seven_zero=True)


# ---------------------------------------------------------------- the switches and presets


def test_the_defaults_are_the_official_rules():
    rules = HouseRules()
    assert rules == HouseRules.preset("official")
    assert rules.enabled() == {}
    assert rules.is_official and rules.preset_name == "official"
    assert Match.new(3, seed=1).rules == rules
    assert Round.deal(3, dealer=0, seed=1).rules == rules
    assert Match.new(3, seed=1).view(0).rules == rules


def test_the_presets_are_the_table_of_HOUSE_RULES():
    on = {name: set(HouseRules.preset(name).enabled()) for name in PRESETS}
    assert on == {
        "official": set(),
        "house": {"stack_draw_two", "stack_draw_four", "draw_until_playable"},  # H1, H2, H6
        "party": {"stack_draw_two", "stack_draw_four", "stack_cross", "seven_zero", "jump_in"},  # H1-H5
        "chaos": {
            "stack_draw_two",
            "stack_draw_four",
            "stack_cross",
            "seven_zero",
            "jump_in",
            "draw_until_playable",
            "must_play_drawn",
        },  # H1-H7
    }
    assert all(HouseRules.preset(name).preset_name == name for name in PRESETS)
    assert HouseRules(jump_in=True).preset_name is None


def test_rules_are_values_immutable_and_hashable():
    party = HouseRules.preset("party")
    assert party == party.replace() and party is not party.replace()
    assert hash(party) == hash(HouseRules.preset("party"))
    assert len({party, HouseRules.preset("party"), HouseRules()}) == 2
    assert party.replace(jump_in=False).enabled() == {
        "stack_draw_two": True,
        "stack_draw_four": True,
        "stack_cross": True,
        "seven_zero": True,
    }
    assert HouseRules(hand_size=5, banana="last-turn").enabled() == {"banana": "last-turn", "hand_size": 5}
    with pytest.raises(AttributeError):
        party.jump_in = False  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(party)) == party
    assert copy.deepcopy(party) is party
    assert repr(HouseRules(jump_in=True)) == "HouseRules(jump_in=True)"


@pytest.mark.parametrize(
    ("switches", "message"),
    [
        ({"stacking": True}, "unknown house rule 'stacking'"),
        ({"jump_in": 1}, "jump_in is true or false"),
        ({"jump_in": "yes"}, "jump_in is true or false"),
        ({"banana": "next-seat"}, "banana is"),
        ({"hand_size": 4}, "hand_size is a whole number from 5 to 10"),
        ({"hand_size": 11}, "hand_size"),
        ({"hand_size": 7.0}, "hand_size"),
        ({"hand_size": True}, "hand_size"),
        ({"stack_cross": True}, "stack_cross needs"),  # H3 needs H1 and H2
        ({"stack_cross": True, "stack_draw_two": True}, "stack_cross needs"),
    ],
)
def test_a_bad_switch_is_a_rules_error(switches, message):
    with pytest.raises(RulesError, match=message):
        HouseRules(**switches)
    with pytest.raises(RulesError, match=message):
        HouseRules.preset("official").replace(**switches)


def test_an_unknown_preset_is_a_rules_error():
    with pytest.raises(RulesError, match=r"unknown preset 'wild' \(the presets: official, house, party, chaos\)"):
        HouseRules.preset("wild")


def test_rules_must_be_house_rules():
    with pytest.raises(RulesError, match="rules must be HouseRules"):
        Match.new(2, seed=1, rules={"jump_in": True})  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rules must be HouseRules"):
        position("R1", "R2", discard="R3", rules="party")  # type: ignore[arg-type]


# ---------------------------------------------------------------- H9: hand size


@pytest.mark.parametrize("size", [5, 10])
def test_H9_each_player_is_dealt_hand_size_cards(size):
    round_ = Round.deal(3, dealer=0, seed=4, rules=HouseRules(hand_size=size))
    assert round_.start_events[0] == CardsDealt(0, size)
    sizes = sorted(len(h) for h in round_.hands)
    assert sizes[0] == size and sizes[1] == size  # the first player may have drawn two (D7)


def test_H9_ten_players_with_ten_cards_leave_a_start_card_and_eleven_to_draw():
    for seed in range(40):
        round_ = Round.deal(10, dealer=0, seed=seed, rules=HouseRules(hand_size=10))
        drawn = sum(len(h) for h in round_.hands) - 100  # a Draw Two start card makes someone draw (D7)
        assert len(round_.discard) == 1
        assert len(round_.draw_pile) == 11 - drawn


# ---------------------------------------------------------------- choices and whole matches


def test_choice_for_says_what_a_choice_is_for():
    round_ = position("WI G1", "Y1", "Y2", draw="G5 B1", discard="R9")
    assert round_.choice_for is None
    round_.apply(play("WI"))  # Green Shell
    assert round_.choice_for == "green-shell" and round_.view(0).choice_for == "green-shell"
    round_ = position("WI G1", "Y1", draw="W+4 B1 B2", discard="R9")
    round_.apply(play("WI"))
    assert round_.choice_for == "bob-omb"
    for seed in range(1000):
        round_ = Round.deal(3, dealer=0, seed=seed)
        if round_.phase is Phase.CHOOSE_COLOR:
            assert round_.choice_for == "start"
            break
    else:
        raise AssertionError("no Item Box start card")
    round_ = position("R7 G1 G2", "Y1", "B1", discard="R9", rules=SEVEN_ZERO)
    round_.apply(play("R7"))
    assert round_.choice_for == "seven" and TargetChosen not in map(type, round_.apply(ChooseTarget(1)))


def test_a_match_plays_every_round_under_its_rules():
    rules = HouseRules.preset("chaos").replace(hand_size=5)
    match = Match.new(["Ann", "Bo", "Cy"], seed=3, target=10**6, rules=rules)
    assert match.rules == rules and match.round.rules == rules and match.view(1).rules == rules
    for _ in range(3):
        while not match.round.is_over:
            legal = match.round.legal_actions()
            plays = legal[:-1] if match.round.phase is Phase.PLAY else legal
            match.apply((plays or legal)[0])
        events = match.next_round()
        assert events[0] == CardsDealt(match.dealer, 5)  # H9 in every round
        assert match.round.rules == rules
