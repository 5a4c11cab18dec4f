"""Where the player's configuration lives: settings and bot profiles are looked up here, once.

No bots and no engine here: the title screen reads its settings through this module and
starts without them (see ai/__init__.py). The folder itself is decided by ``unokart_tui.locations``.
"""

from __future__ import annotations

from unokart_tui.locations import config_dir

__all__ = ["config_dir"]
