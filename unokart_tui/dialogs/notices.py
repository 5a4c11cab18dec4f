"""Things to read, then continue: a revealed hand, the end of a round or of the match."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from unokart_tui.engine import Card

from ..widgets.cardface import cards as card_list
from ..widgets.keybar import KeyBar
from .base import Dialog


class NoticeDialog(Dialog[str]):
    """A box of text; each of ``keys`` (key, label) closes it and answers that key."""

    def __init__(
        self, title: str, body: RenderableType, keys: Sequence[tuple[str, str]] = (("enter", "continue"),)
    ) -> None:
        super().__init__()
        self.title_text, self.body, self.keys = title, body, list(keys)
        for key, label in self.keys:
            also = ",space" if key == "enter" else ""
            self._bindings.bind(key + also, f"answer('{key}')", label.capitalize())

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(self.title_text, classes="title", markup=False)  # names are not markup
            yield Static(self.body, markup=False)
            line = Text()
            for key, label in self.keys:
                line.append(f" {key} ", style="bold reverse")
                line.append(f" {label}   ")
            yield Static(line, classes="keys")
        yield KeyBar()

    def action_answer(self, key: str) -> None:
        self.dismiss(key)


def revealed_hand(name: str, cards: Sequence[Card], guilty: bool) -> NoticeDialog:
    verdict = "Guilty! They draw 4." if guilty else "Not guilty: you draw 6."
    return NoticeDialog(f"{name} shows you their hand — {verdict}", Text(card_list(cards) or "(no cards)"))


def _round_rows(rows: Sequence[tuple[str, Sequence[Card], int]], scores: str) -> Group:
    """Each loser's points and cards, the cards wrapping under themselves however many there are."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, width=8)
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column()
    for name, cards, value in rows:
        grid.add_row(Text(name[:8], style="bold"), Text(f"{value} pts", style="bold"), Text(card_list(cards)))
    return Group(grid, Text(""), Text(scores))


def round_over(winner: str, points: int, rows: Sequence[tuple[str, Sequence[Card], int]], scores: str) -> NoticeDialog:
    body = _round_rows(rows, f"Scores: {scores}")
    return NoticeDialog(f"{winner} won the round: +{points} points", body, [("enter", "next round")])


def match_over(winner: str, points: int, rows: Sequence[tuple[str, Sequence[Card], int]], scores: str) -> NoticeDialog:
    """The last round's cards and points too: the round that ends a match gets no dialog of its own."""
    body = _round_rows(rows, f"Final scores: {scores}")
    return NoticeDialog(
        f"{winner} won the last round (+{points}) and the match!", body, [("n", "play again"), ("q", "menu")]
    )
