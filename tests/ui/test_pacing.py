"""When things happen at the table, on a clock of the test's own: the bots' pace, the player's fair window."""

from __future__ import annotations

from itertools import pairwise

import pytest

from ai.driver import Step
from unokart_tui.defaults import BOT_SPEEDS
from unokart_tui.engine import Action, CatchUno, HandsSwapped, HouseRules, PlayerExposed
from unokart_tui.table.advisor import Advisor
from unokart_tui.table.pacing import TOO_LATE_SECONDS, Pace, Pacer, catch_grace
from unokart_tui.table.session import HUMAN, Session

from ..fakeclock import FakeClock


class Timer:
    def __init__(self) -> None:
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


class TableClock:
    """The pacer's clock: the table's own time, which the test moves on."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def now(self) -> float:
        return self.table.now

    def set_timer(self, delay, callback) -> Timer:
        return self.table.set_timer(delay, callback)

    def at(self, stamp: float) -> float:
        return stamp


class Table:
    """The game screen's part, on a clock the test moves: timers and redraws run in time order."""

    def __init__(self, session: Session, pace: Pace) -> None:
        self.session = session
        self.now = 0.0
        self.pending: list[tuple[float, int, object, Timer]] = []
        self.acted: list[tuple[float, Action]] = []
        self.asked = 0
        self.ended = 0
        self.pacer = Pacer(session, pace, self, clock=TableClock(self))

    def set_timer(self, delay, callback) -> Timer:
        timer = Timer()
        self.pending.append((self.now + delay, len(self.pending), callback, timer))
        return timer

    def call_after_refresh(self, callback) -> bool:
        self.pending.append((self.now, len(self.pending), callback, Timer()))  # the next frame: no time passes
        return True

    def act(self, action: Action) -> bool:
        events = self.session.apply(action)
        self.acted.append((self.now, action))
        self.pacer.changed(events)
        self.pacer.step()
        return True

    def ask_player(self) -> None:
        self.asked += 1

    def round_over(self) -> None:
        self.ended += 1

    match_over = round_over

    def run_next(self) -> bool:
        """Run the earliest wake-up that is still wanted; False when none is left."""
        live = sorted(entry for entry in self.pending if not entry[3].stopped)
        self.pending = []
        if not live:
            return False
        (due, _, callback, _), rest = live[0], live[1:]
        self.pending = rest
        self.now = max(self.now, due)
        callback()
        return True

    def bots_until_the_player(self, limit: int = 500) -> None:
        for _ in range(limit):
            round_ = self.session.match.round
            if round_.is_over or (round_.decider == HUMAN and self.pacer.exposure is None):
                return
            assert self.run_next(), "nothing is scheduled while the bots should play"
        raise AssertionError("the bots never handed the turn back")


def session(name: str, **kwargs) -> Session:
    return Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=7, name=name, **kwargs)


@pytest.mark.parametrize("delay", [0.3, 0.7, 1.4])
def test_each_bot_action_stays_on_the_table_for_the_bots_delay(delay):
    table = Table(session("paced"), Pace(bot_delay=delay, catch_window=1.5))
    table.pacer.step()
    table.bots_until_the_player()
    times = [moment for moment, _ in table.acted]
    assert len(times) >= 2
    gaps = [later - earlier for earlier, later in zip([0.0, *times], times, strict=False)]
    assert all(gap >= delay - 1e-9 for gap in gaps)
    assert table.asked == 1  # and then the player is asked, once


def test_at_instant_speed_each_action_is_drawn_before_the_next():
    table = Table(session("instant"), Pace(bot_delay=0, catch_window=0))
    table.pacer.step()
    table.bots_until_the_player()
    assert len(table.acted) >= 2
    # One action per wake-up, each wake-up after a redraw: never two actions in one go.
    assert all(moment == 0.0 for moment, _ in table.acted)


def test_nothing_happens_while_a_dialog_is_over_the_table():
    table = Table(session("held"), Pace(bot_delay=0.5))
    table.pacer.step()
    table.pacer.hold()
    assert not table.run_next() and table.acted == []
    table.pacer.release()
    assert table.run_next() and len(table.acted) == 1


def test_fast_forward_drops_the_delay_until_the_players_decision():
    table = Table(session("fast"), Pace(bot_delay=5.0))
    table.pacer.step()
    table.pacer.fast_forward()
    table.bots_until_the_player()
    assert table.now == 0.0 and len(table.acted) >= 2
    assert not table.pacer.fast  # the player's decision ends it


def test_a_key_pressed_before_the_players_decision_answers_nothing():
    table = Table(session("keys"), Pace(bot_delay=0.5))
    table.pacer.step()
    table.bots_until_the_player()
    began = table.pacer.decision_began
    assert began == table.now > 0
    assert table.pacer.pressed_before_decision(began - 0.01)
    assert not table.pacer.pressed_before_decision(began)


CATCHERS = """
# Bots that forget every UNO and catch every forgotten one at once.
[all]
forget_uno = 1.0
late_uno = 0.0
catch_chance = 1.0
reaction_ms = 0
"""


def test_each_bot_speed_gives_the_person_fair_windows_shorter_when_faster_u2_h5b():
    # Playtest: a catch in 1.5 s and a jump-in in about 2 s came before a new player could press the key.
    paces = [Pace.for_bots(BOT_SPEEDS[speed]) for speed in ("instant", "fast", "normal", "slow")]
    assert all(pace.catch_window >= 1.8 and pace.jump_window >= 2.3 for pace in paces)
    for quicker, slower in pairwise(paces):
        assert quicker.catch_window < slower.catch_window and quicker.jump_window < slower.jump_window
    normal = Pace.for_bots(BOT_SPEEDS["normal"])
    assert (normal.catch_window, normal.jump_window) == (2.5, 3.0) == (Pace().catch_window, Pace().jump_window)
    assert Pace.for_bots(0.0).with_bot_delay(1.4) == Pace.for_bots(1.4)  # a new speed in Settings brings its windows


@pytest.mark.parametrize("delay", [0.0, 0.3, 1.4])
def test_a_forgotten_uno_gives_the_player_the_window_of_the_bot_speed_u2(tmp_path, monkeypatch, delay):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path))
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "catchers.toml").write_text(CATCHERS)
    table = Table(session(f"window {delay}", profile="catchers"), Pace.for_bots(delay))
    table.pacer.step()
    for _ in range(2000):  # play (the player always draws or keeps) until a bot forgets UNO
        exposure = table.pacer.exposure
        if exposure is not None and exposure.seat != HUMAN:
            break
        if table.session.is_human_turn() and not table.pending:
            table.act(table.session.match.legal_actions()[-1])
        else:
            assert table.run_next()
    else:
        raise AssertionError("no bot forgot UNO")
    began = exposure.began
    while table.session.match.round.exposed is not None:
        assert table.run_next()
    moment, action = table.acted[-1]
    # No bot acted in the window, however fast the bots are.
    assert moment - began == pytest.approx(catch_grace(delay)) and catch_grace(delay) >= 1.8
    assert isinstance(action, CatchUno) and action.seat != HUMAN  # then the quickest bot caught
    assert table.pacer.missed is not None and table.pacer.missed.seat == exposure.seat
    assert table.pacer.recently_missed() == table.pacer.missed  # a key now comes too late
    table.now += TOO_LATE_SECONDS + 0.1
    # Found in play: two turns on, the player's u still answered "too late" instead of UNO for the next play.
    assert table.pacer.recently_missed() is None


def test_the_player_catches_inside_the_window_before_any_bot(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path))
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "catchers.toml").write_text(CATCHERS)
    table = Table(session("first", profile="catchers"), Pace(bot_delay=0, catch_window=1.5))
    table.pacer.step()
    for _ in range(2000):
        if table.pacer.exposure is not None and table.pacer.exposure.seat != HUMAN:
            break
        if table.session.is_human_turn() and not table.pending:
            table.act(table.session.match.legal_actions()[-1])
        else:
            table.run_next()
    table.now += 1.0  # the player sees CATCH! and presses c a second later
    events = table.session.apply(CatchUno(HUMAN))
    assert not any(isinstance(event, PlayerExposed) for event in events)
    table.pacer.changed(events)
    table.pacer.step()
    assert table.session.match.round.exposed is None
    assert all(not isinstance(action, CatchUno) for _, action in table.acted)  # no bot got there first


def test_the_autopilot_plays_the_players_turns_at_the_bots_pace_even_after_fast():
    # Found in play: f, then a: the autopilot played a round in four seconds and went on into the next.
    game = session("piloted")
    table = Table(game, Pace(bot_delay=2.0, catch_window=0))
    advisor = Advisor(game)
    table.pacer = Pacer(game, table.pacer.pace, table, clock=TableClock(table), advisor=advisor)
    advisor.autopilot = True
    table.pacer.step()
    table.pacer.fast_forward()
    for _ in range(60):
        if game.match.round.is_over or not table.run_next():
            break
    times = [moment for moment, _ in table.acted]
    assert len(times) > 10 and not table.pacer.fast  # the first piloted decision of the player ended "fast"
    gaps = [later - earlier for earlier, later in pairwise(times)]
    assert all(gap >= 2.0 - 1e-9 for gap in gaps[-5:])  # the bots' delay again


class _Exposed:
    """Just enough of a session for ``Pacer.changed``: the player is exposed (U2)."""

    class match:
        class round:
            exposed = HUMAN
            rules = HouseRules(seven_zero=True)

            @staticmethod
            def reactions(seat):
                return []

    @staticmethod
    def is_human_turn() -> bool:
        return False


@pytest.mark.parametrize(("events", "window"), [((HandsSwapped(HUMAN, 1),), 2.0), ((), 1.0)])
def test_the_player_swapped_into_one_card_gets_a_longer_window_to_say_uno(events, window):
    # Found in play (H4): a 7 that swapped the player into a one-card hand left a second to press u.
    pacer = Pacer(_Exposed(), Pace(catch_window=1.5), None, clock=FakeClock())
    pacer.changed([*events, PlayerExposed(HUMAN)])
    assert pacer.exposure is not None and pacer.exposure.window == window


async def test_a_table_given_no_clock_keeps_real_time_with_textuals_timers():
    import asyncio
    import time

    from unokart_tui.tui.app import UnoKartApp

    from .helpers import QUICK, SETTINGS

    app = UnoKartApp(session("real time"), settings=SETTINGS, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock = app.screen.clock
        before = time.monotonic()
        now = clock.now()
        assert before <= now <= time.monotonic()
        assert clock.at(before) == before  # a key's stamp is already on this clock
        fired = asyncio.Event()
        # A Textual timer of the screen's, on real time. Half a second: Textual drops a one-shot timer whose
        # task stalls for longer than its delay as it starts (seen at 10 ms under coverage on a busy machine).
        clock.set_timer(0.5, fired.set)
        await asyncio.wait_for(fired.wait(), timeout=30)
    app.session.close()


def test_the_bots_catch_through_the_drivers_loop_of_reactions(tmp_path, monkeypatch):
    """Issue 29: the reactions' order is written once, in ai/driver.py; the pacer acts the driver's steps."""
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path))
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "catchers.toml").write_text(CATCHERS)
    table = Table(session("driven", profile="catchers"), Pace(bot_delay=0, catch_window=1.5))
    driver = table.session.driver
    given = []
    ask = driver.next_reaction

    def recorded(round_, **kwargs):
        step = ask(round_, **kwargs)
        given.append(step)
        return step

    monkeypatch.setattr(driver, "next_reaction", recorded)
    table.pacer.step()
    for _ in range(2000):
        exposure = table.pacer.exposure
        if exposure is not None and exposure.seat != HUMAN:
            break
        if table.session.is_human_turn() and not table.pending:
            table.act(table.session.match.legal_actions()[-1])
        else:
            assert table.run_next()
    else:
        raise AssertionError("no bot forgot UNO")
    while table.session.match.round.exposed is not None:
        assert table.run_next()
    _, caught = table.acted[-1]
    fastest = next(seat for seat in driver.reaction_order if seat != exposure.seat)
    assert caught == CatchUno(fastest)  # the quickest of the catchers, as the simulator has it
    assert Step(fastest, caught, reaction=True) in given


def test_the_catch_window_does_not_run_while_a_dialog_hides_the_table(tmp_path, monkeypatch):
    # U2, issue 34: found in play, a bot caught about a second after the player saw the table
    # again: the 1.5 s README and docs/playing.md promise had run on behind a dialog.
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path))
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "catchers.toml").write_text(CATCHERS)
    table = Table(session("hidden", profile="catchers"), Pace(bot_delay=0, catch_window=1.5))
    table.pacer.step()
    for _ in range(2000):
        exposure = table.pacer.exposure
        if exposure is not None and exposure.seat != HUMAN:
            break
        if table.session.is_human_turn() and not table.pending:
            table.act(table.session.match.legal_actions()[-1])
        else:
            assert table.run_next()
    else:
        raise AssertionError("no bot forgot UNO")
    began = exposure.began
    table.now += 0.5
    table.pacer.hold()  # a dialog over the table for a second
    table.now += 1.0
    table.pacer.release()
    while table.session.match.round.exposed is not None:
        assert table.run_next()
    moment, action = table.acted[-1]
    assert isinstance(action, CatchUno) and action.seat != HUMAN
    assert moment - began >= 1.5 + 1.0  # the player had the table in view for the whole window
