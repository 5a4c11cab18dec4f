"""Cards in the theme's colours: a card's art (``cardface.card_art``) turned into styled segments.

A widget that draws cards lists ``CARD_COMPONENTS`` among its component classes and adds
``card_css(its name)`` to its default styles; the theme's ``$card-*`` variables
(``unokart_tui.tui.themes``) then colour every face. Cards that cannot be played fade into
the background, and their text stays readable (4.5:1 at least, WCAG AA).
"""

from __future__ import annotations

from collections.abc import Sequence
from weakref import WeakKeyDictionary

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.widget import Widget

from ..themes import FACES
from .cardface import Art
from .wholewords import names_kept

UNPLAYABLE_FADE = 0.6  # how far an unplayable card's face fades into the background
MIN_CONTRAST = 4.5  # WCAG AA for text: every card's face stays readable, playable or not
WHITE, BLACK = Color(255, 255, 255), Color(0, 0, 0)

CARD_COMPONENTS = {*(f"card--{face}" for face in (*FACES, "back")), "card--edge", "card--selected"}


def card_css(widget: str) -> str:
    """The default styles of the card faces a widget draws."""
    faces = "".join(
        f"{widget} > .card--{face} {{ background: $card-{face}; color: $card-{face}-ink; }}\n"
        for face in (*FACES, "back")
    )
    return faces + (
        f"{widget} > .card--edge {{ color: $foreground 40%; }}\n"
        f"{widget} > .card--selected {{ color: $accent; text-style: bold; }}\n"
    )


def luminance(color: Color) -> float:
    """WCAG's relative luminance."""

    def linear(value: int) -> float:
        channel = value / 255
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)


def contrast(one: Color, other: Color) -> float:
    """WCAG's contrast ratio, from 1 to 21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable(ink: Color, face: Color) -> Color:
    """``ink``, or black or white (the better) where ``ink`` would be too faint on ``face``."""
    if contrast(ink, face) >= MIN_CONTRAST:
        return ink
    return max((WHITE, BLACK), key=lambda candidate: contrast(candidate, face))


class CardPainter:
    """The styles of one widget's cards, each worked out once: ``painter_for`` keeps one a widget while its
    theme and background stay."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget
        self.base = widget.background_colors[1]
        self.background = Style(bgcolor=self.base.rich_color)  # the widget's own, around and between its cards
        self.css_version = widget.app._css_update_count  # a new theme (or CSS) counts up: the styles change
        self._colors: dict[str, tuple[Color, Color]] = {}
        self._styles: dict[tuple[str, bool, bool, bool], dict[str, Style]] = {}

    def colors(self, face: str) -> tuple[Color, Color]:
        """A face's background and ink, as the theme has them."""
        if face not in self._colors:
            styles = self.widget.get_component_styles(f"card--{face}")
            self._colors[face] = (styles.background, styles.color)
        return self._colors[face]

    def styles(
        self, face: str, playable: bool = True, selected: bool = False, *, reverse: bool | None = None
    ) -> dict[str, Style]:
        """Each role's style for a card of ``face`` ("red"... "wild", "back"). The cursor's card
        (``selected``) has the accent's outline and, unless ``reverse`` is False, its face in reverse."""
        reverse = selected if reverse is None else reverse
        key = (face, playable, selected, reverse)
        if key in self._styles:
            return self._styles[key]
        background, ink = self.colors(face)
        edge = self.widget.get_component_styles("card--selected" if selected else "card--edge").color
        edge = background + edge  # a translucent edge colour shows the card's colour through it
        marks = {name: self.colors(name)[0] for name in FACES[:4]}
        if not playable:  # a faded face, its ink faded too while it stays readable
            background, ink, edge = (colour.blend(self.base, UNPLAYABLE_FADE) for colour in (background, ink, edge))
            marks = {name: colour.blend(self.base, UNPLAYABLE_FADE) for name, colour in marks.items()}
            ink = readable(ink, background)
        bg = background.rich_color
        if reverse:  # the cursor's card in reverse: the same two colours, the same contrast
            text = Style(color=bg, bgcolor=ink.rich_color, bold=True)
        else:
            text = Style(color=ink.rich_color, bgcolor=bg, bold=True)
        styles = {
            "face": text,
            "rank": text,
            "edge": Style(color=edge.rich_color, bgcolor=bg, bold=selected),
            "back": Style(color=ink.blend(background, 0.55).rich_color, bgcolor=bg),
            **{name: Style(color=colour.rich_color, bgcolor=bg, bold=True) for name, colour in marks.items()},
        }
        self._styles[key] = styles
        return styles

    def line(
        self,
        art: Art,
        row: int,
        face: str,
        playable: bool = True,
        selected: bool = False,
        *,
        reverse: bool | None = None,
    ) -> list[Segment]:
        """One line of a card as segments."""
        styles = self.styles(face, playable, selected, reverse=reverse)
        return [Segment(span.text, styles[span.role]) for span in art[row]]


_painters: WeakKeyDictionary[Widget, CardPainter] = WeakKeyDictionary()


def painter_for(widget: Widget) -> CardPainter:
    """``widget``'s painter, made again when the theme or the widget's background has changed.

    A card is drawn a line at a time, and a painter made for each line worked out the same styles
    again (component styles, blends, contrasts) at every line of every card: 5 % of the table's
    update after a move, more of a flying card's step (docs/performance.md).
    """
    painter = _painters.get(widget)
    if (
        painter is None
        or painter.css_version != widget.app._css_update_count
        or painter.base != widget.background_colors[1]
    ):
        painter = _painters[widget] = CardPainter(widget)
    return painter


def painted(text: str, style: str, faces: Sequence[tuple[str, str]], widget: Widget) -> Text:
    """A line of words with the cards and colours it names (``faces``: words and their face, in the
    order they come) painted as the theme's card faces: the face's colour with its own ink, so a
    colour-blind theme reaches them and the words stay readable (4.5:1, as on a card)."""
    line = Text(text, style=style)
    start = 0
    kept: list[tuple[int, int]] = []
    for words, face in faces:
        at = text.find(words, start)
        if at < 0:
            continue
        line.stylize(widget.get_component_rich_style(f"card--{face}"), at, at + len(words))
        start = at + len(words)
        kept.append((at, start))
    return names_kept(line, kept)  # "bewaar de Wild Draw" / "Four" was found in play
