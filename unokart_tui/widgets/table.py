"""The middle of the table: draw pile, top card (colour, rank, item), active colour, direction, scores."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from unokart_tui.engine import Card, Color

from .cardface import color_class, short


class TableInfo(NamedTuple):
    top: Card
    color: Color | None
    direction: int
    draw_pile: int


class DrawPile(Static):
    class Clicked(Message):
        pass

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked())


class TablePanel(Vertical):
    info: reactive[TableInfo | None] = reactive(None)

    def compose(self) -> ComposeResult:
        with Horizontal(id="piles"):
            yield DrawPile(id="draw-pile", classes="bigcard back")
            yield Static(id="top-card", classes="bigcard")
            yield Static(id="facts")

    def watch_info(self, info: TableInfo | None) -> None:
        if info is None:
            return
        self.query_one("#draw-pile", Static).update(f"UNO\n\n{info.draw_pile:>3}")
        top = self.query_one("#top-card", Static)
        top.set_classes(f"bigcard {color_class(info.top)}")
        colour = info.top.color.label if info.top.color else "Wild"
        top.update(f"{colour}\n{short(info.top):^6}\n{info.top.item.label}")
        facts = Text()
        facts.append("Colour\n")
        if info.color is None:
            facts.append(" none yet ", style="reverse")
        else:
            facts.append(f" {info.color.label.upper()} ", style=f"bold reverse {info.color.value}")
        facts.append("\n\nPlay goes\n" + ("→ left" if info.direction == 1 else "← right"), style="bold")
        self.query_one("#facts", Static).update(facts)
