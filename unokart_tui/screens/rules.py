"""The rules in the project's own words, and a second page with the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Markdown, TabbedContent, TabPane

from ..rules_text import KEYS, RULES
from ..widgets.keybar import KeyBar


class RulesScreen(Screen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "back", "Back"), Binding("k", "keys", "Keys page")]

    def compose(self) -> ComposeResult:
        with TabbedContent(initial="rules"):
            with TabPane("Rules", id="rules"):
                yield Markdown(RULES)
            with TabPane("Keys", id="keys"):
                yield Markdown(KEYS)
        yield KeyBar()

    def action_keys(self) -> None:
        self.query_one(TabbedContent).active = "keys"

    def action_back(self) -> None:
        self.app.pop_screen()
