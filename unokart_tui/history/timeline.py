"""A match's history played again from its seed: every position it went through, and what happened at each.

A save holds the seed and every action, and the engine is deterministic: playing them again
gives the same match, event for event and random state included. A ``Timeline`` does that
once and keeps each action's events; a replay then asks for any position by its number.

Positions are numbered from 0 (round 1 just dealt); each round adds one position per action,
and the next round's deal is a position of its own. A position is rebuilt from a snapshot of
its round, taken at each deal and every ``SNAPSHOT_EVERY`` actions, plus the few actions after
it: a jump costs one copy of a round and at most that many actions (benchmarks/bench_replay.py).
The snapshots inside a round are taken the first time a position near them is asked for:
taking them all while opening a long save would triple its opening time. A snapshot is a
``Round.copy()`` kept here and never played; a position plays on a copy of it.

No Textual here: the replay screen, the undo, the statistics and ``unokart export`` use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from ..engine import (
    Action,
    Event,
    HouseRules,
    Match,
    Round,
    RoundWon,
    UnseenShuffle,
    shuffle_unseen,
)
from ..engine import replay as replay_loop  # looked up at the call: one loop, which a test can watch
from ..engine.replay import Step, actor

__all__ = [
    "SNAPSHOT_EVERY",
    "Point",
    "Position",
    "Step",
    "Timeline",
    "actor",
    "play_again",
    "replay",
    "replayed",
    "score_race",
]

SNAPSHOT_EVERY = 32


def play_again(match: Match, rounds: Sequence[Sequence[Action]] | None = None) -> Iterator[Step]:
    """Every deal and action of ``rounds`` (by default ``match``'s own history), played again from its seed.

    The unseen cards an undo dealt again (``match.unseen_shuffles``) are dealt again at the same
    points, those of a shorter ``rounds`` up to where it ends: a step's match is as play went on
    from it. A ``RulesError`` if an action cannot be played. The loop is the engine's
    (``engine.replay``), which loading a save plays too.
    """
    again = Match(match.names, seed=match.seed, target=match.target, rules=match.rules)
    return replay_loop.play_again(again, match.history if rounds is None else rounds, match.unseen_shuffles)


def replayed(match: Match, rounds: Sequence[Sequence[Action]]) -> Match:
    """``match`` as ``rounds`` of actions leave it, played from its seed (a ``RulesError`` if one cannot be)."""
    again = match
    for step in play_again(match, rounds):
        again = step.match
    if again is match:  # no round at all: nothing was dealt again
        raise ValueError("a match has one round at least")
    return again


class Point(NamedTuple):
    """One position of the timeline: the ``move``-th of round ``round``, after ``actions`` actions in all."""

    round: int  # from 1
    move: int  # actions applied in that round; 0: just dealt
    actions: int  # actions applied since the first deal: the number a player jumps to
    seat: int | None  # who took the action that led here (None for a deal)


class Position(NamedTuple):
    """The match at one point of its timeline, read as the table reads a ``Match`` (``tableview.MatchState``)."""

    names: tuple[str, ...]
    round: Round
    scores: tuple[int, ...]
    round_number: int
    target: int
    is_over: bool
    rules: HouseRules


class Timeline:
    """Every position of ``match`` from the first deal to now, and each one's events."""

    def __init__(self, match: Match) -> None:
        self.names = match.names
        self.target = match.target
        self.rules = match.rules
        self.finished = match.is_over
        self.winner = match.winner
        self.points: list[Point] = []
        self.events: list[list[Event]] = []  # what happened to reach each point (a deal's events for its deal)
        self.actions: list[Action | None] = []  # the action that led to each point (None for a deal)
        self.round_starts: list[int] = []  # the point of each round's deal
        self._snapshots: dict[int, Round] = {}
        # The unseen cards an undo dealt again, by the point they were dealt at (``Match.shuffle_unseen``).
        self._shuffles: dict[int, list[UnseenShuffle]] = {}
        shuffled: dict[tuple[int, int], list[UnseenShuffle]] = {}
        for shuffle in match.unseen_shuffles:
            shuffled.setdefault((shuffle.round, shuffle.after), []).append(shuffle)
        count = 0
        for step in play_again(match):
            if (step.round, step.move) in shuffled:
                self._shuffles[len(self.points)] = shuffled[step.round, step.move]
            if step.action is None:
                self.round_starts.append(len(self.points))
                self._snapshots[len(self.points)] = step.match.round.copy()
            else:
                count += 1
            self.points.append(Point(step.round, step.move, count, step.seat))
            self.events.append(step.events)
            self.actions.append(step.action)

    # ------------------------------------------------------------------ reading

    def __len__(self) -> int:
        return len(self.points)

    @property
    def last(self) -> int:
        return len(self.points) - 1

    @property
    def total_actions(self) -> int:
        return self.points[-1].actions

    def position(self, number: int) -> Position:
        """The match at point ``number``: a round of its own, which the caller may change."""
        point = self.points[number]
        base = number - point.move % SNAPSHOT_EVERY
        start = base
        while start not in self._snapshots:  # a deal always has one
            start -= SNAPSHOT_EVERY
        round_ = self._snapshots[start].copy()
        for step in range(start + 1, number + 1):
            action = self.actions[step]
            assert action is not None, "a deal has a snapshot: no step here is one"
            round_.apply(action)
            for shuffle in self._shuffles.get(step, ()):
                round_ = shuffle_unseen(round_, shuffle.seat, shuffle.seed, shuffle.known)
            if step == base:
                self._snapshots[base] = round_.copy()
        scores = list(round_.scores)
        if round_.winner is not None:
            scores[round_.winner] += round_.points or 0
        return Position(
            names=self.names,
            round=round_,
            scores=tuple(scores),
            round_number=point.round,
            target=self.target,
            is_over=self.finished and number == self.last,
            rules=self.rules,
        )

    def round_start(self, number: int) -> int:
        """The point of the deal of the round that point ``number`` is in."""
        return self.round_starts[self.points[number].round - 1]

    def round_events(self, number: int) -> Iterator[list[Event]]:
        """The events of point ``number``'s round, from its deal up to that point, action by action."""
        for step in range(self.round_start(number), number + 1):
            yield self.events[step]

    def find(self, actions: int) -> int:
        """The first point after ``actions`` actions in all (a round's end comes before the next deal)."""
        actions = max(0, min(actions, self.total_actions))
        low, high = 0, self.last
        while low < high:
            middle = (low + high) // 2
            if self.points[middle].actions < actions:
                low = middle + 1
            else:
                high = middle
        return low

    def next_round(self, number: int) -> int:
        """The deal of the round after point ``number``'s, or the last point."""
        round_number = self.points[number].round
        return self.round_starts[round_number] if round_number < len(self.round_starts) else self.last

    def previous_round(self, number: int) -> int:
        """The deal of point ``number``'s round, or of the round before if it is there already."""
        start = self.round_start(number)
        if number > start:
            return start
        round_number = self.points[number].round
        return self.round_starts[round_number - 2] if round_number > 1 else 0

    def scores_by_round(self) -> list[tuple[int, ...]]:
        """Every seat's score before the first round and after each finished one: the score race."""
        return _race(len(self.names), self.events)


def _race(seats: int, batches: Iterable[list[Event]]) -> list[tuple[int, ...]]:
    scores = [0] * seats
    race = [tuple(scores)]
    for events in batches:
        for event in events:
            if isinstance(event, RoundWon):
                scores[event.seat] += event.points
                race.append(tuple(scores))
    return race


def score_race(match: Match) -> list[tuple[int, ...]]:
    """Every seat's score before ``match``'s first round and after each finished one."""
    return _race(len(match.names), (step.events for step in play_again(match)))


def replay(match: Match) -> list[list[list[Event]]] | None:
    """Every round's events, action by action (each round's deal first), by playing the match again.

    A save holds every action, not the words: the engine is deterministic, so the same seed
    and actions give the same events. None if the replay does not end where ``match`` is.
    """
    rounds: list[list[list[Event]]] = []
    again = match
    for step in play_again(match):
        if step.action is None:
            rounds.append([])
        rounds[-1].append(step.events)
        again = step.match
    return rounds if again.round == match.round and again.scores == match.scores else None
