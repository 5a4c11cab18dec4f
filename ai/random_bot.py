"""The baseline of published UNO results: random legal play, always saying UNO."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from unokart_tui.engine import Card, Color, PlayerView

from .base import Bot
from .params import Param


class RandomBot(Bot):
    """A uniformly random card among those it can play; it draws only when it has none,
    plays a drawn card when it can, picks colours, targets and challenges at random,
    and always says UNO."""

    name = "random"
    summary = "plays a random card it can; the baseline every other bot must beat"
    OWN_PARAMS: ClassVar[Mapping[str, Param]] = {
        "challenge_rate": Param(0.5, 0.0, 1.0, "chance of challenging a Wild Draw Four"),
    }

    def __init__(self, *, seed: int | None = None, **params: object) -> None:
        params.setdefault("forget_uno", 0.0)  # the baseline always says UNO
        super().__init__(seed=seed, **params)

    def pick_card(self, view: PlayerView, cards: list[Card], rng: random.Random) -> Card | None:
        return rng.choice(cards)

    def challenge(self, view: PlayerView, rng: random.Random) -> bool:
        return rng.random() < self.params["challenge_rate"]

    def pick_color(self, view: PlayerView, playing: Card | None, rng: random.Random) -> Color:
        return rng.choice(list(Color))

    def pick_target(self, view: PlayerView, targets: list[int], rng: random.Random) -> int:
        return rng.choice(targets)
