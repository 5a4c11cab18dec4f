"""The game screen over a seat of a shared table (``RemoteTableScreen``): a real ``SharedTable`` on a fake
clock, a line in memory that hands the host's messages over from another thread, as a channel's reader does."""

from __future__ import annotations

import contextlib
import json
from collections import deque
from collections.abc import Mapping

import pytest
from textual.widgets import Static

from unokart_tui.engine import Play, RulesError
from unokart_tui.friends import wire
from unokart_tui.friends.messages import Acted, AskHint, Hinted, Message, TableSeen
from unokart_tui.friends.people import Person, person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.hostline import FromHost
from unokart_tui.tui.screens.remote_table import RemoteTableScreen
from unokart_tui.tui.widgets.cardface import short
from unokart_tui.tui.widgets.hand import HandView
from unokart_tui.tui.widgets.hint import HintView
from unokart_tui.tui.widgets.players import PlayerRow, SeatView

from ..fakeclock import FakeClock
from .helpers import QUICK, SETTINGS, until


class MemoryLine:
    """A person's line to the host in memory (``hostline.Line``), the host's side beside it."""

    def __init__(self, table: SharedTable, who: Person) -> None:
        self.table, self.person = table, who
        self.waiting: deque[dict[str, object]] = deque()
        self.screen: RemoteTableScreen | None = None  # where the app hands the match's messages
        self.sent: list[Mapping[str, object]] = []
        self.hints: list[str] = []  # the host's words for each hint asked

    def to_person(self, message: Message) -> None:
        self.waiting.append(json.loads(wire.encode(message)))

    def first_table(self) -> TableSeen:
        """What the lobby reads before the table's screen: the lines up to the first ``TableSeen``, which it gives."""
        while self.waiting:
            message = wire.from_json(self.waiting.popleft())
            if isinstance(message, TableSeen):
                return message
        raise AssertionError("no table was sent")

    def start(self) -> None:
        pass

    def send(self, data: Mapping[str, object]) -> bool:
        self.sent.append(data)
        request = wire.decode_request(data)
        if isinstance(request, AskHint):
            hint = self.table.hint(self.person.key)
            self.hints.append(hint.text)
            self.waiting.append(wire.as_json(Hinted(hint.action, hint.text)))
            return True
        assert isinstance(request, Acted)
        with contextlib.suppress(RulesError):  # refused: the table told the person why
            self.table.act(self.person.key, request.action, request.moment)
        return True

    def deliver(self) -> None:
        """The app hands what waits to the table's screen, as it hands it every message from the host."""
        assert self.screen is not None
        while self.waiting:
            self.screen.post_message(FromHost(self.waiting.popleft()))


async def deliver(pilot, line: MemoryLine) -> None:
    await pilot.pause()
    line.deliver()
    await pilot.pause()


async def on_the_table(pilot, clock: FakeClock, line: MemoryLine, condition) -> None:
    """The table's clock runs, and its messages reach the screen, until ``condition()`` holds."""
    for _ in range(300):
        await deliver(pilot, line)
        if condition():
            return
        assert clock.run_next(), "the table waits for nothing"
    raise AssertionError("the wanted moment never came")


def shared(seed: int = 4):
    clock = FakeClock()
    ann, bob = person("key-a", "Ann"), person("key-b", "Bob")
    table = SharedTable.new([ann, bob], ["greedy"], seed=seed, target=150, clock=clock, turn_seconds=45)
    lines = [MemoryLine(table, ann), MemoryLine(table, bob)]
    table.connect(ann, lines[0].to_person)
    table.connect(bob, lines[1].to_person)
    table.begin()
    return table, clock, lines


async def seated(pilot, clock: FakeClock, line: MemoryLine) -> RemoteTableScreen:
    await until(pilot, lambda: len(pilot.app.screen_stack) > 1)  # the title is up: the lobby would be over it
    screen = line.screen = RemoteTableScreen(line, line.first_table(), clock=clock)
    await pilot.app.push_screen(screen)
    await until(pilot, lambda: pilot.app.screen is screen)
    return screen


async def test_a_seat_plays_its_turns_with_the_tables_keys():
    table, clock, (ann, bob) = shared()
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, clock, ann)
        table.drop(bob.person.key)  # Bob is away: the autopilot plays him, and Ann's table says so
        await on_the_table(pilot, clock, ann, lambda: bool(screen.remote.legal))
        rows = screen.query(PlayerRow)
        bob_row = next(row for row in rows if row.info is not None and row.info.name == "Bob")
        assert bob_row.info is not None and bob_row.info.last.startswith("away")
        hand = screen.query_one(HandView)
        assert hand.state.title.endswith("45 seconds left")
        clock.pass_time(3)  # the clock counts down on Ann's screen
        await pilot.pause()
        assert hand.state.title.endswith("42 seconds left")
        # Her turn through the screen's keys: a card she may play, or a draw; the host takes it.
        moment = table.moment
        plays = sorted(hand.state.playable)
        if plays:
            screen.remote.cursor = plays[0]
            card = hand.state.cards[plays[0]]
            await pilot.press("enter")
            if card.rank.name == "WILD_DRAW_FOUR":
                await pilot.press("r")
        else:
            await pilot.press("d")
        await pilot.pause()
        assert table.moment != moment  # the host took Ann's move
        taken = table.match.history[-1][moment[1]]
        assert (isinstance(taken, Play) and taken.card == card) if plays else True
        assert ann.sent and all(data["type"] == "Acted" for data in ann.sent)
        # z, at a shared table: refused in words, and nothing goes to the host.
        sent = len(ann.sent)
        await pilot.press("z")
        await pilot.pause()
        assert len(ann.sent) == sent
        assert any("no undo" in n.message for n in app._notifications)
        await on_the_table(pilot, clock, ann, lambda: bool(screen.remote.legal))
        await pilot.press("t")  # a hint, asked of the host, shown when it comes
        await deliver(pilot, ann)
        assert ann.sent[-1] == {"type": "ask-hint"}
        assert screen.query_one(HintView).text == ann.hints[-1]  # the host's words, shown as they came


async def test_leaving_closes_the_line_and_goes_back_to_the_title():
    _table, clock, (ann, _bob) = shared()
    app = UnoKartApp(None, settings=SETTINGS._replace(confirm_quit=False), pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, clock, ann)
        await deliver(pilot, ann)
        screen.leave()
        await until(pilot, lambda: not isinstance(app.screen, RemoteTableScreen))


def test_an_away_seat_and_the_turn_clock_at_80x24(snap_compare):
    table, clock, (ann, bob) = shared()
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)

    async def run_before(pilot) -> None:
        screen = await seated(pilot, clock, ann)
        table.drop(bob.person.key)
        await on_the_table(pilot, clock, ann, lambda: bool(screen.remote.legal))
        clock.pass_time(7)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_a_watcher_gets_the_table_without_a_hand():
    table, clock, _lines = shared()
    wes = MemoryLine(table, person("key-w", "Wes"))
    assert table.connect(wes.person, wes.to_person) is None
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, clock, wes)
        await on_the_table(pilot, clock, wes, lambda: table.match.round.decider == 1)
        hand = screen.query_one(HandView)
        assert hand.state.cards == ()
        assert hand.state.title.startswith("Bob to play")
        await pilot.press("d")
        await pilot.pause()
        assert wes.sent == []


@pytest.mark.parametrize("size", [(110, 32), (80, 24)])
async def test_a_watcher_sees_every_seats_card_count_and_no_empty_label(size):
    """Found over ssh (issue 31): a watcher's bottom seat (where a player's own is drawn) showed no card count,
    and the table said "After you:" with nobody after it."""
    table, clock, _lines = shared()
    wes = MemoryLine(table, person("key-w", "Wes"))
    assert table.connect(wes.person, wes.to_person) is None
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=size) as pilot:
        screen = await seated(pilot, clock, wes)
        await on_the_table(pilot, clock, wes, lambda: table.match.round.decider == 1)
        await pilot.pause()
        hands = table.match.round.hands
        roomy = screen.has_class("-roomy")
        assert roomy == (size == (110, 32))
        seats = screen.query(SeatView) if roomy else screen.query(PlayerRow)
        for seat in seats:
            assert seat.info is not None and not seat.info.you
            shown = "\n".join(str(seat.render()).splitlines()[: seat.content_size.height])  # what is on screen
            assert f" {len(hands[seat.info.seat])}" in shown, (seat.info.name, shown)
            assert not any(short(card) in shown for card in hands[seat.info.seat])  # a count, never the cards
            if roomy:  # who plays it, in words: it said the raw kind "human" for a person's seat
                assert "human" not in shown
                if seat.content_size.height > 1:  # the bottom seat is one line: backs and the count only
                    assert ("person" in shown) == (seat.info.kind == "human"), shown
        facts = str(screen.query_one("#facts", Static).content)
        assert "After you" not in facts and facts.strip()
        assert screen.query_one(HandView).state.cards == ()


async def test_a_question_the_table_answered_without_the_player_closes_its_dialog():
    # Found over ssh (issue 31): the colour dialog stayed on top after the autopilot answered, its clock frozen.
    from textual.screen import ModalScreen

    from unokart_tui.engine import HouseRules

    clock = FakeClock()
    ann, bob = person("key-a", "Ann"), person("key-b", "Bob")
    rules = HouseRules.preset("chaos")  # seed 1 asks Ann a colour first
    table = SharedTable.new([ann, bob], ["greedy"], seed=1, target=500, rules=rules, clock=clock, turn_seconds=10)
    line = MemoryLine(table, ann)
    table.connect(ann, line.to_person)
    table.begin()
    table.drop(bob.key)
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(app.screen_stack) > 1)
        screen = line.screen = RemoteTableScreen(line, line.first_table(), clock=clock)
        await app.push_screen(screen)
        await deliver(pilot, line)
        await until(pilot, lambda: isinstance(app.screen, ModalScreen))
        dialog = app.screen
        asked_at = table.moment
        await on_the_table(pilot, clock, line, lambda: table.moment != asked_at)
        await deliver(pilot, line)
        await until(pilot, lambda: app.screen is not dialog)
        assert dialog not in app.screen_stack and screen in app.screen_stack


async def test_a_watchers_acting_keys_say_once_that_they_watch():
    """Found over ssh: a watcher's Enter, u, d… said nothing. Each says it watches, once while it is on show."""
    table, clock, _lines = shared()
    wes = MemoryLine(table, person("key-w", "Wes"))
    assert table.connect(wes.person, wes.to_person) is None
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot, clock, wes)
        await deliver(pilot, wes)
        said = "You are watching this table: only the people seated play."
        before = [n.message for n in app._notifications]
        await pilot.press("enter", "u", "d")
        await pilot.pause()
        told = [n.message for n in app._notifications][len(before) :]
        assert told.count(said) == 1
        await pilot.press("left")  # moving along the hand acts on nothing: it says nothing
        await pilot.pause()
        assert wes.sent == []


def a_short_match() -> tuple[SharedTable, FakeClock, MemoryLine]:
    """Ann and a bot, Bob away: the turn clock and the autopilot play it to its end quickly."""
    clock = FakeClock()
    ann, bob = person("key-a", "Ann"), person("key-b", "Bob")
    table = SharedTable.new([ann, bob], ["greedy"], seed=4, target=30, clock=clock, turn_seconds=2)
    line = MemoryLine(table, ann)
    table.connect(ann, line.to_person)
    table.begin()
    table.drop(bob.key)
    return table, clock, line


async def at_the_final_scores(pilot, table: SharedTable, clock: FakeClock, line: MemoryLine, left: list[object]):
    """The table's screen, pushed as the app pushes it (its result to ``left``), at the match's final scores."""
    from unokart_tui.tui.dialogs.notices import NoticeDialog

    app = pilot.app
    await until(pilot, lambda: len(app.screen_stack) > 1)
    screen = line.screen = RemoteTableScreen(line, line.first_table(), clock=clock)
    await app.push_screen(screen, left.append)
    await on_the_table(pilot, clock, line, lambda: table.finished)
    await deliver(pilot, line)
    await until(pilot, lambda: screen.remote.match_over and isinstance(app.screen, NoticeDialog))
    while isinstance(app.screen, NoticeDialog) and "q" not in dict(app.screen.keys):
        await pilot.press("enter")  # a round's notice before the match's
        await pilot.pause()
    return screen


async def test_q_on_the_final_scores_leaves_the_table_not_only_the_screen():
    """Issue 31, found over ssh: "q Menu" at a finished match's end went to the title, the host still
    counting the person seated ("You are at a table already."). The screen is dismissed: the app's callback
    tells the host that this person left."""
    table, clock, line = a_short_match()
    left: list[object] = []
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_final_scores(pilot, table, clock, line, left)
        await pilot.press("q")
        await until(pilot, lambda: left == [None])
        assert screen not in app.screen_stack


async def test_q_at_a_finished_match_leaves_without_asking():
    """The match is over: nothing plays on without the person, so "Leave this match?" is not asked."""
    table, clock, line = a_short_match()
    left: list[object] = []
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_final_scores(pilot, table, clock, line, left)
        await app.pop_screen()  # the table under the final scores (a redraw's, a reconnection's: no dialog)
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("q")
        await until(pilot, lambda: left == [None])


async def test_at_80_columns_a_bot_of_the_shared_table_is_said_to_be_a_bot_once():
    """Issue 31, found over ssh: "Mario 5 bot bot" before the bot's first move. The host keeps the bots'
    personalities: the seat knows only that it is a bot, and says so once."""
    _table, clock, (ann, _bob) = shared()
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot, clock, ann)
        await pilot.pause()
        mario = next(row for row in screen.query(PlayerRow) if row.info is not None and row.info.name == "Mario")
        assert mario.info is not None and mario.info.kind == "bot" and not mario.info.last
        said = mario.render().plain
        assert said.split().count("bot") == 1, said


@pytest.mark.parametrize("burst", ["the end", "the whole match"])
async def test_q_on_the_final_scores_after_a_burst_of_the_hosts_messages(burst):
    """A slow line hands over many of the host's messages at once, not move by move: the final scores'
    ``q`` still leaves the table. Found: in a burst, a question the table asked and then withdrew (Ann's
    turn passed by the turn clock) was dismissed before it was shown; its first showing asked for a part
    that a closing dialog no longer mounts, and the app stopped with NoMatches (the dialog stayed, keys
    went nowhere). The end alone (the final move, the round's end, the match's end) holds no such question."""
    from unokart_tui.tui.dialogs.notices import NoticeDialog

    table, clock, line = a_short_match()
    left: list[object] = []
    app = UnoKartApp(None, settings=SETTINGS, pace=QUICK, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(app.screen_stack) > 1)
        screen = line.screen = RemoteTableScreen(line, line.first_table(), clock=clock)
        await app.push_screen(screen, left.append)
        while not table.finished:
            if burst == "the end":
                await deliver(pilot, line)
            assert clock.run_next(), "the table waits for nothing"
        line.deliver()  # what waited, all at once
        await until(pilot, lambda: screen.remote.match_over and isinstance(app.screen, NoticeDialog))
        while isinstance(app.screen, NoticeDialog) and "q" not in dict(app.screen.keys):
            await pilot.press("enter")  # a round's notice before the match's
            await pilot.pause()
        await pilot.press("q")
        await until(pilot, lambda: left == [None])
        assert screen not in app.screen_stack
