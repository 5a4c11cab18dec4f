"""The one error the statistics raise: every way the store or the saves' folder fails becomes one."""

from __future__ import annotations

from pathlib import Path


class StatsError(Exception):
    """The store cannot be used; the message names the file and the problem."""

    def __init__(self, file: str | Path, problem: str) -> None:
        self.file, self.problem = str(file), problem
        super().__init__(f"{file}: {problem}")
