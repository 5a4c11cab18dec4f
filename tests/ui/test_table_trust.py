"""What a new player's playtest found hidden or glued at the table (issue 34): the banner under the round's
dialog, the room left empty at 200x60, words glued where a log line wraps, notices over the log."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from unokart_tui.engine import Phase
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.choices import ChallengeDialog
from unokart_tui.tui.dialogs.notices import NoticeDialog
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets.banner import BannerView
from unokart_tui.tui.widgets.gamelog import GameLog
from unokart_tui.tui.widgets.hand import HandView

from ..fakeclock import FakeClock
from .helpers import (
    QUICK,
    SETTINGS,
    first_playable_card,
    forgetful_bots,
    make_app,
    one_card_from_the_end,
    play_at_engine_speed,
    play_until,
    run_clock_until,
    settle,
    take_turn_with_keys,
    until,
)
from .screen import screen_lines

SVG = "{http://www.w3.org/2000/svg}"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
NBSP = "\N{NO-BREAK SPACE}"

# ---------------------------------------------------------------------- the round's end


@pytest.mark.table(seed=11, position=one_card_from_the_end)
async def test_the_round_dialog_carries_the_win_banner_it_covers(pilot):
    # Found in play: the round's dialog came up over the banner saying who went out.
    app = pilot.app
    table = app.screen
    assert isinstance(table, GameScreen)
    await play_until(pilot, lambda a: isinstance(a.screen, NoticeDialog))
    on_table = table.banner_view.banner
    assert on_table is not None and on_table.kind == "win"
    dialog = app.screen
    shown = dialog.query_one(BannerView)
    assert shown.banner == on_table
    box = dialog.query_one(".box").region
    assert shown.region.height and box.contains_region(shown.region)  # drawn, inside the dialog on top
    assert on_table.text in str(shown.render())
    assert not dialog.query(".title")  # the title said the same: not twice


# ---------------------------------------------------------------------- words glued at a wrap


@pytest.mark.table(seed=1, size=(120, 40))
async def test_a_screenshot_keeps_the_space_after_a_painted_card(pilot):
    # Found in the 120x40 challenge snapshot: "Wild Draw Fourand calls blue." The log held the space (its
    # line is "... Wild Draw Four and"); the SVG's run " and" began with the space, and librsvg dropped it.
    app = pilot.app
    await play_until(pilot, lambda a: isinstance(a.screen, ChallengeDialog))
    log = app.screen_stack[-2].query_one(GameLog)
    assert any(strip.text.rstrip().endswith("Wild Draw Four and") for strip in log.lines)
    root = ElementTree.fromstring(app.export_screenshot())
    runs = [text.text or "" for text in root.iter(f"{SVG}text")]
    assert any(run.startswith((" ", NBSP)) and run.strip() == "and" for run in runs)
    assert root.get(XML_SPACE) == "preserve"  # kept by every SVG viewer, librsvg's too


# ---------------------------------------------------------------------- the room of a large terminal


def blank_felt_rows(app) -> list[int]:
    """The rows inside the felt's border with nothing on them (the hidden banner's rows among them)."""
    felt = app.screen.query_one("#felt").region.shrink((1, 1, 1, 1))
    rows = ["".join(segment.text for segment in line) for line in screen_lines(app, felt)]
    return [felt.y + number for number, row in enumerate(rows) if not row.strip()]


@pytest.mark.table(seed=7, size=(200, 60))
async def test_the_table_at_200x60_gives_its_rows_to_the_seats(pilot):
    # Found in play at 200x60: about 11 rows of the felt blank, the seats' stories cut to fit 50 rows.
    # The player's turn, the bots' moves told: one pause was not always enough for them on a loaded machine.
    await until(pilot, pilot.app.session.is_human_turn)
    await pilot.pause()
    blank = blank_felt_rows(pilot.app)
    assert len(blank) <= 5, blank  # the piles' breathing room, no more (12 before)
    top = pilot.app.screen.query_one("#seats-top SeatView")
    assert top.content_size.height >= 10  # a story of six moves before the last, under the fan of backs


# ---------------------------------------------------------------------- notices over the log


def notices(app) -> list[str]:
    return [notice.message for notice in app._notifications]


@pytest.mark.table(seed=11, pace=QUICK._replace(bot_delay=1.0))
async def test_a_refusal_goes_when_the_players_turn_comes_and_other_notices_stay(pilot):
    # Found in play: "Wait for your turn." stayed over the log into the player's turn, after it had passed.
    app = pilot.app
    await pilot.pause()
    assert not app.session.is_human_turn()
    app.notify("A notice about the match, not the moment.", timeout=60)
    await pilot.click(HandView, offset=(3, 2))  # a card clicked while the bots play
    await pilot.pause()
    assert "Wait for your turn." in notices(app)
    await run_clock_until(pilot, app.session.is_human_turn)
    await pilot.pause()
    assert notices(app) == ["A notice about the match, not the moment."]


@pytest.mark.table(seed=11)
async def test_a_refusal_goes_when_the_player_acts(pilot):
    app = pilot.app
    await settle(pilot)
    assert app.session.is_human_turn()
    await pilot.press("c")  # nobody to catch
    await pilot.pause()
    assert "Nobody can be caught right now." in notices(app)
    await take_turn_with_keys(pilot)
    await pilot.pause()
    assert "Nobody can be caught right now." not in notices(app)


# ---------------------------------------------------------------------- the log after an undo


@pytest.mark.table(seed=7)
async def test_the_lines_of_the_moves_an_undo_took_back_are_struck_and_dimmed(pilot):
    # Playtest (issue 34): after an undo the lines of the moves taken back read as if they had happened.
    app = pilot.app
    table = app.screen
    assert isinstance(table, GameScreen)
    await settle(pilot)
    log = table.query_one(GameLog)
    before = len(log.entries)
    await take_turn_with_keys(pilot)
    await settle(pilot)
    played = len(log.entries)
    assert played > before and table.controller.may("undo")
    await pilot.press("z")
    await pilot.pause()
    entries = log.entries
    taken_back, undo_line = entries[before:played], entries[played]
    assert all("strike" in entry.style and "dim" in entry.style for entry in taken_back)
    assert "strike" not in undo_line.style and "You take back" in undo_line.plain
    assert not any("strike" in entry.style for entry in entries[:before])


# ---------------------------------------------------------------------- a key that does nothing says why


async def test_draw_pressed_during_the_bots_turn_at_a_resumed_table_says_why_u2(tmp_path, monkeypatch):
    """Reported: a table resumed while a bot was open to a catch (U2) dropped ``d`` without a word.

    A bot decides then (the player's d came during the bots' moves): ``d`` draws nothing, and the key bar
    hid the draw, so the key went to no binding at all. It must say why, as a click on the draw pile did.
    """
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "cfg"))
    slow = QUICK._replace(bot_delay=30, catch_window=30)  # the bots wait: the moment stays while d is pressed
    app = make_app(seed=11, profile=forgetful_bots(tmp_path / "cfg"), pace=slow)
    session = app.session
    play_at_engine_speed(
        session,
        lambda match: match.round.exposed not in (None, HUMAN) and match.round.decider != HUMAN,
        player=first_playable_card,
    )
    session.close()
    resumed = Session.load("test match")
    app = UnoKartApp(resumed, settings=SETTINGS, pace=slow, clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert resumed.match.round.exposed not in (None, HUMAN) and not resumed.is_human_turn()
        history = list(resumed.match.history[-1])
        await pilot.press("d")
        await pilot.pause()
        assert list(resumed.match.history[-1]) == history
        assert "Wait for your turn." in notices(app)
    resumed.close()


async def test_draw_pressed_again_after_drawing_says_why_t3():
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        await settle(pilot)
        app.screen.controller.pacer.set_pace(QUICK._replace(bot_delay=30))  # the next bot waits
        await pilot.press("d")
        await until(pilot, lambda: session.view().phase is Phase.DRAWN)  # seed 11: the card drawn can be played
        history = list(session.match.history[-1])
        await pilot.press("d")  # T3: one card is drawn, then it is played or kept
        await pilot.pause()
        assert list(session.match.history[-1]) == history
        assert "You can't draw now: play the card just drawn or keep it." in notices(app)
