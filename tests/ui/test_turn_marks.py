"""The turn's marks on a seat restyle the seat, not its parts (issue 36), and its parts look as a full restyle
makes them: their colours are blended to the seat's background as it is now."""

from __future__ import annotations

import pytest

from unokart_tui.tui.widgets.players import DrawnWhenChanged

from .helpers import make_app, settle

MARKS = [{"to-act": True, "next-up": False}, {"to-act": False, "next-up": True}, {"to-act": False, "next-up": False}]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_seat_marked_shows_its_parts_as_a_full_restyle_does(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        seats = [seat for seat in app.screen.query(DrawnWhenChanged) if seat.display]
        assert seats
        for seat in seats:
            parts = seat._parts()
            quiet = next(part for part in parts if part.endswith("--quiet"))
            looks = {}
            for marks in MARKS:
                seat.mark_turn(marks)
                kept = [seat.get_component_rich_style(part) for part in parts]
                seat.update_node_styles(animate=False)  # Textual's full restyle: each part made anew
                seat._rich_style_cache.clear()
                assert [seat.get_component_rich_style(part) for part in parts] == kept, (seat, marks)
                looks[marks["to-act"]] = seat.get_component_rich_style(quiet)
            assert looks[True] != looks[False]  # the muted words blended to the seat's background of the turn
