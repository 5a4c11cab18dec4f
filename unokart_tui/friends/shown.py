"""A shared table as one person's game process draws it: seats counted from theirs, or a watcher's table.

No Textual here: ``friends.remote.RemoteTable`` builds its ``table.messages`` with these.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import NamedTuple

from ..engine import Action, CatchUno, ChooseTarget, HouseRules, JumpIn, PlayerView, Round, SayUno
from ..glyphs import Glyphs
from ..table.messages import SeatState
from ..table.tableview import STORY_LENGTH, HandState, SeatLine, TableInfo
from ..voice import _
from ..voice import friends as words
from ..voice.notes import TableNotes
from .messages import TableSeen


class Shown(NamedTuple):
    """The table as the seat is shown it, in the shape the table's helpers read (``tableview.LiveMatch``)."""

    names: tuple[str, ...]
    round: Round
    scores: tuple[int, ...]
    rules: HouseRules
    target: int
    is_over: bool


def shift(seat: int, you: int, seats: int) -> int:
    """``seat`` counted from ``you``'s (who is 0 then)."""
    return (seat - you) % seats


def shifted_view(view: PlayerView, you: int) -> PlayerView:
    """``view`` with every seat counted from ``you``'s; its public history is left out (the log told it)."""
    seats = view.num_players

    def at(seat: int) -> int:
        return shift(seat, you, seats)

    def turned(values: tuple[int, ...]) -> tuple[int, ...]:
        return values[you:] + values[:you]

    four = view.wild_draw_four
    return view._replace(
        seat=at(view.seat),
        hand_sizes=turned(view.hand_sizes),
        current=at(view.current),
        decider=at(view.decider),
        exposed=None if view.exposed is None else at(view.exposed),
        scores=turned(view.scores),
        revealed={at(seat): cards for seat, cards in view.revealed.items()},
        dealer=at(view.dealer),
        winner=None if view.winner is None else at(view.winner),
        wild_draw_four=None if four is None else (at(four[0]), four[1]),
        reactions=tuple(with_seats(action, at) for action in view.reactions),
        public_history=(),
        handed={at(seat): cards for seat, cards in view.handed.items()},
    )


def with_seats(action: Action, at: Callable[[int], int]) -> Action:
    """``action`` with the seat it names counted again by ``at`` (a catch, a late UNO, a jump-in, a target)."""
    if isinstance(action, (SayUno, CatchUno, JumpIn, ChooseTarget)):
        return dataclasses.replace(action, seat=at(action.seat))
    return action


def watcher_state(seen: TableSeen, notes: TableNotes, left: int | None, glyphs: Glyphs) -> SeatState:
    """The table as a watcher sees it: every seat's line and the piles, read from what everyone sees."""
    public, seats = seen.public, len(seen.names)
    playing = public.winner is None
    after = (public.decider + public.direction) % seats if playing else None
    turn = public.current if playing else None  # the same notes as at the table: a lost turn's goes with the turn
    lines = tuple(
        SeatLine(
            seat=seat,
            name=name,
            kind="human" if seen.people[seat] else "bot",
            cards=public.hand_sizes[seat],
            score=public.scores[seat],
            to_act=playing and public.decider == seat,
            exposed=public.exposed == seat,
            you=False,
            last=words.seat_away(notes.last_move(seat, turn)) if seen.away[seat] else notes.last_move(seat, turn),
            next_up=seat == after,
            glyphs=glyphs,
            earlier=notes.earlier(seat, turn, STORY_LENGTH),
        )
        for seat, name in enumerate(seen.names)
    )
    by = _("first card") if notes.top_by is None else _("by {name}").format(name=seen.names[notes.top_by])
    item = public.top_card.item if notes.top_turned else None
    table = TableInfo(
        public.top_card, public.active_color, public.direction, public.draw_pile_size, by, item,
        glyphs=glyphs, target=seen.target,
    )  # fmt: skip
    waiting = words.watching()
    if seen.turn is not None and playing:
        waiting = _("{name} to play").format(name=seen.turn.name)
        waiting = waiting if left is None else words.turn_clock(waiting, left)
    hand = HandState((), frozenset(), 0, waiting, glyphs)
    where = _("round {number} · first to {target}").format(number=seen.round_number, target=seen.target)
    return SeatState(lines, table, hand, where)


def scored(seen: TableSeen, scores: tuple[int, ...]) -> TableSeen:
    """``seen`` with the scores after its round: a round's view holds those of its deal, and the round's end
    brings the new ones (found over ssh: "Bob 0" behind the final scores' 177)."""
    view = None if seen.view is None else seen.view._replace(scores=scores)
    return seen._replace(view=view, public=seen.public._replace(scores=scores))


__all__ = ["Shown", "scored", "shift", "shifted_view", "watcher_state", "with_seats"]
