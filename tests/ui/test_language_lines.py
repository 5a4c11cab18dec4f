"""What a Slovak/Dutch playtest read wrong (issue 32, item 6): lines that read glued, cut or ambiguous.

Each test looks at the screen as the player sees it, at the size and in the language the playtest
used, with the language set the way a Language setting chosen at the start sets it.
"""

from __future__ import annotations

import pytest
from textual.widgets import Label, Switch

from unokart_tui.settings import Settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.settings import SWITCHES, SettingsScreen, on_off
from unokart_tui.voice import _, use_process_language

from .helpers import QUICK
from .screen import screen_lines

QUIET = Settings(bot_speed="instant", confirm_quit=False, guide=False)
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@pytest.fixture(params=["en", "sk", "nl"])
def language(request):
    """The game speaks ``request.param`` in every screen."""
    use_process_language(request.param)
    yield request.param
    use_process_language(None)


def text_in(app, widget) -> list[str]:
    """The lines the player sees in ``widget``'s place on the screen, trailing blanks cut."""
    return ["".join(s.text for s in line).rstrip() for line in screen_lines(app, widget.region)]


def line_at(app, y: int) -> str:
    return "".join(segment.text for segment in screen_lines(app)[y])


@SIZES
async def test_a_settings_switch_says_on_or_off_apart_from_its_label(language, size):
    # Found in play: "nie Menej pohybu", "uit Minder beweging" read as one phrase ("not less motion"),
    # and Slovak line mode's label was cut with no ellipsis at 80x24 and at 120x40.
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=size) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        for field, label in SWITCHES:
            switch = screen.query_one(f"#{field}", Switch)
            switch.focus()
            await pilot.pause()
            words = _(label)
            state = on_off(switch.value)
            row = line_at(app, switch.region.y + 1)
            # The state's word, then the switch, then the label: the word never runs into the label.
            assert f"{state} {words[:12]}" not in row, row
            assert row.index(state) < switch.region.x < row.index(words[:12]), row
            # The whole label is on screen, wrapped where it must be, never cut.
            label_widget = switch.parent.query_one(".switch-label", Label)
            assert " ".join(text_in(app, label_widget)).split() == words.split(), text_in(app, label_widget)
