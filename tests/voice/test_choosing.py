"""Which language the game speaks: the setting, then UNOKART_LANG, then LC_ALL, LC_MESSAGES, LANG."""

from __future__ import annotations

import contextvars

import pytest

from unokart_tui.settings import Settings, load_settings, save_settings, settings_path
from unokart_tui.voice import _, use_language, use_process_language
from unokart_tui.voice.language import LANGUAGE_CHOICES, choose_language, language_of_locale, spoken

KNOWN = "Your name:"  # serve/prompt.py's question, translated in both catalogs


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("sk_SK.UTF-8", "sk"),
        ("sk", "sk"),
        ("nl_BE.UTF-8@euro", "nl"),
        ("nl-NL", "nl"),
        ("en_GB.UTF-8", "en"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("de_DE.UTF-8", "en"),  # a language the game does not speak
        ("", "en"),
    ],
)
def test_a_locale_names_its_language(locale, language):
    assert language_of_locale(locale) == language


def test_only_a_spoken_language_is_spoken():
    assert spoken("sk_SK.UTF-8") == "sk"
    assert spoken("cs_CZ.UTF-8") is None
    assert spoken("C") is None


def test_the_setting_wins_over_the_environment():
    environ = {"UNOKART_LANG": "nl", "LC_ALL": "nl_NL.UTF-8", "LANG": "nl_NL.UTF-8"}
    assert choose_language("sk", environ) == "sk"
    assert choose_language("en", environ) == "en"


def test_automatic_takes_unokart_lang_before_the_locale():
    assert choose_language("auto", {"UNOKART_LANG": "sk", "LC_ALL": "nl_NL.UTF-8"}) == "sk"
    assert choose_language("auto", {"UNOKART_LANG": "nl_BE.UTF-8", "LANG": "sk_SK.UTF-8"}) == "nl"


def test_unokart_lang_is_a_list_of_wishes_and_the_first_spoken_wins():
    assert choose_language("auto", {"UNOKART_LANG": "cs:sk:nl", "LANG": "nl_NL.UTF-8"}) == "sk"
    # None of them spoken: the locale decides, as if UNOKART_LANG were not set.
    assert choose_language("auto", {"UNOKART_LANG": "cs:de", "LANG": "nl_NL.UTF-8"}) == "nl"
    assert choose_language("auto", {"UNOKART_LANG": "", "LANG": "nl_NL.UTF-8"}) == "nl"


def test_unokart_lang_english_is_english_whatever_the_locale():
    assert choose_language("auto", {"UNOKART_LANG": "en", "LANG": "sk_SK.UTF-8"}) == "en"


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LC_ALL": "sk_SK.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8", "LANG": "nl_NL.UTF-8"}, "sk"),
        ({"LC_MESSAGES": "nl_NL.UTF-8", "LANG": "sk_SK.UTF-8"}, "nl"),
        ({"LANG": "sk_SK.UTF-8"}, "sk"),
        ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "nl_NL.UTF-8"}, "nl"),  # set but empty: not set
        # The first one set decides, even when it names a language the game does not speak (POSIX).
        ({"LC_ALL": "C", "LANG": "sk_SK.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "sk_SK.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_in_posix_order(environ, language):
    assert choose_language("auto", environ) == language


def test_the_language_setting_is_saved_and_checked():
    save_settings(Settings(language="nl"))
    assert load_settings() == (Settings(language="nl"), None)
    settings_path().write_text("language = 'klingon'\n")
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None and "language must be one of auto, en, sk, nl, not 'klingon'" in problem
    assert LANGUAGE_CHOICES == ("auto", "en", "sk", "nl")


def test_the_process_language_is_spoken_where_no_context_chose():
    use_process_language("sk")
    assert _(KNOWN) != KNOWN
    # A task or a screen made later has no language of its own: it speaks the process's.
    assert contextvars.Context().run(_, KNOWN) == _(KNOWN)


def test_a_context_that_chose_english_stays_english_in_a_slovak_process():
    use_process_language("sk")
    slovak = _(KNOWN)

    def in_english() -> str:
        use_language(None)
        return _(KNOWN)

    assert contextvars.copy_context().run(in_english) == KNOWN
    assert _(KNOWN) == slovak
