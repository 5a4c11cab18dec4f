"""Bots for unokart: each decides from a ``PlayerView`` and the legal actions, nothing else.

``make_bot("greedy", seed=1, profile="hard", forget_uno=0.2)`` builds one; ``BOTS``
maps each name to its class; ``bot_params(name, params)`` checks parameters read from a file. No Textual here.

The names below load on first use (PEP 562): the bots and the engine beneath them take
about 10 ms to import (docs/performance.md), and the title screen, which finds its
settings through ``ai.config``, paints its first frame without them.
"""

from __future__ import annotations

from collections.abc import Mapping
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


def _bot_class(name: str) -> type[Bot]:
    from .registry import BOTS  # noqa: PLC0415 - see the module's docstring

    try:
        return BOTS[name]
    except (KeyError, TypeError):  # TypeError: a name that is no text (a list from a file, say)
        raise ValueError(f"unknown bot {name!r} (the bots: {', '.join(sorted(BOTS))})") from None


def bot_params(name: str, params: Mapping[str, object]) -> dict[str, float | int]:
    """``params`` checked for the bot ``name`` as ``make_bot`` checks them: ``ValueError`` for an unknown
    bot, an unknown parameter ("seed" and "profile" included: they are no parameters) or a bad value.

    For parameters that come from a file (a save's seat), which ``make_bot(name, **params)`` would
    otherwise take as its own keywords.
    """
    from .params import check_params  # noqa: PLC0415

    return check_params(_bot_class(name).params_spec(), params, name)


def make_bot(name: str, *, seed: int | None = None, profile: str | None = None, **params: object) -> Bot:
    """A bot by name; ``profile`` names a shipped or user profile; keyword parameters override it."""
    from .profiles import load_profile  # noqa: PLC0415 - see the module's docstring

    cls = _bot_class(name)
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
    "bot_params",
    "list_profiles",
    "load_profile",
    "make_bot",
    "user_profile_dir",
]
