"""The tournament: seats rotated, the same totals whatever the number of processes, and the command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ai import sim
from unokart_tui import cli
from unokart_tui.engine import Card, CardPlayed, CardsDrawn, CardTurned, DrawReason, HouseRules


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
        stats, tally = sim.play_game(["greedy", "random"], game, 1, matches=True, target=target, profile=None)
        assert tally.stuck == 0 and tally.rounds == stats[0].rounds
        winner = next(entry for entry in stats if entry.wins)
        loser = next(entry for entry in stats if not entry.wins)
        # E4: the match ends with the round that takes the winner to the target, not before, not after.
        assert winner.points >= target > loser.points
        assert winner.rounds == loser.rounds
    result = sim.simulate(["greedy", "random"], games=4, matches=True, target=target, seed=1)
    assert sum(row["wins"] for row in sim.rows(result)) == 4


def test_a_tournament_under_house_rules_names_them_and_counts_the_rounds_length():
    party = HouseRules.preset("party")
    result = sim.simulate(["greedy", "random", "item-hoarder"], games=40, seed=2, rules=party, jobs=2)
    assert result.rules == party and result.rounds == 40 - result.abandoned
    assert result.actions_per_round > 10
    data = sim.to_json(result)
    assert data["rules"]["name"] == "party" and data["rules"]["jump_in"] is True
    assert data["avg_actions_per_round"] == result.actions_per_round
    assert "rules: party;" in sim.table(result)
    assert sim.to_json(sim.simulate(["greedy", "random"], games=40, seed=2, rules=party)) != sim.to_json(
        sim.simulate(["greedy", "random"], games=40, seed=2)
    )
    assert sim.rules_label(HouseRules(jump_in=True, hand_size=5)) == "official + jump_in, hand_size=5"
    assert sim.rules_label(HouseRules()) == "official"


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


def in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``unokart ARGS`` run by ``cli.main`` in this process: its status, its stdout and its stderr.

    The command's own code, without starting Python and loading the game, which costs a process about 0.15
    CPU-s (half a second of wall time on a loaded machine); ``unokart`` above runs one case of each test as a
    program, which checks the way in.
    """
    try:
        code = cli.main(list(args))
    except SystemExit as exit:  # argparse's way to refuse a flag
        code = exit.code if isinstance(exit.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_the_sim_command_prints_a_table_and_json(capsys):
    """The table as a program prints it; the JSON, with one process or two, and the rules' line, in this process."""
    table = unokart("sim", "--bots", "greedy,random", "--rounds", "30", "--seed", "1")
    assert table.returncode == 0, table.stderr
    assert "greedy" in table.stdout and "95% CI" in table.stdout
    code, out, err = in_process(capsys, "sim", "--bots", "greedy,random", "--rounds", "30", "--seed", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 30 and [r["bot"] for r in data["results"]] == ["greedy", "random"]
    code, out, err = in_process(
        capsys, "sim", "--bots", "greedy,random", "--rounds", "30", "--seed", "1", "--json", "--jobs", "2"
    )
    assert code == 0, err
    assert json.loads(out) == data
    assert data["rules"]["name"] == "official"
    code, out, err = in_process(
        capsys, "sim", "--bots", "greedy,random", "--rounds", "20", "--rules", "party", "--rule", "jump_in=false"
    )
    assert code == 0, err
    assert "rules: official + stack_draw_two, stack_draw_four, stack_cross, seven_zero;" in out


BAD_FLAGS = [
    (["sim", "--bots", "greedy,grumpy"], "unknown bot 'grumpy'"),
    (["sim", "--bots", "greedy"], "2 to 10 bots"),
    (["sim", "--bots", "greedy,random", "--rounds", "zero"], "not a whole number"),
    (["sim", "--bots", "greedy,random", "--rounds", "0"], "at least 1"),
    (["sim", "--bots", "greedy,random", "--jobs", "-1"], "at least 1"),
    (["sim", "--bots", "greedy,random", "--rounds", "5", "--matches", "5"], "not allowed with"),
    (["sim", "--bots", "greedy,random", "--profile", "nightmare"], "unknown profile"),
    (["sim"], "required"),
    (["sim", "--bots", "greedy,random", "--rules", "wild"], "unknown preset 'wild'"),
    (["sim", "--bots", "greedy,random", "--rule", "jump_in"], "is not SWITCH=VALUE"),
    (["sim", "--bots", "greedy,random", "--rule", "jumping=true"], "unknown switch 'jumping'"),
    (["sim", "--bots", "greedy,random", "--rule", "jump_in=perhaps"], "jump_in is true or false"),
    (["sim", "--bots", "greedy,random", "--rule", "hand_size=11"], "hand_size is a whole number from 5 to 10"),
    (["sim", "--bots", "greedy,random", "--rule", "stack_cross=true"], "stack_cross needs"),
]


@pytest.mark.parametrize(("args", "message"), BAD_FLAGS)
def test_bad_sim_flags_are_one_line_and_status_2(capsys, args, message):
    """The first case runs as a program (the status and the line reach the shell); the others in this process,
    through the same ``cli.main`` the program calls, where a process would only add the cost of starting."""
    if args == BAD_FLAGS[0][0]:
        result = unokart(*args)
        code, out, err = result.returncode, result.stdout, result.stderr
    else:
        code, out, err = in_process(capsys, *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert message in lines[0]
