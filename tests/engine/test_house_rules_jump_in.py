"""House rules of docs/house-rules.md: jumping in with the twin of the top card (H5).

One test (or more) per id, named after it, each built on a position.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    CardPlayed,
    CatchUno,
    Color,
    Draw,
    HouseRules,
    JumpedIn,
    JumpIn,
    Phase,
    PlayerExposed,
    Round,
    RoundWon,
    RulesError,
    SayUno,
    UnoSaid,
    parse_action,
)

from .helpers import hand, of_type, play, position, refused

JUMP = HouseRules(jump_in=True)
JUMP_STACK = HouseRules(jump_in=True, stack_draw_two=True)


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


def test_a_jump_in_reads_and_writes_as_text():
    assert str(JumpIn(3, "R5")) == "jump 3 R5"
    assert str(JumpIn(3, "G+2", True)) == "jump 3 G+2 uno"
    assert parse_action("jump 3 G+2 uno") == JumpIn(3, "G+2", True)
    assert parse_action("jump 0 R5") == JumpIn(0, "R5")
    for text in ("jump", "jump 3", "jump R5 3", "jump 3 R5 yes", "jump -1 R5", "jump 3 R5 uno x"):
        with pytest.raises(RulesError):
            parse_action(text)
