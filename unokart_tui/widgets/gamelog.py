"""The game log: plain sentences, newest at the bottom, that stay readable whatever the terminal does.

Textual's ``RichLog`` wraps a line once, at the width it has when written: after a
resize the lines kept their old width and the view was left on the oldest ones. This
log keeps what it was given and wraps it again when its width changes; it follows new
lines only while the reader is at the end, so scrolling back to read is not undone.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.theme import Theme
from textual.widgets import RichLog

from ..voice.narration import LogLine
from .paint import CARD_COMPONENTS, card_css, painted

MAX_LINES = 1000  # a long match's log stays cheap to wrap again


class GameLog(RichLog, can_focus=False):
    DEFAULT_CSS = """
    GameLog {
        border: round $primary 50%;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
        background: $surface;
    }
    """ + card_css("GameLog")
    COMPONENT_CLASSES = CARD_COMPONENTS

    def __init__(self, *, id: str | None = None) -> None:
        # RichLog renders at 78 columns at least by default: wider than the log at 80x24.
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=False, min_width=20)
        self.entries: list[Text | LogLine] = []
        self.following = True  # at the end, showing each new line; False once the reader scrolls back
        self._wrapped_at = 0
        self._rewrapping = False

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if not self._rewrapping:
            self.following = new_value >= self.max_scroll_y

    def on_mount(self) -> None:
        # The cards a line names are painted in the theme's colours: a new theme paints them again.
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, _theme: Theme) -> None:
        self._write_again()

    def shown(self, entry: Text | LogLine) -> Text:
        if isinstance(entry, Text):
            return entry
        return painted(entry.text, entry.style, entry.faces, self)

    def add(self, line: Text | LogLine) -> None:
        self.entries.append(line)
        if len(self.entries) > MAX_LINES:
            del self.entries[: len(self.entries) - MAX_LINES]
        self.write(self.shown(line), scroll_end=self.following)

    def _write_again(self) -> None:
        follow = self.following
        self._rewrapping = True
        self.clear()
        for line in self.entries:
            self.write(self.shown(line), scroll_end=False)
        self._rewrapping = False
        if follow:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def follow(self) -> None:
        """Back to the end, following again: a new round starts there, wherever the reader had scrolled."""
        self.following = True
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def replace(self, lines: list[Text | LogLine]) -> None:
        """Show ``lines`` instead of what the log held, following the last one (a replay's jump)."""
        self.entries = lines[-MAX_LINES:]
        self.clear()
        for line in self.entries:
            self.write(self.shown(line), scroll_end=False)
        self.following = True
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        follow = self.following
        if self._wrapped_at and width != self._wrapped_at:
            self._write_again()
        self._wrapped_at = width
        if follow:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
