"""What the player sees: the compact table at 80x24, the roomy one at 120x40 and 200x60, each theme,
the ASCII glyph set, NO_COLOR. Seeded matches, bots at full speed, no animations."""

from __future__ import annotations

import pytest

from unokart_tui.engine import Phase, Play, Rank
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.choices import ChallengeDialog, TargetDialog
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.themes import THEMES
from unokart_tui.tui.widgets.banner import BannerView
from unokart_tui.tui.widgets.hand import HandView

from .helpers import (
    QUICK,
    SETTINGS,
    a_move_before,
    answer_dialog,
    as_with_keys,
    forgetful_bots,
    holds_on,
    make_app,
    one_card_from_the_end,
    play_at_engine_speed,
    play_until,
    settle,
    take_turn_with_keys,
)

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
LINE_UPS = {
    1: ("challenger",),
    3: ("greedy", "challenger", "item-hoarder"),
    9: ("greedy", "challenger", "item-hoarder", "random") * 2 + ("greedy",),
}


@pytest.mark.slow
@pytest.mark.parametrize("opponents", [1, 3, 9])
@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
def test_the_roomy_table(snap_compare, size, opponents):
    # The players seated round the piles, the log beside the table, full-size cards.
    assert snap_compare(make_app(bots=LINE_UPS[opponents], seed=7), terminal_size=size, run_before=settle)


@pytest.mark.slow
@pytest.mark.parametrize("theme", [theme.name for theme in THEMES])
def test_each_theme(snap_compare, theme):
    settings = SETTINGS._replace(theme=theme)
    assert snap_compare(make_app(seed=7, settings=settings), terminal_size=(80, 24), run_before=settle)


@pytest.mark.slow
@SIZES
def test_the_ascii_glyph_set(snap_compare, size):
    settings = SETTINGS._replace(glyphs="ascii")
    assert snap_compare(make_app(seed=7, settings=settings), terminal_size=size, run_before=settle)


def test_no_color(snap_compare, monkeypatch):
    # NO_COLOR (no-color.org): letters, symbols and outlines carry everything the colours do.
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(make_app(seed=7), terminal_size=(80, 24), run_before=settle)


@pytest.mark.slow
@SIZES
def test_table_three_opponents(snap_compare, size):
    assert snap_compare(make_app(seed=7), terminal_size=size, run_before=settle)


@pytest.mark.slow
@SIZES
def test_table_one_opponent(snap_compare, size):
    assert snap_compare(make_app(bots=("challenger",), seed=3), terminal_size=size, run_before=settle)


@pytest.mark.slow
@SIZES
def test_table_nine_opponents(snap_compare, size):
    bots = ("greedy", "challenger", "item-hoarder", "random") * 2 + ("greedy",)
    assert snap_compare(make_app(bots=bots, seed=5), terminal_size=size, run_before=settle)


@pytest.mark.slow
@SIZES
def test_colour_dialog_for_a_wild_draw_four(snap_compare, size):
    async def play_wild_draw_four(pilot):
        await settle(pilot)
        screen = pilot.app.screen
        cards = screen.query_one(HandView).state.cards
        screen.controller.cursor = next(i for i, card in enumerate(cards) if card.rank is Rank.WILD_DRAW_FOUR)
        await pilot.press("enter")

    assert snap_compare(make_app(seed=7), terminal_size=size, run_before=play_wild_draw_four)


@pytest.mark.slow
@SIZES
def test_help_dialog(snap_compare, size):
    async def open_help(pilot):
        await settle(pilot)
        await pilot.press("question_mark")

    assert snap_compare(make_app(seed=7), terminal_size=size, run_before=open_help)


@pytest.mark.slow
@SIZES
def test_round_over(snap_compare, size):
    # The round's 67 moves before the last at engine speed, the match move for move the one the keys would play
    # (the log of a table opened there begins with "Welcome back"); the last card through the table, whose
    # round-over dialog is the live one ("You win the round", not a resumed table's "You won").
    app = make_app(seed=11)
    play_at_engine_speed(app.session, one_card_from_the_end, player=as_with_keys, reactions=True)

    async def play_the_round(pilot):
        session = pilot.app.session
        for _ in range(400):
            await settle(pilot)
            if session.match.round.is_over:
                break
            if isinstance(pilot.app.screen, GameScreen):
                await take_turn_with_keys(pilot)
            else:
                await answer_dialog(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=play_the_round)


def the_player_decides(phase: Phase):
    def now(match) -> bool:
        return not match.round.is_over and match.round.decider == HUMAN and match.round.phase is phase

    return now


@pytest.mark.slow
@SIZES
def test_challenge_dialog(snap_compare, size):
    async def until_challenged(pilot):
        await play_until(pilot, lambda app: isinstance(app.screen, ChallengeDialog))

    app = a_move_before(the_player_decides(Phase.CHALLENGE), seed=1)
    assert snap_compare(app, terminal_size=size, run_before=until_challenged)


@pytest.mark.slow
@SIZES
def test_green_shell_target_dialog(snap_compare, size):
    async def until_aiming(pilot):
        await play_until(pilot, lambda app: isinstance(app.screen, TargetDialog))

    app = a_move_before(the_player_decides(Phase.CHOOSE_TARGET), seed=9)
    assert snap_compare(app, terminal_size=size, run_before=until_aiming)


def the_player_holds(cards: int):
    def now(match) -> bool:
        round_ = match.round
        return not round_.is_over and round_.decider == HUMAN and len(round_.hands[HUMAN]) >= cards

    return now


@pytest.mark.slow
@SIZES
def test_a_twenty_card_hand_still_fits(snap_compare, size):
    async def draw_twenty(pilot):
        await play_until(pilot, lambda app: len(app.session.view().hand) >= 20, draw_only=True)

    app = a_move_before(the_player_holds(20), player=holds_on, seed=7)
    assert snap_compare(app, terminal_size=size, run_before=draw_twenty)


@pytest.mark.slow
@SIZES
def test_match_over(snap_compare, size):
    async def until_the_end(pilot):
        await play_until(pilot, lambda app: app.session.match.is_over)
        await pilot.pause()

    app = make_app(seed=11, target=50)
    # As in test_round_over: all but the last card at engine speed; no "Match length" notice then, which came
    # and went on real time (12 s) while the round was played through the table.
    play_at_engine_speed(app.session, one_card_from_the_end, player=as_with_keys, reactions=True)
    assert snap_compare(app, terminal_size=size, run_before=until_the_end)


def a_bot_about_to_hold_one_card(match) -> bool:
    round_ = match.round
    plays = any(isinstance(action, Play) for action in match.legal_actions())
    return round_.decider != HUMAN and len(round_.hands[round_.decider]) == 2 and plays


@pytest.mark.slow
@SIZES
def test_an_exposed_opponent_can_be_caught(snap_compare, tmp_path, monkeypatch, size):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "cfg"))
    profile = forgetful_bots(tmp_path / "cfg")

    async def until_exposed(pilot):
        await play_until(pilot, lambda app: app.session.match.round.exposed not in (None, 0))

    app = make_app(seed=11, profile=profile)
    # At engine speed until a bot is about to play down to one card: it forgets UNO through the table.
    play_at_engine_speed(app.session, a_bot_about_to_hold_one_card, player=as_with_keys, reactions=True)
    assert snap_compare(app, terminal_size=size, run_before=until_exposed)


@pytest.mark.slow
@SIZES
def test_the_challenger_sees_the_hand(snap_compare, size):
    async def until_revealed(pilot):
        await play_until(
            pilot, lambda app: "shows you their hand" in getattr(app.screen, "title_text", ""), challenge=True
        )

    app = a_move_before(the_player_decides(Phase.CHALLENGE), seed=1)  # then the player challenges
    assert snap_compare(app, terminal_size=size, run_before=until_revealed)


def a_bot_plays_an_item_box():
    """A test of the match: whether the move just made was a bot's Wild Item Box (its seat noted at each call)."""
    deciders: list[int] = []

    def just_played(match) -> bool:
        moves = match.history[-1]
        last = moves[-1] if moves else None
        by_a_bot = bool(deciders) and deciders[-1] != HUMAN
        deciders.append(match.round.decider)
        return by_a_bot and isinstance(last, Play) and last.card.rank is Rank.WILD_ITEM_BOX

    return just_played


@pytest.mark.slow
@SIZES
def test_a_bots_item_box_shows_as_a_banner(snap_compare, size):
    def a_bots_item_box_just_went_off(app) -> bool:
        if not isinstance(app.screen, GameScreen) or not app.session.is_human_turn():
            return False
        shown = app.screen.query_one(BannerView).banner
        return shown is not None and shown.kind == "item" and not shown.text.startswith("Your")

    async def until_an_item_box(pilot):
        await play_until(pilot, a_bots_item_box_just_went_off)

    # The bot's Item Box itself comes through the table, and play goes on there until the player's turn.
    app = a_move_before(a_bot_plays_an_item_box(), seed=14)
    assert snap_compare(app, terminal_size=size, run_before=until_an_item_box)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"])
def test_the_table_after_each_seats_last_move(snap_compare, size):
    # At 200x60 the grand table: each seat's moves of the round, the scoreboard beside the piles (issue 34, item 6).
    def everyone_has_moved(app) -> bool:
        screen = app.screen
        if not isinstance(screen, GameScreen) or not app.session.is_human_turn():
            return False
        moves = screen.controller.notes.last
        return all(moves) and len({move.split()[0] for move in moves}) >= 3  # three kinds of move at least

    async def until_everyone_has_moved(pilot):
        await play_until(pilot, everyone_has_moved)
        await pilot.pause()

    assert snap_compare(make_app(seed=14), terminal_size=size, run_before=until_everyone_has_moved)


@pytest.mark.slow
@SIZES
def test_a_resumed_match_shows_its_recent_history(snap_compare, size):
    session = Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=7, name="resumed")
    for _ in range(30):  # the player takes the last legal action each time, the bots their own
        seat = session.match.round.decider
        session.apply(session.bot_action(seat) if seat in session.bots else session.match.legal_actions()[-1])
    session.close()
    app = UnoKartApp(Session.load("resumed"), settings=SETTINGS, pace=QUICK._replace(bot_delay=60))
    assert snap_compare(app, terminal_size=size)
    app.session.close()
