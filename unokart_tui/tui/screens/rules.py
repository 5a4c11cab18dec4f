"""The rules in the project's own words, and a second page with the keys.

Opened from a match, the rules begin with the house rules it plays (HOUSE_RULES.md);
opened from the title, they end with every house rule a new match may switch on.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown, TabbedContent, TabPane

from ...engine import HouseRules
from ...glyphs import UNICODE, Glyphs
from ...rules_text import every_house_rule, house_rules_text, keys_text
from ...rules_text import rules as rules_markdown
from ...voice import N_, _
from ..widgets.keybar import KeyBar
from .styled import StyledOnce


class RulesScreen(StyledOnce[None]):
    """Nothing takes the focus here: every key is the screen's, so the text scrolls whatever was clicked."""

    BINDINGS = [
        Binding("escape,q,question_mark", "back", N_("Back")),
        Binding("left,h", "page('rules')", N_("Rules")),
        Binding("right,l", "page('keys')", N_("Keys")),
        Binding("down,j", "scroll('down')", N_("Scroll"), key_display="↓↑ PgDn End"),
        Binding("up,k", "scroll('up')", N_("Up"), show=False),
        Binding("pagedown,space", "scroll('page_down')", N_("Page down"), show=False),
        Binding("pageup,b", "scroll('page_up')", N_("Page up"), show=False),
        Binding("home", "scroll('home')", N_("Top"), show=False),
        Binding("end", "scroll('end')", N_("End"), show=False),
    ]

    def __init__(self, rules: HouseRules | None = None, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.rules = rules  # the match's, when opened from one
        self.glyphs = glyphs  # the items' symbols, as the cards show them

    def text(self) -> str:
        markdown = rules_markdown(self.glyphs, self.rules)
        if self.rules is None:
            return f"{markdown}\n{every_house_rule()}\n"
        if self.rules.is_official:
            return markdown
        title, rest = markdown.split("\n\n", 1)
        heading = "## " + _("House rules in this match")
        return f"{title}\n\n{heading}\n\n{house_rules_text(self.rules)}\n\n{rest}"

    def compose(self) -> ComposeResult:
        with TabbedContent(initial="rules"):
            with TabPane(_("Rules"), id="rules"), VerticalScroll(id="rules-text", classes="page", can_focus=False):
                yield Markdown(self.text())
            with TabPane(_("Keys"), id="keys"), VerticalScroll(id="keys-text", classes="page", can_focus=False):
                yield Markdown(keys_text() + "\n")
        yield KeyBar()

    def on_mount(self) -> None:
        self.set_focus(None)
        for tabs in self.query("ContentTabs"):
            tabs.can_focus = False

    def action_page(self, page: str) -> None:
        self.query_one(TabbedContent).active = page

    def action_scroll(self, how: str) -> None:
        page = self.query_one(f"#{self.query_one(TabbedContent).active}-text", VerticalScroll)
        if how == "down":
            page.scroll_down(animate=False)
        elif how == "up":
            page.scroll_up(animate=False)
        elif how == "page_down":
            page.scroll_page_down(animate=False)
        elif how == "page_up":
            page.scroll_page_up(animate=False)
        elif how == "home":
            page.scroll_home(animate=False)
        else:
            page.scroll_end(animate=False)

    def action_back(self) -> None:
        self.app.pop_screen()
