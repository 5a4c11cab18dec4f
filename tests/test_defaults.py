"""Each default is written once (unokart_tui/defaults.py), the few the engine owns agree with it, and the
config directory is found by one function."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from unokart_tui import defaults
from unokart_tui.cli import build_parser
from unokart_tui.engine import DEFAULT_TARGET, MAX_PLAYERS, Match
from unokart_tui.settings import Settings
from unokart_tui.table.session import Session


def test_the_target_is_the_rules_one():
    # E4: written in the engine and in defaults (the command line starts without the engine).
    assert defaults.TARGET == DEFAULT_TARGET == Match.new(3, seed=1).target


def test_every_opponent_has_a_name_and_the_table_seats_as_many_as_the_rules_allow():
    assert defaults.MAX_OPPONENTS + 1 == MAX_PLAYERS  # D1
    assert len(set(defaults.BOT_NAMES)) == defaults.MAX_OPPONENTS


def test_the_command_line_a_new_match_and_the_settings_start_from_the_defaults():
    args = build_parser().parse_args(["new"])
    assert (tuple(args.bots.split(",")), args.target, args.name) == (
        defaults.LINE_UP,
        defaults.TARGET,
        defaults.PLAYER_NAME,
    )
    assert build_parser().parse_args(["sim", "--bots", "greedy,random"]).target == defaults.TARGET
    session = Session.new(name="defaults")
    assert tuple(seat.kind for seat in session.seats[1:]) == defaults.LINE_UP
    assert session.names == (defaults.PLAYER_NAME, *defaults.BOT_NAMES[: len(defaults.LINE_UP)])
    assert session.match.target == defaults.TARGET
    session.close()
    assert Settings().bot_delay == defaults.BOT_DELAY == defaults.BOT_SPEEDS[defaults.BOT_SPEED]


def test_settings_and_bot_profiles_find_the_config_directory_the_same_way(monkeypatch, tmp_path):
    from ai import user_profile_dir
    from ai.config import config_dir
    from unokart_tui.settings import settings_path

    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "mine"))
    assert settings_path().parent == user_profile_dir().parent == config_dir() == tmp_path / "mine"
    monkeypatch.delenv("UNOKART_CONFIG_DIR")
    platform = Path(platformdirs.user_config_dir("unokart"))  # worked out only: nothing is written there
    assert settings_path().parent == user_profile_dir().parent == config_dir() == platform
