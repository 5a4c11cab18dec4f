"""Positions, deals and matches check what they are given (ARCHITECTURE "A round", "A match").

Anything they refuse is a ``RulesError`` that says what was wrong, never a ``TypeError`` later.
"""

import pytest

from unokart_tui.engine import Card, Color, Match, Phase, Round, RulesError

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
        # the wrong types: Python would take some of them (True == 1, 1.0 == 1) and break later
        ({"direction": 1.0}, "direction"),
        ({"direction": True}, "direction"),
        ({"direction": "1"}, "direction"),
        ({"current": True}, "current"),
        ({"current": 0.0}, "current"),
        ({"dealer": False}, "dealer"),
        ({"dealer": None}, "dealer"),
        ({"seed": "seven"}, "seed"),
        ({"seed": True}, "seed"),
        ({"scores": [True, 0]}, "scores"),
        ({"scores": [0.0, 0]}, "scores"),
        ({"scores": 5}, "scores"),
        ({"scores": "00"}, "scores"),
        ({"color": "blue"}, "must be a Color"),
        ({"hands": None}, "hands must be a list"),
        ({"hands": 2}, "hands must be a list"),
        ({"hands": "R1 G2"}, "hands must be a list"),
        ({"hands": [["R1"], 5]}, "hand of seat 1: give a list of cards"),
        ({"hands": [["R1"], None]}, "hand of seat 1: give a list of cards"),
        ({"hands": [["R1"], "G2"]}, "hand of seat 1: give a list of cards"),
        ({"hands": [["R1"], [7]]}, "hand of seat 1: 7 is not a card"),
        ({"draw_pile": None}, "draw pile: give a list of cards"),
        ({"discard": "R5"}, "discard pile: give a list of cards"),
        ({"discard": [None]}, "discard pile: None is not a card"),
    ],
)
def test_impossible_positions_are_rules_errors(kwargs, message):
    args = {"hands": [["R1"], ["G2"]], "draw_pile": [], "discard": ["R5"]}
    args.update(kwargs)
    hands, draw, discard = args.pop("hands"), args.pop("draw_pile"), args.pop("discard")
    with pytest.raises(RulesError, match=message):
        Round.from_position(hands, draw, discard, **args)


def test_a_colour_on_a_wild_top_is_the_active_colour():
    round_ = position("R1", "Y2", discard="W+4", color=Color.YELLOW)
    assert round_.active_color is Color.YELLOW


def test_view_of_a_missing_seat_is_a_rules_error():
    with pytest.raises(RulesError):
        position("R1", "G2", discard="R5").view(2)


def test_a_float_direction_is_refused_at_once_not_at_the_next_move():
    # 1.0 == 1 to Python: taken, it would make the next legal_actions() fail with a TypeError.
    with pytest.raises(RulesError, match=r"direction must be 1 or -1, not 1\.0"):
        Round.from_position([["R1"], ["G2"]], [], ["R5"], direction=1.0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": True}, "2 to 10 players, not True"),
        ({"num_players": 3.0}, "2 to 10 players, not 3.0"),
        ({"num_players": "3"}, "2 to 10 players"),
        ({"dealer": True}, "dealer"),
        ({"dealer": 3}, "dealer"),
        ({"seed": None}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"scores": [0, 0, True]}, "scores"),
        ({"scores": (0, 0)}, "scores"),
    ],
)
def test_a_deal_refuses_what_is_not_a_table(kwargs, message):
    args: dict[str, object] = {"num_players": 3, "dealer": 0, "seed": 1}
    args.update(kwargs)
    num_players = args.pop("num_players")
    with pytest.raises(RulesError, match=message):
        Round.deal(num_players, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "kwargs", "message"),
    [
        (True, {}, "a count or a list of names, not True"),
        (3.0, {}, "a count or a list of names"),
        (None, {}, "a count or a list of names"),
        ("Ann", {}, "a count or a list of names"),
        (["Ann", 7], {}, "name must be some text, not 7"),
        (["Ann", "  "], {}, "name must be some text"),
        (["Ann"], {}, "2 to 10 players"),
        (3, {"target": True}, "target score"),
        (3, {"target": 500.0}, "target score"),
        (3, {"target": 0}, "target score"),
        (3, {"seed": True}, "seed"),
        (3, {"seed": "42"}, "seed"),
    ],
)
def test_a_match_refuses_what_is_not_a_match(players, kwargs, message):
    with pytest.raises(RulesError, match=message):
        Match.new(players, **kwargs)


def test_a_view_asks_for_a_seat_not_a_boolean():
    round_ = position("R1", "G2", discard="R5")
    for seat in (True, 1.0, "1", None):
        with pytest.raises(RulesError, match="no seat"):
            round_.view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hands", "draw", "discard", "color"),
    [
        (["R2 B5", "Y1 Y2"], "", "G9", None),  # nothing to draw, nothing to reshuffle, nothing to play
        (["R2 B5", "Y1 Y2"], "R3 B7", "G9", None),  # what the draws bring cannot go either
        (["R2 B5", "Y1 Y2"], "", "R8 Y8 B8 G9", None),  # nor what T4 reshuffles
        (["R1", "G2"], "B3", "W+4", Color.YELLOW),  # a colour nobody can ever follow
    ],
)
def test_T4_a_position_that_can_only_draw_for_ever_is_refused(hands, draw, discard, color):
    with pytest.raises(RulesError, match=r"can ever go on .*T4.*for ever"):
        position(*hands, draw=draw, discard=discard, color=color)


@pytest.mark.parametrize(
    ("hands", "draw", "discard"),
    [
        (["R2 B5", "Y1 G2"], "", "G9"),  # another seat holds a green
        (["R2 B5", "Y1 Y2"], "R3 B7 Y9", "G9"),  # the third draw brings a 9
        (["R2 B5", "Y1 Y2"], "", "G8 G9"),  # T4 reshuffles a green
        (["R2 B5", "Y1 WI"], "", "G9"),  # a wild goes on anything (T2)
    ],
)
def test_T4_a_position_where_a_card_can_come_is_kept(hands, draw, discard):
    round_ = position(*hands, draw=draw, discard=discard)
    assert round_.legal_actions()
