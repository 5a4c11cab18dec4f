"""The matches with friends a player's saves keep, to offer again at the title (issue 31: *Continue*).

The host writes a friends' match into its opener's saves as ``friends CODE.toml`` after every action;
when everyone has gone, it stays there. The opener's game finds it here, unfinished, and the title
offers it; the host then takes it up again under the same code (``hosting.HostedTable.reopened``).
Read from the saves' list alone (``saves.list_saves``): no engine, so the title's first frame waits for none.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

import saves

from .codes import normalise

SAVE_PREFIX = "friends "  # the opener's save of the table CODE is "friends CODE.toml"
SAVE_SUFFIX = ".toml"
OFFERED = 3  # the newest ones only: the title is a menu, not a list of saves (Load game lists them all)


class KeptMatch(NamedTuple):
    """A match with friends kept in this player's saves: its table's code, its people, the round it is at."""

    code: str
    people: tuple[str, ...]
    round_number: int
    updated: datetime | None


def code_of(name: str) -> str | None:
    """The table code in a save's name ``friends CODE``, or None for any other name."""
    if not name.startswith(SAVE_PREFIX):
        return None
    code = name.removeprefix(SAVE_PREFIX)
    return code if normalise(code) == code else None


def kept_matches(most: int = OFFERED) -> list[KeptMatch]:
    """The unfinished matches with friends in this player's saves, newest first, ``most`` of them.

    A file that cannot be read is left out here (Load game says what is wrong with it).
    """
    kept = []
    for entry in saves.list_saves():
        code = code_of(entry.name)
        if code is None or entry.error is not None or entry.finished or not entry.with_friends:
            continue
        # The lobby seats its people first, then the bots: the first ``people`` names are theirs.
        kept.append(KeptMatch(code, entry.players[: entry.people], entry.round_number, entry.updated))
    kept.sort(key=lambda match: match.updated.timestamp() if match.updated is not None else 0.0, reverse=True)
    return kept[:most]


__all__ = ["OFFERED", "SAVE_PREFIX", "SAVE_SUFFIX", "KeptMatch", "code_of", "kept_matches"]
