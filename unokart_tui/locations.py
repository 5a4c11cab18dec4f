"""Every folder and file the game keeps between runs is named here, and only here.

Two roots, each read at every call so that a test or ``unokart serve`` (which gives each
player's game its own) can set them: the **config** folder (``UNOKART_CONFIG_DIR``, else
platformdirs' user config folder: settings, bot profiles, the player's rule presets) and
the **data** folder (``UNOKART_DATA_DIR``, else platformdirs' user data folder: the saves,
their locks, the trash, the statistics, crash logs, the tuner's study, and the host's folder
for ``unokart serve``). The saves are the data folder itself: the names below are the ones
players' files have always had.

Nothing but the standard library and platformdirs: the saves and the bots ask it, below the
interface.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "unokart"
CONFIG_VARIABLE = "UNOKART_CONFIG_DIR"
DATA_VARIABLE = "UNOKART_DATA_DIR"


def config_dir() -> Path:
    """``UNOKART_CONFIG_DIR`` when it is set, else the platform's user config folder."""
    override = os.environ.get(CONFIG_VARIABLE)
    if override:
        return Path(override)
    import platformdirs  # noqa: PLC0415 - 7 ms a start: tests and `unokart serve`'s games set both roots

    return Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    """``UNOKART_DATA_DIR`` when it is set, else the platform's user data folder."""
    override = os.environ.get(DATA_VARIABLE)
    if override:
        return Path(override)
    import platformdirs  # noqa: PLC0415

    return Path(platformdirs.user_data_dir(APP_NAME))


# ---------------------------------------------------------------------- the config folder


def settings_file() -> Path:
    return config_dir() / "settings.toml"


def profiles_dir() -> Path:
    """The bot profiles the player tuned or wrote (``unokart tune``)."""
    return config_dir() / "profiles"


def rules_dir() -> Path:
    """The player's own house-rule presets."""
    return config_dir() / "rules"


# ---------------------------------------------------------------------- the data folder


def saves_dir() -> Path:
    """Where the saves are: the data folder itself (``<name>.toml``, its ``.bak`` and its lock)."""
    return data_dir()


TRASH = "trash"


def trash_dir() -> Path:
    """Where deleted saves go: ``trash/`` in the saves folder."""
    return saves_dir() / TRASH


STATS_NAME = "stats.sqlite3"


def stats_file() -> Path:
    """The statistics store, beside the saves it can be rebuilt from."""
    return data_dir() / STATS_NAME


def crash_dirs() -> tuple[Path, Path]:
    """Where a crash log goes: the data folder, else the temporary folder."""
    import tempfile  # noqa: PLC0415 - only when the game fails

    return data_dir(), Path(tempfile.gettempdir())


def tune_storage_dir() -> Path:
    """Where ``unokart tune`` keeps its study, unless told otherwise (``--storage``)."""
    return data_dir()


def server_dir() -> Path:
    """The host's folder for ``unokart serve`` (its key, its log, each player's folders) unless ``--data-dir``."""
    return data_dir() / "server"
