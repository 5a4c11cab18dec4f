"""Settings in line mode: every setting listed with its value in words, changed by ``set NAME VALUE`` or by number.

A change is saved at once, as at the full-screen Settings screen; one that cannot be saved holds
until the person quits, and a line says so. A new language holds from the next line.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from saves import SaveError

from ..defaults import BOT_SPEEDS, GLYPH_CHOICES, MAX_NAME, PLAYER_NAME
from ..printable import control_characters, printable
from ..settings import Settings, save_settings
from ..voice import _, use_process_language
from ..voice import plain_menus as words
from ..voice.language import AUTOMATIC, LANGUAGE_CHOICES, LANGUAGES, choose_language
from ..voice.names import speed_name
from ..voice.plain import listed
from .asking import Choice, Leave, Wrong, ask, folded, one_line, pick
from .lines import Lines

FIELDS = tuple(words.SETTING_LABELS)  # in the order they are listed
SET = "set"


def label(field: str) -> str:
    return _(words.SETTING_LABELS[field])


def typed_names(field: str) -> set[str]:
    """What ``field`` is typed as, whole: its name in words (the player's language and English) or its id."""
    names = (words.setting_name(field), words.SETTING_NAMES[field], field, field.replace("_", " "))
    return {name.casefold() for name in names}


def value_words(field: str, value: object) -> str:
    """A setting's value as said: on or off, a language by its own name, a name, never a Python type."""
    if isinstance(value, bool):
        return words.on() if value else words.off()
    if field == "language":
        return words.automatic() if value == AUTOMATIC else LANGUAGES.get(str(value), str(value))
    if field == "glyphs":
        return _(words.GLYPH_WORDS.get(str(value), str(value)))
    if field == "player_name":
        return printable(value) if value else words.name_not_set(PLAYER_NAME)
    if field == "bot_speed":
        return speed_name(str(value))
    return printable(value)


def value_choices(field: str) -> list[Choice[object]]:
    """What ``field`` may be set to, each with the words it is typed as; empty for a name, which is any text."""
    if field in {"theme", "player_name"}:
        return []
    if isinstance(getattr(Settings(), field), bool):
        return [
            Choice(True, words.on(), folded("on", "yes", "true", words.on())),
            Choice(False, words.off(), folded("off", "no", "false", words.off())),
        ]
    if field == "language":
        return [
            Choice(code, value_words(field, code), folded(code, value_words(field, code))) for code in LANGUAGE_CHOICES
        ]
    if field == "glyphs":
        return [
            Choice(glyphs, value_words(field, glyphs), folded(glyphs, value_words(field, glyphs)))
            for glyphs in GLYPH_CHOICES
        ]
    return [Choice(speed, speed_name(speed), folded(speed, speed_name(speed))) for speed in BOT_SPEEDS]


def choices_words(choices: Sequence[Choice[object]]) -> str:
    return listed([choice.name for choice in choices])


class SettingsPage:
    """The settings as lines, changed one at a time; ``settings`` holds them as they are now."""

    def __init__(self, lines: Lines, settings: Settings) -> None:
        self.lines = lines
        self.settings = settings
        self.fields = [Choice(field, words.setting_name(field), folded(*typed_names(field))) for field in FIELDS]

    def run(self) -> Settings:
        """List the settings and take commands until the person goes back; the settings then.

        Raises ``InputEnded`` at the end of the input (the changes made are saved already).
        """
        self.read_out()
        try:
            while True:
                command = ask(self.lines, words.title_question(), self.read, helping=words.settings_help())
                if command is None:
                    return self.settings
                field, value = command
                if value is None:
                    value = self.ask_value(field)
                if value is not None:
                    self.change(field, value)
        except Leave:
            return self.settings

    def read_out(self) -> None:
        self.lines.say(words.settings_intro())
        for number, field in enumerate(FIELDS, start=1):
            self.lines.say(
                words.setting_line(
                    number, label(field), words.setting_name(field), value_words(field, getattr(self.settings, field))
                )
            )

    def read(self, answer: str) -> tuple[str, object | None] | Wrong | None:
        """A command of the page: ``set NAME VALUE``, ``set NAME``, a setting's name or number; None for Enter."""
        if not answer:
            return None
        first, _space, rest = answer.partition(" ")
        if first.casefold() == SET:
            answer = rest.strip()
        if not answer:
            return Wrong(words.settings_help()[0])
        tokens = answer.split()
        for end in range(len(tokens), 0, -1):  # "bot speed fast": the longest start that names a setting
            named = " ".join(tokens[:end]).casefold()
            for known in FIELDS:
                if named in typed_names(known):
                    return self.parsed(known, " ".join(tokens[end:]))
        field = pick(tokens[0], self.fields, words.no_such_setting(tokens[0], len(FIELDS)))
        if isinstance(field, Wrong):
            return field
        return self.parsed(field, " ".join(tokens[1:]))

    def parsed(self, field: str, text: str) -> tuple[str, object | None] | Wrong:
        if field == "theme":
            return Wrong(words.theme_not_here())
        if not text:
            return field, None
        value = self.value_of(field, text)
        return value if isinstance(value, Wrong) else (field, value)

    def value_of(self, field: str, text: str) -> object | Wrong:
        if field == "player_name":
            if control_characters(text):
                return Wrong(words.name_with_controls(" ".join(control_characters(text))))
            if len(text) > MAX_NAME:
                return Wrong(words.name_too_long(MAX_NAME))
            return text
        choices = value_choices(field)
        shown = choices_words(choices)
        value: object | Wrong = pick(text, choices, words.wrong_setting_value(text, words.setting_name(field), shown))
        return value

    def ask_value(self, field: str) -> object | None:
        """The setting's new value, asked; None to keep it."""
        now = value_words(field, getattr(self.settings, field))
        if field == "player_name":
            question = words.name_setting_question(label(field), words.setting_name(field), now)
        else:
            question = words.setting_question(
                label(field), words.setting_name(field), now, choices_words(value_choices(field))
            )

        def read(answer: str) -> object | Wrong | None:
            return None if not answer else self.value_of(field, answer)

        return ask(self.lines, printable(question), read)

    def change(self, field: str, value: object) -> None:
        """Set, save and say the new value; a new language is spoken from this line on."""
        changed: dict[str, Any] = {field: value}  # a field of Settings: value_of gave it its type
        settings = self.settings._replace(**changed)
        if field == "language":
            use_process_language(choose_language(str(value), os.environ))
        self.settings = settings
        try:
            save_settings(settings)
        except SaveError as error:
            self.lines.say(one_line(words.settings_not_saved(str(error))))
        self.lines.say(words.setting_changed(label(field), words.setting_name(field), value_words(field, value)))


def change_settings(lines: Lines, settings: Settings) -> Settings:
    """The settings page, from the title: the settings as the person left them."""
    return SettingsPage(lines, settings).run()
