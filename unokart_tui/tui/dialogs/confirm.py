"""A yes/no question."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...voice import _, pgettext
from ..widgets.keybar import KeyBar
from .base import Dialog


def answer_keys() -> tuple[str, str]:
    """The keys for yes and no in the reader's language: ``y``/``n``, Slovak ``a``/``n`` (*áno*), Dutch ``j``/``n``."""
    return pgettext("key that answers yes", "y"), pgettext("key that answers no", "n")


class ConfirmDialog(Dialog[bool]):
    """A question answered with yes or no; the English y and n answer it in every language (found in play:
    the Slovak dialog said *áno* and waited for y)."""

    BINDINGS = [Binding("escape", "answer(False)", show=False)]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question, self.detail = question, detail
        yes, no = answer_keys()
        self._bindings.bind(yes, "answer(True)", _("Yes"))
        self._bindings.bind(no, "answer(False)", _("No"))
        for english, answer in (("y", True), ("n", False)):
            if english not in (yes, no):
                self._bindings.bind(english, f"answer({answer})", show=False)

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(self.question, classes="title", markup=False)
            if self.detail:
                yield Static(self.detail, markup=False)
            yes, no = answer_keys()
            yield Static(f"[reverse] {yes} [/] " + _("yes") + f"    [reverse] {no} [/] " + _("no"), classes="keys")
        yield KeyBar()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
