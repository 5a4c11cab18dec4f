"""The lobby of a table for friends (issue 31): its code, the command friends type, who sits, the settings.

The host holds the lobby (``friends.lobby``); this screen shows the ``LobbyShown`` it sends, each
time it changes, and sends what the person does: the opener's settings (``LobbySettle``), the
start (``LobbyStart``), leaving (the channel's ``leave-table``). Only the opener sees the form; the
others see the settings in a line. A refusal comes back from the host in the person's own words.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

import ai

from ...defaults import LINE_UP
from ...engine import PRESETS, HouseRules
from ...friends import wire
from ...friends.channel import LEAVE_TABLE
from ...friends.lobby import MAX_TURN, MIN_TURN, with_last_choices
from ...friends.messages import MAX_SEATS, MIN_SEATS, LobbySettle, LobbyShown, LobbyStart, TableSettings
from ...voice import N_, _
from ...voice import friends as words
from ..dialogs.confirm import ConfirmDialog
from ..hostline import Line
from ..widgets.choices import Choices
from ..widgets.keybar import KeyBar
from ..widgets.ordered_input import OrderedInput
from .styled import StyledOnce

LINE_UP_CHOICE = "line-up"  # the bots' Select: New game's usual three, in turn
MOST_TARGET = 100_000  # as New game's


def spaced(code: str) -> str:
    """The code with room between its characters: read off a screen, one at a time."""
    return "  ".join(code)


def people_words(shown: LobbyShown) -> str:
    """Who sits at the table; for a kept match taken up again, who is back at their seat and who is awaited."""
    named = [words.opener_named(name) if name == shown.opener else name for name in shown.people]
    if not shown.round_number:
        return words.seated(named, shown.settings.seats)
    back = [shown_name for name, shown_name in zip(shown.people, named, strict=True) if name not in shown.awaited]
    lines = [words.kept_waits(shown.round_number), words.kept_back(back)]
    if shown.awaited:
        lines.append(words.kept_awaited(shown.awaited))
    return "\n".join(lines)


class LobbyScreen(StyledOnce[None]):
    """The lobby the host shows this person: ``show`` each ``LobbyShown``, ``refused`` each refusal."""

    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start")),
        Binding("escape", "leave", N_("Leave")),
    ]

    AUTO_FOCUS = ""

    DEFAULT_CSS = """
    LobbyScreen {
        align-horizontal: center;
    }
    LobbyScreen #code-row {
        height: auto;
        margin-top: 1;
    }
    LobbyScreen #code {
        width: auto;
        height: 3;
        padding: 0 2;
        border: heavy $accent;
        border-title-color: $accent;
        text-style: bold;
        color: $text;
    }
    LobbyScreen #join-how {
        width: 1fr;
        height: auto;
        padding: 0 0 0 2;
    }
    LobbyScreen #people {
        margin-top: 1;
    }
    LobbyScreen #bots, LobbyScreen #watchers, LobbyScreen #summary {
        color: $text-muted;
    }
    LobbyScreen .setting {
        height: 1;
        margin-top: 1;
    }
    LobbyScreen .setting Label {
        width: 14;
        margin: 0;
    }
    LobbyScreen .setting Label.right {
        width: 22;
        margin-left: 2;
    }
    LobbyScreen .setting Input, LobbyScreen .setting Input:focus {
        width: 8;
        padding: 0;
        border-left: none;  /* the text lines up with the lists' */
    }
    LobbyScreen .setting Select {
        width: 24;
    }
    /* Each number field shows its largest value and two digits more, the cursor after them: found in play,
       23456789 typed as the target showed 23456. The gap keeps the right-hand labels lined up. */
    LobbyScreen .setting #target, LobbyScreen .setting #target:focus {
        width: 12;
    }
    LobbyScreen .setting #turn, LobbyScreen .setting #turn:focus {
        width: 9;
    }
    LobbyScreen .setting .gap {
        width: 12;
    }
    LobbyScreen .setting #seats {
        width: 9;  /* as the turn clock's field under it */
    }
    LobbyScreen #status {
        margin-top: 1;
        text-style: bold;
    }
    """

    def __init__(
        self,
        line: Line,
        code: str,
        command: str | None = None,
        *,
        last: tuple[int, int] | None = None,
        remember: Callable[[TableSettings], None] | None = None,
    ) -> None:
        """``command``: what friends type to join. ``last``: the target and turn clock the opener chose last time,
        which their new table starts from; ``remember`` keeps the settings the opener sends, for the next one."""
        super().__init__(id="lobby")
        self.line = line
        self.code = code
        self.command = command
        self.last = last
        self.remember = remember
        self.shown: LobbyShown | None = None
        self.started = False
        self._problem: str | None = None  # what is wrong with the form, while the status line says it

    # ------------------------------------------------------------------ what is on it

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-page", classes="form"):
            yield Static(_("A table for friends"), classes="title")
            with Horizontal(id="code-row"):
                yield Static(spaced(self.code), id="code", markup=False)
                yield Static(self.join_words(), id="join-how", markup=False)
            yield Static("", id="people", markup=False)
            yield Static("", id="bots", markup=False)
            yield Static("", id="watchers", markup=False)
            with Vertical(id="lobby-settings", classes="section"):
                with Horizontal(classes="setting"):
                    yield Label(_("Target score"))
                    yield OrderedInput("", id="target", type="integer", compact=True)
                    yield Static("", classes="gap")
                    yield Label(_("Seats"), classes="right")
                    yield Choices(
                        [(str(n), n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
                        id="seats",
                        allow_blank=False,
                        compact=True,
                    )
                with Horizontal(classes="setting"):
                    yield Label(_("House rules"))
                    yield Choices([(name, name) for name in PRESETS], id="preset", allow_blank=False, compact=True)
                    yield Label(_("Turn clock (seconds)"), classes="right")
                    yield OrderedInput("", id="turn", type="integer", compact=True)
                with Horizontal(classes="setting"):
                    yield Label(_("Bots"))
                    yield Choices(
                        [(words.usual_line_up(), LINE_UP_CHOICE), *((kind, kind) for kind in ai.BOTS)],
                        id="bots-kind",
                        allow_blank=False,
                        compact=True,
                    )
            yield Static("", id="summary", markup=False)
            yield Static("", id="status", markup=False)
        yield KeyBar()

    def join_words(self) -> str:
        if self.command is not None:
            return words.join_with_command(self.command)
        return words.join_with_code()

    def on_mount(self) -> None:
        self.query_one("#code", Static).border_title = _("Table code")
        self.query_one("#lobby-settings", Vertical).border_title = _("Settings")
        self.query_one("#lobby-settings").display = False
        if self.shown is not None:
            self.show(self.shown)

    # ------------------------------------------------------------------ from the host

    def show(self, shown: LobbyShown) -> None:
        """The lobby as the host shows it now (who sits, who watches, the settings)."""
        if self.last is not None and shown.is_opener and not shown.round_number:
            target, seconds = self.last
            self.last = None  # once, at the table's first sight: then the opener's choices hold
            wanted = with_last_choices(shown.settings, target, seconds)
            if wanted != shown.settings:
                self.line.send(wire.as_json(LobbySettle(wanted)))
                shown = shown._replace(settings=wanted)  # as the host will show it again
        self.shown = shown
        if not self.is_mounted:
            return
        self.query_one("#code", Static).update(spaced(shown.code))
        self.query_one("#people", Static).update(people_words(shown))
        self.query_one("#bots", Static).update(words.bots_in_free_seats(shown.bots))
        watchers = self.query_one("#watchers", Static)
        watchers.update(words.watchers(shown.watchers) if shown.watchers else "")
        watchers.display = bool(shown.watchers)
        settings = shown.settings
        sets = shown.is_opener and not shown.round_number  # a kept match keeps its settings
        self.query_one("#lobby-settings").display = sets
        self.query_one("#summary", Static).display = not sets
        self.query_one("#summary", Static).update(
            words.settings_line(settings.target, settings.preset, settings.seats, settings.turn_seconds)
        )
        if sets:
            self._fill_form(settings)
        self.say(self._status(shown))
        self.refresh_bindings()

    def _fill_form(self, settings: TableSettings) -> None:
        """The form shows the settings in force; a field being typed in is left as it is."""
        for field, text in (("#target", str(settings.target)), ("#turn", f"{settings.turn_seconds:g}")):
            field_input = self.query_one(field, Input)
            # The screen's focus, not the field's ``has_focus``: that one is set when the field reads its
            # Focus event, and found over ssh, an echo of the settings that came first overwrote fast typing.
            if self.focused is not field_input and not field_input.has_focus and field_input.value != text:
                field_input.value = text
        self.query_one("#seats", Select).value = settings.seats
        if settings.preset in PRESETS:
            self.query_one("#preset", Select).value = settings.preset
        kind = settings.bots[0] if len(set(settings.bots)) == 1 and settings.bots != LINE_UP else LINE_UP_CHOICE
        self.query_one("#bots-kind", Select).value = kind if kind in ai.BOTS else LINE_UP_CHOICE

    @staticmethod
    def _status(shown: LobbyShown) -> str:
        if shown.is_opener and shown.round_number:
            return shown.refusal or words.kept_go_on()
        if shown.is_opener:
            return shown.refusal or words.ready_to_start()
        return words.lobby_status(shown.opener, watching=shown.watching, kept=bool(shown.round_number))

    def refused(self, sentence: str) -> None:
        """The host refused what this person asked (a setting, the start): its words, in their language."""
        self.say(sentence)
        if self.shown is not None and self.shown.is_opener:
            self._fill_form(self.shown.settings)  # the form shows again what is in force

    def match_started(self) -> None:
        """The match began and no table screen can show it here: the lobby says so."""
        self.started = True
        self.say(words.match_started())
        self.refresh_bindings()

    def say(self, sentence: str) -> None:
        self._problem = None
        self.query_one("#status", Static).update(sentence)

    def say_problem(self, problem: str) -> None:
        """What is wrong with the form, said until the form is right again (``on_input_changed``)."""
        self.say(problem)
        self._problem = problem

    # ------------------------------------------------------------------ what this person does

    def form_problem(self) -> str | None:
        """What is wrong with the form's numbers, in a sentence; None when both are right."""
        target_text = self.query_one("#target", Input).value.strip()
        if not target_text.isdigit() or not 1 <= int(target_text) <= MOST_TARGET:
            return _("The target must be a whole number from 1 to 100000.")
        turn_text = self.query_one("#turn", Input).value.strip()
        if not turn_text.isdigit() or not MIN_TURN <= int(turn_text) <= MAX_TURN:
            return words.turn_range(MIN_TURN, MAX_TURN)
        return None

    def read_form(self) -> TableSettings | None:
        """The opener's form as settings, or None with what is wrong said in the status line."""
        assert self.shown is not None
        problem = self.form_problem()
        if problem is not None:
            self.say_problem(problem)
            return None
        target_text = self.query_one("#target", Input).value.strip()
        turn_text = self.query_one("#turn", Input).value.strip()
        preset = str(self.query_one("#preset", Select).value)
        kind = str(self.query_one("#bots-kind", Select).value)
        seats = self.query_one("#seats", Select).value
        assert isinstance(seats, int)
        return self.shown.settings._replace(
            target=int(target_text),
            preset=preset,
            rules=HouseRules.preset(preset),
            seats=seats,
            bots=LINE_UP if kind == LINE_UP_CHOICE else (kind,),
            turn_seconds=float(turn_text),
        )

    def settle(self) -> bool:
        """Send the form's settings when they differ from those in force; False when the form is wrong."""
        if self.shown is None or not self.shown.is_opener or self.shown.round_number:
            return True  # a kept match keeps its settings: the form is not shown
        settings = self.read_form()
        if settings is None:
            return False
        if settings != self.shown.settings:
            self.line.send(wire.as_json(LobbySettle(settings)))
            if self.remember is not None:
                self.remember(settings)
        return True

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.settle()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Each change is checked again: found in play, "runs 10 to 600 seconds" stayed beside a right 20 until
        the field lost focus. A wrong number is said at once; once right, what it said goes."""
        event.stop()
        if self.shown is None or not self.shown.is_opener or self.shown.round_number:
            return
        problem = self.form_problem()
        if problem is not None:
            self.say_problem(problem)
        elif self._problem is not None:
            self.say(self._status(self.shown))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.settle()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        self.settle()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.shown is not None and self.shown.is_opener and not self.started
        return True

    def action_start(self) -> None:
        if self.shown is None or not self.shown.is_opener or not self.settle():
            return
        if self.shown.refusal is not None and self.read_form() == self.shown.settings:
            self.say(self.shown.refusal)  # no need to ask: the host has said why not
            return
        self.line.send(wire.as_json(LobbyStart()))

    def action_leave(self) -> None:
        """A joiner just leaves; the opener's leaving closes the table for everyone, so it is asked first."""
        if self.shown is None or not self.shown.is_opener:
            self.leave()
            return

        def answered(close: bool | None) -> None:
            if close:
                self.leave()

        self.app.push_screen(ConfirmDialog(_("Close this table for everyone?")), answered)

    def leave(self) -> None:
        self.line.send({"type": LEAVE_TABLE})
        self.dismiss()
