"""What opening a dialog costs: the screen laid out as few times as its picture needs (issue 36).

Measured in a pilot at 80x24 (2026-12-04): opening the table's guide (?) laid the screens out four or
five times, the table behind it once, all at the size they already had, and made five compositor
updates. These tests count ``Screen._refresh_layout``, screen by screen, while a dialog opens.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from rich.text import Text
from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from unokart_tui.tui.dialogs.base import Dialog
from unokart_tui.tui.dialogs.guide import GuideDialog
from unokart_tui.tui.dialogs.notices import NoticeDialog
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets.keybar import KeyBar
from unokart_tui.tui.widgets.table import GRAND_SIZE
from unokart_tui.voice import _ as translated
from unokart_tui.voice import use_process_language

from .helpers import make_app, settle


@contextmanager
def layouts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """The layouts made while the block runs, counted by the class of the screen laid out."""
    counted: Counter[str] = Counter()
    refresh_layout = Screen._refresh_layout

    def counting(screen: Screen[object], *args: object, **kwargs: object) -> None:
        counted[type(screen).__name__] += 1
        refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(Screen, "_refresh_layout", counting)
        yield counted


async def quiet_table(pilot: Pilot[object]) -> GameScreen:
    await settle(pilot)
    for _ in range(3):  # the last move's frames, before anything is counted
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def opened(pilot: Pilot[object], key: str) -> Dialog[object]:
    await pilot.press(key)
    for _ in range(5):  # every frame the opening brings about, not only the first
        await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, Dialog)
    return dialog


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_opening_the_guide_lays_out_the_guide_twice_and_not_the_table_behind_it(monkeypatch, size):
    """Found: the guide's first layout sent the guide a Resize to the size it had, and Textual answered it by
    laying out the guide and the table again; the notice to enlarge the terminal, mounted once the guide
    was, laid it out once more. Left: its first layout, and the one Textual makes for a screen's first sizes."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await quiet_table(pilot)
        with layouts(monkeypatch) as counted:
            guide = await opened(pilot, "question_mark")
        assert isinstance(guide, GuideDialog)
        assert counted == Counter({"GuideDialog": 2})
        assert guide.query_one("#too-small").display is False


async def test_a_terminal_resized_under_a_dialog_lays_out_the_dialog_and_the_table_behind_it():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await quiet_table(pilot)
        guide = await opened(pilot, "question_mark")
        await pilot.resize_terminal(*GRAND_SIZE)
        await pilot.pause()
        assert guide.query_one(KeyBar).size.width == table.query_one(KeyBar).size.width == GRAND_SIZE[0]
        assert guide.has_class("-grand")  # above the grand table's hand


async def test_a_terminal_resized_while_a_screen_covered_the_dialog_lays_the_table_out_when_it_is_seen_again():
    """The dialog's own size is right again once it is shown (Textual lays a resumed screen out); the
    table behind it is not, and the Resize that follows, to the dialog's size, must still reach it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await quiet_table(pilot)
        guide = await opened(pilot, "question_mark")
        # Textual resizes the screens seen under the top one, down to the first opaque: under two opaque
        # screens, neither the guide nor the table is.
        await app.push_screen(Screen())
        await app.push_screen(Screen())
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert table.query_one(KeyBar).size.width == 80
        for _ in range(2):
            app.pop_screen()
            for _ in range(3):
                await pilot.pause()
        assert app.screen is guide
        assert table.query_one(KeyBar).size.width == 100  # its bottom line, laid out again


async def test_a_dialog_shrunk_below_the_least_size_says_so_and_its_keys_wait():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet_table(pilot)
        guide = await opened(pilot, "question_mark")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        notice = guide.query_one("#too-small")
        assert notice.display is True and guide.too_small
        assert "70×20" in str(notice.render())
        await pilot.press("escape")  # behind the notice: nothing answers it
        await pilot.pause()
        assert app.screen is guide
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert notice.display is False and not guide.too_small


@pytest.mark.parametrize(("size", "shown"), [((80, 24), "-short"), ((120, 40), "-tall")])
async def test_a_dialog_with_breakpoints_is_laid_out_once_in_its_size_class(monkeypatch, size, shown):
    """Textual gives a screen its breakpoints' classes on the Resize after its first layout, and lays it out
    again; the dialog has them before its first layout, and the Resize to its own size changes nothing."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await quiet_table(pilot)
        notice = NoticeDialog("A notice", Text("What it says."))
        with layouts(monkeypatch) as counted:
            app.screen.open_dialog(notice, lambda _answer: None)
            for _ in range(5):
                await pilot.pause()
        assert app.screen is notice
        assert notice.has_class(shown) and not notice.has_class({"-short": "-tall", "-tall": "-short"}[shown])
        assert counted == Counter({"NoticeDialog": 2})


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_closing_the_guide_lays_out_nothing(monkeypatch, size):
    """Found (issue 36): a dismissed dialog is removed from the App, and Textual laid out the table under it
    as it does the parent of any widget removed, at the size it had: a third of the guide's closing."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        table = await quiet_table(pilot)
        await opened(pilot, "question_mark")
        with layouts(monkeypatch) as counted:
            await pilot.press("question_mark")
            for _ in range(5):
                await pilot.pause()
        assert app.screen is table
        assert counted == Counter()


async def test_a_terminal_resized_under_the_guide_lays_the_table_out_when_the_guide_closes():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await quiet_table(pilot)
        await opened(pilot, "question_mark")
        await pilot.resize_terminal(*GRAND_SIZE)
        await pilot.pause()
        await pilot.press("question_mark")
        for _ in range(5):
            await pilot.pause()
        assert app.screen is table
        assert table.query_one(KeyBar).size.width == GRAND_SIZE[0]
        assert table.has_class("-grand")


async def shown_and_closed(pilot: Pilot[object]) -> Dialog[object]:
    """The guide, opened and closed: kept, to be shown again."""
    guide = await opened(pilot, "question_mark")
    await pilot.press("escape")
    await settle(pilot)
    return guide


async def test_the_guide_opened_again_is_the_one_shown_before_laid_out_and_composed_no_more(monkeypatch):
    """Kept once shown (issue 36): composing it and measuring its words was most of an opening."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await quiet_table(pilot)
        first = await shown_and_closed(pilot)
        with layouts(monkeypatch) as counted:
            again = await opened(pilot, "question_mark")
        assert again is first and counted == Counter()
        assert "The Item Box, and the keys" in str(again.query_one(".title", Static).render())
        await pilot.press("escape")  # its keys answer it as the first time
        await settle(pilot)
        assert app.screen is table


async def test_a_key_pressed_before_the_kept_guide_is_shown_again_is_not_its_answer():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet_table(pilot)
        guide = await shown_and_closed(pilot)
        before = events.Key("escape", None)  # stamped now, before the guide comes back
        await opened(pilot, "question_mark")
        app.post_message(before)  # as the terminal would deliver it, late
        await settle(pilot)
        assert app.screen is guide


async def test_the_guide_follows_the_language_and_the_size_it_is_shown_again_in():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet_table(pilot)
        first = await shown_and_closed(pilot)
        await pilot.resize_terminal(*GRAND_SIZE)
        await settle(pilot)
        again = await opened(pilot, "question_mark")
        assert again is first and again.has_class("-grand")
        assert again.query_one(KeyBar).size.width == GRAND_SIZE[0]
        await pilot.press("escape")
        await settle(pilot)
        use_process_language("nl")
        try:
            dutch = await opened(pilot, "question_mark")
            assert dutch is not first and not first.is_attached
            dutch_title = translated("The Item Box, and the keys")
            assert str(dutch.query_one(".title", Static).render()) == dutch_title != "The Item Box, and the keys"
        finally:
            use_process_language(None)


async def test_the_table_is_drawn_once_as_the_guide_covers_it_and_once_as_it_is_seen_again(monkeypatch):
    """Found (issue 36): drawn by the dialog's opening and by the table's suspension, twice each way."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await quiet_table(pilot)
        drawn: list[str] = []
        show_table = type(table.controller).show_table
        monkeypatch.setattr(
            type(table.controller), "show_table", lambda self: (drawn.append("drawn"), show_table(self))
        )
        await opened(pilot, "question_mark")
        assert len(drawn) == 1 and table.controller.pacer.held
        await pilot.press("question_mark")
        for _ in range(5):
            await pilot.pause()
        assert app.screen is table and len(drawn) == 2 and not table.controller.pacer.held


async def test_the_kept_guide_is_not_restyled_unchanged_and_takes_a_new_theme_as_a_new_guide_does(monkeypatch):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await quiet_table(pilot)
        first = await shown_and_closed(pilot)
        restyled: list[object] = []
        update = Screen.update_node_styles
        monkeypatch.setattr(
            Screen, "update_node_styles", lambda self, *a, **k: (restyled.append(self), update(self, *a, **k))[1]
        )
        assert await opened(pilot, "question_mark") is first
        assert first not in restyled  # nothing changed while it was hidden
        await pilot.press("escape")
        await settle(pilot)
        app.theme = "unokart-light"  # while it is hidden
        await settle(pilot)
        again = await opened(pilot, "question_mark")
        assert again is first
        kept = app.export_screenshot()
        await pilot.press("escape")
        await settle(pilot)
        table._forget_help()  # a new guide, composed in the new theme
        fresh = await opened(pilot, "question_mark")
        assert fresh is not first
        assert app.export_screenshot() == kept
