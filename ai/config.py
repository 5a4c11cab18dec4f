"""Where the player's configuration lives: settings and bot profiles are looked up here, once.

No bots and no engine here: the title screen reads its settings through this module and
starts without them (see ai/__init__.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def config_dir() -> Path:
    """``UNOKART_CONFIG_DIR`` when it is set (read at each call), else the user config directory."""
    override = os.environ.get("UNOKART_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("unokart"))
