"""House rules of docs/house-rules.md: drawing until a card plays, and playing the card drawn (H6, H7).

One test (or more) per id, named after it, each built on a position.
"""

from __future__ import annotations

from unokart_tui.engine import (
    CardsDrawn,
    Challenge,
    Color,
    Draw,
    HouseRules,
    Pass,
    Phase,
)

from .helpers import hand, of_type, play, position, refused

UNTIL = HouseRules(draw_until_playable=True)
MUST = HouseRules(must_play_drawn=True)


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
