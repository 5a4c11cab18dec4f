"""What the terminal receives: the screen as segments (text and style), the way ``export_screenshot`` draws it."""

from __future__ import annotations

import io

from rich.console import Console
from rich.segment import Segment
from textual.app import App
from textual.geometry import Region


def screen_segments(app: App[None]) -> list[Segment]:
    """Every segment of the full screen (the screen on top and what shows through a dialog)."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
    )
    update = app.screen._compositor.render_update(full=True)
    return [segment for segment in console.render(update) if not segment.control]


def screen_lines(app: App[None], region: Region | None = None) -> list[list[Segment]]:
    """The screen's lines of segments, or those of ``region`` of it (cut to its columns)."""
    lines = list(Segment.split_lines(screen_segments(app)))
    return lines if region is None else cut_to(lines, region)


def cut_to(lines: list[list[Segment]], region: Region) -> list[list[Segment]]:
    """The lines of ``region`` of a screen's ``lines`` (cut to its columns): several regions of one picture."""
    cut = []
    for line in lines[region.y : region.bottom]:
        cut.append(list(Segment.divide(line, [region.x, region.right]))[1])
    return cut


def screen_text(app: App[None]) -> str:
    """The characters on the screen, line by line."""
    return "".join(segment.text for segment in screen_segments(app))
