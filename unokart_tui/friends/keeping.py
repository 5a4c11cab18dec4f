"""A friends' match as the saves keep it: its seats (people first, then bots), and the match taken up again.

The job beside ``shared.SharedTable``'s (playing the match): who sits where when a table starts, which
bots play the seats no person took, and what a kept match's text gives back. Plain functions of the
saves' format (``saves.Seat``), no clock, no I/O: the host reads and writes the files.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

import ai
import saves
from ai.base import Bot
from saves import SavedGame, Seat

from ..defaults import BOT_NAMES
from ..engine import Event, HouseRules, Match
from ..history.timeline import play_again
from ..table.tableview import motions
from ..voice import _
from ..voice.narration import LogLine, Voice, log_line
from .messages import MAX_TURN, MIN_TURN, TURN_SECONDS
from .people import Person, unique_name
from .telling import NOBODY, RecentLog, Retelling

KEY_PARAM = "key"  # a person's seat in the save: a mark of their key, to give the seat back to that key
TURN_PARAM = "turn_seconds"  # and the seconds of a turn's clock, as the lobby set them
MARK = "mark:"  # what begins a mark: a key the table knows only by its mark (its person has not come back)


def seating(
    people: Sequence[Person], bots: Sequence[str], *, seed: int | None, target: int, rules: HouseRules | None
) -> tuple[Match, list[Seat], dict[int, Person]]:
    """A new match: ``people`` in the first seats, in their order, then a bot of each kind in ``bots``.

    Every seat's name differs (a person's second "Ann" is "Ann 2"); a bot takes a free racer's name.
    """
    seated: list[Person] = []
    for person in people:
        seated.append(person._replace(name=unique_name(person.name, [p.name for p in seated])))
    names = [p.name for p in seated]
    for _kind in bots:
        free = [name for name in BOT_NAMES if name.casefold() not in {n.casefold() for n in names}]
        names.append(free[0] if free else unique_name(BOT_NAMES[0], names))
    match = Match.new(names, seed=seed, target=target, rules=rules)
    seats = [Seat(person.name) for person in seated]
    for index, kind in enumerate(bots, start=len(seated)):
        bot = ai.make_bot(kind, seed=match.seed + index)
        seats.append(Seat(names[index], kind, seed=match.seed + index, params=bot.params))
    return match, seats, dict(enumerate(seated))


def read_kept(text: str, source: str = "<save>") -> SavedGame:
    """A kept match from its save's ``text``; ``SaveError`` naming ``source`` if it cannot be read."""
    return saves.loads_game(text, source=source)


def key_mark(key: str) -> str:
    """What the save keeps of a person's key: enough to know the key again, not the key's id itself.

    The save lies in the opener's saves, which their game reads: it holds no friend's fingerprint.
    """
    if key.startswith(MARK):
        return key
    return MARK + hashlib.sha256(key.encode()).hexdigest()[:32]


def marked(seats: Sequence[Seat], people: Mapping[int, Person], turn_seconds: float) -> tuple[Seat, ...]:
    """``seats`` as the save keeps them: each person's seat with the mark of their key and their turn's clock."""
    return tuple(
        info._replace(params={**info.params, KEY_PARAM: key_mark(people[seat].key), TURN_PARAM: turn_seconds})
        if seat in people
        else info
        for seat, info in enumerate(seats)
    )


def kept_people(seats: Sequence[Seat], opener: str | None = None) -> dict[int, Person]:
    """The people of a kept match's seats, each known by their key's mark until that key comes back.

    A seat saved without a mark (before marks were kept) is the opener's when it is the first one (the
    lobby seats its opener first); any other such seat has no key, and the autopilot plays it.
    """
    people = {}
    for seat, info in enumerate(seats):
        if info.kind != "human":
            continue
        mark = info.params.get(KEY_PARAM)
        if not isinstance(mark, str) or not mark.startswith(MARK):
            mark = key_mark(opener) if seat == 0 and opener is not None else f"{MARK}nobody {seat}"
        people[seat] = Person(mark, info.name)
    return people


def kept_turn(seats: Sequence[Seat]) -> float:
    """The turn's clock the people of a kept match played under (set in the lobby), or the usual one."""
    for info in seats:
        seconds = info.params.get(TURN_PARAM)
        if info.kind != "human" or isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            continue
        if MIN_TURN <= seconds <= MAX_TURN:
            return float(seconds)
    return TURN_SECONDS


def recall(match: Match, recent: RecentLog) -> tuple[int | None, bool]:
    """A match taken up again: its round told again into ``recent``, as it was told while it was played, and
    who put the top card there (None: the round's first card) and whether it was turned.

    Found in play: a match taken up again showed its pile as the round's first card, whoever had played it,
    and those who came back to it found an empty log.
    """
    top: tuple[int | None, bool] = (None, False)
    exposed: int | None = None
    for step in play_again(match):
        if step.round != match.round_number:
            continue
        events = tuple(step.events)
        if step.action is None:  # the deal
            recent.new_round(_dealt(step.round, events))
            top = (None, False)
        else:
            recent.events(events, step.match.round, exposed)
        for motion in motions(events, NOBODY):
            if motion.kind in ("play", "turn"):
                top = (motion.seat, motion.kind == "turn")
        exposed = step.match.round.exposed
    return top


def _dealt(number: int, events: Sequence[Event]) -> Retelling:
    """A round's deal as the table tells it (``SharedTable``): its number after the first, then the deal."""

    def retell(voice: Voice) -> list[LogLine]:
        header = [LogLine(_("— Round {number} —").format(number=number), "bold")] if number > 1 else []
        return header + [log_line(event, voice) for event in events]

    return retell


def make_bots(seats: Sequence[Seat]) -> dict[int, Bot]:
    """The bots of the seats that are no person's, as their ``Seat`` describes them (as ``Session`` makes them)."""
    bots = {}
    for seat, info in enumerate(seats):
        if info.kind != "human":
            params = ai.bot_params(info.kind, info.params)  # ValueError: no bot can play this seat
            bots[seat] = ai.BOTS[info.kind](seed=info.seed, **params)
    return bots


__all__ = [
    "KEY_PARAM",
    "TURN_PARAM",
    "kept_people",
    "kept_turn",
    "key_mark",
    "make_bots",
    "marked",
    "read_kept",
    "recall",
    "seating",
]
