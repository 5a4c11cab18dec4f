"""The lobby's number fields (issue 31): wide enough for what is typed, and checked again at every change.

Found in a four-person playtest: 23456789 typed as the target showed ``23456``, and "A turn's clock runs 10
to 600 seconds." stayed in the status line with a right 20 in the field until the focus left it.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from unokart_tui.friends.lobby import MAX_TURN
from unokart_tui.tui.screens.lobby import MOST_TARGET

from .test_lobby import FakeLine, Host, friends_app, open_as, text

TURN_WRONG = "A turn's clock runs 10 to 600 seconds."


@pytest.mark.parametrize(("field", "largest"), [("#target", MOST_TARGET), ("#turn", MAX_TURN)])
async def test_a_number_field_shows_its_largest_value_and_two_digits_more_whole(field, largest):
    host = Host()
    app = friends_app(FakeLine())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        box = lobby.query_one(field, Input)
        box.focus()
        await pilot.pause()
        box.value = ""
        typed = f"{largest}99"
        for key in typed:
            await pilot.press(key)
        await pilot.pause()
        assert box.value == typed
        assert box.scroll_offset.x == 0  # nothing typed has scrolled out of sight
        assert "".join(segment.text for segment in box.render_line(0)).strip() == typed


async def test_the_playtests_target_is_shown_whole():
    host = Host()
    app = friends_app(FakeLine())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        box = lobby.query_one("#target", Input)
        box.focus()
        await pilot.pause()
        box.value = ""
        for key in "23456789":
            await pilot.press(key)
        await pilot.pause()
        assert "".join(segment.text for segment in box.render_line(0)).strip() == "23456789"


async def test_a_wrong_number_is_said_at_once_and_unsaid_as_soon_as_it_is_right():
    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        ready = text(lobby, "#status")
        turn = lobby.query_one("#turn", Input)
        turn.focus()
        await pilot.pause()
        turn.value = ""
        await pilot.press("2")
        await pilot.pause()
        assert text(lobby, "#status") == TURN_WRONG  # said at once, with the focus still in the field
        await pilot.press("0")
        await pilot.pause()
        assert turn.has_focus and turn.value == "20"
        assert text(lobby, "#status") == ready  # right again: the sentence has gone, nothing was sent yet
        assert line.requests() == []
        target = lobby.query_one("#target", Input)
        target.value = "0"
        await pilot.pause()
        assert text(lobby, "#status") == "The target must be a whole number from 1 to 100000."
        target.value = "300"
        await pilot.pause()
        assert text(lobby, "#status") == ready


async def test_a_refusal_from_the_host_is_not_wiped_by_a_form_that_was_right_all_along():
    from unokart_tui.tui.hostline import FromHost

    host = Host()
    app = friends_app(FakeLine())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        app.post_message(FromHost({"type": "refused", "words": "A table has 2 to 10 seats."}))
        await pilot.pause()
        lobby.query_one("#target", Input).value = "400"
        await pilot.pause()
        assert text(lobby, "#status") == "A table has 2 to 10 seats."
