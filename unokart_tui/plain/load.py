"""Load in line mode: every save numbered, as the Load screen lists it, chosen by its number or its name.

A save that cannot be read says why in one line and stays as it was; its previous version is
offered when one was kept, as at the full-screen Load screen.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from saves import SaveEntry, SaveError, list_saves

from ..history.saved import scores_line
from ..rules_text import house_rules_tag
from ..table import opening
from ..voice import plain_menus as words
from ..voice.dates import date_time
from ..voice.save_problems import save_problem
from .asking import Choice, Wrong, ask, folded, one_line, pick, yes_or_no
from .lines import Lines

if TYPE_CHECKING:
    from ..table.session import Session


def when(moment: datetime | None) -> str:
    return date_time(moment) if moment else "?"


def save_line(number: int, entry: SaveEntry) -> str:
    """A save in one line: its name, when it was played, who plays, the round and rules, the scores."""
    if entry.error is not None:
        return one_line(words.unreadable_save_line(number, entry.name, when(entry.updated), entry.error))
    line = words.save_line(
        number,
        entry.name,
        when=when(entry.updated),
        players=len(entry.players),
        round_number=entry.round_number,
        rules=None if entry.rules is None else house_rules_tag(entry.rules),
        scores=scores_line(entry.players, entry.scores),
    )
    if entry.finished:
        line = f"{line} {words.save_over()}"
    return one_line(line)


def choose_save(lines: Lines) -> Session | None:
    """The match of the save the person chooses, opened; None when they go back (or there is nothing to load).

    Raises ``Leave`` for ``back``, ``InputEnded`` at the end of the input.
    """
    while True:
        try:
            entries = list_saves()
        except SaveError as error:  # the saves folder itself cannot be listed
            lines.say(one_line(save_problem(error)))
            return None
        if not entries:
            lines.say(words.no_saves())
            return None
        for number, entry in enumerate(entries, start=1):
            lines.say(save_line(number, entry))
        choices = [Choice(entry.name, entry.name, folded(entry.name)) for entry in entries]

        def read(answer: str, choices: list[Choice[str]] = choices) -> str | Wrong | None:
            if not answer:
                return None
            return pick(answer, choices, words.no_such_save(answer, len(choices)))

        name = ask(lines, words.load_question(), read)
        if name is None:
            return None
        session = settle(lines, opening.saved(name))
        if session is not None:
            return session


def settle(lines: Lines, opened: opening.Opened) -> Session | None:
    """The session ``opened`` holds; else why not, said in one line (a backup offered when one was kept)."""
    if isinstance(opened, opening.Refused):
        lines.say(one_line(opened.message))
        return None
    if isinstance(opened, opening.BackupOffered):
        if yes_or_no(lines, one_line(words.backup_question(opened.name, opened.problem))):
            return settle(lines, opening.saved(opened.name, backup=True))
        return None
    return opened
