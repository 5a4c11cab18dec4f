"""Settings: bot speed, theme, symbols, language, motion, the UNO helper, the first-game guide, confirm before
quitting, undo, and line mode (the next start as lines of text, docs/line-mode.md).

Every change is saved at once and posted to the app (``Changed``), which passes it on
to a match being played: a new bot speed holds from the next move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Label, Select, Static, Switch

from saves import SaveError

from ...defaults import GLYPH_CHOICES, THEME
from ...settings import BOT_SPEEDS, Settings, save_settings
from ...voice import N_, _
from ...voice.language import AUTOMATIC, LANGUAGE_CHOICES, LANGUAGES
from ...voice.names import speed_name
from ..themes import THEME_LABELS
from ..widgets.choices import Choices
from ..widgets.keybar import KeyBar
from .styled import StyledOnce

# Marked here, looked up when the form is drawn (in the player's language).
GLYPH_LABELS = {
    "auto": N_("Automatic: Unicode symbols if the terminal's locale is UTF-8"),
    "unicode": N_("Unicode symbols (☂ ☽ ◉ ↯ ✸ ⊘ ⇄)"),
    "ascii": N_("Plain ASCII (^ ) @ ! * S <>)"),
}
SWITCHES = (
    ("reduce_motion", N_("Reduce motion: cards do not move across the table")),
    ("uno_helper", N_("UNO helper: say UNO for me")),
    ("guide", N_("First-game guide when a match starts")),
    ("confirm_quit", N_("Ask before leaving a match")),
    ("undo", N_("Undo against bots (z takes back your last move)")),
    ("line_mode", N_("Line mode: start as lines of text, for screen readers")),
)


class SettingsScreen(StyledOnce[None]):
    @dataclass
    class Changed(Message):
        settings: Settings

    BINDINGS = [Binding("escape", "back", N_("Back"))]
    AUTO_FOCUS = ""  # the first field is focused in on_mount, without scrolling the page to centre it

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        # The game's own themes first, by what they are for; then Textual's, by name.
        themes = [(_(label), name) for name, label in THEME_LABELS.items()]
        themes += [(name, name) for name in sorted(self.app.available_themes) if name not in THEME_LABELS]
        with Vertical(classes="form"):
            yield Static(_("Settings"), classes="title")
            yield Label(_("Bot speed"))
            yield Choices(
                [(speed_name(name), name) for name in BOT_SPEEDS],
                value=self.settings.bot_speed,
                id="bot_speed",
                allow_blank=False,
                compact=True,
            )
            yield Label(_("Theme"))
            known = {name for _, name in themes}
            yield Choices(
                themes,
                value=self.settings.theme if self.settings.theme in known else THEME,
                id="theme",
                allow_blank=False,
                compact=True,
            )
            yield Label(_("Card symbols"))
            yield Choices(
                [(_(GLYPH_LABELS[choice]), choice) for choice in GLYPH_CHOICES],
                value=self.settings.glyphs,
                id="glyphs",
                allow_blank=False,
                compact=True,
            )
            yield Label(_("Language (from the next screen on)"))
            yield Choices(
                [(language_label(choice), choice) for choice in LANGUAGE_CHOICES],
                value=self.settings.language,
                id="language",
                allow_blank=False,
                compact=True,
            )
            for field, label in SWITCHES:
                with Horizontal(classes="switch-row"):
                    # Found in play: a switch's colour alone did not say whether it was on. Its word
                    # stands before the switch, not between it and the label: "nie Menej pohybu"
                    # read as one phrase ("not less motion") in Slovak and Dutch.
                    yield Label(on_off(getattr(self.settings, field)), id=f"{field}-state", classes="switch-state")
                    yield Switch(getattr(self.settings, field), id=field)
                    yield Label(_(label), classes="switch-label")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#bot_speed", Select).focus(scroll_visible=False)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id is not None and isinstance(event.value, str):
            self.change(**{event.select.id: event.value})

    def on_switch_changed(self, event: Switch.Changed) -> None:
        if event.switch.id is not None:
            self.query_one(f"#{event.switch.id}-state", Label).update(on_off(event.value))
            self.change(**{event.switch.id: event.value})

    def change(self, **values: Any) -> None:  # a field of Settings and its new value
        settings = self.settings._replace(**values)
        if settings == self.settings:
            return
        self.settings = settings
        self.post_message(self.Changed(settings))
        try:
            save_settings(settings)
        except SaveError as error:
            self.notify(
                _("{error}\nThe change holds until you quit.").format(error=error),
                title=_("Settings not saved"),
                severity="error",
            )

    def action_back(self) -> None:
        self.app.pop_screen()


def language_label(choice: str) -> str:
    """A language by its own name (a player who cannot read this one still finds theirs); "auto" explained."""
    if choice == AUTOMATIC:
        return _("Automatic: UNOKART_LANG, else the terminal's locale")
    return LANGUAGES[choice]


def on_off(value: bool) -> str:
    return _("on") if value else _("off")
