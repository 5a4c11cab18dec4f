"""One match, one session: the lock a process holds while it plays a match.

Two sessions playing the same match would each save their own history over the other's,
move after move. A lock has to hold against two things: a second session started on
purpose or by mistake (another SSH login, ``unokart continue`` twice), and a lock file
removed while it is held (a clean-up script, a curious player). Two layers do it:

- **A name no file can take away** (Linux). The lock is a Unix socket bound in the
  abstract namespace: it has a name but no file, so nothing can remove it, and the
  kernel frees it the instant the process ends, however it ends (``kill -9`` included).
  A session refused this way learns who holds it from the socket itself (its process
  id, from ``SO_PEERCRED``). The name is made of the user, the saves folder's identity
  (device and inode, so two paths to one folder are one) and the match's name. Such
  names are seen by every process of a machine (of a network namespace), not across
  machines or containers sharing a home folder, and not on other systems; hence:
- **A lock file** beside the save, ``.<name>.lock``, locked with ``flock``: across
  machines on a shared (NFS) home, in containers, on every POSIX system. It can be
  removed, so the holder checks before every save (``renew``) that the file at that
  name is still the one it locked, and locks the one there now if not; if another
  session got there first, the save is refused (``SaveLocked``) rather than mixed.

Whatever a lock misses, the save itself catches: a session only overwrites the file it
last read or wrote (``write_atomic(replacing=...)``), so two histories never alternate.
The lock file is never deleted: removing it while another process is opening it is how
two processes come to hold "the" lock.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import socket
import stat
import struct
import sys
from pathlib import Path

from unokart_tui.files import sha256

from .errors import SaveError, SaveLocked
from .store import check_name, folder_problem, path_of, save_dir

_CREDENTIALS = struct.Struct("3i")  # struct ucred: pid, uid, gid


def _same_file(fd: int, path: Path) -> bool:
    held = os.fstat(fd)
    try:
        there = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)


class MatchLock:
    """An exclusive lock on one match, held while a process plays it (see the module's docstring)."""

    def __init__(self, name: str) -> None:
        self.name = check_name(name)
        self.path = save_dir() / f".{name}.lock"
        self._fd: int | None = None
        self._claim: socket.socket | None = None

    def _locked(self, holder: int | None) -> SaveLocked:
        who = f" (process {holder})" if holder else ""
        return SaveLocked(
            path_of(self.name), f"the match '{self.name}' is already being played in another session{who}"
        )

    def acquire(self) -> MatchLock:
        directory = self.path.parent
        try:
            directory.mkdir(parents=True, exist_ok=True)
            folder = os.stat(directory)
        except OSError as error:
            raise SaveError(directory, folder_problem(directory, error)) from error
        self._claim = self._claim_name(f"{folder.st_dev}:{folder.st_ino}/{self.name}")
        try:
            self._fd = self._lock_file()
        except BaseException:
            self._drop_claim()
            raise
        return self

    def renew(self) -> None:
        """Before a save: make sure the lock is still this session's (``SaveLocked`` if it is not)."""
        if self._claim is not None:
            self._turn_away_askers()
        if self._fd is not None and not _same_file(self._fd, self.path):
            fd = self._lock_file()  # the file was removed or replaced: lock the one there now
            os.close(self._fd)
            self._fd = fd

    def release(self) -> None:
        self._drop_claim()
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> MatchLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()

    # ------------------------------------------------------------------ the name no file can take away

    def _claim_name(self, identity: str) -> socket.socket | None:
        if not sys.platform.startswith("linux"):
            return None
        digest = sha256(identity.encode("utf-8", "surrogateescape"))[:32]
        address = f"\0unokart-match/{os.getuid()}/{digest}"
        for _ in range(3):
            try:
                claim = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            except OSError:
                return None  # no sockets here (a sandbox): the lock file alone
            try:
                claim.bind(address)
                claim.listen(8)  # so that a refused session can ask who holds it
                claim.setblocking(False)
                return claim
            except OSError as error:
                claim.close()
                if error.errno != errno.EADDRINUSE:
                    return None
            holder = self._holder_of(address)
            if holder is None:
                continue  # it was let go of just now: claim it again
            pid, uid = holder
            if uid != os.getuid():
                return None  # not ours, though named so: only the lock file counts
            raise self._locked(pid)
        raise self._locked(None)

    @staticmethod
    def _holder_of(address: str) -> tuple[int, int] | None:
        """The process id and user of whoever holds ``address``, or None if nobody does any more."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.setblocking(False)
            try:
                probe.connect(address)
            except BlockingIOError:  # its queue of askers is full: held, by whom is not known
                return 0, os.getuid()
            except OSError:
                return None
            pid, uid, _gid = _CREDENTIALS.unpack(
                probe.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _CREDENTIALS.size)
            )
            return pid, uid

    def _turn_away_askers(self) -> None:
        """Close the connections of sessions that asked who holds the match, so others can ask too."""
        assert self._claim is not None
        while True:
            try:
                asker, _ = self._claim.accept()
            except OSError:
                return
            asker.close()

    def _drop_claim(self) -> None:
        if self._claim is not None:
            self._claim.close()
            self._claim = None

    # ------------------------------------------------------------------ the lock file

    def _lock_file(self) -> int:
        path = self.path
        for _ in range(5):
            try:
                # Never through a link (it could point at any file, which would then be emptied),
                # and never waiting on a pipe put there instead.
                flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
                fd = os.open(path, flags, 0o644)
            except OSError as error:
                if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                    raise SaveError(path.parent, folder_problem(path.parent, error)) from error
                problem = f"cannot lock the match: {error.strerror or error}"
                if error.errno == errno.ELOOP:
                    problem = "cannot lock the match: its lock file is a link, which this game does not follow"
                raise SaveError(path, problem) from error
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise SaveError(path, "cannot lock the match: its lock file is not a file")
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
                    raise self._locked(int(holder) if holder.isdigit() else None) from None
                if _same_file(fd, path):
                    with contextlib.suppress(OSError):  # only to name the holder: a full disk may refuse it
                        os.ftruncate(fd, 0)
                        os.pwrite(fd, str(os.getpid()).encode(), 0)
                    return fd
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)  # removed or replaced between opening and locking: lock the one there now
        raise SaveError(path, "cannot lock the match: its lock file keeps being replaced")
