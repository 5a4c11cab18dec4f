"""What every dialog shares: its keys in its own key bar, and keys pressed before it was shown ignored."""

from __future__ import annotations

import time
from typing import TypeVar

from textual import events
from textual.screen import ModalScreen
from textual.widgets import Static

from ...voice import _

MIN_WIDTH, MIN_HEIGHT = 80, 24  # as the table's (screens/game.py): a dialog below it is as unreadable

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
        self.too_small = False

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()  # the clock of Textual's key events
        # Found in play: below 80x24 a dialog was drawn clipped, over the table's notice to enlarge
        # the terminal. The dialog has the notice too, and its keys wait behind it as the table's do.
        if not self.query("#too-small"):  # a dialog's own on_mount may call this one too
            self.mount(Static(id="too-small"))
        self.show_size(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.show_size(event.size.width, event.size.height)

    def show_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notices = self.query("#too-small").results(Static)
        notice = next(notices, None)
        if notice is None:
            # Dismissed before it was shown (a friend's table asked, then withdrew, in one burst from a slow
            # line): a closing dialog mounts nothing, and there is nothing to size. Found: the app stopped.
            return
        notice.update(
            _("Please enlarge your terminal\nto at least {least} (it is {size}).").format(
                least=f"{MIN_WIDTH}×{MIN_HEIGHT}", size=f"{width}×{height}"
            )
        )
        if small != self.too_small:
            self.too_small = notice.display = small
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.too_small

    def on_key(self, event: events.Key) -> None:
        if event.time < self._shown_at:
            event.stop()
            event.prevent_default()
