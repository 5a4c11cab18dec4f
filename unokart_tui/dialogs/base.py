"""What every dialog shares: its keys in its own key bar, and keys pressed before it was shown ignored."""

from __future__ import annotations

import time
from typing import TypeVar

from textual import events
from textual.screen import ModalScreen

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    """A box over the screen, answered with a key (a binding: the key goes no further).

    A key pressed before the dialog appeared was meant for what was there before; it
    does nothing here (a "c" pressed to catch someone must not challenge a Wild Draw Four
    that lands a moment later). Compose a ``KeyBar`` last: it shows this dialog's keys.
    """

    def __init__(self) -> None:
        super().__init__(classes="dialog")
        self._shown_at = float("inf")

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()  # the clock of Textual's key events

    def on_key(self, event: events.Key) -> None:
        if event.time < self._shown_at:
            event.stop()
            event.prevent_default()
