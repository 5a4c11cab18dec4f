"""Charts drawn with characters: a score race, a win rate over time. No Textual, no colour needed.

Each series has a marker of its own (● ■ ▲ ◆ …), so a chart reads in a terminal without
colour (NO_COLOR) or on paper; with colour, the widget also gives each series its colour.
Points are the markers, the way between them is dotted in the series' style, and a value
to reach (the target score) is a dashed line. A chart is a list of lines, each a list of
(text, style) pieces; the style is "" or "axis", "mark", or "s0", "s1"… for a series.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..voice import _
from ..voice.names import shown_name
from ..voice.numbers import number as shown_number
from ..voice.numbers import percent

MARKERS = ("●", "■", "▲", "◆", "▼", "○", "□", "△", "◇", "★")  # one a series: ten players at most (D1)
SEVERAL = "✱"  # two series' points in one place
TRAIL = "·"
MARK = "┄"

Piece = tuple[str, str]
Line = list[Piece]


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[Piece]] = [[(" ", "")] * width for _ in range(height)]
        self.points: dict[tuple[int, int], int] = {}

    def put(self, column: int, row: int, text: str, style: str, *, over: bool = False) -> None:
        inside = 0 <= column < self.width and 0 <= row < self.height
        if inside and (over or self.cells[row][column][0] in (" ", MARK)):
            self.cells[row][column] = (text, style)

    def point(self, column: int, row: int, series: int) -> None:
        other = self.points.get((column, row))
        if other is not None and other != series:
            self.put(column, row, SEVERAL, "", over=True)
        else:
            self.points[(column, row)] = series
            self.put(column, row, MARKERS[series % len(MARKERS)], f"s{series}", over=True)


def _columns(count: int, width: int) -> list[tuple[int, int]]:
    """(index, column) of the points shown: all of them, or evenly spread ones with the first and the last."""
    if count <= 1:
        return [(0, 0)] if count else []
    if count > width:
        indices = sorted({round(i * (count - 1) / (width - 1)) for i in range(width)})
    else:
        indices = list(range(count))
    return [(index, round(index * (width - 1) / (count - 1))) for index in indices]


def _merge(lines: list[Line]) -> list[Line]:
    """Neighbouring pieces of one style joined: fewer, longer pieces to draw."""
    merged: list[Line] = []
    for line in lines:
        out: Line = []
        for text, style in line:
            if out and out[-1][1] == style:
                out[-1] = (out[-1][0] + text, style)
            else:
                out.append((text, style))
        merged.append(out)
    return merged


def line_chart(
    series: Sequence[Sequence[float]],
    *,
    width: int,
    height: int,
    top: float,
    marks: Sequence[float] = (),
    label: Callable[[float], str] = shown_number,
    x_labels: Sequence[str] = (),
) -> list[Line]:
    """Series of values (one a point along x) in ``width`` by ``height`` characters, from 0 to ``top``.

    ``marks`` are values drawn as dashed lines (and labelled); ``x_labels`` label the points.
    """
    values = sorted({0.0, float(top), *map(float, marks)})
    labels = {value: label(value) for value in values}
    margin = max(len(text) for text in labels.values()) + 1
    plot_width, rows = max(width - margin, 2), max(height - 2, 2)
    top = top or 1

    def row_of(value: float) -> int:
        return min(max(round((1 - value / top) * (rows - 1)), 0), rows - 1)

    def mark_row(value: float) -> int:
        # A mark above 0 never takes 0's row: found in play at 80x24, a two-row chart of a target of 30
        # under a top of 100 labelled the players with no points "30".
        return min(row_of(value), rows - 2) if value > 0 else row_of(value)

    def point_row(value: float) -> int:
        # A point keeps its side of each mark, however few the rows: found in play, a score of 118
        # drawn on a target of 150 read as a target reached.
        row = row_of(value)
        for mark in marks:
            row = max(row, min(mark_row(mark) + 1, rows - 1)) if value < mark else min(row, mark_row(mark))
        return row

    canvas = Canvas(plot_width, rows)
    for value in marks:
        for column in range(plot_width):
            canvas.put(column, mark_row(value), MARK, "mark")
    count = max((len(values_) for values_ in series), default=0)
    placed = _columns(count, plot_width)
    for number, points in enumerate(series):
        shown = [(column, point_row(points[index])) for index, column in placed if index < len(points)]
        for (c1, r1), (c2, r2) in itertools.pairwise(shown):
            for column in range(c1 + 1, c2):
                canvas.put(column, round(r1 + (r2 - r1) * (column - c1) / (c2 - c1)), TRAIL, f"s{number}")
        for column, row in shown:
            canvas.point(column, row, number)
    axis_labels = {row_of(value): labels[value] for value in (top, 0.0)}
    axis_labels |= {mark_row(value): labels[value] for value in marks}  # the target before a top near it
    lines: list[Line] = []
    for row, cells in enumerate(canvas.cells):
        text = axis_labels.get(row, "")
        lines.append([(f"{text:>{margin - 1}}", "axis"), ("┤" if text else "│", "axis"), *cells])
    lines.append([(" " * (margin - 1) + "└" + "─" * plot_width, "axis")])
    under = [" "] * plot_width
    end = -2
    for index, column in placed:
        text = x_labels[index] if index < len(x_labels) else ""
        start = min(column, plot_width - len(text))  # the last one ends with the axis
        if text and start > end + 1:
            under[start : start + len(text)] = list(text)
            end = start + len(text)
    lines.append([(" " * margin + "".join(under), "axis")])
    return _merge(lines)


class Legend(NamedTuple):
    name: str
    value: str


def legend(entries: Sequence[Legend], width: int, *, several: bool = False) -> list[Line]:
    """``● Ann 512  ■ Mario 230 …``, wrapped to ``width``; ``several`` adds what ✱ means."""
    pieces = [(MARKERS[n % len(MARKERS)], f"s{n}", f"{e.name} {e.value}".strip()) for n, e in enumerate(entries)]
    if several:
        pieces.append((SEVERAL, "", _("several")))  # ✱: several players at one point
    lines: list[Line] = [[]]
    used = 0
    for marker, style, text in pieces:
        size = len(text) + 4
        if used and used + size > width:
            lines.append([])
            used = 0
        lines[-1] += [(marker, style), (f" {text}  ", "")]
        used += size
    return lines


def score_race(
    names: Sequence[str], race: Sequence[Sequence[int]], target: int, *, width: int, height: int
) -> list[Line]:
    """Each player's score before the first round and after each round, against the target."""
    seats = range(len(names))
    top = max([target, *(scores[seat] for scores in race for seat in seats)])
    final = race[-1] if race else [0] * len(names)
    key = legend([Legend(shown_name(name), str(final[seat])) for seat, name in enumerate(names)], width, several=True)
    chart = line_chart(
        [[scores[seat] for scores in race] for seat in seats],
        width=width,
        height=height - len(key),  # a legend that wraps takes its lines from the plot, not from under it
        top=top,
        marks=[target],
        x_labels=[f"R{number}" if number else "0" for number in range(len(race))],
    )
    return chart + key


def win_rate(rates: Sequence[float], *, width: int, height: int) -> list[Line]:
    """The player's win rate after each finished match (0 to 1)."""
    x_labels = [str(number) for number in range(1, len(rates) + 1)]
    return line_chart([rates], width=width, height=height, top=1.0, marks=[0.5], label=percent, x_labels=x_labels)


def plain(lines: Sequence[Line]) -> str:
    """A chart as plain text, for a terminal's standard output."""
    return "\n".join("".join(text for text, _ in line).rstrip() for line in lines)


class ScoreRace(NamedTuple):
    """A match's score race, drawn at any size."""

    names: tuple[str, ...]
    race: tuple[tuple[int, ...], ...]
    target: int

    def draw(self, width: int, height: int) -> list[Line]:
        return score_race(self.names, self.race, self.target, width=width, height=height)


class WinRate(NamedTuple):
    """The player's win rate after each finished match, drawn at any size."""

    rates: tuple[float, ...]

    def draw(self, width: int, height: int) -> list[Line]:
        return win_rate(self.rates, width=width, height=height)
