"""A screen whose widgets are styled once as it first shows, not twice.

Textual styles every node of a screen as it mounts, then again as the screen comes to the top
(``ScreenResume``), in case the theme changed while it was covered. The first time it comes to
the top it was mounted a moment before: the second pass restyles the whole screen for nothing, with
the virtual nodes of each widget's component classes. For the table at 80x24 that was 142 of 387
style applications, about 5 % of the CPU of its start (docs/performance.md, 2026-12-04).
"""

from __future__ import annotations

from typing import TypeVar

from textual import events, on
from textual.screen import Screen

ResultType = TypeVar("ResultType")


class StyledOnce(Screen[ResultType]):
    """A ``Screen`` whose first ``ScreenResume`` does not style it again."""

    _shown_before = False

    @on(events.ScreenResume)
    def _styled_as_mounted(self, event: events.ScreenResume) -> None:
        # Textual calls this class's handlers before ``Screen``'s own, which reads ``refresh_styles``.
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False
