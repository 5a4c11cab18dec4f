"""Greedy: sheds the costliest cards first and hits the next player when they are close to out."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from unokart_tui.engine import Card, PlayerView

from .base import Bot
from .params import Param
from .tactics import attacks_near_out, costliest


class GreedyBot(Bot):
    """Plays the coloured card that would cost the most if it were caught holding it (K4
    points), in the colour it holds most. Its wild cards wait: a wild always goes, so it
    is the card that finishes the round. When the next player is close to going out it
    uses whatever stops or hurts them. It challenges big hands, which rarely lack a colour."""

    name = "greedy"
    summary = "sheds its costliest cards first; attacks the next player near the end"
    OWN_PARAMS: ClassVar[Mapping[str, Param]] = {
        "attack_at": Param(2, 1, 7, "the next player's hand size at which it plays action cards against them"),
        "wilds_at": Param(1, 1, 10, "its own hand size at which it sheds wild cards even when a coloured card goes"),
        "challenge_at": Param(5, 1, 20, "the Wild Draw Four player's hand size from which it challenges"),
    }

    def pick_card(self, view: PlayerView, cards: list[Card], rng: random.Random) -> Card | None:
        hurting = attacks_near_out(view, cards, self.params["attack_at"])
        if hurting:
            return costliest(hurting)
        coloured = [card for card in cards if not card.is_wild]
        if coloured and len(view.hand) > self.params["wilds_at"]:
            return costliest(coloured, view.hand)
        return costliest(cards)

    def challenge(self, view: PlayerView, rng: random.Random) -> bool:
        # A big hand rarely lacks the colour: greedy challenges those, and accepts the rest.
        assert view.wild_draw_four is not None
        player, _ = view.wild_draw_four
        return view.hand_sizes[player] >= self.params["challenge_at"]
