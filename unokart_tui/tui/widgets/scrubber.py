"""Where a replay is, as a bar along the whole match; a click on the bar goes there."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Scrubber(Widget, can_focus=False):
    DEFAULT_CSS = """
    Scrubber {
        height: 1;
        color: $text-muted;
    }
    Scrubber > .scrubber--done {
        color: $accent;
    }
    """
    COMPONENT_CLASSES = {"scrubber--done"}

    @dataclass
    class Jumped(Message):
        fraction: float  # from 0 (the first deal) to 1 (the end)

    fraction: reactive[float] = reactive(0.0)

    def render(self) -> Text:
        width = max(self.content_size.width, 1)
        knob = round(self.fraction * (width - 1))
        return Text.assemble(
            ("━" * knob, self.get_component_rich_style("scrubber--done")),
            ("●", self.get_component_rich_style("scrubber--done")),
            "─" * (width - knob - 1),
        )

    def on_click(self, event: events.Click) -> None:
        width = self.content_size.width
        offset = event.get_content_offset_capture(self)  # padding excluded: the bar's first cell is 0
        if width > 1:
            event.stop()
            self.post_message(self.Jumped(min(max(offset.x / (width - 1), 0.0), 1.0)))
