"""The log's lines of a move the autopilot made for a person, as that person reads them (issue 31).

Found over ssh: a person who dropped and came back read ``· You play Red 8.`` in the log told again, for a
card the autopilot had played for them while they were away; the same when their turn's clock ran out.
Their own reading of such a move says whose it was: "The autopilot plays Red 8 for you." The others read
it as any move of that seat (the seat is marked away, or the log has said the time was up).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, CardPlayed, ColorChosen, Event, UnoSaid
from . import _
from .cards import COLOR_CLASS, color_class, color_word, long
from .narration import LogLine, log_line, move_words
from .speaker import Voice


def piloted_lines(
    events: Sequence[Event], action: Action, seat: int, voice: Voice, *, can_stack: bool
) -> list[LogLine]:
    """``events`` (in the order told) of ``action``, which the autopilot made for ``seat``: the reader's own seat."""
    lines: list[LogLine] = []
    said = False
    for event in events:
        line = _for_you(event, seat)
        said = said or line is not None
        lines.append(line if line is not None else log_line(event, voice, can_stack=can_stack))
    if not said:  # a draw, a kept card, a target, a challenge: the move first, in words, then what it did
        move = _("The autopilot's move for you: {move}.").format(move=move_words(action, voice))
        lines.insert(0, LogLine("· " + move, "italic"))
    return lines


def _for_you(event: Event, seat: int) -> LogLine | None:
    """The line of an event of the autopilot's own move for ``seat``, or None for any other event."""
    if isinstance(event, CardPlayed) and event.seat == seat:
        card = long(event.card)
        faces = [(card, color_class(event.card))]
        if event.color is None:
            text = _("The autopilot plays {card} for you.").format(card=card)
        else:
            colour = color_word(event.color)
            faces.append((colour, COLOR_CLASS[event.color]))
            text = _("The autopilot plays {card} for you and calls {colour}.").format(card=card, colour=colour)
        return LogLine("· " + text, "", tuple(faces))
    if isinstance(event, ColorChosen) and event.seat == seat:
        colour = color_word(event.color)
        text = _("The autopilot chooses {colour} for you.").format(colour=colour)
        return LogLine("· " + text, "", ((colour, COLOR_CLASS[event.color]),))
    if isinstance(event, UnoSaid) and event.seat == seat and not event.late:
        return LogLine("· " + _("The autopilot says UNO for you!"))
    return None


__all__ = ["piloted_lines"]
