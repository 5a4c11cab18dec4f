"""A yes/no question."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...voice import N_, _
from ..widgets.keybar import KeyBar
from .base import Dialog


class ConfirmDialog(Dialog[bool]):
    BINDINGS = [Binding("y", "answer(True)", N_("Yes")), Binding("n,escape", "answer(False)", N_("No"))]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question, self.detail = question, detail

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(self.question, classes="title", markup=False)
            if self.detail:
                yield Static(self.detail, markup=False)
            yield Static("[reverse] y [/] " + _("yes") + "    [reverse] n [/] " + _("no"), classes="keys")
        yield KeyBar()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
