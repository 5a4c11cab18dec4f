"""One compact line per opponent: name, personality, cards, score, UNO and exposure marks, whose turn."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


class OpponentInfo(NamedTuple):
    seat: int
    name: str
    kind: str
    cards: int
    score: int
    to_act: bool
    exposed: bool


KIND_LABEL = {"human": "", "item-hoarder": "hoarder"}


class OpponentPanel(Static):
    info: reactive[OpponentInfo | None] = reactive(None)

    def watch_info(self, info: OpponentInfo | None) -> None:
        if info is None:
            return
        self.set_class(info.to_act, "to-act")
        self.set_class(info.exposed, "exposed")
        marker = "▶" if info.to_act else " "
        backs = "▮" * min(info.cards, 6) + ("+" if info.cards > 6 else "")
        line = Text(f"{marker} {info.name:<7.7}", style="bold" if info.to_act else "")
        line.append(f" {KIND_LABEL.get(info.kind, info.kind):<10.10}", style="dim")
        line.append(f"{info.cards:>3} ")
        if info.exposed:  # the badge takes the place of the card backs
            line.append("CATCH!", style="bold reverse")
            line.append(" ")
        elif info.cards == 1:
            line.append(f"{'UNO':<7}", style="bold")
        else:
            line.append(f"{backs:<7}", style="dim")
        line.append(f"{info.score:>4}")
        self.update(line)
