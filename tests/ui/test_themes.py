"""The themes: registered with Textual, every card readable, the colour-blind ones safe for their eyes."""

from __future__ import annotations

import itertools

import pytest
from textual.color import Color

from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.themes import CARD_DEFAULTS, DARK, FACES, HIGH_CONTRAST, MADE_FOR, THEMES, ThemedApp
from unokart_tui.tui.widgets.paint import contrast

from .colorvision import ciede2000, difference

APART = 20  # ΔE00 between every two card faces: told apart at a glance (about 1 is the least one notices)
CURSOR_APART = 5  # ΔE00 between the cursor's outline and any face: the outline is also heavier than the others

# Sharma, Wu and Dalal (2005), table 1: pairs of CIELAB colours and their ΔE00.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
]


@pytest.mark.parametrize(("one", "other", "expected"), SHARMA)
def test_ciede2000_gives_the_published_differences(one, other, expected):
    assert ciede2000(one, other) == pytest.approx(expected, abs=1e-4)


def faces(theme) -> dict[str, str]:
    variables = {**CARD_DEFAULTS, **theme.variables}
    return {face: variables[f"card-{face}"] for face in FACES}


def closest(theme, deficiency) -> tuple[float, tuple[str, str]]:
    colours = faces(theme)
    return min((difference(colours[a], colours[b], deficiency), (a, b)) for a, b in itertools.combinations(colours, 2))


@pytest.mark.parametrize(("theme", "deficiency"), [(t, d) for t, ds in MADE_FOR.items() for d in (None, *ds)])
def test_a_colour_blind_theme_keeps_every_two_card_colours_apart(theme, deficiency):
    chosen = next(t for t in THEMES if t.name == theme)
    nearest, pair = closest(chosen, deficiency)
    assert nearest >= APART, f"{pair} are only {nearest:.1f} apart for {deficiency or 'normal vision'}"


@pytest.mark.parametrize(("theme", "deficiency"), [(t, d) for t in THEMES for d in (None, *MADE_FOR.get(t.name, ()))])
def test_the_cursors_outline_is_never_the_colour_of_the_card_under_it(theme, deficiency):
    # The accent outlines the card under the cursor: on a face of its own colour it would vanish.
    colours = faces(theme)
    nearest = min(difference(theme.accent, colours[face], deficiency) for face in FACES)
    assert nearest >= CURSOR_APART, (theme.name, deficiency, round(nearest, 1))


def test_the_check_tells_a_palette_that_is_not_safe():
    # The default faces: red and green, close in lightness, meet under deuteranopia.
    nearest, pair = closest(DARK, "deuteranopia")
    assert nearest < APART / 2 and pair == ("red", "green")


def test_every_theme_has_readable_faces_and_the_high_contrast_one_more():
    for theme in THEMES:
        variables = {**CARD_DEFAULTS, **theme.variables}
        least = 7.0 if theme is HIGH_CONTRAST else 4.5  # WCAG AAA, AA
        for face in (*FACES, "back"):
            ratio = contrast(Color.parse(variables[f"card-{face}"]), Color.parse(variables[f"card-{face}-ink"]))
            assert ratio >= least, (theme.name, face, round(ratio, 2))


async def test_the_themes_are_registered_and_one_is_chosen_by_the_settings():
    app = ThemedApp()
    assert {theme.name for theme in THEMES} <= set(app.available_themes)
    assert UnoKartApp().settings.theme == DARK.name
