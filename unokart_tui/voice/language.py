"""Which language the game speaks: the setting, else ``UNOKART_LANG``, else the locale, else English.

One function decides it (``choose_language``), from the *Language* setting and an environment,
so that the command line, the app and ``unokart serve`` (which gives each game an environment of
its own) all decide alike. Standard library only: the command line decides before Textual loads.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

ENGLISH = "en"
AUTOMATIC = "auto"
# Each language named in itself: a player who cannot read the current one still finds their own.
LANGUAGES = {ENGLISH: "English", "sk": "Slovenčina", "nl": "Nederlands"}
LANGUAGE_CHOICES = (AUTOMATIC, *LANGUAGES)
# POSIX's order: LC_ALL overrides LC_MESSAGES, which overrides LANG; the first one set decides.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
_LANGUAGE_PART = re.compile(r"[A-Za-z]+")


def spoken(locale: str) -> str | None:
    """The language a locale name speaks, if the game speaks it: ``sk_SK.UTF-8`` → ``sk``; ``de_DE``, ``C``: None."""
    letters = _LANGUAGE_PART.match(locale.strip())  # the letters before "_", "-", "." or "@"
    code = letters.group().lower() if letters else ""
    return code if code in LANGUAGES else None


def language_of_locale(locale: str) -> str:
    """The language to speak under a locale: ``sk_SK.UTF-8`` → ``sk``; ``C``, ``POSIX`` and the rest: English."""
    return spoken(locale) or ENGLISH


def choose_language(setting: str, environ: Mapping[str, str]) -> str:
    """The language to speak: ``setting`` unless it is ``auto``, then ``UNOKART_LANG``, then the locale.

    ``UNOKART_LANG`` is a language (``sk``) or a locale (``sk_SK.UTF-8``), or several separated by
    colons as in GNU's ``LANGUAGE`` (``cs:sk``): the first the game speaks wins, and if it speaks
    none of them the locale decides.
    """
    if setting in LANGUAGES:
        return setting
    for wanted in environ.get("UNOKART_LANG", "").split(":"):
        code = spoken(wanted)
        if code is not None:
            return code
    for variable in LOCALE_VARIABLES:
        locale = environ.get(variable, "")
        if locale:
            return language_of_locale(locale)
    return ENGLISH


__all__ = ["AUTOMATIC", "ENGLISH", "LANGUAGES", "LANGUAGE_CHOICES", "choose_language", "language_of_locale", "spoken"]
