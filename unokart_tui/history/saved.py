"""The saved matches as the title, the load screen and the ``unokart`` command name them. No Textual here."""

from __future__ import annotations

from collections.abc import Iterable

from saves import SaveEntry, list_saves

from ..voice.names import shown_name


def unfinished_saves() -> list[SaveEntry]:
    """The readable saves of matches that are not over and can be played here, the most recently played first.

    A match played with friends is not one of them: it goes on at their table (issue 31).
    """
    return [entry for entry in list_saves() if entry.error is None and not entry.finished and not entry.with_friends]


def latest_unfinished() -> SaveEntry | None:
    """The match ``unokart continue`` and the title's Continue resume, if there is one."""
    unfinished = unfinished_saves()
    return unfinished[0] if unfinished else None


def scores_line(names: Iterable[str], scores: Iterable[int]) -> str:
    """``Ann 120, Mario 80``: each player's score, in seat order."""
    return ", ".join(f"{shown_name(name)} {score}" for name, score in zip(names, scores, strict=True))
