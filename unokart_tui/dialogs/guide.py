"""The first-game guide, also the table's help (?): the Item Box's five items and the keys, in a few lines.

It sits low on the screen so the table stays in view above it.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ..engine import HouseRules
from ..glyphs import UNICODE, Glyphs
from ..rules_text import ITEM_BOX, ITEMS, house_rule_words, house_rules_tag
from ..widgets.keybar import KeyBar
from ..widgets.table import GRAND_SIZE
from .base import Dialog

# Two lines at 80 columns with the players panel's marks before them: a third hid the hand under the guide.
KEYS = (
    "←→ card · enter play · d draw · p keep · u UNO · c catch · f fast · t hint · a autopilot · z undo · "
    "PgUp/Dn log · q leave"
)


class GuideDialog(Dialog[str]):
    """Answers "close", "rules" (open the whole rules) or "off" (the first-game guide no more).

    The first-game guide is shown once (the table turns it off whatever the answer); ``n`` still answers "off".
    """

    BINDINGS = [
        Binding("enter,space,escape,question_mark", "answer('close')", "Got it"),
        # The first game's: every answer turns the guide off, so the bar says where it is found again.
        Binding("enter,space,escape,question_mark", "answer('once')", "Got it (? at the table shows it again)"),
        Binding("r", "answer('rules')", "All the rules"),
        Binding("n", "answer('off')", "Don't show again", show=False),  # every answer does, since issue 34
    ]

    def __init__(self, *, first_game: bool, rules: HouseRules | None = None, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.first_game = first_game
        self.rules = HouseRules() if rules is None else rules  # the match's house rules, said in a line each
        self.glyphs = glyphs
        self.add_class("guide")

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            title = "New to UNO Mario Kart? The Item Box in short" if self.first_game else "The Item Box, and the keys"
            yield Static(title, classes="title")
            items = Table.grid(padding=(0, 1))
            items.add_column(no_wrap=True)
            items.add_column(no_wrap=True)
            items.add_column(no_wrap=True, style="bold")
            items.add_column()
            for item, card, what in ITEMS:
                items.add_row(self.glyphs.items[item], card, item.label, what)
            yield Static(Text(ITEM_BOX))
            yield Static(items)
            if not self.rules.is_official:
                house = Text(f"House rules: {house_rules_tag(self.rules)}", style="bold")
                for switch, value in self.rules.enabled().items():
                    house.append(f"\n  {house_rule_words(switch, value).line}", style="not bold")
                yield Static(house)
            keys = KEYS
            if self.rules.stack_draw_two or self.rules.stack_draw_four:
                keys = keys.replace("d draw ·", "d draw (or take a stack) ·")
            if self.rules.jump_in:
                keys = keys.replace("c catch ·", "c catch · j jump in ·")
            marks = f"{self.glyphs.turn} to play · {self.glyphs.next} next · "  # the players panel's marks
            yield Static(Text(marks + keys, style="dim"), classes="keys")

        yield KeyBar()

    def show_size(self, width: int, height: int) -> None:
        super().show_size(width, height)
        self.set_class(width >= GRAND_SIZE[0] and height >= GRAND_SIZE[1], "-grand")  # above the grand table's hand

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small:  # behind the notice to enlarge the terminal (Dialog)
            return False
        if action == "answer" and parameters in (("off",), ("once",)):
            return self.first_game  # in the help, the guide is already off or wanted
        if action == "answer" and parameters == ("close",):
            return not self.first_game
        return True

    def action_answer(self, answer: str) -> None:
        self.dismiss("close" if answer == "once" else answer)
