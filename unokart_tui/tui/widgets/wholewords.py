"""Text that wraps between whole names only: a card's or an item's name, a key with its use.

Rich and Textual break a line at any space, the no-break space too (``\\s`` matches it). Found in
play in Dutch: a hint wrapped "bewaar de Wild Draw" / "Four voor later", and the guide's keys
"PgUp/Dn denník · q" / "odchod". A ``WholeText`` knows the spans it must keep on one line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.containers import Lines
from rich.measure import Measurement
from rich.text import Text

from ...voice.cards import name_spans

_UNITS = re.compile(r" +|[^ ]+")


def whole_breaks(text: str, width: int, kept: Iterable[tuple[int, int]]) -> list[int]:
    """Where ``text`` starts a new line at ``width`` cells: at a space outside every ``kept`` span.

    A kept span longer than a whole line is cut at the width, as it must be.
    """
    inside = [(start, end) for start, end in kept if end > start]
    breaks: list[int] = []
    line_start = 0
    word_start: int | None = None
    words: list[tuple[int, int]] = []
    for unit in _UNITS.finditer(text):
        start, end = unit.span()
        if unit.group()[0] == " " and not any(a < start < b for a, b in inside):
            if word_start is not None:
                words.append((word_start, start))
            word_start = None
        elif word_start is None:
            word_start = start
    if word_start is not None:
        words.append((word_start, len(text)))
    for start, end in words:
        if end - line_start > width and start > line_start:
            breaks.append(start)
            line_start = start
        while end - line_start > width:
            line_start += width
            breaks.append(line_start)
    return breaks


class WholeText(Text):
    """A ``Text`` whose ``kept`` spans never break across lines (one paragraph, no newline)."""

    kept: tuple[tuple[int, int], ...] = ()

    @classmethod
    def keeping(cls, text: Text, kept: Iterable[tuple[int, int]]) -> WholeText:
        whole = cls(text.plain, style=text.style, spans=list(text.spans), end=text.end)
        whole.kept = tuple(kept)
        return whole

    def wrap(self, console: Console, width: int, **options: object) -> Lines:
        if not self.kept or options.get("no_wrap") or "\n" in self.plain:
            return super().wrap(console, width, **options)  # type: ignore[arg-type]
        lines = Lines()
        for piece in self.divide(whole_breaks(self.plain, width, self.kept)):
            piece.rstrip()
            lines.append(piece)
        return lines

    def visualize(self) -> WholeLines:
        # Textual turns a plain ``Text`` into its own content, wrapped at every space, and measures a Rich
        # ``Text``'s height by wrapping its plain copy: one line short when this wrap needs one more (found in
        # play, nl at 80x24: the help lost its last key line). Drawn and measured through Rich, it is one height.
        return WholeLines(self)


class WholeLines:
    """A ``WholeText`` as Textual sees it: a Rich renderable that is no ``Text``, so it is measured as drawn."""

    def __init__(self, text: WholeText) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        return self.text.__rich_console__(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return self.text.__rich_measure__(console, options)


def names_kept(text: Text, also: Iterable[tuple[int, int]] = ()) -> WholeText:
    """``text`` with every card and item name in it (and the spans ``also``) kept on one line."""
    return WholeText.keeping(text, [*name_spans(text.plain), *also])
