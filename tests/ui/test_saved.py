"""The saved matches as the title, the load screen and the command name them (unokart_tui/saved.py)."""

from __future__ import annotations

import pytest

import saves
from unokart_tui.engine import Match
from unokart_tui.saved import latest_unfinished, scores_line, unfinished_saves


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
    monkeypatch.setattr("unokart_tui.saved.list_saves", lambda: order)
    assert [entry.name for entry in unfinished_saves()] == ["older"]
    latest = latest_unfinished()
    assert latest is not None and latest.name == "older"
