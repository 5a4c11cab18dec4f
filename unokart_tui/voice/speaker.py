"""Who is who in a sentence: the one place that decides whether a seat is "you" or named.

A sentence about a seat is looked up whole in the form that fits it: "You play {card}." for the
reader's own seat, "{name} plays {card}." for another. Names stay as they are written (in the
nominative), so that a language that declines names need not.
"""

from __future__ import annotations

from collections.abc import Sequence

from unokart_tui.engine import Card, Item

from ..glyphs import UNICODE, Glyphs
from . import _
from .cards import written
from .names import is_default_name


class Voice:
    """Names the seats of one match, the reader's own seat as "you"; writes cards and items in ``glyphs``."""

    def __init__(self, names: Sequence[str], you: int | None, glyphs: Glyphs = UNICODE) -> None:
        self.names, self.you, self.glyphs = names, you, glyphs

    @classmethod
    def by_default_name(cls, names: Sequence[str], glyphs: Glyphs = UNICODE) -> Voice:
        """A voice for words every seat reads alike: the seat with the player's default name "You" is "you"."""
        you = next((seat for seat, name in enumerate(names) if is_default_name(name)), None)
        return cls(names, you, glyphs)

    def is_you(self, seat: int) -> bool:
        return seat == self.you

    def name(self, seat: int) -> str:
        return self.names[seat]

    def icon(self, item: Item) -> str:
        return self.glyphs.items[item]

    def card(self, card: Card) -> str:
        return written(card, self.glyphs)  # line mode (issue 33): in words, the code to type in brackets

    def who(self, seat: int) -> str:
        """A seat on its own or starting a sentence: "You", "Mario"."""
        return _("You") if self.is_you(seat) else self.names[seat]

    def whom(self, seat: int) -> str:
        """A seat inside a sentence or a list: "you", "Mario"."""
        return _("you") if self.is_you(seat) else self.names[seat]
