"""The saved matches as the title, the load screen and the command name them (unokart_tui/history/saved.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from unokart_tui.engine import Match
from unokart_tui.history.saved import latest_unfinished, scores_line, unfinished_saves
from unokart_tui.tui.screens.title import describe


def test_scores_line():
    assert scores_line(["Ann", "Mario"], [120, 80]) == "Ann 120, Mario 80"
    with pytest.raises(ValueError):
        scores_line(["Ann", "Mario"], [120])


def test_the_latest_unfinished_save_skips_broken_and_finished_ones(monkeypatch):
    assert latest_unfinished() is None
    saves.save(Match.new(2, seed=1), "older")
    saves.save(Match.new(2, seed=2), "newer")
    (saves.save_dir() / "broken.toml").write_text("not a save")
    entries = {entry.name: entry for entry in saves.list_saves()}
    finished = entries["newer"]._replace(finished=True)
    order = [entries["broken"], finished, entries["older"]]  # newest first, as list_saves gives them
    monkeypatch.setattr("unokart_tui.history.saved.list_saves", lambda: order)
    assert [entry.name for entry in unfinished_saves()] == ["older"]
    latest = latest_unfinished()
    assert latest is not None and latest.name == "older"


def test_the_titles_continue_line_names_the_leader_first():
    # Found in play: at 80 columns "You 0, Mario 0, Luigi 0,…" cut off Peach's 239, the one score that mattered.
    names = ("You", "Mario", "Luigi", "Peach")
    entry = saves.SaveEntry("Match", Path("m.toml"), names, (0, 12, 0, 239), 2, False, None, None)
    assert describe(entry) == "Match — round 2: Peach 239, Mario 12, You 0, Luigi 0"
