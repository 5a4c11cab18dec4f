"""Opening the statistics store: a sound one as it is, a damaged one repaired from the saves.

A damaged store (``Damaged``: SQLite's own verdict, never a busy store or a full disk)
is repaired so that nothing is lost at any step, whatever fails:

1. One process repairs at a time: a lock file beside the store, waited for ``BUSY_TIMEOUT``
   seconds at most. A process that waited looks again: another may have repaired it.
2. A new store is rebuilt from the saves beside it, under a name of its own. If that fails
   (a full disk), it is removed, and the damaged store stays where it was, as it was.
3. The damaged store is given a second name, ``stats.sqlite3.damaged-<moment>-<random>``,
   created exclusively (a hard link): no file is ever replaced, and two repairs in the same
   second keep both. Its journal goes with it.
4. The new store takes the store's name. Only a name is replaced: the damaged file keeps its
   other one. If this fails, the damaged store is put back, to be repaired next time.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import secrets
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from ...voice import _
from ...voice.numbers import number
from . import store as stats_store
from .errors import StatsError
from .from_saves import RebuildReport, rebuild_into
from .records import MatchRecord
from .store import Damaged, Store, journal_of, open_checked, store_path, why


class Opened(NamedTuple):
    store: Store
    note: str | None  # to say once to the player: the store was damaged, set aside and rebuilt
    rebuilt: RebuildReport | None  # what that rebuild read


@contextlib.contextmanager
def _repairing(path: Path, problem: str) -> Iterator[None]:
    """One process at a time repairs the store: a lock file beside it, waited for ``BUSY_TIMEOUT`` at most.

    The lock file is never deleted: removing it while another process opens it is how two
    processes come to hold "the" lock.
    """
    lock = path.with_name(f".{path.name}.lock")
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(lock, flags, 0o644)
    except OSError as error:
        cannot = _("is damaged ({problem}), and cannot be repaired: {file}: {why}")
        raise StatsError(path, cannot.format(problem=problem, file=lock.name, why=why(error))) from error
    try:
        deadline = time.monotonic() + stats_store.BUSY_TIMEOUT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    busy = _(
                        "is damaged ({problem}), and another program is repairing it, "
                        "still after {seconds} seconds; try again later"
                    )
                    raise StatsError(
                        path, busy.format(problem=problem, seconds=number(stats_store.BUSY_TIMEOUT))
                    ) from None
                time.sleep(min(0.05, stats_store.BUSY_TIMEOUT / 10))
            except OSError as error:
                cannot = _("is damaged ({problem}), and cannot be repaired: {why}")
                raise StatsError(path, cannot.format(problem=problem, why=why(error))) from error
        yield
    finally:
        os.close(fd)  # which lets the lock go


def _unique(path: Path, label: str) -> Path:
    """A name beside ``path`` that nothing has: the moment, and random letters."""
    return path.with_name(f"{label}-{datetime.now():%Y%m%d-%H%M%S}-{secrets.token_hex(4)}")


def _name_exclusive(source: Path, target: Path) -> bool:
    """Give ``source`` the name ``target`` too, which must be free (``FileExistsError`` if it is not).

    True if ``source`` was moved there instead (no second name for a folder, nor on a file system
    without links): then the name is random and free, and taken at once.
    """
    try:
        os.link(source, target, follow_symlinks=False)  # fails if there is anything at target
    except FileExistsError:
        raise
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS):
            raise
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target)) from None
        os.rename(source, target)
        return True
    return False


def _move_exclusive(source: Path, target: Path) -> None:
    """Move ``source`` to ``target``, which must be free; if it cannot be moved, it stays where it was."""
    if _name_exclusive(source, target):
        return
    try:
        os.unlink(source)
    except OSError:
        with contextlib.suppress(OSError):  # the second name just made: the file keeps its first
            os.unlink(target)
        raise


class _Aside(NamedTuple):
    path: Path  # the damaged store's new name
    moved: bool  # its old name is free: it was moved there (a folder), not given a second name
    journal: Path | None  # where its journal went, if it had one


def _set_aside(path: Path, problem: str) -> _Aside:
    """Give the damaged store (and its journal, which belongs to it) a new name of its own; never deleted."""
    for _attempt in range(8):
        aside = _unique(path, f"{path.name}.damaged")
        try:
            moved = _name_exclusive(path, aside)
        except FileExistsError:
            continue
        except OSError as error:
            cannot = _("is damaged ({problem}), and cannot be set aside: {why}")
            raise StatsError(path, cannot.format(problem=problem, why=why(error))) from error
        break
    else:
        raise StatsError(
            path, _("is damaged ({problem}), and no free name was found to set it aside").format(problem=problem)
        )
    journal = journal_of(path)
    if not os.path.lexists(journal):
        return _Aside(aside, moved, None)
    try:
        _move_exclusive(journal, journal_of(aside))
    except OSError as error:
        _put_back(path, _Aside(aside, moved, None))
        cannot = _("belongs to a damaged store, and cannot be set aside: {why}")
        raise StatsError(journal, cannot.format(why=why(error))) from error
    return _Aside(aside, moved, journal_of(aside))


def _put_back(path: Path, aside: _Aside) -> None:
    """The damaged store where it was, so that the next try repairs it; if that fails too, it stays
    set aside (and is named in the error): never lost either way.
    """
    with contextlib.suppress(OSError):
        if aside.journal is not None:
            _move_exclusive(aside.journal, journal_of(path))
        if aside.moved:
            _move_exclusive(aside.path, path)
        else:
            os.unlink(aside.path)  # only its second name: it never left its first


def _same_file(one: Path, other: Path) -> bool:
    first, second = os.lstat(one), os.lstat(other)
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def _install(fresh: Path, path: Path, aside: _Aside) -> bool:
    """Put the new store in the damaged one's place; False if a store was made there meanwhile."""
    if aside.moved:
        try:
            _name_exclusive(fresh, path)
        except FileExistsError:  # a session recording a round made one: the rebuild goes into it
            return False
        return True
    if not _same_file(path, aside.path):  # changed by something else since: left to it
        return False
    # The damaged file keeps its other name, aside: this replaces a name, never a file.
    os.replace(fresh, path)
    return True


def _remove_own(path: Path) -> None:
    """Remove the new store this process made, whatever became of it, and its journal."""
    for each in (path, journal_of(path)):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(each)


def _rebuilt_beside(path: Path, fresh: Path, problem: str) -> RebuildReport:
    """A new store at ``fresh``, rebuilt from the saves."""
    try:
        with open_checked(fresh) as store:
            return rebuild_into(store)
    except Damaged as damage:  # hardly: it is a new file
        raise StatsError(
            path, _("is damaged ({problem}), and cannot be rebuilt now: {why}").format(problem=problem, why=damage)
        ) from damage
    except StatsError as error:  # a full disk, most likely: said of the store, not of the new file's odd name
        reason = error.problem if error.file == str(fresh) else str(error)
        raise StatsError(
            path, _("is damaged ({problem}), and cannot be rebuilt now: {why}").format(problem=problem, why=reason)
        ) from error


def _repair(path: Path, problem: str) -> Opened:
    """Rebuild the damaged store beside it; only then set it aside and put the new one in its place."""
    with _repairing(path, problem):
        try:
            return Opened(open_checked(path), None, None)  # repaired by another process while this one waited
        except Damaged as damage:
            problem = str(damage)
        fresh = _unique(path, f".{path.name}.new")
        try:
            report = _rebuilt_beside(path, fresh, problem)
            aside = _set_aside(path, problem)
            try:
                installed = _install(fresh, path, aside)
            except OSError as error:
                _put_back(path, aside)
                raise StatsError(
                    path,
                    _("is damaged ({problem}), and cannot be rebuilt now: {why}").format(
                        problem=problem, why=why(error)
                    ),
                ) from error
        finally:
            with contextlib.suppress(OSError):  # a file of this process's own; a leftover harms nothing
                _remove_own(fresh)
        try:
            store = open_checked(path)
        except Damaged as damage:
            problem = _("was set aside as {file}, and the new one is damaged too: {why}").format(
                file=aside.path.name, why=damage
            )
            raise StatsError(path, problem) from damage
        if not installed:
            try:
                report = rebuild_into(store)
            except BaseException:
                store.close()
                raise
    note = _("{path} was damaged ({problem}): it was set aside as {file} and rebuilt from the saves: {report}").format(
        path=path, problem=problem, file=aside.path.name, report=report
    )
    return Opened(store, note, report)


def open_store(path: Path | None = None) -> Opened:
    """The store, created if there is none; a damaged one is set aside and rebuilt from the saves.

    ``StatsError`` if it cannot be used: busy for too long, a full disk, an I/O error, a newer version.
    """
    path = path or store_path()
    try:
        return Opened(open_checked(path), None, None)
    except Damaged as damage:
        return _repair(path, str(damage))


def record(match: MatchRecord, path: Path | None = None) -> str | None:
    """Write one match's record; returns a note if the store had to be rebuilt first."""
    opened = open_store(path)
    with opened.store as opened_store:
        opened_store.put(match)
    return opened.note


def follow_rename(name: str, new_name: str, path: Path | None = None) -> str | None:
    """The save ``name`` is now called ``new_name`` (``saves.rename_save``): its matches follow it.

    Found in play: the Statistics screen went on naming a renamed save by its old name, and its replay
    found no save of that name. Returns a note if the store had to be rebuilt first (from the saves,
    under their new names already).
    """
    opened = open_store(path)
    with opened.store as store:
        store.rename_save(name, new_name)
    return opened.note


def rebuild(path: Path | None = None) -> tuple[RebuildReport, str | None]:
    """``unokart stats --rebuild``: the store made again from the saves (and a note if it was damaged)."""
    opened = open_store(path)
    with opened.store as store:
        if opened.rebuilt is not None:  # it was damaged, and rebuilt from the same saves already
            return opened.rebuilt, opened.note
        return rebuild_into(store), None


__all__ = ["Opened", "follow_rename", "open_store", "rebuild", "record"]
