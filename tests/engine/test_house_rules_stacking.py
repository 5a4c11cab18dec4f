"""House rules of docs/house-rules.md: stacking draw cards (H1-H3 and their Decisions).

One test (or more) per id, named after it, each built on a position.
"""

from __future__ import annotations

from unokart_tui.engine import (
    Accept,
    CardsDrawn,
    Challenge,
    Color,
    Draw,
    DrawPending,
    DrawReason,
    HouseRules,
    Phase,
    Rank,
    RoundWon,
    StackAccepted,
    TurnSkipped,
)

from .helpers import deal_with_start, hand, of_type, play, position, refused

STACK2 = HouseRules(stack_draw_two=True)
STACK4 = HouseRules(stack_draw_four=True)
STACKS = HouseRules(stack_draw_two=True, stack_draw_four=True)
CROSS = HouseRules(stack_draw_two=True, stack_draw_four=True, stack_cross=True)


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


def test_H1e_a_draw_two_start_card_is_drawn_at_once_with_no_stacking():
    round_ = deal_with_start(Rank.DRAW_TWO, rules=CROSS)
    assert round_.phase is Phase.PLAY and round_.pending_draw == 0
    assert len(round_.hands[2]) == 9 and round_.current == 3


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
