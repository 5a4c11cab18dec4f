"""A drop-down list whose open menu names its key in the player's language.

Textual's ``Select`` opens a list whose escape is described as "Dismiss menu", a word of Textual's
own that no catalog of ours holds: found in play, the Slovak and Dutch key bars said it in English.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay, SelectType

from ...voice import N_


class ChoicesOverlay(SelectOverlay):
    # The same key and action as Textual's, a description of our catalog (the key bar looks it up).
    BINDINGS = [Binding("escape", "dismiss", N_("Close the list"))]


class Choices(Select[SelectType]):
    """``Select``, its open list closed by escape in the player's words."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield ChoicesOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)


__all__ = ["Choices", "ChoicesOverlay"]
