"""Who sits at a friends' table: a person is a key, a name, a language, and whether they read in line mode.

The host knows a person by their key (its id: the same key coming back is the same person); the
table shows their name, made safe for every terminal, and speaks to them in their language.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from ..defaults import MAX_NAME
from ..printable import printable
from ..voice.language import ENGLISH, LANGUAGES


class Person(NamedTuple):
    key: str  # the id of the key they came with: the same key is the same person
    name: str
    language: str = ENGLISH
    plain: bool = False  # line mode (issue 33): the log names cards in words, never with symbols


def person(key: str, name: str, language: str = ENGLISH, *, plain: bool = False) -> Person:
    """A person with a name fit for the table: control characters shown as escapes, cut to ``MAX_NAME``.

    A name is typed by someone else than the one who reads it: ``"\\x1b]0;…"`` must not retitle a
    friend's terminal. An empty name is "Player"; a language the game does not speak is English.
    """
    shown = " ".join(printable(name).split())[:MAX_NAME].strip() or "Player"
    return Person(key, shown, language if language in LANGUAGES else ENGLISH, plain)


def unique_name(name: str, taken: Collection[str]) -> str:
    """``name``, or ``name 2``, ``name 3``… when it is ``taken`` (letter case aside): every seat's name differs."""
    used = {other.casefold() for other in taken}
    if name.casefold() not in used:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        candidate = name[: MAX_NAME - len(suffix)] + suffix
        if candidate.casefold() not in used:
            return candidate
        number += 1
