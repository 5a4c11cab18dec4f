"""The matches the saves hold, as records for the statistics: what ``unokart stats --rebuild`` reads and writes.

It reads the saves and their trash (a deleted save's matches were played all the same): those of
the data folder the store lies in (``unokart serve`` keeps one for each key, and may repair the store
of any). Each match is recorded as the player's, from seat 0: theirs in a match against bots, and
theirs in a friends' match their saves keep, as its opener (the lobby seats its opener first).
Whatever is in the data folder under those names, a file it cannot read is skipped with its reason,
and so is a trash that is no folder: a rebuild reads what it can.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import NamedTuple

# The saves load in the functions that read them: `unokart stats` reads only the store.
from ...files import FileProblem, read_text
from ...voice import _, ngettext
from .errors import StatsError
from .records import MatchRecord, match_record
from .store import Store

# saves.trash keeps a deleted save as "<name> <when>.toml", the moment followed by " 2", " 3"…
# when two were deleted in the same second.
_TRASHED = re.compile(r"(.+) \d{8}-\d{6}(?:[ ._-][0-9A-Za-z]+)?")


def _listed(folder: Path) -> list[Path]:
    from saves.store import SUFFIX  # noqa: PLC0415

    return sorted(p for p in folder.iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith("."))


def _trash_problem(trash: Path) -> str | None:
    """Why the trash is not read (it is no folder), or None: it is one, or there is none."""
    try:
        found = os.lstat(trash)
    except FileNotFoundError:
        return None
    except OSError as error:
        return _("cannot be read: {problem}").format(problem=error.strerror or error)
    if stat.S_ISLNK(found.st_mode):
        return _("is a link, which this game does not follow: the saves behind it are not read")
    if not stat.S_ISDIR(found.st_mode):
        return _("is not a folder: no save is read from it")
    return None


def save_files(folder: Path | None = None) -> tuple[list[Path], list[tuple[str, str]]]:
    """The save files a rebuild reads in ``folder`` (the saves' by default), and (name, why) for a trash it cannot read.

    ``StatsError`` if the saves folder itself cannot be listed.
    """
    from saves import TRASH, save_dir  # noqa: PLC0415

    folder = save_dir() if folder is None else folder
    try:
        found = _listed(folder)
    except FileNotFoundError:
        return [], []
    except OSError as error:
        raise StatsError(folder, _("cannot be listed: {problem}").format(problem=error.strerror or error)) from error
    trash = folder / TRASH
    problem = _trash_problem(trash)
    if problem is None and os.path.lexists(trash):
        try:
            found += _listed(trash)
        except OSError as error:  # replaced or locked since it was looked at
            problem = _("cannot be listed: {problem}").format(problem=error.strerror or error)
    return found, [] if problem is None else [(TRASH, problem)]


def save_name(path: Path) -> str:
    """The name the match's save had: a file in the trash had it before the time was added."""
    from saves import TRASH  # noqa: PLC0415
    from saves.store import SUFFIX  # noqa: PLC0415

    name = path.name[: -len(SUFFIX)]
    trashed = _TRASHED.fullmatch(name) if path.parent.name == TRASH else None
    return trashed.group(1) if trashed else name


class Found(NamedTuple):
    read: int  # save files read
    records: list[MatchRecord]
    skipped: list[tuple[str, str]]  # (file, why)


def records_from_saves(folder: Path | None = None) -> Found:
    """A record for each match of the saves in ``folder`` (the saves' by default) that finished a round, and
    each file skipped with its reason.

    A match in two files (a save and a copy of it) is recorded from the one with more moves.
    """
    from saves import SaveError, loads_game, save_dir  # noqa: PLC0415
    from saves.store import MAX_SAVE_BYTES  # noqa: PLC0415

    folder = save_dir() if folder is None else folder
    files, skipped = save_files(folder)
    records: dict[str, tuple[str, MatchRecord]] = {}
    for path in files:
        where = str(path.relative_to(folder))
        try:
            game = loads_game(read_text(path, limit=MAX_SAVE_BYTES, inside=path.parent), source=str(path))
        except FileProblem as problem:
            skipped.append((where, problem.problem))
            continue
        except SaveError as error:
            skipped.append((where, error.problem))
            continue
        if game.match.round_number == 1 and not game.match.round.is_over:
            skipped.append((where, _("no round finished yet")))
            continue
        one = match_record(save_name(path), game)
        earlier = records.get(one.key)
        if earlier is not None:
            (kept_where, kept), (dropped_where, _dropped) = sorted(
                (earlier, (where, one)), key=lambda found: found[1].actions, reverse=True
            )
            skipped.append((dropped_where, _("the same match as {file}, which has more moves").format(file=kept_where)))
            records[one.key] = (kept_where, kept)
        else:
            records[one.key] = (where, one)
    return Found(len(files), [one for _, one in records.values()], skipped)


class RebuildReport(NamedTuple):
    read: int  # save files read
    matches: int  # matches recorded from them (finished or not)
    finished: int
    rounds: int
    kept: int  # matches the store already held whose saves are gone: kept as they were
    skipped: tuple[tuple[str, str], ...]  # (file, why)

    def __str__(self) -> str:
        counts = {
            "saves": ngettext("{count} save", "{count} saves", self.read).format(count=self.read),
            "matches": ngettext("{count} match", "{count} matches", self.matches).format(count=self.matches),
            "finished": ngettext("{count} finished", "{count} finished", self.finished).format(count=self.finished),
            "rounds": ngettext("{count} round", "{count} rounds", self.rounds).format(count=self.rounds),
            "skipped": len(self.skipped),
        }
        if not self.kept:
            return _("read {saves}: {matches} ({finished}, {rounds}); skipped {skipped}").format(**counts)
        return ngettext(
            "read {saves}: {matches} ({finished}, {rounds}), and kept {count} recorded before whose saves are gone; "
            "skipped {skipped}",
            "read {saves}: {matches} ({finished}, {rounds}), and kept {count} recorded before whose saves are gone; "
            "skipped {skipped}",
            self.kept,
        ).format(count=self.kept, **counts)


def rebuild_into(store: Store) -> RebuildReport:
    """Record every match of the saves beside ``store`` in it, in one transaction; matches without a save stay."""
    found = records_from_saves(store.path.parent)
    before = store.keys()
    with store.transaction():
        for one in found.records:
            store.write(one)
    return RebuildReport(
        read=found.read,
        matches=len(found.records),
        finished=sum(one.finished for one in found.records),
        rounds=sum(len(one.rounds) for one in found.records),
        kept=len(before - {one.key for one in found.records}),
        skipped=tuple(found.skipped),
    )
