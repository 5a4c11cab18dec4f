"""The last step before the terminal when the ASCII symbols are chosen: every character made ASCII."""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from ...asciitext import ascii_text


class AsciiFilter(LineFilter):
    """Each line of every widget (Textual's own too: borders, scrollbars, the palette) in ASCII."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment if segment.control or segment.text.isascii() else Segment(ascii_text(segment.text), segment.style)
            for segment in segments
        ]
