"""The player's settings, as TOML in the user config directory. No Textual here.

A broken settings file never stops the game: ``load_settings`` returns the defaults
and says what was wrong, and the file is left as it was until the player saves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from .defaults import BOT_SPEED, BOT_SPEEDS, GLYPH_CHOICES, GLYPHS, TARGET, THEME, TURN_SECONDS
from .files import FileProblem, NoFile, parse_toml, read_text, write_atomic
from .locations import settings_file
from .voice import _
from .voice.language import AUTOMATIC, LANGUAGE_CHOICES

MAX_SETTINGS_BYTES = 64 * 1024  # the file is a handful of lines
REMEMBERED = ("table_target", "table_turn_seconds")  # choices remembered where they are made, not settings to set


class Settings(NamedTuple):
    bot_speed: str = BOT_SPEED
    theme: str = THEME
    uno_helper: bool = False  # say UNO for the player with every play that leaves one card
    confirm_quit: bool = True
    player_name: str = ""  # the New game form's name; empty: "You" (`unokart serve` asks a new player once)
    guide: bool = True  # the first-game guide (the Item Box in short) when a new match starts
    undo: bool = True  # z takes back the player's last move, against bots
    reduce_motion: bool = False  # no cards moving across the table
    glyphs: str = GLYPHS  # "auto", "unicode" or "ascii": how cards and items are drawn (glyphs.py)
    language: str = AUTOMATIC  # "auto" (UNOKART_LANG, then the locale), "en", "sk" or "nl" (voice/language.py)
    line_mode: bool = False  # `unokart`, new, continue and load start in line mode without --plain (issue 33)
    # The last choices of this player's lobby for friends (issue 31): their next table starts from them.
    # Remembered as they are chosen there, not set on the settings page (``REMEMBERED``).
    table_target: int = TARGET
    table_turn_seconds: int = TURN_SECONDS

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS[self.bot_speed]


def settings_path() -> Path:
    return settings_file()


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (by default in ``settings_path()``), or the defaults and why the file was not used."""
    path = path or settings_path()
    try:
        # A pipe or a device never stops the start: only a regular file is read (unokart_tui.files).
        data = parse_toml(read_text(path, limit=MAX_SETTINGS_BYTES))
    except NoFile:
        return Settings(), None
    except FileProblem as error:
        return Settings(), _("{path}: cannot be read ({problem}); using the default settings").format(
            path=path, problem=error.problem
        )
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in Settings._fields:
            return Settings(), _("{path}: unknown setting '{key}'; using the default settings").format(
                path=path, key=key
            )
        expected = type(getattr(Settings(), key))
        if type(value) is not expected:
            # Found by the translators: "must be bool, not 'yes'" named Python's types, not the file's words.
            if expected is bool:
                wrong = _("{path}: '{key}' must be true or false, not {value}; using the defaults")
            elif expected is int:
                wrong = _("{path}: '{key}' must be a whole number, not {value}; using the defaults")
            else:
                wrong = _("{path}: '{key}' must be text in quotes, not {value}; using the defaults")
            return Settings(), wrong.format(path=path, key=key, value=_as_written(value))
        values[key] = value
    settings = Settings(**values)
    for key, choices in (("bot_speed", tuple(BOT_SPEEDS)), ("glyphs", GLYPH_CHOICES), ("language", LANGUAGE_CHOICES)):
        if getattr(settings, key) not in choices:
            shown = ", ".join(choices)
            return (
                Settings(),
                _("{path}: {key} must be one of {choices}, not {value}; using the defaults").format(
                    path=path, key=key, choices=shown, value=repr(getattr(settings, key))
                ),
            )
    return settings, None


def _as_written(value: object) -> str:
    """A value as the settings file writes it: ``true``, ``'fast'``, ``3``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; raises ``SaveError`` naming the file if it cannot.

    No backup is kept (a save keeps one, to be loaded when it cannot be read; settings that cannot
    be read fall back to the defaults, and the player chooses them again).
    """
    import tomli_w  # noqa: PLC0415 - only to write: every command reads the settings, few write them

    from saves import SaveError  # noqa: PLC0415

    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Private, and a link in its place is replaced (never followed), as a save is.
        write_atomic(path, tomli_w.dumps(settings._asdict()), mode=0o600, regular_only=False)
    except OSError as error:
        problem = _("could not be written: {problem}; the settings in it are kept").format(
            problem=error.strerror or error
        )
        raise SaveError(path, problem) from error


__all__ = ["BOT_SPEEDS", "REMEMBERED", "Settings", "load_settings", "save_settings", "settings_path"]
