"""The session behind the table: saved after every action, resumable, locked while played."""

from __future__ import annotations

import errno
import fcntl
import os

import pytest

import saves
from unokart_tui import defaults
from unokart_tui.cli import build_parser
from unokart_tui.engine import Accept, HouseRules, RulesError
from unokart_tui.table.presets import build_rules
from unokart_tui.table.session import Session

from ..hostile import changed, good_save_text


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


def one_move(session: Session) -> None:
    seat = session.match.round.decider
    session.apply(session.bot_action(seat) if seat in session.bots else session.match.legal_actions()[-1])


def disk_full(patch) -> None:
    def refuse(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    patch.setattr(os, "fsync", refuse)


def test_while_saving_fails_the_session_says_what_is_not_saved_and_catches_up(monkeypatch):
    # Issue 14, finding 8: with the disk full the game once said "It is saved" while the
    # file held 3 actions out of 9.
    session = Session.new("Ann", ["random"], seed=5, name="fragile")
    assert session.is_saved and session.unsaved_actions == 0
    with monkeypatch.context() as patch:
        disk_full(patch)
        for moves in range(1, 7):
            one_move(session)
            assert not session.is_saved and session.unsaved_actions == moves
            assert "No space left on device" in session.save_error
            assert not session.save()  # trying again changes nothing while the disk is full
        assert saves.load("fragile").history == ((),)  # the file holds the match as it began, intact
    assert session.save()  # room again: one try catches up with every move
    assert session.is_saved and session.unsaved_actions == 0 and session.save_error is None
    assert saves.load("fragile").round == session.match.round
    session.close()


def test_leaving_tries_once_more_to_save(monkeypatch):
    session = Session.new("Ann", ["random"], seed=6, name="leaving")
    with monkeypatch.context() as patch:
        disk_full(patch)
        one_move(session)
    session.close()
    assert saves.load("leaving").round == session.match.round


def test_a_new_match_that_was_never_saved_says_so(monkeypatch):
    with monkeypatch.context() as patch:
        disk_full(patch)
        session = Session.new("Ann", ["random"], seed=7, name="unsaved")
        assert not session.is_saved and session.unsaved_actions == 0  # no move yet, but not saved either
        one_move(session)
        assert session.unsaved_actions == 1
    assert session.save() and saves.load("unsaved").round == session.match.round
    session.close()


def test_a_match_that_cannot_be_opened_is_not_left_locked():
    # Finding 10: a seat played by an unknown bot left the lock held, and the next try said
    # "already being played in another session", even once the file was repaired.
    Session.new("Ann", ["random"], seed=5, name="odd").close()
    path = saves.path_of("odd")
    good = path.read_text()
    path.write_text(changed(good, 'kind = "random"', 'kind = "nobody"'))
    for _ in range(2):
        with pytest.raises(saves.SaveError, match="unknown bot 'nobody'") as caught:
            Session.load("odd")
        assert not isinstance(caught.value, saves.SaveLocked)
    path.write_text(good)
    Session.load("odd").close()


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ("{ seed = 5 }", "unknown parameter seed for the greedy bot"),  # it was a TypeError
        ("{ profile = 'hard' }", "unknown parameter profile for the greedy bot"),
        ("{ wizardry = 1 }", "unknown parameter wizardry for the greedy bot"),
        ("{ mistakes = 'often' }", "parameter 'mistakes' must be a number, not 'often'"),
        ("{ mistakes = true }", "parameter 'mistakes' must be a number, not True"),
        ("{ mistakes = 2.5 }", "parameter 'mistakes' must be from 0.0 to 1.0, not 2.5"),
        ("{ reaction_ms = 1.5 }", "parameter 'reaction_ms' must be a whole number, not 1.5"),
    ],
)
def test_a_seat_with_bad_bot_parameters_is_a_save_that_cannot_be_opened(params, problem):
    # Issue 35, finding 9: `params = { seed = 5 }` crashed load, continue and the title with a TypeError.
    Session.new("Ann", ["greedy"], seed=5, name="odd").close()
    path = saves.path_of("odd")
    text = path.read_text()
    start = text.index("[match.seats.params]")
    path.write_text(changed(text, text[start : text.index("\n\n", start) + 1], f"params = {params}\n"))
    for _ in range(2):  # and the lock is let go of
        with pytest.raises(saves.SaveUnreadable) as caught:
            Session.load("odd")
        assert caught.value.file == str(path)
        assert caught.value.problem.startswith(f"seat 2 (Mario) cannot be played: {problem}")


def test_removing_the_lock_file_lets_no_second_session_in():
    # Finding 11: with the lock file deleted, a second `unokart continue` opened the same match.
    first = Session.new("Ann", ["random"], seed=5, name="duel")
    lock_file = saves.save_dir() / ".duel.lock"
    lock_file.unlink()
    with pytest.raises(saves.SaveLocked, match=f"already being played in another session \\(process {os.getpid()}\\)"):
        Session.load("duel")
    one_move(first)  # its next save takes the lock file back too, for sessions on other machines
    with lock_file.open() as file, pytest.raises(BlockingIOError):
        fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
    assert first.is_saved
    first.close()
    Session.load("duel").close()


def test_a_save_changed_under_the_game_is_never_overwritten():
    # Finding 11: a save file replaced during play was silently overwritten at the next move.
    session = Session.new("Ann", ["random"], seed=5, name="mine")
    path = saves.path_of("mine")
    other = good_save_text(players=("Bea", "Mario"), seed=9)
    path.write_text(other)
    one_move(session)
    assert not session.is_saved and session.unsaved_actions == 1
    assert isinstance(session.save_failure, saves.SaveChanged)  # trying again will not help: the screen can say so
    assert "was changed by another program or session" in session.save_error
    assert "not overwritten" in session.save_error
    one_move(session)  # and again at every move: never overwritten
    session.close()
    assert path.read_text() == other


def test_a_new_match_never_overwrites_a_save_of_the_same_name():
    saves.save_dir().mkdir(parents=True)
    earlier = good_save_text()
    saves.path_of("taken").write_text(earlier)
    session = Session.new("Ann", ["random"], seed=5, name="taken")
    assert not session.is_saved and "appeared since this game last read or wrote it" in session.save_error
    session.close()
    assert saves.path_of("taken").read_text() == earlier


def test_opponent_counts():
    with pytest.raises(ValueError):
        Session.new("Ann", [], name="nobody")
    with pytest.raises(ValueError):
        Session.new("Ann", ["random"] * 10, name="crowd")


@pytest.mark.parametrize(
    ("bots", "target", "profiles", "bot_delay", "command"),
    [
        (defaults.LINE_UP, defaults.TARGET, (), None, "unokart new --seed 42"),
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
    from unokart_tui.cli.new import bot_line_up

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


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (HouseRules.preset("party"), "--rules party"),
        (HouseRules(jump_in=True, hand_size=5), "--rule jump_in=true --rule hand_size=5"),
        (HouseRules(banana="last-turn"), "--rule banana=last-turn"),
    ],
)
def test_the_command_that_deals_the_match_again_names_its_house_rules(rules, words):
    session = Session.new("Ann", ["greedy"], seed=42, name="ruled", rules=rules)
    command = session.deal_again_command()
    assert command == f"unokart new --seed 42 --bots greedy {words}"
    args = build_parser().parse_args(command.split()[1:])
    assert build_rules(args.rules, args.rule) == rules
    session.close()


def test_a_session_keeps_its_house_rules_when_loaded_again():
    party = HouseRules.preset("party").replace(hand_size=6)
    session = Session.new("Ann", ["greedy", "random"], seed=8, name="party", rules=party)
    for _ in range(40):
        seat = session.bot_to_act()
        if seat is None:
            break
        session.apply(session.bot_action(seat))
    session.close()
    again = Session.load("party")
    assert again.match.rules == party and again.match.round == session.match.round
    again.close()


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
def test_a_new_saves_name_says_its_date_and_time_and_numbers_a_second_in_words(language, monkeypatch):
    # Found in play (issue 32, re-check): "Partia 2026-12-03 18.48 2" read as a time, the 2 as its end.
    from unokart_tui.table import session as session_module
    from unokart_tui.voice import pgettext, speaking

    monkeypatch.setattr(session_module, "datetime", _Frozen)
    with speaking(language):
        first = Session.new("Ann", ["greedy"], seed=3)
        second = Session.new("Ann", ["greedy"], seed=4)
        context = "a new save's name: letters, digits, spaces, - _ . only"
        expected = [
            pgettext(context, "Match of {date} at {time}").format(date="2026-12-03", time="18.48"),
            pgettext(context, "Match of {date} at {time} no. {number}").format(
                date="2026-12-03", time="18.48", number=2
            ),
        ]
    assert [first.name, second.name] == expected
    assert "2026-12-03" in second.name and not second.name.endswith("18.48 2")
    first.close()
    second.close()


class _Frozen:
    """``datetime`` of the session's module, at 18:48:30 local time on 2026-12-03 (TZ is UTC in tests)."""

    @staticmethod
    def now(tz=None):
        from datetime import datetime

        return datetime(2026, 12, 3, 18, 48, 30, tzinfo=tz)
