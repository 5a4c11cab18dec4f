"""What a move sends to the terminal: only the cells whose picture changed (issue 36).

Textual writes the regions of the screen marked dirty in each frame. These tests record them
(the compositor's update, in the frame Textual's refresh timer paints) and hold each widget of
the table to repainting only what it changed: an unchanged table repaints nothing, a new hand
title its one line, a flying card the cells it covers, a new line in the log the log once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from rich.text import Text
from textual.geometry import Offset, Region
from textual.pilot import Pilot
from textual.scrollbar import ScrollBar

from unokart_tui.tui.screens.game import ROOMY_HEIGHT, ROOMY_WIDTH, GameScreen
from unokart_tui.tui.widgets.cardview import CardView
from unokart_tui.tui.widgets.gamelog import GameLog
from unokart_tui.tui.widgets.motion import FlyingCard
from unokart_tui.tui.widgets.players import PlayerRow, SeatView

from .helpers import make_app, settle
from .test_tableview import C


@contextmanager
def painted(screen: GameScreen) -> Iterator[list[set[tuple[int, int]]]]:
    """The screen's cells repainted, one set a frame, while the block runs (and the frames it awaits)."""
    compositor = screen._compositor
    render_update = compositor.render_update
    frames: list[set[tuple[int, int]]] = []

    def recorded(*args: object, **kwargs: object) -> object:
        cells = set()
        for region in compositor._dirty_regions:
            cells.update((x, y) for y in range(region.y, region.bottom) for x in range(region.x, region.right))
        frames.append(cells)
        return render_update(*args, **kwargs)

    compositor.render_update = recorded  # type: ignore[method-assign]
    try:
        yield frames
    finally:
        del compositor.render_update


def cells(frames: list[set[tuple[int, int]]]) -> set[tuple[int, int]]:
    return set().union(*frames)


async def table(pilot: Pilot[object]) -> GameScreen:
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    await pilot.pause()
    return screen


async def test_the_table_drawn_again_unchanged_sends_nothing_to_the_terminal():
    # Border titles, the table's facts and the key bar were set after every move, changed or not, and
    # each setting repainted its whole panel: about 10 KB a move at 80x24.
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        with painted(screen) as frames:
            screen.render_table()
            await pilot.pause()
            await pilot.pause()
        assert cells(frames) == set()
    app.session.close()


async def test_a_new_title_over_the_hand_repaints_its_line_not_the_cards():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        hand = screen.hand
        with painted(screen) as frames:
            hand.state = hand.state._replace(title="Your hand (7) — Mario is thinking…")
            await pilot.pause()
        top = hand.region.y
        assert cells(frames) and {y for _x, y in cells(frames)} == {top}
        assert "Mario is thinking" in hand.border_title
        with painted(screen) as frames:
            hand.state = hand.state._replace(cursor=(hand.state.cursor + 1) % len(hand.state.cards))
            await pilot.pause()
        assert len({y for _x, y in cells(frames)}) > 1  # the cursor moved: the cards are drawn again
    app.session.close()


async def test_a_flying_card_repaints_the_cells_it_covers_and_not_the_whole_screen():
    # Shown and hidden with ``display``, the card changed the painting order of every widget, and
    # Textual repainted the whole screen when it took off and when it landed.
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        app.animation_level = "full"
        flight = next(flight for flight in screen.query(FlyingCard) if flight.is_mounted)
        flight.styles.width, flight.styles.height = 6, 3
        await pilot.pause()
        with painted(screen) as frames:
            flight.fly(C("R5"), screen.glyphs, Offset(10, 15), Offset(40, 3), delay=60)  # still before it moves
            await pilot.pause()
        assert flight.in_flight
        assert cells(frames) == set()  # not drawn where it starts (issue 34: it sat over the seat's words)
        with painted(screen) as frames:
            flight.watch_progress(0.5)  # half way: (25, 9)
            await pilot.pause()
        assert cells(frames) == {(x, y) for x in range(25, 31) for y in range(9, 12)}
        with painted(screen) as frames:
            flight.land()
            await pilot.pause()
        assert not flight.in_flight
        assert cells(frames) == {(x, y) for x in range(25, 31) for y in range(9, 12)}
    app.session.close()


async def test_in_a_terminal_a_flying_card_is_laid_over_the_screen_by_the_wire_with_no_screen_update():
    # Each step of the card as a widget laid the screen out and rendered every widget under it, 5 to 6 ms
    # a step, 15 to 19 ms a move (docs/performance.md). The wire lays its cells over the picture instead.
    from unokart_tui.tui.wire import wired

    from .test_wire import Written, cup

    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        app.animation_level = "full"
        driver = wired(Written)(app=app, size=(80, 24))  # the app's terminal driver, as in a terminal
        driver.write("".join(cup(0, y) + "." * 80 for y in range(24)) + cup(0, 0))  # what the terminal shows
        flight = next(flight for flight in screen.query(FlyingCard) if flight.is_mounted)
        flight.size_flown = (6, 3)
        with painted(screen) as frames:
            flight.fly(C("R5"), screen.glyphs, Offset(10, 15), Offset(40, 3), delay=60)
            flight.watch_progress(0.5)  # half way: (25, 9)
            await pilot.pause()
        assert cells(frames) == set()
        assert not flight.visible  # the widget stays hidden: the wire draws the card
        card = {(x, y) for x in range(25, 31) for y in range(9, 12)}
        assert set(driver.wire.over) == card
        assert "R" in "".join(driver.wire.shown(x, y) or "" for x, y in sorted(card))
        lines_painted = []
        flight.paint_line = lambda *args: lines_painted.append(args)  # type: ignore[method-assign]
        flight._stepped = float("-inf")
        flight.watch_progress(0.6)  # (28, 8): the same picture, one place on
        assert lines_painted == [] and set(driver.wire.over) == {(x, y) for x in range(28, 34) for y in range(8, 11)}
        del flight.paint_line
        card = card | set(driver.wire.over)
        written = len(driver.written)
        with painted(screen) as frames:
            flight.land()
            await pilot.pause()
        assert cells(frames) == set() and not flight.in_flight
        assert driver.wire.over == {} and all(driver.wire.shown(x, y) == "." for x, y in card)
        assert len(driver.written) == written + 1  # one write put back the cells it covered
    app.session.close()


async def test_a_card_laid_over_the_screen_by_the_wire_is_taken_off_when_a_dialog_comes_over_the_table(monkeypatch):
    from textual.screen import ModalScreen

    from unokart_tui.tui.widgets import motion
    from unokart_tui.tui.wire import wired

    from .test_wire import Written, cup

    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        app.animation_level = "full"
        driver = wired(Written)(app=app, size=(80, 24))
        driver.write("".join(cup(0, y) + "." * 80 for y in range(24)) + cup(0, 0))
        flight = next(flight for flight in screen.query(FlyingCard) if flight.is_mounted)
        flight.fly(C("R5"), screen.glyphs, Offset(10, 15), Offset(40, 3), delay=60)
        now = [100.0]
        monkeypatch.setattr(motion, "monotonic", lambda: now[0])
        flight.watch_progress(0.3)
        assert driver.wire.over
        await app.push_screen(ModalScreen())  # the table's suspension: before the dialog is drawn
        assert driver.wire.over == {} and not flight.in_flight  # landed: nothing of it over the dialog
        now[0] += 1
        flight.watch_progress(0.6)  # a step after all: not drawn over the dialog
        assert driver.wire.over == {}
        app.pop_screen()
    app.session.close()


async def test_a_tick_of_the_animator_that_does_not_move_the_card_on_repaints_nothing(monkeypatch):
    # Textual's animator sets the card's progress 60 times a second; it moves on at most FLIGHT_FPS times.
    # Each other tick repainted it where it was: two frames in three of a flight sent nothing new.
    from unokart_tui.tui.widgets import motion

    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        app.animation_level = "full"
        flight = next(flight for flight in screen.query(FlyingCard) if flight.is_mounted)
        flight.styles.width, flight.styles.height = 6, 3
        flight.fly(C("R5"), screen.glyphs, Offset(10, 15), Offset(40, 3), delay=60)  # the animator waits
        now = [100.0]
        monkeypatch.setattr(motion, "monotonic", lambda: now[0])
        with painted(screen) as frames:
            flight.progress = 0.5  # a step: (25, 9)
            await pilot.pause()
        assert cells(frames) == {(x, y) for x in range(25, 31) for y in range(9, 12)}
        with painted(screen) as frames:
            now[0] += 0.5 / motion.FLIGHT_FPS  # the next tick, too soon to move on
            flight.progress = 0.55
            await pilot.pause()
        assert cells(frames) == set()
        flight.land()
    app.session.close()


async def test_a_line_in_the_log_repaints_the_log_once_and_a_layout_leaves_its_scrollbar_alone():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        log = screen.query_one(GameLog)
        for number in range(30):  # more than it shows: it scrolls
            log.add(Text(f"line {number}"))
        await pilot.pause()
        await pilot.pause()
        with painted(screen) as frames:
            log.add(Text("one more line"))
            for _ in range(4):
                await pilot.pause()
        touched = [frame for frame in frames if any(log.region.contains(x, y) for x, y in frame)]
        assert len(touched) == 1  # scrolled to it in the frame that draws it, the scrollbar too, not a frame later
        assert log.scroll_y == log.max_scroll_y
        with painted(screen) as frames:
            screen.refresh(repaint=False, layout=True)  # a layout, as every step of a card's flight makes
            await pilot.pause()
        assert not any(log.region.contains(x, y) for x, y in cells(frames))
    app.session.close()


async def test_the_pile_under_a_card_in_flight_is_not_repainted_until_it_lands():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        top = screen.query_one("#top-card", CardView)
        region = top.region
        top.cover()
        with painted(screen) as frames:
            top.card, top.caption = C("B2"), "by Mario"
            await pilot.pause()
        assert not any(region.contains(x, y) for x, y in cells(frames))
        with painted(screen) as frames:
            top.uncover()
            await pilot.pause()
        repainted = cells(frames)
        assert repainted and all(region.contains(x, y) for x, y in repainted)  # the card, now it has landed
    app.session.close()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])  # the line hidden (compact table), and shown (roomy)
async def test_the_line_under_the_pile_follows_a_landed_card_without_laying_the_screen_out(size):
    # Its words never change its size (one line, the pile's width), but each new one had Textual lay the
    # whole screen out again: an update of its own after every landing, where the compact table hides it.
    from textual.widgets import Static

    from unokart_tui.tui.widgets.table import TablePanel

    app = make_app(seed=7)
    async with app.run_test(size=size) as pilot:
        screen = await table(pilot)
        panel = screen.query_one(TablePanel)
        top = screen.query_one("#top-card", CardView)
        layouts = []
        refresh_layout = screen._refresh_layout

        def laid_out(*args: object, **kwargs: object) -> None:
            layouts.append(args)
            refresh_layout(*args, **kwargs)  # type: ignore[arg-type]

        screen._refresh_layout = laid_out  # type: ignore[method-assign]
        top.cover()
        panel._played_by = Text("by Mario")
        top.uncover()  # landed: the line under it follows
        await pilot.pause()
        await pilot.pause()
        assert str(screen.query_one("#played-by", Static).render()) == "by Mario"
        assert layouts == []
        del screen._refresh_layout
    app.session.close()


async def test_the_hidden_layouts_seats_are_left_alone_and_shown_as_they_are_when_it_comes():
    # The compact table hides the roomy one's seats, and the roomy table the compact one's rows: the seat to
    # act's class toggled on them had Textual apply their styles again at every move (issue 36).
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        seats, rows = list(screen.query(SeatView)), list(screen.query(PlayerRow))
        assert all(seat.info is None and not seat.has_class("to-act") for seat in seats)
        assert all(row.info is not None for row in rows)
        await pilot.resize_terminal(ROOMY_WIDTH, ROOMY_HEIGHT)
        await pilot.pause()
        assert [seat.info for seat in screen.places] == [row.info for row in screen.rows]  # as they are now
        to_act = [seat for seat in screen.places if seat.info is not None and seat.info.to_act]
        assert to_act and all(seat.has_class("to-act") for seat in to_act)
        before = [row.info for row in screen.rows]
        await pilot.press("d")  # the player draws: the seats change
        await settle(pilot)
        assert [row.info for row in screen.rows] == before  # hidden now: left as they were
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert [row.info for row in screen.rows] == [seat.info for seat in screen.places] != before
    app.session.close()


def bar_rows(bar: ScrollBar) -> list[list[tuple[str, object]]]:
    return [[(segment.text, segment.style) for segment in strip] for strip in bar.render_lines(Region(0, 0, *bar.size))]


async def test_a_new_line_at_the_end_of_a_long_log_does_not_draw_its_scrollbar_again(monkeypatch):
    # Every new line gave the bar a new length and a new place, and its 9 rows were drawn again at each
    # move, a quarter of the rows a move drew, though the thumb stayed a cell at the bottom.
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table(pilot)
        log = screen.query_one(GameLog)
        for number in range(200):
            log.add(Text(f"line {number}"))
        await pilot.pause()
        await pilot.pause()
        bar = log.vertical_scrollbar
        assert bar.display and bar.size.height > 1
        drawn: list[int] = []
        render_line = bar.render_line
        monkeypatch.setattr(bar, "render_line", lambda y: (drawn.append(y), render_line(y))[1])
        with painted(screen) as frames:
            log.add(Text("one more line"))
            for _ in range(3):
                await pilot.pause()
        assert any(log.region.contains(x, y) for x, y in cells(frames))  # the log shows the line
        assert drawn == []
        shown = bar_rows(bar)
        ScrollBar.refresh(bar)  # drawn anew, as Textual's own bar is: the same rows
        assert bar_rows(bar) == shown
        log.scroll_home(animate=False, immediate=True)  # the thumb goes to the top: the bar is drawn again
        for _ in range(3):
            await pilot.pause()
        assert drawn
        assert bar_rows(bar) != shown
    app.session.close()


@contextmanager
def layouts_asked() -> Iterator[list[str]]:
    """The widgets that asked Textual to lay the screen out while the block runs, by class."""
    from textual.widget import Widget

    asked: list[str] = []
    refresh = Widget.refresh

    def recorded(self: Widget, *regions: Region, **options: bool) -> Widget:
        if options.get("layout"):
            asked.append(type(self).__name__)
        return refresh(self, *regions, **options)

    Widget.refresh = recorded  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        Widget.refresh = refresh  # type: ignore[method-assign]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])  # the compact table, and the grand one (its scoreboard)
async def test_the_bots_moves_lay_nothing_out_and_the_log_still_follows_them(size):
    # Issue 36: the one layout of the whole screen a move still made, though no box changed its size: the
    # log's new line (RichLog sets its virtual size, a layout reactive), the table's facts and the scoreboard
    # (its turn mark, at every move, hidden or shown). Each was a layout, 2 to 3 ms of a move's update.
    from textual.widgets import Static

    from unokart_tui.engine import Phase

    from .helpers import QUICK, draw_key, run_clock_until

    app = make_app(seed=7, pace=QUICK._replace(bot_delay=1.0))  # each bot's move waits for the test's clock
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        log = screen.query_one(GameLog)
        for number in range(40):  # a long log, its scrollbar shown, as after a few rounds
            log.add(Text(f"line {number}"))
        await run_clock_until(pilot, session.is_human_turn)
        while session.is_human_turn():  # the player draws (and keeps it): their hand's size is theirs
            await pilot.press(draw_key(session.view().phase) if session.view().phase is not Phase.DRAWN else "p")
        await pilot.pause()
        await pilot.pause()
        facts, board = screen.query_one("#facts", Static), screen.query_one("#scoreboard", Static)
        lines, shown = len(log.lines), (str(facts.render()), str(board.render()))
        with layouts_asked() as asked:
            await run_clock_until(pilot, session.is_human_turn)  # the bots' moves, one a wake-up
            await pilot.pause()
        assert len(log.lines) > lines + 1  # they moved, and the log tells it
        assert asked == []
        assert (str(facts.render()), str(board.render())) != shown  # the facts and the turn mark followed
        assert log.scroll_y == log.max_scroll_y == len(log.lines) - log.scrollable_content_region.height
        bar = log.vertical_scrollbar
        assert bar.display and bar.window_virtual_size == len(log.lines)  # its length, without the layout
        assert log.render_line(log.scrollable_content_region.height - 1).text.strip() == log.lines[-1].text.strip()
    app.session.close()


async def test_a_log_growing_past_its_box_lays_nothing_out_and_its_bar_follows_its_length():
    # The log's length no longer lays the screen out: it gives its bar the new length itself, following the
    # end or not (a reader scrolled back sees the thumb shrink and stays where they read), and asks for the
    # layout only when lines go (a replay's jump).
    from textual.app import ComposeResult

    from unokart_tui.tui.themes import ThemedApp

    class LogApp(ThemedApp):  # the log alone
        def compose(self) -> ComposeResult:
            yield GameLog()

    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(GameLog)
        room = log.scrollable_content_region.height
        with layouts_asked() as asked:
            for number in range(room + 5):  # from an empty log past its box, a line a frame
                log.add(Text(f"line {number}"))
                await pilot.pause()
                assert log.vertical_scrollbar.window_virtual_size == len(log.lines)
        assert asked == []
        assert log.scroll_y == log.max_scroll_y == 5 and log.render_line(room - 1).text.strip() == f"line {room + 4}"
        log.scroll_home(animate=False, immediate=True)  # the reader scrolls back
        await pilot.pause()
        with layouts_asked() as asked:
            log.add(Text("a line the reader has not reached"))
            await pilot.pause()
        assert asked == [] and log.scroll_y == 0 and not log.following
        assert log.vertical_scrollbar.window_virtual_size == len(log.lines) == room + 6
        with layouts_asked() as asked:
            log.replace([Text("short again")])  # a replay's jump to its start: lines go
        assert "GameLog" in asked
        await pilot.pause()
        assert log.scroll_y == 0 and log.render_line(0).text.strip() == "short again"
