"""The interface at the edges (issue 14): a damaged save, a broken folder, hostile names, odd settings."""

from __future__ import annotations

import pytest

import saves
from unokart_tui.settings import Settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.confirm import ConfirmDialog
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.screens.load import LoadScreen
from unokart_tui.tui.screens.new_game import NewGameScreen
from unokart_tui.tui.screens.title import TitleScreen

from ..hostile import changed, good_save_text, plant
from .helpers import settle
from .test_menus import shown

QUIET = Settings(bot_speed="instant", confirm_quit=False)
FOLDER_DETAIL = "a file is in its place, or in the place of a folder above it"


def app(settings: Settings | None = QUIET) -> UnoKartApp:
    return UnoKartApp(settings=settings, bot_delay=0)


def messages(application: UnoKartApp) -> list[str]:
    return [notification.message for notification in application._notifications]


def damaged_below_its_header() -> None:
    """A save of 12 actions whose history was damaged, and its backup of 10 actions."""
    folder = saves.save_dir()
    folder.mkdir(parents=True)
    saves.path_of("Friday").write_text(good_save_text(actions=10))
    saves.write_atomic(saves.path_of("Friday"), good_save_text(actions=12))  # the first is the backup
    path = saves.path_of("Friday")
    path.write_text(path.read_text().replace('"pass",', '"pass twice",', 1))
    [entry] = saves.list_saves()
    assert entry.error is None  # its header is sound: the list cannot tell


@pytest.mark.slow
@pytest.mark.parametrize("keys", [["c"], ["l", "enter"]], ids=["continue", "load"])
async def test_a_save_damaged_below_its_header_offers_its_backup(keys):
    # Finding 9: the CLI offered the backup, the game only said "Cannot open".
    damaged_below_its_header()
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(application.screen, ConfirmDialog)
        assert "checksum does not match" in application.screen.detail
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(application.screen, GameScreen)
        assert sum(len(actions) for actions in application.session.match.history) == 10
    assert saves.load("Friday").history == application.session.match.history  # the backup is the save again


async def test_a_saves_folder_that_is_a_file_is_told_once_and_the_game_starts(monkeypatch, tmp_path):
    # Finding 14: the title crashed with a SaveError traceback.
    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    monkeypatch.setenv("UNOKART_DATA_DIR", str(blocker / "unokart"))
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(application.screen, TitleScreen)
        assert "Continue" not in shown(application.screen.query_one("#menu"))
        await pilot.press("l")
        await pilot.pause()
        assert "is not a folder" in shown(application.screen.query_one("#empty"))
        await pilot.press("escape")  # back to the title: it lists the saves again, and says nothing new
        await pilot.pause()
        told = [message for message in messages(application) if "is not a folder" in message]
        assert told == [
            f"{blocker}/unokart: the saves cannot be used here (is not a folder"
            " (a file is in its place, or in the place of a folder above it))."
        ]


async def test_hostile_files_and_names_reach_the_screen_escaped():
    # Finding 13: ESC and BEL from a file once reached the terminal as they were.
    folder = saves.save_dir()
    plant(folder, "control-names")
    (folder / "\x1b[31mred.toml").write_text(changed(good_save_text(), "Ann", "Ann\u202e"))
    application = app()
    async with application.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = shown(application.screen.query_one("#menu"))
        assert "\\x1b]0;PWNED\\x07 0, Mario\\x0aLuig" in menu  # the latest unfinished match (cut to one line)
        await pilot.press("l")
        await pilot.pause()
        listed = shown(application.screen.query_one("#saves"))
        assert "\\x1b[31mred" in listed and "\\x1b]0;PWNED\\x07" in listed
        application.notify("a \x1b]0;title\x07 b\nsecond line", title="\x1b[2J")
        await pilot.press("enter", "down", "enter")  # open both: the reasons are told, escaped
        await pilot.pause()
        shown_messages = messages(application)
        assert "a \\x1b]0;title\\x07 b\nsecond line" in shown_messages
        assert any("cannot hold control characters" in message for message in shown_messages)  # the engine's
        assert any("a save name may hold letters" in message for message in shown_messages)
        assert all(char == "\n" or char.isprintable() for message in shown_messages for char in message)
        assert all(n.title.isprintable() for n in application._notifications)


@pytest.mark.slow
async def test_the_new_game_form_refuses_a_name_with_control_characters():
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(application.screen, NewGameScreen)
        application.screen.query_one("#name").value = "Ann\x1b[2J"
        await pilot.pause()
        assert "cannot hold control characters (\\x1b)" in shown(application.screen.query_one("#name-error"))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(application.screen, NewGameScreen)  # nothing started


async def test_an_unknown_theme_in_the_settings_is_told(monkeypatch, tmp_path):
    # Finding 18: it was ignored without a word.
    application = app(Settings(theme="no-such-theme"))
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        [message] = messages(application)
        assert "unknown theme 'no-such-theme'" in message and "textual-dark" in message


async def test_the_load_screen_opens_an_unreadable_save_by_saying_why():
    plant(saves.save_dir(), "socket")
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(application.screen, LoadScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert any("is a socket, not a file" in message for message in messages(application))
        assert isinstance(application.screen, LoadScreen)
