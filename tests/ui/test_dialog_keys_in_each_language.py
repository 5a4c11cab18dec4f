"""The keys that answer a dialog in each language (issue 30: taken out of test_hints.py): a colour by the letter
its cards carry, yes by the language's own word or by y."""

from __future__ import annotations

import pytest
from textual.app import App

from unokart_tui.engine import Color
from unokart_tui.tui.dialogs.choices import ColorDialog
from unokart_tui.voice import use_process_language


@pytest.mark.parametrize(("language", "key"), [("sk", "l"), ("nl", "l"), ("sk", "y"), ("en", "y")])
async def test_yellow_is_picked_with_the_letter_its_cards_carry_or_with_y(language, key):
    # Found by the translators: yellow cards read L in Slovak and Dutch while the dialog said y.
    app = App[None]()
    use_process_language(language)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            answers: list[object] = []
            dialog = ColorDialog("a test")
            app.push_screen(dialog, answers.append)
            await pilot.pause()
            shown = {binding.key for _key, binding, _on, _tip in app.active_bindings.values() if binding.show}
            assert ("l" in shown) is (language != "en") and ("y" in shown) is (language == "en")
            await pilot.press(key)
            await pilot.pause()
            assert answers == [Color.YELLOW]
    finally:
        use_process_language(None)


async def test_slovak_red_is_picked_with_c_and_green_with_z():
    app = App[None]()
    use_process_language("sk")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            answers: list[object] = []
            app.push_screen(ColorDialog("a test"), answers.append)
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            app.push_screen(ColorDialog("a test"), answers.append)
            await pilot.pause()
            await pilot.press("z")
            await pilot.pause()
            assert answers == [Color.RED, Color.GREEN]
    finally:
        use_process_language(None)


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
def test_no_key_of_the_colour_dialog_picks_two_colours(language):
    from unokart_tui.tui.dialogs.choices import colour_key

    use_process_language(language)
    try:
        keys: dict[str, Color] = {}
        for color in Color:
            for key in {colour_key(color), color.letter.lower()}:
                assert keys.setdefault(key, color) is color, (language, key)
    finally:
        use_process_language(None)


@pytest.mark.parametrize(
    ("language", "key", "answer"),
    [("sk", "a", True), ("sk", "y", True), ("sk", "n", False), ("nl", "j", True), ("nl", "y", True), ("en", "y", True)],
)
async def test_a_question_is_answered_with_the_languages_yes_or_with_y(language, key, answer):
    # Found in play: the Slovak dialog offered "áno" on the key y.
    from unokart_tui.tui.dialogs.confirm import ConfirmDialog

    app = App[None]()
    use_process_language(language)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            answers: list[object] = []
            app.push_screen(ConfirmDialog("a test"), answers.append)
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert answers == [answer]
    finally:
        use_process_language(None)
