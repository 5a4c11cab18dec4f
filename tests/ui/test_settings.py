"""Settings: a round trip, and a broken file that gives the defaults and a reason, never a crash."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from unokart_tui.settings import Settings, load_settings, save_settings, settings_path
from unokart_tui.tui.screens.commands import palette_commands


@pytest.fixture(autouse=True)
def _config(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "cfg"))


def test_defaults_without_a_file():
    assert load_settings() == (Settings(), None)


def test_round_trip():
    chosen = Settings(
        bot_speed="fast", theme="nord", uno_helper=True, confirm_quit=False, table_target=300, table_turn_seconds=60
    )
    save_settings(chosen)
    assert load_settings() == (chosen, None)
    assert chosen.bot_delay == 0.3


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bot_speed = ", "cannot be read"),
        ("bot_speed = 3", "'bot_speed' must be text in quotes, not 3"),
        ("bot_speed = 'warp'", "one of slow, normal, fast, instant"),
        ("volume = 11", "unknown setting 'volume'"),
        ("uno_helper = 'yes'", "'uno_helper' must be true or false, not 'yes'"),
        ("confirm_quit = 1", "'confirm_quit' must be true or false, not 1"),
        ("player_name = true", "'player_name' must be text in quotes, not true"),
        ("table_target = '300'", "'table_target' must be a whole number, not '300'"),
        ("table_turn_seconds = true", "'table_turn_seconds' must be a whole number, not true"),
    ],
)
def test_a_broken_file_gives_the_defaults_and_says_why(text, reason):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    settings, problem = load_settings()
    assert settings == Settings()
    assert reason in problem and str(path) in problem
    assert path.read_text() == text  # left alone until the player saves


def test_settings_nested_thousands_deep_give_the_defaults_and_say_why():
    # Issue 14, finding 5: they stopped the game from starting (RecursionError).
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("theme = " + "[" * 5000 + "]" * 5000)
    settings, problem = load_settings()
    assert settings == Settings() and "nested too deeply" in problem


def test_a_pipe_named_settings_toml_never_stops_the_start():
    # Finding 2: the game waited on it for ever, deaf to q, ctrl+c and SIGTERM. In a process of
    # its own, so that a regression fails here instead of hanging the suite.
    path = settings_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    code = "from unokart_tui.settings import load_settings; print(load_settings()[1])"
    result = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, timeout=20, env=os.environ.copy()
    )
    assert "is a named pipe, not a file" in result.stdout and "using the default settings" in result.stdout


async def test_theme_motion_and_symbols_chosen_in_the_command_palette_are_saved():
    from unokart_tui.tui.app import UnoKartApp

    app = UnoKartApp(settings=Settings(guide=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"reduce motion", "enter")  # as a player would
        await pilot.pause()
        assert load_settings()[0].reduce_motion and app.animation_level == "none"
        commands = {command.title: command.callback for command in palette_commands(app, app.screen)}
        assert "Reduce motion" not in commands and "Motion: on" in commands  # the palette offers the way back
        commands["Symbols: ascii"]()
        commands["Theme: High contrast"]()
        await pilot.pause()
        saved = load_settings()[0]
        assert (saved.glyphs, saved.theme, app.theme) == ("ascii", "unokart-high-contrast", "unokart-high-contrast")
        app.theme = "nord"  # what Textual's own theme command does
        await pilot.pause()
        assert load_settings()[0].theme == "nord"


def test_an_unknown_glyph_set_gives_the_defaults_and_says_why():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("glyphs = 'emoji'")
    settings, problem = load_settings()
    assert settings == Settings() and "glyphs must be one of auto, unicode, ascii, not 'emoji'" in problem


async def test_the_bot_speeds_are_offered_in_the_language_and_saved_as_ids():
    # Found by the translators: the speeds (slow, normal, fast, instant) were offered in English.
    from textual.widgets import Select

    from unokart_tui.tui.app import UnoKartApp
    from unokart_tui.voice import use_process_language

    use_process_language("nl")
    try:
        app = UnoKartApp(settings=Settings(guide=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("s")
            await pilot.pause()
            speed = app.screen.query_one("#bot_speed", Select)
            assert [label for label, _value in speed._options if _value != Select.BLANK] == [
                "langzaam",
                "normaal",
                "snel",
                "direct",
            ]
            speed.value = "fast"
            await pilot.pause()
            assert speed.value == "fast"
    finally:
        use_process_language(None)
