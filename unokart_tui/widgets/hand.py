"""The player's hand: cards as cards, grouped by colour, a cursor on one; playable ones bright.

One widget draws every card line by line (Textual's line API), so a new hand after
each draw or play costs a repaint, not building and styling a widget per card.
A hand too long for its rows scrolls, keeping the cursor in view.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.color import Color
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from unokart_tui.engine import Card

from ..tableview import HandState
from .cardface import FACE_COLORS, color_class, short

CARD_WIDTH, CARD_HEIGHT, GAP = 6, 3, 1
UNPLAYABLE_FADE = 0.6  # how far an unplayable card's face fades into the background
MIN_CONTRAST = 4.5  # WCAG AA for text: every card's face stays readable, playable or not
WHITE, BLACK = Color(255, 255, 255), Color(0, 0, 0)


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


NORMAL_EDGES = ("╭" + "─" * (CARD_WIDTH - 2) + "╮", "│", "╰" + "─" * (CARD_WIDTH - 2) + "╯")
SELECTED_EDGES = ("┏" + "━" * (CARD_WIDTH - 2) + "┓", "┃", "┗" + "━" * (CARD_WIDTH - 2) + "┛")  # the cursor


class HandView(ScrollView, can_focus=False):
    """The cards in rows of as many as fit; a click on a card asks to play it."""

    DEFAULT_CSS = """
    HandView {
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    HandView > .hand--edge { color: $foreground 40%; }
    HandView > .hand--selected { color: $accent; }
    """ + "".join(
        f"HandView > .hand--{name} {{ background: {face}; color: {ink}; }}\n"
        for name, (face, ink) in FACE_COLORS.items()
    )
    COMPONENT_CLASSES = {"hand--edge", "hand--selected", *(f"hand--{name}" for name in FACE_COLORS)}

    @dataclass
    class Clicked(Message):
        position: int

    state: reactive[HandState] = reactive(HandState, init=False)

    def per_row(self, width: int | None = None) -> int:
        """How many cards fit side by side in ``width`` columns (default: the hand's own)."""
        width = self.scrollable_content_region.width if width is None else width
        return max(1, (width + GAP) // (CARD_WIDTH + GAP))

    def rows(self, width: int | None = None) -> int:
        """Rows of cards, one at least: an empty hand keeps its place on the table."""
        return max(1, -(-len(self.state.cards) // self.per_row(width)))

    def watch_state(self, old: HandState, new: HandState) -> None:
        self.border_title = Content(new.title)  # plain text: "[UNO ready]" is not markup
        self.update_size()
        self.refresh()
        self.call_after_refresh(self.show_cursor)

    def on_resize(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        width = self.scrollable_content_region.width
        if not width:
            return  # not laid out yet: on_resize comes next
        size = Size(width, self.rows() * CARD_HEIGHT)
        if size != self.virtual_size:
            self.virtual_size = size
            self.refresh(layout=True)

    def show_cursor(self) -> None:
        row = self.state.cursor // self.per_row()
        self.scroll_to_region(Region(0, row * CARD_HEIGHT, 1, CARD_HEIGHT), animate=False, immediate=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.rows(width) * CARD_HEIGHT

    def card_styles(self, card: Card, playable: bool, selected: bool) -> tuple[Style, Style]:
        """The face's style and the edge's style of one card."""
        face_styles = self.get_component_styles(f"hand--{color_class(card)}")
        face, ink = face_styles.background, face_styles.color
        edge = self.get_component_styles("hand--selected" if selected else "hand--edge").color
        edge = face + edge  # a translucent edge colour shows the card's colour through it
        if not playable:  # a faded face, its ink faded too while it stays readable
            base = self.background_colors[1]
            face, ink, edge = (colour.blend(base, UNPLAYABLE_FADE) for colour in (face, ink, edge))
            ink = readable(ink, face)
        edge_style = Style(color=edge.rich_color, bgcolor=face.rich_color, bold=selected)
        if selected:  # the cursor's card in reverse: the same two colours, the same contrast
            return Style(color=face.rich_color, bgcolor=ink.rich_color, bold=True), edge_style
        return Style(color=ink.rich_color, bgcolor=face.rich_color, bold=True), edge_style

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        row, part = divmod(line, CARD_HEIGHT)
        state = self.state
        per_row = self.per_row()
        background = Style(bgcolor=self.background_colors[1].rich_color)
        segments: list[Segment] = []
        first = row * per_row
        for position in range(first, min(first + per_row, len(state.cards))):
            card = state.cards[position]
            selected = position == state.cursor
            face_style, edge_style = self.card_styles(card, position in state.playable, selected)
            top, side, bottom = SELECTED_EDGES if selected else NORMAL_EDGES
            if part == 0:
                segments.append(Segment(top, edge_style))
            elif part == 1:
                face = Segment(f"{short(card):^{CARD_WIDTH - 2}}", face_style)  # the same short form as everywhere
                segments += [Segment(side, edge_style), face, Segment(side, edge_style)]
            else:
                segments.append(Segment(bottom, edge_style))
            segments.append(Segment(" " * GAP, background))
        width = self.scrollable_content_region.width
        return Strip(segments).crop_extend(scroll_x, scroll_x + width, background)

    def card_at(self, x: int, y: int) -> int | None:
        """The display position of the card at content offset (x, y), if there is one."""
        column, within = divmod(x, CARD_WIDTH + GAP)
        if within >= CARD_WIDTH or column >= self.per_row():
            return None
        position = (y // CARD_HEIGHT) * self.per_row() + column
        return position if position < len(self.state.cards) else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        position = self.card_at(offset.x + self.scroll_offset.x, offset.y + self.scroll_offset.y)
        if position is not None:
            message = self.Clicked(position)
            message.time = event.time  # when the player clicked: the table acts on what it showed then
            self.post_message(message)
