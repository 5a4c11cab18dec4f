"""Each message as one line of JSON: what the host writes to a person's game process, and reads back.

``encode`` turns a message into a line (no newline inside: JSON escapes it), ``decode`` turns the
line back into the same message, equal to the one sent. Cards are written in K5's notation
(``{"card": "R7"}``), actions as the saves write them (``{"action": "play W+4 R"}``), house rules
as the switches that differ from RULES.md; only the classes listed here are ever built from a line.

The game process's side is not trusted: ``decode_request`` reads the few messages it may send
about its table (``Request``: an ``Acted``, the lobby's ``LobbySettle`` and ``LobbyStart``, and
``AskHint``), ``decode_acted`` the one it sends at the table, and anything else is refused with a
``WireError`` (a ``ValueError``) that says why. The channel carries JSON objects rather than lines
(``friends.channel``): ``as_json`` and ``from_json`` are ``encode`` and ``decode`` for it.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from typing import Any, cast, get_args

from ..engine import Action, Card, Color, HouseRules, Phase, PlayerView, RulesError
from ..engine.actions import parse_action
from ..table.messages import BannerShown, CardsMoved, Logged, Notice
from ..table.tableview import Motion
from ..voice.banners import Banner
from ..voice.narration import LogLine
from .messages import (
    Acted,
    AskHint,
    Hinted,
    LobbyClosed,
    LobbySettle,
    LobbyShown,
    LobbyStart,
    MatchEnded,
    Message,
    PublicTable,
    Request,
    RoundEnded,
    TableSeen,
    TableSettings,
    Turn,
)

MAX_ACTED = 200  # characters: the longest action with its moment is a few dozen
MAX_REQUEST = 4000  # characters: the settings of a table of ten with every house rule on are some 700


class WireError(ValueError):
    """A line that is no message this side may receive; ``str()`` says what is wrong with it."""


_RECORDS: dict[str, type[tuple[Any, ...]]] = {
    kind.__name__: kind
    for kind in (
        LobbyShown,
        LobbyClosed,
        TableSettings,
        TableSeen,
        PublicTable,
        Turn,
        RoundEnded,
        MatchEnded,
        Acted,
        Logged,
        BannerShown,
        CardsMoved,
        Motion,
        Notice,
        LogLine,
        Banner,
        PlayerView,
    )
}
# Messages between a game and its table that the channel's other messages sit beside
# (``open-table``, ``join-table``): named as those are.
_NAMED: dict[type[tuple[Any, ...]], str] = {
    LobbySettle: "lobby-settle",
    LobbyStart: "lobby-start",
    AskHint: "ask-hint",
    Hinted: "hint",
}
_RECORDS.update({name: kind for kind, name in _NAMED.items()})
_REQUESTS: tuple[type, ...] = get_args(Request)
_ENUMS: dict[str, type[enum.Enum]] = {"Color": Color, "Phase": Phase}
_ACTIONS: tuple[type, ...] = get_args(Action)


def _plain(value: object) -> object:
    """``value`` as JSON's values: a record by its class and fields, a card, an action, a colour, rules."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, _ACTIONS):
        return {"action": str(value)}
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, enum.Enum):
        return {"enum": type(value).__name__, "name": value.name}
    if isinstance(value, HouseRules):
        return {"rules": value.enabled()}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        fields = {name: _plain(part) for name, part in zip(value._fields, value, strict=True)}
        return {"type": _NAMED.get(type(value), type(value).__name__), **fields}
    if isinstance(value, (tuple, list)):
        return [_plain(part) for part in value]
    if isinstance(value, Mapping):
        return {"map": [[_plain(key), _plain(part)] for key, part in value.items()]}
    raise TypeError(f"{type(value).__name__} cannot be sent: {value!r}")


def _built(value: object) -> object:
    """The value ``_plain`` made ``value`` from."""
    if isinstance(value, list):
        return tuple(_built(part) for part in value)
    if not isinstance(value, dict):
        return value
    if "type" in value:
        kind = _RECORDS.get(str(value["type"]))
        if kind is None:
            raise WireError(f"no message is called {value['type']!r}")
        fields = {name: _built(part) for name, part in value.items() if name != "type"}
        try:
            return kind(**fields)
        except TypeError as error:
            raise WireError(f"{value['type']} cannot be built from these fields: {error}") from None
    try:
        if "card" in value:
            return Card.parse(value["card"])
        if "action" in value:
            return parse_action(value["action"])
        if "rules" in value:
            return HouseRules(**value["rules"])
        if "enum" in value:
            return _ENUMS[value["enum"]][value["name"]]
        if "map" in value:
            return {_built(key): _built(part) for key, part in value["map"]}
    except (RulesError, KeyError, TypeError) as error:
        raise WireError(f"{value!r} is not what it says: {error}") from None
    raise WireError(f"{value!r} is no value a message holds")


def encode(message: Message | Request) -> str:
    """``message`` as one line of JSON, without its newline."""
    return json.dumps(_plain(message), ensure_ascii=False, separators=(",", ":"))


def decode(line: str) -> Message | Request:
    """The message of a line ``encode`` wrote; ``WireError`` for anything else."""
    try:
        data = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as error:
        raise WireError(f"not a line of JSON: {error}") from None
    if not isinstance(data, dict) or "type" not in data:
        raise WireError("a message is an object with a type")
    message = _built(data)
    assert isinstance(message, tuple)
    return message  # type: ignore[return-value]  # one of _RECORDS, by its "type"


def as_json(message: Message | Request) -> dict[str, Any]:
    """``message`` as the JSON object ``encode`` writes as a line (for ``TableChannel.send`` and ``Seat.send``)."""
    return cast("dict[str, Any]", _plain(message))


def from_json(data: Mapping[str, object]) -> Message | Request:
    """The message of an object ``as_json`` made; ``WireError`` for anything else."""
    if "type" not in data:
        raise WireError("a message is an object with a type")
    message = _built(dict(data))
    assert isinstance(message, tuple)
    return message  # type: ignore[return-value]  # one of _RECORDS, by its "type"


def decode_request(data: Mapping[str, object]) -> Request:
    """What a game process asks of its table: a ``Request`` and nothing else; ``WireError`` says why not."""
    try:
        size = len(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    except (TypeError, ValueError, RecursionError) as error:
        raise WireError(f"not a JSON object: {error}") from None
    if size > MAX_REQUEST:
        raise WireError(f"a message of {size:,} characters is too long for a request")
    if data.get("type") == Acted.__name__ and size > MAX_ACTED:  # read no further than need be
        raise WireError(f"a line of {size:,} characters is too long for an action")
    message = from_json(data)
    if not isinstance(message, _REQUESTS):
        raise WireError(f"a game process does not send a {type(message).__name__}")
    if isinstance(message, Acted):
        return _checked_acted(message)
    if isinstance(message, LobbySettle) and not isinstance(message.settings, TableSettings):
        raise WireError(f"{message.settings!r} is not a table's settings")
    return message  # type: ignore[return-value]  # one of Request's, checked just above


def decode_acted(line: str) -> Acted:
    """What a game process says its person does: an ``Acted`` and nothing else; ``WireError`` says why not."""
    if len(line) > MAX_ACTED:
        raise WireError(f"a line of {len(line):,} characters is too long for an action")
    message = decode(line)
    if not isinstance(message, Acted):
        raise WireError(f"a game process sends only what its person does, not a {type(message).__name__}")
    return _checked_acted(message)


def _checked_acted(message: Acted) -> Acted:
    action, moment = message.action, message.moment
    if not isinstance(action, _ACTIONS):
        raise WireError(f"{action!r} is not an action")
    if moment is not None and not (
        isinstance(moment, tuple) and len(moment) == 2 and all(type(part) is int for part in moment)
    ):
        raise WireError(f"{moment!r} is not a moment of the table")
    return message


__all__ = [
    "MAX_ACTED",
    "MAX_REQUEST",
    "WireError",
    "as_json",
    "decode",
    "decode_acted",
    "decode_request",
    "encode",
    "from_json",
]
