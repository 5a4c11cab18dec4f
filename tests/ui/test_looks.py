"""Issue 34, item 9: smaller things a new player tripped on, at the table and around it."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from unokart_tui.engine import Match
from unokart_tui.table.session import Session
from unokart_tui.table.tableview import table_info
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.base import Dialog
from unokart_tui.tui.screens.commands import PaletteCommands
from unokart_tui.tui.widgets.players import PlayerRow
from unokart_tui.tui.widgets.table import TablePanel
from unokart_tui.voice.notes import TableNotes

from .helpers import QUICK, SETTINGS, make_app, settle, until
from .screen import screen_text

NAMES = ("Ann", "Mario", "Luigi", "Peach")


def test_the_table_names_who_plays_after_the_player_and_a_reverse_changes_it():
    match = Match.new(list(NAMES), seed=3)
    assert table_info(match, TableNotes(4), 0).after_you == "Mario"  # D8: play goes left at first
    for _ in range(400):
        if match.round.direction == -1:
            break
        if match.round.is_over:
            match.next_round()
        match.apply(match.legal_actions()[0])
    assert match.round.direction == -1, "seed 3: a Reverse within the round"
    assert table_info(match, TableNotes(4), 0).after_you == "Peach"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["compact", "roomy"])
async def test_both_tables_say_who_plays_after_the_player_in_the_same_words(size):
    app = make_app(seed=7)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        facts = app.screen.query_one(TablePanel).query_one("#facts", Static)
        words = " ".join(str(facts.render()).split())
        after = app.session.names[app.session.match.round.direction % 4]
        assert f"After you {after}" in words.replace(":", "")
        assert "Play goes" not in words and "clockwise" not in words and "left" not in words


async def test_a_failed_screenshot_says_why(tmp_path):
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        missing = tmp_path / "no such folder"
        app.deliver_screenshot(path=str(missing))
        await until(pilot, lambda: any(n.title == "Screenshot" for n in app._notifications), limit=200)
        (note,) = [n for n in app._notifications if n.title == "Screenshot"]
        assert note.message.startswith("The screenshot was not saved: No such file or directory")
        assert str(missing) in note.message


async def test_the_palette_finds_a_command_by_what_it_does():
    app = UnoKartApp(settings=SETTINGS, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        provider = PaletteCommands(app.screen)
        found = [str(hit.text) async for hit in provider.search("speed")]
        assert "Settings" in found  # "Bot speed, theme, motion..."
        scores = {str(hit.text): hit.score async for hit in provider.search("rules")}
        assert max(scores, key=scores.__getitem__) == "Rules"  # a name that matches comes first


def rows_text(app) -> list[str]:
    return [row.render_line(0).text for row in app.screen.query(PlayerRow)]


async def test_a_long_name_is_not_cut_to_six_letters_where_the_panel_has_room():
    session = Session.new("Annabelle", ["greedy", "challenger"], seed=7, name="names")
    app = UnoKartApp(session, settings=SETTINGS, pace=QUICK)
    async with app.run_test(size=(100, 30)) as pilot:  # the compact table, its players panel 50 columns or more
        await settle(pilot)
        rows = rows_text(app)
        assert any("Annabelle " in row for row in rows), rows
        # The personality beside the name: every bot's line says how it plays, moved or not.
        assert any("Mario" in row and "greedy" in row for row in rows)
        assert any("Luigi" in row and "challenger" in row for row in rows)


async def test_at_80_columns_a_bot_that_has_not_moved_is_said_to_be_a_bot():
    app = make_app(seed=7, pace=QUICK._replace(bot_delay=60))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = rows_text(app)
        unmoved = [
            row
            for row, line in zip(rows, (r.info for r in app.screen.query(PlayerRow)), strict=True)
            if not line.last and not line.you
        ]
        assert all(any(f"{kind} bot" in row for kind in ("greedy", "challenger", "item-hoarder")) for row in unmoved), (
            unmoved
        )


async def test_below_80x24_a_dialog_gives_way_to_the_notice_and_its_keys_wait():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")  # the help, a dialog over the table
        await until(pilot, lambda: isinstance(app.screen, Dialog))
        dialog = app.screen
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        notice = dialog.query_one("#too-small", Static)
        assert notice.display and "enlarge your terminal" in screen_text(app)
        assert "70×20" in str(notice.render())
        await pilot.press("escape")  # behind the notice, the dialog's keys do nothing
        await pilot.pause()
        assert app.screen is dialog
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice.display
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not dialog)
