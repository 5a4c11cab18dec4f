"""A chart (``charts.ScoreRace``, ``charts.WinRate``) drawn at the size the widget has."""

from __future__ import annotations

from typing import Protocol

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...history.charts import MARKERS, Line

# Each series' colour. The markers tell the series apart without it (NO_COLOR).
SERIES_COLORS = ("$accent", "#e57373", "#64b5f6", "#81c784", "#ffb74d", "#ba68c8", "#4db6ac", "#f06292", "#a1887f")


class Drawing(Protocol):
    def draw(self, width: int, height: int) -> list[Line]: ...


class ChartView(Widget, can_focus=False):
    DEFAULT_CSS = """
    ChartView {
        height: 10;
    }
    ChartView > .chart--axis {
        color: $text-muted;
    }
    ChartView > .chart--mark {
        color: $warning 70%;
    }
    """ + "".join(
        f"ChartView > .chart--s{number} {{ color: {SERIES_COLORS[number % len(SERIES_COLORS)]}; text-style: bold; }}\n"
        for number in range(len(MARKERS))
    )
    COMPONENT_CLASSES = {"chart--axis", "chart--mark", *(f"chart--s{number}" for number in range(len(MARKERS)))}

    chart: reactive[Drawing | None] = reactive(None)

    def __init__(self, chart: Drawing | None = None, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(ChartView.chart, chart)

    def render(self) -> Text:
        if self.chart is None:
            return Text()
        size = self.content_size
        text = Text(no_wrap=True, overflow="crop")
        for number, line in enumerate(self.chart.draw(size.width, size.height)):
            if number:
                text.append("\n")
            for piece, style in line:
                text.append(piece, self.get_component_rich_style(f"chart--{style}") if style else "")
        return text
