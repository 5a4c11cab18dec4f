"""Decisions the player answers with one key: a colour, a Green Shell or 7 target, a challenge."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from unokart_tui.engine import Color

from ...voice import N_, _, ngettext
from ...voice.cards import COLOR_CLASS, color_key, color_label, color_word
from ..themes import CARD_DEFAULTS
from ..widgets.keybar import KeyBar
from .base import Dialog, T


class ColourKeys(Widget):
    """The four colours' keys, each colour's name painted as the theme's card face of that colour
    (read from the theme at each drawing: any app can ask for a colour, one without the game's themes too)."""

    DEFAULT_CSS = """
    ColourKeys {
        height: 1;
    }
    """

    def __init__(self, advised: Color | None = None) -> None:
        super().__init__()
        self.advised = advised  # the colour the hint chose, underlined: the one enter takes

    def render(self) -> Text:
        variables = {**CARD_DEFAULTS, **self.app.get_css_variables()}
        keys = Text()
        for color in Color:
            face = COLOR_CLASS[color]
            style = Style(
                color=variables[f"card-{face}-ink"],
                bgcolor=variables[f"card-{face}"],
                bold=True,
                underline=color is self.advised,
            )
            keys.append(f" {colour_key(color)} ", style="bold reverse")
            keys.append(" ")
            keys.append(f" {color_label(color)} ", style=style)
            keys.append("  ")
        return keys


def colour_key(color: Color) -> str:
    """The key shown for ``color``: the letter its cards carry in the reader's language, as typed
    on an ASCII keyboard (Slovak and Dutch yellow is ``l``, Slovak red ``c``).

    Found by the translators: the cards said ``L`` while the dialog said ``y``. The English keys
    (r, y, g, b) work too in every language: a player's fingers may know them.
    """
    return color_key(color)


class AdvisedDialog(Dialog[T]):
    """A choice the table's hint (``t``) can advise: ``advise`` gives the expert's words, None offers none."""

    HINT_ID = ""  # the Static that shows the hint once asked for

    advise: Callable[[], str] | None = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small:  # behind the notice to enlarge the terminal (Dialog)
            return False
        if action == "hint":
            return self.advise is not None
        return True

    def action_hint(self) -> None:
        assert self.advise is not None
        shown = self.query_one(f"#{self.HINT_ID}", Static)
        shown.update(_("Hint: {hint}").format(hint=self.advise()))
        shown.add_class("-shown")


class ColorDialog(AdvisedDialog[Color]):
    """Choose the colour to follow."""

    HINT_ID = "colour-hint"

    def __init__(
        self,
        reason: str,
        advised: Color | None = None,
        *,
        can_go_back: bool = False,
        advise: Callable[[], str] | None = None,
    ) -> None:
        """``advised``: the colour a hint named for this choice; enter takes it.

        ``can_go_back``: the card is not played yet (a Wild Draw Four), so escape answers None and keeps it.
        ``advise``: which colour the expert would choose, and why (the table's hint, ``t``); None offers no hint.
        """
        super().__init__()
        self.reason = reason
        self.advised = advised
        self.advise = advise
        for color in Color:  # the key the dialog shows, then the English one unshown
            key, english = colour_key(color), color.letter.lower()
            self._bindings.bind(key, f"pick('{color.value}')", color_label(color))
            if english != key:
                self._bindings.bind(english, f"pick('{color.value}')", show=False)
        if advised is not None:
            hint = _("{colour} (the hint)").format(colour=color_label(advised))
            self._bindings.bind("enter", f"pick('{advised.value}')", hint)
        if can_go_back:
            self._bindings.bind("escape", "back", _("Keep the card"))
        self._bindings.bind("t", "hint", _("Hint"))  # after the choices, as in the target and challenge dialogs

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(_("Choose a colour — {reason}").format(reason=self.reason), classes="title")
            yield ColourKeys(self.advised)
            if self.advised is None:
                yield Static("", id="colour-hint", markup=False)
            else:
                # Issue 34: found in play, the hinted Wild Draw Four's dialog opened with nothing chosen.
                chosen = _("The hint chose {colour}: enter takes it, or pick another.").format(
                    colour=color_label(self.advised)
                )
                yield Static(chosen, id="colour-hint", markup=False, classes="-shown")
        yield KeyBar()

    def action_pick(self, value: str) -> None:
        self.dismiss(Color(value))

    def action_back(self) -> None:
        self.dismiss(None)


class TargetDialog(AdvisedDialog[int]):
    """Choose who the Green Shell hits, or who a 7 swaps hands with (house rule H4): a number key per opponent."""

    HINT_ID = "target-hint"

    def __init__(
        self,
        targets: Sequence[tuple[int, str, int]],
        *,
        seven: bool = False,
        advise: Callable[[], str] | None = None,
        advised: int | None = None,
        hinted: Callable[[], int | None] | None = None,
    ) -> None:
        """``advise``: whom the expert would choose, and why (the table's hint, ``t``); None offers no hint.

        ``advised``: the seat the hint chose (the hint's move led here); enter takes it. ``hinted``: the
        seat the hint given with ``t`` chose, which enter then takes.
        """
        super().__init__()
        self.targets = list(targets)  # (seat, name, cards)
        self.seven = seven
        self.advise = advise
        self.hinted = hinted
        self.advised: int | None = None
        for number, (seat, _name, _cards) in enumerate(self.targets, start=1):
            # One entry in the key bar for them all: "1-3 Hit".
            self._bindings.bind(
                str(number),
                f"pick({seat})",
                _("Swap") if seven else _("Hit"),
                show=number == 1,
                key_display=f"1-{len(self.targets)}",
            )
        self._take(advised)
        self._bindings.bind("t", "hint", _("Hint"))  # after the choices, as in the challenge dialog

    def _take(self, seat: int | None) -> None:
        """Enter takes ``seat``, the hint's (issue 34: as the colour dialog takes the hint's colour)."""
        name = next((name for target, name, _cards in self.targets if target == seat), None)
        if name is None:
            return
        self.advised = seat
        # Its own action, not pick(seat): the key bar shows one key per action, and "1-3" holds pick's.
        self._bindings.bind("enter", "take", _("{name} (the hint)").format(name=name))

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            if self.seven:
                title = _("Seven! Who do you swap hands with? You take their cards, they take yours.")
            else:
                title = _("Green Shell! Who do you hit? They draw one card.")
            yield Static(title, classes="title")
            for number, (seat, name, cards) in enumerate(self.targets, start=1):
                line = Text()
                line.append(f" {number} ", style="bold reverse")
                line.append(" ")
                line.append(
                    ngettext("{name} ({count} card)", "{name} ({count} cards)", cards).format(name=name, count=cards),
                    style="underline" if seat == self.advised else "",  # the hint's, as the colour dialog's
                )
                yield Static(line)
            if self.advised is None:
                yield Static("", id="target-hint", markup=False)
            else:
                advised = next(name for seat, name, _cards in self.targets if seat == self.advised)
                chosen = _("The hint chose {name}: enter takes it, or pick another.").format(name=advised)
                yield Static(chosen, id="target-hint", markup=False, classes="-shown")
        yield KeyBar()

    def action_hint(self) -> None:
        super().action_hint()
        if self.hinted is not None:  # the hint just given chose a seat: enter takes it
            self._take(self.hinted())
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take" and self.advised is None:
            return False
        return super().check_action(action, parameters)

    def action_take(self) -> None:
        if self.advised is not None:
            self.dismiss(self.advised)

    def action_pick(self, seat: int) -> None:
        self.dismiss(seat)


class ChallengeDialog(AdvisedDialog[str]):
    """Accept a Wild Draw Four (draw 4) or challenge it (C1-C3), or stack one of your own on it (house rule H2).

    Answers "accept", "challenge" or "stack".
    """

    HINT_ID = "challenge-hint"

    BINDINGS = [
        Binding("a", "answer('accept')", N_("Accept")),
        Binding("c", "answer('challenge')", N_("Challenge")),
        Binding("s", "answer('stack')", N_("Stack yours")),
        Binding("t", "hint", N_("Hint")),
    ]
    _ANSWERS = {"accept": N_("Accept"), "challenge": N_("Challenge"), "stack": N_("Stack yours")}  # enter's words

    def __init__(
        self,
        player: str,
        color: Color,
        cards: int,
        *,
        can_stack: bool = False,
        advise: Callable[[], str] | None = None,
        called: Color | None = None,
        hinted: Callable[[], str | None] | None = None,
    ) -> None:
        """``advise``: what the expert would answer, and why (the table's hint, ``t``); None offers no hint.

        ``called``: the colour the Wild Draw Four's player chose (found in play: the dialog named only
        the colour it was played on, and the player could not tell what was asked of them next).
        ``hinted``: the answer the hint given with ``t`` chose ("accept", "challenge", "stack"), which enter
        then takes, as the colour and target dialogs' enter takes their hint's choice.
        """
        super().__init__()
        self.player, self.color, self.cards, self.called = player, color, cards, called
        self.can_stack = can_stack
        self.advise = advise
        self.hinted = hinted
        self.advised: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            values = {"name": self.player, "colour": color_word(self.color), "count": self.cards}
            if self.called is None:
                title = _("{name} played a Wild Draw Four on {colour}.").format(**values)
            else:
                title = _("{name} played a Wild Draw Four on {colour} and called {called}.").format(
                    **values, called=color_word(self.called)
                )
            yield Static(title, classes="title", markup=False)  # a name is not markup
            question = ngettext(
                "Was it a bluff? {name} has {count} card left.\n"
                "If they held {colour}, they draw 4 instead of you. If not, you draw 6.",
                "Was it a bluff? {name} has {count} cards left.\n"
                "If they held {colour}, they draw 4 instead of you. If not, you draw 6.",
                self.cards,
            )
            yield Static(question.format(**values), markup=False)
            keys = Text()
            keys.append(" a ", style="bold reverse")
            keys.append(" " + _("accept, draw 4") + "    ")
            keys.append(" c ", style="bold reverse")
            keys.append(" " + _("challenge"))
            if self.can_stack:
                keys.append("    ")
                keys.append(" s ", style="bold reverse")
                keys.append(" " + _("stack your Wild Draw Four: +8 to the next"))
            yield Static(keys, classes="keys")
            yield Static("", id="challenge-hint", markup=False)
        yield KeyBar()

    def action_hint(self) -> None:
        super().action_hint()
        answer = self.hinted() if self.hinted is not None else None
        if answer in self._ANSWERS and (answer != "stack" or self.can_stack):
            self.advised = answer
            name = self._ANSWERS[answer]
            self._bindings.bind("enter", "take", _("{name} (the hint)").format(name=_(name)))
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small:  # behind the notice to enlarge the terminal (Dialog)
            return False
        if parameters == ("stack",):
            return self.can_stack
        if action == "take" and self.advised is None:
            return False
        return super().check_action(action, parameters)

    def action_take(self) -> None:
        if self.advised is not None:
            self.dismiss(self.advised)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
