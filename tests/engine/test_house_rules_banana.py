"""House rules of docs/house-rules.md: whom the Banana hits (H8).

One test (or more) per id, named after it, each built on a position.
"""

from __future__ import annotations

from unokart_tui.engine import (
    Accept,
    CardsDrawn,
    Color,
    Draw,
    HouseRules,
    JumpIn,
    Round,
)

from .helpers import of_type, play, position

LAST_TURN = HouseRules(banana="last-turn")


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
