"""Seats of a shared table played the way a game process plays them, without sockets: a real ``SharedTable``
and a ``RemoteTable`` for each person, joined by a line in memory that carries JSON objects both ways
(``friends.wire``, as ``TableChannel`` would). The game process's side acts through intentions only.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import deque
from collections.abc import Callable, Mapping

from unokart_tui.engine import Color, RulesError
from unokart_tui.friends import wire
from unokart_tui.friends.messages import Acted, AskHint, Hinted
from unokart_tui.friends.messages import Message as HostMessage
from unokart_tui.friends.people import Person
from unokart_tui.friends.remote import RemoteTable
from unokart_tui.friends.shared import SharedTable
from unokart_tui.table import messages as told

from ..fakeclock import FakeClock


class Front:
    """What a front end is sent by its ``RemoteTable``; ``check`` reads each message as it comes."""

    def __init__(self, check: Callable[[Front, told.Message], None] | None = None) -> None:
        self.messages: list[told.Message] = []
        self.check = check
        self.asked: told.Message | None = None  # a question not answered yet
        self.state: told.SeatState | None = None

    def receive(self, message: told.Message) -> None:
        if self.check is not None:
            self.check(self, message)
        self.messages.append(message)
        if isinstance(message, told.TableShown):
            self.state = message.state
        elif isinstance(message, (told.AskColour, told.AskTarget, told.AskChallenge)):
            self.asked = message

    def call_after_refresh(self, callback: Callable[[], None]) -> bool:
        callback()
        return True

    def notices(self) -> list[str]:
        return [m.text for m in self.messages if isinstance(m, told.Notice)]


class Line:
    """One person's line between the host and their game process: objects wait in it until ``pump``."""

    def __init__(self, table: SharedTable, person: Person, clock: FakeClock, front: Front) -> None:
        self.table, self.person = table, person
        self.to_game: deque[Mapping[str, object]] = deque()
        self.sent: list[Mapping[str, object]] = []  # everything the game process sent the host
        self.front = front
        self.remote = RemoteTable(front, self.from_game, clock=clock)

    @property
    def key(self) -> str:
        return self.person.key

    def to_person(self, message: HostMessage) -> None:
        """The host's side: the table sends this person a message; it goes down the line as a JSON object."""
        self.to_game.append(json.loads(wire.encode(message)))  # through a line of JSON, as the host sends it

    def from_game(self, data: Mapping[str, object]) -> bool:
        """The host reads what the game process sent: a hint asked for, or an ``Acted`` it checks."""
        self.sent.append(data)
        request = wire.decode_request(data)
        if isinstance(request, AskHint):
            with contextlib.suppress(RulesError):  # not their decision: no hint comes
                hint = self.table.hint(self.key)
                self.to_game.append(wire.as_json(Hinted(hint.action, hint.text)))
            return True
        assert isinstance(request, Acted)
        with contextlib.suppress(RulesError):  # refused: the table told the person why
            self.table.act(self.key, request.action, request.moment)
        return True

    def pump(self) -> bool:
        """Everything waiting in the line reaches the game process; False if nothing was waiting."""
        moved = bool(self.to_game)
        while self.to_game:
            self.remote.arrived(self.to_game.popleft())
        return moved


def seat_at(
    table: SharedTable, people: list[Person], clock: FakeClock, check: Callable[[Front, told.Message], None] | None
) -> list[Line]:
    lines = []
    for who in people:
        line = Line(table, who, clock, Front(check))
        table.connect(who, line.to_person)
        line.remote.open()
        lines.append(line)
    return lines


def pump_all(lines: list[Line]) -> bool:
    moved = False
    while any(line.pump() for line in lines):
        moved = True
    return moved


def playable_cards(front: Front) -> list[int]:
    state = front.state
    return [] if state is None else sorted(state.hand.playable)


def turn(line: Line, rng: random.Random) -> bool:
    """The person does what their table lets them, through its intentions; False when nothing is theirs to do."""
    remote, front = line.remote, line.front
    asked, front.asked = front.asked, None
    match asked:
        case told.AskColour(_reason, _advised, card):
            remote.choose_colour(rng.choice(list(Color)), card)
            return True
        case told.AskTarget(targets, _seven):
            remote.choose_target(rng.choice(targets)[0])
            return True
        case told.AskChallenge():
            remote.answer_challenge(rng.choice(["accept", "challenge"]))
            return True
    if remote.may("catch") and rng.random() < 0.5:
        remote.intend("catch")
        return True
    if remote.may("uno") and remote.view is not None and remote.view.exposed == 0:
        remote.intend("uno")
        return True
    playable = playable_cards(front)
    if remote.may("play") and playable:
        remote.intend("move_to", rng.choice(playable))
        remote.intend("play")
        return True
    for intent in ("draw", "keep", "take"):
        if remote.may(intent):
            remote.intend(intent)
            return True
    return False


def drive(
    table: SharedTable,
    clock: FakeClock,
    lines: list[Line],
    rng: random.Random,
    *,
    until: Callable[[], bool] | None = None,
    limit: float = 100_000.0,
) -> None:
    """Play on: the people act through their tables whenever they can, else the table's next wake-up runs."""
    start = clock.now()
    while not table.finished and not (until is not None and until()):
        pump_all(lines)
        acted = False
        for line in lines:
            before = len(line.sent)
            if line.key in table.connected and turn(line, rng) and (len(line.sent) > before or line.front.asked):
                acted = True
                pump_all(lines)
                break
        if not acted:
            assert clock.run_next(), "the table waits for nothing: it is stuck"
        assert clock.now() - start < limit, "the match does not end"
    pump_all(lines)
