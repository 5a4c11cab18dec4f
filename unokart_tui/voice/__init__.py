"""One voice: every sentence a player reads is looked up here.

Strings are marked the gettext way: ``_("You draw a card.")``, ``ngettext("{n} card", "{n}
cards", n)``, whole sentences with named placeholders filled in *after* the lookup, so that a
translator can reorder them. The translation in use is a context variable rather than a global:
one host process serves many players, each in their own language, and each game runs in its own
task (``asyncio`` copies the context when a task starts). Catalogs are compiled ``.mo`` files under
``voice/locale`` and are read with the standard library only; until one is chosen the words are
the English in the code.
"""

from __future__ import annotations

import gettext
from contextvars import ContextVar
from pathlib import Path

DOMAIN = "unokart"
LOCALE_DIR = Path(__file__).parent / "locale"

_ENGLISH = gettext.NullTranslations()
_current: ContextVar[gettext.NullTranslations | None] = ContextVar("unokart_translation", default=None)


def _translation() -> gettext.NullTranslations:
    return _current.get() or _ENGLISH


def use_language(code: str | None) -> None:
    """Speak ``code`` (``"sk"``, ``"nl"``) in this context from now on; None or an unknown code: English."""
    if code is None:
        _current.set(None)
        return
    _current.set(gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True))


def _(message: str) -> str:
    """The sentence ``message`` in the language of this context."""
    return _translation().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that fits the count ``n`` (Slovak has three)."""
    return _translation().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English word needs different translations (``"colour"``, ``"Red"``)."""
    return _translation().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet (tables built at import time)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` for the catalog with its ``context``; look it up later with ``pgettext(context, message)``."""
    return message


__all__ = ["DOMAIN", "LOCALE_DIR", "NC_", "N_", "_", "ngettext", "pgettext", "use_language"]
