"""A seat's front end and a clock for the table controller in tests, without Textual.

The front end keeps every message it receives; the clock stands still until the test moves it
on, and runs the wake-ups due by then (a redraw is a wake-up due now) in time order.
"""

from __future__ import annotations

from collections.abc import Callable

from unokart_tui.engine import Action, HouseRules, Match, Play, Rank
from unokart_tui.table import messages as told
from unokart_tui.table.controller import TableController
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN, Session

from ..fakeclock import FakeClock

# Bots at full speed, no windows, banners until the next one.
QUICK = Pace(bot_delay=0, catch_window=0, jump_window=0, banner_seconds=None)


class Front:
    """A seat's front end that shows nothing: it keeps what it is told."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.messages: list[told.Message] = []

    def receive(self, message: told.Message) -> None:
        self.messages.append(message)

    def call_after_refresh(self, callback: Callable[[], None]) -> bool:
        self.clock.set_timer(0, callback)
        return True

    def notices(self) -> list[told.Notice]:
        return [m for m in self.messages if isinstance(m, told.Notice)]

    def said(self) -> list[str]:
        return [m.text for m in self.notices()]

    def log(self) -> list[str]:
        return [m.line.text for m in self.messages if isinstance(m, told.Logged)]

    def banners(self) -> list[str]:
        return [m.banner.text for m in self.messages if isinstance(m, told.BannerShown) and m.banner is not None]

    def asked(self) -> list[told.Message]:
        questions = (told.AskColour, told.AskTarget, told.AskChallenge, told.RoundOver, told.MatchOver)
        return [m for m in self.messages if isinstance(m, questions)]


class Table:
    """A controller on its fake front end and clock."""

    def __init__(self, session: Session, pace: Pace = QUICK, **options: object) -> None:
        self.session, self.clock = session, FakeClock(start=100.0)
        self.front = Front(self.clock)
        self.controller = TableController(session, self.front, clock=self.clock, pace=pace, **options)  # type: ignore[arg-type]

    def start(self) -> None:
        self.controller.open()
        self.controller.go()

    def until_the_players_turn(self, limit: int = 500) -> None:
        """The bots play (each wake-up run) until the seat decides and nobody is open to a catch."""
        for _ in range(limit):
            if self.session.is_human_turn() and self.controller.pacer.exposure is None:
                return
            assert self.clock.run_next(), "nothing is scheduled while the bots should play"
        raise AssertionError("the bots never handed the turn back")

    def history(self) -> list[tuple[int, Action]]:
        return list(self.session.match.round.view(HUMAN).public_history)


def new_session(name: str = "table test", *, seed: int = 7, rules: HouseRules | None = None, **kwargs) -> Session:
    return Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=seed, name=name, rules=rules, **kwargs)


def keeps(match: Match) -> Action:
    """The player's move that keeps their cards: the last legal one (a draw, a keep, a stack taken)."""
    return match.legal_actions()[-1]


def plays(match: Match) -> Action:
    """The player's first card that can go (no UNO said), else what keeps their cards."""
    legal = match.legal_actions()
    wanted = (a for a in legal if isinstance(a, Play) and a.card.rank is not Rank.WILD_DRAW_FOUR and not a.uno)
    return next(wanted, legal[-1])


def play_on(
    session: Session, done: Callable[[Match], bool], *, player: Callable[[Match], Action] = keeps, limit: int = 5000
) -> None:
    """The match played on without a table until ``done``: the bots' own moves, the player's ``player``'s.

    The match is saved once, when the position is reached (or the road ends), not at every move as
    ``Session.apply`` does: the file then holds the same match (tests/ui/helpers.py's ``play_at_engine_speed``
    does the same). The H5 jump-in test's road of 576 moves took 2.6 s, most of it writing the save again and
    again, and takes 0.45 s now. Each finished round is still recorded in the statistics, as ``apply`` does.
    """
    session.save = lambda: True  # type: ignore[method-assign]
    try:
        _play_on(session, done, player, limit)
    finally:
        del session.save
        session.save()


def _play_on(session: Session, done: Callable[[Match], bool], player: Callable[[Match], Action], limit: int) -> None:
    for _ in range(limit):
        match = session.match
        if done(match):
            return
        if match.is_over:
            break
        if match.round.is_over:
            session.next_round()
            continue
        seat = match.round.decider
        session.apply(session.bot_action(seat) if seat in session.bots else player(match))
    raise AssertionError("the wanted position never came")
