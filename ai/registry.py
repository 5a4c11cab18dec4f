"""Every bot by name."""

from __future__ import annotations

from .base import Bot
from .challenger import ChallengerBot
from .expert import ExpertBot
from .greedy import GreedyBot
from .item_hoarder import ItemHoarderBot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {bot.name: bot for bot in (RandomBot, GreedyBot, ChallengerBot, ItemHoarderBot, ExpertBot)}
