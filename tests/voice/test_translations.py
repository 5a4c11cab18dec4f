"""The Slovak and Dutch catalogs can be trusted: complete, not fuzzy, every placeholder kept, compiled.

These guard every translation to come: a message left empty or fuzzy, a ``{name}`` a translation
drops or misspells, a plural with the wrong number of forms, or a ``.po`` edited without compiling
its ``.mo`` (the game reads only the ``.mo``, with the standard library) fails here.
"""

from __future__ import annotations

import contextvars
import gettext
import io
import re
import string
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from unokart_tui.serve.players import NAME_LIMIT, check_name
from unokart_tui.serve.prompt import NamePrompt
from unokart_tui.voice import LOCALE_DIR, _, ngettext, use_language

from .extraction import marked_messages

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("sk", "nl")
# Every message of the game is translated into every language: a new sentence without its
# translations fails here (docs/languages.md says how to update the catalogs).
TRANSLATED_WHOLE = ("unokart_tui/",)
PLURALS = {"sk": 3, "nl": 2}


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / "unokart.po"


def spoken(language: str, words: Callable[[], str]) -> str:
    """``words`` looked up in ``language``, in a context of its own: the test's stays as it was."""

    def run() -> str:
        use_language(language)
        return words()

    return contextvars.Context().run(run)


# ---------------------------------------------------------------------- the catalogs as written


@cache
def catalog(language: str):  # -> babel.messages.Catalog
    babel = pytest.importorskip("babel.messages.pofile")  # a test dependency: pyproject's "test" extra
    with po_path(language).open("rb") as file:
        return babel.read_po(file, locale=language)


def messages(language: str):
    return [message for message in catalog(language) if message.id]


def fields(text: str) -> list[str]:
    """``{name}`` and ``{seconds:g}`` as written, in order; a broken brace fails the test."""
    return [
        "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_is_untranslated_or_fuzzy(language):
    assert not catalog(language).fuzzy, f"{po_path(language)}: the header is marked fuzzy"
    for message in messages(language):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{language}: untranslated: {message.id!r}"
        assert not message.fuzzy, f"{language}: fuzzy: {message.id!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_placeholder_is_kept_and_spelled_as_in_english(language):
    plural_of = catalog(language).plural_expr
    rule = gettext.c2py(plural_of)
    for message in messages(language):
        if not message.pluralizable:
            assert sorted(fields(message.string)) == sorted(fields(message.id)), (language, message.id, message.string)
            continue
        singular, plural = message.id
        allowed = set(fields(singular)) | set(fields(plural))
        # A form only n = 1 takes may leave the count out, as the English singular may.
        for_many = {rule(n) for n in range(1000) if n != 1}
        for form, text in enumerate(message.string):
            written = set(fields(text))
            assert written <= allowed, (language, singular, text, written - allowed)
            needed = set(fields(plural)) if form in for_many else set(fields(singular))
            assert needed <= written, (language, singular, text, needed - written)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_keeps_the_spaces_and_line_breaks_at_its_ends(language):
    """What the code writes right after a message (a name typed, a next line) needs the same spaces around it."""
    for message in messages(language):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in forms:
            for english in ids:
                assert _ends(text) == _ends(english), (language, english, text)


def _ends(text: str) -> tuple[str, str]:
    return (text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :])


def test_slovak_has_three_plural_forms_one_two_to_four_and_the_rest():
    header = catalog("sk").plural_forms
    assert header == "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"
    rule = gettext.c2py(catalog("sk").plural_expr)
    assert [rule(n) for n in (1, 2, 3, 4, 5, 0, 11, 100)] == [0, 1, 1, 1, 2, 2, 2, 2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_plural_message_has_every_form_of_its_language(language):
    assert catalog(language).num_plurals == PLURALS[language]
    for message in messages(language):
        if message.pluralizable:
            assert len(message.string) == PLURALS[language], (language, message.id)


# ---------------------------------------------------------------------- what the game reads: the .mo


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalog_says_what_the_po_says(language):
    """The ``.mo`` beside each ``.po`` is committed: it must be compiled again whenever the ``.po`` changes."""
    expected: dict[object, str] = {}
    for message in messages(language):
        key = message.id if not message.context else f"{message.context}\x04{message.id}"
        if message.pluralizable:
            singular = message.id[0] if not message.context else f"{message.context}\x04{message.id[0]}"
            for form, text in enumerate(message.string):
                expected[(singular, form)] = text
        else:
            expected[key] = message.string
    with (po_path(language).with_suffix(".mo")).open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    found = {key: text for key, text in compiled._catalog.items() if key != ""}  # "": the header
    assert found == expected, (
        f"{po_path(language).with_suffix('.mo')} differs from its .po: run "
        "pybabel compile -D unokart -d unokart_tui/voice/locale (docs/languages.md)"
    )


def test_slovak_counts_cards_in_its_three_forms_through_a_compiled_catalog():
    """1 karta, 2 karty, 5 kariet: Babel compiles a catalog with the Slovak header, gettext reads it."""
    pytest.importorskip("babel")
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    slovak = Catalog(locale="sk")
    slovak.mime_headers = catalog("sk").mime_headers  # the plural rule as the Slovak catalog writes it
    slovak.add(("{count} card", "{count} cards"), ("{count} karta", "{count} karty", "{count} kariet"))
    compiled = io.BytesIO()
    write_mo(compiled, slovak)
    compiled.seek(0)
    translation = gettext.GNUTranslations(compiled)
    said = [translation.ngettext("{count} card", "{count} cards", n).format(count=n) for n in (1, 2, 4, 5, 0, 12)]
    assert said == ["1 karta", "2 karty", "4 karty", "5 kariet", "0 kariet", "12 kariet"]


def test_slovak_counts_in_three_forms_in_the_games_own_catalog():
    def most(count: int) -> str:
        return ngettext(
            "Sorry, a name has at most {count} character.", "Sorry, a name has at most {count} characters.", count
        ).format(count=count)

    said = [spoken("sk", lambda n=n: most(n)) for n in (1, 3, 20)]
    assert said == [
        "Prepáč, meno môže mať najviac 1 znak.",
        "Prepáč, meno môže mať najviac 3 znaky.",
        "Prepáč, meno môže mať najviac 20 znakov.",
    ]
    assert spoken("nl", lambda: most(20)) == "Sorry, een naam heeft hoogstens 20 tekens."


def test_a_serve_sentence_comes_out_in_slovak_and_in_dutch():
    def refused() -> str:
        with pytest.raises(ValueError) as error:
            check_name("   ")
        return str(error.value)

    assert spoken("sk", refused) == "Prepáč, meno musí mať aspoň jedno písmeno."
    assert spoken("nl", refused) == "Sorry, een naam heeft minstens één letter nodig."
    assert refused() == "Sorry, a name needs at least one letter."  # this test's own context: English
    opening = NamePrompt("sk").opening().decode()
    assert "Vitaj v hre unokart!" in opening
    assert f"(1 až {NAME_LIMIT} znakov; Ctrl+C: odchod)" in opening
    assert opening.endswith("Tvoje meno: ")


# ---------------------------------------------------------------------- the catalogs and the code


@cache
def extracted() -> dict[tuple[str | None, str], set[str]]:
    """Every message marked in the package (Babel, as babel.cfg says): (context, msgid) → the files."""
    found: dict[tuple[str | None, str], set[str]] = {}
    for message in marked_messages():
        found.setdefault((message.context, message.ids[0]), set()).add(Path(message.file).as_posix())
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_a_translated_folder_is_in_the_catalog(language):
    have = {(message.context, message.id[0] if message.pluralizable else message.id) for message in messages(language)}
    for key, files in extracted().items():
        if any(file.startswith(TRANSLATED_WHOLE) for file in files):
            assert key in have, f"{language}: not in the catalog: {key[1]!r} ({sorted(files)}); see docs/languages.md"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_is_left_of_a_message_the_code_no_longer_has(language):
    for message in messages(language):
        key = (message.context, message.id[0] if message.pluralizable else message.id)
        assert key in extracted(), f"{language}: {key[1]!r} is in no file any more: pybabel update drops it"


def test_the_catalogs_are_where_the_game_looks_and_installed_with_it():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'"voice/locale/\*/LC_MESSAGES/\*\.mo"', pyproject)
    for language in LANGUAGES:
        assert spoken(language, lambda: _("Play again")) != "Play again"
