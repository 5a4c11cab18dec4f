"""Time in commands, not seconds: a clock that moves only when line mode moves it.

The table's wake-ups (a bot's move, the end of a chance to catch) wait on this clock. Line mode
runs those due now at once (the bots play without delay), and moves the clock on to the next one
only when the player's command has let the chance before it pass (``table.LineTable.settle``).
At a table shared with friends time is real time, the host's (``WallClock``).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable


class Wake:
    def __init__(self, due: float, order: int, callback: Callable[[], None]) -> None:
        self.due, self.order, self.callback = due, order, callback
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


class CommandClock:
    """A ``pacing.Clock`` that stands still until it is moved on."""

    def __init__(self) -> None:
        self._now = 0.0
        self._order = itertools.count()
        self._wakes: list[Wake] = []

    def now(self) -> float:
        return self._now

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Wake:
        wake = Wake(self._now + max(delay, 0.0), next(self._order), callback)
        self._wakes.append(wake)
        return wake

    def at(self, stamp: float) -> float:
        return stamp

    def pending(self) -> list[Wake]:
        self._wakes = [wake for wake in self._wakes if not wake.stopped]
        return self._wakes

    def run_due(self, limit: int = 10_000) -> None:
        """Every wake-up due by now, in time order (those they set for now too)."""
        for _ in range(limit):
            due = [wake for wake in self.pending() if wake.due <= self._now]
            if not due:
                return
            self._run(min(due, key=lambda wake: (wake.due, wake.order)))
        raise RuntimeError("the table keeps waking itself up without end")

    def advance(self) -> bool:
        """On to the next wake-up, and run it; False when nothing waits."""
        pending = self.pending()
        if not pending:
            return False
        wake = min(pending, key=lambda w: (w.due, w.order))
        self._now = max(self._now, wake.due)
        self._run(wake)
        return True

    def tick(self, seconds: float) -> None:
        """A command takes time: the clock and every wake-up move on together, so no chance ends by it.

        The table forgets a refusal repeated within seconds (a key held down); a line typed again
        is asked again, and is answered again.
        """
        self._now += seconds
        for wake in self.pending():
            wake.due += seconds

    def _run(self, wake: Wake) -> None:
        self._wakes.remove(wake)
        wake.callback()


class WallClock:
    """Real time, for a table shared with friends (issue 31): the host's windows and turn clock run whether
    anyone types or not, so line mode's wake-ups (the clock's warning) run on the seconds of the host's."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._order = itertools.count()
        self._wakes: list[Wake] = []

    def now(self) -> float:
        return self._now()

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Wake:
        wake = Wake(self._now() + max(delay, 0.0), next(self._order), callback)
        self._wakes.append(wake)
        return wake

    def at(self, stamp: float) -> float:
        return stamp

    def next_in(self) -> float | None:
        """Seconds until the next wake-up (0 when one is due); None when none waits."""
        self._wakes = [wake for wake in self._wakes if not wake.stopped]
        if not self._wakes:
            return None
        return max(0.0, min(wake.due for wake in self._wakes) - self._now())

    def run_due(self) -> None:
        """Every wake-up due by now, in time order."""
        while True:
            now = self._now()
            due = [wake for wake in self._wakes if not wake.stopped and wake.due <= now]
            if not due:
                return
            wake = min(due, key=lambda w: (w.due, w.order))
            self._wakes.remove(wake)
            wake.callback()
