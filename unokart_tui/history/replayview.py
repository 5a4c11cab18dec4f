"""What a replay shows: any position of a saved match turned into the table widgets' data.

The same data as at the table (``tableview``), seen from the player's seat, with the log up
to that point. An unfinished match shows only what the player saw at the time: their own
hand, the others' card counts, the public cards and the log as it was written for them,
never a bot's hand or the draw pile's order, so a replay cannot be used to cheat. A
finished match against bots also shows every hand; a match played with friends never does
(issue 31): their hands were theirs alone, so its replay is the opener's seat as they saw it,
over or not. No Textual here (tests/test_layering.py; the data is tested in
tests/history/test_replay.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from saves import SavedGame, Undo

from ..engine import Card, DrawPending, Event, Play, parse_action
from ..glyphs import UNICODE, Glyphs
from ..table.session import HUMAN
from ..table.tableview import (
    HandState,
    SeatLine,
    TableInfo,
    can_stack,
    hand_cards,
    seat_lines,
    sorted_hand,
    table_info,
)
from ..voice import _, ngettext
from ..voice.banners import Banner, banner
from ..voice.cards import cards as card_list
from ..voice.narration import LogLine, Voice, action_lines, move_words
from ..voice.notes import TableNotes
from .timeline import Position, Timeline

RECENT = 40  # the log shows the events of this many actions up to the position
NO_CURSOR = -1  # the hand shows no cursor: it is not the player's turn, or they did not play a card


class ReplayFrame(NamedTuple):
    seats: tuple[SeatLine, ...]
    table: TableInfo
    hand: HandState
    hands: tuple[str, ...]  # every other seat's hand, one line each: a finished match only
    log: tuple[LogLine, ...]
    banner: Banner | None
    caption: str  # where the replay is: "Move 123 of 4,567 · round 3 of 9"
    players_title: str


def hand_title(position: Position, you: int) -> str:
    round_ = position.round
    count = len(round_.hands[you])
    if position.is_over:
        what = _("the match is over")
    elif round_.is_over:
        what = _("the round is over")
    elif round_.decider == you:
        what = _("your decision")
    else:
        what = _("{name} to play").format(name=position.names[round_.decider])
    return _("Your hand ({count}) — {status}").format(count=count, status=what)


def frame(
    position: Position,
    kinds: Sequence[str],
    notes: TableNotes,
    *,
    log: tuple[LogLine, ...],
    events: Sequence[Event],
    caption: str,
    reveal: bool,
    played_next: Card | None = None,
    glyphs: Glyphs = UNICODE,
) -> ReplayFrame:
    """The widgets' data at ``position``; ``reveal`` (a finished match only) shows every hand.

    ``played_next``: the card the player played from here, which the hand's cursor points at.
    """
    voice = Voice(position.names, HUMAN, glyphs)
    cards, playable, _cursor = hand_cards(position, HUMAN)
    cursor = max((i for i, card in enumerate(cards) if card == played_next), default=NO_CURSOR)
    hands: tuple[str, ...] = ()
    if reveal:
        hands = tuple(
            f"{name}: {card_list(sorted_hand(hand), glyphs) or _('(no cards)')}"
            for seat, (name, hand) in enumerate(zip(position.names, position.round.hands, strict=True))
            if seat != HUMAN
        )
    return ReplayFrame(
        seats=seat_lines(position, kinds, notes, HUMAN, glyphs=glyphs),
        table=table_info(position, notes, HUMAN, glyphs),
        hand=HandState(cards, playable, cursor, hand_title(position, HUMAN), glyphs),
        hands=hands,
        log=log,
        # H1-H3: "stack or take it" only when the player could stack (found in play: with nothing to stack).
        banner=banner(events, voice, can_stack=can_stack(position.round, HUMAN)),
        caption=caption,
        players_title=_("round {round} · first to {target}").format(
            round=position.round_number, target=position.target
        ),
    )


class Replay:
    """A saved match to step through, from the first deal (point 0) to where it stands."""

    def __init__(self, game: SavedGame, glyphs: Glyphs = UNICODE) -> None:
        self.game = game
        self.glyphs = glyphs  # the player's card symbols (Settings), as at the table
        self.timeline = Timeline(game.match)
        seats = game.seats
        self.kinds = [seat.kind for seat in seats] if seats else ["human"] + ["random"] * (len(game.match.names) - 1)
        self.over = game.match.is_over
        # Only a finished match against bots shows the hands the player never saw: a friend's hand was theirs
        # alone (issue 31; found in play: the opener's replay of a finished table showed every friend's hand).
        self.with_friends = played_with_friends(game)
        self.reveal = self.over and not self.with_friends
        self.voice = Voice(game.match.names, HUMAN, glyphs)
        self.undos = undos_by_point(game.undos)

    def __len__(self) -> int:
        return len(self.timeline)

    def frame(self, number: int) -> ReplayFrame:
        timeline = self.timeline
        position = timeline.position(number)
        notes = TableNotes(len(position.names), self.glyphs)
        for events in timeline.round_events(number):
            notes.record(events, position.names)
        point = timeline.points[number]
        rounds = len(timeline.round_starts)
        values = {
            "move": f"{point.actions:,}",
            "moves": f"{timeline.total_actions:,}",
            "round": point.round,
            "rounds": rounds,
        }
        if point.seat is not None:
            values["who"] = self.voice.who(point.seat)
            values["what"] = notes.last[point.seat] or _("acted")
            caption = _("Move {move} of {moves} · round {round} of {rounds} · {who}: {what}").format(**values)
        elif point.move == 0:
            caption = _("Move {move} of {moves} · round {round} of {rounds} · the deal").format(**values)
        else:
            caption = _("Move {move} of {moves} · round {round} of {rounds}").format(**values)
        following = timeline.actions[number + 1] if number < timeline.last else None
        played = following.card if isinstance(following, Play) and timeline.points[number + 1].seat == HUMAN else None
        return frame(
            position,
            self.kinds,
            notes,
            log=self.log(number),
            events=timeline.events[number],
            caption=caption,
            reveal=self.reveal,
            played_next=played,
            glyphs=self.glyphs,
        )

    def log(self, number: int) -> tuple[LogLine, ...]:
        """The log as the player read it, for the last ``RECENT`` actions up to point ``number``."""
        timeline = self.timeline
        first = max(0, number - RECENT)
        lines: list[LogLine] = []
        for step in range(first, number + 1):
            point = timeline.points[step]
            if point.move == 0 or step == first:
                lines.append(LogLine(round_heading(point.round), "bold"))
            events = timeline.events[step]
            stack = not any(isinstance(e, DrawPending) and e.seat == HUMAN for e in events) or can_stack(
                timeline.position(step).round, HUMAN
            )  # H1-H3: a total passed to the player says "stack" only when they could
            lines += action_lines(events, self.voice, can_stack=stack)
            for undo in self.undos.get((point.round, point.move), ()):
                lines.append(LogLine(undone(undo, self.voice), "italic"))
        return tuple(lines)


def played_with_friends(game: SavedGame) -> bool:
    """Whether more than one of ``game``'s seats is a person's: a match played with friends (issue 31)."""
    return sum(seat.kind == "human" for seat in game.seats) > 1


def undos_by_point(undos: Sequence[Undo]) -> dict[tuple[int, int], list[Undo]]:
    """The undos made at each point (round, actions kept): one may be made twice at the same point."""
    found: dict[tuple[int, int], list[Undo]] = {}
    for undo in undos:
        found.setdefault((undo.round, undo.kept), []).append(undo)
    return found


def round_heading(number: int) -> str:
    """The log's line that opens a round."""
    return _("— Round {round} —").format(round=number)


def undone(undo: Undo, voice: Voice) -> str:
    """The log's line for an undo made at this point, its moves in words (``voice``: the reader's)."""
    moves = [move_words(parse_action(text), voice) for text in undo.actions]  # the save checked each
    after = len(moves) - 1
    if not after:
        return _("↶ Undo: your move ({move}) was taken back here.").format(move=moves[0])
    return ngettext(
        "↶ Undo: your move and the move after it were taken back here ({moves}).",
        "↶ Undo: your move and the {count} moves after it were taken back here ({moves}).",
        after,
    ).format(count=after, moves="; ".join(moves))
