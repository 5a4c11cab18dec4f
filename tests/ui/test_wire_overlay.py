"""Cells laid over Textual's picture by the wire: a card in flight drawn without a screen update (issue 36).

As in ``test_wire.py``, Textual's writes go to one emulated terminal and the wire's to another. While
cells lie over the picture the second shows them there and the first's picture everywhere else;
taken away, the two are equal again.
"""

from __future__ import annotations

from functools import cache

import pyte
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyte.screens import Char

from unokart_tui.tui.wire import Pen, Wire, parse

from .test_wire import CELL_ALPHABET, RED_ON_BLUE, RUNS, STYLES, cells_of, cup, textual_frame


class Overlaid:
    """Textual's writes as they are, and the wire's writes with cells laid over them."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.wire = Wire()
        self.given, self.sent = pyte.Screen(width, height), pyte.Screen(width, height)
        self._given, self._sent = pyte.Stream(self.given), pyte.Stream(self.sent)

    def write(self, data: str) -> None:
        self._given.feed(data)
        self._sent.feed(self.wire.rewrite(data))
        self.check()

    def lay(self, data: str | None) -> None:
        self._sent.feed(self.wire.lay(parse(data) if data is not None else None))
        self.check()

    def expected(self, x: int, y: int) -> Char:
        """What Textual's picture with what lies over it written on top shows at ``x``, ``y``.

        Written on top of the picture, a laid cell (narrow, one character) sets its own place and no other:
        so the picture is kept as Textual's writes leave it, and not written again for each check (three
        quarters of this file's time once)."""
        laid = self.wire.over.get((x, y))
        return self.given.buffer[y][x] if laid is None else written(*laid)

    def check(self) -> None:
        for y in range(self.height):
            for x in range(self.width):
                assert self.sent.buffer[y][x] == self.expected(x, y), (x, y)
        assert (self.sent.cursor.x, self.sent.cursor.y) == (self.given.cursor.x, self.given.cursor.y)


@cache
def written(cell: str, pen: Pen) -> Char:
    """The character a terminal shows where ``cell`` is written in ``pen`` (as the wire lays it: from a reset)."""
    screen = pyte.Screen(2, 1)
    pyte.Stream(screen).feed(f"\x1b[0;{pen.codes}m{cell}\x1b[0m")
    assert screen.cursor.x == 1  # one cell wide: nothing else written
    return screen.buffer[0][0]


CARD = "\x1b[1;38;5;231;48;5;160m"


def card_at(x: int, y: int) -> str:
    return f"{cup(x, y)}{CARD}╭──╮\x1b[0m{cup(x, y + 1)}{CARD}│R5│\x1b[0m"


def test_laid_cells_stay_over_textuals_frames_and_leave_the_picture_as_it_was_drawn_under_them():
    terminals = Overlaid(12, 4)
    terminals.write(f"{cup(0, 0)}{RED_ON_BLUE}the log says\x1b[0m{cup(0, 1)}a seat's line{cup(0, 3)}")
    terminals.lay(card_at(2, 0))
    assert len(terminals.wire.over) == 8  # every cell of the card: all of them over known narrow cells
    assert "".join(terminals.sent.buffer[0][x].data for x in range(12)) == "th╭──╮g says"
    terminals.write(f"{cup(0, 0)}a new line! {cup(0, 3)}")  # Textual draws under the card
    assert "".join(terminals.sent.buffer[0][x].data for x in range(12)) == "a ╭──╮line! "
    terminals.lay(card_at(6, 1))  # a step on: what it left is written back as Textual last drew it
    terminals.lay(None)
    assert "".join(terminals.sent.buffer[0][x].data for x in range(12)) == "a new line! "
    assert "".join(terminals.sent.buffer[1][x].data for x in range(12)) == "a seat's lin"
    assert terminals.wire.over == {} and terminals.wire.under == {}


def test_a_step_sends_only_the_cells_that_change_and_taking_the_card_away_only_those_it_covered():
    wire = Wire()
    wire.rewrite(f"{cup(0, 0)}{'x' * 12}{cup(0, 1)}{'y' * 12}{cup(0, 3)}")
    first = wire.lay(parse(card_at(2, 0)))
    assert first.count("╭") == 1 and first.endswith(cup(0, 3))  # the cursor is left where Textual put it
    assert wire.lay(parse(card_at(2, 0))) == ""  # nothing moved: nothing sent
    gone = wire.lay(None)
    assert gone.count("x") == 4 and gone.count("y") == 4 and "╭" not in gone


def test_nothing_is_laid_over_a_cell_the_wire_does_not_know_or_over_half_a_wide_character():
    wire = Wire()
    wire.rewrite(f"{cup(0, 0)}ab界cd{cup(0, 3)}")  # row 1 never written: not known
    wire.lay(parse(f"{cup(0, 0)}{CARD}123456\x1b[0m{cup(0, 1)}{CARD}123456\x1b[0m"))
    assert set(wire.over) == {(0, 0), (1, 0), (4, 0), (5, 0)}


def test_a_write_the_wire_does_not_understand_takes_the_laid_cells_away_first():
    wire = Wire()
    wire.rewrite(f"{cup(0, 0)}hello{cup(0, 3)}")
    wire.lay(parse(f"{cup(1, 0)}{CARD}XY\x1b[0m"))
    out = wire.rewrite("\x1b[2J")
    assert out.endswith("\x1b[2J") and "el" in out and wire.over == {}


LAYS = st.one_of(
    st.none(),
    st.tuples(st.integers(-2, 11), st.integers(-1, 3), STYLES, st.text(CELL_ALPHABET, min_size=1, max_size=4)),
)


@pytest.mark.slow  # 200 series, a few seconds; the examples above stay fast
@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(RUNS, LAYS), min_size=1, max_size=8))
def test_any_series_of_frames_and_laid_cells_shows_textuals_picture_under_them(steps):
    # A column wider than the frames: pyte wraps (and scrolls) after a combining character in the last.
    terminals = Overlaid(13, 4)
    for runs, laid in steps:
        terminals.write(textual_frame(runs))
        if laid is None:
            terminals.lay(None)
            continue
        x, y, style, text = laid
        if x < 0 or y < 0:
            continue
        cells = [cell for cell in cells_of(text) if cell not in ("界", "e\u0301")][: 12 - x] or ["a"]
        terminals.lay(f"{cup(x, y)}\x1b[{style or '0'}m{''.join(cells)}\x1b[0m")
    terminals.lay(None)
    assert terminals.wire.over == {}


async def test_two_cards_in_flight_lie_over_the_picture_together_and_a_write_not_of_cells_lays_nothing():
    from textual.app import App

    from unokart_tui.tui.wire import overlay_of, wired

    from .test_wire import Written

    app: App[None] = App()
    driver = wired(Written)(app=app, size=(12, 4))
    assert overlay_of(app) is driver
    driver.write(f"{cup(0, 0)}{'x' * 12}{cup(0, 1)}{'y' * 12}{cup(0, 3)}")
    one, other = object(), object()
    driver.lay(f"{cup(0, 0)}{CARD}AB\x1b[0m", by=one)
    driver.lay(f"{cup(5, 1)}{CARD}CD\x1b[0m", by=other)
    assert set(driver.wire.over) == {(0, 0), (1, 0), (5, 1), (6, 1)}
    driver.lay(None, by=one)  # the one lands: the other still flies
    assert set(driver.wire.over) == {(5, 1), (6, 1)} and driver.wire.shown(0, 0) == "x"
    written = len(driver.written)
    driver.lay(f"{cup(0, 0)}\x07", by=one)  # not cells: nothing laid, nothing written
    assert set(driver.wire.over) == {(5, 1), (6, 1)} and len(driver.written) == written
    driver.lay(None, by=other)
    assert driver.wire.over == {} and driver.wire.shown(5, 1) == "y"


async def test_a_card_and_the_picture_it_kept_are_lifted_at_once_in_one_write():
    from textual.app import App

    from unokart_tui.tui.wire import wired

    from .test_wire import Written

    app: App[None] = App()
    driver = wired(Written)(app=app, size=(12, 4))
    driver.write(f"{cup(0, 0)}{'x' * 12}{cup(0, 1)}{'y' * 12}{cup(0, 3)}")
    card, keeper, nobody = object(), object(), object()
    driver.lay(driver.picture([(0, 0, 3, 1)]), by=keeper)
    driver.write(f"{cup(0, 0)}new{cup(0, 3)}")  # Textual's new picture under the kept cells
    driver.lay_frame(parse(f"{cup(4, 1)}{CARD}CD\x1b[0m"), by=card)
    written = len(driver.written)
    driver.lift(card, keeper)
    assert driver.wire.over == {} and len(driver.written) == written + 1
    assert [driver.wire.shown(x, 0) for x in range(3)] == ["n", "e", "w"] and driver.wire.shown(4, 1) == "y"
    driver.lift(card, keeper, nobody)  # nothing laid by them any more: nothing written
    assert len(driver.written) == written + 1


def test_a_picture_of_a_region_laid_over_it_keeps_it_as_it_was_until_it_is_taken_away():
    terminals = Overlaid(12, 4)
    terminals.write(f"{cup(0, 0)}{RED_ON_BLUE}old card\x1b[0m{cup(0, 1)}ab界cd{cup(0, 3)}")
    picture = terminals.wire.picture([(0, 0, 4, 2), (8, 3, 4, 1)])  # the last cells are not known yet: left out
    assert parse(picture) is not None
    terminals.lay(picture)
    assert set(terminals.wire.over) == {(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1)}  # not the wide character
    terminals.write(f"{cup(0, 0)}new card{cup(0, 1)}xyz{cup(0, 3)}")  # Textual draws the new picture under it
    # The first four cells as they were, their colours too; the rest as Textual drew them anew.
    assert "".join(terminals.sent.buffer[0][x].data for x in range(8)) == "old card"
    assert terminals.sent.buffer[0][0].bg != "default" and terminals.sent.buffer[0][4].bg == "default"
    terminals.lay(None)
    assert "".join(terminals.sent.buffer[0][x].data for x in range(8)) == "new card"
    assert terminals.wire.picture([(20, 20, 3, 3)]) == ""  # nothing known there
