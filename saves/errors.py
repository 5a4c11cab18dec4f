"""The one error every save failure raises."""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """A save could not be read or written. The message names the file and the problem."""

    def __init__(self, file: str | Path, problem: str) -> None:
        self.file = str(file)
        self.problem = problem
        super().__init__(f"{self.file}: {problem}")


class SaveLocked(SaveError):
    """Another process is playing this match."""


class SaveMissing(SaveError):
    """There is no save of that name."""


class SaveUnreadable(SaveError):
    """The file is there but is no save this game can open: damaged, cut short, not a file.

    Its backup (the version one move earlier) may still open.
    """


class SaveChanged(SaveError):
    """Something else changed the save since this game read or wrote it: it is not overwritten."""
