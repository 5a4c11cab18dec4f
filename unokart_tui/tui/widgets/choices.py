"""A drop-down list whose open menu names its key in the player's language.

Textual's ``Select`` opens a list whose escape is described as "Dismiss menu", a word of Textual's
own that no catalog of ours holds: found in play, the Slovak and Dutch key bars said it in English.
Its keys to move and to choose are Textual's too, but hidden: found in play (issue 32), an open list's
bar named only how to close it, not how to choose.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay, SelectType

from ...voice import N_


class ChoicesOverlay(SelectOverlay):
    # The same keys and actions as Textual's, descriptions of our catalog (the key bar looks them up).
    BINDINGS = [
        Binding("up", "cursor_up", N_("Up"), show=False),
        Binding("down", "cursor_down", N_("Move"), key_display="↑↓"),
        Binding("enter", "select", N_("Choose")),
        Binding("escape", "dismiss", N_("Close the list")),
    ]


class Choices(Select[SelectType]):
    """``Select``, its open list closed by escape in the player's words."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield ChoicesOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)


__all__ = ["Choices", "ChoicesOverlay"]
