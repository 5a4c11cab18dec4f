"""Fields under a fast typist (New game, a save's new name): every key kept in order; a wrong field shown."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

import saves
from unokart_tui.settings import Settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.new_game import NewGameScreen, OpponentRow
from unokart_tui.tui.widgets.keybar import KeyBar

from .helpers import QUICK
from .test_menus import write_save

QUIET = Settings(bot_speed="instant", confirm_quit=False, guide=False)


def burst(app: UnoKartApp, keys: list[str]) -> None:
    """Keys as a terminal hands them over in one read (tmux ``send-keys``, a paste over SSH): all at once,
    none waiting for the one before to be handled, unlike ``pilot.press``, which waits between keys."""
    assert app._driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)


async def open_form(pilot) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


def value(screen: NewGameScreen, field: str) -> str:
    return screen.query_one(f"#{field}", Input).value


async def test_a_burst_of_keys_in_the_name_keeps_every_key_in_order():
    # Found in play (tmux send-keys): ctrl+u then a name left the field empty, a backspace ate a later letter.
    application = UnoKartApp(settings=QUIET, pace=QUICK)
    async with application.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        burst(application, ["ctrl+u", *"Bartholomew", "backspace", "backspace", *"XY", "home", *"Sir "])
        await pilot.pause()
        assert value(screen, "name") == "Sir BartholomXY"


async def test_tab_and_enter_in_a_burst_move_on_before_the_keys_after_them():
    # Found in play: tab then a target typed the target into the name.
    application = UnoKartApp(settings=QUIET, pace=QUICK)
    async with application.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        burst(application, ["ctrl+u", *"Zoe", "tab", "ctrl+u", *"300", "shift+tab", "end", *"y", "enter", "end"])
        burst(application, ["backspace", "backspace", "backspace", *"250"])
        await pilot.pause()
        assert (value(screen, "name"), value(screen, "target")) == ("Zoey", "250")
        assert screen.focused is screen.query_one("#target")


@pytest.mark.parametrize(("field", "wrong"), [("seed", "twelve"), ("target", "0"), ("name", "")])
async def test_ctrl_s_with_a_wrong_field_scrolls_to_it_and_focuses_it(field, wrong):
    # Found in play: ctrl+s with a field in red below the fold did nothing that could be seen.
    application = UnoKartApp(settings=QUIET, pace=QUICK)
    async with application.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        screen.query_one(f"#{field}", Input).value = wrong
        form = screen.query_one("#form")
        # The far end of the form from the field: the seed is below the fold, the name above it once scrolled.
        form.scroll_to(y=0 if field == "seed" else form.max_scroll_y, animate=False)
        screen.query_one("#house-rules" if field != "seed" else "#name").focus(scroll_visible=False)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(application.screen, NewGameScreen)  # nothing started
        wanted = screen.query_one(f"#{field}", Input)
        assert screen.focused is wanted
        seen = form.content_region
        for widget in (wanted, screen.query_one(f"#{field}-error")):
            assert seen.contains_region(widget.region), (widget, widget.region, seen)
        assert str(screen.query_one(f"#{field}-error").render())  # the reason is there to read


async def test_a_new_name_typed_fast_renames_the_save_by_all_its_letters():
    # The same keys in a burst in the rename dialog: its enter read the field before the letters were in.
    write_save("match 2026-12-02 19.26")
    application = UnoKartApp(settings=QUIET, pace=QUICK)
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert "⏎ Rename" in str(application.screen.query_one(KeyBar).render())
        burst(application, ["ctrl+u", *"Friday night", "enter"])
        await pilot.pause()
        assert [entry.name for entry in saves.list_saves()] == ["Friday night"]


async def test_the_form_reads_a_row_just_added_before_its_choices_are_drawn():
    # Found under load: a change elsewhere read the form while a row just added had no Selects yet: NoMatches.
    application = UnoKartApp(settings=QUIET, pace=QUICK)
    async with application.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        rows = screen.rows()
        rows[-1].parent.mount(OpponentRow("greedy", "normal"), after=rows[-1])  # not awaited: not composed yet
        screen.check_form()  # as a Select's change in another row does
        assert screen.rows()[-1].choice() == ("greedy", "normal")
        await pilot.pause()
        assert len(screen.rows()) == len(rows) + 1 and screen.read_form() is not None
