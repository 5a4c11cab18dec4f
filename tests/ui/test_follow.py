"""A table you can follow (issue 13): keys act where they were pressed, settings reach the match,
the log survives a resize and a resume, banners, the catch window, the guide, saving that fails."""

from __future__ import annotations

import time

import pytest
from rich.text import Text
from textual import events
from textual.app import App
from textual.widgets import Select, Static

import saves
from unokart_tui.engine import Card, Match, Phase, Play
from unokart_tui.settings import load_settings
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.table.tableview import SeatLine
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.choices import ColorDialog
from unokart_tui.tui.dialogs.confirm import ConfirmDialog
from unokart_tui.tui.dialogs.guide import GuideDialog
from unokart_tui.tui.dialogs.notices import NoticeDialog, round_over
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.screens.rules import RulesScreen
from unokart_tui.tui.screens.settings import SettingsScreen
from unokart_tui.tui.widgets.gamelog import GameLog
from unokart_tui.tui.widgets.hand import HandView
from unokart_tui.tui.widgets.keybar import KeyBar
from unokart_tui.tui.widgets.players import PlayerRow

from .helpers import (
    QUICK,
    SETTINGS,
    as_with_keys,
    forgetful_bots,
    holds_on,
    let_time_pass,
    make_app,
    one_card_from_the_end,
    play_at_engine_speed,
    play_until,
    run_clock_until,
    settle,
    take_turn_with_keys,
    until,
)


def seats_that_acted(match: Match) -> list[int]:
    """Who decided each action of the current round (the match played again from its seed)."""
    again = Match(match.names, seed=match.seed, target=match.target)
    *earlier, current = match.history
    for actions in earlier:
        for action in actions:
            again.apply(action)
        again.next_round()
    seats = []
    for action in current:
        seats.append(again.round.decider)
        again.apply(action)
    return seats


def on_screen(app: App[None], *words: str) -> bool:
    """Whether each word is painted on the screen (dialogs and what shows through them)."""
    screenshot = app.export_screenshot()
    return all(word in screenshot for word in words)


def key_bar_text(app: App[None]) -> str:
    return str(app.screen.query_one(KeyBar).render())


# ---------------------------------------------------------------------- keys act where they were pressed


@pytest.mark.table(seed=11, position=one_card_from_the_end)
async def test_the_enter_that_closes_the_round_dialog_plays_no_card(pilot):
    # Issue 13, bug 1: at instant speed one Enter on "next round" also played the player's card.
    app = pilot.app
    await play_until(pilot, lambda a: isinstance(a.screen, NoticeDialog) and "won the round" in a.screen.title_text)
    await pilot.press("enter")
    for _ in range(200):  # found by CI under load: settle() returned while the dialog was still closing
        if isinstance(app.screen, GameScreen):
            break
        await pilot.pause()
    await settle(pilot)
    match = app.session.match
    assert match.round_number == 2 and app.session.is_human_turn()
    acted = seats_that_acted(match)
    assert acted and 0 not in acted  # the bots before the player moved; the player did not
    assert isinstance(app.screen, GameScreen)


@pytest.mark.table(seed=11, pace=QUICK._replace(bot_delay=1.0))
async def test_a_key_pressed_before_the_players_turn_began_plays_nothing(pilot):
    # Bots must not run ahead into the player's turn with a key still on its way.
    app = pilot.app
    await pilot.pause()
    assert not app.session.is_human_turn()
    early = events.Key("enter", None)  # pressed (stamped) while the bots are still playing
    await run_clock_until(pilot, app.session.is_human_turn)
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.controller.pacer.pressed_before_decision(
        screen.clock.at(early.time)
    )
    done = len(app.session.match.history[-1])
    app.post_message(early)
    await pilot.pause()
    assert len(app.session.match.history[-1]) == done
    assert any("before your turn began" in note.message for note in app._notifications)
    await pilot.press("enter")  # pressed now, it plays
    await pilot.pause()
    assert len(app.session.match.history[-1]) > done


async def test_a_key_pressed_before_a_dialog_appeared_does_not_answer_it():
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        answers: list[object] = []
        dialog = ColorDialog("a test")
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        early = events.Key("r", "r")
        early.time = time.monotonic() - 10
        app.post_message(early)
        await pilot.pause()
        assert answers == [] and app.screen is dialog
        await pilot.press("g")
        await pilot.pause()
        assert [a.value for a in answers] == ["green"]


# ---------------------------------------------------------------------- settings reach the match


@pytest.mark.slow
@pytest.mark.table(seed=7, pace=QUICK._replace(bot_delay=30))  # the bots would wait half a minute a move
async def test_a_new_bot_speed_holds_in_the_match_being_played(pilot):
    # Issue 13, bug 2: a speed changed in Settings during a match did nothing until it was reopened.
    app = pilot.app
    await pilot.pause()
    assert not app.session.is_human_turn()
    await app.run_action("app.settings")
    await pilot.pause()
    assert isinstance(app.screen, SettingsScreen)
    app.screen.query_one("#bot_speed", Select).value = "instant"
    await pilot.pause()
    await pilot.press("escape")
    await settle(pilot, limit=200)
    assert app.session.is_human_turn()
    assert load_settings()[0].bot_speed == "instant"


# ---------------------------------------------------------------------- the log


def forty_moves_into_a_round(match: Match) -> bool:
    """The player's turn after 40 moves of the round: the table opens on a log longer than a small screen."""
    return not match.round.is_over and match.round.decider == HUMAN and len(match.history[-1]) >= 40


@pytest.mark.slow
@pytest.mark.table(seed=7, size=(200, 60), position=forty_moves_into_a_round)
async def test_after_a_resize_the_log_shows_the_latest_moves(pilot):
    """Issue 13, bug 5: from 200x60 back to 80x24 the log showed its oldest lines.

    The moves are played at engine speed: the table tells the round so far when it opens, as a long log.
    """
    app = pilot.app
    await play_until(pilot, lambda a: len(a.screen.query_one(GameLog).lines) > 30 and a.session.is_human_turn())
    log = app.screen.query_one(GameLog)
    last = log.entries[-1].plain
    await pilot.resize_terminal(80, 24)
    await pilot.pause()
    await pilot.pause()
    assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
    width = log.scrollable_content_region.width
    assert all(line.cell_length <= width for line in log.lines)  # wrapped again to the new width
    shown = [line.text.rstrip() for line in log.lines[-4:]]
    assert last.split()[-1] in " ".join(shown)


@pytest.mark.table(seed=7, pace=QUICK._replace(bot_delay=30))
async def test_the_log_scrolls_back_with_page_up_and_stays_there_while_play_goes_on(pilot):
    app = pilot.app
    await pilot.pause()
    screen = app.screen
    log = screen.query_one(GameLog)
    for number in range(30):  # enough lines to scroll
        log.add(Text(f"· line {number}"))
    await pilot.pause()
    assert "PgUp" in key_bar_text(app)
    bottom = log.max_scroll_y
    await pilot.press("pageup")
    await pilot.pause()
    assert log.scroll_y < bottom and not log.following
    log.add(Text("· a new line"))  # does not pull the reader back down
    await pilot.pause()
    assert log.scroll_y < log.max_scroll_y
    await pilot.press("pagedown", "pagedown", "pagedown", "pagedown")
    await pilot.pause()
    assert log.following


@pytest.mark.table(seed=7, position=one_card_from_the_end)
async def test_a_new_round_brings_a_scrolled_back_log_to_its_end(pilot):
    # Found in play: after one PgUp in round 1, round 2 went on out of sight.
    app = pilot.app
    await play_until(pilot, lambda a: isinstance(a.screen, NoticeDialog))  # the round is over
    game = app.screen_stack[-2]
    assert isinstance(game, GameScreen)
    log = game.query_one(GameLog)
    log.scroll_home(animate=False, immediate=True)
    await pilot.pause()
    assert not log.following
    await pilot.press("enter")  # the next round
    await until(pilot, lambda: app.session.match.round_number == 2)
    await pilot.pause()
    assert log.following and log.scroll_y == log.max_scroll_y
    assert any(entry.plain == "— Round 2 —" for entry in log.entries)


@pytest.mark.table(seed=7, pace=QUICK._replace(bot_delay=1.0))
async def test_the_players_turn_brings_a_scrolled_back_log_to_its_end(pilot):
    # Found in play: scrolled back to read, a player went on reading old lines at their own turn.
    app = pilot.app
    await run_clock_until(pilot, app.session.is_human_turn)
    screen = app.screen
    log = screen.query_one(GameLog)
    await take_turn_with_keys(pilot)
    await pilot.pause()
    assert not app.session.is_human_turn()
    log.scroll_home(animate=False, immediate=True)
    await pilot.pause()
    assert not log.following
    await run_clock_until(
        pilot, lambda: app.session.is_human_turn() or not isinstance(app.screen, GameScreen), limit=100
    )
    assert app.session.is_human_turn() and isinstance(app.screen, GameScreen)
    await pilot.pause()
    assert log.following and log.scroll_y == log.max_scroll_y


@pytest.mark.table(seed=7)
async def test_home_and_end_move_the_cursor_to_the_first_and_the_last_card(pilot):
    app = pilot.app
    await settle(pilot)
    screen = app.screen
    count = len(screen.hand.state.cards)
    await pilot.press("end")
    assert screen.controller.cursor == count - 1
    await pilot.press("home")
    assert screen.controller.cursor == 0


@pytest.mark.slow
async def test_a_resumed_match_shows_the_moves_before_it_was_left():
    # Issue 13, bug 6: a resumed match started with an empty log.
    app = make_app(seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, lambda a: len(a.session.match.history[-1]) >= 15 and a.session.is_human_turn())
        before = [entry.plain for entry in app.screen.query_one(GameLog).entries if entry.plain.startswith("·")]
        await pilot.press("q")
        await pilot.pause()
    again = UnoKartApp(Session.load("test match"), settings=SETTINGS, pace=QUICK)
    async with again.run_test(size=(120, 40)) as pilot:
        log = again.screen.query_one(GameLog)
        await until(pilot, lambda: any(entry.plain.startswith("Welcome back") for entry in log.entries))
        after = [entry.plain for entry in log.entries]
        assert after[-1].startswith("Welcome back") and after[-2].startswith("At the table: Mario (greedy)")
        assert after[-2 - 8 : -2] == before[-8:]  # the same last moves, word for word
        # At 120x40 the seats around the table show it (the compact table's rows are hidden, left alone).
        rows = [seat.info.last for seat in again.screen.places]
        assert all(rows[1:])  # every bot's last move is on the table again
    again.session.close()


async def test_a_match_resumed_early_in_a_round_also_shows_how_the_last_one_ended():
    session = Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=7, name="later")
    while session.match.round_number == 1 or len(session.match.history[-1]) < 3:
        if session.match.round.is_over:
            session.next_round()
            continue
        seat = session.match.round.decider
        session.apply(session.bot_action(seat) if seat in session.bots else session.match.legal_actions()[-1])
    session.close()
    app = UnoKartApp(Session.load("later"), settings=SETTINGS, pace=QUICK._replace(bot_delay=60))
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.screen.query_one(GameLog)
        await until(pilot, lambda: any(entry.plain.startswith("Welcome back") for entry in log.entries))
        told = [entry.plain for entry in log.entries]
        assert "— Round 1 —" in told and "— Round 2 —" in told
        assert any(line.startswith("★") and "round" in line for line in told)  # round 1's winner
        assert told[-1] == "Welcome back: round 2 goes on."
    app.session.close()


# ---------------------------------------------------------------------- UNO


def a_bot_about_to_go_out(match: Match) -> bool:
    """A bot to act, one play from ending the round."""
    return match.round.decider != HUMAN and one_card_from_the_end(match)


@pytest.mark.slow
async def test_uno_said_ahead_goes_with_its_round():
    """The round played at engine speed, the player only drawing, to a bot's last card; "u" said ahead then, while
    the bot waits, and the bot's card ends the round with UNO still ready (issue 30: the round drawn through the
    table, "u" at its first turn, cost 2.5 CPU-s, and its first draw had already put UNO said ahead off)."""
    # Issue 13, bug 7: "[UNO ready]" carried into the next round.
    app = make_app(seed=11, pace=QUICK._replace(bot_delay=30))
    play_at_engine_speed(app.session, a_bot_about_to_go_out, player=holds_on)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("u")  # said ahead, and the round ends before the player's next move
        assert "[UNO ready]" in app.screen.query_one(HandView).state.title
        await run_clock_until(pilot, lambda: isinstance(app.screen, NoticeDialog))
        assert app.session.match.round.is_over and app.screen_stack[-2].controller.uno_ahead.armed
        app.screen_stack[-2].controller.pacer.set_pace(QUICK._replace(bot_delay=30))  # round 2 waits on its first bot
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.match.round_number == 2 and not app.session.is_human_turn()
        assert "UNO ready" not in app.screen.query_one(HandView).state.title


async def test_uno_said_ahead_goes_when_the_player_draws_instead():
    """Found in play: "[UNO ready]" stayed on at 3 cards, then 5, after "u" and a draw."""
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("u")
        await pilot.pause()
        assert "[UNO ready]" in app.screen.query_one(HandView).state.title
        await pilot.press("d")  # T3: a card more; UNO said ahead was for a hand one play from one card
        await pilot.pause()
        assert "UNO ready" not in app.screen.query_one(HandView).state.title
        assert any("UNO said ahead is off" in note.message for note in app._notifications)  # and it says so
    app.session.close()


@pytest.mark.slow
async def test_uno_after_ones_chance_has_gone_says_it_is_too_late(tmp_path, monkeypatch):
    # Issue 13, bug 7: "u" after the player's exposure ended said nothing (and got ready for nothing).
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "cfg"))
    app = make_app(seed=11, profile=forgetful_bots(tmp_path / "cfg"))  # bots that never catch

    def two_cards_and_a_play(match: Match) -> bool:  # played to at engine speed (issue 30: 2.3 CPU-s at the table)
        plays = [x for x in match.legal_actions() if isinstance(x, Play) and not x.card.is_wild]
        return match.round.decider == HUMAN and len(match.round.hands[HUMAN]) == 2 and bool(plays)

    play_at_engine_speed(app.session, two_cards_and_a_play, player=as_with_keys, reactions=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert two_cards_and_a_play(app.session.match)
        screen = app.screen
        screen.controller.pacer.set_pace(QUICK._replace(catch_window=30))  # time to look before the bots go on
        card = next(x.card for x in app.session.match.legal_actions() if isinstance(x, Play) and not x.card.is_wild)
        screen.controller.cursor = screen.query_one(HandView).state.cards.index(card)
        await pilot.press("enter")  # no "u": the player forgot
        assert app.session.match.round.exposed == 0
        screen.controller.pacer.set_pace(QUICK)
        await settle(pilot)  # the next bot plays: the chance is gone
        assert app.session.match.round.exposed is None and len(app.session.view().hand) == 1
        # U2: the log says the chance passed (found in play: the warning just vanished).
        log = [entry.plain for entry in screen.query_one(GameLog).entries]
        assert "Nobody caught you without UNO: the chance has passed." in log
        await pilot.press("u")
        await pilot.pause()
        assert any("Too late to say UNO" in note.message for note in app._notifications)
        assert "UNO ready" not in screen.query_one(HandView).state.title


@pytest.mark.slow
async def test_a_catch_after_the_chance_has_gone_says_it_is_too_late(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "cfg"))
    app = make_app(seed=11, profile=forgetful_bots(tmp_path / "cfg"))

    def a_bot_exposed(match: Match) -> bool:  # played to at engine speed (issue 30: 2.2 CPU-s at the table)
        round_ = match.round
        return round_.decider == HUMAN and round_.phase in (Phase.PLAY, Phase.DRAWN) and round_.exposed not in (None, 0)

    play_at_engine_speed(app.session, a_bot_exposed, player=as_with_keys, reactions=True)
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        await settle(pilot)
        exposed = session.match.round.exposed
        assert a_bot_exposed(session.match)
        name = session.names[exposed]
        await pilot.press("d" if session.view().phase is Phase.PLAY else "p")  # the player moves on instead
        await pilot.pause()
        assert session.match.round.exposed is None
        log = [entry.plain for entry in app.screen.query_one(GameLog).entries]
        assert f"Nobody caught {name} without UNO in time." in log
        await pilot.press("c")
        await pilot.pause()
        assert any(note.message.startswith("Too late") for note in app._notifications), name


def test_catch_is_never_shown_next_to_the_players_own_name():
    class Rows(App[None]):
        def compose(self):
            yield PlayerRow(id="you")
            yield PlayerRow(id="bot")

    async def check() -> None:
        app = Rows()
        async with app.run_test(size=(40, 5)) as pilot:
            line = SeatLine(0, "Ann", "human", 1, 0, False, True, True, "played R7")
            app.query_one("#you", PlayerRow).info = line
            app.query_one("#bot", PlayerRow).info = line._replace(seat=1, name="Mario", kind="greedy", you=False)
            await pilot.pause()
            you, bot = (row.render_line(0).text for row in app.query(PlayerRow))
            assert "CATCH" not in you and "say UNO! (u)" in you
            assert "CATCH! (c)" in bot

    import asyncio

    asyncio.run(check())


async def test_a_narrow_players_list_names_a_bots_personality_until_its_first_move():
    """Found in play at 80 columns: nothing on screen said which opponent was the expert."""

    class Rows(App[None]):
        def compose(self):
            yield PlayerRow(id="you")
            yield PlayerRow(id="bot")

    app = Rows()
    async with app.run_test(size=(40, 5)) as pilot:  # narrower than WIDE: no column of personalities
        line = SeatLine(1, "Mario", "expert", 7, 0, False, False, False, "")
        app.query_one("#you", PlayerRow).info = line._replace(seat=0, name="Ann", kind="human", you=True)
        app.query_one("#bot", PlayerRow).info = line
        await pilot.pause()
        you, bot = (row.render_line(0).text for row in app.query(PlayerRow))
        assert "expert" in bot and "human" not in you
        app.query_one("#bot", PlayerRow).info = line._replace(last="played R7")
        await pilot.pause()
        assert "played R7" in app.query_one("#bot", PlayerRow).render_line(0).text


# ---------------------------------------------------------------------- dialogs over the table


class Styled(App[None]):
    CSS_PATH = "../../unokart_tui/tui/unokart.tcss"


async def test_the_round_summary_wraps_a_long_hand_under_itself():
    # Issue 13, bug 8: a 12-card hand wrapped to column 2 and the box ran over the hand.
    faces = ("R1", "R2", "Y+2", "G3", "BS", "BR", "W+4", "WI", "Y9", "G9", "B5", "R8")
    cards = tuple(Card.parse(text) for text in faces)
    rows = [("Ann", cards, 196), ("Mario", cards[:3], 23), ("Peach", cards[:2], 3)]
    dialog = round_over("Luigi", 222, rows, "Ann 0, Mario 0, Luigi 222, Peach 0")
    app = Styled()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(dialog)
        await pilot.pause()
        body = dialog.query(Static)[1]
        lines = [strip.text.rstrip() for strip in body.render_lines(body.size.region)]
        assert lines[0].split() == ["cards", "left", "points"]  # the points are the cards', not a score
        assert lines[1].startswith("Ann") and lines[1].endswith("196")
        column = lines[1].index("R1")
        assert lines[2][:column].strip() == ""  # the rest of Ann's cards, under her first ones
        assert lines[2][column] in "RYGBW"
        assert lines[3].startswith("Mario")
        assert dialog.query_one(".box").region.bottom <= 23  # above the dialog's own key bar


def near_the_rounds_end(match: Match) -> bool:
    """The player's turn in round 1 while a seat is on its last card: the round is a few moves from its end."""
    round_ = match.round
    return (
        match.round_number == 1
        and not round_.is_over
        and round_.decider == HUMAN
        and min(len(hand) for hand in round_.hands) == 1
    )


@pytest.mark.slow
@pytest.mark.table(seed=7, position=near_the_rounds_end)
async def test_the_key_bar_behind_a_dialog_shows_the_dialogs_keys(pilot):
    """The guide over the table, then the round-over notice: the round is played to near its end at engine speed."""
    app = pilot.app
    await settle(pilot)
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, GuideDialog)
    keys = key_bar_text(app)
    assert "Got it" in keys and "All the rules" in keys
    assert "Quit" not in keys and "Draw" not in keys and "Don't show" not in keys
    await pilot.press("enter")
    await play_until(pilot, lambda a: isinstance(a.screen, NoticeDialog))
    assert "Next round" in key_bar_text(app) and "Quit" not in key_bar_text(app)


@pytest.mark.table(seed=7, pace=QUICK._replace(bot_delay=30))
async def test_no_bot_thinks_while_the_player_reads_a_dialog(pilot):
    app = pilot.app
    hand = app.screen.query_one(HandView)
    await until(pilot, lambda: "is thinking" in hand.state.title)  # Mario leads, and takes his time
    await pilot.press("question_mark")
    await pilot.pause()
    assert "thinking" not in hand.state.title and "close the dialog" in hand.state.title


# ---------------------------------------------------------------------- the first-game guide


@pytest.mark.table(seed=7, settings=SETTINGS._replace(guide=True))
async def test_the_first_game_guide_explains_the_item_box_over_the_table_and_can_be_turned_off(pilot):
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, GuideDialog))
    assert on_screen(app, "Mushroom", "Banana", "Green", "Lightning", "Bob-omb")
    assert on_screen(app, "Players", "Table", "Colour")  # the table stays in view above it
    assert app.session.match.history == ((),)  # nothing happens while it is read
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    assert load_settings()[0].guide is False
    await pilot.press("question_mark", "r")  # the help is the same guide, and leads to the rules
    await pilot.pause()
    assert isinstance(app.screen, RulesScreen)
    assert on_screen(app, "Mushroom", "Lightning")  # the rules begin with the same few lines


async def test_the_first_game_guide_is_shown_once_whatever_closes_it():
    """Closed with enter, it is not shown again: not at the next match (the setting is saved off), and not when
    this match is resumed. The resumed match was a test of its own that showed and closed the guide the same way
    first (issue 30: one table fewer to start)."""
    # Issue 34: closed with enter, it came back with every new match until n.
    app = make_app(seed=7, settings=SETTINGS._replace(guide=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GuideDialog))
        assert "Got it (? at the table shows it again)" in key_bar_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.guide is False
        assert load_settings()[0].guide is False and app.settings.guide is False
        await run_clock_until(pilot, app.session.is_human_turn)  # the table's clock runs on
        await pilot.press("q")
        await pilot.pause()
    # Resumed with the guide asked for (as a player's settings file could still say): the match has had it.
    again = UnoKartApp(Session.load("test match"), settings=SETTINGS._replace(guide=True), pace=QUICK)
    async with again.run_test(size=(80, 24)) as pilot:
        log = again.screen.query_one(GameLog)
        await until(pilot, lambda: any(entry.plain.startswith("Welcome back") for entry in log.entries))
        assert isinstance(again.screen, GameScreen)
    again.session.close()


# ---------------------------------------------------------------------- saving that fails


async def test_while_saving_fails_the_table_says_so_and_catches_up_when_it_works_again(tmp_path, monkeypatch):
    # Issue 14, item 8: a lasting notice, an honest quit dialog, and saving again as soon as it can.
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("UNOKART_DATA_DIR", str(blocker / "data"))
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notice = app.screen.query_one("#save-problem", Static)
        assert notice.display and "Saving fails" in str(notice.render())
        assert "never saved" in str(notice.render())
        await pilot.press("d")  # the game goes on
        await settle(pilot)
        await pilot.press("q")  # leaving now would lose the match: the dialog says so
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "never saved" in app.screen.detail and "lost" in app.screen.detail
        assert "It is saved" not in app.screen.detail
        await pilot.press("n")
        await pilot.pause()
        blocker.unlink()  # the disk is back: the next try saves everything
        await let_time_pass(pilot, QUICK.save_retry - 0.1)
        assert notice.display  # the next try has not come yet
        await let_time_pass(pilot, 0.1)
        assert not notice.display
        assert saves.load("test match").round == app.session.match.round
        assert any("Saved again" in note.message for note in app._notifications)
    app.session.close()


@pytest.mark.slow
@pytest.mark.table(seed=7)
async def test_behind_the_too_small_notice_the_table_waits_and_keys_do_nothing(pilot):
    # Found in play: at 60x20 a "d" took a stack nobody could see, and the bots played on.
    app = pilot.app
    await settle(pilot)
    screen, session = app.screen, app.session
    assert isinstance(screen, GameScreen) and session.is_human_turn()
    await pilot.resize_terminal(60, 20)
    await pilot.pause()
    assert screen.query_one("#too-small").display and screen.controller.pacer.held  # the bots wait too
    moves = screen.controller.moves()
    await pilot.press("d", "enter", "f")
    await pilot.pause()
    assert screen.controller.moves() == moves and session.is_human_turn()
    assert "Draw" not in key_bar_text(app) and "Quit" in key_bar_text(app)
    await pilot.resize_terminal(80, 24)
    await pilot.pause()
    assert not screen.query_one("#too-small").display and not screen.controller.pacer.held
    await pilot.press("d")
    await pilot.pause()
    assert screen.controller.moves() > moves  # the table is back, and so are its keys
