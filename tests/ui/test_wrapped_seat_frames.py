"""A seat's last move that goes on under itself grows the players panel: the table box grows with it.

Found in a party-preset playtest at 80x24: "Mario 7 passed over by" / "Luigi", and the row pushed the list out of
its frame: the table box's bottom border ended a row too high, and the panel's footer ("round · first to 500")
was gone.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import HouseRules
from unokart_tui.voice import speaking

from .screen import screen_text

SIX = ("greedy", "challenger", "item-hoarder", "expert", "random", "greedy")


@pytest.mark.parametrize("language", ["en", "sk"])
@pytest.mark.parametrize("bots", [SIX[:3], SIX], ids=["3 opponents", "6 opponents"])
async def test_a_wrapped_last_move_keeps_both_frames_and_the_footer_whole_at_80x24(language, bots):
    """One seat passed over, then every seat (a jump-in passes over many, H5), on one table: each show lays
    the panel out anew from the seats' last moves (issue 30: an App a case cost more than the look)."""
    from unokart_tui.voice import _

    from .helpers import make_app, settle

    with speaking(language):
        app = make_app(bots=bots, seed=7, rules=HouseRules.preset("party"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            words = _("passed over by {name}").format(name="Luigi")
            for passed_over in (1, 7):
                seats = range(1, len(bots) + 1)[:passed_over]
                for seat in seats:
                    screen.controller.notes.last[seat] = words
                screen.render_table()
                await pilot.pause()
                await pilot.pause()
                panel, table = screen.query_one("#opponents"), screen.query_one("#table")
                lines = screen_text(app).splitlines()
                footer = str(panel.border_subtitle)
                assert screen.rows[1].region.height == 2, passed_over  # the note did go on under itself
                assert all(row.region in panel.content_region for row in screen.rows), lines
                assert panel.region.bottom == table.region.bottom, lines
                bottom = lines[panel.region.bottom - 1]
                assert footer and footer in bottom, lines
                assert bottom.startswith("╰") and bottom.count("╯") == 2, lines
        app.session.close()
