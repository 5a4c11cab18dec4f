"""How a card is drawn on screen: one face, everywhere.

Its words, the short form (``R7``, ``B⇄``) and the long form (``Red 7``), are the voice's
(``voice/cards.py``, any language); they are imported here for the widgets that write them.

A card's face (``card_art``) is its outline, the short form in the corner with the
item's symbol (K3), the rank three lines high when there is room, and the colour's word
or, on a wild card, the four colours' marks. Each piece has a role ("face", "rank",
"edge", a colour's name...) that the widget drawing it turns into a style, so the face
is built and tested without Textual.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from unokart_tui.engine import Card

from ...glyphs import Edges, Glyphs, big_rank
from ...voice.cards import COLOR_CLASS, cards, color_class, color_label, color_letter, hand_order, long, short

# The words of a card come from the voice (any language); the faces are drawn here.
__all__ = [
    "COLOR_CLASS",
    "Art",
    "Span",
    "back_art",
    "card_art",
    "cards",
    "color_class",
    "fan",
    "hand_order",
    "long",
    "narrow_art",
    "short",
]

# A wild card's outline shows the four colours, one a quarter: a wild is told from afar.
QUARTERS = ("red", "yellow", "green", "blue")


# ---------------------------------------------------------------------- faces


class Span(NamedTuple):
    text: str
    role: str  # "face", "rank", "edge", "back", or a colour's class ("red"...) for a mark in that colour


Art = tuple[tuple[Span, ...], ...]  # lines of spans, each line ``width`` cells

OUTLINES = ("edges", "selected", "unplayable", "selected-unplayable")


def _outline(glyphs: Glyphs, outline: str) -> Edges:
    return {
        "edges": glyphs.edges,
        "selected": glyphs.selected,
        "unplayable": glyphs.unplayable,
        "selected-unplayable": glyphs.selected_unplayable,
    }[outline]


def _centre(text: str, width: int) -> str:
    return f"{text[:width]:^{width}}"


def _inner(
    card: Card, glyphs: Glyphs, width: int, height: int, *, caption: str, words: tuple[str, str, str]
) -> list[tuple[Span, ...]]:
    """The face inside the outline: ``height`` lines of ``width`` cells.

    ``words``: the short form in the corner, the colour's word and its letter.
    """
    corner, colour, letter = words
    item = glyphs.items[card.item]
    if height == 1:
        return [(Span(_centre(corner, width), "face"),)]
    rows: list[tuple[Span, ...]] = []
    if width >= len(corner) + 2:
        rows.append((Span(corner, "face"), Span(" " * (width - len(corner) - 1), "face"), Span(item, "face")))
    else:
        rows.append((Span(_centre(corner, width), "face"),))
    if card.color is None:
        word: tuple[Span, ...] = _marks(glyphs, width)
    else:
        name = colour.upper()
        word = (Span(_centre(name if len(name) <= width else letter, width), "face"),)
    if height < 4:  # no room for the rank drawn big: the colour's word under the corner, the caption under it
        rows.append(word)
        rows.append((Span(_centre(caption, width), "face"),))
        return rows[:height]
    if caption:
        word = (Span(_centre(caption, width), "face"),)
    big = big_rank(card.rank, glyphs)
    rows += [(Span(_centre(line, width), "rank"),) for line in big]
    tail: list[tuple[Span, ...]] = []
    if height >= 5:
        tail.append(word)
    if height >= 6:  # the opposite corner, as on a real card
        tail.append((Span(item, "face"), Span(" " * (width - len(corner) - 1), "face"), Span(corner, "face")))
    blank = (Span(" " * width, "face"),)
    spare = height - len(rows) - len(tail)  # a tall card: the rank in the middle, as printed cards have it
    rows[1:1] = [blank] * (spare // 2)
    rows += [blank] * (spare - spare // 2) + tail
    return rows


def _marks(glyphs: Glyphs, width: int) -> tuple[Span, ...]:
    """The four colours' marks, spaced out when there is room."""
    gap = 1 if width >= 7 else 0
    used = 4 + 3 * gap
    if used > width:
        return (Span(_centre("W", width), "face"),)
    spans = [Span(" " * ((width - used) // 2), "face")]
    for index, role in enumerate(QUARTERS):
        spans.append(Span(glyphs.marks[index], role))
        if gap and index < 3:
            spans.append(Span(" ", "face"))
    spans.append(Span(" " * (width - used - (width - used) // 2), "face"))
    return tuple(spans)


def _edge_roles(wild: bool, length: int, first: str, second: str) -> list[tuple[int, str]]:
    """An outline's run of ``length`` cells in one role, or, on a wild card, in two colours' halves."""
    if not wild:
        return [(length, "edge")]
    half = length // 2
    return [(half, first), (length - half, second)]


def card_art(
    card: Card,
    glyphs: Glyphs,
    width: int,
    height: int,
    *,
    outline: str = "edges",
    caption: str = "",
    item_in_edge: bool = False,
) -> Art:
    """A card ``width`` cells wide and ``height`` lines high (3 at least), outline included.

    ``caption`` goes under the colour's word (the compact table's "by Mario", "☽ Banana");
    ``item_in_edge`` writes the item's symbol in the top line, for a face too small for it.
    """
    # The words are looked up now, in the reader's language, and are part of the cached face's key.
    words = (short(card, glyphs), "" if card.color is None else color_label(card.color), color_letter(card.color))
    return _card_art(
        card, glyphs, width, height, outline=outline, caption=caption, item_in_edge=item_in_edge, words=words
    )


@lru_cache(maxsize=4096)
def _card_art(
    card: Card,
    glyphs: Glyphs,
    width: int,
    height: int,
    *,
    outline: str,
    caption: str,
    item_in_edge: bool,
    words: tuple[str, str, str],
) -> Art:
    edges = _outline(glyphs, outline)
    wild = card.color is None
    inner = _inner(card, glyphs, width - 2, height - 2, caption=caption, words=words)
    top_text = edges.line(width, bottom=False)
    if item_in_edge and width >= 5:
        top_text = top_text[: width - 2] + glyphs.items[card.item] + top_text[-1]
    lines: list[tuple[Span, ...]] = [_split(top_text, _edge_roles(wild, width, "red", "yellow"))]
    upper = (height - 2 + 1) // 2
    for index, row in enumerate(inner):
        left, right = ("red", "yellow") if index < upper else ("green", "blue")
        lines.append((Span(edges.side, left if wild else "edge"), *row, Span(edges.side, right if wild else "edge")))
    lines.append(_split(edges.line(width, bottom=True), _edge_roles(wild, width, "green", "blue")))
    return tuple(lines)


def _split(text: str, runs: list[tuple[int, str]]) -> tuple[Span, ...]:
    spans, start = [], 0
    for length, role in runs:
        spans.append(Span(text[start : start + length], role))
        start += length
    return tuple(spans)


@lru_cache(maxsize=256)
def back_art(glyphs: Glyphs, width: int, height: int, label: str = "UNO") -> Art:
    """A card's back: its outline, the pattern, and ``label`` across the middle."""
    edges = glyphs.edges
    lines: list[tuple[Span, ...]] = [(Span(edges.line(width, bottom=False), "edge"),)]
    inner = width - 2
    middle = (height - 2) // 2
    for row in range(height - 2):
        fill = glyphs.back * inner
        if row == middle and len(label) + 2 <= inner:
            start = (inner - len(label)) // 2
            body: tuple[Span, ...] = (
                Span(fill[: start - 1] + " ", "back"),
                Span(label, "face"),
                Span(" " + fill[start + len(label) + 1 :], "back"),
            )
        else:
            body = (Span(fill, "back"),)
        lines.append((Span(edges.side, "edge"), *body, Span(edges.side, "edge")))
    lines.append((Span(edges.line(width, bottom=True), "edge"),))
    return tuple(lines)


def narrow_art(art: Art, width: int) -> Art:
    """A card seen edge-on while it turns over: its left and right ends, ``width`` cells in all (2 at least)."""
    width = max(width, 2)
    result = []
    for line in art:
        text = "".join(span.text for span in line)
        roles = [span.role for span in line for _ in span.text]
        left = width // 2
        keep = list(range(left)) + list(range(len(text) - (width - left), len(text)))
        result.append(tuple(Span(text[i], roles[i]) for i in keep))
    return tuple(result)


def fan(count: int, glyphs: Glyphs, width: int) -> tuple[str, str]:
    """A hand of ``count`` backs in ``width`` cells, two lines: each card's edge and the last card whole.

    The number of cards is written beside it, so what does not fit is still counted.
    """
    number = f" {count}"
    last_top, last_bottom = glyphs.fan[2], glyphs.fan[3]
    if count == 0:
        return "", ""
    room = max(width - len(number) - len(last_top), 0)
    edges = min(count - 1, room)
    return glyphs.fan[0] * edges + last_top + number, glyphs.fan[1] * edges + last_bottom
