"""Item-hoarder: keeps its Item Boxes and Wild Draw Fours for the moment they hurt most."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import ClassVar

from unokart_tui.engine import DECK_COUNTS, DECK_SIZE, Card, Item, PlayerView, Rank

from .base import Bot
from .knowledge import chance_colour_was_held, item_odds
from .params import Param
from .tactics import attacks_near_out, costliest, in_colour_held_most

# What each item is worth to the player of the Item Box, in cards the others draw less
# those it draws (I1-I5); Lightning is worth one card for each opponent.
_ITEM_CARDS = {
    Item.MUSHROOM: 0.0,
    Item.BANANA: 2.0,
    Item.GREEN_SHELL: 1.0,
    Item.BOB_OMB: -2.0,
}


_DECK_ODDS = {item: count / DECK_SIZE for item, count in Counter(card.item for card in DECK_COUNTS.elements()).items()}


class ItemHoarderBot(Bot):
    """Holds its Item Boxes and Wild Draw Fours while it has coloured cards to play and
    nobody is close to going out; then it strikes, Wild Draw Four first, since a box is
    best kept for the last card (E2 spares the winner a Bob-omb). From the cards it has
    not seen it knows the odds of the card a box would turn, and plays a box at once
    when those odds are well above a full deck's."""

    name = "item-hoarder"
    summary = "saves Item Boxes and Wild Draw Fours for the moment they hurt most"
    OWN_PARAMS: ClassVar[Mapping[str, Param]] = {
        "strike_at": Param(2, 1, 7, "an opponent's hand size at which it stops hoarding and strikes"),
        "own_last": Param(1, 1, 7, "its own hand size at which it plays its wild cards to go out"),
        "min_edge": Param(0.0, -2.0, 2.0, "how much better than a full deck's a box's odds must be to strike with it"),
        "jackpot_edge": Param(
            0.25, -2.0, 2.0, "how much better than a full deck's its odds must be to play it at once"
        ),
        "challenge_above": Param(0.6, 0.0, 1.0, "the estimated chance of a bluff above which it challenges"),
    }

    def item_box_edge(self, view: PlayerView) -> float:
        """How many more cards (net) an Item Box played now should bring than one turned from a full deck."""
        lightning = float(view.num_players - 1)
        odds = item_odds(view)
        now = sum(odds[item] * _ITEM_CARDS.get(item, lightning) for item in Item)
        return now - sum(_DECK_ODDS[item] * _ITEM_CARDS.get(item, lightning) for item in Item)

    def pick_card(self, view: PlayerView, cards: list[Card], rng: random.Random) -> Card | None:
        coloured = [card for card in cards if not card.is_wild]
        boxes = [card for card in cards if card.rank is Rank.WILD_ITEM_BOX]
        fours = [card for card in cards if card.rank is Rank.WILD_DRAW_FOUR]
        edge = self.item_box_edge(view) if boxes else 0.0
        threat = min(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        if threat <= self.params["strike_at"]:  # the moment: someone is about to go out
            hurting = attacks_near_out(view, cards, self.params["strike_at"])
            if hurting:
                return costliest(hurting)
            if boxes and edge >= self.params["min_edge"]:
                return boxes[0]
        if boxes and edge >= self.params["jackpot_edge"]:
            return boxes[0]  # the odds are too good to wait
        if coloured:
            return in_colour_held_most(coloured, view.hand)
        if len(view.hand) <= self.params["own_last"]:
            return (fours or boxes)[0]  # its last cards: a wild always goes out
        # Only wild cards go. A Wild Draw Four first: a box is best kept for the last card,
        # where a Bob-omb cannot hurt (E2). Drawing to keep a box costs more than it brings
        # (measured with `unokart sim`), so a lone box is played.
        return (fours or boxes)[0]

    def challenge(self, view: PlayerView, rng: random.Random) -> bool:
        return chance_colour_was_held(view) > self.params["challenge_above"]
