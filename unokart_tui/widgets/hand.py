"""The player's hand: cards as cards, grouped by colour, a cursor on one; playable ones bright."""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from unokart_tui.engine import Card

from .cardface import color_class, short


@dataclass(frozen=True)
class HandState:
    cards: tuple[Card, ...] = ()  # in display order
    playable: frozenset[int] = frozenset()  # display positions that can be played now
    cursor: int = 0
    title: str = "Your hand"


class CardWidget(Static):
    """One card of the hand; a click asks to play it."""

    @dataclass
    class Clicked(Message):
        position: int

    def __init__(self, card: Card, position: int, *, playable: bool, selected: bool) -> None:
        classes = f"card {color_class(card)}" + (" playable" if playable else " unplayable")
        classes += " selected" if selected else ""
        super().__init__(short(card), classes=classes)
        self.position = position

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.position))


class HandView(Container):
    """Recomposed only when the cards change; a cursor move or a new turn just restyles the cards."""

    state: reactive[HandState] = reactive(HandState, init=False)

    def compose(self) -> ComposeResult:
        state = self.state
        for position, card in enumerate(state.cards):
            yield CardWidget(card, position, playable=position in state.playable, selected=position == state.cursor)

    async def watch_state(self, old: HandState, new: HandState) -> None:
        self.border_title = new.title
        widgets = list(self.query(CardWidget))
        if old.cards != new.cards or len(widgets) != len(new.cards):
            await self.recompose()
            return
        for widget in widgets:
            playable = widget.position in new.playable
            widget.set_class(playable, "playable")
            widget.set_class(not playable, "unplayable")
            widget.set_class(widget.position == new.cursor, "selected")
