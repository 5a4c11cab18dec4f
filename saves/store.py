"""Save files in the user data directory: atomic writes, a backup, a list that nothing breaks."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final, NamedTuple

from unokart_tui import files, locations
from unokart_tui.files import MIB, FileProblem, NoFile, decode, read_bytes, sha256

from .errors import SaveChanged, SaveError, SaveMissing, SaveUnreadable
from .format import Header, SavedGame, Seat, loads_game, read_header, shown
from .writing import dumps

if TYPE_CHECKING:
    from unokart_tui.engine import HouseRules, Match

APP_NAME = locations.APP_NAME
SUFFIX = ".toml"
BACKUP_SUFFIX = ".toml.bak"
MAX_NAME = 64
_NAME_EXTRA = set(" -_.")
# A match to 100,000 points between bots saves in about 5 MB (to 500 points, 20 KB).
MAX_SAVE_BYTES = 64 * MIB
# A header (the players, scores, round) is well under a kilobyte: a list reads no more than this of each file.
HEADER_BYTES = 256 * 1024


def save_dir() -> Path:
    """``UNOKART_DATA_DIR`` when set (read at each call), else the platform's user data directory."""
    return locations.saves_dir()


def check_name(name: object) -> str:
    """A save name is 1-64 letters, digits, spaces, '-', '_' and '.', not starting with '.' or a space."""
    if not isinstance(name, str):
        raise SaveError(shown(name), "a save name must be text")
    quoted = shown(name)
    if not 1 <= len(name) <= MAX_NAME:
        raise SaveError(quoted, f"a save name must be 1 to {MAX_NAME} characters long")
    if name[0] in ". ":
        raise SaveError(quoted, "a save name cannot start with '.' or a space")
    bad = sorted({char for char in name if not (char.isalnum() or char in _NAME_EXTRA)})
    if bad:
        listed = " ".join(repr(char) for char in bad)
        raise SaveError(quoted, f"a save name may hold letters, digits, spaces, '-', '_' and '.' only, not {listed}")
    return name


def path_of(name: str) -> Path:
    return save_dir() / (check_name(name) + SUFFIX)


def backup_of(path: Path) -> Path:
    return path.with_name(path.name[: -len(SUFFIX)] + BACKUP_SUFFIX)


def fingerprint(text: str) -> str:
    """What a file holding ``text`` is, for ``write_atomic(replacing=...)``."""
    return sha256(text.encode("utf-8"))


def fingerprint_of(path: Path) -> str | None:
    """The fingerprint of the file at ``path`` as it is now; ``None`` if there is none."""
    try:
        return sha256(read_bytes(path, limit=MAX_SAVE_BYTES))
    except NoFile:
        return None
    except FileProblem as problem:
        return f"unreadable: {problem.problem}"


class _Anything:
    """``write_atomic``'s default: whatever is at the path may be replaced."""


ANYTHING: Final = _Anything()


def write_atomic(path: Path, text: str, *, replacing: str | _Anything | None = ANYTHING) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one, never a torn one.

    The game's one writer (``unokart_tui.files.write_atomic``) does it; a save (and only a save)
    keeps its previous version beside it as ``<name>.toml.bak``, which "Load game" offers when the
    save cannot be read. The file is the player's alone (mode 0600). With ``replacing`` (a
    ``fingerprint``, or ``None`` for no file at all) the file is written only if it is still what
    the writer last saw: a file changed by something else raises ``SaveChanged`` and stays.
    """
    directory = path.parent
    if not isinstance(replacing, _Anything) and fingerprint_of(path) != replacing:
        changed = "was changed by another program or session" if replacing else "appeared"
        raise SaveChanged(path, f"{changed} since this game last read or wrote it; it was not overwritten")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(path, f"cannot write in {directory}: {error.strerror or error}") from error
    try:
        # A link in a save's place is replaced by the save, as it always was: never followed.
        files.write_atomic(path, text, mode=0o600, backup=backup_of(path), regular_only=False)
    except OSError as error:
        problem = f"could not be written: {error.strerror or error}; the previous save is intact"
        raise SaveError(path, problem) from error


def save(match: Match, name: str, *, seats: Sequence[Seat] = (), created: datetime | None = None) -> Path:
    """Write the match to ``save_dir()/<name>.toml`` atomically, keeping the previous version as a backup.

    ``created`` is when the match began (from its ``SavedGame``); by default, now.
    """
    path = path_of(name)
    write_atomic(path, dumps(match, seats=seats, created=created))
    return path


def read_save(name: str, *, backup: bool = False) -> tuple[Path, str]:
    """The path and text of a save (or its backup), read with every care: see ``unokart_tui.files``."""
    path = path_of(name)
    if backup:
        path = backup_of(path)
    try:
        return path, decode(read_bytes(path, limit=MAX_SAVE_BYTES, inside=path.parent))
    except NoFile:
        raise SaveMissing(path, "there is no such save" if not backup else "there is no backup of this save") from None
    except FileProblem as problem:
        raise SaveUnreadable(path, problem.problem) from None


def load_game(name: str, *, backup: bool = False) -> SavedGame:
    """The saved match and its seats. ``backup=True`` reads the previous version instead."""
    path, text = read_save(name, backup=backup)
    return loads_game(text, source=str(path))


def load(name: str) -> Match:
    return load_game(name).match


def has_backup(name: str) -> bool:
    return os.path.lexists(backup_of(path_of(name)))


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
    rules: HouseRules | None = None  # None where the file is unreadable or its header does not say
    people: int = 1  # the seats people play: more than one is a match played with friends (issue 31)

    @property
    def with_friends(self) -> bool:
        """A match played with friends at a shared table: never opened here as a match against bots."""
        return self.people > 1


# Where a header ends, as bytes: the list reads no further (see ``read_header``).
_HEADER_ENDS = (b"\n[[match.seats]]\n", b"\n[position]\n")
_RULES = b"\n[rules]\n"
_SEATS = b"\n[[match.seats]]\n"
# A seat's kind as the saves' writer puts it (and as a hand may write it): counted, not parsed, so
# that the list stays fast; ``Session.load`` checks the parsed seats again.
_PERSON_SEAT = re.compile(rb"^kind\s*=\s*[\"']human[\"']\s*(?:#.*)?$", re.MULTILINE)


def people_in(data: bytes, header: Header | None = None) -> int:
    """How many seats of the save whose first bytes are ``data`` (and whose ``header`` was read) people play.

    The seats are in the header when written inline, else in ``[[match.seats]]`` tables after it; a save
    without seats is a match of one person against bots.
    """
    if header is not None and header.people is not None:
        return max(1, header.people)
    start = data.find(_SEATS)
    if start == -1:
        return 1
    ends = [found for found in (data.find(mark, start + 1) for mark in (_RULES, b"\n[position]\n")) if found != -1]
    return max(1, len(_PERSON_SEAT.findall(data[start : min(ends, default=len(data))])))


def played_with_friends(name: str) -> bool:
    """Whether the save ``name`` is a match played with friends, read from its first bytes only.

    ``SaveError`` as ``read_save`` raises it; a save whose header cannot be read says no here (its
    load says what is wrong with it).
    """
    path = path_of(name)
    try:
        data = read_bytes(path, limit=MAX_SAVE_BYTES, inside=path.parent, prefix=HEADER_BYTES)
    except NoFile:
        raise SaveMissing(path, "there is no such save") from None
    except FileProblem as problem:
        raise SaveUnreadable(path, problem.problem) from None
    data = data.replace(b"\r\n", b"\n")
    try:
        header = _header_of(data, str(path), whole=len(data) < HEADER_BYTES)
    except (FileProblem, SaveError):
        return False  # its load says what is wrong with it
    return people_in(data, header) > 1


def _read_header(path: Path, name: str) -> tuple[Header, int]:
    """The header of one file of the list and the seats people play; any problem is a ``FileProblem``
    or a ``SaveError``."""
    try:
        check_name(name)
    except SaveError as error:
        raise FileProblem(f"this game cannot open a file of this name ({error.problem}): rename it") from None
    read = read_bytes(path, limit=MAX_SAVE_BYTES, inside=path.parent, prefix=HEADER_BYTES)
    data = read.replace(b"\r\n", b"\n")  # a save with Windows line endings loads: see format.with_newlines
    header = _header_of(data, str(path), whole=len(read) < HEADER_BYTES)
    return header, people_in(data, header)


def _header_of(data: bytes, source: str, *, whole: bool = True) -> Header:
    """The header in ``data``, a save's first bytes (all of it if ``whole``)."""
    end = min((found for found in (data.find(mark) for mark in _HEADER_ENDS) if found != -1), default=-1)
    if end == -1 and not whole:
        raise FileProblem(f"its header does not end within its first {HEADER_BYTES // 1024} KiB, as a save's does")
    head = data if end == -1 else data[: end + 1]
    # The [rules] table follows the seats: found in play, the list said "?" for every match with bots.
    start = data.find(_RULES, end) if end != -1 else -1
    if start != -1:
        stop = data.find(b"\n[", start + len(_RULES))
        head += data[start + 1 : None if stop == -1 else stop + 1]
    return read_header(decode(head), source=source)


def _modified(path: Path) -> datetime | None:
    """When the file (or the link) was last changed, if that is a time this computer can show."""
    try:
        return datetime.fromtimestamp(os.lstat(path).st_mtime).astimezone()
    except (OSError, OverflowError, ValueError):
        return None


def folder_problem(directory: Path, error: OSError | None = None) -> str:
    """What is wrong with the saves folder, in words (``error``, if any, came from using it)."""
    if error is None or isinstance(error, NotADirectoryError) or (directory.exists() and not directory.is_dir()):
        return "is not a folder (a file is in its place, or in the place of a folder above it)"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot be written ({error.strerror}): no match can be saved in it"
    return f"cannot be used as the saves folder: {error.strerror or error}"


def check_folder() -> None:
    """``SaveError`` if the saves folder is there but is no usable folder; nothing is created."""
    directory = save_dir()
    try:
        found = os.stat(directory)
    except FileNotFoundError:
        return
    except OSError as error:
        raise SaveError(directory, folder_problem(directory, error)) from error
    if not stat.S_ISDIR(found.st_mode):
        raise SaveError(directory, folder_problem(directory))


def list_saves() -> list[SaveEntry]:
    """Every save file, most recently played first; a broken one is listed with its reason.

    No file can stop the list: each is read with care (``unokart_tui.files``) and every value of its
    header is checked. Only a saves folder that cannot be listed raises ``SaveError``.
    """
    directory = save_dir()
    try:
        paths = [p for p in directory.iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith(".")]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SaveError(directory, folder_problem(directory, error)) from error
    entries = []
    for path in paths:
        name = path.name[: -len(SUFFIX)]
        try:
            header, people = _read_header(path, name)
        except (FileProblem, SaveError) as failure:
            entries.append(SaveEntry(name, path, (), (), 0, False, _modified(path), failure.problem))
            continue
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
                header.rules,
                people,
            )
        )
    entries.sort(key=lambda e: (e.updated.timestamp() if e.updated else 0.0, e.name), reverse=True)
    return entries


def default_name(when: datetime, word: str = "Match", *, first: str = "", again: str = "") -> str:
    """A readable, valid, unused name for a new match: ``Match 2026-11-30 14.05`` (then `` 2``, `` 3``…).

    ``word`` is the player's word for a match (the caller translates it: the saves know no language).
    ``first`` and ``again``, if given, are the whole name in the player's words, with ``{date}`` and
    ``{time}`` (``again`` with ``{number}`` too, from 2): found in play (issue 32), ``Partia 2026-12-03
    18.48 2`` read as a time. A pattern that makes no valid name is left for the default one.
    """
    date, time = f"{when:%Y-%m-%d}", f"{when:%H.%M}"

    def named(pattern: str, fallback: str, number: int) -> str:
        try:
            return check_name(pattern.format(word=word, date=date, time=time, number=number))
        except (KeyError, IndexError, ValueError, SaveError):  # a broken pattern must not stop a new match
            return fallback.format(word=word, date=date, time=time, number=number)

    name = named(first, "{word} {date} {time}", 1) if first else f"{word} {date} {time}"
    number = 1
    while os.path.lexists(path_of(name)):
        number += 1
        name = named(again, "{word} {date} {time} {number}", number) if again else f"{word} {date} {time} {number}"
    return name
