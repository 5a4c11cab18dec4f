"""Deleting a save: it goes to ``trash/`` beside the saves, with its backup, and stays there.

Two rules keep everything that was deleted:

- **The match's lock.** A save is moved only by a process that holds its ``MatchLock``, so a
  match being played in another session (another terminal, another SSH login) is refused, not
  pulled from under it; the session playing it goes on saving.
- **No name is taken twice.** A deleted save is ``<name> <YYYYmmdd-HHMMSS>.toml`` (its backup
  ``… .toml.bak``), then ``<name> <YYYYmmdd-HHMMSS> 2.toml`` and so on when that is taken: two
  deletes of one name in one second both stay. A file is put in the trash by a hard link (or an
  exclusive copy where links cannot be made), which fails on an existing name instead of
  replacing it; only then is the save itself removed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from unokart_tui import locations
from unokart_tui.files import fsync_dir, kind_of, write_atomic

from .errors import SaveError, SaveLocked, SaveMissing
from .lock import MatchLock
from .store import BACKUP_SUFFIX, SUFFIX, check_name, save_dir

TRASH = locations.TRASH
_TRIES = 1000  # names for one save in one second: more means something keeps taking them


def trash_dir() -> Path:
    """Where deleted saves go: ``trash/`` in the saves folder."""
    return locations.trash_dir()


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _listed_name(name: object) -> str:
    """A name ``list_saves`` can list: one file name, which a save name need not be (``a (copy)``)."""
    if not isinstance(name, str) or not name or name.startswith(".") or "\0" in name or Path(name).name != name:
        raise SaveError(repr(name), "is not the name of a save in the saves folder")
    return name


def trash(name: str) -> Path:
    """Move the save ``name`` and its backup into the trash; the path the save has there.

    ``SaveLocked`` while another session plays the match (nothing is moved), ``SaveMissing``
    if there is no such save, ``SaveError`` if it cannot be moved (nothing is lost then either).
    A file whose name no save may have is moved too: no session can open it, so none plays it.
    """
    directory = save_dir()
    path = directory / (_listed_name(name) + SUFFIX)
    if not os.path.lexists(path):
        raise SaveMissing(path, "there is no such save")
    try:
        check_name(name)
    except SaveError:
        return _move(path, name)
    try:
        lock = MatchLock(name).acquire()
    except SaveLocked as error:
        raise SaveLocked(error.file, f"{error.problem}, so it was not deleted") from None
    try:
        if not os.path.lexists(path):  # deleted by another process while this one waited
            raise SaveMissing(path, "there is no such save")
        return _move(path, name)
    finally:
        lock.release()


def _candidates(name: str) -> Iterator[str]:
    stamp = _stamp()
    yield f"{name} {stamp}"
    for number in range(2, _TRIES + 1):
        yield f"{name} {stamp} {number}"


def _trash_folder(path: Path) -> Path:
    folder = trash_dir()
    try:
        folder.mkdir(exist_ok=True)
    except FileExistsError:
        pass  # a file or a link in its place: said below
    except OSError as error:
        raise SaveError(path, f"could not be moved to the trash: {error.strerror or error}") from error
    if not folder.is_dir():
        raise SaveError(folder, "is not a folder (a file is in its place): nothing was deleted")
    return folder


def _move(path: Path, name: str) -> Path:
    folder = _trash_folder(path)
    backup = path.with_name(name + BACKUP_SUFFIX)
    has_backup = os.path.lexists(backup)
    for stem in _candidates(name):
        target = folder / (stem + SUFFIX)
        if not _put(path, target):
            continue
        try:
            placed = not has_backup or _put(backup, folder / (stem + BACKUP_SUFFIX))
        except SaveError:
            _remove(target, path)
            raise
        if placed:
            break
        _remove(target, path)  # the backup's name is taken: both take the next name
    else:
        raise SaveError(path, f"could not be moved to the trash: {_TRIES} names in {folder} are taken")
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass  # removed meanwhile: its copy in the trash is kept
    except OSError as error:
        _remove(target, path)
        if has_backup:
            _remove(folder / (stem + BACKUP_SUFFIX), path)
        raise SaveError(path, f"could not be deleted: {error.strerror or error}; it stays where it was") from error
    if has_backup:
        with contextlib.suppress(OSError):
            os.unlink(backup)  # its copy is in the trash: a failure here leaves it in both places
    with contextlib.suppress(OSError):
        fsync_dir(folder)
        fsync_dir(path.parent)
    return target


def _remove(copy: Path, path: Path) -> None:
    """Take back a copy just put in the trash (the original is still in place)."""
    try:
        os.unlink(copy)
    except OSError as error:
        raise SaveError(path, f"could not be moved to the trash: {error.strerror or error}") from error


def _put(source: Path, target: Path) -> bool:
    """Put ``source`` at ``target`` as well, if nothing is there: ``False`` if a file is."""
    try:
        os.link(source, target, follow_symlinks=False)
        return True
    except FileExistsError:
        return False
    except OSError as error:
        if error.errno not in (errno.EXDEV, errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.ENOSYS):
            raise SaveError(source, f"could not be moved to the trash: {error.strerror or error}") from error
    return _copy(source, target)  # a trash on another file system, or one without hard links


def _copy(source: Path, target: Path) -> bool:
    """Copy the regular file ``source`` to a new file ``target``: ``False`` if a file is there."""
    try:
        found = os.lstat(source)
        if not stat.S_ISREG(found.st_mode):
            problem = f"is {kind_of(found.st_mode)}, not a save file, and cannot be moved to the trash from here"
            raise SaveError(source, problem)
        with open(source, "rb", opener=_no_links) as reader:
            data = reader.read()
        try:  # whole or not at all, and only where nothing is
            write_atomic(target, data, mode=found.st_mode & 0o777, exclusive=True)
        except FileExistsError:
            return False
    except OSError as error:
        raise SaveError(source, f"could not be moved to the trash: {error.strerror or error}") from error
    return True


def _no_links(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NOFOLLOW)
