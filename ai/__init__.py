"""Bots for unokart: each decides from a ``PlayerView`` and the legal actions, nothing else.

``make_bot("greedy", seed=1, profile="hard", forget_uno=0.2)`` builds one; ``BOTS``
maps each name to its class. No Textual here.

The names below load on first use (PEP 562): the bots and the engine beneath them take
about 10 ms to import (docs/performance.md), and the title screen, which finds its
settings through ``ai.config``, paints its first frame without them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Bot
    from .challenger import ChallengerBot
    from .expert import ExpertBot
    from .greedy import GreedyBot
    from .item_hoarder import ItemHoarderBot
    from .params import COMMON, Param
    from .profiles import list_profiles, load_profile, user_profile_dir
    from .random_bot import RandomBot
    from .registry import BOTS

_HOME = {
    "BOTS": "registry",
    "COMMON": "params",
    "Bot": "base",
    "ChallengerBot": "challenger",
    "ExpertBot": "expert",
    "GreedyBot": "greedy",
    "ItemHoarderBot": "item_hoarder",
    "Param": "params",
    "RandomBot": "random_bot",
    "list_profiles": "profiles",
    "load_profile": "profiles",
    "user_profile_dir": "profiles",
}


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value


def make_bot(name: str, *, seed: int | None = None, profile: str | None = None, **params: object) -> Bot:
    """A bot by name; ``profile`` names a shipped or user profile; keyword parameters override it."""
    from .profiles import load_profile  # noqa: PLC0415 - see the module's docstring
    from .registry import BOTS  # noqa: PLC0415

    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (the bots: {', '.join(sorted(BOTS))})") from None
    values: dict[str, object] = {}
    if profile is not None:
        values.update(load_profile(profile, name))
    values.update(params)
    return cls(seed=seed, **values)


__all__ = [
    "BOTS",
    "COMMON",
    "Bot",
    "ChallengerBot",
    "ExpertBot",
    "GreedyBot",
    "ItemHoarderBot",
    "Param",
    "RandomBot",
    "list_profiles",
    "load_profile",
    "make_bot",
    "user_profile_dir",
]
