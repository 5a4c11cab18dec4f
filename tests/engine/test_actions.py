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


@pytest.mark.parametrize("text", ["", "fly", "play", "play Q9", "play W+4 X", "target x", "draw 2", "play R5 R uno x"])
def test_bad_action_text_is_a_rules_error(text):
    with pytest.raises(RulesError):
        parse_action(text)
