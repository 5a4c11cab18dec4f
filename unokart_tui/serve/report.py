"""How the host knows what a game saved: the game says it, line by line, on a pipe the host gave it.

Whoever ends a session over SSH or in a browser tells the player what became of their
match. The host cannot see that from outside (a save file on disk may be older than the
moves played), so a game started by the host reports, after every save it tries, whether
its match is saved and how many moves are not. The host says "Every move you made is
saved" only when the last report of every match says so; after a crash it says what it
knows, and no more.

Both sides are here, and the standard library only: the game's ``Session`` writes with
``SaveReport``, the host reads with ``SaveState``. A game started by hand has no such pipe,
and ``SaveReport`` then does nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import os
import stat

from ..voice import _, ngettext

VARIABLE = "UNOKART_SAVE_REPORT_FD"
LINE_LIMIT = 64  # bytes: "<match> saved|unsaved <moves>\n"
MATCHES_LIMIT = 1024  # matches remembered for one game process

# ---------------------------------------------------------------------- the game's side

_fd: int | None = None
_looked = False
_matches = itertools.count(1)


def _report_fd() -> int | None:
    """The pipe the host gave, once checked to be one (never a terminal or a file), or None."""
    global _fd, _looked  # noqa: PLW0603 - one pipe for the whole process, looked up once
    if not _looked:
        _looked = True
        text = os.environ.pop(VARIABLE, "")  # not passed on to anything the game may start
        with contextlib.suppress(ValueError, OSError):
            fd = int(text)
            if fd > 2 and stat.S_ISFIFO(os.fstat(fd).st_mode):
                fcntl.fcntl(fd, fcntl.F_SETFD, fcntl.FD_CLOEXEC)
                _fd = fd
    return _fd


class SaveReport:
    """One match's reports; call it after each save tried."""

    def __init__(self) -> None:
        self.number = next(_matches)

    def __call__(self, saved: bool, unsaved_moves: int) -> None:
        global _fd  # noqa: PLW0603
        fd = _report_fd()
        if fd is None:
            return
        line = f"{self.number} {'saved' if saved else 'unsaved'} {max(0, unsaved_moves)}\n".encode()
        try:
            os.write(fd, line)
        except OSError:  # the host is gone: nobody to tell
            _fd = None


# ---------------------------------------------------------------------- the host's side


class SaveState:
    """What a game process reported about its matches (fed the pipe's bytes as they come)."""

    def __init__(self) -> None:
        self._partial = b""
        self._matches: dict[int, int | None] = {}  # match -> moves not saved (None: saved)

    def feed(self, data: bytes) -> None:
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()
        if len(self._partial) > LINE_LIMIT:
            self._partial = b""
        for line in lines:
            self._take(line)

    def _take(self, line: bytes) -> None:
        words = line.split()
        if len(words) != 3 or not words[0].isdigit() or not words[2].isdigit():
            return
        number = int(words[0])
        if words[1] not in (b"saved", b"unsaved"):
            return
        if number not in self._matches and len(self._matches) >= MATCHES_LIMIT:
            return
        self._matches[number] = None if words[1] == b"saved" else int(words[2])

    @property
    def known(self) -> bool:
        return bool(self._matches)

    @property
    def all_saved(self) -> bool:
        return self.known and all(moves is None for moves in self._matches.values())

    def sentence(self) -> str:
        """What the player may be told about their moves: only what the game said."""
        if not self._matches:
            return ""
        if self.all_saved:
            return _("Every move you made is saved.")
        moves = sum(count for count in self._matches.values() if count is not None)
        if moves == 0:
            return _("Your match could not be saved.")
        unsaved = ngettext("Your last move could not be saved.", "Your last {count} moves could not be saved.", moves)
        return unsaved.format(count=moves)


def exit_words(status: int, saved: str) -> str:
    """What a player is told when their game stopped by itself with ``status``; ``saved``: what it reported."""
    if status == 0:
        return ""
    stopped = _("The game stopped unexpectedly (status {status}).").format(status=status)
    return f"{stopped} {saved or _('It had not saved a match in this session.')}"


def idle_words(seconds: float) -> str:
    """What a player is told whose game is closed after ``seconds`` without a key."""
    minutes = seconds / 60
    if minutes >= 1:
        words = ngettext(
            "No key for {minutes} minute: goodbye for now.",
            "No key for {minutes} minutes: goodbye for now.",
            plural_count(minutes),
        )
        return words.format(minutes=f"{minutes:g}")  # formatted here: a translator sees a plain {minutes}
    return _("No key for {seconds} s: goodbye for now.").format(seconds=f"{seconds:g}")


def plural_count(amount: float) -> int:
    """The count gettext picks a plural form by, for an amount that may be a fraction.

    gettext's plural rules take whole numbers; a fraction (1.5 minutes) takes the form that
    English, Dutch and Slovak all use for 2.
    """
    return int(amount) if amount == int(amount) else 2
