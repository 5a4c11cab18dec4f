"""The tournament: seats rotated, the same totals whatever the number of processes, and the command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ai import sim
from unokart_tui.engine import Card, CardPlayed, CardsDrawn, CardTurned, DrawReason


def test_a_tiny_tournament_adds_up():
    result = sim.simulate(["greedy", "random", "random"], games=60, seed=3)
    rows = sim.rows(result)
    assert [row["entry"] for row in rows] == ["greedy", "random #1", "random #2"]
    assert sum(row["wins"] for row in rows) + result.abandoned == 60
    assert all(row["games"] == 60 for row in rows)
    for row in rows:
        low, high = row["win_rate_ci95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
    assert "greedy" in sim.table(result)


def test_an_item_box_counts_what_it_made_others_draw_and_who_was_about_to_go_out():
    box, lightning = Card.parse("WI"), Card.parse("B5")
    events = [
        CardPlayed(0, box),
        CardTurned(0, lightning),
        CardsDrawn(1, (Card.parse("R1"),), DrawReason.LIGHTNING, 1),  # I4: everyone else draws one
        CardsDrawn(2, (Card.parse("R2"),), DrawReason.LIGHTNING, 1),
        CardsDrawn(3, (Card.parse("R3"),), DrawReason.LIGHTNING, 1),
        CardPlayed(0, Card.parse("B7")),  # the box's turn is over: what follows is not its doing
        CardsDrawn(1, (Card.parse("R4"),), DrawReason.CHOICE, 1),
    ]
    stats = [sim.EntryStats() for _ in range(4)]
    assert sim._count(events, [0, 1, 2, 3], stats, None, sizes=[5, 2, 7, 1]) is None
    assert stats[0].item_boxes == 1
    assert stats[0].item_net_cards == 3
    assert stats[0].item_net_squares_per_box == 9  # the box is done when the next card is played
    assert stats[0].item_cards_near_out == 2  # seats 1 and 3 held two cards and one
    bob_omb = [
        CardPlayed(2, box),
        CardTurned(2, Card.parse("W+4")),
        CardsDrawn(2, (lightning,) * 2, DrawReason.BOB_OMB, 2),
    ]
    acting = sim._count(bob_omb, [0, 1, 2, 3], stats, None, sizes=[5, 2, 1, 1])
    assert acting == sim.BoxInPlay(seat=2, net=-2)  # still acting: the round goes on with its colour choice
    assert (stats[2].item_net_cards, stats[2].item_cards_near_out) == (-2, 0)  # its own draw is no hurt to others
    sim._finish(acting, [0, 1, 2, 3], stats)
    assert stats[2].item_net_squares_per_box == 4


def test_two_processes_give_exactly_what_one_gives():
    one = sim.simulate(["challenger", "item-hoarder", "random"], games=80, seed=9, jobs=1)
    two = sim.simulate(["challenger", "item-hoarder", "random"], games=80, seed=9, jobs=2)
    assert sim.to_json(one) == sim.to_json(two)


@pytest.mark.parametrize("target", [60, 250])
def test_matches_mode_plays_to_the_target(target):
    for game in range(4):
        stats, stuck = sim.play_game(["greedy", "random"], game, 1, matches=True, target=target, profile=None)
        assert stuck == 0
        winner = next(entry for entry in stats if entry.wins)
        loser = next(entry for entry in stats if not entry.wins)
        # E4: the match ends with the round that takes the winner to the target, not before, not after.
        assert winner.points >= target > loser.points
        assert winner.rounds == loser.rounds
    result = sim.simulate(["greedy", "random"], games=4, matches=True, target=target, seed=1)
    assert sum(row["wins"] for row in sim.rows(result)) == 4


def test_mean_interval():
    assert sim.mean_interval(0, 0, 0) == (0.0, 0.0)
    low, high = sim.mean_interval(total=100, squares=200, count=100)  # mean 1, variance 1
    assert low == pytest.approx(1 - 0.196) and high == pytest.approx(1 + 0.196)
    assert sim.mean_interval(total=30, squares=90, count=10) == (3.0, 3.0)  # no spread, no doubt


def test_a_tournament_gives_the_item_box_figures_an_interval():
    row = sim.rows(sim.simulate(["item-hoarder", "greedy"], games=200, seed=4))[0]
    for figure in ("item_net_cards_per_box", "item_net_cards_per_round"):
        low, high = row[f"{figure}_ci95"]
        assert low < row[figure] < high


def test_wilson_interval():
    assert sim.wilson(0, 0) == (0.0, 0.0)
    low, high = sim.wilson(50, 100)
    assert low == pytest.approx(0.404, abs=0.001) and high == pytest.approx(0.596, abs=0.001)


def unokart(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "unokart_tui", *args], check=False, capture_output=True, text=True, timeout=120
    )


def test_the_sim_command_prints_a_table_and_json():
    table = unokart("sim", "--bots", "greedy,random", "--rounds", "30", "--seed", "1")
    assert table.returncode == 0, table.stderr
    assert "greedy" in table.stdout and "95% CI" in table.stdout
    data = json.loads(unokart("sim", "--bots", "greedy,random", "--rounds", "30", "--seed", "1", "--json").stdout)
    assert data["games"] == 30 and [r["bot"] for r in data["results"]] == ["greedy", "random"]
    jobs = json.loads(
        unokart("sim", "--bots", "greedy,random", "--rounds", "30", "--seed", "1", "--json", "--jobs", "2").stdout
    )
    assert jobs == data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", "--bots", "greedy,grumpy"], "unknown bot 'grumpy'"),
        (["sim", "--bots", "greedy"], "2 to 10 bots"),
        (["sim", "--bots", "greedy,random", "--rounds", "zero"], "not a whole number"),
        (["sim", "--bots", "greedy,random", "--rounds", "0"], "at least 1"),
        (["sim", "--bots", "greedy,random", "--jobs", "-1"], "at least 1"),
        (["sim", "--bots", "greedy,random", "--rounds", "5", "--matches", "5"], "not allowed with"),
        (["sim", "--bots", "greedy,random", "--profile", "nightmare"], "unknown profile"),
        (["sim"], "required"),
    ],
)
def test_bad_sim_flags_are_one_line_and_status_2(args, message):
    result = unokart(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
