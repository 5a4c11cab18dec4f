"""The table at every size: the compact layout, the roomy one from 110x32, and a resize between them
that changes the layout live and nothing else."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from unokart_tui.defaults import BOT_NAMES
from unokart_tui.dialogs.choices import ColorDialog
from unokart_tui.engine import Color, Play, Rank
from unokart_tui.screens.game import HUMAN, ROOMY_HEIGHT, ROOMY_WIDTH, GameScreen
from unokart_tui.widgets.hand import BIG_HEIGHT, HandView
from unokart_tui.widgets.players import PlayerRow, SeatView
from unokart_tui.widgets.table import GRAND_SIZE, TablePanel

from .helpers import make_app, play_until, settle


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
        cursor, chosen = screen.controller.cursor, screen.controller.selected_card()
        moves = screen.controller.moves()

        await pilot.resize_terminal(ROOMY_WIDTH, ROOMY_HEIGHT)
        await pilot.pause()
        assert app.screen is screen and screen.has_class("-roomy") and hand.big
        assert all(visible(seat) for seat in screen.query(SeatView)) and not any(map(visible, screen.query(PlayerRow)))
        assert hand.size.height == BIG_HEIGHT  # one row of full-size cards
        assert (screen.controller.cursor, screen.controller.selected_card(), screen.controller.moves()) == (
            cursor,
            chosen,
            moves,
        )
        assert hand.state.cursor == cursor

        # A dialog open over the table stays open through a resize back, and answers as it would have.
        four = next(i for i, card in enumerate(hand.state.cards) if card.rank is Rank.WILD_DRAW_FOUR)
        wild = hand.state.cards[four]
        await pilot.press(*["right"] * ((four - screen.controller.cursor) % len(hand.state.cards)), "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ColorDialog)
        await pilot.resize_terminal(ROOMY_WIDTH - 1, ROOMY_HEIGHT)  # one column short of the roomy table
        await pilot.pause()
        assert app.screen is dialog and not screen.has_class("-roomy") and not hand.big
        assert screen.controller.moves() == moves  # nothing was played while the dialog was up
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


async def measure_the_table(app, size):
    """The piles', seats' and hand's cards' sizes, and the scoreboard's lines if it shows, at ``size``,
    once two seats have moved twice this round."""

    def two_moved_twice(app) -> bool:
        return app.session.is_human_turn() and sum(len(moves) >= 2 for moves in app.screen.controller.notes.story) >= 2

    async with app.run_test(size=size) as pilot:
        await play_until(pilot, two_moved_twice)
        screen = app.screen
        top, draw = screen.query_one("#top-card"), screen.query_one("#draw-pile")
        seats = [seat.region for seat in screen.query(SeatView)]
        you = screen.query_one(f"#place-{HUMAN}", SeatView).region
        board = screen.query_one("#scoreboard", Static)
        shown = board.display and visible(board) and screen.query_one(TablePanel).has_class("-grand")
        lines = str(board.render()).splitlines() if shown else []
        told = [seat for seat in screen.query(SeatView) if seat.info and seat.info.earlier]
        assert all(screen.region.contains_region(region) for region in [*seats, board.region if shown else you])
        assert not any(a.overlaps(b) for i, a in enumerate(seats) for b in seats[i + 1 :])
        if shown:  # the scoreboard whole, beside the piles, on nobody's seat
            centre = screen.query_one("#centre").region
            assert centre.contains_region(board.region) and not any(map(board.region.overlaps, seats))
        measures = {
            "piles": (top.size.area, draw.size.area),
            "seat": min(region.area for region in seats if region != you),
            "you": you.area,
            "card": screen.query_one(HandView).card_size,
            "moving": screen.flights.stage().card,  # a card flying between a seat and the piles
            "scoreboard": lines,
            # Each seat with moves before its last: whether the one before the last is written on it.
            "story": [seat.info.earlier[-1] in str(seat.render()) for seat in told],
        }
    app.session.close()
    return measures


@pytest.mark.parametrize("opponents", [3, 9])
async def test_the_grand_table_uses_the_room_of_a_large_terminal(opponents):
    # Issue 34, item 6: at 200x60 the roomy table left about 70 % of the felt blank. From GRAND_SIZE the piles,
    # the seats and the hand's cards are larger than at 120x40, and a scoreboard shows every seat's score.
    bots = ("greedy", "challenger", "item-hoarder", "random") * 2 + ("greedy",)
    bots = bots[:opponents]
    roomy = await measure_the_table(make_app(bots=bots, seed=7), (120, 40))
    grand = await measure_the_table(make_app(bots=bots, seed=7), (200, 60))
    assert GRAND_SIZE <= (200, 60)
    assert all(big > small for big, small in zip(grand["piles"], roomy["piles"], strict=True))
    assert grand["seat"] > roomy["seat"] and grand["you"] > 2 * roomy["you"]
    assert grand["card"] > roomy["card"]
    assert (grand["moving"], roomy["moving"]) == (grand["card"], roomy["card"])  # it flies at the hand's size
    assert roomy["scoreboard"] == []  # 120x40 stays as it was
    names = ["Ann", *BOT_NAMES[:opponents]]
    assert len(grand["scoreboard"]) == len(names)
    assert sorted(line.split()[-5] for line in grand["scoreboard"]) == sorted(names)
    assert all(line.split()[-4:] == ["0", "500", "to", "go"] for line in grand["scoreboard"])
    # The round's story at a glance: each seat's moves before its last, on the grand table only.
    assert grand["story"] and all(grand["story"]) and not any(roomy["story"])


async def test_the_grand_table_fits_nine_opponents_from_its_smallest_size():
    bots = ("greedy", "challenger", "item-hoarder", "random") * 2 + ("greedy",)
    grand = await measure_the_table(make_app(bots=bots, seed=7), GRAND_SIZE)
    assert len(grand["scoreboard"]) == 10
