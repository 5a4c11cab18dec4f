"""Each person's statistics keep a friends' match as theirs (issue 31, item 4).

As each round ends (and so as the match ends) the table hands its match over as the save holds it
(``SharedTable``'s ``recorded``). A record is made at once, on the table's thread, for each person
seated whose key the table knows (present or away; a seat still kept for a mark, whose person has not
come back since the match was taken up again, names no folder): their seat is seat 0 in it, the others
follow in the order of play, another person is an opponent of kind ``person`` (``stats.match_record``).

Each record goes into its person's own store, ``stats.sqlite3`` in their data folder on the host (the
folder a key's game keeps its saves in, ``saves_for``). Only the opener's saves keep the match: for
everyone else the record holds no seed, which would deal every hand again, and its key names the table
and the moment the match began instead (``for_guest``).

The stores are written by a ``Runner``: on the host, ``StatsWriter``, one thread of its own, in the order
the rounds ended, so that a busy store (waited for ``BUSY_TIMEOUT`` seconds) never holds the table, nor
any other. What became of each write comes back on the table's thread, to ``HostedTable``, which logs a
problem on the host and tells the person.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from saves import SavedGame

from ..locations import STATS_NAME
from ..voice import speaking
from .keeping import MARK
from .people import Person

if TYPE_CHECKING:  # the table imports this module: SQLite loads when a friends' round first ends
    from ..history.stats.records import MatchRecord


class Written(NamedTuple):
    """What became of one person's record: written (``note``: their store was rebuilt first), or not, and why."""

    key: str
    language: str
    note: str | None = None
    problem: str | None = None


# What a table calls at each round's end (``SharedTable``'s ``recorded``): the match as saved, and its people.
Recorded = Callable[[SavedGame, Mapping[int, Person]], None]
Job = Callable[[], list[Written]]
# Runs a job, then hands what it returns to the callable, on the table's thread.
Runner = Callable[[Job, Callable[[list[Written]], None]], None]


def at_once(job: Job, then: Callable[[list[Written]], None]) -> None:
    """A ``Runner`` for tests: the job now, on the caller's thread."""
    then(job())


class Record(NamedTuple):
    """One person's record, and where it goes."""

    person: Person
    record: MatchRecord
    store: Path


def for_guest(record: MatchRecord) -> MatchRecord:
    """``record`` for a person whose saves do not keep the match: no seed (0), the key of its save and start."""
    return record._replace(key=f"{record.save}@{record.key.partition('@')[2]}", seed=0)


def records(
    name: str, game: SavedGame, people: Mapping[int, Person], stores: Callable[[str], Path]
) -> tuple[list[Record], list[Written]]:
    """The match of the save ``name`` as each person known by their key keeps it, and where; and each person
    whose folder ``stores`` cannot name (their key is no key's).

    ``people``: by seat. The save is the opener's, whom the lobby seats first: seat 0's record is theirs as
    ``unokart stats --rebuild`` makes it again from their saves; the others' are ``for_guest``.
    """
    from ..history.stats.records import match_records  # noqa: PLC0415 - with the first round's end, as SQLite

    known: list[tuple[int, Person, Path]] = []
    unplaced = []
    for seat, person in sorted(people.items()):
        if person.key.startswith(MARK):
            continue
        try:
            known.append((seat, person, stores(person.key)))
        except ValueError as error:
            unplaced.append(Written(person.key, person.language, problem=str(error)))
    owned = match_records(name, game, [seat for seat, _person, _folder in known])  # the match played again once
    made = [
        Record(person, record if seat == 0 else for_guest(record), folder / STATS_NAME)
        for (seat, person, folder), record in zip(known, owned, strict=True)
    ]
    return made, unplaced


def write(made: list[Record]) -> list[Written]:
    """Each record into its store, each person's notes and problems in their language. Never raises for a store."""
    from ..history import stats  # noqa: PLC0415 - SQLite loads when a friends' round first ends

    written = []
    for one in made:
        person = one.person
        with speaking(person.language):
            try:
                note = stats.record(one.record, one.store)
            except stats.StatsError as error:
                written.append(Written(person.key, person.language, problem=str(error)))
            else:
                written.append(Written(person.key, person.language, note=note))
    return written


class Recorder:
    """A table's ``recorded``: each round's end, into each person's statistics; ``told`` hears what became of it."""

    def __init__(
        self,
        name: str,
        stores: Callable[[str], Path],
        told: Callable[[list[Written]], None],
        run: Runner = at_once,
    ) -> None:
        self.name, self.stores, self.told, self.run = name, stores, told, run

    def __call__(self, game: SavedGame, people: Mapping[int, Person]) -> None:
        made, unplaced = records(self.name, game, people, self.stores)  # now: the match plays on after this
        if unplaced:
            self.told(unplaced)
        if made:
            self.run(lambda: write(made), self.told)


class StatsWriter:
    """The host's ``Runner``: one thread writes every table's statistics, in the order they came; what became of
    them goes back to the event loop. ``close`` waits for the writes begun."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="unokart-stats")

    def __call__(self, job: Job, then: Callable[[list[Written]], None]) -> None:
        try:
            future = self._pool.submit(job)
        except RuntimeError:  # closed: the host is stopping, a table's last round ended meanwhile; it waits for it
            then(job())
            return
        future.add_done_callback(lambda done: self._back(done, then))

    def _back(self, done: Future[list[Written]], then: Callable[[list[Written]], None]) -> None:
        # On the writer's thread: the result is handed to the loop. A loop already closed (the host stopping)
        # has no one left to tell: the records were written all the same.
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(lambda: then(done.result()))

    def close(self) -> None:
        self._pool.shutdown(wait=True)


__all__ = ["Recorded", "Recorder", "Runner", "StatsWriter", "Written", "at_once", "for_guest", "records", "write"]
