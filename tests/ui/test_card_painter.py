"""A card's styles are worked out once a theme, not at every line it paints (issue 36).

A card is drawn a line at a time; a painter made for each line looked its faces' colours up in
the CSS again (and blended and contrasted them) at every line of every card drawn, the top card
at each move and a flying card at each step of its flight. The painter is kept now, and made
again when the theme (or the widget's background) changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from textual.geometry import Region
from textual.widget import Widget

from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.themes import MADE_FOR, THEMES
from unokart_tui.tui.widgets.cardview import CardView
from unokart_tui.tui.widgets.hand import HandView

from .helpers import make_app, settle
from .test_themes import faces


@contextmanager
def style_lookups(widget: Widget) -> Iterator[list[str]]:
    """The component styles ``widget`` looks up in the CSS while the block runs."""
    looked_up: list[str] = []
    get_component_styles = widget.get_component_styles

    def counted(*names: str) -> object:
        looked_up.extend(names)
        return get_component_styles(*names)

    widget.get_component_styles = counted  # type: ignore[method-assign]
    try:
        yield looked_up
    finally:
        del widget.get_component_styles


def drawn_again(widget: Widget) -> list[object]:
    """Every line of ``widget`` drawn anew, as Textual draws it after a refresh."""
    widget._styles_cache.clear()
    return widget.render_lines(Region(0, 0, *widget.outer_size))


def backgrounds(widget: Widget) -> set[str]:
    return {
        segment.style.bgcolor.triplet.hex
        for strip in drawn_again(widget)
        for segment in strip  # type: ignore[attr-defined]
        if segment.style and segment.style.bgcolor and segment.style.bgcolor.triplet
    }


async def test_the_top_card_and_the_hand_drawn_again_look_no_style_up():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        top, hand = app.screen.query_one("#top-card", CardView), app.screen.query_one(HandView)
        drawn_again(top), drawn_again(hand)  # the first drawing since the theme came works them out
        for widget in (top, hand):
            with style_lookups(widget) as looked_up:
                lines = drawn_again(widget)
            assert lines and looked_up == [], f"{type(widget).__name__} looked up {len(looked_up)} styles"
    app.session.close()


async def test_a_new_theme_paints_the_cards_in_its_colours():
    # Kept painters must not keep the old theme's colours: the top card and the hand follow the new one.
    dark, red_green = THEMES[0], next(theme for theme in THEMES if theme.name in MADE_FOR)
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        top, hand = app.screen.query_one("#top-card", CardView), app.screen.query_one(HandView)
        old, new = ({colour.lower() for colour in faces(theme).values()} for theme in (dark, red_green))
        assert old != new
        before = backgrounds(top) | backgrounds(hand)
        assert before & old and not before & (new - old)
        app.theme = red_green.name
        await pilot.pause()
        await pilot.pause()
        after = backgrounds(top) | backgrounds(hand)
        assert after & (new - old) and not after & (old - new), (after, old, new)
    app.session.close()
