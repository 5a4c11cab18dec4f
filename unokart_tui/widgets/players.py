"""One line per player: name, cards, what they did last, score; whose turn it is, who can be caught."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..tableview import SeatLine

KIND_LABEL = {"human": "", "item-hoarder": "hoarder"}
WIDE = 60  # from this many columns a line also shows the bot's personality and the cards' backs


class PlayerRow(Widget, can_focus=False):
    """Draws a ``SeatLine`` in the columns it has: the last action takes what the rest leaves."""

    DEFAULT_CSS = """
    PlayerRow {
        height: 1;
    }
    PlayerRow.to-act {
        background: $accent 30%;
    }
    PlayerRow > .player-row--badge {
        color: $warning;
        text-style: bold reverse;
    }
    PlayerRow > .player-row--quiet {
        color: $text-muted;
    }
    """
    COMPONENT_CLASSES = {"player-row--badge", "player-row--quiet"}

    info: reactive[SeatLine | None] = reactive(None)

    def watch_info(self, info: SeatLine | None) -> None:
        self.set_class(info is not None and info.to_act, "to-act")

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text()
        width = self.content_size.width
        quiet = self.get_component_rich_style("player-row--quiet")
        line = Text(no_wrap=True, overflow="ellipsis")
        # Six letters of a name: every bot's name fits ("Bowser"), and a last move of 18 at 80 columns.
        line.append(f"{'▶' if info.to_act else ' '} {info.name:<6.6} ", style="bold" if info.to_act else "")
        wide = width >= WIDE
        if wide:
            line.append(f"{KIND_LABEL.get(info.kind, info.kind):<11.11}", style=quiet)
        line.append(f"{info.cards:>3} ")
        if wide:
            backs = "▮" * min(info.cards, 6) + ("+" if info.cards > 6 else "")
            line.append(f"{backs:<8}", style=quiet)
        room = max(width - line.cell_len - 5, 0)  # the score takes the last five columns
        if info.exposed:  # "CATCH!" is for the others: the player is told to say UNO
            last = Text(
                "say UNO! (u)" if info.you else "CATCH! (c)", self.get_component_rich_style("player-row--badge")
            )
        else:
            last = Text(info.last, style="bold" if info.last.startswith("UNO") else quiet)
        last.truncate(room, overflow="ellipsis", pad=True)
        line.append_text(last)
        line.append(f"{info.score:>5}")
        return line
