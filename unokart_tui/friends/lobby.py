"""The lobby of a friends' table: who sits, who watches, the settings, and when the match may start.

The host gives a lobby its code and the person who opened it. People join and leave; each one is
shown the lobby through their own callable (a ``LobbyShown`` built for them, in their language),
again at every change. The opener sets the table as in New game; once the match starts the lobby
hands everyone to the ``SharedTable`` and sends every later join and leave on to it.
No Textual, no I/O: the host's callables carry the messages.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from typing import Concatenate, ParamSpec, TypeVar

import ai

from ..engine import HouseRules
from ..table.pacing import Clock, Pace
from ..voice import friends as words
from ..voice import speaking
from .messages import MAX_SEATS, MAX_TURN, MIN_SEATS, MIN_TURN, LobbyClosed, LobbyShown, Sender, TableSettings
from .people import Person, unique_name
from .recording import Recorded
from .shared import SharedTable

P = ParamSpec("P")
R = TypeVar("R")
MIN_PEOPLE = 2  # a table for friends: one person alone plays New game


class LobbyRefused(ValueError):
    """A lobby refused a change or the start; ``str()`` says why, in the language of the one refused."""


def _one_at_a_time(method: Callable[Concatenate[Lobby, P], R]) -> Callable[Concatenate[Lobby, P], R]:
    """The lobby changes under its lock: two people joining at once are seated one after the other."""

    def locked(self: Lobby, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._lock:
            return method(self, *args, **kwargs)

    locked.__doc__, locked.__name__ = method.__doc__, method.__name__
    return locked


class Lobby:
    """A table being set: ``join``, ``leave``, ``settle`` (the opener's settings), ``start``."""

    def __init__(self, code: str, opener: Person, send: Sender, settings: TableSettings | None = None) -> None:
        self.code = code
        self.opener = opener
        self.settings = check_settings(settings or TableSettings(), people=1)
        self.people: list[Person] = [opener]
        self.watchers: list[Person] = []
        self.table: SharedTable | None = None  # once the match has started
        self.closed = False
        self._lock = threading.RLock()
        self._senders: dict[str, Sender] = {opener.key: send}
        self._show()

    # ------------------------------------------------------------------ people

    @_one_at_a_time
    def join(self, person: Person, send: Sender) -> bool:
        """``person`` comes to the table: True when they sit (or sit again), False when they watch.

        A full or started table seats nobody new: the newcomer watches. The same key again keeps its place.
        """
        if self.table is not None:
            return self.table.connect(person, send) is not None
        if self.closed:
            with speaking(person.language):
                raise LobbyRefused(words.table_closed(self.opener.name))
        self._senders[person.key] = send
        known = self._place(person.key)
        if known is None:
            full = len(self.people) >= self.settings.seats
            (self.watchers if full else self.people).append(self._named(person))
        self._show()
        return self._place(person.key) == "people"

    @_one_at_a_time
    def leave(self, key: str) -> None:
        """The person of ``key`` went away. The opener leaving closes the table; a seat freed seats the first watcher.

        After the start the table keeps the seat for them (``SharedTable.drop``).
        """
        if self.table is not None:
            self.table.drop(key)
            return
        place = self._place(key)
        if place is None or self.closed:
            return
        if key == self.opener.key:
            self.closed = True
            for other, send in self._senders.items():
                if other != key:
                    with speaking(self._person(other).language):
                        send(LobbyClosed(words.table_closed(self.opener.name)))
            self._senders.clear()
            return
        del self._senders[key]
        if place == "people":
            self.people = [p for p in self.people if p.key != key]
            if self.watchers and len(self.people) < self.settings.seats:
                self.people.append(self.watchers.pop(0))
        else:
            self.watchers = [p for p in self.watchers if p.key != key]
        self._show()

    def _place(self, key: str) -> str | None:
        if any(p.key == key for p in self.people):
            return "people"
        if any(p.key == key for p in self.watchers):
            return "watchers"
        return None

    def _person(self, key: str) -> Person:
        return next(p for p in (*self.people, *self.watchers) if p.key == key)

    def _named(self, person: Person) -> Person:
        taken = [p.name for p in (*self.people, *self.watchers)]
        return person._replace(name=unique_name(person.name, taken))

    # ------------------------------------------------------------------ settings and the start

    @_one_at_a_time
    def settle(self, key: str, settings: TableSettings) -> None:
        """The opener sets the table (``settings``: the New game form's, as a whole).

        ``LobbyRefused`` says why a change is refused, and then nothing changed.
        """
        with speaking(self._speaker(key)):
            if self.table is not None:
                raise LobbyRefused(words.already_started())
            if key != self.opener.key:
                raise LobbyRefused(words.opener_settles(self.opener.name))
            self.settings = check_settings(settings, people=len(self.people))
        self._show()

    def start_refusal(self, key: str | None = None) -> str | None:
        """Why the match cannot start now (for the person of ``key``: only the opener starts it), or None."""
        people = len(self.people)
        if self.table is not None:
            return words.already_started()
        if key is not None and key != self.opener.key:
            return words.opener_starts(self.opener.name)
        if not MIN_SEATS <= self.settings.seats <= MAX_SEATS:
            return words.seats_range(MIN_SEATS, MAX_SEATS)
        if people < MIN_PEOPLE:
            return words.needs_people(people)
        return None

    @property
    def can_start(self) -> bool:
        return self.start_refusal() is None

    @_one_at_a_time
    def start(
        self,
        key: str,
        *,
        clock: Clock,
        save: Callable[[str], None],
        seed: int | None = None,
        pace: Pace | None = None,
        wall: Callable[[], datetime] | None = None,
        recorded: Recorded | None = None,
    ) -> SharedTable:
        """The opener starts the match: people in the seats in the order they sat down, bots after them.

        Everyone in the lobby is then at the table (the watchers watching it); ``LobbyRefused`` if not now.
        ``recorded`` hears each round's end (``SharedTable``).
        """
        with speaking(self._speaker(key)):
            refusal = self.start_refusal(key)
            if refusal is not None:
                raise LobbyRefused(refusal)
        settings = self.settings
        table = SharedTable.new(
            self.people,
            settings.bot_kinds(len(self.people)),
            seed=seed,
            target=settings.target,
            rules=settings.rules,
            clock=clock,
            save=save,
            pace=pace,
            turn_seconds=settings.turn_seconds,
            wall=wall,
            recorded=recorded,
        )
        self.table = table
        for person in (*self.people, *self.watchers):
            table.connect(person, self._senders[person.key])
        table.begin()
        return table

    def _speaker(self, key: str) -> str:
        place = self._place(key)
        return self._person(key).language if place is not None else self.opener.language

    # ------------------------------------------------------------------ what each person is shown

    def shown(self, key: str) -> LobbyShown:
        """The lobby as the person of ``key`` sees it, in their language."""
        person = self._person(key)
        with speaking(person.language):
            refusal = self.start_refusal(key)
            return LobbyShown(
                code=self.code,
                you=person.name,
                opener=self.opener.name,
                is_opener=key == self.opener.key,
                watching=self._place(key) == "watchers",
                people=tuple(p.name for p in self.people),
                watchers=tuple(p.name for p in self.watchers),
                settings=self.settings,
                bots=self.settings.bot_kinds(len(self.people)),
                can_start=refusal is None,
                refusal=refusal,
            )

    def _show(self) -> None:
        for key, send in list(self._senders.items()):
            send(self.shown(key))


def check_settings(settings: TableSettings, *, people: int) -> TableSettings:
    """``settings`` if a table of ``people`` people can have them; ``LobbyRefused`` says why not."""
    if type(settings.seats) is not int or not MIN_SEATS <= settings.seats <= MAX_SEATS:
        raise LobbyRefused(words.seats_range(MIN_SEATS, MAX_SEATS))
    if settings.seats < people:
        raise LobbyRefused(words.fewer_seats_than_people(people))
    seconds = settings.turn_seconds
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not MIN_TURN <= seconds <= MAX_TURN:
        raise LobbyRefused(words.turn_range(MIN_TURN, MAX_TURN))
    # The front end offers only these (New game's choices): anything else is a mistake of its own.
    if not isinstance(settings.rules, HouseRules):
        raise ValueError(f"house rules must be HouseRules, not {settings.rules!r}")
    if isinstance(settings.target, bool) or not isinstance(settings.target, int) or settings.target < 1:
        raise ValueError(f"the target score must be a whole number of at least 1, not {settings.target!r}")
    unknown = [kind for kind in settings.bots if kind not in ai.BOTS]
    if unknown:
        raise ValueError(f"there is no bot called {unknown[0]!r}: choose among {', '.join(sorted(ai.BOTS))}")
    return settings._replace(bots=tuple(settings.bots))


def with_last_choices(settings: TableSettings, target: int, turn_seconds: int) -> TableSettings:
    """``settings`` with the target and the turn clock its opener chose last time (kept in their own settings),
    each where a lobby takes it: a value edited by hand into something no lobby takes is left aside."""
    chosen = settings
    with suppress(ValueError):  # LobbyRefused too: the value is left aside
        chosen = check_settings(chosen._replace(target=target), people=1)
    with suppress(ValueError):
        chosen = check_settings(chosen._replace(turn_seconds=float(turn_seconds)), people=1)
    return chosen


def last_choices(settings: TableSettings) -> tuple[int, int]:
    """What the opener's settings remember of a table's: its target and its turn clock in whole seconds
    (``Settings.table_target`` and ``table_turn_seconds``), which ``with_last_choices`` takes back."""
    return settings.target, round(settings.turn_seconds)


__all__ = [
    "MAX_TURN",
    "MIN_PEOPLE",
    "MIN_TURN",
    "Lobby",
    "LobbyRefused",
    "check_settings",
    "last_choices",
    "with_last_choices",
]
