"""Challenger: counts cards, challenges a Wild Draw Four when the odds say it was a bluff,
and bluffs its own when the odds say nobody will call it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from unokart_tui.engine import Card, PlayerView, Rank

from .base import Bot
from .knowledge import chance_colour_was_held, chance_to_hold, unseen_cards
from .params import Param
from .tactics import attacks_near_out, in_colour_held_most


class ChallengerBot(Bot):
    """Reads the table. The cards it has not seen (not in its hand, not on the discard
    pile) are in the draw pile or the other hands; from them it works out the chance
    that the Wild Draw Four player held the colour to match (C1) and challenges when
    that chance is high enough. It plays its own Wild Draw Four honestly whenever it
    may, and as a bluff only when the next player could hardly suspect it."""

    name = "challenger"
    summary = "counts cards; challenges Wild Draw Fours that are likely bluffs"
    OWN_PARAMS: ClassVar[Mapping[str, Param]] = {
        "challenge_above": Param(0.4, 0.0, 1.0, "the estimated chance of a bluff above which it challenges"),
        "bluff_rate": Param(
            0.4, 0.0, 1.0, "how often it thinks players bluff, against playing the Wild Draw Four honestly"
        ),
        "bluff_below": Param(0.3, 0.0, 1.0, "it bluffs only if the next player would suspect it less than this"),
        "attack_at": Param(2, 1, 7, "the next player's hand size at which it plays action cards against them"),
    }

    def challenge(self, view: PlayerView, rng: random.Random) -> bool:
        assert view.wild_draw_four is not None
        player, color = view.wild_draw_four
        known = view.revealed.get(player)
        if known and any(card.color is color for card in known):
            return True  # it saw that hand in an earlier challenge, and the colour was in it
        holds = chance_colour_was_held(view)
        # Bayes: a player who holds the colour usually plays it rather than a Wild Draw Four;
        # `bluff_rate` is how often, compared with a player who has no choice.
        bluff = holds * self.params["bluff_rate"]
        guilty = bluff / (bluff + (1.0 - holds)) if bluff else 0.0
        return guilty > self.params["challenge_above"]

    def pick_card(self, view: PlayerView, cards: list[Card], rng: random.Random) -> Card | None:
        color = view.active_color
        honest_w4 = not any(card.color is color for card in view.hand)  # C1: only the colour counts
        hurting = [c for c in attacks_near_out(view, cards, self.params["attack_at"]) if self._safe(view, c, honest_w4)]
        if hurting:
            return max(hurting, key=lambda card: (card.rank is Rank.WILD_DRAW_FOUR, card.points))
        coloured = [card for card in cards if not card.is_wild]
        if coloured:
            return in_colour_held_most(coloured, view.hand)
        wilds = [card for card in cards if self._safe(view, card, honest_w4)]
        return max(wilds, key=lambda card: card.rank is Rank.WILD_DRAW_FOUR) if wilds else None

    def _safe(self, view: PlayerView, card: Card, honest: bool) -> bool:
        if card.rank is not Rank.WILD_DRAW_FOUR or honest:
            return True
        # What the next player can see: every card but the discards is unknown to them.
        pool = unseen_cards(view)
        pool.update(view.hand)
        pool[card] -= 1
        if view.active_color is None:
            return True
        suspicion = chance_to_hold(+pool, len(view.hand) - 1, color=view.active_color)
        return suspicion < self.params["bluff_below"]
