"""The screen behind a dialog, dimmed: as Textual draws it, at a fraction of the cost.

Textual draws what a translucent screen covers (``BackgroundScreen``) as a Rich renderable: every segment of
the covered screen goes through Rich's console, is tinted one by one, and is split into lines again. Measured
(issue 36), that was most of the processor time a dialog took to appear over the table (the guide, a colour
to choose, a round's end). ``Backdrop`` takes the covered screen's lines as its compositor has them and tints
each different style once, with Textual's own tint, so every cell comes out as Textual's would.
"""

from __future__ import annotations

from functools import lru_cache

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.css.styles import RulesMap
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual


@lru_cache(maxsize=4096)
def _tinted(style: RichStyle | None, color: Color, base: RichStyle) -> RichStyle:
    """A covered cell's ``style`` as a dialog with this background ``color`` and ``base`` style shows it."""
    (segment,) = BackgroundScreen.process_segments([Segment(" ", style)], color)
    tinted = segment.style or RichStyle.null()
    return base + tinted if base else tinted  # as Textual's own base style is laid over the renderable


class Backdrop(Visual):
    """``screen``'s picture now, tinted by ``color``: a dialog's background where it is translucent."""

    def __init__(self, screen: Screen[object], color: Color) -> None:
        self.screen, self.color = screen, color

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        base, color = style.rich_style, self.color
        strips = []
        for line in self.screen._compositor.render_strips()[:height]:
            shown = line.crop(0, width) if line.cell_length > width else line
            tinted = [Segment(text, _tinted(cell_style, color, base)) for text, cell_style, _ in shown]
            strips.append(Strip(tinted, shown.cell_length))
        return strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen._compositor.size.height
