"""Numbers as the reader's language writes them: ``1.5`` in English, ``1,5`` in Slovak and Dutch.

The game needs only the standard library at run time, and Python's ``locale`` module follows the
process's locale, not the language a player chose (one host speaks many): so the two marks that
differ are words of the catalog, looked up in the context's language like any other.
"""

from __future__ import annotations

from . import pgettext


def number(value: float) -> str:
    """``value`` as ``format(value, "g")`` writes it, with the language's decimal mark: ``1.5`` → ``1,5``."""
    text = format(value, "g")
    mark = pgettext("decimal mark", ".")
    return text.replace(".", mark) if mark != "." else text


def percent(fraction: float) -> str:
    """A fraction as a whole percentage: ``0.45`` → ``45%`` (Slovak writes ``45 %``)."""
    return pgettext("a percentage", "{number}%").format(number=f"{fraction * 100:.0f}")


__all__ = ["number", "percent"]
