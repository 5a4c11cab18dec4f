"""Reading a file that anything could have put there (a save, the settings, a bot profile), and
writing one whole or not at all.

A name ending in ``.toml`` says nothing about what is behind it. A named pipe blocks the
reader for ever, ``/dev/zero`` never ends, a link may lead nowhere, in a circle, or out of
the folder, and a regular file may be gigabytes. So only a regular file is read, and
only up to a limit; a device or a pipe is never even opened. Every way it can go wrong
is a ``FileProblem`` whose ``problem`` says so in words a player understands.

Every file the game writes in place (saves, settings, bot profiles, an export, the host's
key) is written by ``write_atomic``: a crash leaves the old file or the new one, never a
torn one.

Only the standard library: the saves, the settings and the bots' profiles all read
through it, without loading each other (or Textual).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import Any

MIB = 1024 * 1024


class FileProblem(Exception):
    """The file cannot be read as the text it should be; ``problem`` says why (no file name in it)."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__(problem)


class NoFile(FileProblem):
    """There is nothing at that path."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISLNK, "a symbolic link"),
)


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words, when it is no regular file: "a named pipe"."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _size(count: int) -> str:
    return f"{count / MIB:.1f} MiB" if count >= MIB else f"{count:,} bytes"


def sizes(found: int, limit: int) -> tuple[str, str]:
    """``found`` and ``limit`` in words that differ whenever the numbers do: in bytes when MiB rounds
    them alike ("67,108,865 bytes, more than the 67,108,864 bytes")."""
    shown = _size(found), _size(limit)
    if shown[0] == shown[1] and found != limit:
        return f"{found:,} bytes", f"{limit:,} bytes"
    return shown


def not_a_folder(path: Path) -> str | None:
    """Why ``path`` cannot be a folder, if something else is in its place or above it ("… is a file")."""
    for place in (path, *path.parents):
        try:
            found = os.stat(place)
        except (FileNotFoundError, NotADirectoryError):
            if not os.path.islink(place):
                continue  # made when needed
            what = "a link that leads nowhere"
            break
        except OSError:
            return None  # what else is wrong, using it says
        if stat.S_ISDIR(found.st_mode):
            return None
        what = "a file" if stat.S_ISREG(found.st_mode) else kind_of(found.st_mode)
        break
    else:
        return None
    return f"{path} is {what}, not a folder" if place == path else f"{path} cannot be a folder: {place} is {what}"


def _unreadable(error: OSError) -> FileProblem:
    return FileProblem(f"cannot be read: {error.strerror or error}")


def _where(path: Path) -> tuple[str, os.stat_result, bool]:
    """Where ``path`` really is (links followed), what is there, and whether a link led there.

    A link that leads nowhere or in a circle is refused.
    """
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        raise NoFile("there is no such file") from None
    except OSError as error:
        raise _unreadable(error) from None
    if not stat.S_ISLNK(found.st_mode):
        return str(path), found, False
    try:
        real = os.path.realpath(path, strict=True)
        return real, os.stat(real), True
    except FileNotFoundError:
        raise FileProblem("is a link that leads nowhere") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise FileProblem("is a link that leads round in a circle") from None
        raise _unreadable(error) from None


def _check_inside(real: str, inside: Path) -> None:
    try:
        folder = os.path.realpath(inside, strict=True)
    except OSError as error:
        raise FileProblem(f"cannot be read: its folder is unusable ({error.strerror or error})") from None
    if os.path.commonpath([folder, real]) != folder:
        raise FileProblem(f"is a link to {real}, outside {inside}: not read")


def read_bytes(path: Path, *, limit: int, inside: Path | None = None, prefix: int | None = None) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them; with ``prefix``, only
    that many from its start. ``inside``: a link must not lead out of that folder.
    """
    real, found, linked = _where(path)
    if not stat.S_ISREG(found.st_mode):
        raise FileProblem(f"is {kind_of(found.st_mode)}, not a file: not read")
    if linked and inside is not None:
        _check_inside(real, inside)
    if found.st_size > limit:
        size, most = sizes(found.st_size, limit)
        raise FileProblem(f"is {size}, more than the {most} it could be: not read")
    wanted = limit if prefix is None else min(prefix, limit)
    try:
        # O_NOFOLLOW and O_NONBLOCK: if something else was put there since, the open fails or
        # returns at once, and the check below refuses it.
        fd = os.open(real, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise _unreadable(error) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileProblem("was replaced by something that is not a file while it was read")
        chunks, total = [], 0
        while total <= wanted:
            chunk = os.read(fd, min(wanted + 1 - total, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise _unreadable(error) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > wanted:
        if prefix is not None:
            return data[:wanted]
        raise FileProblem(f"grew past the {_size(limit)} it could be while it was read: not read")
    return data


def sha256(data: bytes) -> str:
    """The SHA-256 of ``data``, in hex."""
    import hashlib  # noqa: PLC0415 - 3 ms: the title, which only lists the saves, starts without it

    return hashlib.sha256(data).hexdigest()


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileProblem(f"is not a text file (byte {error.start} is not UTF-8)") from None


def read_text(path: Path, *, limit: int, inside: Path | None = None) -> str:
    """The whole regular file at ``path`` as UTF-8 text (see ``read_bytes``)."""
    return decode(read_bytes(path, limit=limit, inside=inside))


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text as a table; anything tomllib cannot take is a ``FileProblem``, never another error."""
    import tomllib  # noqa: PLC0415 - on first read: a new match only writes, and starts 1.5 ms sooner

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise FileProblem(f"not valid TOML ({error})") from None
    except RecursionError:
        raise FileProblem("not valid TOML: lists or tables are nested too deeply") from None
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits
        raise FileProblem("not valid TOML: a number has too many digits") from None


# ---------------------------------------------------------------------- writing


class NotARegularFile(OSError):
    """The path to write names something that is not a regular file: a link, a device, a folder."""


def check_target(path: Path) -> None:
    """``NotARegularFile`` unless ``path`` is a regular file or nothing yet: a link is never followed."""
    try:
        found = os.lstat(path)
    except OSError:
        return  # nothing there, or the write says what is wrong (a folder that cannot be read, say)
    if not stat.S_ISREG(found.st_mode):
        raise NotARegularFile(f"{path} is {kind_of(found.st_mode)}, not a regular file: it is not replaced")


def fsync_dir(directory: Path) -> None:
    """Make a rename or a new name in ``directory`` durable."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _temporary(path: Path, mode: int) -> tuple[int, Path]:
    """A new file of its own beside ``path``, created with ``mode`` (the umask applies to it)."""
    while True:
        # os.urandom, as secrets.token_hex draws it: importing secrets (hmac, hashlib, random) cost every start 3 ms.
        temp = path.with_name(f".{path.name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode), temp
        except FileExistsError:
            continue


def _keep_backup(path: Path, backup: Path) -> None:
    """Point ``backup`` at the file now at ``path``. A hard link costs no copy; ``path`` never disappears.

    Only a regular file becomes the backup: a pipe or a link put in its place would otherwise
    replace the good backup.
    """
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return
    except FileNotFoundError:
        return
    link = backup.with_name(f".{backup.name}.link")
    with contextlib.suppress(FileNotFoundError):
        link.unlink()
    try:
        try:
            os.link(path, link, follow_symlinks=False)
        except OSError:  # a file system without hard links: copy instead
            link.write_bytes(path.read_bytes())
        os.replace(link, backup)
    except OSError:
        with contextlib.suppress(FileNotFoundError):
            link.unlink()
        raise


# What os.link raises on a file system without hard links (FAT, some network shares).
_NO_HARD_LINKS = (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.ENOSYS)


def _name_exclusive(temp: Path, path: Path) -> None:
    """Give the written ``temp`` the name ``path`` only if nothing has it (``FileExistsError`` else)."""
    try:
        os.link(temp, path)  # fails, rather than replaces, if something has the name meanwhile
    except OSError as error:
        if isinstance(error, FileExistsError) or error.errno not in _NO_HARD_LINKS:
            raise
        # No hard links here: look, then rename. Only a file put there within these microseconds
        # would be replaced; the file is still never seen half written.
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, "File exists", str(path)) from None
        os.replace(temp, path)
        return
    os.unlink(temp)


def write_atomic(
    path: Path,
    data: str | bytes,
    *,
    mode: int = 0o666,
    backup: Path | None = None,
    exclusive: bool = False,
    regular_only: bool = True,
) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all: the one writer of the game's files.

    A temporary file beside it is written, flushed and fsynced, renamed over ``path``, and the
    folder is fsynced: a crash leaves the old file or the new one, never a torn one, and a failure
    leaves no temporary file. A new file is created with ``mode`` (the umask applies, as to any new
    file); a file it replaces keeps its permissions.

    - ``exclusive``: ``path`` is given a name only if nothing has it (``FileExistsError`` else),
      even if something appears there while this writes.
    - ``regular_only`` (the default): only a regular file is replaced; a link, a device or a folder
      at ``path``, before or while this writes, raises ``NotARegularFile`` and stays as it is.
      Without it, a link is replaced by the file (never followed).
    - ``backup``: the file replaced is kept under that name (only the saves keep one: a player can
      load a save's previous version; settings, profiles and exports have none).

    The folder must exist. ``OSError`` if it cannot be written.
    """
    if regular_only:
        check_target(path)
    try:
        found = os.lstat(path)
    except OSError:
        found = None
    # Only a regular file's permissions carry over: a link's (0777) would open the new file to all.
    kept = stat.S_IMODE(found.st_mode) if found is not None and stat.S_ISREG(found.st_mode) else None
    fd, temp = _temporary(path, 0o600 if kept is not None else mode)
    try:
        if kept is not None:
            os.fchmod(fd, kept)  # the file it replaces keeps its permissions, whatever the umask
        with os.fdopen(fd, "wb") as file:
            file.write(data.encode("utf-8") if isinstance(data, str) else data)
            file.flush()
            os.fsync(file.fileno())
        if exclusive:
            _name_exclusive(temp, path)
        else:
            if regular_only:
                check_target(path)  # once more: something may have been put there while this was written
            if backup is not None:
                _keep_backup(path, backup)
            os.replace(temp, path)
        fsync_dir(path.parent)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
