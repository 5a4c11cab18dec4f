"""The player's hand: cards as cards, grouped by colour, a cursor on one; playable ones bright.

Three sizes: small cards (6x3, the short form) in rows, for the compact table, full
cards (9x6: the corner, the rank drawn big, the item) for the roomy one, and larger ones
(11x8: the colour's word too) on a very large terminal, fanned out
(overlapping, the corners in view) when they do not fit side by side. A card that
cannot be played fades and has a dashed outline; the cursor's card has a heavy one and
is drawn whole, over its neighbours (a small one also in reverse).

One widget draws every card line by line (Textual's line API), so a new hand after
each draw or play costs a repaint, not building and styling a widget per card.
A hand too long for its rows scrolls, keeping the cursor in view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Self

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from unokart_tui.engine import Card

from ...table.tableview import HandState
from .cardface import card_art, color_class
from .paint import CARD_COMPONENTS, card_css, painter_for

CARD_WIDTH, CARD_HEIGHT, GAP = 6, 3, 1  # the compact table's cards
BIG_WIDTH, BIG_HEIGHT = 9, 6  # the roomy table's
GRAND_WIDTH, GRAND_HEIGHT = 11, 8  # the grand table's (widgets/table.GRAND_SIZE)
MIN_STEP = 4  # a fanned card shows at least its edge and its short form ("│Y+2")


class Layout(NamedTuple):
    """Where the cards go: their size, the distance from one card to the next, how many a row holds."""

    width: int
    height: int
    step: int
    per_row: int

    @property
    def spread(self) -> int:
        """How far right the cards after the cursor's are drawn when fanned: the cursor's card is
        whole, and the corner of the one after it in view beside it, not hidden under it."""
        return max(0, self.width - self.step)

    def x(self, column: int, cursor: int | None) -> int:
        """Where the card in ``column`` of a row starts (``cursor``: the cursor's column, if in this row)."""
        return column * self.step + (self.spread if cursor is not None and column > cursor else 0)


class HandView(ScrollView, can_focus=False):
    """The cards in rows of as many as fit; a click on a card asks to play it."""

    DEFAULT_CSS = """
    HandView {
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    """ + card_css("HandView")
    COMPONENT_CLASSES = CARD_COMPONENTS

    @dataclass
    class Clicked(Message):
        position: int

    state: reactive[HandState] = reactive(HandState, init=False, repaint=False)  # watch_state repaints
    big: reactive[bool] = reactive(False, init=False)  # the roomy table's full-size cards
    grand: reactive[bool] = reactive(False, init=False)  # and larger ones on a very large terminal

    @property
    def card_size(self) -> tuple[int, int]:
        """The cards' width and height now."""
        layout = self.layout_for(max(self.scrollable_content_region.width, 1))
        return layout.width, layout.height

    def layout_for(self, width: int | None = None) -> Layout:
        """The cards' layout in ``width`` columns (default: the hand's own)."""
        width = self.scrollable_content_region.width if width is None else width
        count = len(self.state.cards)
        if not self.big:
            step = CARD_WIDTH + GAP
            return Layout(CARD_WIDTH, CARD_HEIGHT, step, max(1, (width + GAP) // step))
        card_width, card_height = (GRAND_WIDTH, GRAND_HEIGHT) if self.grand else (BIG_WIDTH, BIG_HEIGHT)
        step = card_width + GAP
        if count * step - GAP <= width:
            return Layout(card_width, card_height, step, max(count, 1))
        # Fanned, two cards' widths go whole: the cursor's and the one after it (``Layout.spread``).
        fanned = (width - 2 * card_width) // (count - 2) if count > 2 else 0
        if fanned >= MIN_STEP:
            # No wider than a card: a step with a gap would leave no room for the spread (found at 12 cards in 118).
            return Layout(card_width, card_height, min(fanned, card_width), count)
        return Layout(card_width, card_height, MIN_STEP, max(1, (width - 2 * card_width) // MIN_STEP + 2))

    def per_row(self, width: int | None = None) -> int:
        """How many cards one row holds in ``width`` columns (default: the hand's own)."""
        return self.layout_for(width).per_row

    def rows(self, width: int | None = None) -> int:
        """Rows of cards, one at least: an empty hand keeps its place on the table."""
        return max(1, -(-len(self.state.cards) // self.per_row(width)))

    def watch_state(self, old: HandState, new: HandState) -> None:
        if new._replace(title=old.title, shorter=old.shorter) == old:
            # Only the title (whose turn, what the game waits for: it changes with every move): its
            # line is sent to the terminal again, not the cards under it.
            self._title_line_only = True
            try:
                self.border_title = Content(self.fitting_title())
            finally:
                self._title_line_only = False
            return
        self.border_title = Content(self.fitting_title())  # plain text: "[UNO ready]" is not markup
        self.update_size()
        self.refresh()
        self.call_after_refresh(self.show_cursor)

    _title_line_only = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if self._title_line_only and not (regions or layout or recompose):
            # Textual repaints the whole widget for a new border title: the top border is enough.
            offset = self.content_offset
            regions = (Region(-offset.x, -offset.y, self.outer_size.width, 1),)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def watch_grand(self) -> None:
        self.watch_big()

    def watch_big(self) -> None:
        self.update_size()
        self.refresh(layout=True)
        self.call_after_refresh(self.show_cursor)

    def on_resize(self) -> None:
        self.border_title = Content(self.fitting_title())
        self.update_size()

    def fitting_title(self) -> str:
        """The longest of the state's titles that the top border holds whole; the shortest if none does."""
        titles = (self.state.title, *self.state.shorter)
        room = self.outer_size.width - 6  # Textual keeps the corners and two cells each side of the title
        if room <= 0:
            return titles[0]  # not laid out yet: on_resize comes next
        return next((title for title in titles if cell_len(title) <= room), titles[-1])

    def update_size(self) -> None:
        width = self.scrollable_content_region.width
        if not width:
            return  # not laid out yet: on_resize comes next
        size = Size(width, self.rows() * self.layout_for().height)
        if size != self.virtual_size:
            self.virtual_size = size
            self.refresh(layout=True)

    def show_cursor(self) -> None:
        layout = self.layout_for()
        row = self.state.cursor // layout.per_row
        self.scroll_to_region(Region(0, row * layout.height, 1, layout.height), animate=False, immediate=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.rows(width) * self.layout_for(width).height

    def card_styles(self, card: Card, playable: bool, selected: bool) -> tuple[Style, Style]:
        """The face's style and the edge's style of one card."""
        styles = painter_for(self).styles(color_class(card), playable, selected)
        return styles["face"], styles["edge"]

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        layout = self.layout_for()
        row, part = divmod(y + scroll_y, layout.height)
        state = self.state
        painter = painter_for(self)
        background = painter.background
        first = row * layout.per_row
        shown = range(first, min(first + layout.per_row, len(state.cards)))
        if not shown:
            return Strip.blank(width, background)
        cursor = state.cursor - first if state.cursor in shown else None
        cells: list[tuple[str, Style]] = [(" ", background)] * (layout.x(len(shown) - 1, cursor) + layout.width)
        # Left to right, each card over the one before; the cursor's card last, whole, over its neighbours.
        order = [position for position in shown if position != state.cursor]
        if state.cursor in shown:
            order.append(state.cursor)
        small = not self.big
        for position in order:
            card = state.cards[position]
            playable, selected = position in state.playable, position == state.cursor
            # The cursor's card keeps telling whether it can be played: found in play, a heavy outline hid it.
            outline = (
                ("selected" if selected else "edges") if playable else ("selected-" if selected else "") + "unplayable"
            )
            art = card_art(card, state.glyphs, layout.width, layout.height, outline=outline, item_in_edge=small)
            x = layout.x(position - first, cursor)
            # A small card under the cursor is shown in reverse too; a full-size one's heavy outline says enough.
            for segment in painter.line(art, part, color_class(card), playable, selected, reverse=selected and small):
                for character in segment.text:
                    cells[x] = (character, segment.style or background)
                    x += 1
        segments = [Segment(text, style) for text, style in _runs(cells)]
        return Strip(segments).crop_extend(scroll_x, scroll_x + width, background)

    def card_at(self, x: int, y: int) -> int | None:
        """The display position of the card at content offset (x, y), if there is one."""
        layout = self.layout_for()
        first = (y // layout.height) * layout.per_row
        count = min(layout.per_row, len(self.state.cards) - first)
        if count <= 0:
            return None
        cursor: int | None = self.state.cursor - first
        if cursor is not None and not 0 <= cursor < count:
            cursor = None
        if cursor is not None and layout.x(cursor, cursor) <= x < layout.x(cursor, cursor) + layout.width:
            return self.state.cursor  # drawn over its neighbours
        # The last card that starts at or before x is the one seen there (each is drawn over the one before).
        column = max((c for c in range(count) if layout.x(c, cursor) <= x), default=None)
        if column is None or x - layout.x(column, cursor) >= layout.width:
            return None  # the gap between two cards, or past the last
        return first + column

    def card_region(self, position: int) -> Region:
        """Where the card at ``position`` is on screen (the hand itself when it is empty)."""
        if not self.state.cards:
            return self.region
        layout = self.layout_for()
        row, column = divmod(position, layout.per_row)
        cursor_row, cursor_column = divmod(self.state.cursor, layout.per_row)
        content = self.scrollable_content_region
        x = content.x + layout.x(column, cursor_column if cursor_row == row else None)
        y = content.y + row * layout.height - self.scroll_offset.y
        return Region(x, y, layout.width, layout.height).intersection(content) or self.region

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


def _runs(cells: list[tuple[str, Style]]) -> list[tuple[str, Style]]:
    """Neighbouring cells of one style joined into one piece of text."""
    runs: list[tuple[str, Style]] = []
    for character, style in cells:
        if runs and runs[-1][1] is style:
            runs[-1] = (runs[-1][0] + character, style)
        else:
            runs.append((character, style))
    return runs
