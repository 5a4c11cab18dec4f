"""What the table has seen of each opponent's Wild Draw Fours: which were bluffs.

Only public history is read. A challenge settles whether a Wild Draw Four was a bluff
(C1-C3), and the whole table can tell which way it went from who moves next: after a
guilty Wild Draw Four the challenger plays on (C2), after an honest one the challenger loses
its turn (C3). The public history is the round's: nothing is carried from one round to the
next, so a loaded match plays on as it would have.

The expert's belief about a seat's bluffing is a Beta distribution: the prior is ``bluff_rate``
worth ``weight`` Wild Draw Fours, and each of that seat's challenged Wild Draw Fours adds
one bluff or one honest play. A player seen to play honestly is suspected less; one caught
bluffing, more.
"""

from __future__ import annotations

from dataclasses import dataclass

from unokart_tui.engine import Action, CatchUno, Challenge, JumpIn, Play, PlayerView, Rank, SayUno

_REACTIONS = (SayUno, CatchUno)


@dataclass(frozen=True)
class Record:
    """One seat's Wild Draw Fours seen settled by a challenge."""

    bluffs: int = 0  # found guilty (C2)
    honest: int = 0  # found honest (C3)


def records(view: PlayerView) -> dict[int, Record]:
    """What the round's public history shows of every seat (seats never challenged are left out)."""
    counts: dict[int, list[int]] = {}

    history = view.public_history
    waiting: int | None = None  # who played the Wild Draw Four that waits for an answer
    for index, (seat, action) in enumerate(history):
        if isinstance(action, _REACTIONS):
            continue
        if isinstance(action, (Play, JumpIn)) and action.card.rank is Rank.WILD_DRAW_FOUR:
            waiting = seat
            continue
        if waiting is not None and isinstance(action, Challenge):
            guilty = _guilty(history, index, seat)
            if guilty is not None:
                counts.setdefault(waiting, [0, 0])[0 if guilty else 1] += 1
        waiting = None
    return {seat: Record(*fields) for seat, fields in counts.items()}


def _guilty(history: tuple[tuple[int, Action], ...], index: int, challenger: int) -> bool | None:
    """C2/C3: whether the challenge at ``index`` found a bluff, from who acted next; None if the history cannot tell."""
    for seat, action in history[index + 1 :]:
        if isinstance(action, _REACTIONS):
            continue
        if isinstance(action, JumpIn):
            return None  # a jump-in moves the turn (H5): who plays next no longer tells
        return seat == challenger
    return None  # the round ended, or the answer is still to come


def bluff_rate(record: Record | None, prior: float, weight: float) -> float:
    """The Beta posterior's mean of how often this seat bluffs, from ``prior`` worth ``weight`` plays."""
    if record is None:
        return prior
    return (prior * weight + record.bluffs) / (weight + record.bluffs + record.honest)
