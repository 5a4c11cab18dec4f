"""A kept match taken up again waits for its people before it goes on: the lobby of *Continue with friends*.

Found in a playtest: the opener's *Continue with friends* played on at once, the autopilot playing the
friends who had not come back yet. Now the match waits, under the same code, in a lobby that lists its
people's seats, who is back and who is still awaited. Each key that comes back finds its own seat (by its
mark, ``keeping``); the opener goes on when they choose (the autopilot then plays the seats of those not
back, as for anyone away), or the match goes on by itself once everyone is back. The settings stay those
the match was started with. The opener leaving before it goes on closes it for everyone; it stays kept.

No I/O, no clock: the host's ``HostedTable`` holds it, and carries the messages.
"""

from __future__ import annotations

from ..voice import friends as words
from ..voice import speaking
from ..voice.language import ENGLISH
from .lobby import LobbyRefused
from .messages import LobbyClosed, LobbyShown, Sender, TableSettings
from .people import Person
from .shared import SharedTable


class WaitingRoom:
    """The people of a kept ``table`` coming back, before it goes on; ``opener``: the key that took it up again."""

    def __init__(self, code: str, table: SharedTable, opener: str) -> None:
        self.code = code
        self.table = table
        self.opener = opener
        self.started = False
        self.closed = False  # its opener left before it went on
        self._here: dict[str, tuple[Person, Sender]] = {}  # by key, in the order they came

    @property
    def waits(self) -> bool:
        """The match has not gone on yet, and the room is open: people come here, not to the table."""
        return not self.started and not self.closed

    def join(self, person: Person, send: Sender) -> None:
        """``person`` came back (or came to watch); once every person's seat is back, the match goes on."""
        if self.closed:
            with speaking(person.language):
                raise LobbyRefused(words.table_closed(self.opener_name))
        self._here[person.key] = (person, send)
        if self.awaited:
            self._show()
        else:
            self._go_on()

    def leave(self, key: str) -> None:
        """The person of ``key`` went before the match went on; its opener going closes the room for everyone."""
        if self.started or self.closed or key not in self._here:
            return
        if key != self.opener:
            del self._here[key]
            self._show()
            return
        self.closed = True
        name = self.opener_name
        for other, (person, send) in self._here.items():
            if other != key:
                with speaking(person.language):
                    send(LobbyClosed(words.table_closed(name)))
        self._here.clear()

    def start(self, key: str) -> None:
        """The opener goes on now: those not back are the autopilot's, marked away, until they come."""
        here = self._here.get(key)
        with speaking(here[0].language if here is not None else ENGLISH):
            refusal = self.start_refusal(key)
        if refusal is not None:
            raise LobbyRefused(refusal)
        self._go_on()

    def start_refusal(self, key: str) -> str | None:
        if self.started:
            return words.already_started()
        if key != self.opener:
            return words.opener_starts(self.opener_name)
        return None

    def _go_on(self) -> None:
        """Everyone here sits at the match, as anyone coming back to a match being played does."""
        self.started = True
        table = self.table
        table.begin()
        here, self._here = list(self._here.values()), {}
        for person, send in here:
            table.connect(person, send)

    # ------------------------------------------------------------------ what each one is shown

    @property
    def opener_name(self) -> str:
        seat = self.table.seat_of(self.opener)
        if seat is not None:
            return self.table.people[seat].name
        person = self._here.get(self.opener)
        return person[0].name if person is not None else ""

    @property
    def awaited(self) -> list[int]:
        """The people's seats whose key has not come back yet, in seat order."""
        back = {self.table.seat_of(key) for key in self._here}
        return [seat for seat in sorted(self.table.people) if seat not in back]

    def shown(self, key: str) -> LobbyShown:
        """The room as the person of ``key`` sees it, in their language."""
        table, match = self.table, self.table.match
        person = self._here[key][0]
        people = sorted(table.people)
        bots = tuple(info.kind for info in table.seats if info.kind != "human")
        rules = match.rules
        settings = TableSettings(
            target=match.target,
            preset=rules.preset_name or "custom",
            rules=rules,
            seats=len(table.seats),
            bots=bots,
            turn_seconds=table.turn_seconds,
        )
        with speaking(person.language):
            refusal = self.start_refusal(key)
        return LobbyShown(
            code=self.code,
            you=person.name,
            opener=self.opener_name,
            is_opener=key == self.opener,
            watching=table.seat_of(key) is None,
            people=tuple(table.people[seat].name for seat in people),
            watchers=tuple(p.name for k, (p, _send) in self._here.items() if table.seat_of(k) is None),
            settings=settings,
            bots=bots,
            can_start=refusal is None,
            refusal=refusal,
            awaited=tuple(table.people[seat].name for seat in self.awaited),
            round_number=match.round_number,
        )

    def _show(self) -> None:
        for key, (_person, send) in list(self._here.items()):
            send(self.shown(key))


__all__ = ["WaitingRoom"]
