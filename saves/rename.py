"""Renaming a save: whole or not at all, never over another save, never under a session that plays it."""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

from unokart_tui.files import fsync_dir

from .errors import SaveError, SaveMissing
from .lock import MatchLock
from .store import backup_of, check_name, path_of


def _move(source: Path, target: Path) -> None:
    """``source`` to ``target`` in one step, refused if ``target`` exists (a hard link, then the old name
    removed). Where the file system has no hard links, a rename: the locks keep anyone else away."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError as error:
        if error.errno == errno.EEXIST:
            raise SaveError(target, "a save of that name exists already: choose another name") from error
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if os.path.lexists(target):
            raise SaveError(target, "a save of that name exists already: choose another name") from error
        os.rename(source, target)
    else:
        os.unlink(source)


def rename_save(name: str, new_name: str) -> Path:
    """Give the save ``name`` (and its backup) the name ``new_name``; the new path.

    ``SaveLocked`` while a session plays either match, ``SaveMissing`` without a save ``name``,
    ``SaveError`` for a bad name or one a save has already. Nothing is lost on any of them: the
    save is moved in one step, never copied, and its backup follows it.
    """
    check_name(name)
    check_name(new_name)
    source, target = path_of(name), path_of(new_name)
    if new_name == name:
        return source
    with MatchLock(name), MatchLock(new_name):
        if not source.is_file():
            raise SaveMissing(source, "there is no save of that name")
        try:
            _move(source, target)
            backup = backup_of(source)
            if backup.is_file():
                # The save has moved: a backup that cannot follow it stays where it is, untouched.
                with contextlib.suppress(SaveError, OSError):
                    _move(backup, backup_of(target))
            fsync_dir(target.parent)
        except OSError as error:
            raise SaveError(source, f"could not be renamed: {error.strerror or error}") from error
    return target
