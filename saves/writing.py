"""A match written as the saves' TOML text (``saves.format`` says what the file holds, and reads it).

``dumps`` writes a match; ``SaveWriter`` writes the same match again and again as it is played: the same
text for less work.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

import tomli_w

from unokart_tui import __version__

from .format import (
    FORMAT_VERSION,
    Seat,
    Undo,
    _match_table,
    _position,
    _rules_table,
    _seat_table,
    _sha256,
    _shuffle_table,
)

if TYPE_CHECKING:
    from unokart_tui.engine import Action, Match

_PREAMBLE = (
    "# A saved match of unokart (UNO Mario Kart in the terminal).\n"
    "# [position] is the table as it stands; [history] is every action since the seed.\n"
    "# unokart replays the history on loading and refuses a file whose parts disagree.\n"
    "# [checksum] is the SHA-256 of everything above it: a file damaged by accident is refused.\n\n"
)


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _document(
    match: Match,
    *,
    seats: Sequence[Seat],
    created: datetime | None,
    updated: datetime,
    undos: Sequence[Undo],
    rounds: list[list[str]],
) -> dict[str, Any]:
    """The save as a TOML document, the history's rounds given as ``rounds`` (each action written)."""
    if seats and len(seats) != len(match.names):
        raise ValueError(f"{len(seats)} seats for a match of {len(match.names)} players")
    document: dict[str, Any] = {
        "save": {
            "format": FORMAT_VERSION,
            "program": __version__,
            "created": created or updated,
            "updated": updated,
        },
        "match": _match_table(match),
    }
    if seats:
        document["match"]["seats"] = [_seat_table(seat) for seat in seats]
    document["rules"] = _rules_table(match.rules)
    document["position"] = _position(match.round)
    document["history"] = {"rounds": rounds}
    if match.unseen_shuffles:
        document["history"]["shuffles"] = [_shuffle_table(shuffle) for shuffle in match.unseen_shuffles]
    if undos:
        document["undo"] = [{"round": u.round, "kept": u.kept, "actions": list(u.actions)} for u in undos]
    return document


def dumps(
    match: Match,
    *,
    seats: Sequence[Seat] = (),
    created: datetime | None = None,
    updated: datetime | None = None,
    undos: Sequence[Undo] = (),
) -> str:
    """The match as TOML text (``seats`` describe who plays each seat, when known; ``undos`` the undos made)."""
    return SaveWriter().dumps(match, seats=seats, created=created, updated=updated, undos=undos)


# What tomli_w writes for the history's rounds left empty: ``SaveWriter`` puts the rounds' text in
# its place.
_NO_ROUNDS = "[history]\nrounds = []\n"
# An action's text that tomli_w writes as it is, between quotes: every action's is (the notation of
# RULES.md K5); any other goes through tomli_w.
_PLAIN_STRING = re.compile(r'[^"\\\x00-\x1f\x7f]*')
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _action_line(action: Action) -> str:
    """An action as a line of a round's array, as tomli_w writes a string at that depth."""
    text = str(action)
    if _PLAIN_STRING.fullmatch(text):
        return f'        "{text}"'
    return "        " + tomli_w.dumps({"a": text})[len("a = ") : -1]


def _plain_literal(value: object) -> str | None:
    """``value`` as tomli_w writes it in a table, for the plain values of the [save] and [position] tables (a
    whole number, a date, text that needs no escape, a list of such text); None for any other value."""
    if type(value) is int or type(value) is datetime:
        return str(value)  # as tomli_w: ``str(obj)``
    if type(value) is str:
        return f'"{value}"' if _PLAIN_STRING.fullmatch(value) else None
    if type(value) is list:
        if not value:
            return "[]"
        if not all(type(item) is str and _PLAIN_STRING.fullmatch(item) for item in value):
            return None
        return "[\n" + "".join(f'    "{item}",\n' for item in value) + "]"
    return None


def _flat_table(name: str, table: Mapping[str, object]) -> str:
    """The top-level table ``name`` as tomli_w writes it. Those of every move, [save] and [position], hold
    plain values only, written here (tomli_w's writer reads text a character at a time, and the
    position holds every card of the table); any other value hands the table to tomli_w."""
    lines = [f"[{name}]\n"]
    for key, value in table.items():
        literal = _plain_literal(value)
        if literal is None or not _BARE_KEY.fullmatch(key):
            return tomli_w.dumps({name: table})
        lines.append(f"{key} = {literal}\n")
    return "".join(lines)


class _Written(NamedTuple):
    """A round's actions as last written, and their lines; ``text``: the round's array, once it is ended."""

    actions: tuple[Action, ...]
    lines: list[str]
    text: str | None = None


class SaveWriter:
    """``dumps`` for one match written again and again as it is played: the same text, for less work.

    The session saves after every action. The history is most of a save, and the match's finished
    rounds were all written anew at each move; so were the seats and the house rules, which change
    seldom. A writer keeps what it wrote:
    - each round's lines: a round whose actions are those it wrote is not written again, and a
      round that grew (the current one) has only its new actions written. The check compares the
      actions, the engine's own objects, so it is mostly a comparison of references; after an
      undo, or for another match, what differs is written anew;
    - the text of the [match] table with the seats, and of the [rules] table, for as long as they
      are equal to those it wrote.

    tomli_w writes a document's tables in order, a blank line between two, each as it would
    alone; so the text is each table's, joined so. The one exception, an array of undos short
    enough to go inline at the top of the file (none the game makes: an undo takes back one action
    at least, and tomli_w writes any array that is not empty on several lines), is written whole.
    """

    def __init__(self) -> None:
        self._rounds: list[_Written] = []
        self._tables: dict[str, tuple[str, str]] = {}  # a table's name: the repr of its value as written, its text

    def dumps(
        self,
        match: Match,
        *,
        seats: Sequence[Seat] = (),
        created: datetime | None = None,
        updated: datetime | None = None,
        undos: Sequence[Undo] = (),
    ) -> str:
        """The match as TOML text, exactly as ``dumps`` gives it."""
        updated = updated or _now()
        document = _document(match, seats=seats, created=created, updated=updated, undos=undos, rounds=[])
        parts = []
        for name, value in document.items():
            if name == "history":
                part = tomli_w.dumps({name: value})
                if not part.startswith(_NO_ROUNDS):  # cannot be: the rounds are the table's first line
                    raise AssertionError("the [history] table does not begin with its rounds")
                part = f"[history]\nrounds = {self._rounds_text(match.history)}\n{part[len(_NO_ROUNDS) :]}"
            elif name in ("match", "rules"):
                part = self._table(name, value)
            elif name in ("save", "position"):
                part = _flat_table(name, value)
            else:
                part = tomli_w.dumps({name: value})
                if name == "undo" and not part.startswith("[[undo]]\n"):  # inline: tomli_w puts it first
                    document["history"]["rounds"] = [[str(action) for action in actions] for actions in match.history]
                    return with_checksum(_PREAMBLE + tomli_w.dumps(document))
            parts.append(part)
        return with_checksum(_PREAMBLE + "\n".join(parts))

    def _table(self, name: str, value: object) -> str:
        """The text of the top-level table ``name``, written again only when its value changed."""
        # Compared by repr, which tells 1 from True and 1.0 as tomli_w's text does (== does not).
        key = repr(value)
        kept = self._tables.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        text = tomli_w.dumps({name: value})
        self._tables[name] = (key, text)
        return text

    def _rounds_text(self, history: Sequence[tuple[Action, ...]]) -> str:
        """The array of the rounds' arrays, as tomli_w writes it (4 spaces a level, a comma after each item)."""
        written: list[_Written] = []
        texts: list[str] = []
        last = len(history) - 1
        for index, actions in enumerate(history):
            kept = self._rounds[index] if index < len(self._rounds) else None
            if kept is None or kept.actions != actions:
                known = len(kept.actions) if kept is not None else 0
                if kept is not None and actions[:known] == kept.actions:  # the round went on: its new actions
                    lines = kept.lines + [_action_line(action) for action in actions[known:]]
                else:
                    lines = [_action_line(action) for action in actions]
                kept = _Written(actions, lines)
            text = kept.text
            if text is None:
                text = "[\n" + ",\n".join(kept.lines) + ",\n    ]" if kept.lines else "[]"
                if index < last:  # an ended round: kept whole
                    kept = kept._replace(text=text)
            written.append(kept)
            texts.append(text)
        self._rounds = written
        return "[\n    " + ",\n    ".join(texts) + ",\n]" if texts else "[]"


def with_checksum(body: str) -> str:
    """``body`` (TOML ending in a newline) with its checksum added as the last table."""
    return f'{body}\n[checksum]\nsha256 = "{_sha256(body)}"\n'
