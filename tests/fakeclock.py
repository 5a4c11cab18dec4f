"""A clock that stands still until a test moves it on: the table's ``pacing.Clock`` without real time.

No Textual here: the table's tests (``tests/table``) and the pilot tests (``tests/ui``) both use it.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable


class FakeTimer:
    def __init__(self, due: float, order: int, callback: Callable[[], None]) -> None:
        self.due, self.order, self.callback = due, order, callback
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


class FakeClock:
    """The table's clock (``pacing.Clock``) in tests: it stands still until the test moves it on.

    Textual stamps a key with the real monotonic time; ``at`` turns that into this clock's
    time then: a key pressed before the clock was moved on was pressed at the time before.
    """

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._timers: list[FakeTimer] = []
        self._order = itertools.count()
        self._moves = [(time.monotonic(), start)]  # (real time, this clock's time) at each move

    def now(self) -> float:
        return self._now

    def set_timer(self, delay: float, callback: Callable[[], None]) -> FakeTimer:
        timer = FakeTimer(self._now + max(delay, 0.0), next(self._order), callback)
        self._timers.append(timer)
        return timer

    def at(self, stamp: float) -> float:
        for real, moment in reversed(self._moves):
            if stamp >= real:
                return moment
        real, moment = self._moves[0]
        return moment - (real - stamp)

    def move_to(self, moment: float) -> None:
        if moment > self._now:
            self._now = moment
            self._moves.append((time.monotonic(), moment))

    def next_timer(self, until: float = math.inf) -> FakeTimer | None:
        """The first wake-up still wanted that is due by ``until``."""
        self._timers = [timer for timer in self._timers if not timer.stopped]
        due = [timer for timer in self._timers if timer.due <= until]
        return min(due, key=lambda timer: (timer.due, timer.order), default=None)

    def fire(self, timer: FakeTimer) -> None:
        """Move on to ``timer``'s moment and run it, as Textual would have."""
        self._timers.remove(timer)
        self.move_to(timer.due)
        timer.callback()

    @property
    def timers(self) -> list[FakeTimer]:
        """The wake-ups still wanted, in no order."""
        return [timer for timer in self._timers if not timer.stopped]

    def run_next(self, until: float = math.inf) -> bool:
        """Run the first wake-up still wanted that is due by ``until``; False if there is none."""
        timer = self.next_timer(until)
        if timer is None:
            return False
        self.fire(timer)
        return True

    def pass_time(self, seconds: float) -> None:
        """``seconds`` go by: every wake-up due in them runs."""
        end = self._now + seconds
        while self.run_next(until=end):
            pass
        self.move_to(end)
