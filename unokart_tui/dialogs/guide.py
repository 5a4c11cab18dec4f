"""The first-game guide, also the table's help (?): the Item Box's five items and the keys, in a few lines.

It sits low on the screen so the table stays in view above it.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ..rules_text import ITEM_BOX, ITEMS
from ..widgets.keybar import KeyBar
from .base import Dialog

KEYS = (
    "←→ card · enter play · d draw · p keep · u UNO · c catch · f fast · t hint · a autopilot · "
    "PgUp/PgDn log · q leave (saved)"
)


class GuideDialog(Dialog[str]):
    """Answers "close", "rules" (open the whole rules) or "off" (the first-game guide no more)."""

    BINDINGS = [
        Binding("enter,space,escape,question_mark", "answer('close')", "Got it"),
        Binding("r", "answer('rules')", "All the rules"),
        Binding("n", "answer('off')", "Don't show again"),
    ]

    def __init__(self, *, first_game: bool) -> None:
        super().__init__()
        self.first_game = first_game
        self.add_class("guide")

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            title = "New to UNO Mario Kart? The Item Box in short" if self.first_game else "The Item Box, and the keys"
            yield Static(title, classes="title")
            items = Table.grid(padding=(0, 1))
            items.add_column(no_wrap=True)
            items.add_column(no_wrap=True)
            items.add_column(no_wrap=True, style="bold")
            items.add_column()
            for icon, card, item, what in ITEMS:
                items.add_row(icon, card, item, what)
            yield Static(Text(ITEM_BOX))
            yield Static(items)
            yield Static(Text(KEYS, style="dim"), classes="keys")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer" and parameters == ("off",):
            return self.first_game  # in the help, the guide is already off or wanted
        return True

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
