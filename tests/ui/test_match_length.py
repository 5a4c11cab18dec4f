"""Issue 34, item 8: New game says how long a match usually lasts, and offers a target for a few rounds.

The official target stays the default. The figures are measured (benchmarks/match_length.py):
one of them is measured again here.
"""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input, Static

from ai import sim
from unokart_tui.defaults import TARGET
from unokart_tui.history.match_length import (
    FEW_ROUNDS,
    few_rounds_line,
    few_rounds_target,
    length_sentence,
    measured,
    measured_line_up,
    offered_target,
    rounds_words,
    usual_rounds,
)
from unokart_tui.settings import Settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.new_game import NewGameScreen

from .helpers import QUICK, make_app, until


def test_every_table_size_is_measured_and_bigger_tables_end_sooner():
    lengths = measured()
    assert sorted(lengths.rounds) == list(range(2, 11))
    assert TARGET in lengths.targets
    at_official = [lengths.rounds[players][lengths.targets.index(TARGET)] for players in range(2, 11)]
    assert at_official == sorted(at_official, reverse=True)
    assert at_official[-1] < 2  # found in play: ten at the table, 500 points, one round


def test_a_stored_figure_is_what_unokart_sim_measures():
    data = measured()
    result = sim.simulate(measured_line_up(10), games=30, matches=True, seed=1, target=TARGET)
    assert result.rounds / result.games == pytest.approx(data.rounds[10][data.targets.index(TARGET)], abs=0.005)


def test_the_length_is_read_between_measured_targets():
    lengths = measured()
    low, high = lengths.targets[1], lengths.targets[2]
    middle = usual_rounds(4, (low + high) // 2)
    assert usual_rounds(4, low) < middle < usual_rounds(4, high)
    assert usual_rounds(11, TARGET) is None  # a table size never played


@pytest.mark.parametrize("target", [1, 50, 100, 150, 249, 3001, 5000])
def test_a_target_outside_the_measured_ones_is_estimated_never_left_blank(target):
    # Found in play: for 100 or 150 the line under the target went blank.
    lengths = measured()
    for players in lengths.rounds:
        rounds = usual_rounds(players, target)
        assert rounds is not None and rounds >= 1.0
        assert length_sentence(players, target)
    low, high = lengths.targets[0], lengths.targets[-1]
    if target < low:  # fewer rounds than at the smallest measured target, never fewer than one
        assert 1.0 <= usual_rounds(4, target) <= usual_rounds(4, low)
    else:
        assert usual_rounds(4, target) >= usual_rounds(4, high)


def test_a_small_target_at_the_default_table_is_about_two_rounds():
    assert length_sentence(4, 100) == "With 4 players, a match to 100 usually lasts about 2 rounds."


def test_a_big_table_is_offered_a_target_for_a_few_rounds_and_a_small_one_none_needed():
    offered = few_rounds_target(10)
    assert offered is not None and offered > TARGET and usual_rounds(10, offered) >= FEW_ROUNDS
    assert usual_rounds(4, TARGET) >= FEW_ROUNDS  # the default table: 500 is already several rounds


@pytest.mark.parametrize(
    ("rounds", "words"),
    [(1.1, "a single round"), (1.48, "about 1.5 rounds"), (2.2, "about 2 rounds"), (8.47, "about 8 rounds")],
)
def test_rounds_in_words(rounds, words):
    assert rounds_words(rounds) == words


# The file's first pilot test stays in the fast lane (0.5 s); New game's own (2 to 3.6 s) is in the full run.
@pytest.mark.parametrize(("bots", "said"), [(9, True), (3, False)])
async def test_a_match_begun_from_the_command_line_says_what_new_game_offers(bots, said):
    # Issue 34 (playtest): `unokart new` with nine bots gave no word of a one-round match; New game did.
    app = make_app(bots=["random"] * bots, seed=1, pace=QUICK._replace(bot_delay=30))  # the deal, as dealt
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        notes = [note.message for note in app._notifications if note.title == "Match length"]
        offered = offered_target(bots + 1, TARGET)
        assert (offered is not None) == said
        if said:
            assert notes == [few_rounds_line(bots + 1, TARGET)]
            assert notes[0].startswith(f"With {bots + 1} players, a match to {TARGET} usually lasts")
            assert f"--target {offered}" in notes[0]
        else:
            assert notes == []
    app.session.close()


async def test_new_game_says_the_length_and_sets_the_offered_target_for_one_to_nine_opponents():
    """The form's length line and its few-rounds target, and the form's seats: nine opponents at most, one at least.

    Both need nine opponents seated, each row mounted at 0.15 CPU-s: one form for both (``test_menus`` had its own
    test of the seats, which seated the same nine again, issue 30)."""
    app = UnoKartApp(settings=Settings(confirm_quit=False, guide=False), pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        length = screen.query_one("#target-length", Static)
        button = screen.query_one("#few-rounds", Button)
        assert str(length.render()) == length_sentence(4, TARGET) and "usually lasts about" in str(length.render())
        assert not button.display  # three opponents: 500 is several rounds already
        await pilot.press(*["ctrl+o"] * 8)  # 3 + 8 asked: 9 seated
        await until(pilot, lambda: len(screen.rows()) == 9)
        await pilot.pause()
        assert len(screen.rows()) == 9 and screen.query_one("#add").disabled
        # Issue 34: the ones too many were ignored without a word.
        assert any("9 opponents at most" in note.message for note in app._notifications)
        assert str(length.render()) == length_sentence(10, TARGET)
        assert button.display and str(few_rounds_target(10)) in str(button.label)
        assert screen.query_one("#target", Input).value == str(TARGET)  # the official target stays the default
        button.press()
        await until(pilot, lambda: screen.query_one("#target", Input).value == str(few_rounds_target(10)))
        await until(pilot, lambda: not button.display)
        assert screen.read_form().target == few_rounds_target(10)
        for row in screen.rows()[1:]:
            await row.remove()
        screen.number_rows()
        await pilot.pause()
        assert screen.query_one(".remove").disabled  # the last one stays
        assert screen.read_form().bots == ("greedy",)
