"""The names of keys that are words ("space", "esc"), in the player's language.

Found in play (sk/nl): the key bar read "space Prepni" and "space Wisselen". A key written with a
symbol ("⏎", "←") or a letter stays as it is.
"""

from __future__ import annotations

from . import pgettext


def key_name(shown: str) -> str:
    """``shown``, a key as Textual writes it (or its own name in ASCII), in the player's language."""
    names = {
        "space": pgettext("a key's name", "space"),
        "enter": pgettext("a key's name", "enter"),
        "esc": pgettext("a key's name", "esc"),
        "escape": pgettext("a key's name", "esc"),
        "tab": pgettext("a key's name", "tab"),
        "backspace": pgettext("a key's name", "backspace"),
        "del": pgettext("a key's name", "del"),
        "delete": pgettext("a key's name", "del"),
        "home": pgettext("a key's name", "home"),
        "end": pgettext("a key's name", "end"),
        "insert": pgettext("a key's name", "insert"),
        "left": pgettext("a key's name", "left"),
        "right": pgettext("a key's name", "right"),
        "up": pgettext("a key's name", "up"),
        "down": pgettext("a key's name", "down"),
    }
    return names.get(shown, shown)
