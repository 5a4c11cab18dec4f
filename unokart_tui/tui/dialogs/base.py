"""What every dialog shares: its keys in its own key bar, and keys pressed before it was shown ignored."""

from __future__ import annotations

import time
from typing import TypeVar

from textual import events
from textual._context import visible_screen_stack
from textual.await_remove import AwaitRemove
from textual.screen import ModalScreen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from ...voice import _
from .backdrop import Backdrop

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
        self._size_shown: tuple[int, int] | None = None  # the size the notice last said
        self._hidden = False  # another screen is shown, or none: it was dismissed
        self._styled_for = -1  # the app's count of CSS changes when it was last styled as it was shown

    def _extend_compose(self, widgets: list[Widget]) -> None:
        super()._extend_compose(widgets)
        # Found in play: below 80x24 a dialog was drawn clipped, over the table's notice to enlarge
        # the terminal. The dialog has the notice too, and its keys wait behind it as the table's do.
        # Composed with the dialog's own widgets (Textual's hook for its own): mounted from on_mount,
        # it laid the new dialog out once more.
        widgets.append(Static(id="too-small"))

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()  # the clock of Textual's key events
        width, height = self.app.size
        # Before the first layout, which is then the right one (Textual sets them on a Resize, after it).
        self.set_breakpoints(width, height)
        self.show_size(width, height)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Shown again (a dialog kept installed, or one another screen covered): its size classes and notice
        # for the terminal's size now, before Textual lays it out (after this handler), and a key pressed
        # before it was seen again is not for it. (Textual calls Screen's own after this one.)
        if self._hidden:
            self._hidden = False
            self._shown_at = time.monotonic()
            width, height = self.app.size
            self.set_breakpoints(width, height)
            self.show_size(width, height)
            if self._styled_for == self.app._css_update_count:
                # No theme and no CSS changed while it was hidden: Textual's restyle of each of its widgets would
                # find nothing new, 2 ms of the kept guide's 14 (issue 36). A class or a focus changed restyles its
                # widget at once.
                event.refresh_styles = False
        self._styled_for = self.app._css_update_count  # styled now, by Textual after this handler if need be

    def on_screen_suspend(self) -> None:
        self._hidden = True

    def set_breakpoints(self, width: int, height: int) -> None:
        """The classes of the ``HORIZONTAL_BREAKPOINTS`` and ``VERTICAL_BREAKPOINTS`` at this size, as Textual's."""
        across = (
            self.app.HORIZONTAL_BREAKPOINTS if self.HORIZONTAL_BREAKPOINTS is None else self.HORIZONTAL_BREAKPOINTS
        ) or []
        down = (self.app.VERTICAL_BREAKPOINTS if self.VERTICAL_BREAKPOINTS is None else self.VERTICAL_BREAKPOINTS) or []
        if not (across or down):
            return
        classes = dict.fromkeys((name for _least, name in (*across, *down)), False)
        for name in (*self._get_breakpoint_classes(width, across), *self._get_breakpoint_classes(height, down)):
            classes[name] = True
        self.update_classes(classes, animate=False)

    async def _on_resize(self, event: events.Resize) -> None:
        # Textual sends a new screen the Resize of its own first layout, and answers it by laying out the
        # screen again and every screen seen behind it, all at the size they already have. Measured: the
        # table's guide (?) made four layouts to open, the table's among them. A Resize that changes no
        # screen's size changes nothing; a terminal resized while a screen above this one was shown does.
        # (Textual calls a class's ``_on_resize`` instead of its ``on_resize``, then the classes' below it unless
        # the default is prevented: Screen's is called here, when it is needed.)
        event.prevent_default()
        # (A screen's ``size`` is the terminal's; its compositor's, the size it was last laid out at.)
        behind = self.app._background_screens
        if all(screen._compositor.size == event.size for screen in (self, *behind)):
            event.stop()
            self.set_breakpoints(event.size.width, event.size.height)
        else:
            await super()._on_resize(event)
        self.show_size(event.size.width, event.size.height)

    def show_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notices = self.query("#too-small").results(Static)
        notice = next(notices, None)
        if notice is None:
            # Dismissed before it was shown (a friend's table asked, then withdrew, in one burst from a slow
            # line): a closing dialog mounts nothing, and there is nothing to size. Found: the app stopped.
            return
        if self._size_shown == (width, height):
            return  # the notice's new words would lay the dialog out again, to say the same
        self._size_shown = (width, height)
        notice.update(
            _("Please enlarge your terminal\nto at least {least} (it is {size}).").format(
                least=f"{MIN_WIDTH}×{MIN_HEIGHT}", size=f"{width}×{height}"
            )
        )
        if small != self.too_small:
            self.too_small = notice.display = small
            self.refresh_bindings()

    def render(self) -> VisualType:  # type: ignore[override]  # Textual draws a Visual as it draws a renderable
        # Where the dialog's background is translucent, the screen it covers, dimmed: Textual's own picture,
        # drawn by ``Backdrop`` at a fraction of the cost. (The compositor leaves the screens seen behind this one
        # in ``visible_screen_stack``, nearest last, for the screen to take the one it shows.)
        background = self.styles.background
        behind = visible_screen_stack.get(None)
        if behind and behind[-1] is not self and 0 < background.a < 1:
            return Backdrop(behind.pop(), background)
        return super().render()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.too_small

    def remove(self) -> AwaitRemove:
        # A dismissed dialog is removed from the App, and Textual then lays out the App's screen, the one
        # the dialog covered, as it does for any widget removed from its parent. That screen's size has not
        # changed (its resume lays it out if it has) and nothing in it moved: measured, the layout was a third
        # of a dialog's closing. The rest of Textual's removal is kept: who is under the mouse now.
        app = self.app
        if self._parent is not app or self in app.screen_stack:
            return super().remove()
        removed = app._prune(self, parent=None)
        if app.screen_stack:
            app._update_mouse_over(app.screen)
        return removed

    def on_key(self, event: events.Key) -> None:
        if event.time < self._shown_at:
            event.stop()
            event.prevent_default()
