"""The table's clock in play: the monotonic clock, and the front end's own timers to wake up by."""

from __future__ import annotations

import time
from collections.abc import Callable

from .pacing import Stoppable


class RealTime:
    """A ``pacing.Clock`` on real time. ``set_timer``: the front end's (Textual's, an event loop's).

    Keys and clicks are stamped with the monotonic clock (Textual's events are): ``at`` is the stamp itself.
    """

    def __init__(self, set_timer: Callable[[float, Callable[[], None]], Stoppable]) -> None:
        self._set_timer = set_timer

    def now(self) -> float:
        return time.monotonic()

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Stoppable:
        return self._set_timer(delay, callback)

    def at(self, stamp: float) -> float:
        return stamp
