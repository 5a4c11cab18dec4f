"""One voice: every sentence a player reads is looked up here.

Strings are marked the gettext way: ``_("You draw a card.")``, ``ngettext("{n} card", "{n}
cards", n)``, whole sentences with named placeholders filled in *after* the lookup, so that a
translator can reorder them. The translation in use is a context variable rather than a global:
one host process serves many players, each in their own language, and each game runs in its own
task (``asyncio`` copies the context when a task starts). A context that chose nothing speaks the
process's language (``use_process_language``): the game has one player, and Textual runs each
screen in a task of its own, so a language chosen in Settings must hold for screens not yet
made. Catalogs are compiled ``.mo`` files under
``voice/locale`` and are read with the standard library only; until one is chosen the words are
the English in the code.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from .language import ENGLISH

DOMAIN = "unokart"
LOCALE_DIR = Path(__file__).parent / "locale"

_ENGLISH = gettext.NullTranslations()
# None: this context chose no language, and speaks the process's.
_current: ContextVar[gettext.NullTranslations | None] = ContextVar("unokart_translation", default=None)


class _Process:
    """The language of every context that chose none (a class attribute: no ``global`` statement)."""

    translation: gettext.NullTranslations = _ENGLISH


def _translation() -> gettext.NullTranslations:
    return _current.get() or _Process.translation


@cache  # one object per language: a screen compares the voice it was drawn in with the one in use
def _catalog(code: str | None) -> gettext.NullTranslations:
    if code is None or code == ENGLISH:  # the words in the code: no catalog to look for
        return _ENGLISH
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


def use_language(code: str | None) -> None:
    """Speak ``code`` (``"sk"``, ``"nl"``) in this context from now on; None or an unknown code: English."""
    _current.set(_catalog(code))


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Speak ``code`` in this context until the block ends (a callback of one player's session)."""
    token = _current.set(_catalog(code))
    try:
        yield
    finally:
        _current.reset(token)


def voice_in_use() -> gettext.NullTranslations:
    """The catalog this context speaks now: kept by a screen that stays in the language it was drawn in."""
    return _translation()


@contextmanager
def speaking_voice(voice: gettext.NullTranslations) -> Iterator[None]:
    """Speak ``voice`` (from ``voice_in_use``) in this context until the block ends."""
    token = _current.set(voice)
    try:
        yield
    finally:
        _current.reset(token)


def follow_process_language() -> None:
    """This context chooses no language of its own from now on: it speaks the process's."""
    _current.set(None)


def use_process_language(code: str | None) -> None:
    """Speak ``code`` in every context that chose no language of its own; None or an unknown code: English."""
    _Process.translation = _catalog(code)


def _(message: str) -> str:
    """The sentence ``message`` in the language of this context."""
    return _translation().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that fits the count ``n`` (Slovak has three)."""
    return _translation().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English word needs different translations (``"colour"``, ``"Red"``)."""
    return _translation().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context: a count whose sentence needs other words in another place."""
    return _translation().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet (tables built at import time)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` for the catalog with its ``context``; look it up later with ``pgettext(context, message)``."""
    return message


__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "NC_",
    "N_",
    "_",
    "follow_process_language",
    "ngettext",
    "npgettext",
    "pgettext",
    "speaking",
    "speaking_voice",
    "use_language",
    "use_process_language",
    "voice_in_use",
]
