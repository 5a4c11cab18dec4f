"""UNO said ahead (U1): the seat's ``u`` before its play, in one place.

Armed by the seat, it goes with the seat's next play; a draw instead, an undo or a new round
ends it. The UNO helper (a setting) says it for the seat when one card will be left.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card, CardPlayed, CardsDrawn, Event, HouseRules, Rank


class UnoAhead:
    def __init__(self) -> None:
        self.armed = False

    def toggle(self) -> None:
        self.armed = not self.armed

    def drop(self) -> None:
        """An undo or a new round: what was said ahead went with the play it was for."""
        self.armed = False

    def with_play(self, card: Card, hand: Sequence[Card], rules: HouseRules, *, helper: bool) -> bool:
        """Whether UNO goes with playing ``card`` from ``hand``: said ahead, or the helper sees one card left.

        With seven-zero (H4b) the hand that comes back is unknown: the helper says it with every 7 and 0.
        """
        if self.armed:
            return True
        swaps = rules.seven_zero and card.rank in (Rank.SEVEN, Rank.ZERO) and len(hand) > 1
        return helper and (len(hand) == 2 or swaps)

    def after(self, events: Sequence[Event], you: int) -> bool:
        """The seat's action is done: UNO goes with one play. True when a draw instead ended it (say so)."""
        if any(isinstance(e, CardPlayed) and e.seat == you for e in events):
            self.armed = False
        elif self.armed and any(isinstance(e, CardsDrawn) and e.seat == you for e in events):
            self.armed = False  # the hand is no longer a play away from one card
            return True
        return False
