"""What the player sees of house rules (HOUSE_RULES.md), at 80x24 and 120x40: seeded matches, bots at full speed."""

from __future__ import annotations

import pytest

from unokart_tui.engine import HouseRules, Phase, Play
from unokart_tui.settings import Settings
from unokart_tui.table.session import HUMAN
from unokart_tui.table.tableview import jump_in
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.choices import TargetDialog
from unokart_tui.tui.screens.game import GameScreen

from .helpers import QUICK, a_move_before, draw_until_a_jump_in, holds_on, make_app, play_until, settle, until

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
PARTY = HouseRules.preset("party")


def the_player_may_stack(match) -> bool:
    round_ = match.round
    on_turn = not round_.is_over and round_.decider == HUMAN and round_.phase is Phase.STACK
    return on_turn and any(isinstance(action, Play) for action in match.legal_actions())


@pytest.mark.slow
@SIZES
def test_a_stack_waits_for_the_player(snap_compare, size):
    async def until_stacked_on(pilot):
        def stacked(app) -> bool:  # with a card to stack: bright among the dim ones
            on_table = isinstance(app.screen, GameScreen) and app.session.is_human_turn()
            stack = on_table and app.session.view().phase is Phase.STACK
            return stack and any(isinstance(a, Play) for a in app.session.match.legal_actions())

        await play_until(pilot, stacked)
        await pilot.pause()

    app = a_move_before(the_player_may_stack, seed=3, rules=HouseRules.preset("house"))
    assert snap_compare(app, terminal_size=size, run_before=until_stacked_on)


@pytest.mark.slow
@SIZES
def test_the_player_may_jump_in(snap_compare, size):
    async def until_the_twin(pilot):
        await draw_until_a_jump_in(pilot)

    app = a_move_before(
        lambda match: jump_in(match, HUMAN) is not None,
        player=holds_on,
        seed=2,
        rules=PARTY,
        pace=QUICK._replace(jump_window=600.0),
    )
    assert snap_compare(app, terminal_size=size, run_before=until_the_twin)


def the_player_chooses_a_target(match) -> bool:
    round_ = match.round
    return not round_.is_over and round_.decider == HUMAN and round_.phase is Phase.CHOOSE_TARGET


@pytest.mark.slow
def test_a_seven_asks_whom_to_swap_with(snap_compare):
    async def until_seven(pilot):
        await play_until(pilot, lambda app: isinstance(app.screen, TargetDialog))

    app = a_move_before(the_player_chooses_a_target, seed=5, rules=HouseRules(seven_zero=True))
    assert snap_compare(app, terminal_size=(80, 24), run_before=until_seven)


@pytest.mark.slow
@SIZES
def test_the_house_rules_dialog_of_new_game(snap_compare, size):
    async def choose(pilot):
        await pilot.press("n")
        await until(pilot, lambda: pilot.app.screen.__class__.__name__ == "NewGameScreen")
        await pilot.press("ctrl+r")
        await until(pilot, lambda: pilot.app.screen.__class__.__name__ == "HouseRulesDialog")
        await pilot.press("3", "down", "down", "down", "down", "space")  # party, then jump-in off

    app = UnoKartApp(settings=Settings(bot_speed="instant", confirm_quit=False, guide=False), pace=QUICK)
    assert snap_compare(app, terminal_size=size, run_before=choose)


def test_help_names_the_house_rules_in_play(snap_compare):
    async def open_help(pilot):
        await settle(pilot)
        await pilot.press("question_mark")

    assert snap_compare(make_app(seed=2, rules=PARTY), terminal_size=(80, 24), run_before=open_help)


@pytest.mark.slow
def test_the_rules_of_a_match_begin_with_its_house_rules(snap_compare):
    async def open_rules(pilot):
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: pilot.app.screen.__class__.__name__ == "GuideDialog")
        await pilot.press("r")
        await until(pilot, lambda: pilot.app.screen.__class__.__name__ == "RulesScreen")
        await pilot.pause()

    assert snap_compare(make_app(seed=2, rules=PARTY), terminal_size=(80, 24), run_before=open_rules)


@pytest.mark.slow
def test_new_game_names_the_house_rules_chosen(snap_compare):
    async def choose(pilot):
        await pilot.press("n")
        await until(pilot, lambda: pilot.app.screen.__class__.__name__ == "NewGameScreen")
        await pilot.press("ctrl+r")
        await until(pilot, lambda: pilot.app.screen.__class__.__name__ == "HouseRulesDialog")
        await pilot.press("3", "down", "down", "down", "down", "space", "enter")  # party without jump-in
        await until(pilot, lambda: pilot.app.screen.__class__.__name__ == "NewGameScreen")
        # The button's label changes in the dialog's callback, and the form scrolls back to it: both settle first.
        await until(pilot, lambda: "4 chosen" in str(pilot.app.screen.query_one("#house-rules").label))
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    app = UnoKartApp(settings=Settings(bot_speed="instant", confirm_quit=False, guide=False), pace=QUICK)
    assert snap_compare(app, terminal_size=(80, 24), run_before=choose)
