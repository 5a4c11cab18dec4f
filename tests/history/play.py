"""Matches played through a session, the player's seat by a seeded bot: saves and statistics as the game makes them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import ai
import saves
from ai.driver import Driver
from saves import Seat
from unokart_tui import defaults
from unokart_tui.engine import Match, Play
from unokart_tui.history import stats
from unokart_tui.table.session import HUMAN, Session


def play(session: Session, *, actions: int | None = None, until_over: bool = True) -> Session:
    """Play ``session`` on (the player as a seeded greedy bot): ``actions`` actions, or to the match's end."""
    driver = Driver({**session.bots, HUMAN: ai.make_bot("greedy", seed=session.match.seed + 99)})
    count = 0
    while not session.match.is_over and (actions is None or count < actions):
        if session.match.round.is_over:
            if not until_over and actions is None:
                break
            session.next_round()
            continue
        step = driver.next_step(session.match.round)
        assert step is not None
        session.apply(step.action)
        count += 1
    return session


def finished_match(name: str, seed: int, *, target: int = 60, bots=defaults.LINE_UP, profile=None) -> Session:
    """A match played to its end and saved as ``name`` (closed: its lock released)."""
    session = play(Session.new("Ann", list(bots), seed=seed, target=target, name=name, profile=profile))
    session.close()
    return session


def to_the_players_turn(session: Session) -> None:
    """Let the bots play until the player decides."""
    driver = Driver(session.bots)
    while session.match.round.decider != HUMAN or session.match.round.is_over:
        if session.match.round.is_over:
            session.next_round()
            continue
        step = driver.next_step(session.match.round)
        assert step is not None
        session.apply(step.action)


def a_plain_play(session: Session) -> Play:
    """At the player's turn: a number card's play (nothing drawn, nothing turned); play goes on until there is one."""
    while True:
        to_the_players_turn(session)
        plays = [a for a in session.match.legal_actions() if isinstance(a, Play) and a.card.number is not None]
        if plays:
            return plays[0]
        play(session, actions=1)


FIXED = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def bot_match(seed: int, *, target: int = 60, actions: int | None = None) -> tuple[Match, list[Seat]]:
    """A match of the default line-up, the player's seat played by a seeded greedy bot, without a session."""
    names = ["Ann", *defaults.BOT_NAMES[: len(defaults.LINE_UP)]]
    match = Match.new(names, seed=seed, target=target)
    kinds = ("greedy", *defaults.LINE_UP)
    driver = Driver({seat: ai.make_bot(kind, seed=seed + seat) for seat, kind in enumerate(kinds)})
    count = 0
    while not match.is_over and (actions is None or count < actions):
        if match.round.is_over:
            match.next_round()
            continue
        step = driver.next_step(match.round)
        assert step is not None
        match.apply(step.action)
        count += 1
    seats = [Seat("Ann")] + [Seat(names[seat], kind, seed=seed + seat) for seat, kind in enumerate(kinds) if seat]
    return match, seats


# The text of each fixed save, played and written once a process: the same match, seats and times
# give the same text, and dozens of tests (each in a data folder of its own) save them again.
_FIXED_TEXTS: dict[int, str] = {}


def fixed_save_text(number: int) -> str:
    """The text of the fixed save ``Match {number + 1}``."""
    if number not in _FIXED_TEXTS:
        match, seats = bot_match(number + 1, target=300)
        began = FIXED + timedelta(hours=number)
        _FIXED_TEXTS[number] = saves.dumps(match, seats=seats, created=began, updated=began + timedelta(minutes=25))
    return _FIXED_TEXTS[number]


def fixed_saves(count: int = 5) -> list[str]:
    """``count`` finished matches saved an hour apart from a fixed moment, then recorded: the same screens every run."""
    names = []
    for number in range(count):
        names.append(f"Match {number + 1}")
        saves.write_atomic(saves.path_of(names[-1]), fixed_save_text(number))
    stats.rebuild()
    return names
