"""Save files in the user data directory: atomic writes, a backup, a lock per match."""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import platformdirs

from .errors import SaveError, SaveLocked
from .format import Header, SavedGame, Seat, dumps, loads_game, read_header

if TYPE_CHECKING:
    from unokart_tui.engine import Match

APP_NAME = "unokart"
SUFFIX = ".toml"
BACKUP_SUFFIX = ".toml.bak"
MAX_NAME = 64
_NAME_EXTRA = set(" -_.")


def save_dir() -> Path:
    """``UNOKART_DATA_DIR`` when set (read at each call), else the platform's user data directory."""
    override = os.environ.get("UNOKART_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME))


def check_name(name: object) -> str:
    """A save name is 1-64 letters, digits, spaces, '-', '_' and '.', not starting with '.' or a space."""
    if not isinstance(name, str):
        raise SaveError(repr(name), "a save name must be text")
    shown = repr(name)
    if not 1 <= len(name) <= MAX_NAME:
        raise SaveError(shown, f"a save name must be 1 to {MAX_NAME} characters long")
    if name[0] in ". ":
        raise SaveError(shown, "a save name cannot start with '.' or a space")
    bad = sorted({char for char in name if not (char.isalnum() or char in _NAME_EXTRA)})
    if bad:
        listed = " ".join(repr(char) for char in bad)
        raise SaveError(shown, f"a save name may hold letters, digits, spaces, '-', '_' and '.' only, not {listed}")
    return name


def path_of(name: str) -> Path:
    return save_dir() / (check_name(name) + SUFFIX)


def backup_of(path: Path) -> Path:
    return path.with_name(path.name[: -len(SUFFIX)] + BACKUP_SUFFIX)


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one, never a torn one.

    The previous version, if any, is kept beside it as ``<name>.toml.bak``.
    """
    directory = path.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise SaveError(path, f"cannot write in {directory}: {error.strerror or error}") from error
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        if path.exists():
            _keep_backup(path)
        os.replace(temp, path)
        _fsync_dir(directory)
    except OSError as error:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        problem = f"could not be written: {error.strerror or error}; the previous save is intact"
        raise SaveError(path, problem) from error


def _keep_backup(path: Path) -> None:
    """Point ``.bak`` at the current file. A hard link costs no copy; the main file never disappears."""
    backup = backup_of(path)
    link = backup.with_name(f".{backup.name}.link")
    with contextlib.suppress(FileNotFoundError):
        link.unlink()
    try:
        try:
            os.link(path, link)
        except OSError:  # a file system without hard links: copy instead
            link.write_bytes(path.read_bytes())
        os.replace(link, backup)
    except OSError:
        with contextlib.suppress(FileNotFoundError):
            link.unlink()
        raise


def save(match: Match, name: str, *, seats: Sequence[Seat] = (), created: datetime | None = None) -> Path:
    """Write the match to ``save_dir()/<name>.toml`` atomically, keeping the previous version as a backup.

    ``created`` is when the match began (from its ``SavedGame``); by default, now.
    """
    path = path_of(name)
    write_atomic(path, dumps(match, seats=seats, created=created))
    return path


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "there is no such save") from None
    except OSError as error:
        raise SaveError(path, f"cannot be read: {error.strerror or error}") from error
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(path, f"is not a text file (byte {error.start} is not UTF-8)") from None


def load_game(name: str, *, backup: bool = False) -> SavedGame:
    """The saved match and its seats. ``backup=True`` reads the previous version instead."""
    path = path_of(name)
    if backup:
        path = backup_of(path)
    return loads_game(_read_text(path), source=str(path))


def load(name: str) -> Match:
    return load_game(name).match


def has_backup(name: str) -> bool:
    return backup_of(path_of(name)).exists()


class SaveEntry(NamedTuple):
    """One line of a "Load game" list. ``error`` says why the file cannot be read, or is ``None``."""

    name: str
    path: Path
    players: tuple[str, ...]
    scores: tuple[int, ...]
    round_number: int
    finished: bool
    updated: datetime | None
    error: str | None


def list_saves() -> list[SaveEntry]:
    """Every save file, most recently played first; a broken one is listed with its reason."""
    directory = save_dir()
    try:
        paths = [p for p in directory.iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith(".")]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SaveError(directory, f"cannot list the saves: {error.strerror or error}") from error
    entries = []
    for path in paths:
        name = path.name[: -len(SUFFIX)]
        try:
            header: Header | None = read_header(_read_text(path), source=str(path))
            problem = None
        except SaveError as failure:
            header, problem = None, failure.problem
        if header is None:
            modified = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
            entries.append(SaveEntry(name, path, (), (), 0, False, modified, problem))
        else:
            entries.append(
                SaveEntry(
                    name,
                    path,
                    header.players,
                    header.scores,
                    header.round_number,
                    header.finished,
                    header.updated,
                    None,
                )
            )
    entries.sort(key=lambda e: (e.updated.timestamp() if e.updated else 0.0, e.name), reverse=True)
    return entries


def default_name(when: datetime) -> str:
    """A readable, valid, unused name for a new match: ``Match 2026-11-30 14.05`` (then `` 2``, `` 3``…)."""
    base = when.strftime("Match %Y-%m-%d %H.%M")
    name, number = base, 1
    while path_of(name).exists():
        number += 1
        name = f"{base} {number}"
    return name


class MatchLock:
    """An exclusive lock on one match, held while a process plays it (``fcntl.flock``).

    The lock lives in a hidden file beside the save, so replacing the save does not
    drop it; the system releases it when the process ends, however it ends.
    """

    def __init__(self, name: str) -> None:
        self.name = check_name(name)
        self.path = save_dir() / f".{name}.lock"
        self._fd: int | None = None

    def acquire(self) -> MatchLock:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise SaveError(self.path, f"cannot lock the match: {error.strerror or error}") from error
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
            os.close(fd)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise SaveLocked(
                path_of(self.name), f"the match '{self.name}' is already being played in another session{who}"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> MatchLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
