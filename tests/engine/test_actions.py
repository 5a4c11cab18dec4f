"""Actions are values, and their text form reads back (saves and logs use it)."""

import pytest

from unokart_tui.engine import (
    Accept,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    Pass,
    Play,
    RulesError,
    SayUno,
    parse_action,
)

ACTIONS = [
    Play(Card.parse("R7")),
    Play(Card.parse("W+4"), Color.BLUE, uno=True),
    Play(Card.parse("WI"), uno=True),
    Draw(),
    Pass(),
    Accept(),
    Challenge(),
    ChooseColor(Color.GREEN),
    ChooseTarget(3),
    SayUno(1),
    CatchUno(0),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_text_round_trip(action):
    assert parse_action(str(action)) == action


def test_actions_compare_by_value_and_hash():
    assert Play(Card.parse("G5")) == Play(Card.parse("G5"), None, False)
    assert Play("G5") == Play(Card.parse("G5"))
    assert len({Draw(), Draw(), Pass()}) == 2


@pytest.mark.parametrize(
    "text",
    ["", "fly", "play", "play Q9", "play W+4 X", "target x", "draw 2", "play R5 R uno x", "target ²", "uno -1", None],
)
def test_bad_action_text_is_a_rules_error(text):
    with pytest.raises(RulesError):
        parse_action(text)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        # "yes" is truthy: taken, it would count as saying UNO.
        (lambda: Play(Card.parse("R7"), uno="yes"), "uno must be True or False, not 'yes'"),
        (lambda: Play(Card.parse("R7"), uno=1), "uno must be True or False, not 1"),
        (lambda: Play(Card.parse("W+4"), "B"), "colour must be a Color or None, not 'B'"),
        (lambda: Play(None), "None is not a card"),
        (lambda: Play(7), "7 is not a card"),
        (lambda: ChooseColor("B"), "'B' is not a colour"),
        (lambda: ChooseColor(None), "None is not a colour"),
        # True == 1 to Python: taken, it would stand for seat 1.
        (lambda: ChooseTarget(True), "a seat is a whole number, not True"),
        (lambda: CatchUno(True), "a seat is a whole number, not True"),
        (lambda: SayUno(False), "a seat is a whole number, not False"),
        (lambda: SayUno(1.0), "a seat is a whole number, not 1.0"),
        (lambda: ChooseTarget("2"), "a seat is a whole number, not '2'"),
    ],
)
def test_an_action_with_a_field_of_the_wrong_type_is_a_rules_error(make, message):
    with pytest.raises(RulesError, match=message):
        make()
