"""Ask for a save's new name (Load game's n)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from saves import SaveError, check_name

from ...printable import printable
from ...voice import N_, _
from ..widgets.keybar import KeyBar
from ..widgets.ordered_input import OrderedInput
from .base import Dialog


class NameField(OrderedInput):
    """The new name's field: its enter renames, and the key bar says so.

    Found with keys typed fast (tmux ``send-keys``, a paste over SSH): the dialog's priority enter read
    the field before it had taken the letters typed before it. The field's own enter comes after them.
    """

    BINDINGS = [Binding("enter", "submit", N_("Rename"))]


class RenameDialog(Dialog[str]):
    """Answers the new name typed (checked as a save name), or nothing with escape."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.old_name = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            title = _("Rename the save {name}").format(name=self.old_name)
            yield Static(printable(title), classes="title", markup=False)
            yield NameField(self.old_name, placeholder=_("a new name, then enter"), id="new-name")
            yield Static("", id="rename-error", classes="error", markup=False)
        yield KeyBar()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_rename()

    def action_rename(self) -> None:
        name = self.query_one("#new-name", Input).value.strip()
        try:
            check_name(name)
        except SaveError as error:
            self.query_one("#rename-error", Static).update(printable(f"{error.problem.capitalize()}."))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
