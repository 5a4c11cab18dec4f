"""A catalog that shows which context each message was looked up in: ``«context»message``.

A new context's message has no translation until the lead translates it, so a test in Slovak could
not tell it from the old message; this catalog tells them apart in any language.
"""

from __future__ import annotations

import gettext


class ContextMarking(gettext.NullTranslations):
    def pgettext(self, context: str, message: str) -> str:
        return f"«{context}»{message}"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return f"«{context}»{singular if n == 1 else plural}"


def marked(context: str, message: str) -> str:
    return f"«{context}»{message}"


class EveryMarking(ContextMarking):
    """Marks every message looked up, with or without a context: ``«»message`` for one without."""

    def gettext(self, message: str) -> str:
        return f"«»{message}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"«»{singular if n == 1 else plural}"
