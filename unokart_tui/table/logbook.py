"""The seat's game log, as the table controller writes it: the lines of what happened, one line for a
move that followed the hint, the end of a chance to catch, and the lines an undo took back.

Issue 34 (trust at the table): a move taken from the hint was told twice ("You play Blue 7." and
"You play Blue 7 and say UNO, as the hint said."), and the lines of moves an undo took back stayed
in the log as if they had happened. Now the move's own line says it followed the hint, and an undo
tells the front end how many of the last lines it took back (``LogUndone``), which it marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine import (
    CardPlayed,
    CardsDrawn,
    ColorChosen,
    DrawnCardKept,
    DrawReason,
    Event,
    Phase,
    RoundWon,
    UnoCaught,
    UnoSaid,
)
from ..voice import _
from ..voice.cards import color_word, long
from ..voice.narration import LogLine, action_lines, in_told_order, log_lines
from .messages import Logged, LogUndone
from .tableview import can_stack

if TYPE_CHECKING:
    from .controller import TableController

Point = tuple[int, int]  # a round's number and how many actions of it came before


class Logbook:
    """How many lines the log holds, and how many it held when each action of the round was applied."""

    def __init__(self) -> None:
        self.lines = 0
        self._before: dict[Point, int] = {}

    def counted(self) -> None:
        self.lines += 1

    def action_at(self, point: Point) -> None:
        """An action is applied at ``point``: the lines from here on tell it and what follows."""
        self._before[point] = self.lines

    def taken_back_to(self, point: Point) -> LogUndone | None:
        """An undo took the round back to ``point``: the lines since, for the front end to mark.

        None when the log does not know (the action was applied before the match was resumed).
        """
        before = self._before.get(point)
        self._before = {kept: lines for kept, lines in self._before.items() if kept < point}
        if before is None or before >= self.lines:
            return None
        return LogUndone(self.lines - before)


def followed_line(events: Sequence[Event], you: int, *, uno: bool) -> tuple[LogLine, set[int]] | None:
    """The one line for ``you``'s move that followed the hint, and which of ``events`` it tells (their
    places in ``events``); ``uno``: the hint's move said UNO, and the line says so. None if no line can.
    """
    for place, event in enumerate(events):
        if isinstance(event, ColorChosen) and event.seat == you:
            text = _("You choose {colour}, as the hint advised.").format(colour=color_word(event.color))
            return LogLine("· " + text), {place}
        if isinstance(event, DrawnCardKept) and event.seat == you:
            return LogLine("· " + _("You keep the drawn card, as the hint advised.")), {place}
        if (
            isinstance(event, CardsDrawn)
            and event.seat == you
            and event.reason is DrawReason.CHOICE
            and len(event.cards) == event.wanted == 1
        ):  # found in play: a draw the hint advised was told as any draw (a play said it followed the hint)
            text = _("You draw {card}, as the hint advised.").format(card=long(event.cards[0]))
            return LogLine("· " + text), {place}
        if not (isinstance(event, CardPlayed) and event.seat == you):
            continue
        told = {place}
        said = next((i for i, e in enumerate(events) if isinstance(e, UnoSaid) and e.seat == you and not e.late), None)
        if uno and said is not None:
            told.add(said)
        card = long(event.card)
        with_uno = len(told) > 1
        if event.color is None:
            if with_uno:
                text = _("You play {card} and say UNO, as the hint advised.")
            else:
                text = _("You play {card}, as the hint advised.")
            return LogLine("· " + text.format(card=card)), told
        if with_uno:
            text = _("You play {card}, call {colour} and say UNO, as the hint advised.")
        else:
            text = _("You play {card} and call {colour}, as the hint advised.")
        return LogLine("· " + text.format(card=card, colour=color_word(event.color))), told
    return None


def write(controller: TableController, events: list[Event], *, live: bool = True, hint_uno: bool | None = None) -> None:
    """``events`` in the log; ``live``: they just happened (not the moves before a resumed match).

    ``hint_uno``: the move followed the hint (None: it did not), whose move said UNO or not.
    """
    told = in_told_order(events)
    followed = None if hint_uno is None else followed_line(told, controller.you, uno=hint_uno)
    if followed is None:
        _write(controller, told, live=live)
        return
    line, said = followed
    at = min(said)
    _write(controller, told[:at], live=live)
    controller.send(Logged(line))
    _write(controller, [e for place, e in enumerate(told) if place > at and place not in said], live=live)


def _write(controller: TableController, events: list[Event], *, live: bool) -> None:
    if not events:
        return
    session, you = controller.session, controller.you
    stack = not live or can_stack(session.match.round, you)  # H1-H3: a total passed to the player
    if not controller.short_log:
        for line in action_lines(events, controller.voice, can_stack=stack):
            controller.send(Logged(line))
        return
    hand = len(session.match.round.hands[you]) if live else None
    view = session.view()
    drawn = view.drawn if live and session.is_human_turn() and view.phase is Phase.DRAWN else None
    for line in log_lines(events, controller.voice, can_stack=stack, hand=hand, drawn=drawn):
        controller.send(Logged(line))


def note_exposure_over(controller: TableController, exposed: int | None, events: list[Event]) -> None:
    """U2: the chance to catch ``exposed`` passed with this action; the log says so.

    Found in play: a forgotten UNO nobody caught just vanished from the screen, and the
    player could not tell whether a catch was still coming.
    """
    if exposed is None or controller.session.match.round.exposed is not None:
        return
    if any(isinstance(e, (UnoCaught, UnoSaid, RoundWon)) for e in events):
        return  # caught, said late, or the round is over: the log has said it
    if exposed == controller.you:
        controller.log(_("Nobody caught you without UNO: the chance has passed."), "italic")
    else:
        name = controller.session.names[exposed]
        controller.log(_("Nobody caught {name} without UNO in time.").format(name=name), "italic")
