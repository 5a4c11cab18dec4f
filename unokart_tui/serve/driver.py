"""Textual's drivers, with a cap on the input a game holds: a key flood waits, it does not fill memory.

Textual's input thread reads the terminal as fast as it can and hands every key to the app's
queue, which has no bound: 100 MiB of ``x`` sent to a game that handles a few thousand keys a
second became gigabytes of waiting key events. Here the input thread waits while ``CAP`` input
events (keys, mouse, pastes) are still alive, so it stops reading: the pty, then the host's
buffer for the session, then the client's connection fill up and wait in turn, each bounded.

An event counts until it is freed (CPython frees it as soon as the app is done with it), so the
cap holds wherever the event waits: in the app's queue, a screen's or a widget's. Only the
games ``unokart serve`` starts use these drivers (``TEXTUAL_DRIVER``); the server never loads this.
"""

from __future__ import annotations

import gc
import threading
import weakref

from textual import events
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver
from textual.message import Message

CAP = 256  # input events alive at once
WAIT = 0.1  # seconds between looks at whether the app is exiting
COLLECT_AFTER = 20  # waits (2 s) before a garbage collection frees events held only in cycles


class InputCap:
    """Counts the input events alive, and makes the input thread wait while there are ``CAP``."""

    def __init__(self, cap: int = CAP) -> None:
        self.slots = threading.BoundedSemaphore(cap)

    def take(self, message: Message, exiting: threading.Event) -> bool:
        """Wait for room for ``message``; False if the app exits first (the message is then dropped)."""
        waits = 0
        while not self.slots.acquire(timeout=WAIT):
            if exiting.is_set():
                return False
            waits += 1
            if waits % COLLECT_AFTER == 0:
                gc.collect()
        weakref.finalize(message, self.slots.release)
        return True


def _counted(message: Message) -> bool:
    # Only the client's input: resizes, focus and the like are few and come from elsewhere.
    return isinstance(message, events.InputEvent) and threading.current_thread() is not threading.main_thread()


class _CappedInput(Driver):
    """The input cap over any of Textual's drivers: the client's events wait while too many are alive."""

    exit_event: threading.Event  # set by both drivers this is mixed into

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._input_cap = InputCap()

    def process_message(self, message: Message) -> None:
        if _counted(message) and not self._input_cap.take(message, self.exit_event):
            return
        super().process_message(message)


class TerminalDriver(_CappedInput, LinuxDriver):
    """Textual's driver for a terminal, with the input cap (a game on a pty, over SSH)."""


class BrowserDriver(_CappedInput, WebDriver):
    """Textual's driver for textual-serve's protocol, with the input cap (a game in a browser)."""


__all__ = ["BrowserDriver", "InputCap", "TerminalDriver"]
