"""What a game being played and the hub that counts it know of each other, and nothing more.

The hub (hub.py) counts the games and ends them; a game (an SSH session, a browser tab) asks it
for a seat, gives the seat back, and writes to the log. Neither imports the other: each sees the
other through one of these Protocols, so the hub alone writes its counters.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .plain import in_english

if TYPE_CHECKING:
    from .config import Limits
    from .log import ConnectionLog
    from .tables import TableCodes


class Refusal(NamedTuple):
    """Why a game cannot be played: the operator's words for the log, the player's in their language."""

    plain: str
    words: str

    @classmethod
    def of(cls, words: Callable[[], str]) -> Refusal:
        """``words`` (a lookup through the voice) said to the player, and in English for the log."""
        return cls(in_english(words), words())


class Playing(Protocol):
    """A game being played here, over SSH or in a browser: what the hub counts and stops."""

    async def end(self, farewell: Callable[[], str]) -> None:
        """Stop the game and say ``farewell()``: a lookup through the voice, made in the player's language."""
        ...


class Seats(Protocol):
    """The hub as a game sees it: the limits, the log, a seat to take and give back, tasks to run."""

    @property
    def limits(self) -> Limits: ...

    @property
    def log(self) -> ConnectionLog: ...

    @property
    def tables(self) -> TableCodes:
        """The tables open here, by code."""
        ...

    def open_session(self, session: Playing, fingerprint: str | None) -> Refusal | None:
        """Count ``session`` in (``fingerprint``: the player's key; None for a browser), or say why not."""
        ...

    def close_session(self, session: Playing) -> None: ...

    def room_for_a_player(self) -> bool:
        """Whether a new key may have a directory of its own."""
        ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work``; the hub waits for it when it shuts down."""
        ...
