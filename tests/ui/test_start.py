"""What a start does once, not twice: the table's and the title's first frame (docs/performance.md,
"Start-up and the table"). Each test starts one App and counts the work of its start."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.screens.title import TitleScreen

from .helpers import SETTINGS, make_app


@pytest.fixture
def styled(monkeypatch: pytest.MonkeyPatch) -> Counter[DOMNode]:
    """How many times each node was styled (``Stylesheet.apply``) since the test began."""
    counts: Counter[DOMNode] = Counter()
    apply = Stylesheet.apply

    def counting(self: Stylesheet, node: DOMNode, **options: object) -> None:
        counts[node] += 1
        apply(self, node, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(Stylesheet, "apply", counting)
    return counts


@pytest.mark.parametrize("first", ["table", "title"])
async def test_the_first_screens_widgets_are_styled_once_as_it_first_shows(first: str, styled) -> None:
    """Textual styles a screen's nodes as they mount, and all of them again as the screen comes to the top:
    the first time, a moment after they mounted, for nothing (142 of the table's 387 style applications).
    """
    app = make_app() if first == "table" else UnoKartApp(settings=SETTINGS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen if first == "table" else TitleScreen)
        # Nodes whose classes never change during the start: styled as they mounted, and that is all.
        steady = screen.query_one("#board" if first == "table" else "#logo")
        assert styled[screen] == 1
        assert styled[steady] == 1
