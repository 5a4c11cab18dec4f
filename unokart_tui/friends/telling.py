"""What one seat is told of the shared table: its ``TableSeen``, and an action's events in its own voice.

Plain functions of the match and one seat (None: a watcher), so that what leaves the table for a seat
is decided in one small place: the seat's own view from the engine, what everyone sees, and the log's
lines as the voice tells them to that seat. The caller speaks the reader's language around them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple

from ..engine import (
    Action,
    Card,
    Event,
    HandsPassed,
    HandsSwapped,
    Match,
    PlayerView,
    Round,
    RoundWon,
    UnoCaught,
    UnoSaid,
)
from ..table.tableview import Motion, can_stack, motions
from ..voice import _
from ..voice.banners import Banner, banner
from ..voice.narration import LogLine, Voice, action_lines, in_told_order, must_play, must_play_words
from ..voice.piloted import piloted_lines
from .messages import PublicTable, TableSeen, Turn

NOBODY = -1  # a watcher's seat, for what is shown to a seat: no card of any hand is theirs
RECENT_LINES = 40  # what someone arriving at a started table is told of the round so far

Retelling = Callable[[Voice], list[LogLine]]  # a moment of the round's log, told again in any reader's voice


def public_table(view: PlayerView) -> PublicTable:
    """What everyone sees, read from any seat's view: its public fields only."""
    return PublicTable(
        hand_sizes=view.hand_sizes,
        top_card=view.top_card,
        active_color=view.active_color,
        direction=view.direction,
        current=view.current,
        decider=view.decider,
        phase=view.phase,
        draw_pile_size=view.draw_pile_size,
        exposed=view.exposed,
        scores=view.scores,
        pending_draw=view.pending_draw,
        choice_for=view.choice_for,
        dealer=view.dealer,
        winner=view.winner,
    )


def seen(
    match: Match, seat: int | None, *, people: Collection[int], away: Collection[int], turn: Turn | None
) -> TableSeen:
    """The table as ``seat`` sees it now (None: as a watcher does, with no hand)."""
    round_ = match.round
    view = None if seat is None else round_.view(seat)._replace(public_history=())  # the log has told it
    deciding = seat is not None and not round_.is_over and round_.decider == seat
    seats = range(len(match.names))
    return TableSeen(
        seat=seat,
        view=view,
        public=public_table(view or round_.view(0)),
        legal=tuple(round_.legal_actions()) if deciding else (),
        names=match.names,
        people=tuple(index in people for index in seats),
        away=tuple(index in away for index in seats),
        turn=turn,
        round_number=match.round_number,
        target=match.target,
        moment=(match.round_number, len(match.history[-1])),
    )


class Told(NamedTuple):
    """An action as one seat is told it: the cards that moved (another seat's drawn cards face down), the
    log's lines, the banner (None: none), and whether a banner on show about a forgotten UNO goes."""

    moved: tuple[Motion, ...]
    lines: list[LogLine]
    banner: Banner | None
    exposure_over: bool


class Piloted(NamedTuple):
    """A move the autopilot made for a person's ``seat`` (away, or their clock ran out): ``action``."""

    seat: int
    action: Action


class After(NamedTuple):
    """What telling an action needs of the round just after it: a few numbers instead of the whole round,
    so that the recent log keeps no copy of a round per action."""

    exposed: int | None  # the seat exposed to an UNO catch now
    cannot_stack: int | None  # H1-H3: the seat a total waits for that has no card to stack on it
    must_play: tuple[int, Card] | None  # H7: the seat that must play the card it drew, and that card

    @classmethod
    def of(cls, events: Sequence[Event], round_: Round) -> After:
        decider = None if round_.is_over else round_.decider
        cannot = None if decider is None or can_stack(round_, decider) else decider
        return cls(round_.exposed, cannot, must_play(events, round_))


def told(
    events: Sequence[Event], round_: Round, voice: Voice, exposed_before: int | None, piloted: Piloted | None = None
) -> Told:
    """``events`` (``round_``: the round just after them) as the reader of ``voice`` is told them."""
    seat = voice.you
    after = After.of(events, round_)
    stack = seat is None or seat != after.cannot_stack
    lines = told_lines(events, after, voice, exposed_before, piloted)
    moved = motions(events, NOBODY if seat is None else seat)
    ended = exposed_before is not None and after.exposed is None
    return Told(moved, lines, banner(events, voice, can_stack=stack), ended)


def told_lines(
    events: Sequence[Event], after: After, voice: Voice, exposed_before: int | None, piloted: Piloted | None = None
) -> list[LogLine]:
    """The log's lines of ``events`` for the reader of ``voice`` (``after``: what the round was just after them).

    ``piloted``: the autopilot made this move for a person; read by that person, the lines say so.
    """
    seat = voice.you
    stack = seat is None or seat != after.cannot_stack  # H1-H3: a total passed to the reader
    if piloted is not None and voice.is_you(piloted.seat):
        lines = piloted_lines(in_told_order(events), piloted.action, piloted.seat, voice, can_stack=stack)
    else:
        lines = action_lines(events, voice, can_stack=stack)
    if after.must_play is not None:  # H7
        lines.append(must_play_words(*after.must_play, voice))
    ended = exposed_before is not None and after.exposed is None
    if ended and not any(isinstance(e, (UnoCaught, UnoSaid, RoundWon)) for e in events):
        assert exposed_before is not None
        if voice.is_you(exposed_before):  # U2: the chance to catch passed; the log says so
            text = _("Nobody caught you without UNO: the chance has passed.")
        else:
            text = _("Nobody caught {name} without UNO in time.").format(name=voice.name(exposed_before))
        lines.append(LogLine(text, "italic"))
    return lines


class RecentLog:
    """The round's recent log, to tell again to whoever arrives once play has begun (found over ssh: an empty
    log). Each moment is kept as its telling, so a seat is re-told exactly what it would have been told.

    What a moment keeps is its events and an ``After``, never the round: a copy of the round for each
    action (as this once kept) held the round's history again and again.
    """

    def __init__(self) -> None:
        self._moments: deque[Retelling] = deque(maxlen=RECENT_LINES)

    def said(self, retell: Retelling) -> None:
        self._moments.append(retell)

    def new_round(self, retell: Retelling) -> None:
        self._moments.clear()
        self._moments.append(retell)

    def events(
        self, events: Sequence[Event], round_: Round, exposed_before: int | None, piloted: Piloted | None = None
    ) -> None:
        """An action's events (``round_``: the round just after them), told again as ``told`` tells them."""
        if any(isinstance(event, (HandsSwapped, HandsPassed)) for event in events):
            # H4: the cards a seat drew before are in another hand now; told again, they would show it.
            self._moments.clear()
        after = After.of(events, round_)
        kept = tuple(events)
        self._moments.append(lambda voice: told_lines(kept, after, voice, exposed_before, piloted))

    def retold(self, voice: Voice) -> list[LogLine]:
        """The last ``RECENT_LINES`` lines, in ``voice`` (the caller speaks its reader's language around this)."""
        return [line for retell in self._moments for line in retell(voice)][-RECENT_LINES:]

    def __len__(self) -> int:
        """How many moments are kept (each one line or more): never more than ``RECENT_LINES``."""
        return len(self._moments)


__all__ = ["RECENT_LINES", "After", "Piloted", "RecentLog", "Told", "public_table", "seen", "told", "told_lines"]
