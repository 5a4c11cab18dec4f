"""The table behind a dialog, dimmed: drawn by ``Backdrop`` cell for cell as Textual draws it (issue 36).

Textual's ``BackgroundScreen`` tinted every segment of the covered screen through Rich's console: most of the
processor time a dialog took to appear. ``Backdrop`` tints each style once; the picture must not change.
"""

from __future__ import annotations

import pytest
from textual.screen import Screen

from unokart_tui.tui.dialogs import backdrop
from unokart_tui.tui.dialogs.base import Dialog
from unokart_tui.tui.screens.game import GameScreen

from .helpers import SETTINGS, make_app, settle


@pytest.mark.parametrize("theme", ["unokart-dark", "unokart-light"])
async def test_a_dialog_shows_the_table_behind_it_dimmed_as_textual_draws_it(
    monkeypatch: pytest.MonkeyPatch, theme: str
) -> None:
    drawn = []
    render_strips = backdrop.Backdrop.render_strips

    def counted(self: backdrop.Backdrop, *args: object, **kwargs: object) -> object:
        drawn.append(self.screen)
        return render_strips(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(backdrop.Backdrop, "render_strips", counted)
    app = make_app(settings=SETTINGS._replace(theme=theme))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, Dialog) and 0 < dialog.styles.background.a < 1
        ours = app.export_screenshot()
        assert drawn and isinstance(drawn[-1], GameScreen)  # the table's picture, by the backdrop

        monkeypatch.setattr(Dialog, "render", Screen.render)  # Textual's own: BackgroundScreen
        dialog.refresh()
        await pilot.pause()
        drawn.clear()
        textuals = app.export_screenshot()
        assert not drawn
    assert ours == textuals
