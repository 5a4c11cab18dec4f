"""The middle of the table: the draw pile, the top card (who played it, its item if it went off), colour, direction."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ..narration import ICON
from ..tableview import TableInfo
from .cardface import FACE_COLORS, color_class, short


class DrawPile(Static):
    class Clicked(Message):
        pass

    def on_click(self, event: events.Click) -> None:
        event.stop()
        message = self.Clicked()
        message.time = event.time  # when the player clicked, not when the click was read
        self.post_message(message)


class TablePanel(Vertical):
    DEFAULT_CSS = """
    TablePanel #piles {
        height: 5;
    }
    TablePanel .bigcard {
        width: 16;
        height: 5;
        border: round $foreground 60%;
        border-subtitle-color: $foreground;
        content-align: center middle;
        text-align: center;
        margin-right: 1;
    }
    TablePanel #draw-pile {
        width: 9;
        background: $error 40%;
        text-style: bold;
    }
    TablePanel #facts {
        width: 1fr;
        height: 5;
    }
    """ + "".join(
        f"TablePanel .{name} {{ background: {face}; color: {ink}; }}\n" for name, (face, ink) in FACE_COLORS.items()
    )

    info: reactive[TableInfo | None] = reactive(None)

    def compose(self) -> ComposeResult:
        with Horizontal(id="piles"):
            yield DrawPile(id="draw-pile", classes="bigcard")
            yield Static(id="top-card", classes="bigcard")
            yield Static(id="facts")

    def watch_info(self, info: TableInfo | None) -> None:
        if info is None:
            return
        self.query_one("#draw-pile", Static).update(f"UNO\n\n{info.draw_pile:>3}")
        top = self.query_one("#top-card", Static)
        top.set_classes(f"bigcard {color_class(info.top)}")
        colour = info.top.color.label if info.top.color else "Wild"
        item = ""
        if info.item is not None:  # only an item that went off: a card that was just played has none
            item = f"{ICON[info.item]} {info.item.label}"
            item = item if cell_len(item) <= 14 else info.item.label  # the card's width inside its edge
        top.update(Text(f"{colour}\n{short(info.top)}\n{item}"))
        top.border_subtitle = Text(info.played_by[:12])
        facts = Text()
        facts.append("Colour\n")
        if info.color is None:
            facts.append(" none yet ", style="reverse")
        else:
            facts.append(f" {info.color.label.upper()} ", style=f"bold reverse {info.color.value}")
        facts.append("\n\nPlay goes\n" + ("→ left" if info.direction == 1 else "← right"), style="bold")
        self.query_one("#facts", Static).update(facts)
