"""The middle of the table: the draw pile, the top card (who played it, its item if it went off), colour, direction.

Compact (the 80x24 table): small cards beside the facts. Roomy: the two cards large
(11x8, 15x11 on a big terminal: the corner, the rank drawn big, the colour's word), a
line under each, and the facts under them.
Its border names the house rules in play (HOUSE_RULES.md) and a stack waiting for its answer.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Static

from ..tableview import TableInfo
from .cardview import CardView, DrawPile
from .paint import CARD_COMPONENTS, card_css

# The terminal sizes from which the cards are big, and bigger still: the game screen's (screens/game.py).
ROOMY_SIZE = (110, 32)
SPACIOUS_SIZE = (160, 48)


class TablePanel(Vertical):
    DEFAULT_CSS = """
    TablePanel #piles {
        height: 5;
    }
    TablePanel .pile {
        width: auto;
        height: auto;
        margin-right: 1;
    }
    TablePanel #draw-pile {
        width: 9;
        height: 5;
    }
    TablePanel #top-card {
        width: 16;
        height: 5;
    }
    TablePanel .pile-label {
        display: none;
        width: 100%;
        height: 1;
        text-align: center;
        color: $text-muted;
    }
    TablePanel #facts {
        width: 1fr;
        height: 5;
    }
    TablePanel.-roomy #piles {
        layout: grid;
        grid-size: 2;
        grid-columns: 13 11;
        grid-rows: 9 2;
        width: 24;
        height: 11;
    }
    TablePanel.-roomy #draw-pile, TablePanel.-roomy #top-card {
        width: 11;
        height: 8;
    }
    TablePanel.-roomy .pile {
        margin-right: 0;
    }
    TablePanel.-spacious #piles {
        grid-columns: 17 15;
        grid-rows: 12 2;
        width: 32;
        height: 14;
    }
    TablePanel.-spacious #draw-pile, TablePanel.-spacious #top-card {
        width: 15;
        height: 11;
    }
    TablePanel.-roomy .pile-label {
        display: block;
    }
    TablePanel.-roomy #facts {
        column-span: 2;
        width: 100%;
        height: 2;
        text-align: center;
    }
    """ + card_css("TablePanel")
    COMPONENT_CLASSES = CARD_COMPONENTS

    info: reactive[TableInfo | None] = reactive(None)
    roomy: reactive[bool] = reactive(False)
    spacious: reactive[bool] = reactive(False)  # a big terminal: the roomy table's cards bigger still (15x11)

    def compose(self) -> ComposeResult:
        with Horizontal(id="piles"):
            with Vertical(classes="pile"):
                yield DrawPile(id="draw-pile")
                yield Static(id="pile-count", classes="pile-label")
            with Vertical(classes="pile"):
                yield CardView(id="top-card")
                yield Static(id="played-by", classes="pile-label")
            yield Static(id="facts")

    def on_mount(self) -> None:
        # The colour's badge is painted with the theme's card face: a new theme paints it again.
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.watch_info(self.info))

    def watch_roomy(self, roomy: bool) -> None:
        self.set_class(roomy, "-roomy")
        self.watch_info(self.info)

    def watch_spacious(self, spacious: bool) -> None:
        self.set_class(spacious, "-spacious")

    def watch_info(self, info: TableInfo | None) -> None:
        if info is None:
            return
        pile = self.query_one(DrawPile)
        pile.glyphs = info.glyphs
        pile.label = "UNO" if self.roomy else f"{info.draw_pile}"
        self.query_one("#pile-count", Static).update(f"{info.draw_pile} to draw")
        top = self.query_one("#top-card", CardView)
        top.glyphs, top.card = info.glyphs, info.top
        went_off = ""
        if info.item is not None:  # only an item that went off: a card that was just played has none
            went_off = f"{info.glyphs.items[info.item]} {info.item.label}"
        top.caption = "" if self.roomy else (went_off or info.played_by)[:14]
        self.query_one("#played-by", Static).update(Text(f"{went_off}!" if went_off else info.played_by))
        facts = Text(no_wrap=True, overflow="ellipsis")  # a long name ends in "…", its line still there
        facts.append("Colour " if self.roomy else "Colour\n")
        if info.color is None:
            facts.append(" none yet ", style="reverse")
        else:
            facts.append(
                f" {info.color.label.upper()} ", style=self.get_component_rich_style(f"card--{info.color.value}")
            )
        # Found in play: "Play goes ↻ left" meant nothing beside a list, and "clockwise" named no one.
        # Who plays after the player reads the same in the list and round the table, and a Reverse changes it.
        after = f"\nAfter you: {info.after_you}" if self.roomy else f"\n\nAfter you\n{info.after_you}"
        facts.append(after, style="bold")
        self.query_one("#facts", Static).update(facts)
        self.border_title = "Table" if info.rules == "official" else f"Table · house rules: {info.rules}"
        self.border_subtitle = Text(info.pending, style="bold reverse") if info.pending else ""
