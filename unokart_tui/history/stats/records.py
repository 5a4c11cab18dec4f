"""What the statistics keep of a match: one record for the match and one for each finished round.

A record is worked out from a save's contents alone (the match played again from its seed,
its seats, its times and its undos), and only from its finished rounds: the record the
session writes as a round ends and the one ``unokart stats --rebuild`` reads from the save
later, when more has been played, are the same record.

A record is one person's: their seat is seat 0 (``PLAYER``). A match friends shared (issue 31) is
recorded for each of its people, each from their own seat, the others following in the order of
play; another person's seat is of kind ``PERSON``, never counted as a bot. Such a record keeps of
the other seats only what the friends' table shows everyone at a round's end: their cards' count,
never what the cards were worth (``points_left`` is 0 there), and the hints are the owner's own.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import NamedTuple

from saves import SavedGame, Seat

from ...engine import (
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    DrawReason,
    Event,
    PlayerExposed,
    RoundWon,
    UnoCaught,
)
from ..timeline import play_again

PLAYER = 0  # the seat of the person whose statistics these are
HUMAN = "human"  # the kind of the player's own seat
PERSON = "person"  # the kind of another person's seat: a friend at a shared table (issue 31), not a bot
# Every reason a seat draws, as the store names it: "banana", "draw_two", "uno_caught"...
DRAW_REASONS = tuple(reason.name.lower() for reason in DrawReason)
ITEMS = ("banana", "green_shell", "lightning", "bob_omb")  # the items that make someone draw (I2-I5)
COUNTS = (  # what a seat did in a round, beside its draws
    "challenges_made",
    "challenges_won",
    "challenged",  # its Wild Draw Four was challenged
    "bluffs_caught",  # ... and it was guilty
    "catches_made",
    "caught",
    "forgot_uno",
    "item_boxes",
)


class SeatRound(NamedTuple):
    """One seat in one finished round."""

    seat: int
    cards_left: int
    points_left: int  # what its cards were worth to the winner (E3); 0 for the winner, and for a
    # seat whose cards the owner was not shown (another seat at a friends' table)
    counts: tuple[int, ...]  # in the order of COUNTS
    draws: tuple[tuple[str, int], ...]  # (reason, cards drawn), the reasons it drew for, in DrawReason's order


class RoundRecord(NamedTuple):
    number: int
    dealer: int
    winner: int
    points: int
    actions: int
    undos: int
    seats: tuple[SeatRound, ...]


class SeatRecord(NamedTuple):
    seat: int
    name: str
    kind: str  # "human" (the owner), "person" (another person, issue 31) or the bot's personality
    profile: str | None  # the bot's profile; None: its defaults
    score: int  # after the last finished round


class MatchRecord(NamedTuple):
    key: str  # the seed and the moment the match began: the same match in a save, its copy or its trash
    save: str  # the save's name, when it was last recorded
    started: datetime
    finished_at: datetime | None  # its last move, once it is over
    finished: bool
    seed: int
    target: int
    rules: str  # the house rules that differ from RULES.md, as JSON ("{}": none)
    actions: int  # in its finished rounds
    winner: int | None
    undos: int  # in its finished rounds
    hints: int
    seats: tuple[SeatRecord, ...]
    rounds: tuple[RoundRecord, ...]  # the finished rounds


def match_key(seed: int, started: datetime) -> str:
    return f"{seed}@{started.astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}"


def default_seats(names: Sequence[str]) -> tuple[Seat, ...]:
    """The seats of a save that names none (format 1): the player, and random bots (as ``Session.load``)."""
    return tuple(Seat(name, "human" if seat == PLAYER else "random") for seat, name in enumerate(names))


class _Tally:
    """What each seat did in one round, counted from its events."""

    def __init__(self, seats: int) -> None:
        self.counts = [Counter[str]() for _ in range(seats)]
        self.draws = [Counter[str]() for _ in range(seats)]
        self.actions = 0

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, CardsDrawn):
                if event.cards:
                    self.draws[event.seat][event.reason.name.lower()] += len(event.cards)
            elif isinstance(event, ChallengeResolved):
                self.counts[event.challenger]["challenges_made"] += 1
                self.counts[event.challenged]["challenged"] += 1
                if event.guilty:  # C2
                    self.counts[event.challenger]["challenges_won"] += 1
                    self.counts[event.challenged]["bluffs_caught"] += 1
            elif isinstance(event, UnoCaught):
                self.counts[event.catcher]["catches_made"] += 1
                self.counts[event.seat]["caught"] += 1
            elif isinstance(event, PlayerExposed):
                self.counts[event.seat]["forgot_uno"] += 1
            elif isinstance(event, CardTurned):
                self.counts[event.seat]["item_boxes"] += 1

    def seats(self, hands: Sequence[Sequence[object]], values: Sequence[int]) -> tuple[SeatRound, ...]:
        return tuple(
            SeatRound(
                seat=seat,
                cards_left=len(hand),
                points_left=values[seat],
                counts=tuple(self.counts[seat][name] for name in COUNTS),
                draws=tuple((reason, self.draws[seat][reason]) for reason in DRAW_REASONS if self.draws[seat][reason]),
            )
            for seat, hand in enumerate(hands)
        )


def match_record(name: str, game: SavedGame, owner: int = PLAYER) -> MatchRecord:
    """The record of the match in save ``name`` as the person at seat ``owner`` keeps it, with the hints they asked for.

    Their seat is recorded as seat 0 and the others after it in the order of play (seat ``owner + 1`` is 1).
    """
    match = game.match
    seats = game.seats or default_seats(match.names)
    places = len(match.names)
    if not 0 <= owner < places:
        raise ValueError(f"no seat {owner} at a match of {places}")
    shared = any(seat.kind == HUMAN for number, seat in enumerate(seats) if number != owner)

    def at(seat: int) -> int:
        return (seat - owner) % places

    undos = Counter(undo.round for undo in game.undos)
    rounds: list[RoundRecord] = []
    tally = _Tally(places)
    for step in play_again(match):
        if step.action is None:
            tally = _Tally(places)
        else:
            tally.actions += 1
        tally.add(step.events)
        won = next((event for event in step.events if isinstance(event, RoundWon)), None)
        if won is not None:
            round_ = step.match.round
            values = [
                sum(card.points for card in hand) if seat != won.seat and (seat == owner or not shared) else 0
                for seat, hand in enumerate(round_.hands)
            ]
            counted = tally.seats(round_.hands, values)
            rounds.append(
                RoundRecord(
                    number=step.round,
                    dealer=at(round_.dealer),
                    winner=at(won.seat),
                    points=won.points,
                    actions=tally.actions,
                    undos=undos[step.round],
                    seats=tuple(one._replace(seat=at(one.seat)) for one in counted[owner:] + counted[:owner]),
                )
            )
    scores = [0] * places
    for record in rounds:
        scores[record.winner] += record.points
    order = [*seats[owner:], *seats[:owner]]
    return MatchRecord(
        key=match_key(match.seed, game.created),
        save=name,
        started=game.created,
        finished_at=game.updated if match.is_over else None,
        finished=match.is_over,
        seed=match.seed,
        target=match.target,
        rules=json.dumps(match.rules.enabled(), sort_keys=True),
        actions=sum(record.actions for record in rounds),
        winner=None if match.winner is None else at(match.winner),
        undos=sum(record.undos for record in rounds),
        hints=seats[owner].hints,
        seats=tuple(
            SeatRecord(
                seat=index,
                name=seat.name,
                kind=PERSON if seat.kind == HUMAN and index != PLAYER else seat.kind,
                profile=seat.profile,
                score=scores[index],
            )
            for index, seat in enumerate(order)
        ),
        rounds=tuple(rounds),
    )
