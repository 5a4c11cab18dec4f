"""Border titles set only when they change.

Textual repaints a whole widget whenever its border title or subtitle is set, even to the
same words: the game table set the players' panel's, the felt's and the table's after every
move, and the terminal received those panels again each time (docs/performance.md).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from rich.text import Text
from textual.widget import Widget

_Title = str | Text | None

_given: WeakKeyDictionary[Widget, dict[str, tuple[object, ...]]] = WeakKeyDictionary()


def _key(title: _Title) -> tuple[object, ...]:
    # rich's Text compares its characters and spans but not its own style: the style is part of a title's look.
    if isinstance(title, Text):
        return ("text", title.plain, str(title.style), tuple(title.spans))
    return ("str", title)


def _set(widget: Widget, side: str, title: _Title) -> bool:
    given = _given.setdefault(widget, {})
    key = _key(title)
    if given.get(side) == key:
        return False
    given[side] = key
    setattr(widget, side, title)
    return True


def set_border_title(widget: Widget, title: _Title) -> bool:
    """Set ``widget``'s border title unless it already shows ``title``; whether it was set."""
    return _set(widget, "border_title", title)


def set_border_subtitle(widget: Widget, subtitle: _Title) -> bool:
    """Set ``widget``'s border subtitle unless it already shows ``subtitle``; whether it was set."""
    return _set(widget, "border_subtitle", subtitle)
