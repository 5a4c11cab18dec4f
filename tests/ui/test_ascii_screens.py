"""Issue 34, item 5: with the ASCII symbols, nothing but ASCII reaches the terminal.

Each screen is drawn as the terminal would receive it, and every character is checked:
the game's words and symbols, and Textual's borders, scrollbars and key bar too.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from textual.widgets import Markdown

import unokart_tui
from unokart_tui.asciitext import ascii_chosen, ascii_text, stand_in
from unokart_tui.engine import HouseRules, Item
from unokart_tui.glyphs import ASCII, UNICODE
from unokart_tui.history.charts import MARKERS, SEVERAL, TRAIL
from unokart_tui.serve.players import BLANK_LETTERS
from unokart_tui.settings import Settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.game import GameScreen

from .helpers import QUICK, SETTINGS, make_app, settle, until
from .screen import screen_text

ASCII_SETTINGS = SETTINGS._replace(glyphs="ascii")
NINE = ("greedy", "challenger", "item-hoarder", "random") * 2 + ("greedy",)


def not_ascii(app) -> list[str]:
    """Each line of the screen that holds a character that is not ASCII, with those characters."""
    lines = screen_text(app).splitlines()
    return [f"{sorted({c for c in line if not c.isascii()})}: {line}" for line in lines if not line.isascii()]


# The grand table at 200x60 is the dearest (3.7 s of CPU serial): the full lane draws it, the fast one the other two.
# 80x24 and 120x40 on one table, resized between them (the table lays itself out anew from the size at each
# resize, as at the start): an App costs more than the look (issue 30).
@pytest.mark.parametrize(
    "sizes",
    [((80, 24), (120, 40)), pytest.param(((200, 60),), marks=pytest.mark.slow)],
    ids=["80x24,120x40", "200x60"],
)
async def test_the_table_and_its_dialogs_in_ascii(sizes):
    app = make_app(bots=NINE, seed=5, settings=ASCII_SETTINGS, rules=HouseRules.preset("chaos"))
    async with app.run_test(size=sizes[0]) as pilot:
        await settle(pilot)
        for size in sizes:
            if app.size != size:
                await pilot.resize_terminal(*size)
                await pilot.pause()
            assert tuple(app.size) == size
            assert not_ascii(app) == [], size
            await pilot.press("question_mark")  # the help: the rules in play, every key
            await until(pilot, lambda: not isinstance(app.screen, GameScreen))
            assert not_ascii(app) == [], size
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_the_menus_and_the_house_rules_dialog_in_ascii():
    app = UnoKartApp(settings=Settings(glyphs="ascii", confirm_quit=False, guide=False), pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not_ascii(app) == []  # the title
        await pilot.press("n")
        await until(pilot, lambda: type(app.screen).__name__ == "NewGameScreen")
        assert not_ascii(app) == []
        await pilot.press("ctrl+r")  # the house rules: the Banana's switch was an emoji
        await until(pilot, lambda: type(app.screen).__name__ == "HouseRulesDialog")
        assert not_ascii(app) == []
        await pilot.press("escape", "escape")
        await until(pilot, lambda: type(app.screen).__name__ == "TitleScreen")
        for key, screen in (("r", "RulesScreen"), ("s", "SettingsScreen")):
            await pilot.press(key)
            await until(pilot, lambda screen=screen: type(app.screen).__name__ == screen)
            assert not_ascii(app) == [], screen
            await pilot.press("escape")
            await until(pilot, lambda: type(app.screen).__name__ == "TitleScreen")


async def test_choosing_ascii_in_a_match_redraws_everything_in_ascii():
    app = make_app(seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert not_ascii(app)  # Unicode symbols and borders
        app.change_settings(glyphs="ascii")
        await pilot.pause()
        await pilot.pause()
        assert not_ascii(app) == []


def test_auto_picks_ascii_where_the_glyph_set_does():
    assert ascii_chosen("auto", {"LANG": "C"}) and ascii_chosen("ascii", {"LANG": "C.UTF-8"})
    assert not ascii_chosen("auto", {"LANG": "C.UTF-8", "TERM": "xterm"}) and not ascii_chosen("unicode", {})


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("╭─ Luigi ─╮", "+- Luigi -+"),
        ("◉ hit you", "@ hit you"),
        ("★ Zoë wins · 80×24 — …", "* Zoe wins . 80x24 - ."),
        ("🍌x", "??x"),  # an emoji takes two cells: two stand-ins
        ("▁▂█", "  #"),
    ],
)
def test_a_stand_in_takes_the_cells_its_character_took(text, shown):
    assert ascii_text(text) == shown
    assert all(len(stand_in(c)) in (0, 1, 2) for c in text)


async def test_the_key_bar_names_keys_in_words_where_their_symbol_is_not_ascii():
    app = make_app(seed=7, settings=ASCII_SETTINGS)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bottom = screen_text(app).splitlines()[-1]
        assert bottom.lstrip().startswith("enter Play"), bottom


def test_the_charts_markers_stay_apart_in_ascii():
    shown = [ascii_text(marker) for marker in (*MARKERS, SEVERAL, TRAIL)]
    assert len(set(shown)) == len(shown) and all(len(marker) == 1 for marker in shown), shown


def characters(value: object) -> Iterator[str]:
    """Every character in a glyph set's field: a string, a mapping's values, a tuple's parts."""
    if isinstance(value, str):
        yield from value
    elif isinstance(value, Mapping):
        for part in value.values():
            yield from characters(part)
    elif isinstance(value, tuple):
        for part in value:
            yield from characters(part)


def strings_of_the_game() -> Iterator[str]:
    """Every string the game's code holds but its docstrings: the words and symbols it can draw."""
    for path in Path(unokart_tui.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                yield node.value


def test_no_symbol_the_game_draws_falls_back_to_a_question_mark():
    # Found in play: the undo mark of the log and the rules' bullets under the ASCII Bob-omb came out as "?".
    drawn = {
        c
        for glyphs in (UNICODE, ASCII)
        for field in dataclasses.fields(glyphs)
        for c in characters(getattr(glyphs, field.name))
    }
    drawn |= {c for text in strings_of_the_game() for c in text}
    drawn |= {c for bullet in Markdown.BULLETS for c in bullet}
    assert "↶" in drawn and "›" in drawn  # the scan reaches the log's words and the glyph sets
    refused = BLANK_LETTERS | {"\ufffd"}  # never drawn: a player's name with them is refused (serve/players.py)
    fallbacks = sorted(c for c in drawn - refused if c != "?" and "?" in stand_in(c))
    assert fallbacks == []


def test_the_next_seat_has_its_own_ascii_mark():
    # Found in play: "." marked the next seat, and "." is also every "·" separator ("> to play . . next").
    assert stand_in(UNICODE.next) == ASCII.next != ASCII.turn
    assert ASCII.next not in {stand_in("·"), stand_in("•"), "?", *ASCII.items.values(), *ASCII.fan}
    legend = ascii_text(f"{ASCII.turn} to play · {ASCII.next} next · ")
    assert legend.count(ASCII.next) == 1


async def test_the_rules_in_ascii_show_the_bob_omb_as_the_cards_do():
    app = UnoKartApp(settings=Settings(glyphs="ascii", confirm_quit=False, guide=False), pace=QUICK)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await until(pilot, lambda: type(app.screen).__name__ == "RulesScreen")
        await pilot.pause()
        text = screen_text(app)
        assert f"{ASCII.items[Item.BOB_OMB]} a wild: Bob-omb" in text and "? a wild" not in text
