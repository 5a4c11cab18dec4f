"""A match played with friends, kept in the opener's saves, is never opened there as a match against bots (issue 31).

Found in a playtest: the opener's second session offered it on the title's Continue while it was being
played, and the copy showed the next card of the live draw pile; once everyone had gone, the copy
stood at "Bob (human) is thinking…" for ever, at 100 % CPU.
"""

from __future__ import annotations

import pytest

import ai
import saves
from saves import SaveError, Seat
from unokart_tui.engine import Match
from unokart_tui.history.saved import latest_unfinished, unfinished_saves
from unokart_tui.table import opening
from unokart_tui.table.pacing import Pace, Pacer
from unokart_tui.table.session import Session
from unokart_tui.tui.screens.load import _row

from ..fakeclock import FakeClock


def save_friends_match(name: str = "friends KCRP3", *, finished: bool = False) -> Match:
    """A match of two people and a bot, written as the host writes it (``saves.dumps`` with the seats)."""
    match = Match.new(["Ann", "Bob", "Mario"], seed=4, target=1 if finished else 500)
    bot = ai.make_bot("greedy", seed=1)
    while finished and not match.is_over:
        round_ = match.round
        match.apply(bot.choose(round_.view(round_.decider), round_.legal_actions()))
    seats = (Seat("Ann"), Seat("Bob"), Seat("Mario", "random", seed=5))
    saves.write_atomic(saves.path_of(name), saves.dumps(match, seats=seats))
    return match


def test_a_friends_match_is_listed_as_played_with_friends_and_not_continued():
    saves.save(Match.new(2, seed=1), "alone")
    save_friends_match()  # the newest
    entries = {entry.name: entry for entry in saves.list_saves()}
    assert entries["friends KCRP3"].people == 2 and entries["friends KCRP3"].with_friends
    assert entries["alone"].people == 1 and not entries["alone"].with_friends
    assert [entry.name for entry in unfinished_saves()] == ["alone"]
    latest = latest_unfinished()
    assert latest is not None and latest.name == "alone"
    assert _row(entries["friends KCRP3"])[4] == "played with friends"


def test_continue_has_nothing_to_open_when_the_only_match_is_a_friends_one():
    save_friends_match()
    assert latest_unfinished() is None
    assert isinstance(opening.latest(), opening.Refused)


def test_loading_a_friends_match_is_refused_in_one_line_naming_the_file_and_locks_nothing():
    save_friends_match()
    with pytest.raises(SaveError) as refused:
        Session.load("friends KCRP3")
    message = str(refused.value)
    assert "friends KCRP3.toml" in message and "was played with friends: it goes on at their table" in message
    assert "\n" not in message
    assert not any(path.name.endswith(".lock") for path in saves.save_dir().iterdir())
    shown = opening.saved("friends KCRP3")
    assert isinstance(shown, opening.Refused) and "was played with friends" in shown.message


def test_a_friends_match_found_only_past_the_header_is_refused_all_the_same(monkeypatch):
    save_friends_match()
    monkeypatch.setattr(saves, "played_with_friends", lambda name: False)  # the parsed seats decide too
    with pytest.raises(SaveError, match="was played with friends"):
        Session.load("friends KCRP3")


def test_an_unfinished_friends_match_is_not_replayed_but_a_finished_one_is():
    save_friends_match()
    refused = opening.replay("friends KCRP3")
    assert isinstance(refused, opening.Refused) and "replayed once it is finished" in refused.message
    save_friends_match("friends DONE7", finished=True)
    assert isinstance(opening.replay("friends DONE7"), saves.SavedGame)


def test_the_bot_loop_raises_on_a_persons_seat_it_cannot_play_instead_of_spinning():
    session = Session.new("Ann", ["random"], seed=2)
    try:
        session.seats = (session.seats[0], Seat(session.seats[1].name))  # a person's seat, not the player's
        session.driver.bots.clear()
        while session.match.round.decider == 0:
            session.apply(session.match.round.legal_actions()[0])
        pacer = Pacer(session, Pace(), None, clock=FakeClock())  # type: ignore[arg-type]  # no table is reached
        with pytest.raises(RuntimeError, match="nobody here can play it"):
            pacer._bot_moves()
    finally:
        session.close()


def test_people_are_counted_in_seats_written_as_tables_too():
    data = (
        b'[match]\nplayers = ["Ann", "Bob"]\n\n[[match.seats]]\nname = "Ann"\nkind = "human"\n\n'
        b'[[match.seats]]\nname = "Bob"\nkind = \'human\'\n\n[rules]\nkind = "human"\n\n[position]\n'
    )
    assert saves.store.people_in(data) == 2
    assert saves.store.people_in(data.replace(b"kind = 'human'", b'kind = "greedy"')) == 1
    assert saves.store.people_in(b'[match]\nplayers = ["Ann", "Bob"]\n\n[position]\n') == 1


def test_the_saves_command_lists_a_friends_match_as_played_with_friends(capsys):
    from unokart_tui.cli import saves_list

    save_friends_match()
    assert saves_list.run(None) == 0  # type: ignore[arg-type]  # it reads no flag
    [line] = [line for line in capsys.readouterr().out.splitlines() if line.startswith("friends KCRP3")]
    assert "played with friends" in line


def test_the_replay_command_refuses_an_unfinished_friends_match_in_one_line(capsys):
    import argparse

    from unokart_tui.cli import replay

    save_friends_match()
    assert replay.run(argparse.Namespace(save="friends KCRP3", backup=False, plain=True)) == 1
    said = capsys.readouterr().err.strip()
    assert "\n" not in said and said.endswith("it can be replayed once it is finished.")


def test_load_game_on_a_friends_match_says_why_in_words_never_a_path():
    """Found over ssh: "Cannot open …/friends TYJP3.toml: … it goes on at their table" for a finished match."""
    save_friends_match("friends DONE7", finished=True)
    over = opening.saved("friends DONE7")
    assert over == opening.Refused(
        "Cannot open",
        "The match 'friends DONE7' was played with friends and is over: replay it instead.",
        "warning",
        None,
    )
    save_friends_match()
    going_on = opening.saved("friends KCRP3")
    assert isinstance(going_on, opening.Refused)
    assert going_on.message == "The match 'friends KCRP3' was played with friends: it goes on at their table, not here."
    assert not any(path.name.endswith(".lock") for path in saves.save_dir().iterdir())


def test_a_statistics_replay_of_a_match_not_in_ones_saves_says_so_without_a_path():
    """Found over ssh: a friend's Statistics → Matches replay said "Cannot replay /tmp/…/friends YN3KK.toml"."""
    refused = opening.replay("friends YN3KK", key="a match of the statistics")
    assert refused == opening.Refused(
        "Cannot replay",
        "The match 'friends YN3KK' is not among your saves: it cannot be replayed here.",
        "warning",
        None,
    )
    assert str(saves.save_dir()) not in refused.message
