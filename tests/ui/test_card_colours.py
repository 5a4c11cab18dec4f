"""Issue 34, item 4: a colour-blind theme reaches every colour on screen that stands for a card colour.

The ΔE check of ``test_themes.py`` runs here on what the screen paints: the log's card
names, the table's colour badge, the colour dialog's names, not only the cards' faces.
"""

from __future__ import annotations

import itertools
import re

import pytest
from textual.color import Color as TextualColor

from unokart_tui.tui.dialogs.choices import ColorDialog, ColourKeys
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.themes import MADE_FOR, THEMES

from .colorvision import difference as delta_e
from .colorvision import from_hex, lab
from .helpers import SETTINGS, make_app, settle, until
from .screen import screen_lines
from .test_themes import APART, faces

# Words that name a card's colour as a card or a colour on show: "Green 9", "Red Skip", "GREEN", "Blue".
CARD_WORDS = re.compile(r"\b(Red|Yellow|Green|Blue)(?= (\d|Skip|Reverse|Draw Two)\b| *$)|\b(RED|YELLOW|GREEN|BLUE)\b")


def chroma(hex_colour: str) -> float:
    _, a, b = lab(from_hex(hex_colour))
    return (a * a + b * b) ** 0.5


def painted_colours(app, region=None) -> dict[str, set[str]]:
    """For each card colour, the colours the screen (or ``region`` of it) paints words naming it with:
    of a word's ink and its background, the more colourful one (a card face's colour, not its ink)."""
    found: dict[str, set[str]] = {}
    for segment in itertools.chain.from_iterable(screen_lines(app, region)):
        style = segment.style
        match = CARD_WORDS.search(segment.text)
        if style is None or match is None or "Shell" in segment.text:
            continue
        name = (match.group(1) or match.group(3)).lower()
        candidates = [c for c in (style.color, style.bgcolor) if c is not None]
        hexes = [TextualColor.from_rich_color(c).hex6.lower() for c in candidates]
        found.setdefault(name, set()).add(max(hexes, key=chroma))
    return found


CASES = [(theme, deficiency) for theme, deficiencies in MADE_FOR.items() for deficiency in (None, *deficiencies)]


@pytest.mark.parametrize(("theme", "deficiency"), CASES)
async def test_every_card_colour_on_screen_is_the_themes_and_apart(theme, deficiency):
    app = make_app(seed=7, settings=SETTINGS._replace(theme=theme))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        on_table = painted_colours(app)
        app.push_screen(ColorDialog("a test"))
        await until(pilot, lambda: isinstance(app.screen, ColorDialog))
        in_dialog = painted_colours(app, app.screen.query_one(ColourKeys).region)
    chosen = faces(next(t for t in THEMES if t.name == theme))
    assert {"green", "yellow"} <= set(on_table), on_table  # seed 7: the log names green and yellow cards
    assert set(in_dialog) == {"red", "yellow", "green", "blue"}
    painted = {name: on_table.get(name, set()) | in_dialog[name] for name in in_dialog}
    for name, colours in painted.items():
        assert colours == {chosen[name]}, f"{name} is painted {colours}, the theme's face is {chosen[name]}"
    for (one, first), (other, second) in itertools.combinations(painted.items(), 2):
        for a, b in itertools.product(first, second):
            apart = delta_e(a, b, deficiency)
            assert apart >= APART, f"{one} {a} and {other} {b}: {apart:.1f} apart for {deficiency or 'normal vision'}"


async def test_a_new_theme_repaints_the_log_and_the_colour_badge():
    dark, red_green = THEMES[0], next(t for t in THEMES if t.name in MADE_FOR)
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert painted_colours(app)["green"] == {faces(dark)["green"]}
        app.theme = red_green.name
        await pilot.pause()
        await pilot.pause()
        assert painted_colours(app)["green"] == {faces(red_green)["green"]}
