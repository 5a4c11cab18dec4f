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
from ..widgets.ordered_input import OrderedInput
from .base import Dialog


class CodeInput(OrderedInput):
    """The code's field: its enter joins, and the key bar says so.

    Found over ssh: a priority enter of the dialog read a pasted code before the field had taken its
    letters. The field's own enter comes after them, and ``Input.Submitted`` carries the value.
    """

    BINDINGS = [Binding("enter", "submit", N_("Join"))]


class JoinTableDialog(Dialog[str]):
    """Answers the code typed, as the host reads codes (``K9-mxr`` is ``K9MXR``), or nothing with escape."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(_("Join a table"), classes="title")
            yield Static(words.ask_code())
            yield CodeInput(placeholder=_("the code, then enter"), id="code", max_length=20)
            yield Static("", id="code-error", classes="error", markup=False)
        yield KeyBar()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.join(event.value)

    def join(self, typed: str) -> None:
        code = normalise(typed)
        if code is None:
            self.query_one("#code-error", Static).update(_("A table code has five letters and digits."))
            return
        self.dismiss(code)

    def action_cancel(self) -> None:
        self.dismiss(None)
