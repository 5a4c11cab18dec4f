"""Who is present at the shared table, and a forgotten UNO under way: the small records ``shared`` keeps.

Moved out of ``shared`` by job, to keep it under the size limit: nothing here decides anything.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..glyphs import UNICODE, WORDS
from ..voice.narration import Voice
from .messages import Sender
from .people import Person


class Listener:
    """Someone at the table: a person at their ``seat``, or a watcher (``seat`` None), and their callable."""

    def __init__(self, person: Person, seat: int | None, send: Sender, names: Sequence[str]) -> None:
        self.person, self.seat, self.send = person, seat, send
        self.voice = Voice(names, seat, WORDS if person.plain else UNICODE)  # line mode: "Blue Skip [BS]" (issue 33)


class Exposure:
    """A seat with one card and no UNO since ``began`` (the table's ``moment`` then); ``reacted``: bots had their go."""

    def __init__(self, seat: int, began: float, window: float, moment: tuple[int, int]) -> None:
        self.seat, self.began, self.window, self.moment = seat, began, window, moment
        self.reacted = False


__all__ = ["Exposure", "Listener"]
