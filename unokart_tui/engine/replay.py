"""A match played again from its seed: the one loop that does it.

The engine is deterministic, so a match's seed and its actions give the same match again,
event for event and random state included. Loading a save (``saves.format``) and the
history (``unokart_tui.history.timeline``: replays, undo, statistics, export) both play a match
again through ``play_again``; what differs is what they do with each step, and what they
say when a step cannot be played (``Stuck`` says which one it was).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from .actions import Action, CatchUno, JumpIn, SayUno
from .cards import RulesError
from .events import Event
from .match import Match
from .unseen import UnseenShuffle


class Step(NamedTuple):
    """A deal or an action played again: its events, and the match just after it."""

    round: int  # from 1
    move: int  # actions applied in that round; 0: the deal
    action: Action | None  # None for a deal
    seat: int | None  # who took the action (None for a deal)
    events: list[Event]
    match: Match  # the same match all along, as it is after this step


class Stuck(RulesError):
    """A step of the history cannot be played: ``round`` (from 1) and ``move`` (the action's number in
    it; 0 for the round's deal) say where, ``shuffle`` (from 1) which shuffle, when it was one."""

    def __init__(self, error: RulesError, round_: int, move: int, shuffle: int | None = None) -> None:
        super().__init__(str(error))
        self.round, self.move, self.shuffle = round_, move, shuffle


def actor(action: Action, decider: int) -> int:
    """Who took ``action``: the seat named by a reaction (U2, H5), else the decider."""
    if isinstance(action, (SayUno, CatchUno, JumpIn)):
        return action.seat
    return decider


def play_again(
    dealt: Match, rounds: Iterable[Iterable[Action]], shuffles: Sequence[UnseenShuffle] = ()
) -> Iterator[Step]:
    """Every deal and action of ``rounds`` played on ``dealt``, a match just dealt from the seed.

    ``shuffles`` (the unseen cards an undo dealt again, in the order of play) are dealt again at
    their points, those of a shorter history up to where it ends; ``dealt.unseen_shuffles`` then
    says how many were. Each step is yielded as soon as it is played; ``Stuck`` if one cannot be.
    ``rounds`` and each round's actions are read as play goes on: an error their reader raises
    comes out where it is met.
    """
    waiting = 0  # the first shuffle not applied yet

    def shuffled(number: int, move: int) -> None:
        nonlocal waiting
        while waiting < len(shuffles) and (shuffles[waiting].round, shuffles[waiting].after) == (number, move):
            done = shuffles[waiting]
            waiting += 1
            try:
                dealt.shuffle_unseen(done.seat, done.seed, done.known)
            except RulesError as error:
                raise Stuck(error, number, move, waiting) from error

    for number, actions in enumerate(rounds, start=1):
        try:
            events = list(dealt.start_events) if number == 1 else dealt.next_round()
        except RulesError as error:
            raise Stuck(error, number, 0) from error
        shuffled(number, 0)
        yield Step(number, 0, None, None, events, dealt)
        for move, action in enumerate(actions, start=1):
            seat = actor(action, dealt.round.decider)
            try:
                events = dealt.apply(action)
            except RulesError as error:
                raise Stuck(error, number, move) from error
            shuffled(number, move)
            yield Step(number, move, action, seat, events, dealt)
