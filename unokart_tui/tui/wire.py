"""What goes to the terminal: the cells a frame changed, each colour written once (issue 36).

Textual sends every cell of every region it repaints, and each run of one style with its whole
colour codes and a reset after it. Measured at 80x24 during bots' moves (docs/performance.md):
two thirds of the cells it sent already showed on the terminal, and colour codes were 59 % of the
bytes. ``Wire`` keeps a copy of what the terminal shows and rewrites each frame Textual writes to
the same picture in fewer bytes: only the cells that differ, and a colour code only where the
colour changes (and then only the part that changes).

It rewrites only what it understands whole: a frame of cursor moves, colour codes and printable
characters, which is all Textual's screen updates hold. Anything else (the alternate screen,
a bell, a link, a frame cut in pieces) goes out as it came and the copy is forgotten, so the next
frame goes out whole; a resize forgets it too (``forget``), as the terminal may have redrawn.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any, NamedTuple

from rich.cells import cell_len
from textual.driver import Driver

# One token of a frame: a cursor move, a colour code, a line feed, printable text, or anything else.
_TOKEN = re.compile(
    r"\x1b\[(\d*)(?:;(\d*))?H|\x1b\[([0-9;]*)m|(\n)|([^\x00-\x1f\x7f-\x9f\x1b]+)|(.)",
    re.DOTALL,
)
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


class Cell(NamedTuple):
    text: str  # "" for the right half of a wide character
    width: int  # 0 for the right half of a wide character
    pen: Pen


RIGHT_HALF = Cell("", 0, PLAIN)  # compared as one: a wide character's change is its left half's


def _steady(text: str, width: int) -> bool:
    """Whether terminals agree on where the cursor is after ``text``: not after a wide or combined character."""
    return width == 1 and (len(text) == 1 or not any(unicodedata.combining(char) for char in text[1:]))


def _cells(text: str, pen: Pen) -> list[Cell] | None:
    """The cells ``text`` fills; None if it starts with a character of no width (nothing to join it to)."""
    cells: list[Cell] = []
    for char in text:
        width = cell_len(char)
        if width == 0:
            if not cells:
                return None
            last = cells.pop()
            cells.append(last._replace(text=last.text + char))
        else:
            cells.append(Cell(char, width, pen))
            if width == 2:
                cells.append(RIGHT_HALF)
    return cells


class Frame(NamedTuple):
    rows: dict[int, dict[int, Cell]]  # the cells written, by row and column
    cursor: tuple[int, int]  # where the cursor is left


def parse(data: str) -> Frame | None:
    """The cells a write sets and where it leaves the cursor; None if it holds anything else."""
    rows: dict[int, dict[int, Cell]] = {}
    pen = PLAIN
    x: int | None = None
    y = 0
    for match in _TOKEN.finditer(data):
        row, column, sgr, newline, text, other = match.groups()
        if text is not None:
            cells = _cells(text, pen) if x is not None else None
            if x is None or cells is None:
                return None
            line = rows.setdefault(y, {})
            for cell in cells:
                if x in line:  # written twice in one frame: Textual does not, so this is not understood
                    return None
                line[x] = cell
                x += 1
        elif sgr is not None:
            pen = pen_after(pen, sgr)
        elif newline is not None:
            x = None  # a line feed's column depends on the terminal's settings: a cursor move must follow
        elif other is not None:
            return None
        else:
            x, y = int(column or 1) - 1, int(row or 1) - 1
    if x is None or pen != PLAIN:  # Textual ends a frame on the cursor's place, in the plain pen
        return None
    return Frame(rows, (x, y))


def _move(x: int, y: int) -> str:
    return f"\x1b[{y + 1};{x + 1}H"


class Wire:
    """A copy of what the terminal shows, and the shortest writes that bring it to each new frame."""

    def __init__(self) -> None:
        self.screen: dict[int, dict[int, Cell]] = {}
        self.cursor: tuple[int, int] | None = None

    def forget(self) -> None:
        """The terminal may show anything now (resized, written to by someone else): send the next frame whole."""
        self.screen.clear()
        self.cursor = None

    def rewrite(self, data: str) -> str:
        """What to send instead of ``data`` for the same picture: often less, sometimes nothing."""
        if _HARMLESS.fullmatch(data):
            return data
        frame = parse(data)
        if frame is None:
            self.forget()
            return data
        out: list[str] = []
        pen = PLAIN
        cursor = self.cursor
        for y in sorted(frame.rows):
            new = frame.rows[y]
            old = self.screen.setdefault(y, {})
            changed = {x for x, cell in new.items() if old.get(x) != cell}
            changed.update([x - 1 for x in changed if new[x].width == 0])  # a wide character goes out whole
            for x in sorted(changed):
                cell = new[x]
                if cell.width == 0:
                    continue
                if cursor != (x, y):
                    cursor, pen = self._reach(out, cursor, pen, (x, y), old=old, new=new)
                out.append(pen.changed_to(cell.pen))
                out.append(cell.text)
                pen = cell.pen
                cursor = (x + cell.width, y) if _steady(cell.text, cell.width) else None
            self._keep(old, new)
        if pen != PLAIN:
            out.append("\x1b[0m")
        if cursor != frame.cursor:
            out.append(_move(*frame.cursor))
        self.cursor = frame.cursor
        return "".join(out)

    @staticmethod
    def _reach(
        out: list[str],
        cursor: tuple[int, int] | None,
        pen: Pen,
        to: tuple[int, int],
        *,
        old: dict[int, Cell],
        new: dict[int, Cell],
    ) -> tuple[tuple[int, int], Pen]:
        """Get the cursor to ``to``: over a few unchanged cells by writing them again, if that is shorter."""
        jump = _move(*to)
        x, y = to
        if cursor is not None and cursor[1] == y and 0 < x - cursor[0] <= len(jump):
            written, through = [], pen
            for column in range(cursor[0], x):
                cell = new.get(column) or old.get(column)
                if cell is None or not _steady(cell.text, cell.width):
                    break
                written.append(through.changed_to(cell.pen) + cell.text)
                through = cell.pen
            else:
                target = new[x].pen
                if len("".join(written)) + len(through.changed_to(target)) < len(jump) + len(pen.changed_to(target)):
                    out.extend(written)
                    return to, through
        out.append(jump)
        return to, pen

    @staticmethod
    def _keep(old: dict[int, Cell], new: dict[int, Cell]) -> None:
        """The row as the terminal now shows it: where a wide character was cut in two, its other half is unknown."""
        old.update(new)
        for x, cell in new.items():
            if x - 1 not in new and old.get(x - 1, RIGHT_HALF).width == 2 and cell.width != 0:
                del old[x - 1]
            end = x + max(cell.width, 1)
            if end not in new and old.get(end) == RIGHT_HALF:
                del old[end]


class _Wired(Driver):
    """A driver that sends Textual's frames through a ``Wire``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.wire = Wire()

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


def forget_screen(driver: Driver | None) -> None:
    """After a resize: the terminal may have redrawn or cleared itself, so the next frame goes out whole."""
    if isinstance(driver, _Wired):
        driver.wire.forget()
