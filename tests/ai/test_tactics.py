"""The tactics several bots share (ai/tactics.py): what each picks, and who wins a tie."""

from __future__ import annotations

from ai.tactics import attacks, attacks_near_out, costliest, in_colour_held_most
from unokart_tui.engine import Card

from ..engine.helpers import cards, position


def test_attacks_are_the_cards_that_hurt_the_next_player():
    assert [str(card) for card in cards("R+2 GS W+4 BR Y7 WI") if attacks(card, 3)] == ["R+2", "GS", "W+4"]
    assert attacks(Card.parse("BR"), 2)  # A3: with two players a Reverse is a Skip


def test_attacks_near_out_only_when_the_next_player_is_close_to_going_out():
    near = position("R+2 RS R7", "Y1 Y2", "Y3 Y4 Y5 Y6", discard="R5")
    far = position("R+2 RS R7", "Y1 Y2 Y3", "Y4", discard="R5")
    mine = cards("R+2 RS R7")
    assert attacks_near_out(near.view(0), mine, 2) == cards("R+2 RS")
    assert attacks_near_out(far.view(0), mine, 2) == []  # seat 2 has one card, but seat 1 plays next
    assert attacks_near_out(far.view(0), mine, 3) == cards("R+2 RS")


def test_costliest_sheds_points_first_and_breaks_a_tie_by_the_colour_held_most():
    assert costliest(cards("R2 G9 B5")) == Card.parse("G9")
    assert costliest(cards("RS G+2")) == Card.parse("RS")  # a tie, no hand: the first listed
    assert costliest(cards("RS G+2"), hand=cards("RS G+2 G1 G4")) == Card.parse("G+2")


def test_in_colour_held_most_stays_in_that_colour_and_sheds_its_costliest():
    hand = cards("R1 R7 R3 G9 GS")
    assert in_colour_held_most(cards("R1 R7 G9 GS"), hand) == Card.parse("R7")
    assert in_colour_held_most(cards("G9 Y2"), cards("G9 Y2")) == Card.parse("G9")  # a tie: the costliest
