"""What a game process may ask of its table (``wire.decode_request``), and the JSON objects the channel carries."""

from __future__ import annotations

import pytest

from unokart_tui.engine import Card, Draw, Play
from unokart_tui.friends import wire
from unokart_tui.friends.messages import (
    Acted,
    AskHint,
    Hinted,
    LobbyClosed,
    LobbySettle,
    LobbyStart,
    TableSettings,
)


@pytest.mark.parametrize(
    "request_",
    [
        Acted(Play(Card.parse("R7")), (1, 4)),
        Acted(Draw()),
        LobbySettle(TableSettings(seats=6, bots=("greedy", "expert"), turn_seconds=20.0)),
        LobbyStart(),
        AskHint(),
    ],
)
def test_each_request_comes_back_as_it_was_sent(request_):
    assert wire.decode_request(wire.as_json(request_)) == request_
    assert wire.decode(wire.encode(request_)) == request_


def test_the_lobby_and_hint_messages_are_named_as_the_channels_own_are():
    assert wire.as_json(LobbyStart()) == {"type": "lobby-start"}
    assert wire.as_json(AskHint()) == {"type": "ask-hint"}
    assert wire.as_json(LobbySettle(TableSettings()))["type"] == "lobby-settle"
    hinted = Hinted(Draw(), "Draw: nothing fits.")
    assert wire.as_json(hinted) == {"type": "hint", "action": {"action": "draw"}, "text": "Draw: nothing fits."}
    assert wire.from_json(wire.as_json(hinted)) == hinted


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (wire.as_json(LobbyClosed("gone")), "does not send a LobbyClosed"),
        (wire.as_json(Hinted(Draw(), "x")), "does not send a Hinted"),
        ({"type": "lobby-settle", "settings": 4}, "is not a table's settings"),
        ({"type": "Acted", "action": "draw"}, "is not an action"),
        ({"type": "Acted", "action": {"action": "draw"}, "moment": [1, "2"]}, "is not a moment"),
        ({"type": "Acted", "action": {"action": "draw"}, "x": "y" * 300}, "too long for an action"),
        ({"type": "lobby-start", "pad": "y" * 5000}, "too long for a request"),
        ({"type": "open-table"}, "no message is called"),
        ({"code": "K9MXR"}, "an object with a type"),
    ],
)
def test_anything_else_is_refused_with_what_is_wrong(data, why):
    with pytest.raises(wire.WireError, match=why):
        wire.decode_request(data)
