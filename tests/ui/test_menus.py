"""Around the table: title, new game, load, rules, settings — and a match started, left and continued."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest
from textual.widgets import DataTable, OptionList, Select, Static

import saves
from unokart_tui.defaults import LINE_UP
from unokart_tui.engine import HouseRules, Match
from unokart_tui.history import stats
from unokart_tui.settings import Settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.commands import palette_commands
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.screens.load import LoadScreen
from unokart_tui.tui.screens.new_game import EACH, NewGame, NewGameScreen, OpponentRow
from unokart_tui.tui.screens.stats import StatsScreen
from unokart_tui.tui.screens.title import TitleScreen
from unokart_tui.tui.widgets.keybar import KeyBar

from ..hostile import changed
from .helpers import QUICK, settle

QUIET = Settings(bot_speed="instant", confirm_quit=False, guide=False)
FIXED = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def write_save(name: str, players=("Ann", "Mario", "Luigi"), seed=3, actions=20, rules=None) -> None:
    match = Match.new(list(players), seed=seed, rules=rules)
    for _ in range(actions):
        match.apply(match.legal_actions()[-1])
    seats = [saves.Seat(players[0])] + [saves.Seat(p, "random", seed=i) for i, p in enumerate(players[1:], 1)]
    saves.write_atomic(saves.path_of(name), saves.dumps(match, seats=seats, created=FIXED, updated=FIXED))


def app() -> UnoKartApp:
    return UnoKartApp(settings=QUIET, pace=QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_title_without_saves_has_no_continue(snap_compare, size):
    assert snap_compare(app(), terminal_size=size)


def test_title_offers_the_latest_unfinished_match(snap_compare):
    write_save("Friday")
    assert snap_compare(app(), terminal_size=(80, 24))


async def test_the_continue_entry_is_whole_at_80_columns_and_wraps_under_itself():
    # Issue 34: cut at 80 columns, the Continue line lost the scores it was there to show.
    write_save("Friday night", players=("Annabelle", "Mario", "Luigi", "Peach", "Daisy", "Bowser Junior"))
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = application.screen.query_one(OptionList)
        lines = [menu.render_line(y).text for y in range(menu.size.height)]
        first = next(i for i, line in enumerate(lines) if "Continue" in line)
        entry = lines[first : lines.index(next(line for line in lines if "New game" in line))]
        assert len(entry) > 1 and not any("…" in line for line in entry)
        assert "Bowser Junior 0" in " ".join(" ".join(line.split()) for line in entry)
        indent = entry[0].index("Friday")  # the match wraps under itself, not under "Continue"
        assert all(not line[:indent].strip() for line in entry[1:])


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_new_game_screen(snap_compare, size):
    assert snap_compare(app(), terminal_size=size, press=["n"])


def test_new_game_shows_errors_next_to_the_fields(snap_compare):
    async def bad_input(pilot):
        await pilot.press("n")
        await pilot.pause()
        screen = pilot.app.screen
        # A blinking cursor is drawn or not by the wall clock: under load the picture caught it lit.
        screen.query_one("#name").cursor_blink = False
        screen.query_one("#name").value = " "
        screen.query_one("#target").value = "0"
        await pilot.pause()

    assert snap_compare(app(), terminal_size=(80, 24), run_before=bad_input)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_load_screen_lists_saves_and_a_corrupt_one(snap_compare, size):
    write_save("Friday")
    write_save("Old duel", players=("Ann", "Bowser"), seed=9, actions=5)
    broken = saves.save_dir().joinpath("Broken.toml")
    broken.write_text("[save\nformat = 1")
    os.utime(broken, (FIXED.timestamp(), FIXED.timestamp()))  # its "last played" is the file's time
    assert snap_compare(app(), terminal_size=size, press=["l"])


async def test_the_load_list_fits_the_width_and_shows_the_selected_line_whole():
    """A line too long for its column ends in "…"; the selected save's whole line is under the table."""
    write_save("Friday", players=("Annabelle", "Mario", "Luigi", "Peach", "Daisy", "Bowser Junior"))
    broken = saves.save_dir().joinpath("Broken.toml")
    broken.write_text("[save\nformat = 1")
    os.utime(broken, (0, 0))  # the oldest: listed last
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = application.screen
        assert isinstance(screen, LoadScreen)
        table = screen.query_one(DataTable)
        assert table.virtual_size.width <= screen.size.width  # no sideways scrolling
        detail = screen.query_one("#save-detail", Static)
        assert (
            str(detail.render()) == "Friday (in progress, round 1, 6 players, official rules): "
            "Annabelle 0, Mario 0, Luigi 0, Peach 0, Daisy 0, Bowser Junior 0"
        )
        await pilot.press("down")
        await pilot.pause()
        error = saves.list_saves()[-1].error
        assert error and str(detail.render()) == f"Broken (unreadable): {error}"
        await pilot.resize_terminal(160, 30)  # refitted to the new width, the same save selected
        await pilot.pause()
        assert 80 < table.virtual_size.width <= 160
        assert str(detail.render()) == f"Broken (unreadable): {error}"


@pytest.mark.slow
def test_load_screen_with_no_saves(snap_compare):
    assert snap_compare(app(), terminal_size=(80, 24), press=["l"])


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_rules_screen(snap_compare, size):
    assert snap_compare(app(), terminal_size=size, press=["r"])


@pytest.mark.slow
def test_rules_keys_page(snap_compare):
    assert snap_compare(app(), terminal_size=(80, 24), press=["r", "right"])


@pytest.mark.slow
def test_rules_screen_scrolled_to_its_end(snap_compare):
    assert snap_compare(app(), terminal_size=(80, 24), press=["r", "end"])


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_settings_screen(snap_compare, size):
    assert snap_compare(app(), terminal_size=size, press=["s"])


@pytest.mark.slow
async def test_new_game_keeps_start_on_screen_and_says_what_it_starts():
    # Found in play: at 80x24 the Start button sat below the fold, and a newcomer never saw it.
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = application.screen
        assert isinstance(screen, NewGameScreen)
        start = screen.query_one("#start")
        assert start.region.bottom <= 23 and start.region.y >= 20  # just above the key bar, not scrolled away
        summary = screen.query_one("#start-summary")
        assert str(summary.render()) == "to 500 · official rules · against greedy, challenger, item-hoarder"
        screen.query_one("#target").value = "300"
        await pilot.pause()
        assert shown(summary).startswith("to 300 · official rules")
        screen.query_one("#target").value = "zero"
        await pilot.pause()
        assert shown(summary) == "Fix what is marked in red to start."
        assert start.disabled


@pytest.mark.slow
async def test_a_second_new_game_offers_the_last_line_up_target_and_house_rules():
    # Found in play: a second match meant choosing the expert and the house rules all over again.
    application = app()
    party = HouseRules.preset("party")
    chosen = NewGame("Zoe", ("expert", "greedy"), ("expert-quick", None), 300, 5, party)
    async with application.run_test(size=(80, 24)) as pilot:
        application.post_message(NewGameScreen.Chosen(chosen))
        await settle(pilot)
        assert isinstance(application.screen, GameScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = application.screen
        assert isinstance(form, NewGameScreen)
        again = form.read_form()
        assert again == NewGame("Zoe", ("expert", "greedy"), ("expert-quick", "normal"), 300, None, party)


@pytest.mark.slow
async def test_enter_in_a_field_of_new_game_moves_on_and_starts_nothing():
    # Found in play: Enter after typing a name started a 500-point match before the player saw the rest.
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(application.screen, NewGameScreen)
        await pilot.press("ctrl+a", *"Zoe", "enter")
        await pilot.pause()
        assert isinstance(application.screen, NewGameScreen)
        assert application.screen.focused is not application.screen.query_one("#name")
        assert application.session is None
        application.screen.query_one("#seed").value = "7"  # a seeded deal: the test goes the same way every time
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(application.screen, GameScreen)
        assert application.session.names[0].startswith("Zoe")
    application.session.close()


@pytest.mark.slow
async def test_start_from_new_game_leave_and_continue_at_the_same_decision():
    first = app()
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(first.screen, NewGameScreen)
        first.screen.query_one("#seed").value = "42"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(first.screen, GameScreen)
        session = first.session
        name, position = session.name, session.match.round
        assert session.match.seed == 42
        commands = [command.title for command in palette_commands(first, first.screen)]
        assert "Continue" not in commands and "New game" in commands  # the match at hand is the one going on
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(first.screen, TitleScreen)
        assert "Continue" in [command.title for command in palette_commands(first, first.screen)]
    again = app()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert again.session.name == name
        assert again.session.match.round == position


async def test_deleting_a_save_moves_it_to_the_trash():
    write_save("Friday")
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(application.screen, LoadScreen)
        await pilot.press("delete")
        await pilot.press("y")
        await pilot.pause()
    assert not saves.path_of("Friday").exists()
    trashed = list((saves.save_dir() / "trash").glob("Friday *.toml"))
    assert len(trashed) == 1 and saves.loads(trashed[0].read_text())


async def test_a_match_played_elsewhere_is_not_deleted_and_the_player_is_told():
    # Issue 35, finding 5: the delete went through the lock, and the playing session could no longer save.
    write_save("Friday")
    holder = saves.MatchLock("Friday").acquire()
    application = app()
    try:
        async with application.run_test(size=(80, 24)) as pilot:
            await pilot.press("l")
            await pilot.pause()
            await pilot.press("delete")
            await pilot.press("y")
            await pilot.pause()
            notes = [(note.title, note.message) for note in application._notifications]
            assert isinstance(application.screen, LoadScreen)
            assert application.screen.selected().name == "Friday"  # still listed
    finally:
        holder.release()
    [(title, message)] = notes
    assert title == "Not deleted" and "already being played in another session" in message
    assert saves.load("Friday") and not saves.trash_dir().exists()


async def test_a_match_open_elsewhere_is_refused_with_a_message():
    write_save("Friday")
    holder = saves.MatchLock("Friday").acquire()
    application = app()
    try:
        async with application.run_test(size=(80, 24)) as pilot:
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(application.screen, TitleScreen)
            assert any("is being played in another session right now" in n.message for n in application._notifications)
    finally:
        holder.release()


@pytest.mark.parametrize("keys", [["c"], ["l", "enter"]])
async def test_a_seat_with_bad_bot_parameters_is_said_to_be_broken(keys):
    # Issue 35, finding 9: the title's Continue and the Load list crashed with a TypeError.
    write_save("Friday")
    path = saves.path_of("Friday")
    path.write_text(changed(path.read_text(), 'kind = "random"', 'kind = "random", params = { seed = 5 }'))
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        assert not isinstance(application.screen, GameScreen)
        [note] = application._notifications
    assert note.title == "Cannot open"
    assert f"{path}: this file cannot be opened as a save (seat 2 (Mario) cannot be played: unknown parameter seed" in (
        note.message
    )


async def test_a_broken_save_offers_its_backup():
    write_save("Friday", actions=10)
    write_save("Friday", actions=12)  # the first version becomes the backup
    saves.path_of("Friday").write_text("[match\nbroken")
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(application.screen, GameScreen)
        assert sum(len(r) for r in application.session.match.history) == 10


def shown(widget) -> str:
    """The text a widget shows now, line by line."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


async def test_names_and_reasons_are_shown_as_written():
    # Text from players and files is never markup: "a [/] b" once crashed the title, and a
    # reason quoting "[match]" lost it.
    write_save("Friday", players=("a [/] b", "[b]Bob", "Luigi"))
    damaged = saves.path_of("Friday").read_text().replace("[match]", "[nope]")
    saves.save_dir().joinpath("Broken.toml").write_text(damaged)
    application = app()
    async with application.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "a [/] b 0, [b]Bob 0, Luigi 0" in shown(application.screen.query_one("#menu"))
        await pilot.press("l")
        await pilot.pause()
        listed = shown(application.screen.query_one("#saves"))
        assert "a [/] b 0, [b]Bob 0, Luigi 0" in listed
        assert "the [match] table is missing" in listed


async def choose(pilot, select, value) -> None:
    """Choose ``value`` in a dropdown as a player would: open it, move to the option, enter."""
    select.focus()
    await pilot.press("enter")
    await pilot.pause()
    options = [option for _, option in select._options]
    steps = options.index(value) - options.index(select.value)
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await pilot.pause()


@pytest.mark.slow
async def test_new_game_offers_each_opponent_a_personality_and_a_difficulty():
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = application.screen
        rows = list(screen.query(OpponentRow))
        assert [row.choice() for row in rows] == [(p, "normal") for p in ("greedy", "challenger", "item-hoarder")]
        assert "sheds its costliest cards" in shown(rows[0].query_one(".how"))  # one line on how each plays
        await choose(pilot, rows[1].query_one(".personality"), "random")
        await choose(pilot, rows[2].query_one(".difficulty"), "hard")
        assert "at random" in shown(rows[1].query_one(".how"))
        assert screen.query_one("#table-difficulty").value == EACH  # they differ now
        game = screen.read_form()
        assert game == NewGame("You", ("greedy", "random", "item-hoarder"), ("normal", "normal", "hard"), 500, None)
        await choose(pilot, screen.query_one("#table-difficulty"), "easy")  # the whole table at once
        assert screen.read_form().profiles == ("easy", "easy", "easy")
        await pilot.press("ctrl+o", "ctrl+o")  # two more, at the table's difficulty
        assert screen.read_form().profiles == ("easy",) * 5
        remove = screen.query_one(OpponentRow).query_one(".remove")
        remove.scroll_visible(animate=False, immediate=True)  # ctrl+o scrolled down to the new rows
        await pilot.pause()
        await pilot.click(remove)
        await pilot.pause()
        assert screen.read_form().bots == ("random", "item-hoarder", "greedy", "challenger")
        assert [shown(row.query_one(".number")).strip() for row in screen.query(OpponentRow)] == [
            "1.",
            "2.",
            "3.",
            "4.",
        ]


# Nine opponents at most and one at least: test_match_length's New game test, which seats nine for its length line.


@pytest.mark.slow
async def test_ctrl_d_puts_back_the_default_line_up_whichever_field_has_focus():
    """A focused text field took ctrl+d for itself (delete) and emptied the opponents (issue 13, bug 4).

    One new-game screen for the four fields: each round starts from the default form, which the round before
    put back and checked (a new App for each took four times the App's start for the same checks). The first
    round takes an opponent away and adds two (another order, another length); the others make the first
    opponent hard, enough for a line-up that is not the default (each row mounted or taken away costs the form
    a tenth of a CPU-s; an opponent added in each round cost 0.4 CPU-s, issue 30).
    """
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = application.screen
        for field in ("#name", ".personality", "#target", "#seed"):
            if field == "#name":
                await pilot.click(screen.query_one(".remove"))
                await pilot.press("ctrl+o", "ctrl+o")
            else:
                screen.query_one(OpponentRow).query_one(".difficulty", Select).value = "hard"
            assert screen.read_form() != NewGame("You", LINE_UP, ("normal",) * 3, 500, None), field
            screen.query_one(field).focus()
            await pilot.pause()
            await pilot.press("ctrl+d")
            await pilot.pause()
            assert screen.read_form() == NewGame("You", LINE_UP, ("normal",) * 3, 500, None), field
            assert screen.query_one("#name").value == "You", field
            assert shown(screen.query_one("#bots-error")).strip() == "", field


@pytest.mark.slow
async def test_the_rules_scroll_with_the_keyboard_to_their_end():
    """At 80x24 the Item Box, challenge, UNO and scoring sections were out of reach (issue 13, bug 3).

    Each key is checked for the step it takes from the top and for reaching the end from within one step of it,
    and for staying there: every step between is the same step again, so walking the whole page one key at a time
    (150 presses and as many screen updates, 39 s of a loaded run) checked nothing more.
    """
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        text = application.screen.query_one("#rules-text")
        end = text.max_scroll_y
        page = text.scrollable_content_region.height
        assert end > 2 * page  # a long page: a page-down step ends neither at the top nor at the end
        await pilot.press("end")
        assert text.scroll_y == end
        await pilot.press("home")
        assert text.scroll_y == 0
        for key, step in (("down", 1), ("j", 1), ("pagedown", page), ("space", page)):
            await pilot.press(key)
            assert text.scroll_y == step, key
            text.scroll_to(y=end - step + 1, animate=False, immediate=True)
            await pilot.pause()
            await pilot.press(key)
            assert text.scroll_y == end, key
            await pilot.press(key)
            assert text.scroll_y == end, key
            await pilot.press("home")
            assert text.scroll_y == 0, key


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_an_open_dropdown_leaves_the_key_bar_in_view(size):
    # The list of themes covered the key bar at 80x24 (issue 13, bug 9).
    application = app()
    async with application.run_test(size=size) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = application.screen
        for select in screen.query("Select"):
            select.focus()
            await pilot.press("enter")
            await pilot.pause()
            overlay = select.query_one("SelectOverlay")
            assert overlay.display and overlay.region.height > 2
            assert not overlay.region.overlaps(screen.query_one(KeyBar).region)
            await pilot.press("escape")
            await pilot.pause()


async def test_each_switch_of_the_settings_says_on_or_off(monkeypatch, tmp_path):
    # Found in play: a switch's colour alone did not say whether it was on.
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path))
    application = UnoKartApp(settings=Settings(confirm_quit=False, uno_helper=True), bot_delay=0)
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = application.screen
        assert shown(screen.query_one("#uno_helper-state")) == "on"
        assert shown(screen.query_one("#confirm_quit-state")) == "off"
        screen.query_one("#confirm_quit").toggle()
        await pilot.pause()
        assert shown(screen.query_one("#confirm_quit-state")) == "on"


async def test_a_wide_terminal_shows_the_whole_continue_line():
    # Issue 34: the menu was 74 columns wide, and the line was cut even at 200 columns.
    write_save("Friday night", players=("Annabelle", "Mario", "Luigi", "Peach", "Daisy", "Bowser Junior"))
    application = app()
    async with application.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        menu = application.screen.query_one(OptionList)
        lines = [menu.render_line(y).text for y in range(menu.size.height)]
        (continued,) = [line for line in lines if "Continue" in line]
        assert "Bowser Junior" in continued and "…" not in continued
        assert any(line.strip() == "New game" for line in lines)


async def test_the_load_list_says_how_many_play_and_under_which_rules():
    # Issue 34: neither the number of players nor the house rules were in the list.
    write_save("Party night", players=("Ann", "Mario", "Luigi", "Peach"), rules=HouseRules.preset("party"))
    write_save("Mixed", players=("Ann", "Bowser"), seed=9, rules=HouseRules(jump_in=True, seven_zero=True))
    application = app()
    async with application.run_test(size=(100, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        table = application.screen.query_one(DataTable)
        rows = {str(key.value): [str(cell) for cell in table.get_row(key)] for key in table.rows}
        assert rows["Party night"][1:3] == ["4", "party"] and rows["Mixed"][1:3] == ["2", "7-0, jump-in"]
        detail = str(application.screen.query_one("#save-detail", Static).render())
        assert "4 players, house rules: party" in detail or "2 players, house rules: 7-0, jump-in" in detail


async def test_a_save_is_renamed_from_the_load_screen():
    # Issue 34: saves named by a timestamp could not be renamed.
    write_save("match 2026-12-02 19.26")
    write_save("Friday", seed=9)
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = application.screen
        table = screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index("match 2026-12-02 19.26"))
        await pilot.press("n")
        await pilot.pause()
        bar = str(application.screen.query_one(KeyBar).render())
        assert "⏎ Rename" in bar and "esc Cancel" in bar  # found in play: only esc Cancel was shown
        await pilot.press("ctrl+a", "ctrl+k", *"Friday", "enter")  # taken: refused, nothing moves
        await pilot.pause()
        assert any(note.title == "Not renamed" for note in application._notifications)
        assert {entry.name for entry in saves.list_saves()} == {"match 2026-12-02 19.26", "Friday"}
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"Duel", "enter")
        await pilot.pause()
        assert {entry.name for entry in saves.list_saves()} == {"Duel", "Friday"}
        assert screen.selected().name == "Duel"


async def test_a_renamed_match_goes_by_its_new_name_in_the_statistics():
    # Issue 34 (playtest): the Statistics screen kept the old name, and its replay found no such save.
    match = Match.new(["Ann", "Mario"], seed=3, target=30)
    while not match.is_over:
        if match.round.is_over:
            match.next_round()
        else:
            match.apply(match.legal_actions()[0])
    seats = [saves.Seat("Ann"), saves.Seat("Mario", "random", seed=1)]
    saves.write_atomic(saves.path_of("Friday"), saves.dumps(match, seats=seats, created=FIXED, updated=FIXED))
    stats.record(stats.match_record("Friday", saves.load_game("Friday")))
    application = app()
    async with application.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"Derby", "enter")
        await pilot.pause()
        assert {entry.name for entry in saves.list_saves()} == {"Derby"}
        await pilot.press("escape", "t")
        await pilot.pause()
        screen = application.screen
        assert isinstance(screen, StatsScreen)
        assert screen.summary is not None and [line.save for line in screen.summary.matches_list] == ["Derby"]
        assert "Score race: Derby" in str(screen.query_one("#race-title", Static).render())


# 101: a date is written "Nov 30 12:00" (one cell more than the ambiguous "11-30 12:00", found in play).
@pytest.mark.parametrize("size", [(80, 24), (101, 24)])
async def test_the_load_list_gives_the_scores_room_at_80_columns(size):
    # Issue 34 (playtest): at 80 columns the Scores column was cut to "Ann 0, Mari…".
    write_save("match 2026-12-02 19.26", players=("Ann", "Mario", "Luigi", "Peach"))
    write_save("Mixed", players=("Ann", "Bowser"), seed=9, rules=HouseRules(jump_in=True, seven_zero=True))
    application = app()
    async with application.run_test(size=size) as pilot:
        await pilot.press("l")
        await pilot.pause()
        table = application.screen.query_one(DataTable)
        titles = [str(column.label) for column in table.columns.values()]
        widths = {str(column.label): column.width for column in table.columns.values()}
        assert table.virtual_size.width <= size[0]  # no sideways scrolling
        assert titles[0] == "Name" and titles[-1] == "Scores" and "Status" in titles
        assert widths["Scores"] >= len("Ann 0, Mario 0, Luigi 0")
        scores = {str(key.value): str(table.get_row(key)[-1]) for key in table.rows}
        assert scores["match 2026-12-02 19.26"] == "Ann 0, Mario 0, Luigi 0, Peach 0"
        if size[0] >= 100:  # room for how many play and under which rules
            assert "Players" in titles and "Rules" in titles


@pytest.mark.parametrize(("language", "shown_as"), [("sk", "Ty"), ("nl", "Jij"), ("en", "You")])
async def test_the_default_name_is_offered_in_the_language_and_kept_as_the_default(language, shown_as):
    # Found by the translators: the Dutch form offered "You" as the name, which the table then wrote.
    from unokart_tui.voice import use_process_language

    use_process_language(language)
    try:
        application = app()
        async with application.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            screen = application.screen
            assert screen.query_one("#name").value == shown_as
            form = screen.read_form()
            assert form is not None and form.name == "You"  # saved as the default, shown in each reader's language
            screen.query_one("#name").value = "Ann"
            form = screen.read_form()
            assert form is not None and form.name == "Ann"
    finally:
        use_process_language(None)
