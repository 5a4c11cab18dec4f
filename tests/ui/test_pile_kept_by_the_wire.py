"""In a terminal the wire keeps the pile as it was until a played card lands: one screen update a move.

Textual drew a bot's move in two updates: the move, then the pile once the card in flight landed on it
(the pile's widget kept the card before until then). In a terminal the pile's widget shows the new card
with the move's update, and the wire lays the cells the terminal showed there over it until the card
lands (issue 36). As in ``test_wire.py``, what the wire sends is read as a terminal reads it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pyte
from textual.app import App
from textual.pilot import Pilot

from unokart_tui.engine import Play
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets import motion
from unokart_tui.tui.widgets.cardface import short
from unokart_tui.tui.widgets.cardview import CardView
from unokart_tui.tui.widgets.motion import TRAVEL, FlyingCard
from unokart_tui.tui.wire import wired

from .helpers import make_app, settle
from .test_wire import Written


class Terminal(Written):
    """A wired driver whose writes a terminal emulator reads."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.shows = pyte.Screen(80, 24)
        self._stream = pyte.Stream(self.shows)

    @property
    def is_headless(self) -> bool:
        return False  # Textual writes its frames to it, as to a terminal

    def write(self, data: str) -> None:
        super().write(data)
        self._stream.feed(data)

    def text(self, region) -> str:
        return "".join(
            self.shows.buffer[y][x].data for y in range(region.y, region.bottom) for x in range(region.x, region.right)
        )


@asynccontextmanager
async def the_table_through_a_terminal() -> AsyncIterator[tuple[Pilot[object], GameScreen, Terminal]]:
    """Seed 7's table at 80x24 at the player's turn, its frames written through the wire to an emulated terminal
    that has been sent the whole screen (the wire knows every cell), its cards' motion on."""
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        terminal = wired(Terminal)(app=app, size=(80, 24))
        headless, app._driver = app._driver, terminal
        try:
            app.refresh(layout=True)
            await pilot.pause()
            yield pilot, screen, terminal
        finally:
            app._driver = headless
    app.session.close()


async def test_the_terminal_shows_the_card_before_until_the_played_card_lands_and_the_landing_is_no_update(
    monkeypatch,
):
    async with the_table_through_a_terminal() as (pilot, screen, terminal):
        top = screen.query_one("#top-card", CardView)
        before = top.card
        now = [1000.0]
        monkeypatch.setattr(motion, "monotonic", lambda: now[0])  # the card stays in the air
        play = next(a for a in screen.session.match.legal_actions() if isinstance(a, Play) and not a.card.is_wild)
        assert short(play.card) != short(before)
        screen.controller.hold()  # the bots wait: the pile's card stays the player's
        screen.controller.act(play)
        [flight] = [card for card in screen.query(FlyingCard) if card.in_flight]
        for _ in range(3):
            await pilot.pause()
        assert top.card == play.card and top.covered is None  # Textual's picture: the new card, drawn with the move
        assert short(before) in terminal.text(top.region)  # the terminal's: the card before
        assert short(play.card) not in terminal.text(top.region)
        updates = []
        display = App._display
        monkeypatch.setattr(App, "_display", lambda self, *a: (updates.append(a), display(self, *a))[1])
        now[0] += TRAVEL
        flight.tick()  # its last step: it lands
        for _ in range(3):
            await pilot.pause()
        assert not flight.in_flight
        assert short(play.card) in terminal.text(top.region)
        assert updates == []  # written back by the wire: no screen update of Textual's
        assert terminal.wire.over == {}


async def test_a_play_as_a_dialog_closes_keeps_the_pile_the_table_showed_not_the_dialogs_cells(monkeypatch):
    # Found in play at 120x40: a colour chosen for a wild closed its dialog and played the card before the table's
    # next frame; the pile kept as "the terminal shows it" was the closing dialog's cells, until the card landed.
    async with the_table_through_a_terminal() as (pilot, screen, terminal):
        app = pilot.app
        top = screen.query_one("#top-card", CardView)
        before = top.card

        def pile() -> list[tuple[str, str, str]]:
            return [
                (terminal.shows.buffer[y][x].data, terminal.shows.buffer[y][x].fg, terminal.shows.buffer[y][x].bg)
                for y in range(top.region.y, top.region.bottom)
                for x in range(top.region.x, top.region.right)
            ]

        as_the_table_shows_it = pile()
        now = [1000.0]
        monkeypatch.setattr(motion, "monotonic", lambda: now[0])  # the card stays in the air
        screen.controller.hold()  # the bots wait
        await pilot.press("question_mark")  # the guide over the table: the pile dimmed behind it
        for _ in range(3):
            await pilot.pause()
        assert app.screen is not screen and pile() != as_the_table_shows_it
        play = next(a for a in screen.session.match.legal_actions() if isinstance(a, Play) and not a.card.is_wild)
        app.pop_screen()  # closed, and the card played before the table's next frame, as a dialog's answer does
        screen.controller.act(play)
        [flight] = [card for card in screen.query(FlyingCard) if card.in_flight]
        for _ in range(3):
            await pilot.pause()
        assert app.screen is screen and screen.on_terminal
        assert pile() == as_the_table_shows_it  # the card before, as the table drew it: no dimmed cells kept
        now[0] += TRAVEL
        flight.tick()  # it lands
        for _ in range(3):
            await pilot.pause()
        assert short(play.card) in terminal.text(top.region) and short(before) not in terminal.text(top.region)
        assert terminal.wire.over == {}
