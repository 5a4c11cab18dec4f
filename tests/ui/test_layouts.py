"""The table at every size: the compact layout, the roomy one from 110x32, and a resize between them
that changes the layout live and nothing else."""

from __future__ import annotations

import pytest

from unokart_tui.dialogs.choices import ColorDialog
from unokart_tui.engine import Color, Play, Rank
from unokart_tui.screens.game import ROOMY_HEIGHT, ROOMY_WIDTH, GameScreen
from unokart_tui.widgets.hand import BIG_HEIGHT, HandView
from unokart_tui.widgets.players import PlayerRow, SeatView

from .helpers import make_app, settle


def visible(widget) -> bool:
    return widget.display and widget.region.area > 0


@pytest.mark.slow
async def test_a_resize_across_the_threshold_mid_turn_keeps_the_cursor_the_dialog_and_the_state():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.has_class("-roomy")
        assert all(visible(row) for row in screen.query(PlayerRow)) and not any(map(visible, screen.query(SeatView)))
        await pilot.press("right", "right")
        hand = screen.query_one(HandView)
        cursor, chosen = screen.cursor, screen.selected_card()
        moves = screen.moves()

        await pilot.resize_terminal(ROOMY_WIDTH, ROOMY_HEIGHT)
        await pilot.pause()
        assert app.screen is screen and screen.has_class("-roomy") and hand.big
        assert all(visible(seat) for seat in screen.query(SeatView)) and not any(map(visible, screen.query(PlayerRow)))
        assert hand.size.height == BIG_HEIGHT  # one row of full-size cards
        assert (screen.cursor, screen.selected_card(), screen.moves()) == (cursor, chosen, moves)
        assert hand.state.cursor == cursor

        # A dialog open over the table stays open through a resize back, and answers as it would have.
        four = next(i for i, card in enumerate(hand.state.cards) if card.rank is Rank.WILD_DRAW_FOUR)
        wild = hand.state.cards[four]
        await pilot.press(*["right"] * ((four - screen.cursor) % len(hand.state.cards)), "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ColorDialog)
        await pilot.resize_terminal(ROOMY_WIDTH - 1, ROOMY_HEIGHT)  # one column short of the roomy table
        await pilot.pause()
        assert app.screen is dialog and not screen.has_class("-roomy") and not hand.big
        assert screen.moves() == moves  # nothing was played while the dialog was up
        await pilot.press("b")
        await pilot.pause()
        played = [action for actions in screen.session.match.history for action in actions][moves]
        assert isinstance(played, Play) and played.card == wild and played.color is Color.BLUE
    app.session.close()


@pytest.mark.slow
async def test_the_roomy_table_fits_nine_opponents_at_120x40():
    bots = ("greedy", "challenger", "item-hoarder", "random") * 2 + ("greedy",)
    app = make_app(bots=bots, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        seats = list(screen.query(SeatView))
        assert len(seats) == 10 and all(visible(seat) for seat in seats)
        regions = [seat.region for seat in seats]
        assert all(region.width >= 14 and region.height >= 3 for region in regions)
        assert not any(a.overlaps(b) for i, a in enumerate(regions) for b in regions[i + 1 :])  # nobody on a lap
        assert all(screen.region.contains_region(region) for region in regions)
        top = screen.query_one("#top-card")
        assert (top.size.width, top.size.height) >= (9, 6)  # the least for the middle's cards
    app.session.close()
