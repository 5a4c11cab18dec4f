"""Each message as one line of JSON (issue 31): read back equal to what was sent; the game process's side
may send only what its person does, and anything else is refused with a reason."""

from __future__ import annotations

import json

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
    HouseRules,
    JumpIn,
    Pass,
    Play,
    SayUno,
)
from unokart_tui.friends import wire
from unokart_tui.friends.messages import Acted, LobbyShown, RoundEnded, TableSettings
from unokart_tui.friends.people import person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.table.messages import Logged, Notice
from unokart_tui.voice.narration import LogLine

from ..fakeclock import FakeClock
from .harness import Player

ACTIONS = [
    Play(Card.parse("R7")),
    Play(Card.parse("W+4"), Color.BLUE, uno=True),
    Draw(),
    Pass(),
    Accept(),
    Challenge(),
    ChooseColor(Color.GREEN),
    ChooseTarget(3),
    SayUno(1),
    CatchUno(0),
    JumpIn(2, Card.parse("G5"), uno=True),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_what_a_person_does_goes_and_comes_back_the_same(action):
    line = wire.encode(Acted(action, (2, 14)))
    assert wire.decode_acted(line) == Acted(action, (2, 14))


def test_every_message_of_a_table_is_one_line_read_back_equal():
    """A table's real messages (views, log lines, banners, the lobby's) through the wire: ``Player`` reads
    each line back and compares it with the message sent."""
    clock = FakeClock()
    ann, bob = person("a", "Ann"), person("b", "Bob", "sk")
    players = [Player(ann), Player(bob)]
    table = SharedTable.new([ann, bob], ["greedy"], seed=4, rules=HouseRules.preset("party"), clock=clock)
    for player in players:
        table.connect(player.person, player)
    table.begin()
    clock.pass_time(120)
    kinds = {type(message).__name__ for message in players[0].messages}
    assert {"TableSeen", "Logged"} <= kinds
    shown = LobbyShown(
        "KXRT",
        "Ann",
        "Ann",
        True,
        False,
        ("Ann", "Bob"),
        (),
        TableSettings(rules=HouseRules.preset("chaos")),
        ("greedy",),
        True,
        None,
    )
    for message in (shown, RoundEnded(1, 0, (120, 0, 0), 8.0), Notice("a\nb", "Not allowed", "warning")):
        line = wire.encode(message)
        assert "\n" not in line and wire.decode(line) == message


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("not json", "not a line of JSON"),
        ("[1, 2]", "an object with a type"),
        ('{"type": "Shell"}', "no message is called"),
        (wire.encode(Logged(LogLine("hi"))), "only what its person does"),
        ('{"type": "Acted", "action": {"card": "R7"}}', "is not an action"),
        ('{"type": "Acted", "action": {"action": "play Q9"}}', "is not what it says"),
        ('{"type": "Acted", "action": {"action": "draw"}, "moment": ["1", 2]}', "not a moment"),
        ('{"type": "Acted", "action": {"action": "draw"}, "spell": 1}', "cannot be built"),
        ('{"type": "Acted", "action": {"action": "draw"}, "moment": ' + "[" * 150 + "]" * 150 + "}", "too long"),
        ("[" * 100_000, "too long"),
    ],
)
def test_a_game_process_sends_only_an_action_and_anything_else_is_refused_with_a_reason(line, reason):
    with pytest.raises(wire.WireError, match=reason):
        wire.decode_acted(line)


def test_deep_nesting_is_refused_not_a_crash():
    with pytest.raises(wire.WireError):
        wire.decode("[" * 100_000 + "]" * 100_000)


def test_a_card_is_written_in_its_notation():
    assert json.loads(wire.encode(Acted(Play(Card.parse("Y+2"))))) == {
        "type": "Acted",
        "action": {"action": "play Y+2"},
        "moment": None,
    }
