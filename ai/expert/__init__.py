"""The expert bot: determinized search with a rule-bot-like playout policy (see ``bot.py``)."""

from __future__ import annotations

from .bot import ExpertBot

__all__ = ["ExpertBot"]
