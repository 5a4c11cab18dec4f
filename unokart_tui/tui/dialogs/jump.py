"""Ask for a move number to jump to in a replay."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ...voice import N_, _
from ..widgets.keybar import KeyBar
from ..widgets.ordered_input import OrderedInput
from .base import Dialog


class JumpDialog(Dialog[int]):
    """Answers the move number typed (0 is the first deal), or nothing with escape."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(_("Go to move (0 to {last})").format(last=f"{self.total:,}"), classes="title")
            yield OrderedInput(type="integer", placeholder=_("a move number, then enter"), id="move")
            yield Static("", id="jump-error", classes="error")
        yield KeyBar()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            number = int(event.value)
        except ValueError:
            self.query_one("#jump-error", Static).update(_("Type a whole number."))
            return
        if not 0 <= number <= self.total:
            self.query_one("#jump-error", Static).update(
                _("There are moves 0 to {last}.").format(last=f"{self.total:,}")
            )
            return
        self.dismiss(number)

    def action_cancel(self) -> None:
        self.dismiss(None)
