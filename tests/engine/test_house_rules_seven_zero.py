"""House rules of docs/house-rules.md: sevens swap hands and zeros pass them on (H4).

One test (or more) per id, named after it, each built on a position.
"""

from __future__ import annotations

from unokart_tui.engine import (
    ChooseTarget,
    Draw,
    HandsPassed,
    HandsSwapped,
    HouseRules,
    Phase,
    PlayerExposed,
    Rank,
    UnoSaid,
)

from .helpers import deal_with_start, hand, of_type, play, position, refused

SEVEN_ZERO = HouseRules(seven_zero=True)


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
        round_ = deal_with_start(rank, rules=SEVEN_ZERO)
        assert round_.phase is Phase.PLAY and round_.current == 2
        assert [len(h) for h in round_.hands] == [7, 7, 7, 7]
