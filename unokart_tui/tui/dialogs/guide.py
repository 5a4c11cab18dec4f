"""The first-game guide, also the table's help (?): the Item Box's five items and the keys, in a few lines.

It sits low on the screen so the table stays in view above it.
"""

from __future__ import annotations

from rich.console import Console
from rich.containers import Lines
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import HouseRules
from ...glyphs import UNICODE, Glyphs
from ...rules_text import ITEM_BOX, ITEMS, house_rule_words, house_rules_tag
from ...voice import N_, _
from ...voice.cards import item_label
from ..widgets.keybar import KeyBar
from ..widgets.table import GRAND_SIZE
from ..widgets.wholewords import WholeText
from .base import Dialog

# Two lines at 80 columns with the players panel's marks before them: a third hid the hand under the guide.
# Each key with its use, a label each; the house rules add theirs.
KEYS = (
    N_("←→ card"),
    N_("enter play"),
    N_("d draw"),
    N_("p keep"),
    N_("u UNO"),
    N_("c catch"),
    N_("f fast"),
    N_("t hint"),
    N_("a autopilot"),
    N_("z undo"),
    N_("PgUp/Dn log"),
    N_("q leave"),
)
DRAW_OR_TAKE = N_("d draw (or take a stack)")  # H1-H3
JUMP_IN = N_("j jump in")  # H5


class GuideDialog(Dialog[str]):
    """Answers "close", "rules" (open the whole rules) or "off" (the first-game guide no more).

    The first-game guide is shown once (the table turns it off whatever the answer); ``n`` still answers "off".
    """

    BINDINGS = [
        Binding("enter,space,escape,question_mark", "answer('close')", N_("Got it")),
        # The first game's: every answer turns the guide off, so the bar says where it is found again.
        Binding("enter,space,escape,question_mark", "answer('once')", N_("Got it (? at the table shows it again)")),
        Binding("r", "answer('rules')", N_("All the rules")),
        Binding("n", "answer('off')", N_("Don't show again"), show=False),  # every answer does, since issue 34
    ]

    def __init__(self, *, first_game: bool, rules: HouseRules | None = None, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.first_game = first_game
        self.rules = HouseRules() if rules is None else rules  # the match's house rules, said in a line each
        self.glyphs = glyphs
        self.add_class("guide")

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            if self.first_game:
                title = _("New to UNO Mario Kart? The Item Box in short")
            else:
                title = _("The Item Box, and the keys")
            yield Static(title, classes="title")
            # Two spaces between the columns: found in play (nl), "Bliksemschicht de rest trekt 1" read as one
            # line of words, the longest item's name against what it does.
            items = Table.grid(padding=(0, 2))
            items.add_column(no_wrap=True)
            items.add_column(no_wrap=True)
            items.add_column(no_wrap=True, style="bold")
            items.add_column()
            for item, card, what in ITEMS:
                items.add_row(self.glyphs.items[item], _(card), item_label(item), _(what))
            yield Static(Text(_(ITEM_BOX)))
            yield Static(items)
            if not self.rules.is_official:
                house = Text(_("House rules: {rules}").format(rules=house_rules_tag(self.rules)), style="bold")
                for switch, value in self.rules.enabled().items():
                    house.append(f"\n  {house_rule_words(switch, value).line}", style="not bold")
                yield Static(house)
            keys = [_(key) for key in KEYS]
            if self.rules.stack_draw_two or self.rules.stack_draw_four:
                keys[KEYS.index("d draw")] = _(DRAW_OR_TAKE)
            if self.rules.jump_in:
                keys.insert(KEYS.index("c catch") + 1, _(JUMP_IN))
            # The players panel's marks first.
            marks = [_("{mark} to play").format(mark=self.glyphs.turn), _("{mark} next").format(mark=self.glyphs.next)]
            yield Static(keys_line(marks + keys), classes="keys")

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


def keys_line(keys: list[str]) -> WholeText:
    """The keys with their uses, " · " between them; a line never parts a key from its use.

    Found in play: "… PgUp/Dn denník · q" and "odchod" on the next line; and (nl) a line ending in a
    dangling "·" or starting with one: each separator stays after its key and is dropped at a line's end.
    """
    kept: list[tuple[int, int]] = []
    start = 0
    for key in keys:
        kept.append((start, start + len(key) + len(SEPARATOR.rstrip())))
        start += len(key) + len(SEPARATOR)
    return KeysText.keeping(Text(SEPARATOR.join(keys), style="dim"), kept)


SEPARATOR = " · "


class KeysText(WholeText):
    """Keys wrapped as ``WholeText``, without the separator a line would end with."""

    def wrap(self, console: Console, width: int, **options: object) -> Lines:
        lines = super().wrap(console, width, **options)
        end = SEPARATOR.rstrip()
        for line in lines:
            if line.plain.endswith(end):
                line.right_crop(len(end))
                line.rstrip()
        return lines
