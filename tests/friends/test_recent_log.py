"""The log told again to someone arriving (``telling.RecentLog``) keeps what its last lines need, not the round.

It once kept a copy of the round for every action it could tell again: each copy held the round's history
and every hand, so what it kept grew with the length of the round (and of the match).
"""

from __future__ import annotations

import gc
from collections import deque
from types import CellType, FunctionType

import ai
from unokart_tui.engine import Match, Round
from unokart_tui.friends.telling import RECENT_LINES, RecentLog
from unokart_tui.voice.narration import Voice


def fed(actions: int, seed: int = 7) -> RecentLog:
    """A recent log told ``actions`` actions of a match of four bots, rounds after rounds, as the table tells it."""
    match = Match.new(4, seed=seed, target=10_000)
    bots = [ai.make_bot("greedy", seed=seed + seat) for seat in range(4)]
    log = RecentLog()
    for _ in range(actions):
        if match.round.is_over:
            match.next_round()
        round_ = match.round
        exposed_before = round_.exposed
        events = match.apply(bots[round_.decider].choose(round_.view(round_.decider), round_.legal_actions()))
        log.events(events, match.round, exposed_before)
    return log


def kept(log: RecentLog) -> list[object]:
    """Everything the log holds on to: its moments, what their closures hold, and so on, module globals aside."""
    seen: dict[int, object] = {}
    todo: list[object] = [log]
    while todo:
        thing = todo.pop()
        if id(thing) in seen or isinstance(thing, (type, str, bytes, int, float)):
            continue
        seen[id(thing)] = thing
        if isinstance(thing, FunctionType):
            todo.extend(thing.__closure__ or ())  # not its globals: the module is shared by everyone
        elif isinstance(thing, CellType):
            todo.append(thing.cell_contents)
        elif isinstance(thing, (tuple, list, deque, set, frozenset, dict)):
            todo.extend(gc.get_referents(thing))
        elif hasattr(thing, "__dict__") or hasattr(thing, "__slots__"):
            todo.extend(r for r in gc.get_referents(thing) if not isinstance(r, type))
    return list(seen.values())


def test_the_recent_log_keeps_no_round_and_no_more_after_a_long_match():
    short_one, long_one = fed(60), fed(600)
    assert len(long_one) <= RECENT_LINES
    held_long = kept(long_one)
    assert not any(isinstance(thing, Round) for thing in held_long)
    assert not any(isinstance(thing, Match) for thing in held_long)
    # Bounded: ten times the actions keep about as much (a moment is one action's events and a few numbers).
    assert len(held_long) < 2 * len(kept(short_one))


def test_what_is_retold_is_the_same_as_before_the_log_kept_less():
    log = fed(300)
    lines = log.retold(Voice(("Ann", "Bob", "Cy", "Di"), 1))
    assert 0 < len(lines) <= RECENT_LINES
    assert all(line.text for line in lines)
