"""The cards that fly across the table: played to the pile, drawn from it, turned over by an Item Box.

Only decoration over a table already drawn as it now is: no key waits for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.geometry import Region

from ...table.session import HUMAN
from ...table.tableview import Motion
from ..widgets.cardview import CardView, DrawPile
from ..widgets.motion import FlyingCard, MotionPlan, Stage

if TYPE_CHECKING:
    from .game import GameScreen


class Flights:
    """The flying cards of one table: one for a play, and one for a draw to every seat (a Lightning)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.cards = [FlyingCard() for _ in range(len(screen.names) + 1)]
        # Hidden until a card moves: they join the screen after its first frame, which they would only delay.
        screen.call_after_refresh(screen.mount_all, self.cards)

    def land(self) -> None:
        """Every card in flight lands now (the layout changes: it would land where the old one had the pile)."""
        for card in self.cards:
            if card.in_flight:  # one on the ground is hidden already: hiding it again set a style, and laid out
                card.land()

    def fly(self, moved: Sequence[Motion], *, by_player: bool) -> None:
        """The cards ``moved``, on their way. None when motion is off (the setting, or Textual's
        animations: tests run without), while the bots are fast-forwarded, or when their moves follow
        each other too fast to be watched.
        """
        screen = self.screen
        pacer = screen.controller.pacer
        if not screen.motion or screen.app.animation_level == "none" or pacer.fast:
            return
        if not by_player and pacer.pace.bot_delay < MotionPlan.SECONDS:
            return
        cards = [card for card in self.cards if card.is_mounted]
        if moved and cards:
            MotionPlan(self.stage(), cards, screen.table.query_one("#top-card", CardView)).run(moved)

    def stage(self) -> Stage:
        """Where the seats and the piles are now, in this layout."""
        screen = self.screen
        size = screen.hand.card_size  # a moving card has the hand's: 6x3, 9x6, or 11x8 on the grand table
        roomy = screen.has_class("-roomy")
        seats = screen.places if roomy else screen.rows
        regions = [
            screen.hand.card_region(screen.controller.cursor) if seat == HUMAN else seats[seat].region
            for seat in range(len(screen.names))
        ]
        if not roomy:
            # A seat's line on the compact table: the card leaves and reaches it at the line's right end,
            # over its points, on the side of the pile. From the line's middle it crossed the seats' names
            # and last moves, a player's reading (found in play).
            regions = [
                region if seat == HUMAN else Region(region.right - size[0], region.y, size[0], region.height)
                for seat, region in enumerate(regions)
            ]
        table = screen.table
        pile = table.query_one("#top-card").region
        # Kept as the terminal shows them until a played card lands; none when it shows something else. Found in
        # play at 120x40: a colour chosen for a wild kept the closing dialog's cells over the pile through the flight.
        landing = (
            [pile, table.query_one("#played-by").region, table.query_one("#pile-count").region]
            if screen.on_terminal
            else []
        )
        return Stage(regions, pile, table.query_one(DrawPile).region, size, screen.glyphs, landing)
