"""A friends' match as the saves keep it: its seats (people first, then bots), and the match taken up again.

The job beside ``shared.SharedTable``'s (playing the match): who sits where when a table starts, which
bots play the seats no person took, and what a kept match's text gives back. Plain functions of the
saves' format (``saves.Seat``), no clock, no I/O: the host reads and writes the files.
"""

from __future__ import annotations

from collections.abc import Sequence

import ai
import saves
from ai.base import Bot
from saves import SavedGame, Seat

from ..defaults import BOT_NAMES
from ..engine import HouseRules, Match
from .people import Person, unique_name


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


def make_bots(seats: Sequence[Seat]) -> dict[int, Bot]:
    """The bots of the seats that are no person's, as their ``Seat`` describes them (as ``Session`` makes them)."""
    bots = {}
    for seat, info in enumerate(seats):
        if info.kind != "human":
            params = ai.bot_params(info.kind, info.params)  # ValueError: no bot can play this seat
            bots[seat] = ai.BOTS[info.kind](seed=info.seed, **params)
    return bots


__all__ = ["make_bots", "read_kept", "seating"]
