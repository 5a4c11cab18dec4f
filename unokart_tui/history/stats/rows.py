"""The store's rows as this game can use them: every value checked, a match read whole or not at all.

The store is a file anything may have written (the ``sqlite3`` shell, a script, a disk that
returned wrong bytes): a winner who is no seat, points that are words, a moment that is no
moment, a NULL, a negative count. Each such match is left out and counted, so the figures
shown are those of the matches that can be read, and the player is told how many could
not (``unokart stats --rebuild`` writes them again from their saves). No value read here
can make the figures, the tables or the charts fail.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from ...printable import is_control
from .records import COUNTS
from .store import Store

MAX_SEATS = 10  # D1: a match is played by 2 to 10
MAX_NUMBER = 2**63 - 1  # SQLite's largest integer: nothing this game writes is larger
MAX_TEXT = 1000  # characters: a name, a save's name, a personality are far shorter
MAX_DIGITS = 30  # a target written as text: far more than any match reaches, few enough for a chart's float


class SeatRow(NamedTuple):
    name: str
    kind: str
    profile: str | None
    score: int


class RoundRow(NamedTuple):
    number: int
    dealer: int
    winner: int
    points: int
    actions: int
    undos: int


class SeatRoundRow(NamedTuple):
    round: int
    seat: int
    cards_left: int
    points_left: int
    counts: tuple[int, ...]  # in the order of records.COUNTS


class DrawRow(NamedTuple):
    seat: int
    reason: str
    cards: int


class MatchRows(NamedTuple):
    """One match as the store holds it, every value checked."""

    key: str
    save: str
    finished_at: datetime | None  # once it is over
    winner: int | None  # the seat that won it, once it is over
    target: int
    undos: int
    hints: int
    seats: tuple[SeatRow, ...]  # by seat: seat 0 is the player
    rounds: tuple[RoundRow, ...]  # by number
    round_seats: tuple[SeatRoundRow, ...]
    draws: tuple[DrawRow, ...]


class Rows(NamedTuple):
    matches: tuple[MatchRows, ...]
    left_out: int  # matches (or rows of no match) with a value this game cannot read


class _Bad(Exception):
    """A value this game cannot read: its match is left out."""


def count(value: object) -> int:
    """A whole number from 0 up: SQLite gives a stored integer as an ``int`` (never a ``bool``)."""
    if type(value) is not int or not 0 <= value <= MAX_NUMBER:
        raise _Bad
    return value


def seat_of(value: object, seats: int) -> int:
    number = count(value)
    if number >= seats:
        raise _Bad
    return number


def text(value: object) -> str:
    """Text that can be shown as it is: no control character (the engine refuses them in a name), no
    undecodable byte (read as a surrogate), no more than any name this game writes.
    """
    if type(value) is not str or len(value) > MAX_TEXT or any(is_control(char) for char in value):
        raise _Bad
    return value


def whole(value: object) -> int:
    """A whole number from 1 up, as a version 1 store (an integer) or a version 2 one (text) keeps it."""
    if type(value) is str and 0 < len(value) <= MAX_DIGITS and value.isascii() and value.isdigit():
        value = int(value)
    if type(value) is not int or value < 1 or len(str(value)) > MAX_DIGITS:
        raise _Bad
    return value


def moment(value: object) -> datetime:
    """A moment with its time zone, that can be shown in the local one."""
    try:
        found = datetime.fromisoformat(text(value))
        if found.tzinfo is None:
            raise _Bad
        found.astimezone()
    except (ValueError, OverflowError, OSError):
        raise _Bad from None
    return found


def _by_match(rows: Iterable[Sequence[Any]]) -> dict[object, list[Sequence[Any]]]:
    grouped: dict[object, list[Sequence[Any]]] = defaultdict(list)
    for row in rows:
        grouped[row[0]].append(row)
    return grouped


def _one(
    row: Sequence[Any],
    seats_rows: list[Sequence[Any]],
    rounds_rows: list[Sequence[Any]],
    round_seats_rows: list[Sequence[Any]],
    draws_rows: list[Sequence[Any]],
) -> MatchRows:
    """One match from its rows (each row starts with the match's key); ``_Bad`` if any value is."""
    key, save, finished_at, finished, winner, target, undos, hints = row
    numbers = sorted(count(seat[1]) for seat in seats_rows)
    if not 2 <= len(numbers) <= MAX_SEATS or numbers != list(range(len(numbers))):
        raise _Bad
    seats = tuple(
        SeatRow(text(name), text(kind), None if profile is None else text(profile), count(score))
        for _, _, name, kind, profile, score in sorted(seats_rows, key=lambda seat: seat[1])
    )
    places = len(seats)
    if type(finished) is not int or finished not in (0, 1):
        raise _Bad
    if not finished and (winner is not None or finished_at is not None):
        raise _Bad  # a match that is not over has neither
    rounds = []
    for _, number, dealer, won, points, actions, round_undos in rounds_rows:
        rounds.append(
            RoundRow(
                count(number),
                seat_of(dealer, places),
                seat_of(won, places),
                count(points),
                count(actions),
                count(round_undos),
            )
        )
    played = {round_.number for round_ in rounds}
    if len(played) != len(rounds) or 0 in played:
        raise _Bad
    round_seats = []
    for _, number, seat, cards_left, points_left, *counts in round_seats_rows:
        if count(number) not in played:
            raise _Bad
        round_seats.append(
            SeatRoundRow(
                number,
                seat_of(seat, places),
                count(cards_left),
                count(points_left),
                tuple(count(each) for each in counts),
            )
        )
    if len({(one.round, one.seat) for one in round_seats}) != len(round_seats):
        raise _Bad
    draws = []
    for _, number, seat, reason, cards in draws_rows:
        if count(number) not in played:
            raise _Bad
        draws.append(DrawRow(seat_of(seat, places), text(reason), count(cards)))
    return MatchRows(
        key=text(key),
        save=text(save),
        finished_at=moment(finished_at) if finished else None,
        winner=seat_of(winner, places) if finished else None,
        target=whole(target),
        undos=count(undos),
        hints=count(hints),
        seats=seats,
        rounds=tuple(sorted(rounds)),
        round_seats=tuple(round_seats),
        draws=tuple(draws),
    )


def read_rows(store: Store) -> Rows:
    """Every match the store holds whose every value this game can read, and how many others there are."""
    matches = store.rows("SELECT key, save, finished_at, finished, winner, target, undos, hints FROM matches")
    seats = _by_match(store.rows("SELECT match, seat, name, kind, profile, score FROM seats"))
    rounds = _by_match(store.rows("SELECT match, number, dealer, winner, points, actions, undos FROM rounds"))
    columns = ", ".join(("match", "round", "seat", "cards_left", "points_left", *COUNTS))
    round_seats = _by_match(store.rows(f"SELECT {columns} FROM round_seats"))
    draws = _by_match(store.rows("SELECT match, round, seat, reason, cards FROM draws"))
    times = Counter(row[0] for row in matches)
    read: list[MatchRows] = []
    left_out = 0
    for row in matches:
        key = row[0]
        if type(key) is not str or times[key] > 1:  # no row of other tables can be told whose it is
            left_out += 1
            continue
        try:
            read.append(_one(row, seats[key], rounds[key], round_seats[key], draws[key]))
        except _Bad:
            left_out += 1
    # Rows of a match the store does not hold: a match of which the rest is gone.
    left_out += len({key for table in (seats, rounds, round_seats, draws) for key in table} - set(times))
    return Rows(tuple(read), left_out)
