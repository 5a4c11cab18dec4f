"""What went wrong with a save, in the player's language: one whole sentence per kind of ``SaveError``.

The ``saves`` package speaks English to its callers (its errors are a contract, ARCHITECTURE.md),
so its messages are translated where they are shown: the kind of error picks the sentence, and the
sentence names the file. Found in play: ``unokart load nothing`` answered in English in Slovak.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from saves import SaveChanged, SaveError, SaveLocked, SaveMissing, SaveUnreadable

from ..printable import printable
from . import _


def save_problem(error: SaveError) -> str:
    """``error`` as one sentence in the player's language, naming its file."""
    file = printable(error.file)
    closest: Sequence[str] = getattr(error, "closest", ())  # the command line's NoSuchSave (cli/common.py)
    if isinstance(error, SaveMissing) and closest:
        names = ", ".join(repr(name) for name in closest)
        return _("{file}: there is no such save; the closest: {names} (unokart saves lists them all).").format(
            file=file, names=names
        )
    if isinstance(error, SaveMissing):
        if "backup" in error.problem:  # the one other thing the saves package finds missing
            return _("{file}: this save has no backup.").format(file=file)
        return _("{file}: there is no such save (unokart saves lists them all).").format(file=file)
    if isinstance(error, SaveLocked):
        # A match, not a path: the player knows it by its name (the save file's own, ``Busy.toml``).
        name = printable(PurePath(error.file).stem)
        return _("The match {name} is being played in another session right now.").format(name=repr(name))
    if isinstance(error, SaveUnreadable):
        # What is wrong inside the file (a line of TOML, a checksum) stays in the saves package's words.
        return _("{file}: this file cannot be opened as a save ({problem}).").format(
            file=file, problem=printable(error.problem)
        )
    if isinstance(error, SaveChanged):
        return _("{file}: something else changed this save meanwhile; it was not overwritten.").format(file=file)
    # Folders and names: the saves package's own words say best which of many things is wrong.
    return _("{file}: the saves cannot be used here ({problem}).").format(file=file, problem=printable(error.problem))


def not_among_yours(name: str) -> str:
    """A match of the statistics whose save is not in this player's saves (a match with friends is kept in
    the saves of whoever opened the table): said without a path, which would be the host's (issue 31)."""
    return _("The match {name} is not among your saves: it cannot be replayed here.").format(name=repr(printable(name)))


def with_friends(name: str, *, over: bool) -> str:
    """Why the save ``name`` of a match played with friends does not open as a match against bots."""
    if over:
        return _("The match {name} was played with friends and is over: replay it instead.").format(
            name=repr(printable(name))
        )
    return _("The match {name} was played with friends: it goes on at their table, not here.").format(
        name=repr(printable(name))
    )


__all__ = ["not_among_yours", "save_problem", "with_friends"]
