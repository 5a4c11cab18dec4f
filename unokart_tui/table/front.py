"""What a front end asks of the table of its seat: ``TableController`` here, ``friends.remote.RemoteTable`` for
a seat of a table shared with friends, played on the host.

The game screen and the line mode hold one of these and nothing else of the game: they hand it the seat's
intentions and show the messages it sends them (``table.messages``).
"""

from __future__ import annotations

from typing import Protocol

from ..engine import Card, Color
from ..glyphs import Glyphs
from .pacing import Pace


class Pacing(Protocol):
    """When the table's moves come, as a front end's animations need to know it."""

    @property
    def fast(self) -> bool:
        """The moves up to the seat's next decision come at once (``f``)."""
        ...

    @property
    def pace(self) -> Pace: ...


class Keeping(Protocol):
    """How the match is kept, as leaving it needs to say."""

    def leave_warning(self) -> str:
        """What leaving the table now loses, or means, in one sentence."""
        ...


class SeatTable(Protocol):
    """The table of one seat: its intentions in, its messages out to the front end it was given."""

    cursor: int  # the card of the hand the seat points at

    @property
    def pacer(self) -> Pacing: ...

    @property
    def saving(self) -> Keeping: ...

    def open(self) -> bool:
        """The table's first words; True for a match that starts now."""
        ...

    def go(self) -> None:
        """The front end is ready: play starts."""
        ...

    def hold(self) -> None: ...

    def release(self) -> None: ...

    def stop(self) -> None: ...

    def use_settings(self, *, uno_helper: bool, undo: bool, glyphs: Glyphs, pace: Pace) -> None: ...

    def may(self, intent: str) -> bool:
        """Whether ``intent`` (a key's name) does something now; ValueError if unknown."""
        ...

    def intend(self, intent: str, *arguments: int) -> None: ...

    def press(self, at: float) -> None: ...

    def click(self, position: int) -> None: ...

    def draw(self) -> None: ...

    def show_table(self) -> None: ...

    def choose_colour(self, color: Color, card: Card | None = None) -> None: ...

    def choose_target(self, seat: int) -> None: ...

    def answer_challenge(self, answer: str) -> None: ...

    def dialog_hint(self) -> str: ...

    def start_next_round(self) -> None: ...


__all__ = ["Keeping", "Pacing", "SeatTable"]
