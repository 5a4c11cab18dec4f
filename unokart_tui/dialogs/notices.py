"""Things to read, then continue: a revealed hand, the end of a round or of the match."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from unokart_tui.engine import Card

from ..widgets.cardface import compact


class NoticeDialog(ModalScreen[str]):
    """A box of text; each of ``keys`` (key, label) dismisses it with that key."""

    def __init__(
        self, title: str, body: Text | str, keys: Sequence[tuple[str, str]] = (("enter", "continue"),)
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.body, self.keys = title, body, list(keys)

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(self.title_text, classes="title", markup=False)  # names are not markup
            yield Static(self.body, markup=False)
            line = Text()
            for key, label in self.keys:
                line.append(f" {key} ", style="bold reverse")
                line.append(f" {label}   ")
            yield Static(line, classes="keys")

    def on_key(self, event: object) -> None:
        key = getattr(event, "key", "")
        for wanted, _ in self.keys:
            if key == wanted or (wanted == "enter" and key == "space"):
                self.dismiss(wanted)
                return


def revealed_hand(name: str, cards: Sequence[Card], guilty: bool) -> NoticeDialog:
    verdict = "Guilty! They draw 4." if guilty else "Not guilty: you draw 6."
    body = Text("  ".join(compact(card) for card in cards) or "(no cards)")
    return NoticeDialog(f"{name} shows you their hand — {verdict}", body)


def _round_rows(rows: Sequence[tuple[str, Sequence[Card], int]]) -> Text:
    body = Text()
    for name, cards, value in rows:
        body.append(f"{name:<8.8} {value:>4} pts  ", style="bold")
        body.append("  ".join(compact(card) for card in cards) + "\n")
    return body


def round_over(winner: str, points: int, rows: Sequence[tuple[str, Sequence[Card], int]], scores: str) -> NoticeDialog:
    body = _round_rows(rows)
    body.append(f"\nScores: {scores}")
    return NoticeDialog(f"{winner} won the round: +{points} points", body, [("enter", "next round")])


def match_over(winner: str, points: int, rows: Sequence[tuple[str, Sequence[Card], int]], scores: str) -> NoticeDialog:
    """The last round's cards and points too: the round that ends a match gets no dialog of its own."""
    body = _round_rows(rows)
    body.append(f"\nFinal scores: {scores}")
    return NoticeDialog(
        f"{winner} won the last round (+{points}) and the match!", body, [("n", "play again"), ("q", "menu")]
    )
