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

import functools
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, NamedTuple

# The engine and the saves load when a match is recorded, not with `unokart stats`, which only reads
# the store: they were a third of that command's start.
if TYPE_CHECKING:
    from saves import SavedGame, Seat

    from ...engine import Event

PLAYER = 0  # the seat of the person whose statistics these are
HUMAN = "human"  # the kind of the player's own seat
PERSON = "person"  # the kind of another person's seat: a friend at a shared table (issue 31), not a bot
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
    # (a friends' match in someone else's saves: its save's name instead of the seed, friends.recording)
    save: str  # the save's name, when it was last recorded
    started: datetime
    finished_at: datetime | None  # its last move, once it is over
    finished: bool
    seed: int  # 0 for a friends' match in someone else's saves: withheld, it would deal every hand again
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


@functools.cache
def draw_reasons() -> tuple[str, ...]:
    """Every reason a seat draws, as the store names it: "banana", "draw_two", "uno_caught"..."""
    from ...engine import DrawReason  # noqa: PLC0415

    return tuple(reason.name.lower() for reason in DrawReason)


def default_seats(names: Sequence[str]) -> tuple[Seat, ...]:
    """The seats of a save that names none (format 1): the player, and random bots (as ``Session.load``)."""
    from saves import Seat  # noqa: PLC0415

    return tuple(Seat(name, "human" if seat == PLAYER else "random") for seat, name in enumerate(names))


class _Tally:
    """What each seat did in one round, counted from its events."""

    def __init__(self, seats: int) -> None:
        self.counts = [Counter[str]() for _ in range(seats)]
        self.draws = [Counter[str]() for _ in range(seats)]
        self.actions = 0

    def add(self, events: Iterable[Event]) -> None:
        from ...engine import CardsDrawn, CardTurned, ChallengeResolved, PlayerExposed, UnoCaught  # noqa: PLC0415

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
        reasons = draw_reasons()
        return tuple(
            SeatRound(
                seat=seat,
                cards_left=len(hand),
                points_left=values[seat],
                counts=tuple(self.counts[seat][name] for name in COUNTS),
                draws=tuple((reason, self.draws[seat][reason]) for reason in reasons if self.draws[seat][reason]),
            )
            for seat, hand in enumerate(hands)
        )


def _finished_rounds(game: SavedGame) -> list[RoundRecord]:
    """The match's finished rounds, every seat by its own number, every value as the round's end left it."""
    from ...engine import RoundWon  # noqa: PLC0415
    from ..timeline import play_again  # noqa: PLC0415

    match = game.match
    undos = Counter(undo.round for undo in game.undos)
    rounds: list[RoundRecord] = []
    tally = _Tally(len(match.names))
    for step in play_again(match):
        if step.action is None:
            tally = _Tally(len(match.names))
        else:
            tally.actions += 1
        tally.add(step.events)
        won = next((event for event in step.events if isinstance(event, RoundWon)), None)
        if won is not None:
            round_ = step.match.round
            values = [
                sum(card.points for card in hand) if seat != won.seat else 0 for seat, hand in enumerate(round_.hands)
            ]
            rounds.append(
                RoundRecord(
                    number=step.round,
                    dealer=round_.dealer,
                    winner=won.seat,
                    points=won.points,
                    actions=tally.actions,
                    undos=undos[step.round],
                    seats=tally.seats(round_.hands, values),
                )
            )
    return rounds


def match_record(name: str, game: SavedGame, owner: int = PLAYER) -> MatchRecord:
    """The record of the match in save ``name`` as the person at seat ``owner`` keeps it, with the hints they asked for.

    Their seat is recorded as seat 0 and the others after it in the order of play (seat ``owner + 1`` is 1).
    """
    return match_records(name, game, (owner,))[0]


def match_records(name: str, game: SavedGame, owners: Sequence[int]) -> list[MatchRecord]:
    """``match_record`` for each seat of ``owners``, the match played again once for them all."""
    seats = game.seats or default_seats(game.match.names)
    places = len(game.match.names)
    for owner in owners:
        if not 0 <= owner < places:
            raise ValueError(f"no seat {owner} at a match of {places}")
    rounds = _finished_rounds(game) if owners else []
    return [_owned(name, game, seats, rounds, owner) for owner in owners]


def _owned(name: str, game: SavedGame, seats: Sequence[Seat], rounds: Sequence[RoundRecord], owner: int) -> MatchRecord:
    """The match's record as ``owner`` keeps it: their seat first; of a friends' match, nothing they were not shown."""
    match = game.match
    places = len(match.names)
    shared = any(seat.kind == HUMAN for number, seat in enumerate(seats) if number != owner)

    def at(seat: int) -> int:
        return (seat - owner) % places

    def seen(one: SeatRound) -> SeatRound:
        hidden = shared and one.seat != owner  # a friends' round end shows nobody's cards but one's own
        return one._replace(seat=at(one.seat), points_left=0 if hidden else one.points_left)

    owned = [
        record._replace(
            dealer=at(record.dealer),
            winner=at(record.winner),
            seats=tuple(seen(one) for one in (*record.seats[owner:], *record.seats[:owner])),
        )
        for record in rounds
    ]
    scores = [0] * places
    for record in owned:
        scores[record.winner] += record.points
    return MatchRecord(
        key=match_key(match.seed, game.created),
        save=name,
        started=game.created,
        finished_at=game.updated if match.is_over else None,
        finished=match.is_over,
        seed=match.seed,
        target=match.target,
        rules=json.dumps(match.rules.enabled(), sort_keys=True),
        actions=sum(record.actions for record in owned),
        winner=None if match.winner is None else at(match.winner),
        undos=sum(record.undos for record in owned),
        hints=seats[owner].hints,
        seats=tuple(
            SeatRecord(
                seat=index,
                name=seat.name,
                kind=PERSON if seat.kind == HUMAN and index != PLAYER else seat.kind,
                profile=seat.profile,
                score=scores[index],
            )
            for index, seat in enumerate((*seats[owner:], *seats[:owner]))
        ),
        rounds=tuple(owned),
    )
