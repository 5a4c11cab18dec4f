"""The Language setting: chosen in Settings, saved, spoken from the next screen on."""

from __future__ import annotations

import pytest
from textual.widgets import Label, Select

from unokart_tui import __main__ as entry
from unokart_tui import cli
from unokart_tui.settings import Settings, load_settings, save_settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.settings import SettingsScreen
from unokart_tui.voice import _, use_process_language

LABEL = "Language (from the next screen on)"


@pytest.fixture(autouse=True)
def _english_environment_and_afterwards(monkeypatch):
    for variable in ("UNOKART_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    use_process_language(None)


def labels(screen: SettingsScreen) -> list[str]:
    return [str(label.render()) for label in screen.query(Label)]


async def test_a_language_chosen_in_settings_is_saved_and_spoken_from_the_next_screen():
    application = UnoKartApp(settings=Settings(confirm_quit=False, guide=False), bot_delay=0)
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        first = application.screen
        assert isinstance(first, SettingsScreen) and LABEL in labels(first)
        choices = first.query_one("#language", Select)
        assert [str(prompt) for prompt, _value in choices._options][1:] == ["English", "Slovenčina", "Nederlands"]
        choices.value = "sk"
        await pilot.pause()
        assert load_settings()[0].language == "sk"
        assert LABEL in labels(first)  # the screen on view stays as it was drawn
        await pilot.press("escape", "s")
        await pilot.pause()
        second = application.screen
        assert isinstance(second, SettingsScreen) and second is not first
        assert "Jazyk (od ďalšej obrazovky)" in labels(second)
        second.query_one("#language", Select).value = "auto"  # LANG=C.UTF-8: English
        await pilot.pause()
        assert load_settings()[0].language == "auto"
        await pilot.press("escape", "s")
        await pilot.pause()
        assert LABEL in labels(application.screen)


@pytest.mark.parametrize(
    ("setting", "environ", "said"),
    [
        ("auto", {"UNOKART_LANG": "sk"}, "Tvoje meno:"),
        ("auto", {"LANG": "nl_NL.UTF-8"}, "Je naam:"),
        ("nl", {"UNOKART_LANG": "sk"}, "Je naam:"),
        ("auto", {}, "Your name:"),
    ],
)
def test_the_command_speaks_the_chosen_language_from_its_first_word(monkeypatch, setting, environ, said):
    save_settings(Settings(language=setting))
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    heard = []
    monkeypatch.setattr(cli, "main", lambda: heard.append(_("Your name:")) or 0)
    assert entry.run() == 0
    assert heard == [said]


def key_bar_line(screen) -> str:
    from unokart_tui.tui.widgets.keybar import KeyBar

    return str(screen.query_one(KeyBar).render())


async def test_the_title_shown_again_speaks_the_language_chosen_in_settings_tagline_too():
    application = UnoKartApp(settings=Settings(confirm_quit=False, guide=False), bot_delay=0)
    async with application.run_test(size=(80, 24)) as pilot:
        title = application.screen
        english = str(title.query_one("#tagline").render())
        await pilot.press("s")
        await pilot.pause()
        application.screen.query_one("#language", Select).value = "nl"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert application.screen is title
        tagline = str(title.query_one("#tagline").render())
        assert tagline != english and "kaartspel" in tagline
        assert "Instellingen" in key_bar_line(title)
        await pilot.press("s")
        await pilot.pause()
        application.screen.query_one("#language", Select).value = "en"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert str(title.query_one("#tagline").render()) == english
        assert "Settings" in key_bar_line(title)


async def test_the_settings_page_on_view_keeps_its_key_bar_in_the_language_it_was_drawn_in():
    application = UnoKartApp(settings=Settings(confirm_quit=False, guide=False), bot_delay=0)
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        page = application.screen
        before = key_bar_line(page)
        page.query_one("#language", Select).value = "sk"
        await pilot.pause()
        assert LABEL in labels(page)
        assert key_bar_line(page) == before  # all of the page stays as drawn, its key bar too
