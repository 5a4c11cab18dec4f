"""Bots for unokart: each decides from a ``PlayerView`` and the legal actions, nothing else.

``make_bot("greedy", seed=1, profile="hard", forget_uno=0.2)`` builds one; ``BOTS``
maps each name to its class. No Textual here.
"""

from __future__ import annotations

from .base import Bot
from .challenger import ChallengerBot
from .expert import ExpertBot
from .greedy import GreedyBot
from .item_hoarder import ItemHoarderBot
from .params import COMMON, Param
from .profiles import list_profiles, load_profile, user_profile_dir
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {bot.name: bot for bot in (RandomBot, GreedyBot, ChallengerBot, ItemHoarderBot, ExpertBot)}


def make_bot(name: str, *, seed: int | None = None, profile: str | None = None, **params: object) -> Bot:
    """A bot by name; ``profile`` names a shipped or user profile; keyword parameters override it."""
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
