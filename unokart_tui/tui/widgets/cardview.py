"""One card, drawn as big as the widget is: the top card, the draw pile, a card on its way across the table.

``flip`` turns it over: from 0 (its back, seen whole) through edge-on (0.5) to 1 (its
face, seen whole); the game animates it when an Item Box turns a card.
"""

from __future__ import annotations

from rich.segment import Segment
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from unokart_tui.engine import Card

from ...glyphs import UNICODE, Glyphs
from .cardface import back_art, card_art, color_class, narrow_art
from .paint import CARD_COMPONENTS, card_css, painter_for


class CardView(Widget, can_focus=False):
    """A card's face, or its back when ``card`` is None (``label`` across the back)."""

    DEFAULT_CSS = """
    CardView {
        width: 11;
        height: 8;
    }
    """ + card_css("CardView")
    COMPONENT_CLASSES = CARD_COMPONENTS

    # Repainted by ``_changed`` (below), not by Textual: a covered card is not sent to the terminal again.
    card: reactive[Card | None] = reactive(None, repaint=False)
    glyphs: reactive[Glyphs] = reactive(UNICODE, repaint=False)
    label: reactive[str] = reactive("UNO", repaint=False)  # across a back
    caption: reactive[str] = reactive("", repaint=False)  # under the corner of a face too small for the rank drawn big
    flip: reactive[float] = reactive(1.0)  # 0: the back; 1: the face

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.covered: tuple[Card | None, str] | None = None  # what shows until a card in flight lands (cover)

    def cover(self) -> None:
        """Keep showing the card and caption shown now, whatever is set, until ``uncover``: the pile a
        played card flies to shows it only once it lands (found in play: it was there already)."""
        if self.covered is None:
            self.covered = (self.card, self.caption)

    def _changed(self) -> None:
        # While covered the card shows what it showed: repainting it would send the same cells again.
        if self.covered is None:
            self.refresh()

    def watch_card(self) -> None:
        self._changed()

    def watch_glyphs(self) -> None:
        self._changed()

    def watch_label(self) -> None:
        self._changed()

    def watch_caption(self) -> None:
        self._changed()

    class Uncovered(Message):
        """The card in flight has landed: what is set shows now (a label under the pile follows it)."""

    def uncover(self) -> None:
        if self.covered is not None:
            self.covered = None
            self.refresh()
            self.post_message(self.Uncovered())

    def render_line(self, y: int) -> Strip:
        width, height = self.size
        return self.paint_line(y, width, height)

    def paint_line(self, y: int, width: int, height: int) -> Strip:
        """Line ``y`` of the card drawn ``width`` by ``height`` (its size on screen, or the size it will fly at)."""
        painter = painter_for(self)
        background = painter.background
        if width < 3 or height < 3:
            return Strip.blank(width, background)
        card, caption = (self.card, self.caption) if self.covered is None else self.covered
        flip = self.flip if self.covered is None else 1.0  # a card turned over on the pile turns once there
        face_up = card is not None and flip >= 0.5
        if face_up:
            assert card is not None
            art = card_art(card, self.glyphs, width, height, caption=caption)
            face = color_class(card)
        else:
            art = back_art(self.glyphs, width, height, self.label)
            face = "back"
        if card is not None and flip < 1.0:  # turning over: seen edge-on half way
            shown = max(2, round(width * abs(2 * flip - 1)))
            art = narrow_art(art, shown)
            margin = (width - shown) // 2
            segments = [Segment(" " * margin, background)]
            segments += painter.line(art, y, face)
            segments.append(Segment(" " * (width - shown - margin), background))
            return Strip(segments, width)
        return Strip(painter.line(art, y, face), width)


class DrawPile(CardView):
    """The draw pile: a back with the number of cards left; a click on it draws."""

    class Clicked(Message):
        pass

    def on_click(self, event: events.Click) -> None:
        event.stop()
        message = self.Clicked()
        message.time = event.time  # when the player clicked, not when the click was read
        self.post_message(message)
