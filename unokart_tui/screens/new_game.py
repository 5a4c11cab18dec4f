"""New game: your name, the opponents (personality and profile), the target, an optional seed."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

import ai

from ..defaults import LINE_UP, MAX_NAME, MAX_OPPONENTS, PLAYER_NAME, TARGET
from ..printable import control_characters
from ..widgets.keybar import KeyBar

DEFAULT_LINE_UP = ", ".join(LINE_UP)


@dataclass(frozen=True)
class NewGame:
    name: str
    bots: tuple[str, ...]
    profiles: tuple[str | None, ...]
    target: int
    seed: int | None


def parse_line_up(text: str) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """``"greedy:hard, challenger"`` -> the bots and their profiles; ValueError says what is wrong."""
    bots, profiles = [], []
    known_profiles = set(ai.list_profiles())
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        bot, _, profile = part.partition(":")
        bot, profile = bot.strip(), profile.strip()
        if bot not in ai.BOTS:
            raise ValueError(f"unknown personality {bot!r} (choose from {', '.join(sorted(ai.BOTS))})")
        if profile and profile not in known_profiles:
            raise ValueError(f"unknown profile {profile!r} (choose from {', '.join(sorted(known_profiles))})")
        bots.append(bot)
        profiles.append(profile or None)
    if not 1 <= len(bots) <= MAX_OPPONENTS:
        raise ValueError(f"choose 1 to {MAX_OPPONENTS} opponents, not {len(bots)}")
    return tuple(bots), tuple(profiles)


class NewGameScreen(Screen[None]):
    """Posts ``Chosen`` with a valid new game; the app starts it."""

    @dataclass
    class Chosen(Message):
        game: NewGame

    BINDINGS = [
        Binding("escape", "back", "Back"),
        # Before the focused field's own ctrl+d (delete to the right), which emptied a field instead.
        Binding("ctrl+d", "default_line_up", "Default line-up", priority=True),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(self, player_name: str = PLAYER_NAME) -> None:
        super().__init__()
        self.player_name = player_name

    def compose(self) -> ComposeResult:
        with Vertical(id="form", classes="form"):
            yield Static("New game", classes="title")
            yield Label("Your name")
            yield Input(self.player_name, id="name", max_length=MAX_NAME)
            yield Static("", id="name-error", classes="error", markup=False)  # errors quote the input
            yield Label(f"Opponents, 1 to {MAX_OPPONENTS}: personality[:profile], … (ctrl+d: the default three)")
            yield Input(DEFAULT_LINE_UP, id="bots", placeholder=DEFAULT_LINE_UP)
            yield Static("", id="bots-error", classes="error", markup=False)
            yield Label("Target score")
            yield Input(str(TARGET), id="target", type="integer")
            yield Static("", id="target-error", classes="error", markup=False)
            yield Label("Seed (optional: the same seed deals the same match)")
            yield Input("", id="seed", type="integer", placeholder="random")
            yield Static("", id="seed-error", classes="error", markup=False)
            yield Button("Start (ctrl+s)", id="start", variant="primary")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def read_form(self) -> NewGame | None:
        """The form as a new game, or None with every problem shown next to its field."""
        errors: dict[str, str] = {}
        name = self.query_one("#name", Input).value.strip()
        if not name:
            errors["name"] = "Your name cannot be empty."
        elif control_characters(name):
            errors["name"] = f"Your name cannot hold control characters ({' '.join(control_characters(name))})."
        try:
            bots, profiles = parse_line_up(self.query_one("#bots", Input).value)
        except ValueError as error:
            errors["bots"] = str(error).capitalize() + "."
            bots, profiles = (), ()
        target_text = self.query_one("#target", Input).value.strip()
        target = int(target_text) if target_text.lstrip("-").isdigit() else 0
        if not 1 <= target <= 100_000:
            errors["target"] = "The target must be a whole number from 1 to 100000."
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        if seed_text and seed is None:
            errors["seed"] = "The seed must be a whole number, or empty."
        for field in ("name", "bots", "target", "seed"):
            self.query_one(f"#{field}-error", Static).update(errors.get(field, ""))
        if errors:
            return None
        return NewGame(name, bots, profiles, target, seed)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#start", Button).disabled = self.read_form() is None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        game = self.read_form()
        if game is not None:
            self.post_message(self.Chosen(game))

    def action_default_line_up(self) -> None:
        self.query_one("#bots", Input).value = DEFAULT_LINE_UP

    def action_back(self) -> None:
        self.app.pop_screen()
