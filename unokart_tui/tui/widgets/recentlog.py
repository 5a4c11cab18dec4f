"""The log's last lines, as many as fit, newest at the bottom: a replay's log at a point of the match.

A replay shows a new log at every step. Writing it into a scrolling log changes the log's
virtual size, and Textual then lays out the whole screen again; this widget keeps its size
and only repaints, and wraps only the lines it shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text
from textual.widget import Widget

from ...voice.narration import LogLine
from .paint import CARD_COMPONENTS, card_css, painted


def fitting(lines: Sequence[Text], console: Console, width: int, height: int) -> list[Text]:
    """The last of ``lines`` that fit in ``height`` rows of ``width`` columns once wrapped (the newest at least)."""
    shown: list[Text] = []
    rows = 0
    for line in reversed(lines):
        rows += len(line.wrap(console, max(width, 1)))
        if rows > height and shown:
            break
        shown.append(line)
    return shown[::-1]


class RecentLog(Widget, can_focus=False):
    DEFAULT_CSS = """
    RecentLog {
        border: round $primary 50%;
        padding: 0 1;
        background: $surface;
    }
    """ + card_css("RecentLog")
    COMPONENT_CLASSES = CARD_COMPONENTS

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: tuple[LogLine, ...] = ()

    def show(self, lines: Sequence[LogLine]) -> None:
        """Show the last of ``lines`` that fit; the size stays, so the screen is repainted, not laid out."""
        self.lines = tuple(lines)
        self.refresh()

    def render(self) -> Text:
        width, height = self.content_size
        # Painted at each drawing: the cards' colours follow the theme, a new one included.
        # Each line takes a row at least: no more than ``height`` of the newest can show.
        texts = [painted(line.text, line.style, line.faces, self) for line in self.lines[-max(height, 1) :]]
        # Wrapped here, by each line's own rules: a card's name is never split (wholewords).
        rows = [
            row
            for line in fitting(texts, self.app.console, width, height)
            for row in line.wrap(self.app.console, max(width, 1))
        ]
        return Text("\n").join(rows)
