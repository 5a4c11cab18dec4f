"""House rules, one test (or more) per id of HOUSE_RULES.md (H1-H9 and their Decisions)."""

from __future__ import annotations

import copy
import pickle

import pytest

from unokart_tui.engine import (
    PRESETS,
    Accept,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    CatchUno,
    Challenge,
    ChooseTarget,
    Color,
    Draw,
    DrawPending,
    DrawReason,
    HandsPassed,
    HandsSwapped,
    HouseRules,
    JumpedIn,
    JumpIn,
    Match,
    Pass,
    Phase,
    Play,
    PlayerExposed,
    Rank,
    Round,
    RoundWon,
    RulesError,
    SayUno,
    StackAccepted,
    TargetChosen,
    TurnSkipped,
    UnoSaid,
    parse_action,
)

from .helpers import hand, of_type, position

STACK2 = HouseRules(stack_draw_two=True)
STACK4 = HouseRules(stack_draw_four=True)
STACKS = HouseRules(stack_draw_two=True, stack_draw_four=True)
CROSS = HouseRules(stack_draw_two=True, stack_draw_four=True, stack_cross=True)
SEVEN_ZERO = HouseRules(seven_zero=True)
JUMP = HouseRules(jump_in=True)
JUMP_STACK = HouseRules(jump_in=True, stack_draw_two=True)
UNTIL = HouseRules(draw_until_playable=True)
MUST = HouseRules(must_play_drawn=True)
LAST_TURN = HouseRules(banana="last-turn")


def play(text: str, color: Color | None = None, uno: bool = False) -> Play:
    return Play(text, color, uno)


def refused(round_: Round, action, match: str) -> None:
    """``action`` raises RulesError with ``match`` in its message and changes nothing."""
    before = copy.deepcopy(round_)
    with pytest.raises(RulesError, match=match):
        round_.apply(action)
    assert round_ == before


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


# ---------------------------------------------------------------- H1-H3: stacking


def test_H1_a_draw_two_is_pending_and_the_next_player_stacks_or_accepts():
    round_ = position("R+2 R5 R6", "G+2 Y+2 R1 WI", "Y2", draw="B1 B2 B3 B4 B5", discard="R9", rules=STACK2)
    events = round_.apply(play("R+2"))
    assert events[-1] == DrawPending(1, 2)
    assert round_.phase is Phase.STACK and round_.current == 1 and round_.decider == 1
    assert round_.pending_draw == 2 and round_.view(1).pending_draw == 2
    # a Draw Two of any colour, or accept; nothing else goes on a pending total (H1)
    assert round_.legal_actions() == [play("G+2"), play("Y+2"), Accept()]
    refused(round_, play("R1"), "can't go on a pending \\+2: stack a Draw Two, or take the 2")
    refused(round_, Draw(), "stack a draw card on the total or take it")
    refused(round_, play("W+4", Color.RED), "You have no|can't go on a pending")
    round_.apply(play("G+2"))
    assert round_.phase is Phase.STACK and round_.current == 2 and round_.pending_draw == 4
    assert round_.active_color is Color.GREEN


def test_H1_accepting_draws_the_whole_total_and_loses_the_turn():
    round_ = position("R+2 R5", "G+2 Y1", "Y2", "Y3", draw="B1 B2 B3 B4 B5 B6", discard="R9", rules=STACK2)
    round_.apply(play("R+2"))
    round_.apply(play("G+2"))
    events = round_.apply(Accept())
    assert events[0] == StackAccepted(2, 4)
    assert of_type(events, CardsDrawn)[0].reason is DrawReason.STACK
    assert hand(round_, 2) == ["Y2", "B1", "B2", "B3", "B4"]
    assert of_type(events, TurnSkipped) == [TurnSkipped(2)]
    assert round_.phase is Phase.PLAY and round_.current == 3 and round_.pending_draw == 0


def test_H1_a_lone_draw_two_accepted_is_a_draw_two():
    round_ = position("R+2 R5", "Y1", "Y2", draw="B1 B2 B3", discard="R9", rules=STACK2)
    round_.apply(play("R+2"))
    events = round_.apply(Accept())
    assert of_type(events, CardsDrawn)[0].reason is DrawReason.DRAW_TWO
    assert hand(round_, 1) == ["Y1", "B1", "B2"] and round_.current == 2


def test_H1_off_a_draw_two_is_drawn_at_once_as_A1_says():
    round_ = position("R+2 R5", "G+2 Y1", "Y2", draw="B1 B2 B3", discard="R9", rules=STACK4)
    round_.apply(play("R+2"))
    assert round_.phase is Phase.PLAY and round_.current == 2 and hand(round_, 1) == ["G+2", "Y1", "B1", "B2"]


def test_H2_a_lone_wild_draw_four_may_be_challenged_accepted_or_stacked():
    round_ = position("W+4 R5 R6", "W+4 Y1 Y3", "Y2", draw="B1 B2 B3 B4 B5 B6 B7 B8 B9", discard="G9", rules=STACK4)
    round_.apply(play("W+4", Color.YELLOW))
    assert round_.phase is Phase.CHALLENGE and round_.pending_draw == 4
    stacks = [play("W+4", color) for color in Color]
    assert round_.legal_actions() == [Accept(), Challenge(), *stacks]
    refused(round_, play("Y1"), "can't go on a pending \\+4: stack a Wild Draw Four")
    events = round_.apply(play("W+4", Color.BLUE))
    assert events[-1] == DrawPending(2, 8)
    assert round_.phase is Phase.STACK and round_.current == 2 and round_.pending_draw == 8
    assert round_.view(2).wild_draw_four is None
    assert round_.legal_actions() == [Accept()]
    round_.apply(Accept())
    assert len(round_.hands[2]) == 9 and round_.current == 0 and round_.active_color is Color.BLUE
    assert round_.pending_draw == 0


def test_H2_off_a_lone_wild_draw_four_is_accepted_or_challenged_only():
    round_ = position("W+4 R5", "W+4 Y1", "Y2", discard="G9", rules=STACK2)
    round_.apply(play("W+4", Color.YELLOW))
    assert round_.legal_actions() == [Accept(), Challenge()]
    refused(round_, play("W+4", Color.RED), "accept the Wild Draw Four or challenge it")


def test_H3_a_wild_draw_four_goes_on_a_pending_draw_two_but_never_the_other_way():
    round_ = position("R+2 R5 R6", "W+4 G+2 Y1", "Y+2 W+4 Y2", "Y3", draw="B1 B2 B3", discard="R9", rules=CROSS)
    round_.apply(play("R+2"))
    assert round_.legal_actions() == [play("W+4", c) for c in Color] + [play("G+2"), Accept()]
    events = round_.apply(play("W+4", Color.YELLOW))
    assert events[-1] == DrawPending(2, 6)
    assert round_.phase is Phase.STACK  # H1a: stacked, so no challenge
    # a Draw Two is never played on a pending Wild Draw Four (H3)
    assert round_.legal_actions() == [play("W+4", c) for c in Color] + [Accept()]
    refused(round_, play("Y+2"), "stack a Wild Draw Four")


def test_H3_off_no_wild_draw_four_on_a_pending_draw_two():
    round_ = position("R+2 R5", "W+4 G+2 Y1", "Y2", discard="R9", rules=STACKS)
    round_.apply(play("R+2"))
    assert round_.legal_actions() == [play("G+2"), Accept()]
    refused(round_, play("W+4", Color.RED), "stack a Draw Two, or take the 2")


def test_H1a_no_challenge_once_anything_is_stacked():
    round_ = position("W+4 R5", "W+4 Y1", "Y2", discard="G9", rules=STACK4)
    round_.apply(play("W+4", Color.YELLOW))
    round_.apply(play("W+4", Color.RED))
    refused(round_, Challenge(), "You can't challenge now")
    assert Challenge() not in round_.legal_actions()


def test_H1a_the_lone_wild_draw_four_is_judged_by_C1_and_the_pending_total_ends():
    round_ = position("W+4 G1 R5", "W+4 Y1", "Y2", draw="B1 B2 B3 B4", discard="G9", rules=STACK4)
    round_.apply(play("W+4", Color.YELLOW))
    round_.apply(Challenge())  # guilty: G1 matched the green 9
    assert round_.phase is Phase.PLAY and round_.pending_draw == 0 and len(round_.hands[0]) == 6


def test_H1b_the_first_draw_two_that_goes_out_draws_two_at_once():
    round_ = position("R+2", "G+2 Y1", "Y2", draw="B1 B2 B3", discard="R9", rules=STACK2)
    events = round_.apply(play("R+2"))
    assert of_type(events, CardsDrawn) == [CardsDrawn(1, tuple(round_.hands[1][2:]), DrawReason.DRAW_TWO, 2)]
    assert round_.is_over and round_.winner == 0


def test_H1b_a_stacked_card_that_goes_out_makes_the_next_draw_the_whole_total():
    round_ = position("R+2 R5", "G+2", "Y2", draw="B1 B2 B3 B4 B5", discard="R9", rules=STACK2)
    round_.apply(play("R+2"))
    events = round_.apply(play("G+2"))
    drawn = of_type(events, CardsDrawn)
    assert drawn[0].seat == 2 and len(drawn[0].cards) == 4 and drawn[0].reason is DrawReason.STACK
    assert of_type(events, RoundWon)[0].seat == 1 and round_.pending_draw == 0


def test_H1b_a_wild_draw_four_that_goes_out_on_a_stack_draws_the_total_without_a_challenge():
    round_ = position("R+2 R5 R6", "W+4", "Y2", draw="B1 B2 B3 B4 B5 B6 B7 B8", discard="R9", rules=CROSS)
    round_.apply(play("R+2"))
    events = round_.apply(play("W+4", Color.RED))
    assert len(round_.hands[2]) == 7 and of_type(events, CardsDrawn)[0].wanted == 6
    assert round_.is_over and round_.winner == 1


def test_H1c_a_total_is_drawn_under_T4_and_what_is_not_there_is_not_drawn():
    round_ = position("R+2 R5 R6", "G+2 G3 G4", "Y2", draw="B1", discard="R9", rules=STACK2)
    round_.apply(play("R+2"))
    round_.apply(play("G+2"))
    events = round_.apply(Accept())
    drawn = of_type(events, CardsDrawn)[0]
    assert drawn.wanted == 4 and len(drawn.cards) == 3  # B1, then the reshuffled R9 and R+2 (T4)
    assert round_.discard == tuple(round_.discard[-1:]) and round_.current == 0


def test_H1d_no_item_box_on_a_pending_total():
    round_ = position("R+2 R5", "WI G3", "Y2", draw="B1 B2", discard="R9", rules=STACK2)
    round_.apply(play("R+2"))
    assert round_.legal_actions() == [Accept()]
    refused(round_, play("WI"), "can't go on a pending")


def test_H1d_a_draw_two_turned_by_an_item_box_still_does_nothing():
    round_ = position("WI R5", "Y1", "Y2", draw="R+2 B1", discard="R9", rules=CROSS)
    round_.apply(play("WI"))  # Mushroom: its item only (A5)
    assert round_.phase is Phase.PLAY and round_.pending_draw == 0 and round_.current == 0


def _deal_with_start(rank: Rank, rules: HouseRules, players: int = 4) -> Round:
    for seed in range(10_000):
        round_ = Round.deal(players, dealer=1, seed=seed, rules=rules)
        if round_.discard[0].rank is rank:
            return round_
    raise AssertionError(f"no seed starts with {rank}")


def test_H1e_a_draw_two_start_card_is_drawn_at_once_with_no_stacking():
    round_ = _deal_with_start(Rank.DRAW_TWO, CROSS)
    assert round_.phase is Phase.PLAY and round_.pending_draw == 0
    assert len(round_.hands[2]) == 9 and round_.current == 3


# ---------------------------------------------------------------- H4: seven and zero


def test_H4_a_seven_swaps_hands_with_the_player_chosen():
    round_ = position("R7 G1 G2", "Y1", "B1 B2 B3 B4", "Y3 Y4", discard="R9", rules=SEVEN_ZERO)
    round_.apply(play("R7"))
    assert round_.phase is Phase.CHOOSE_TARGET and round_.choice_for == "seven"
    assert round_.view(0).choice_for == "seven"
    assert round_.legal_actions() == [ChooseTarget(1), ChooseTarget(2), ChooseTarget(3)]
    refused(round_, ChooseTarget(0), "another player, not yourself")
    events = round_.apply(ChooseTarget(2))
    assert events == [HandsSwapped(0, 2)]
    assert hand(round_, 0) == ["B1", "B2", "B3", "B4"] and hand(round_, 2) == ["G1", "G2"]
    assert round_.phase is Phase.PLAY and round_.current == 1 and round_.choice_for is None


def test_H4_a_zero_passes_every_hand_on_in_the_direction_of_play():
    for direction, expected in ((1, ["Y3", "R5 R6", "Y1", "B1 B2"]), (-1, ["Y1", "B1 B2", "Y3", "R5 R6"])):
        round_ = position("R0 R5 R6", "Y1", "B1 B2", "Y3", discard="R9", direction=direction, rules=SEVEN_ZERO)
        events = round_.apply(play("R0"))
        assert HandsPassed(0, direction) in events
        assert [" ".join(hand(round_, seat)) for seat in range(4)] == expected
        assert round_.current == (1 if direction == 1 else 3)


def test_H4_off_seven_and_zero_are_number_cards():
    round_ = position("R7 G1", "Y1", "B1", discard="R9")
    round_.apply(play("R7"))
    assert round_.phase is Phase.PLAY and hand(round_, 0) == ["G1"]


def test_H4a_with_two_players_a_seven_swaps_with_the_only_opponent():
    round_ = position("R7 G1 G2", "Y1", discard="R9", rules=SEVEN_ZERO)
    events = round_.apply(play("R7"))
    assert HandsSwapped(0, 1) in events
    assert hand(round_, 0) == ["Y1"] and hand(round_, 1) == ["G1", "G2"] and round_.current == 1


def test_H4a_a_seven_or_zero_that_goes_out_ends_the_round_and_swaps_nothing():
    for card in ("R7", "R0"):
        round_ = position(card, "Y1 Y2", "B1", discard="R9", rules=SEVEN_ZERO)
        events = round_.apply(play(card))
        assert round_.is_over and round_.winner == 0
        assert not of_type(events, HandsSwapped) and not of_type(events, HandsPassed)
        assert hand(round_, 1) == ["Y1", "Y2"]


def test_H4a_a_seven_turned_by_an_item_box_does_nothing():
    round_ = position("WI R5", "Y1", "Y2", draw="R7 B1", discard="G9", rules=SEVEN_ZERO)
    events = round_.apply(play("WI"))  # the 7 turned: a Mushroom, and nothing else (A5)
    assert not of_type(events, HandsSwapped) and round_.phase is Phase.PLAY and round_.current == 0


def test_H4b_sevens_and_zeros_are_listed_with_and_without_uno_unless_they_are_the_last_card():
    round_ = position("R7 R0 R5 R6", "Y1", discard="R9", rules=SEVEN_ZERO)
    assert round_.legal_actions() == [
        play("R7", uno=True),
        play("R7"),
        play("R0", uno=True),
        play("R0"),
        play("R5"),
        play("R6"),
        Draw(),
    ]
    assert position("R7", "Y1", discard="R9", rules=SEVEN_ZERO).legal_actions() == [play("R7"), Draw()]


def test_H4b_only_the_seven_player_is_judged_for_uno_after_the_swap():
    # Seat 0 plays its 7 from three cards, swaps with a one-card hand and forgot UNO: exposed.
    round_ = position("R7 G1 G2", "Y1", "B1", discard="R9", rules=SEVEN_ZERO)
    round_.apply(play("R7"))
    events = round_.apply(ChooseTarget(1))
    assert events[-1] == PlayerExposed(0) and round_.exposed == 0
    # With UNO said, safe; and the player handed a one-card hand (seat 1 here) has nothing to say.
    round_ = position("R7 G1 G2", "Y1", "B1", discard="R9", rules=SEVEN_ZERO)
    round_.apply(play("R7", uno=True))
    assert round_.apply(ChooseTarget(2))[-1] == UnoSaid(0)
    # Played from two cards (one left) but swapped for a big hand: nothing to say.
    round_ = position("R7 G1", "Y1 Y2 Y3", "B1", discard="R9", rules=SEVEN_ZERO)
    round_.apply(play("R7"))
    events = round_.apply(ChooseTarget(1))
    assert not of_type(events, PlayerExposed) and round_.exposed is None


def test_H4b_a_zero_judges_the_hand_that_comes_back():
    round_ = position("R0 R5 R6", "Y1", "B1 B2", discard="R9", direction=-1, rules=SEVEN_ZERO)
    events = round_.apply(play("R0"))  # going right: seat 0 gets seat 1's one card
    assert hand(round_, 0) == ["Y1"] and events[-1] == PlayerExposed(0)


def test_H4c_a_seven_or_zero_start_card_does_nothing():
    for rank in (Rank.SEVEN, Rank.ZERO):
        round_ = _deal_with_start(rank, SEVEN_ZERO)
        assert round_.phase is Phase.PLAY and round_.current == 2
        assert [len(h) for h in round_.hands] == [7, 7, 7, 7]


# ---------------------------------------------------------------- H5: jumping in


def test_H5_the_twin_of_the_top_card_jumps_in_and_play_goes_on_from_the_jumper():
    round_ = position("G1 G2", "Y1 Y2", "R5 B3 B4", "Y4", "Y5", discard="R5", rules=JUMP)
    assert JumpIn(2, "R5") not in round_.legal_actions()  # reactions, not legal actions
    assert round_.reactions(2) == [JumpIn(2, "R5")]
    events = round_.apply(JumpIn(2, "R5"))
    assert events[:2] == [JumpedIn(2, round_.top_card, (0, 1)), CardPlayed(2, round_.top_card)]
    assert round_.current == 3  # seat 0, whose turn it was, and seat 1 are passed over
    assert hand(round_, 2) == ["B3", "B4"]


def test_H5_a_jump_in_takes_effect_as_if_it_were_the_jumpers_turn():
    round_ = position("G1 G2", "Y1 Y2", "RS B3 B4", "Y4", "Y5", discard="RS", direction=-1, rules=JUMP)
    events = round_.apply(JumpIn(2, "RS"))  # going right: seat 1 loses the turn, seat 0 plays
    assert round_.current == 0
    assert events[0] == JumpedIn(2, round_.top_card, (0, 4, 3))  # passed over going right, from the turn's seat
    round_ = position("G1 G2", "R+2 Y2", "Y3 Y4", discard="R+2", rules=JUMP_STACK)
    round_.apply(JumpIn(1, "R+2"))
    assert round_.phase is Phase.STACK and round_.current == 2 and round_.pending_draw == 2


def test_H5_off_nobody_jumps_in():
    round_ = position("G1 G2", "Y1 Y2", "R5 B3", discard="R5")
    assert round_.reactions(2) == []
    refused(round_, JumpIn(2, "R5"), "Jumping in is not a rule of this match")


def test_H5_only_an_identical_card_and_never_a_wild_one():
    round_ = position("G1 G2", "Y1 Y2", "R5 G5 R6 WI", discard="R5", rules=JUMP)
    refused(round_, JumpIn(2, "G5"), "Only the twin of Red 5 can jump in, not Green 5")
    refused(round_, JumpIn(2, "R6"), "Only the twin")
    refused(round_, JumpIn(2, "WI"), "Only the twin")
    refused(round_, JumpIn(1, "R5"), "You have no Red 5")
    round_ = position("G1 G2", "WI Y2", discard="WI", color=Color.RED, rules=JUMP)
    assert round_.reactions(1) == []
    refused(round_, JumpIn(1, "WI"), "Only the twin")


def test_H5a_not_the_player_of_the_top_card_and_not_the_player_to_move():
    round_ = position("R5 G2 G3", "R5 Y1", "Y3", discard="R9", rules=JUMP)
    round_.apply(play("R5"))
    assert round_.current == 1 and round_.reactions(1) == []
    refused(round_, JumpIn(1, "R5"), "It is your turn: play the card normally")
    round_ = position("R5 R5 G2", "Y1 Y2", "Y3", discard="R9", rules=JUMP)
    round_.apply(play("R5"))
    assert round_.reactions(0) == []
    refused(round_, JumpIn(0, "R5"), "You played Red 5: you can't jump in on your own card")


def test_H5a_a_position_has_its_top_card_played_by_someone_not_at_the_table():
    round_ = position("R5 G1 G2", "Y1 Y2", "Y3", discard="R5", current=1, rules=JUMP)
    assert round_.reactions(0) == [JumpIn(0, "R5")]
    round_ = position("G1 G2", "R5 Y1 Y2", "Y3", discard="R5", current=1, rules=JUMP)
    assert round_.reactions(1) == []  # it is seat 1's turn


def test_H5a_not_on_the_start_card_nor_on_a_turned_card():
    for seed in range(200):
        round_ = Round.deal(4, dealer=0, seed=seed, rules=JUMP)
        top = round_.top_card
        holder = next((s for s in range(4) if top in round_.hands[s] and s != round_.current), None)
        if holder is not None and not top.is_wild and round_.phase is Phase.PLAY:
            break
    else:
        raise AssertionError("no deal with the start card's twin in a hand")
    assert round_.reactions(holder) == []
    refused(round_, JumpIn(holder, top), "nobody played it")
    round_ = position("WI R5 R7", "R6 Y1", "Y2", draw="R6 B1", discard="G9", rules=JUMP)
    round_.apply(play("WI"))  # turns R6: a Mushroom
    assert round_.reactions(1) == []
    refused(round_, JumpIn(1, "R6"), "nobody played it")


def test_H5a_no_jumping_in_while_a_choice_a_challenge_a_drawn_card_or_a_stack_is_open():
    round_ = position("W+4 R5 R6", "Y1", "Y2", discard="R9", rules=JUMP)
    round_.apply(play("R5"))
    assert round_.reactions(2) == []  # not on a card it does not hold
    round_ = position("W+4 R6 R7", "Y1", "R5 Y2", discard="R5", rules=JUMP)
    assert round_.reactions(2) == [JumpIn(2, "R5", True), JumpIn(2, "R5")]
    round_.apply(play("W+4", Color.RED))
    refused(round_, JumpIn(2, "R5"), "No jumping in now: accept the Wild Draw Four or challenge it")
    round_ = position("R+2 R5 R6", "Y1", "R+2 Y2", discard="R9", rules=JUMP_STACK)
    round_.apply(play("R+2"))
    assert round_.phase is Phase.STACK and round_.reactions(2) == []
    round_ = position("Y1 G2", "R5 Y2", "Y3", draw="R8", discard="R5", rules=JUMP)
    round_.apply(Draw())
    assert round_.phase is Phase.DRAWN and round_.reactions(1) == []
    round_ = position("R7 G2 G3", "R7 Y2", "Y3", discard="R9", rules=JUMP.replace(seven_zero=True))
    round_.apply(play("R7"))
    assert round_.phase is Phase.CHOOSE_TARGET and round_.reactions(1) == []


def test_H5b_the_first_to_act_wins():
    # The player to move plays first: the jump-in comes too late.
    round_ = position("G5 G2", "Y1 Y2", "R5 B3", discard="R5", rules=JUMP)
    round_.apply(play("G5"))
    refused(round_, JumpIn(2, "R5"), "Only the twin of Green 5")
    # The jumper acts first: the player who was to move has lost the turn.
    round_ = position("G5 G2", "Y1 Y2", "R5 B3", discard="R5", rules=JUMP)
    round_.apply(JumpIn(2, "R5"))
    assert round_.current == 0  # after seat 2, seat 0's turn again (3 players)
    round_ = position("G5 G2", "Y1 Y2", "R5 B3", "Y3", discard="R5", rules=JUMP)
    round_.apply(JumpIn(2, "R5"))
    refused(round_, play("G5"), "You have no Green 5")  # seat 3 is to move now


def test_H5b_a_jump_in_is_a_play_it_ends_an_exposure():
    round_ = position("R5 G2", "Y1 Y2", "R5 B3 B4", "Y3", discard="R9", rules=JUMP)
    round_.apply(play("R5"))
    assert round_.exposed == 0
    assert round_.reactions(2) == [CatchUno(2), JumpIn(2, "R5")]
    assert round_.reactions(0) == [SayUno(0)]
    round_.apply(JumpIn(2, "R5"))
    assert round_.exposed is None
    refused(round_, CatchUno(1), "Nobody can be caught")


def test_H5b_a_jump_in_that_leaves_one_card_must_say_uno():
    round_ = position("G1 G2", "Y1 Y2", "R5 B3", "Y3", discard="R5", rules=JUMP)
    assert round_.reactions(2) == [JumpIn(2, "R5", True), JumpIn(2, "R5")]
    events = round_.apply(JumpIn(2, "R5"))
    assert round_.exposed == 2 and events[-1] == PlayerExposed(2)
    round_ = position("G1 G2", "Y1 Y2", "R5 B3", "Y3", discard="R5", rules=JUMP)
    assert round_.apply(JumpIn(2, "R5", uno=True))[-1] == UnoSaid(2)


def test_H5b_a_jump_in_with_the_last_card_goes_out():
    round_ = position("G1 G2", "Y1 Y2", "R5", "Y3", draw="B1", discard="R5", rules=JUMP)
    events = round_.apply(JumpIn(2, "R5"))
    assert round_.is_over and round_.winner == 2 and of_type(events, RoundWon)


# ---------------------------------------------------------------- H6, H7: drawing


def test_H6_drawing_goes_on_until_a_playable_card():
    round_ = position("Y1 Y2", "B5", draw="G1 G2 R3 G4", discard="R9", rules=UNTIL)
    events = round_.apply(Draw())
    drawn = of_type(events, CardsDrawn)
    assert len(drawn) == 1 and [str(c) for c in drawn[0].cards] == ["G1", "G2", "R3"]
    assert round_.phase is Phase.DRAWN and str(round_.drawn) == "R3"
    assert round_.legal_actions() == [play("R3"), Pass()]


def test_H6_a_pile_that_runs_out_even_after_T4_ends_the_turn():
    round_ = position("Y1 Y2", "R5", draw="G1", discard="G2 R9", rules=UNTIL)
    events = round_.apply(Draw())
    assert [str(c) for c in of_type(events, CardsDrawn)[0].cards] == ["G1", "G2"]  # G2 came back under T4
    assert round_.phase is Phase.PLAY and round_.current == 1


def test_H6_penalty_draws_are_never_extended():
    round_ = position("R+2 R5", "Y1", "Y2", draw="B1 B2 R3 B4", discard="R9", rules=UNTIL)
    round_.apply(play("R+2"))
    assert hand(round_, 1) == ["Y1", "B1", "B2"]


def test_H7_a_playable_drawn_card_must_be_played():
    round_ = position("Y1 Y2", "B5", draw="R3", discard="R9", rules=MUST)
    round_.apply(Draw())
    assert round_.phase is Phase.DRAWN and round_.legal_actions() == [play("R3")]
    refused(round_, Pass(), "You must play the card you drew \\(Red 3\\)")
    round_.apply(play("R3"))
    assert round_.current == 1


def test_H7_with_H6_the_card_found_must_be_played():
    round_ = position("Y1 Y2", "B5", draw="G1 R3", discard="R9", rules=MUST.replace(draw_until_playable=True))
    round_.apply(Draw())
    assert round_.legal_actions() == [play("R3")]


def test_H7a_a_drawn_item_box_may_be_kept():
    round_ = position("Y1 Y2", "B5", draw="WI", discard="R9", rules=MUST)
    round_.apply(Draw())
    assert round_.legal_actions() == [play("WI"), Pass()]
    round_.apply(Pass())
    assert round_.current == 1


def test_H7a_a_forced_wild_draw_four_is_judged_by_C1():
    round_ = position("R1 Y2", "B5", draw="W+4 B1 B2 B3 B4", discard="R9", rules=MUST)
    round_.apply(Draw())
    assert round_.legal_actions() == [play("W+4", c) for c in Color]
    round_.apply(play("W+4", Color.BLUE))
    round_.apply(Challenge())  # R1 matched the red 9: guilty (C1, C2)
    assert len(round_.hands[0]) == 6 and round_.current == 1


def test_H7a_a_mushroom_draw_follows_H6_and_H7():
    round_ = position("WI Y1", "B5", draw="R1 G2 G3 R4", discard="B9", rules=MUST.replace(draw_until_playable=True))
    round_.apply(play("WI"))  # turns R1: a Mushroom, another turn on the red 1
    assert round_.phase is Phase.PLAY and round_.current == 0
    round_.apply(Draw())  # G2 and G3 do not go on the red 1; R4 does, and must be played
    assert hand(round_, 0) == ["Y1", "G2", "G3", "R4"]
    assert round_.legal_actions() == [play("R4")]


# ---------------------------------------------------------------- H8: the Banana


def after_a_skip_a_banana(rules: HouseRules) -> Round:
    """Seat 0 plays a Skip (seat 1 loses the turn), then seat 2 plays an Item Box that turns a Banana."""
    round_ = position("RS G1", "Y1", "WI Y3", "Y4", draw="Y5 B1 B2", discard="R9", rules=rules)
    round_.apply(play("RS"))
    round_.apply(play("WI"))
    return round_


def test_H8_previous_seat_is_I2():
    round_ = after_a_skip_a_banana(HouseRules(banana="previous-seat"))
    assert len(round_.hands[1]) == 3 and len(round_.hands[0]) == 1


def test_H8_last_turn_after_a_skip_hits_the_player_of_the_skip():
    round_ = after_a_skip_a_banana(LAST_TURN)  # losing the turn to a Skip is not a turn
    assert len(round_.hands[0]) == 3 and len(round_.hands[1]) == 1


def test_H8_last_turn_after_an_accepted_wild_draw_four_hits_its_player():
    round_ = position("W+4 G1", "Y1", "WI Y3", "Y4", draw="B6 B7 B8 B9 Y5 B1 B2", discard="R9", rules=LAST_TURN)
    round_.apply(play("W+4", Color.BLUE))
    round_.apply(Accept())  # drawing a penalty is not a turn
    round_.apply(play("WI"))
    assert len(round_.hands[0]) == 3 and len(round_.hands[1]) == 5


def test_H8_last_turn_is_the_player_who_went_just_before():
    round_ = position("G1 G2", "Y1 G3", "WI Y3", "Y4", draw="Y5 B1 B2", discard="G9", rules=LAST_TURN)
    round_.apply(play("G1"))
    round_.apply(play("G3"))
    events = round_.apply(play("WI"))
    assert of_type(events, CardsDrawn)[0].seat == 1


def test_H8_a_draw_on_ones_turn_is_a_turn():
    round_ = position("G1 G2", "Y1", "WI Y3", "Y4", draw="B5 Y5 B1 B2", discard="G9", rules=LAST_TURN)
    round_.apply(play("G1"))
    round_.apply(Draw())  # seat 1 draws B5, which does not go: a turn all the same
    events = round_.apply(play("WI"))
    assert of_type(events, CardsDrawn)[0].seat == 1


def test_H8_drawing_a_card_and_then_playing_it_is_one_turn():
    round_ = position("Y1", "Y2 B3", "Y3", "GS G4", draw="WI Y5 B1 B2", discard="G9", current=3, rules=LAST_TURN)
    round_.apply(play("GS"))  # seat 0 loses the turn
    round_.apply(Draw())  # seat 1 draws the Item Box...
    events = round_.apply(play("WI"))  # ...and plays it: the Banana hits seat 3, not seat 1 itself
    assert of_type(events, CardsDrawn)[0].seat == 3


def test_H8_a_jump_in_is_a_turn_and_being_passed_over_is_not():
    rules = LAST_TURN.replace(jump_in=True)
    round_ = position("RS G1", "WI Y1", "Y2 Y3", "RS Y4", draw="Y5 B1 B2", discard="R9", rules=rules)
    round_.apply(play("RS"))  # seat 1 loses the turn; seat 2 is to move
    round_.apply(JumpIn(3, "RS"))  # seat 2 is passed over; seat 3's Skip skips seat 0
    assert round_.current == 1
    events = round_.apply(play("WI"))
    assert of_type(events, CardsDrawn)[0].seat == 3  # the previous seat would be seat 0


def test_H8_decision_the_item_box_player_themselves_or_nobody_means_the_previous_seat():
    round_ = position("WI G1", "Y1", "Y2", "Y3", draw="Y5 B1 B2", discard="R9", rules=LAST_TURN)
    round_.apply(play("WI"))  # nobody has taken a turn before
    assert len(round_.hands[3]) == 3
    round_ = position("WI WI G1", "Y1", "Y2", "Y3", draw="R1 Y5 B1 B2", discard="R9", rules=LAST_TURN)
    round_.apply(play("WI"))  # turns R1: a Mushroom, another turn
    round_.apply(play("WI"))  # turns Y5: the last turn before was seat 0's own
    assert len(round_.hands[3]) == 3 and len(round_.hands[0]) == 1


# ---------------------------------------------------------------- actions and choices


def test_a_jump_in_reads_and_writes_as_text():
    assert str(JumpIn(3, "R5")) == "jump 3 R5"
    assert str(JumpIn(3, "G+2", True)) == "jump 3 G+2 uno"
    assert parse_action("jump 3 G+2 uno") == JumpIn(3, "G+2", True)
    assert parse_action("jump 0 R5") == JumpIn(0, "R5")
    for text in ("jump", "jump 3", "jump R5 3", "jump 3 R5 yes", "jump -1 R5", "jump 3 R5 uno x"):
        with pytest.raises(RulesError):
            parse_action(text)


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
