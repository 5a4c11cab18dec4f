"""The game log: plain sentences, newest at the bottom, that stay readable whatever the terminal does.

Textual's ``RichLog`` wraps a line once, at the width it has when written: after a
resize the lines kept their old width and the view was left on the oldest ones. This
log keeps what it was given and wraps it again when its width changes; it follows new
lines only while the reader is at the end, so scrolling back to read is not undone.
"""

from __future__ import annotations

import re
from typing import Self

from rich.console import Console
from rich.containers import Lines
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.theme import Theme
from textual.widgets import RichLog

from ...voice.narration import LogLine
from .paint import CARD_COMPONENTS, card_css, painted

MAX_LINES = 1000  # a long match's log stays cheap to wrap again
UNDONE_STYLE = "dim strike"  # a line whose move an undo took back

# A command's units for wrapping: a run of spaces, or a word up to and with its next comma.
_COMMAND_UNITS = re.compile(r"\s+|[^\s,]*,|[^\s,]+")


def command_breaks(line: str, width: int) -> list[int]:
    """Where ``line`` starts a new line at ``width`` cells: at a space, and inside a word only after a comma.

    Found in play: the command that deals a match again (``--bots expert,greedy,...`` with nine bots)
    was cut mid-word, ``greed`` and ``y``. A piece with no comma that is longer than a whole line
    (none that this game writes) is still cut at the width, as it must be.
    """
    breaks: list[int] = []
    column = 0
    for unit in _COMMAND_UNITS.finditer(line):
        start, size = unit.start(), len(unit.group())
        if unit.group().isspace():
            column += size  # spaces at a line's end are dropped: they never push a line on
            continue
        if column + size > width and column > 0:
            breaks.append(start)
            column = 0
        while size > width:
            start += width
            size -= width
            breaks.append(start)
        column += size
    return breaks


class CommandText(Text):
    """A line holding a shell command: wrapped at spaces, a word too long for a line after its commas."""

    def wrap(self, console: Console, width: int, **options: object) -> Lines:
        if all(len(word) <= width for word in self.plain.split()):
            return super().wrap(console, width, **options)  # type: ignore[arg-type]
        lines = Lines()
        for line in self.split(allow_blank=True):
            for piece in line.divide(command_breaks(line.plain, width)):
                piece.rstrip_end(width)
                lines.append(piece)
        return lines


class SteadyScrollBar(ScrollBar):
    """A scrollbar drawn again only when what it shows changes.

    Every new line in the log gives its bar a new length and a new place, two refreshes, and the
    bar's every row was drawn again at each move (9 rows at 80x24, a quarter of the rows a move
    drew); in a long log at its end the thumb stays where it is, a cell at the bottom, move
    after move.
    """

    _drawn: tuple[object, ...] | None = None  # what the bar showed when last drawn

    def __init__(self, *, thickness: int) -> None:
        super().__init__(vertical=True, name="vertical", thickness=thickness)

    def picture(self) -> tuple[object, ...]:
        """Everything the bar's rows depend on: its thumb's cells, its size, its state and the theme."""
        window = self.window_size if self.window_size < self.window_virtual_size else 0
        thumb = self.renderer.render_bar(
            size=self.size.height,
            virtual_size=self.window_virtual_size,
            window_size=window,
            position=self.position,
            thickness=self.thickness,
        )
        cells = tuple((segment.text, bool(segment.style and segment.style.reverse)) for segment in thumb.segments)
        return cells, self.size, self.mouse_over, self.grabbed, self.app._css_update_count

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        unchanged = self._drawn is not None and self.is_mounted and self.picture() == self._drawn
        if unchanged and not (regions or layout or recompose):
            return self
        self._drawn = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        if self._drawn is None and self.is_mounted:
            self._drawn = self.picture()
        return super().render_line(y)


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

    # Widget's own lays the whole screen out at every change, and RichLog's ``write`` sets it at each new
    # line: the one layout a bot's move still made (docs/performance.md). The log's box keeps its size
    # whatever its length; only its scrollbar coming or going, or lines taken away, need the layout
    # (``watch_virtual_size``). Same name, so Textual's own code (``set_reactive(Widget.virtual_size, …)``)
    # still sets this one.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, id: str | None = None) -> None:
        # RichLog renders at 78 columns at least by default: wider than the log at 80x24.
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=False, min_width=20)
        self.entries: list[Text | LogLine] = []
        self.following = True  # at the end, showing each new line; False once the reader scrolls back
        self._wrapped_at = 0
        self._rewrapping = False
        self._laid_out: tuple[Size, Size, int] | None = None  # the size, room and lines of the last layout
        self._adding_at_end = False  # ``add`` is writing a line it follows: it sets the bar's length itself

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        # Textual's own, made the way Textual makes it, of a class that is not drawn again unchanged.
        if self._vertical_scrollbar is None:
            self._vertical_scrollbar = bar = SteadyScrollBar(thickness=self.scrollbar_size_vertical)
            bar.display = False
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        # Textual's ScrollView takes every layout of the screen (each step of a card's flight, each new line)
        # for a change of size and repaints its scrollbar a frame later: 9 lines at 80x24, 29 at 120x40
        # (0.4 and 1.7 KB), though the layout has already given the bar its length and the scroll its place.
        # Only a new size, or lines taken away, or a bar yet to appear need Textual's own update.
        lines = self.virtual_size.height
        before, self._laid_out = self._laid_out, (size, container_size, lines)
        only_longer = before is not None and before[:2] == (size, container_size) and lines >= before[2]
        if only_longer and (self.show_vertical_scrollbar or lines <= container_size.height):
            return False
        return super()._size_updated(size, virtual_size, container_size, layout)

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        # Where the layout does not come: the scroll's end moves with the length (``max_scroll_y`` reads it),
        # and the bar, already shown, takes its new length here, quietly, drawn if it looks any different.
        # RichLog's bar is always there (``overflow-y: scroll``); under ``auto`` it would come with the length.
        room, overflow = self.container_size.height, self.styles.overflow_y
        bar_wanted = overflow == "scroll" or (overflow == "auto" and new.height > room)
        if not room or new.height < old.height or bar_wanted != self.show_vertical_scrollbar:
            self.refresh(layout=True)  # not laid out yet, lines taken away, or the bar comes or goes
            return
        if self.show_vertical_scrollbar:
            bar = self.vertical_scrollbar
            bar.set_reactive(ScrollBar.window_virtual_size, new.height)
            if not self._adding_at_end:  # else drawn once at its new place, by ``add``
                bar.refresh()

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
        if entry.command:
            return CommandText(entry.text, style=entry.style)
        return painted(entry.text, entry.style, entry.faces, self)

    def add(self, line: Text | LogLine) -> None:
        self.entries.append(line)
        if len(self.entries) > MAX_LINES:
            del self.entries[: len(self.entries) - MAX_LINES]
        if not (self.following and self.scrollable_content_region.width):
            self.write(self.shown(line), scroll_end=self.following)  # not laid out yet: RichLog waits for it
            return
        # At the end at once, in the frame that draws the new line: RichLog scrolls a frame later, and the
        # whole log went to the terminal twice a move (docs/performance.md).
        # The bar takes its new length quietly (``watch_virtual_size``), then is drawn once at its new place
        # (if it looks any different): the new length at the old place, a picture in between, was drawn
        # though the thumb ended where it was.
        self._adding_at_end = True
        try:
            self.write(self.shown(line), scroll_end=False)
        finally:
            self._adding_at_end = False
        bar = self.vertical_scrollbar if self.show_vertical_scrollbar else None
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        if bar is not None:
            bar.refresh()

    def mark_undone(self, count: int) -> None:
        """The last ``count`` lines tell moves an undo took back: struck through and dimmed, kept to read.

        Found in play (issue 34): after an undo the lines of the moves taken back read as if they had happened.
        """
        if count <= 0:
            return
        for place in range(max(len(self.entries) - count, 0), len(self.entries)):
            entry = self.entries[place]
            if isinstance(entry, LogLine):
                self.entries[place] = entry._replace(style=f"{entry.style} {UNDONE_STYLE}".strip(), faces=())
            else:
                marked = entry.copy()
                marked.stylize(UNDONE_STYLE)
                self.entries[place] = marked
        self._write_again()

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
