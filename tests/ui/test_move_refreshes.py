"""What a bot's move asks of the table's widgets: only those whose picture changed are drawn again (issue 36).

A bot's move sends the screen a new state of the table. Each test here steps the bots one move at a time on
the test's clock and holds one kind of widget to doing only what the move changed: a seat repainted only
when what it shows changed, a seat restyled once for its turn's marks (and a bot's seat without the card
faces it never paints), the key bar's keys looked at once a move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from rich.text import Text
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widget import Widget

from unokart_tui.engine import Phase
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets.keybar import KeyBar
from unokart_tui.tui.widgets.players import PlayerRow, SeatView

from .helpers import QUICK, draw_key, make_app, run_clock_until

BOT_MOVES = 24  # about six rounds of the table's turns: the player's turn comes and goes, the seats' marks go round


async def bots_moves(pilot, moves: int = BOT_MOVES) -> Iterator[None]:
    """Yield at each bot's move, played in between (the player draws or keeps at their turns)."""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, GameScreen)
    session = screen.session
    played = 0
    while played < moves:
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):  # a round's end: on to the next
            await pilot.press("enter")
            continue
        if session.is_human_turn():
            await pilot.press(draw_key(session.view().phase) if session.view().phase is not Phase.DRAWN else "p")
            await pilot.pause()
            continue
        timer = app.clock.next_timer()
        assert timer is not None, "the bots wait for nothing"
        yield
        played += 1


@contextmanager
def refreshed(kind: type[Widget]) -> Iterator[Counter[Widget]]:
    """The widgets of ``kind`` that asked to be drawn again while the block runs, with how often."""
    asked: Counter[Widget] = Counter()
    refresh = Widget.refresh

    def recorded(self: Widget, *regions, **options):
        if isinstance(self, kind):
            asked[self] += 1
        return refresh(self, *regions, **options)

    Widget.refresh = recorded  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        Widget.refresh = refresh  # type: ignore[method-assign]


def picture(seat: PlayerRow | SeatView) -> tuple[object, ...]:
    """What a seat shows: its words and their styles, its border's, its turn's marks."""
    drawn = seat.render()
    assert isinstance(drawn, Text)
    borders = (seat.border_title, seat.border_subtitle)
    titles = tuple((title.plain, title.spans) if isinstance(title, Text) else title for title in borders)
    return drawn.plain, drawn.spans, titles, frozenset(seat.classes)


# Each seat's line and picture before a move.
Shown = dict[PlayerRow | SeatView, tuple[object, tuple[object, ...]]]


class Repaints:
    """A seat repainted only when its picture changed; a new line with the same picture left as it was."""

    def __init__(self, seats: list[PlayerRow] | list[SeatView]) -> None:
        self.seats = seats
        self.repainted = self.changed = self.unchanged_lines = 0

    def before(self) -> Shown:
        return {seat: (seat.info, picture(seat)) for seat in self.seats}

    def check(
        self, before: dict[PlayerRow | SeatView, tuple[object, tuple[object, ...]]], asked: Counter[Widget]
    ) -> None:
        for seat, (line, shown) in before.items():
            now = picture(seat)
            self.changed += now != shown
            if asked[seat]:
                self.repainted += 1
                assert now != shown, f"{seat.id} was drawn again as it was"
            elif seat.info != line:
                self.unchanged_lines += 1  # a new line, the same picture: left as it was
                assert now == shown

    def check_all(self) -> None:
        assert self.repainted == self.changed > BOT_MOVES  # each seat whose picture changed, and only those
        assert self.unchanged_lines > 0  # the player's seat, at the moves that changed only what it does not show


@contextmanager
def counting(kind: type, name: str) -> Iterator[list[int]]:
    """Counts the calls of ``kind``'s method ``name`` while the block runs."""
    calls = [0]
    method = getattr(kind, name)

    def counted(self, *args, **options):
        calls[0] += 1
        return method(self, *args, **options)

    setattr(kind, name, counted)
    try:
        yield calls
    finally:
        setattr(kind, name, method)


async def test_a_bots_move_at_the_compact_table_repaints_draws_and_looks_at_keys_only_as_needed():
    """Three checks on one table at 80x24, each at every bot's move (they were three tables of 24 moves each):

    - Every move sends every seat a new line, and the player's own changes in what a row does not show (how many
      play before them, their cards by colour): it was drawn and sent again as it was. Now a row is repainted
      only when its picture changed.
    - Each row's text was drawn three times a move: to see whether it gained a line, to see whether its last move
      would go on under itself (the screen asks every row), and by Textual to show it. Now once for a new line,
      never for the same.
    - The game table updates its bindings two or three times a move (the table, the hint, the focus), and the key
      bar worked its line out at each (each time asking the table about every key), and again to draw it. Now it
      looks once, and shows what the keys are.
    """
    app = make_app(seed=7, pace=QUICK._replace(bot_delay=1.0))  # each bot's move waits for the test's clock
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await run_clock_until(pilot, screen.session.is_human_turn)
        repaints = Repaints(screen.rows)
        bar = screen.query_one(KeyBar)
        line = KeyBar._line
        draw = PlayerRow._drawn
        drawn: Counter[PlayerRow] = Counter()

        def drawing(self: PlayerRow, *, wrap: bool) -> Text:
            drawn[self] += 1
            return draw(self, wrap=wrap)

        PlayerRow._drawn = drawing  # type: ignore[method-assign]
        try:
            with counting(KeyBar, "_line") as looks:
                async for _ in bots_moves(pilot):
                    before = repaints.before()
                    lines = {row: row.info for row in screen.rows}
                    looks[0] = 0
                    drawn.clear()
                    with refreshed(Widget) as asked:
                        app.clock.fire(app.clock.next_timer())
                        await pilot.pause()
                        await pilot.pause()
                    repaints.check(before, asked)
                    for row in screen.rows:
                        assert drawn[row] <= (row.info != lines[row])  # once for a new line, never for the same
                    assert looks[0] <= 1
                    assert bar.render() == line(bar)  # what it shows is what the keys are now
        finally:
            PlayerRow._drawn = draw  # type: ignore[method-assign]
        repaints.check_all()
    app.session.close()


@contextmanager
def restyles() -> Iterator[tuple[Counter[DOMNode], Counter[DOMNode]]]:
    """The nodes whose styles were worked out again (a class changed), and the nodes styled for them, by node
    (a widget's component classes are styled as nodes of their own, under it)."""
    updated: Counter[DOMNode] = Counter()
    styled: Counter[DOMNode] = Counter()
    update, apply = DOMNode.update_node_styles, Stylesheet.apply

    def updating(self: DOMNode, animate: bool = True) -> None:
        updated[self] += 1
        update(self, animate=animate)

    def applying(self: Stylesheet, node: DOMNode, **options) -> None:
        styled[node if isinstance(node, Widget) else node.parent] += 1
        apply(self, node, **options)

    DOMNode.update_node_styles = updating  # type: ignore[method-assign]
    Stylesheet.apply = applying  # type: ignore[method-assign]
    try:
        yield updated, styled
    finally:
        DOMNode.update_node_styles = update  # type: ignore[method-assign]
        Stylesheet.apply = apply  # type: ignore[method-assign]


async def test_a_bots_move_at_the_roomy_table_restyles_each_seat_once_and_repaints_only_what_changed():
    """Two checks on one table at 120x40, each at every bot's move (they were two tables of 24 moves each): the
    seats restyled once for their turn's marks, a bot's seat without card faces (below); and a seat repainted
    only when its picture changed, as at the compact table (above)."""
    # The seats' turn marks are classes, and Textual styles a widget and each of its component classes again at
    # each change of its classes: the seat whose turn came was restyled twice (it gained "to-act", then lost
    # "next-up"), and a bot's seat carried the eight card faces that only the player's own seat paints, twelve
    # parts styled each time, about 2 ms a seat at 120x40 (a bot's move's largest cost there).
    app = make_app(seed=7, pace=QUICK._replace(bot_delay=1.0))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await run_clock_until(pilot, screen.session.is_human_turn)
        bots = [seat for seat in screen.places if not seat.has_class("you")]
        marks_moved = 0
        repaints = Repaints(screen.places)
        async for _ in bots_moves(pilot):
            before = {seat: seat.classes for seat in screen.places}
            shown = repaints.before()
            with restyles() as (updated, styled), refreshed(Widget) as asked:
                app.clock.fire(app.clock.next_timer())
                await pilot.pause()
            repaints.check(shown, asked)
            for seat in screen.places:
                marks_moved += seat.classes != before[seat]
                assert updated[seat] == (seat.classes != before[seat])  # once when its marks changed, else never
            for seat in bots:
                assert styled[seat] <= 1 + 4  # itself and its four parts: backs, badge, quiet, alert
        assert marks_moved >= 2 * BOT_MOVES  # the turn went round: the seat to act and the one after it, a move
        card = screen.query_one(f"#place-{0}", SeatView).get_component_rich_style("card--red")
        assert card.bgcolor is not None  # the player's own seat still paints its cards by colour in their faces
        repaints.check_all()
    app.session.close()
