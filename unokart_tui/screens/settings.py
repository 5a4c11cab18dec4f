"""Settings: bot speed, theme, the UNO helper, the first-game guide, confirm before quitting.

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
from textual.screen import Screen
from textual.widgets import Label, Select, Static, Switch

from ..settings import BOT_SPEEDS, SaveError, Settings, save_settings
from ..widgets.keybar import KeyBar

SWITCHES = (
    ("uno_helper", "UNO helper: say UNO for me"),
    ("guide", "First-game guide when a match starts"),
    ("confirm_quit", "Ask before leaving a match"),
)


class SettingsScreen(Screen[None]):
    @dataclass
    class Changed(Message):
        settings: Settings

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        themes = sorted(self.app.available_themes)
        with Vertical(classes="form"):
            yield Static("Settings", classes="title")
            yield Label("Bot speed")
            yield Select(
                [(name, name) for name in BOT_SPEEDS], value=self.settings.bot_speed, id="bot_speed", allow_blank=False
            )
            yield Label("Theme")
            yield Select(
                [(name, name) for name in themes],
                value=self.settings.theme if self.settings.theme in themes else "textual-dark",
                id="theme",
                allow_blank=False,
            )
            for field, label in SWITCHES:
                with Horizontal(classes="switch-row"):
                    yield Switch(getattr(self.settings, field), id=field)
                    yield Label(label)
        yield KeyBar()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id is not None and isinstance(event.value, str):
            self.change(**{event.select.id: event.value})

    def on_switch_changed(self, event: Switch.Changed) -> None:
        if event.switch.id is not None:
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
            self.notify(f"{error}\nThe change holds until you quit.", title="Settings not saved", severity="error")

    def action_back(self) -> None:
        self.app.pop_screen()
