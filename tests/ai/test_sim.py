"""The tournament: seats rotated, the same totals whatever the number of processes, and the command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ai import sim


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


def test_two_processes_give_exactly_what_one_gives():
    one = sim.simulate(["challenger", "item-hoarder", "random"], games=80, seed=9, jobs=1)
    two = sim.simulate(["challenger", "item-hoarder", "random"], games=80, seed=9, jobs=2)
    assert sim.to_json(one) == sim.to_json(two)


def test_matches_mode_plays_to_the_target():
    result = sim.simulate(["greedy", "random"], games=4, matches=True, target=100, seed=1)
    rows = sim.rows(result)
    assert sum(row["wins"] for row in rows) == 4
    assert all(row["avg_points"] > 0 for row in rows)


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
