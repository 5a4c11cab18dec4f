"""UNO said ahead (U1), in one place: armed, said with the next play, dropped by a draw instead."""

from __future__ import annotations

from unokart_tui.engine import Card, CardPlayed, CardsDrawn, DrawReason, HouseRules
from unokart_tui.table.uno import UnoAhead

OFFICIAL = HouseRules()
SEVEN_ZERO = HouseRules(seven_zero=True)
C = Card.parse


def test_said_ahead_goes_with_the_next_play_whatever_the_hand_u1():
    uno = UnoAhead()
    assert not uno.with_play(C("R5"), [C("R5"), C("B2"), C("G9")], OFFICIAL, helper=False)
    uno.toggle()
    assert uno.with_play(C("R5"), [C("R5"), C("B2"), C("G9")], OFFICIAL, helper=False)
    assert not uno.after([CardPlayed(0, C("R5"))], 0) and not uno.armed  # it went with that play


def test_a_draw_instead_of_the_play_drops_it_and_says_so():
    uno = UnoAhead()
    uno.toggle()
    assert not uno.after([CardPlayed(1, C("B5"))], 0) and uno.armed  # another seat's play: still armed
    assert uno.after([CardsDrawn(0, (C("B1"),), DrawReason.CHOICE, 0)], 0) and not uno.armed
    assert not uno.after([CardsDrawn(0, (C("B1"),), DrawReason.CHOICE, 0)], 0)  # said once


def test_the_helper_says_it_for_the_last_but_one_card_and_with_every_seven_or_zero_h4b():
    two = [C("R7"), C("B2")]
    three = [C("R7"), C("B2"), C("G0")]
    assert UnoAhead().with_play(C("B2"), two, OFFICIAL, helper=True)
    assert not UnoAhead().with_play(C("R7"), three, OFFICIAL, helper=True)
    assert UnoAhead().with_play(C("R7"), three, SEVEN_ZERO, helper=True)  # the hand that comes back is unknown
    assert UnoAhead().with_play(C("G0"), three, SEVEN_ZERO, helper=True)
    assert not UnoAhead().with_play(C("B2"), three, SEVEN_ZERO, helper=True)
    assert not UnoAhead().with_play(C("B2"), two, OFFICIAL, helper=False)


def test_an_undo_or_a_new_round_drops_it():
    uno = UnoAhead()
    uno.toggle()
    uno.drop()
    assert not uno.armed
