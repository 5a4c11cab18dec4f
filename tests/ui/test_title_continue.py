"""The title's Continue key (`c`) takes up a match kept with friends too (issue 31).

Found in a four-person playtest over ssh: `c` at the title did nothing for the kept match, and the key bar
showed no key for it, though the README says `c` is continue.
"""

from __future__ import annotations

from textual.widgets import OptionList

import saves
from unokart_tui.engine import Match
from unokart_tui.tui.widgets.keybar import KeyBar

from .test_lobby import CODE, FakeLine, friends_app


def save_kept() -> None:
    from ..friends.test_friends_saves import save_friends_match

    save_friends_match(f"friends {CODE}")


async def test_c_takes_up_the_match_kept_with_friends_and_the_key_bar_shows_it():
    save_kept()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert "Continue" in str(app.screen.query_one(KeyBar).render())
        app.screen.query_one(OptionList).highlighted = 3  # away from the entry: `c` still finds it
        await pilot.press("c")
        await pilot.pause()
        assert line.sent == [{"type": "reopen-table", "code": CODE}]


async def test_c_on_a_highlighted_kept_match_takes_that_one_up_not_the_match_alone():
    saves.save(Match.new(2, seed=1), "alone")
    save_kept()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(index).id for index in range(menu.option_count)]
        assert ids[:2] == ["continue_latest", f"reopen_table('{CODE}')"]
        menu.highlighted = 1
        await pilot.press("c")
        await pilot.pause()
        assert line.sent == [{"type": "reopen-table", "code": CODE}]
