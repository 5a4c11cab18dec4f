"""Round.from_position checks what it is given (ARCHITECTURE "A round")."""

import pytest

from unokart_tui.engine import Card, Color, Phase, Round, RulesError

from .helpers import cards, position


def test_a_valid_position_reads_back():
    round_ = position("R1 R2", "G5", draw="B1 B2", discard="Y3 G3", current=1, direction=-1, dealer=1, scores=[5, 9])
    assert round_.hands == (tuple(cards("R1 R2")), tuple(cards("G5")))
    assert round_.draw_pile == tuple(cards("B1 B2"))  # top first
    assert round_.top_card == Card.parse("G3")
    assert round_.active_color is Color.GREEN
    assert (round_.current, round_.decider, round_.direction, round_.dealer) == (1, 1, -1, 1)
    assert round_.phase is Phase.PLAY
    assert round_.scores == (5, 9)
    assert round_.exposed is None and round_.winner is None and not round_.is_over


def test_strings_and_cards_both_work():
    round_ = Round.from_position([["R1", Card.parse("R2")], ["G5"]], [], ["G3"])
    assert round_.hands[0] == tuple(cards("R1 R2"))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": [["R1"]]}, "2 to 10"),
        ({"hands": [["R1"]] * 11}, "2 to 10"),
        ({"hands": [["R1"], ["W+4"], ["W+4"], ["W+4"], ["W+4", "W+4"]]}, "W\\+4 appears 5 times"),
        ({"hands": [["R0"], ["R0"]]}, "R0 appears 2 times"),
        ({"hands": [["R1"], ["X9"]]}, "hand of seat 1"),
        ({"hands": [["R1"], []]}, "seat 1 has no cards"),
        ({"discard": []}, "top card"),
        ({"current": 2}, "current"),
        ({"current": -1}, "current"),
        ({"direction": 0}, "direction"),
        ({"dealer": 5}, "dealer"),
        ({"discard": ["WI"]}, "chosen colour"),
        ({"discard": ["R5"], "color": Color.BLUE}, "cannot be blue"),
        ({"scores": [1]}, "scores"),
        ({"scores": [1, -3]}, "scores"),
    ],
)
def test_impossible_positions_are_rules_errors(kwargs, message):
    args = {"hands": [["R1"], ["G2"]], "draw_pile": [], "discard": ["R5"]}
    args.update(kwargs)
    hands, draw, discard = args.pop("hands"), args.pop("draw_pile"), args.pop("discard")
    with pytest.raises(RulesError, match=message):
        Round.from_position(hands, draw, discard, **args)


def test_a_colour_on_a_wild_top_is_the_active_colour():
    round_ = position("R1", "G2", discard="W+4", color=Color.YELLOW)
    assert round_.active_color is Color.YELLOW


def test_view_of_a_missing_seat_is_a_rules_error():
    with pytest.raises(RulesError):
        position("R1", "G2", discard="R5").view(2)
