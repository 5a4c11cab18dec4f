"""What the table shows: a match turned into the widgets' data, and which keys do something now.

The game screen hands these values to its widgets, which only draw them. No Textual
here: the table's contents are tested without the interface (tests/ui/test_tableview.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .engine import Card, Color, Item, Match, Phase, Play
from .narration import TableNotes
from .widgets.cardface import hand_order


class SeatLine(NamedTuple):
    """One player's line: who, how many cards, what they did last."""

    seat: int
    name: str
    kind: str  # "human" or the bot's personality
    cards: int
    score: int
    to_act: bool
    exposed: bool  # one card and no UNO: open to a catch
    you: bool
    last: str  # their last action, in a few words ("played R7", "drew 2 (+2)", "UNO!")


class TableInfo(NamedTuple):
    top: Card
    color: Color | None
    direction: int
    draw_pile: int
    played_by: str  # who put the top card there, or "first card"
    item: Item | None  # the top card's item when it went off (turned by an Item Box), else None


class HandState(NamedTuple):
    cards: tuple[Card, ...] = ()  # in display order
    playable: frozenset[int] = frozenset()  # display positions that can be played now
    cursor: int = 0
    title: str = "Your hand"


def seat_lines(match: Match, kinds: Sequence[str], notes: TableNotes, you: int) -> tuple[SeatLine, ...]:
    round_ = match.round
    sizes = [len(hand) for hand in round_.hands]
    return tuple(
        SeatLine(
            seat=seat,
            name=name,
            kind=kinds[seat],
            cards=sizes[seat],
            score=match.scores[seat],
            to_act=round_.decider == seat and not round_.is_over,
            exposed=round_.exposed == seat,
            you=seat == you,
            last=notes.last[seat],
        )
        for seat, name in enumerate(match.names)
    )


def table_info(match: Match, notes: TableNotes, you: int) -> TableInfo:
    round_ = match.round
    if notes.top_by is None:
        by = "first card"
    else:
        by = "by you" if notes.top_by == you else f"by {match.names[notes.top_by]}"
    return TableInfo(
        top=round_.top_card,
        color=round_.active_color,
        direction=round_.direction,
        draw_pile=len(round_.draw_pile),
        played_by=by,
        item=round_.top_card.item if notes.top_turned else None,
    )


def hand_cards(match: Match, you: int) -> tuple[tuple[Card, ...], frozenset[int], Card | None]:
    """The player's cards in display order, the positions of those they can play now, the card just drawn."""
    round_ = match.round
    hand = round_.hands[you]
    cards = tuple(hand[i] for i in hand_order(hand))
    if round_.is_over or round_.decider != you:
        return cards, frozenset(), None
    legal = {action.card for action in round_.legal_actions() if isinstance(action, Play)}
    return cards, frozenset(i for i, card in enumerate(cards) if card in legal), round_.drawn


def place_cursor(
    cards: tuple[Card, ...], playable: frozenset[int], cursor: int, *, drawn: Card | None, to_playable: bool
) -> int:
    """Where the cursor goes: on a card just drawn; at a turn's start on the nearest playable card."""
    if drawn is not None and drawn in cards:
        return max(i for i, card in enumerate(cards) if card == drawn)
    cursor = min(cursor, max(len(cards) - 1, 0))
    if to_playable and playable and cursor not in playable:
        cursor = min(playable, key=lambda i: (abs(i - cursor), i))
    return cursor


class RoundSummary(NamedTuple):
    """The end of a round, for its dialog: who won, what they scored, what everyone else held (E3)."""

    winner: str
    points: int
    rows: tuple[tuple[str, tuple[Card, ...], int], ...]  # (name, cards, their worth) of each loser
    scores: str  # "Ann 120, Mario 35, ..."


def round_summary(match: Match) -> RoundSummary:
    round_ = match.round
    assert round_.winner is not None, "a round summary is for a round that is over"
    rows = tuple(
        (match.names[seat], hand, sum(card.points for card in hand))
        for seat, hand in enumerate(round_.hands)
        if seat != round_.winner
    )
    scores = ", ".join(f"{name} {score}" for name, score in zip(match.names, match.scores, strict=True))
    return RoundSummary(match.names[round_.winner], round_.points or 0, rows, scores)


def status(match: Match, you: int, *, thinking: bool, held: bool) -> str:
    """The hand's title after "Your hand (n) —": what the game waits for.

    ``thinking``: a bot's move is on its way; ``held``: a dialog or another screen is over the table.
    """
    round_ = match.round
    if match.is_over:
        return "the match is over"
    if round_.is_over:
        return "the round is over"
    if round_.exposed == you:
        return "one card and no UNO: press u, quick!"
    if round_.decider != you:
        if held:
            return "play goes on when you close the dialog"
        return f"{match.names[round_.decider]} is thinking…" if thinking else f"{match.names[round_.decider]} to play"
    if round_.phase is Phase.DRAWN:
        return "play the card you drew (enter) or keep it (p)"
    if round_.phase is Phase.PLAY:
        return "your turn: play (enter) or draw (d)"
    return "your decision"


def applies(action: str, match: Match, you: int, *, fast: bool = False) -> bool:
    """Whether the table's key for ``action`` does something now (the key bar shows only those)."""
    round_ = match.round
    my_turn = not round_.is_over and round_.decider == you
    phase = round_.phase
    if action in ("move", "play"):
        return my_turn and phase in (Phase.PLAY, Phase.DRAWN)
    if action == "draw":
        return my_turn and phase is Phase.PLAY
    if action == "keep":
        return my_turn and phase is Phase.DRAWN
    if action == "catch":
        return round_.exposed is not None and round_.exposed != you
    if action == "uno":
        return not round_.is_over
    if action == "fast":
        return not my_turn and not round_.is_over and not fast
    return True
