"""House rules for a new match: a preset, then single switches, each with the line that explains it.

Answers the ``HouseRules`` chosen (HOUSE_RULES.md), or nothing when the player goes back.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import PRESETS, SWITCHES, HouseRules
from ...engine.house_rules import BANANA_VALUES, HAND_SIZES
from ...rules_text import house_rule_words
from ...voice import N_, _
from ...voice.names import preset_name
from ..widgets.keybar import KeyBar
from .base import Dialog

SWITCH_NAMES = tuple(SWITCHES)


def toggled(rules: HouseRules, switch: str, step: int = 1) -> HouseRules:
    """``rules`` with ``switch`` turned over (a hand size moved by ``step``), kept a possible combination.

    Stacking a Wild Draw Four on a Draw Two (H3) needs both stackings: turning it on turns
    them on, and turning either off turns it off.
    """
    value = getattr(rules, switch)
    if switch == "hand_size":
        sizes = list(HAND_SIZES)
        return rules.replace(hand_size=sizes[(sizes.index(value) + step) % len(sizes)])
    if switch == "banana":
        return rules.replace(banana=BANANA_VALUES[(BANANA_VALUES.index(value) + 1) % len(BANANA_VALUES)])
    changes: dict[str, object] = {switch: not value}
    if switch == "stack_cross" and not value:
        changes.update(stack_draw_two=True, stack_draw_four=True)
    if switch in ("stack_draw_two", "stack_draw_four") and value:
        changes["stack_cross"] = False
    return rules.replace(**changes)


def switch_row(rules: HouseRules, switch: str, selected: bool) -> tuple[Text, Text, Text]:
    """A switch's box, its tag and the line that explains it: three cells of the list's grid."""
    value = getattr(rules, switch)
    words = house_rule_words(switch, value)
    if switch == "hand_size":
        box = f"◂{value:>2}▸ "
    else:
        on = value is True or (switch == "banana" and value == "last-turn")
        box = "[x]  " if on else "[ ]  "
    head = ("▸ " if selected else "  ") + box
    pad = " " * max(1, 13 - cell_len(words.tag))
    return Text(head), Text(words.tag + pad, style="bold"), Text(words.line)


def switches_grid(rules: HouseRules, cursor: int) -> Table:
    """The switches, one a row, each explanation wrapping under itself.

    Found in play (Slovak, 80x24): the line of "+4 na +4" wrapped to the first column, under the boxes.
    """
    grid = Table.grid(expand=True)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    for number, switch in enumerate(SWITCH_NAMES):
        grid.add_row(*switch_row(rules, switch, number == cursor), style="bold reverse" if number == cursor else "")
    return grid


class HouseRulesDialog(Dialog[HouseRules]):
    BINDINGS = [
        Binding("up,k", "move(-1)", N_("Up"), show=False),
        Binding("down,j", "move(1)", N_("Move"), key_display="↑↓"),
        Binding("space,x", "switch(1)", N_("Switch")),
        Binding("left,minus", "switch(-1)", N_("Fewer"), show=False),
        Binding("right,plus", "switch(1)", N_("More"), show=False),
        Binding("1", "preset(0)", N_("Preset"), key_display="1-4"),
        Binding("2", "preset(1)", show=False),
        Binding("3", "preset(2)", show=False),
        Binding("4", "preset(3)", show=False),
        Binding("enter", "done", N_("Done")),
        Binding("escape", "cancel", N_("Back")),
    ]

    def __init__(self, rules: HouseRules) -> None:
        super().__init__()
        self.rules = rules
        self.presets = tuple(PRESETS)  # the four of HOUSE_RULES.md: keys 1 to 4
        self.cursor = 0
        self.add_class("house-rules")

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(_("House rules: start from a preset, then switch single rules"), classes="title")
            yield Static(id="presets")
            yield Static(id="switches")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.show_rules()

    def show_rules(self) -> None:
        presets = Text(_("Presets:") + " ")
        for number, name in enumerate(self.presets, start=1):
            chosen = self.rules.preset_name == name  # found in play: an underline alone did not say which
            presets.append(f" {number} ", style="bold reverse")
            shown = preset_name(name)
            presets.append(f" [{shown}] " if chosen else f" {shown} ", style="bold" if chosen else "")
            presets.append(" ")
        if self.rules.preset_name is None:
            presets.append(_("(your own mix)"), style="bold")
        self.query_one("#presets", Static).update(presets)
        self.query_one("#switches", Static).update(switches_grid(self.rules, self.cursor))

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(SWITCH_NAMES)
        self.show_rules()

    def action_switch(self, step: int) -> None:
        switch = SWITCH_NAMES[self.cursor]
        if step < 0 and switch != "hand_size":
            return
        self.rules = toggled(self.rules, switch, step)
        self.show_rules()

    def action_preset(self, number: int) -> None:
        self.rules = HouseRules.preset(self.presets[number])
        self.show_rules()

    def action_done(self) -> None:
        self.dismiss(self.rules)

    def action_cancel(self) -> None:
        self.dismiss(None)
