"""Ask for a table's code (the title's j, under ``unokart serve``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ...friends.codes import normalise
from ...voice import N_, _
from ...voice import friends as words
from ..widgets.keybar import KeyBar
from .base import Dialog


class JoinTableDialog(Dialog[str]):
    """Answers the code typed, as the host reads codes (``K9-mxr`` is ``K9MXR``), or nothing with escape."""

    BINDINGS = [Binding("enter", "join", N_("Join"), priority=True), Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(_("Join a table"), classes="title")
            yield Static(words.ask_code())
            yield Input(placeholder=_("the code, then enter"), id="code", max_length=20)
            yield Static("", id="code-error", classes="error", markup=False)
        yield KeyBar()

    def action_join(self) -> None:
        code = normalise(self.query_one("#code", Input).value)
        if code is None:
            self.query_one("#code-error", Static).update(_("A table code has five letters and digits."))
            return
        self.dismiss(code)

    def action_cancel(self) -> None:
        self.dismiss(None)
