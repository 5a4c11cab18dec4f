"""When the game fails: the details go to a file in the data folder, the player gets one line.

A traceback holds the paths of the computer the game runs on and the values of its
variables. Played over SSH or in a browser, the terminal it is printed on is the player's:
the host's paths and another player's data are not theirs to see, and a wall of code helps
no player. So the traceback is written to ``crash-<time>-<process>.log`` in the data folder
(in the temporary folder if that cannot be written), and the player is told in one line
which file holds it, as a path from their home folder (``~/…``); a file outside it is named
without its folder, which on a host tells nothing of the host.

No Textual here: the command line reports its own failures through this module too.
"""

from __future__ import annotations

import os
import traceback
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from . import __version__
from .locations import crash_dirs
from .voice import _


class CrashReport(NamedTuple):
    """What went wrong (the error's type only: its message may hold values) and where the details are."""

    kind: str
    log: Path | None  # None: no folder would take the details
    problem: str | None  # why not, then


def _create(folder: Path, text: str) -> Path:
    """A new file of its own in ``folder`` (never over another, never through a link), readable by its owner only."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = f"{datetime.now():%Y%m%d-%H%M%S}-{os.getpid()}"
    for number in range(1, 100):
        path = folder / (f"crash-{stamp}.log" if number == 1 else f"crash-{stamp}-{number}.log")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as file:
            file.write(text)
        return path
    raise FileExistsError(f"every crash log name of {stamp} is taken")


def report(error: BaseException) -> CrashReport:
    """Write the traceback of ``error`` down; the report says where. Never raises."""
    details = "".join(traceback.format_exception(error))
    text = f"unokart {__version__} stopped at {datetime.now().astimezone():%Y-%m-%d %H:%M:%S %Z}:\n\n{details}"
    problem: str | None = None
    for folder in crash_dirs():
        try:
            return CrashReport(type(error).__name__, _create(folder, text), None)
        except OSError as failure:
            problem = problem or failure.strerror or str(failure)
    return CrashReport(type(error).__name__, None, problem)


def shown(path: Path) -> str:
    """``path`` as the player may see it: from their home folder (``~/…``), or only its name."""
    home = os.environ.get("HOME")
    if home:
        try:
            return str(Path("~") / path.relative_to(Path(home)))
        except ValueError:
            pass
    return path.name


def notice(crash: CrashReport) -> str:
    """The one line the player reads (the log itself stays in English: it is for whoever fixes the game)."""
    if crash.log is None:
        return _(
            "unokart stopped because of an error in the game ({kind}), "
            "and its details could not be written down ({problem})."
        ).format(kind=crash.kind, problem=crash.problem)
    where = shown(crash.log)
    if where != crash.log.name:
        sentence = _(
            "unokart stopped because of an error in the game ({kind}). "
            "The details are in {file}: please include that file if you report it."
        )
    elif crash.log.parent == crash_dirs()[0]:
        sentence = _(
            "unokart stopped because of an error in the game ({kind}). "
            "The details are in {file} in the data folder: please include that file if you report it."
        )
    else:
        sentence = _(
            "unokart stopped because of an error in the game ({kind}). "
            "The details are in {file} in the temporary folder: please include that file if you report it."
        )
    return sentence.format(kind=crash.kind, file=where)
