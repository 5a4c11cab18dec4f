"""The New game form's choices: each personality and the difficulties it can play at (issues 18 and 20)."""

from __future__ import annotations

import pytest

import ai
from unokart_tui.table.lineup import difficulties, personalities


@pytest.fixture(autouse=True)
def _no_own_profiles(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path))


def test_every_bot_is_offered_with_a_short_line():
    lines = personalities()
    assert set(lines) == set(ai.BOTS)
    for name, line in lines.items():
        assert line and len(line) <= 76, name  # one line under the personality at 80 columns


def test_the_experts_budget_is_a_difficulty_of_the_expert_only():
    assert "expert-quick" in difficulties("expert")
    assert "quicker" in difficulties("expert")["expert-quick"]
    for bot in ai.BOTS:
        if bot != "expert":
            assert "expert-quick" not in difficulties(bot), bot
        assert {"easy", "normal", "hard"} <= set(difficulties(bot)), bot


def test_a_players_own_profile_is_offered_to_the_bots_it_sets(tmp_path):
    profiles = tmp_path / "profiles"
    profiles.mkdir()
    (profiles / "calm.toml").write_text("[greedy]\nattack_at = 3\n")
    (profiles / "sly.toml").write_text("[all]\nmistakes = 0.1\n")
    assert "calm" in difficulties("greedy") and "calm" not in difficulties("challenger")
    assert all("sly" in difficulties(bot) for bot in ai.BOTS)


def test_the_profiles_are_read_once_while_the_folder_stays_the_same_and_again_when_it_changes(tmp_path, monkeypatch):
    """The New game form asks at each row and each choice: each ask parsed every profile (some two hundred in a
    test). A profile written, changed or removed while the game runs is offered as it now stands."""
    profiles = tmp_path / "profiles"
    profiles.mkdir()
    (profiles / "calm.toml").write_text("[greedy]\nattack_at = 3\n")
    listed = []
    real = ai.list_profiles
    monkeypatch.setattr(ai, "list_profiles", lambda: listed.append(1) or real())
    assert "calm" in difficulties("greedy")
    for _ in range(20):
        assert "calm" in difficulties("greedy") and "calm" not in difficulties("challenger")
    assert len(listed) == 2  # once for each personality
    (profiles / "calm.toml").write_text("[challenger]\nattack_at = 3\n# now the challenger's\n")
    assert "calm" in difficulties("challenger") and "calm" not in difficulties("greedy")
    (profiles / "calm.toml").unlink()
    assert "calm" not in difficulties("challenger")
