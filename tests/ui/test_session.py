"""The session behind the table: saved after every action, resumable, locked while played."""

from __future__ import annotations

import pytest

import saves
from unokart_tui.cli import build_parser
from unokart_tui.engine import Accept, RulesError
from unokart_tui.session import Session


def test_a_new_session_is_saved_and_locked():
    session = Session.new("Ann", ["greedy", "random"], seed=3, name="duel")
    assert saves.load("duel").round == session.match.round
    with pytest.raises(saves.SaveLocked, match="'duel' is already being played"):
        Session.load("duel")
    session.close()
    again = Session.load("duel")
    assert again.seats[1].kind == "greedy" and again.bots[1].params == session.bots[1].params
    again.close()


def test_every_action_is_saved_and_an_illegal_one_changes_nothing():
    session = Session.new("Ann", ["random"], seed=5, name="steps")
    for _ in range(30):
        seat = session.match.round.decider
        action = session.bot_action(seat) if seat in session.bots else session.match.legal_actions()[-1]
        session.apply(action)
        assert saves.load("steps").round == session.match.round
    before = saves.path_of("steps").read_text()
    with pytest.raises(RulesError):
        session.apply(Accept())  # no Wild Draw Four waits for an answer
    assert saves.path_of("steps").read_text() == before
    session.close()


def test_a_failed_save_is_reported_and_the_game_goes_on(monkeypatch):
    session = Session.new("Ann", ["random"], seed=5, name="fragile")

    def refuse(*args, **kwargs):
        raise saves.SaveError("fragile.toml", "disk full")

    with monkeypatch.context() as patch:
        patch.setattr(saves, "save", refuse)
        seat = session.match.round.decider
        action = session.bot_action(seat) if seat in session.bots else session.match.legal_actions()[-1]
        session.apply(action)
        assert session.save_error and "disk full" in session.save_error
    assert session.save()
    assert session.save_error is None
    session.close()


def test_opponent_counts():
    with pytest.raises(ValueError):
        Session.new("Ann", [], name="nobody")
    with pytest.raises(ValueError):
        Session.new("Ann", ["random"] * 10, name="crowd")


@pytest.mark.parametrize(
    ("bots", "target", "profiles", "bot_delay", "command"),
    [
        (("greedy", "challenger", "item-hoarder"), 500, (), None, "unokart new --seed 42"),
        (("greedy",), 100, (), None, "unokart new --seed 42 --bots greedy --target 100"),
        # Issue 13, bug 11: the profile and the bots' delay were left out.
        (
            ("greedy", "random"),
            500,
            ("hard", "hard"),
            0.3,
            "unokart new --seed 42 --bots greedy,random --profile hard --bot-delay 0.3",
        ),
        (("greedy", "random"), 500, ("easy", None), None, "unokart new --seed 42 --bots greedy:easy,random"),
    ],
)
def test_the_log_names_the_command_that_deals_the_match_again(bots, target, profiles, bot_delay, command):
    from unokart_tui.cli import bot_line_up

    session = Session.new("Ann", list(bots), seed=42, target=target, profiles=profiles, name="first")
    assert session.deal_again_command(bot_delay=bot_delay) == command
    args = build_parser().parse_args(command.split()[1:])
    kinds, chosen = bot_line_up(args.bots)
    again = Session.new(
        "Ann", kinds, seed=args.seed, target=args.target, profile=args.profile, profiles=chosen, name="again"
    )
    assert again.match.round.hands == session.match.round.hands and again.match.target == target
    assert again.seats == session.seats
    assert args.bot_delay == bot_delay
    session.close()
    again.close()
