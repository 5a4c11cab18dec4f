"""The player's settings, as TOML in the user config directory. No Textual here.

A broken settings file never stops the game: ``load_settings`` returns the defaults
and says what was wrong, and the file is left as it was until the player saves.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple

import platformdirs
import tomli_w

from saves import SaveError, write_atomic

BOT_SPEEDS = {"slow": 1.4, "normal": 0.7, "fast": 0.3, "instant": 0.0}  # seconds a bot thinks


class Settings(NamedTuple):
    bot_speed: str = "normal"
    theme: str = "textual-dark"
    uno_helper: bool = False  # say UNO for the player with every play that leaves one card
    confirm_quit: bool = True
    guide: bool = True  # the first-game guide (the Item Box in short) when a new match starts

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS[self.bot_speed]


def settings_path() -> Path:
    override = os.environ.get("UNOKART_CONFIG_DIR")
    base = Path(override) if override else Path(platformdirs.user_config_dir("unokart"))
    return base / "settings.toml"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and the reason the file could not be used."""
    path = settings_path()
    try:
        text = path.read_text(encoding="utf-8")
        import tomllib  # noqa: PLC0415 - only with a settings file: without one the game starts 1.5 ms sooner

        data = tomllib.loads(text)
    except FileNotFoundError:
        return Settings(), None
    except (OSError, ValueError) as error:  # undecodable bytes and bad TOML are ValueErrors
        return Settings(), f"{path}: cannot be read ({error}); using the default settings"
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in Settings._fields:
            return Settings(), f"{path}: unknown setting '{key}'; using the default settings"
        expected = type(getattr(Settings(), key))
        if type(value) is not expected:
            return Settings(), f"{path}: '{key}' must be {expected.__name__}, not {value!r}; using the defaults"
        values[key] = value
    settings = Settings(**values)
    if settings.bot_speed not in BOT_SPEEDS:
        choices = ", ".join(BOT_SPEEDS)
        return Settings(), f"{path}: bot_speed must be one of {choices}, not {settings.bot_speed!r}; using the defaults"
    return settings, None


def save_settings(settings: Settings) -> None:
    """Write the settings atomically; raises ``SaveError`` naming the file if it cannot."""
    write_atomic(settings_path(), tomli_w.dumps(settings._asdict()))


__all__ = ["BOT_SPEEDS", "SaveError", "Settings", "load_settings", "save_settings", "settings_path"]
