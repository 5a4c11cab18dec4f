"""What goes to the terminal: the cells a frame changed, each colour written once (issue 36).

Textual sends every cell of every region it repaints, and each run of one style with its whole
colour codes and a reset after it. Measured at 80x24 during bots' moves (docs/performance.md):
two thirds of the cells it sent already showed on the terminal, and colour codes were 59 % of the
bytes. ``Wire`` keeps a copy of what the terminal shows and rewrites each frame Textual writes to
the same picture in fewer bytes: only the cells that differ, and a colour code only where the
colour changes (and then only the part that changes).

It can also lay a few cells over Textual's picture (``lay``): a card in flight, drawn at each step
of its flight without a screen update of Textual's (no layout, no widget rendered). While they lie
there, Textual's frames change the picture under them and not them; taken away, the cells under
them are written back as Textual last drew them.

It rewrites only what it understands whole: a frame of cursor moves, colour codes and printable
characters, which is all Textual's screen updates hold. Anything else (the alternate screen,
a bell, a link, a frame cut in pieces) goes out as it came and the copy is forgotten, so the next
frame goes out whole; a resize forgets it too (``forget``), as the terminal may have redrawn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol
from weakref import WeakKeyDictionary

from rich.cells import cell_len
from textual.driver import Driver

if TYPE_CHECKING:
    from textual.app import App

# A frame cut at its cursor moves, colour codes and line feeds: what lies between them is text. (Split, not
# matched token by token: measured, a third of the time a frame took to read, issue 36.)
_PIECES = re.compile(r"(\x1b\[[0-9;]*[Hm]|\n)")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # in text: something else than printable characters
# Writes that change no cell and move no cursor: terminal modes (mouse, paste, focus, synchronized
# output, the cursor shown or hidden), queries, the mouse pointer's shape, the keyboard protocol.
_MODES = "25|1000|1002|1003|1004|1006|1015|1016|2004|2026|2048"
_HARMLESS = re.compile(rf"(?:\x1b\[\?(?:{_MODES})(?:[hl]|\$p)|\x1b\]22;[^\x07\x1b]*\x07|\x1b\[(?:>\d*|<)u)+")


class Pen(NamedTuple):
    """The colours and attributes characters are written in, as SGR parameters from a reset."""

    attributes: str | None  # the attributes' codes ("1;3"); None when a code was not understood
    foreground: str  # "38;5;231", "31"... or "" for the terminal's own
    background: str
    codes: str  # every parameter, to set the pen from a reset

    def changed_to(self, pen: Pen) -> str:
        """The escape that turns this pen into ``pen``: nothing if they are one, only a colour if only it changed."""
        if pen == self:
            return ""
        if pen.attributes is not None and pen.attributes == self.attributes:
            parts = []
            if pen.foreground != self.foreground:
                parts.append(pen.foreground or "39")
            if pen.background != self.background:
                parts.append(pen.background or "49")
            return f"\x1b[{';'.join(parts)}m"
        if not self.codes:  # from the plain pen, nothing to reset
            return f"\x1b[{pen.codes}m"
        return f"\x1b[0;{pen.codes}m" if pen.codes else "\x1b[0m"


PLAIN = Pen("", "", "", "")
_OFF = {"22": "12", "23": "3", "24": "4", "25": "56", "27": "7", "28": "8", "29": "9"}
_pens: dict[tuple[Pen, str], Pen] = {}


def pen_after(pen: Pen, parameters: str) -> Pen:
    """The pen once an SGR escape with ``parameters`` is written in ``pen``."""
    key = (pen, parameters)
    if (known := _pens.get(key)) is not None:
        return known
    codes = parameters.split(";")
    attributes = set() if pen.attributes is None else set(pen.attributes.split(";")) - {""}
    foreground, background = pen.foreground, pen.background
    understood = pen.attributes is not None
    index = 0
    while index < len(codes):
        code = codes[index]
        index += 1
        if code in ("", "0"):
            attributes, foreground, background, understood = set(), "", "", True
        elif len(code) == 1:
            attributes.add(code)
        elif code in _OFF:
            attributes -= set(_OFF[code])
        elif code in ("38", "48") and index < len(codes) and codes[index] in ("5", "2"):
            count = 2 if codes[index] == "5" else 4
            colour = ";".join(codes[index - 1 : index + count])
            index += count
            if code == "38":
                foreground = colour
            else:
                background = colour
        elif code.isdigit() and (30 <= int(code) <= 37 or 90 <= int(code) <= 97):
            foreground = code
        elif code.isdigit() and (40 <= int(code) <= 47 or 100 <= int(code) <= 107):
            background = code
        elif code == "39":
            foreground = ""
        elif code == "49":
            background = ""
        else:
            understood = False
    if understood:
        ordered = ";".join(sorted(attributes, key=int))
        after = Pen(
            ordered, foreground, background, ";".join(part for part in (ordered, foreground, background) if part)
        )
    else:  # kept whole, and set again from a reset whenever it is needed
        after = Pen(None, "", "", f"{pen.codes};{parameters}" if pen.codes else parameters)
    if len(_pens) < 4096:
        _pens[key] = after
    return after


RIGHT_HALF = ""  # the cell a wide character's right half takes: it changes with its left half
_widths: dict[str, int] = {}


def _width(char: str) -> int:
    if (width := _widths.get(char)) is None:
        width = _widths[char] = cell_len(char)
    return width


def _steady(char: str) -> bool:
    """Whether terminals agree on where the cursor is after ``char``: not after a wide or combined character."""
    return len(char) == 1 and (char.isascii() or _width(char) == 1)


_CELLS_KEPT = 4096  # the texts of other than ASCII whose cells are kept: borders, card faces, names...
_cells_of: dict[str, list[str] | None] = {}


def cells(text: str) -> list[str] | None:
    """What each cell ``text`` fills shows (a character and any it combines with, or a right half): not to be
    changed, it may be given again for the same text.

    None if it starts with a character of no width: nothing to join it to.
    """
    if text.isascii():
        return list(text)
    # The same borders and faces come back frame after frame: measured, measuring them again was a third of the
    # time a frame took to read (issue 36).
    if text in _cells_of:
        return _cells_of[text]
    shown = _measured_cells(text)
    if len(_cells_of) < _CELLS_KEPT:
        _cells_of[text] = shown
    return shown


def _measured_cells(text: str) -> list[str] | None:
    shown: list[str] = []
    for char in text:
        width = _width(char)
        if width == 0:
            if not shown or shown[-1] == RIGHT_HALF:
                return None
            shown[-1] += char
        else:
            shown.append(char)
            if width == 2:
                shown.append(RIGHT_HALF)
    return shown


class Run(NamedTuple):
    x: int
    cells: list[str]
    pen: Pen


class Frame(NamedTuple):
    rows: dict[int, list[Run]]  # the runs written, by row, from left to right
    cursor: tuple[int, int]  # where the cursor is left


def parse(data: str) -> Frame | None:
    """The cells a write sets and where it leaves the cursor; None if it holds anything else."""
    rows: dict[int, list[Run]] = {}
    pen = PLAIN
    x: int | None = None
    y = 0
    for index, piece in enumerate(_PIECES.split(data)):
        if not piece:
            continue
        if index % 2 == 0:  # text
            shown = cells(piece) if x is not None and not _CONTROL.search(piece) else None
            if x is None or shown is None:
                return None
            rows.setdefault(y, []).append(Run(x, shown, pen))
            x += len(shown)
        elif piece == "\n":
            x = None  # a line feed's column depends on the terminal's settings: a cursor move must follow
        elif piece[-1] == "m":
            pen = pen_after(pen, piece[2:-1])
        else:  # a cursor move: a row and a column at most
            row, _, column = piece[2:-1].partition(";")
            if ";" in column:
                return None
            x, y = int(column or 1) - 1, int(row or 1) - 1
    if x is None or pen != PLAIN:  # Textual ends a frame on the cursor's place, in the plain pen
        return None
    for runs in rows.values():
        runs.sort(key=lambda run: run.x)
        if any(after.x < before.x + len(before.cells) for before, after in pairwise(runs)):
            return None  # a cell written twice in one frame: Textual does not, so this is not understood
    return Frame(rows, (x, y))


def _move(x: int, y: int) -> str:
    return f"\x1b[{y + 1};{x + 1}H"


class Wire:
    """A copy of what the terminal shows, and the shortest writes that bring it to each new frame."""

    def __init__(self) -> None:
        # By row: what each cell shows and in which pen (None: not known).
        self.screen: dict[int, tuple[list[str | None], list[Pen | None]]] = {}
        self.cursor: tuple[int, int] | None = None
        self._pen = PLAIN  # the pen of the write being made
        # The cells laid over Textual's picture (``lay``), and Textual's own beneath them, by place.
        self.over: dict[tuple[int, int], tuple[str, Pen]] = {}
        self.under: dict[tuple[int, int], tuple[str, Pen]] = {}

    def shown(self, x: int, y: int) -> str | None:
        """What the terminal shows at ``x``, ``y`` as far as this copy knows (None: not known)."""
        shown, _pens = self.screen.get(y, ((), ()))
        return shown[x] if x < len(shown) else None

    def picture(self, regions: Iterable[tuple[int, int, int, int]]) -> str:
        """The writes that draw the cells of ``regions`` (x, y, width, height) as the terminal shows them now, to
        lay them over what Textual draws there next (``lay``): a picture kept as it is. Cells not known, and
        wide or combined characters, are left out."""
        out: list[str] = []
        for x0, y0, width, height in regions:
            for y in range(y0, y0 + height):
                shown, pens = self.screen.get(y, ((), ()))
                pen: Pen | None = None  # none written yet on this run
                for x in range(x0, min(x0 + width, len(shown))):
                    cell, cell_pen = shown[x], pens[x]
                    if cell is None or cell_pen is None or not _steady(cell) or cell_pen.attributes is None:
                        pen = None
                        continue
                    if pen is None:
                        out.append(_move(x, y))
                    if cell_pen != pen:
                        out.append(f"\x1b[0;{cell_pen.codes}m" if cell_pen.codes else "\x1b[0m")
                        pen = cell_pen
                    out.append(cell)
        return "".join(out) + "\x1b[0m" if out else ""

    def forget(self) -> None:
        """The terminal may show anything now (resized, written to by someone else): send the next frame whole."""
        self.screen.clear()
        self.cursor = None
        self.over.clear()  # a resize redraws the whole picture: nothing lies over it any more
        self.under.clear()

    def rewrite(self, data: str) -> str:
        """What to send instead of ``data`` for the same picture: often less, sometimes nothing."""
        if _HARMLESS.fullmatch(data):
            return data
        frame = parse(data)
        if frame is None:
            lifted = self.lay(None) if self.over else ""  # what lay over the picture goes before it is lost
            self.forget()
            return lifted + data
        out: list[str] = []
        self._pen = PLAIN
        for y in sorted(frame.rows):
            runs = frame.rows[y]
            shown, pens = self._row(y, runs[-1].x + len(runs[-1].cells))
            for run in runs:
                for part in self._beside_over(y, run) if self.over else (run,):
                    self._send(out, y, part, shown, pens)
        self._end(out, frame.cursor)
        return "".join(out)

    def lay(self, frame: Frame | None) -> str:
        """What to send to lay ``frame``'s cells over the picture instead of those laid before (None: only
        take those away). The cursor is left where it was.

        A cell is laid only where the terminal's cell is known and narrow: what it covers can always be
        written back, and no wide character is cut in two.
        """
        cursor, out = self.cursor, list[str]()
        self._pen = PLAIN
        new: dict[tuple[int, int], tuple[str, Pen]] = {}
        for y, runs in (frame.rows if frame is not None else {}).items():
            shown, _pens = self.screen.get(y, ((), ()))
            for run in runs:
                for i, cell in enumerate(run.cells):
                    x = run.x + i
                    if not _steady(cell):
                        continue
                    if (x, y) not in self.over:
                        under = shown[x] if x < len(shown) else None
                        if under is None or not _steady(under) or (x + 1 < len(shown) and shown[x + 1] == RIGHT_HALF):
                            continue
                    new[x, y] = (cell, run.pen)
        for place in [place for place in self.over if place not in new]:  # uncovered: as Textual drew them
            cell, pen = self.under.pop(place)
            del self.over[place]
            self._put(out, place, cell, pen)
        for place, (cell, pen) in new.items():
            if place not in self.under:
                shown, pens = self.screen[place[1]]
                self.under[place] = (shown[place[0]], pens[place[0]])  # type: ignore[assignment]  # known: above
            self.over[place] = (cell, pen)
            self._put(out, place, cell, pen)
        if cursor is not None:
            self._end(out, cursor)
        elif self._pen != PLAIN:
            out.append("\x1b[0m")
        return "".join(out)

    def _row(self, y: int, end: int) -> tuple[list[str | None], list[Pen | None]]:
        shown, pens = self.screen.setdefault(y, ([], []))
        if len(shown) <= end:
            shown.extend([None] * (end + 1 - len(shown)))
            pens.extend([None] * (end + 1 - len(pens)))
        return shown, pens

    def _end(self, out: list[str], cursor: tuple[int, int]) -> None:
        if self._pen != PLAIN:
            out.append("\x1b[0m")
        if self.cursor != cursor:
            out.append(_move(*cursor))
        self.cursor = cursor

    def _put(self, out: list[str], place: tuple[int, int], cell: str, pen: Pen) -> None:
        """Write one narrow cell where it is not shown already."""
        x, y = place
        shown, pens = self._row(y, x + 1)
        if shown[x] == cell and pens[x] == pen:
            return
        self._send(out, y, Run(x, [cell], pen), shown, pens)

    def _beside_over(self, y: int, run: Run) -> list[Run]:
        """``run`` less its cells under what is laid over the picture (kept as ``under``, not sent).

        A wide character there is sent, and what lay over its two cells is taken away: a terminal
        would draw it over both.
        """
        over, parts = self.over, []
        start = None
        for i, cell in enumerate(run.cells):
            place = (run.x + i, y)
            wide = i + 1 < len(run.cells) and run.cells[i + 1] == RIGHT_HALF
            if place in over and _steady(cell) and not wide and cell != RIGHT_HALF:
                self.under[place] = (cell, run.pen)
                if start is not None:
                    parts.append(Run(run.x + start, run.cells[start:i], run.pen))
                    start = None
                continue
            if place in over:
                del over[place]
                self.under.pop(place, None)
            if start is None:
                start = i
        if start is not None:
            parts.append(Run(run.x + start, run.cells[start:], run.pen))
        return parts

    def _send(self, out: list[str], y: int, run: Run, shown: list[str | None], pens: list[Pen | None]) -> None:
        """Write what differs of ``run`` from what the row shows, and keep the row as the terminal now shows it."""
        x0, new, pen = run
        end = x0 + len(new)
        if shown[x0:end] == new and pens[x0:end].count(pen) == len(new):
            return  # the commonest case: nothing in it changed
        changed = [i for i, cell in enumerate(new) if shown[x0 + i] != cell or pens[x0 + i] != pen]
        wide = {i - 1 for i in changed if new[i] == RIGHT_HALF}  # a wide character goes out whole
        # Written a stretch at a time: cells side by side, each after one the cursor is sure to follow.
        stretches: list[list[int]] = []
        for i in sorted(wide.union(changed)) if wide else changed:
            if new[i] == RIGHT_HALF:
                continue
            if stretches and stretches[-1][1] == i and _steady(new[i - 1]):
                stretches[-1][1] = i + 1
            else:
                stretches.append([i, i + 1])
        for first, end_of in stretches:
            x = x0 + first
            if self.cursor != (x, y):
                self._reach(out, (x, y), pen, shown, pens)
            if self._pen != pen:
                out.append(self._pen.changed_to(pen))
                self._pen = pen
            out.append("".join(new[first:end_of]))
            self.cursor = (x0 + end_of, y) if _steady(new[end_of - 1]) else None
        # Where a wide character was cut in two, a terminal blanks its other half: not known any more.
        if shown[x0] == RIGHT_HALF and x0 > 0:
            shown[x0 - 1] = None
        if shown[end] == RIGHT_HALF:
            shown[end] = None
        shown[x0:end] = new
        pens[x0:end] = [pen] * len(new)

    def _reach(
        self, out: list[str], to: tuple[int, int], pen: Pen, shown: list[str | None], pens: list[Pen | None]
    ) -> None:
        """Get the cursor to ``to``: over a few unchanged cells by writing them again, if that is shorter."""
        jump = _move(*to)
        x, y = to
        cursor = self.cursor
        if cursor is not None and cursor[1] == y and 0 < x - cursor[0] <= len(jump):
            written, through = [], self._pen
            for column in range(cursor[0], x):
                cell, cell_pen = shown[column], pens[column]
                if cell is None or cell_pen is None or not _steady(cell):
                    break
                written.append(through.changed_to(cell_pen) + cell)
                through = cell_pen
            else:
                filling = len("".join(written)) + len(through.changed_to(pen))
                if filling < len(jump) + len(self._pen.changed_to(pen)):
                    out.extend(written)
                    self.cursor, self._pen = to, through
                    return
        out.append(jump)
        self.cursor = to


_drivers: WeakKeyDictionary[Any, _Wired] = WeakKeyDictionary()  # each app's wired driver, by its app


class _Wired(Driver):
    """A driver that sends Textual's frames through a ``Wire``."""

    def __init__(self, app: App[Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(app, *args, **kwargs)
        self.wire = Wire()
        self._laid: dict[object, Frame] = {}  # what each owner has laid over the picture
        _drivers[app] = self

    def lay(self, data: str | None, *, by: object) -> None:
        """Lay the cells ``data`` writes (cursor moves, colours and text) over Textual's picture, in place
        of those ``by`` laid before; None takes them away. Where two owners' cells meet, the last laid show.
        What is not only cells is not laid: a card goes without a step, the game does not stop."""
        self.lay_frame(parse(data) if data is not None else None, by=by)

    def lay_frame(self, frame: Frame | None, *, by: object) -> None:
        """``lay`` for cells already read (``parse``): a flying card reads its picture once a flight."""
        if self._laid.pop(by, None) is None and frame is None:
            return
        if frame is not None:  # not cells (a control code in them): nothing is laid, and the screen is untouched
            self._laid[by] = frame
        self._lay_all()

    def lift(self, *owners: object) -> None:
        """Take away the cells each of ``owners`` laid, at once (a card that lands and the pile it kept)."""
        if [self._laid.pop(owner, None) for owner in owners] != [None] * len(owners):
            self._lay_all()

    def _lay_all(self) -> None:
        rows: dict[int, list[Run]] = {}
        for laid in self._laid.values():
            for y, runs in laid.rows.items():
                rows.setdefault(y, []).extend(runs)
        if out := self.wire.lay(Frame(rows, (0, 0)) if rows else None):
            super().write(out)  # type: ignore[safe-super]

    def picture(self, regions: Iterable[tuple[int, int, int, int]]) -> str:
        """The cells of ``regions`` as the terminal shows them now (``Wire.picture``), to ``lay``."""
        return self.wire.picture(regions)

    def write(self, data: str) -> None:
        # super(): the driver this is mixed into (``wired``), not Driver's abstract write.
        if self.is_inline:  # an inline app moves the cursor relatively: not what a Wire reads
            super().write(data)  # type: ignore[safe-super]
            return
        if data := self.wire.rewrite(data):
            super().write(data)  # type: ignore[safe-super]


@cache
def wired(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class``, writing to the terminal through a ``Wire`` (the app's resizes must ``forget`` it)."""
    if issubclass(driver_class, _Wired):
        return driver_class
    return type(f"Wired{driver_class.__name__}", (_Wired, driver_class), {"__module__": __name__})


class Overlay(Protocol):
    def lay(self, data: str | None, *, by: object) -> None: ...

    def lay_frame(self, frame: Frame | None, *, by: object) -> None: ...

    def lift(self, *owners: object) -> None: ...

    def picture(self, regions: Iterable[tuple[int, int, int, int]]) -> str: ...


def overlay_of(app: App[Any]) -> Overlay | None:
    """The driver that can lay cells over ``app``'s picture (``_Wired.lay``), if it writes through a ``Wire``."""
    driver = _drivers.get(app)
    return None if driver is None or driver.is_inline else driver


def forget_screen(driver: Driver | None) -> None:
    """After a resize: the terminal may have redrawn or cleared itself, so the next frame goes out whole."""
    if isinstance(driver, _Wired):
        driver.wire.forget()
