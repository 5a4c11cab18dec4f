"""The operator's log is in English, whatever language a player reads."""

from __future__ import annotations

import contextvars
from collections.abc import Callable

from ..voice import use_language


def in_english(words: Callable[[], str]) -> str:
    """``words`` (a sentence looked up through the voice) as the English in the code, for the log."""
    return contextvars.copy_context().run(_english, words)


def _english(words: Callable[[], str]) -> str:
    use_language(None)  # in a copy of the context: the caller's language stays as it was
    return words()
