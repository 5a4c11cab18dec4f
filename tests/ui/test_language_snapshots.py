"""The table, a dialog and a form in Slovak and in Dutch (issue 32, item 4: it fits).

Slovak and Dutch run longer than English: the table at 80x24 and at 120x40, its key bar, the colour
dialog and the New game form must hold their words without cutting or overlapping them. A seeded
match a few moves in, bots at full speed, no animations, as in test_snapshots.py.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import Rank
from unokart_tui.settings import Settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets.hand import HandView
from unokart_tui.tui.widgets.keybar import KeyBar
from unokart_tui.voice import use_process_language

from .helpers import QUICK, answer_dialog, make_app, settle, take_turn_with_keys

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@pytest.fixture(params=["sk", "nl"])
def language(request):
    """The game speaks ``request.param`` in every screen, as a Language setting chosen at the start does."""
    use_process_language(request.param)
    yield request.param
    use_process_language(None)


async def a_few_moves_in(pilot) -> None:
    """The player's third turn: the log, the last moves and the seats have words of their own by then."""
    for _turn in range(2):
        await settle(pilot)
        if isinstance(pilot.app.screen, GameScreen):
            await take_turn_with_keys(pilot)
        else:
            await answer_dialog(pilot)
    await settle(pilot)


async def test_the_key_bar_at_80x24_keeps_the_autopilot_in_each_language(language):
    # Found in play: the Dutch bar left out "a Automatisch" once "z Terugnemen" was shown.
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await a_few_moves_in(pilot)
        bar = pilot.app.screen.query_one(KeyBar).render().plain
        assert " z " in bar and " a " in bar, bar


@pytest.mark.slow
@SIZES
def test_the_table_in_each_language(snap_compare, language, size):
    assert snap_compare(make_app(seed=7), terminal_size=size, run_before=a_few_moves_in)


@pytest.mark.slow
def test_the_colour_dialog_in_each_language(snap_compare, language):
    async def play_wild_draw_four(pilot):
        await settle(pilot)
        screen = pilot.app.screen
        cards = screen.query_one(HandView).state.cards
        screen.controller.cursor = next(i for i, card in enumerate(cards) if card.rank is Rank.WILD_DRAW_FOUR)
        await pilot.press("enter")

    assert snap_compare(make_app(seed=7), terminal_size=(80, 24), run_before=play_wild_draw_four)


@pytest.mark.slow
def test_the_new_game_screen_in_each_language(snap_compare, language):
    quiet = Settings(bot_speed="instant", confirm_quit=False, guide=False)
    assert snap_compare(UnoKartApp(settings=quiet, pace=QUICK), terminal_size=(80, 24), press=["n"])
