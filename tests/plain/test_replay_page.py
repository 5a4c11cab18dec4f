"""A replay in line mode (issue 33): a save stepped through in the log's own sentences; an unfinished match
read only as the player saw it, a finished one with every hand, as the Replay screen shows them.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

import ai
import saves
from ai.driver import Driver
from unokart_tui import cli
from unokart_tui.engine import CardPlayed, Play
from unokart_tui.history.replayview import Replay
from unokart_tui.history.timeline import Timeline
from unokart_tui.plain.replay import read_replay
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.table.tableview import sorted_hand
from unokart_tui.voice.cards import long
from unokart_tui.voice.plain import card_words

from ..history.play import a_plain_play, finished_match
from .pages import ESCAPE, after, marks_in, read


@pytest.fixture
def finished():
    finished_match("won one", 3)
    return saves.load_game("won one")


def saved_after(session: Session, actions: int) -> None:
    """``session``'s match played on as ``history.play.play`` plays it (the same actions), then saved once and
    closed: a replay reads the save, not how often it was written (issue 30: 400 saves, 90 % of a test)."""
    match = session.match
    driver = Driver({**session.bots, HUMAN: ai.make_bot("greedy", seed=match.seed + 99)})
    played = 0
    while not match.is_over and played < actions:
        if match.round.is_over:
            match.next_round()
            continue
        match.apply(driver.next_step(match.round).action)
        played += 1
    assert session.save()
    session.close()


@pytest.fixture
def unfinished():
    saved_after(Session.new("Ann", ["greedy", "challenger"], seed=21, name="open", target=5000), actions=60)
    return saves.load_game("open")


# A card played, as the log says it (these matches' names are one word each).
PLAY_SAID = re.compile(r"^(You play|\w+ plays) (Red|Yellow|Green|Blue|Wild) ")


def plays_said(lines: list[str]) -> int:
    return sum(1 for line in lines if PLAY_SAID.match(line))


def plays_made(timeline: Timeline, points: range) -> int:
    """The cards played at ``points`` of the match, counted in the replay's own data."""
    return sum(isinstance(event, CardPlayed) for point in points for event in timeline.events[point])


def test_without_saves_it_says_so_and_returns():
    assert read(read_replay, ["1"]) == ["No saved matches yet. Start one with: unokart new"]


def test_the_saves_are_numbered_to_choose_from_and_back_leads_to_them(finished, unfinished):
    lines = read(read_replay, ["won one", "back", "OPEN", "back", "1", "back", "7", "zebra"])
    assert lines[0] == "2 saved matches:"
    listed = sorted(lines[1:3], key=lambda line: line[3:])
    assert listed[0].startswith(("1. open: in round 2, last played ", "2. open: in round 2, last played "))
    assert listed[0].endswith("; Ann 202, Mario 0, Luigi 0.")
    assert listed[1][3:].startswith("won one: finished in round 1, last played ")
    assert lines[3] == "Type a match's number or name to replay it; back to leave."
    opened = [line for line in lines if line.startswith("Replay of")]
    first = "won one" if lines[1].startswith("1. won one") else "open"
    assert [line.split(".")[0].split(",")[0] for line in opened] == [
        "Replay of won one",
        "Replay of open",
        f"Replay of {first}",
    ]
    assert lines.count("2 saved matches:") == 4  # again after each replay
    assert lines[-2:] == ["Type a number from 1 to 2.", "No saved match is called zebra: type list for them."]


def test_each_next_reads_the_next_move_in_the_logs_words(unfinished):
    lines = read(read_replay, ["", "next", "next 3"], "open")
    assert lines[:3] == [
        "Replay of open, as you saw it: the match is not over.",
        "60 moves in 2 rounds.",
        "Press Enter or type next for the next move; help for the commands, back to leave.",
    ]
    assert lines[3:10] == [
        "Round 1 begins.",
        "Cards drawn for the deal (you Red Skip [RS], Mario Green 2 [G2], Luigi Blue 7 [B7]): Luigi deals.",
        "Luigi deals 7 cards to everyone.",
        "The first card is Blue 9.",
        "You play Red 9.",
        "Mario plays Red Skip.",
        "Luigi loses the turn.",
    ]
    # As at the line table, a draw and the turn it costs are one line.
    assert lines[-1] == "You draw Green 7 [G7], Blue 7 [B7] (Draw Two) and lose the turn."
    timeline = Timeline(unfinished.match)
    assert plays_said(lines) == plays_made(timeline, range(6)) == 4  # the deal and five moves, every play once


def test_reading_on_to_the_end_reads_every_move_once(finished):
    lines = read(read_replay, ["next 100000", "next"], "won one")
    timeline = Timeline(finished.match)
    assert plays_said(lines) == plays_made(timeline, range(len(timeline.points))) == 31
    assert [line for line in lines if line.startswith("Round ")] == ["Round 1 begins."]
    assert "You win the match with 155 points!" in lines
    assert lines[-2:] == ["That was the last move: the match is over."] * 2


def test_a_whole_party_replay_is_read_in_words_without_a_mark():
    """Issue 33: a screen reader reads "·", "★", "—" or an item's symbol aloud ("middle dot", "asterisk").

    A party match between bots that hoard Item Boxes: items, stacks and passed hands are all read."""
    from unokart_tui.engine import HouseRules

    bots = ["item-hoarder", "item-hoarder", "greedy"]
    saved_after(Session.new("Ann", bots, seed=3, name="party", target=300, rules=HouseRules.preset("party")), 400)
    commands = ["next 100000", "start", "round 2", "where", "hands", "previous 5", "end", "where"]
    lines = read(read_replay, commands, "party")
    assert any("Item Box turns" in line for line in lines)
    assert [line for line in lines if marks_in(line)] == []
    assert not any("  " in line or line != line.strip() for line in lines)


def test_an_undo_is_read_where_it_was_made_without_its_arrow():
    session = Session.new("Ann", ["random"], seed=8, name="undone")
    choice = a_plain_play(session)
    session.apply(choice)
    session.undo()
    session.close()
    lines = read(read_replay, ["next 100000"], "undone")
    assert isinstance(choice, Play)
    assert f"Undo: your move (playing {long(choice.card)}) was taken back here." in lines  # in words, not "play Y9"
    assert [line for line in lines if marks_in(line)] == []


def test_previous_at_a_rounds_deal_goes_back_a_move(unfinished):
    """Found in the playtest: ``previous`` at round 2's deal said "Back to move 62." when at move 62 already."""
    timeline = Timeline(unfinished.match)
    deal = timeline.points[timeline.round_starts[1]].actions
    lines = read(read_replay, ["round 2", "previous"], "open")
    back = next(line for line in lines if line.startswith("Back to move "))
    assert back == f"Back to move {deal - 1}. What led here:"


def test_where_says_the_round_the_move_the_table_and_the_scores(unfinished):
    lines = after(read(read_replay, ["move 55", "where"], "open"), "Round 2 of 2, after move 55 of 60.")
    assert lines[1] == "On the pile: Green 4 [G4], by Luigi."
    assert lines[2] == "You: 6 cards, 202 points. Last move: played Green Reverse. To play now."
    assert lines[3].startswith("Mario: 6 cards, 0 points.")
    assert lines[5] == "69 cards in the draw pile. Mario plays after you."
    assert lines[6] == "Scores: Ann 202, Mario 0, Luigi 0; first to 5000 wins."


def test_round_jumps_to_its_deal_and_says_where_it_is(unfinished):
    lines = read(read_replay, ["round 2", "round 3", "round"], "open")
    timeline = Timeline(unfinished.match)
    deal = timeline.round_starts[1]
    assert after(lines, "Round 2 begins.")[:4] == [
        "Round 2 begins.",
        "You deal 7 cards to everyone.",
        "The first card is Yellow 5.",
        f"Round 2 of 2, after move {timeline.points[deal].actions} of 60.",
    ]
    assert lines[-2:] == ["Say which round: round and a number from 1 to 2."] * 2


def test_an_unfinished_replay_reads_no_hand_but_the_players(unfinished):
    replay = Replay(unfinished)
    answers = []
    for _ in range(12):
        answers += ["next 5", "hands"]
    lines = read(read_replay, answers, "open")
    assert not any("'s hand" in line for line in lines)  # no bot's hand, ever
    assert lines.count("The other hands are read only in the replay of a finished match, as on the screen.") == 12
    position = replay.timeline.position(60)
    mine = ", ".join(card_words(card) for card in sorted_hand(position.round.hands[0]))
    assert f"Your hand, {len(position.round.hands[0])} cards: {mine}." in lines


def test_a_finished_replay_reads_every_hand(finished):
    lines = after(read(read_replay, ["next 4", "hands"], "won one"), "Your hand")
    position = Timeline(finished.match).position(4)
    for seat, name in enumerate(finished.match.names[1:], start=1):
        cards = ", ".join(card_words(card) for card in sorted_hand(position.round.hands[seat]))
        assert f"{name}'s hand, {len(position.round.hands[seat])} cards: {cards}." in lines


def test_a_wrong_command_says_why_and_changes_nothing(finished):
    lines = read(read_replay, ["next 2", "jump", "next x", "move 9999", "where"], "won one")
    assert "There is no command jump on this page: type help for its commands, back to leave." in lines
    assert "Say how many moves with a number, such as next 10." in lines
    assert "Say which move: move and a number from 0 to 35." in lines
    assert lines[-8] == "Round 1 of 1, after move 2 of 35."


def test_previous_goes_back_and_says_what_led_there(finished):
    lines = read(read_replay, ["previous", "next 3", "previous"], "won one")
    assert "This is the first deal: there is no move before it." in lines
    back = after(lines, "Back to move 2.")
    assert back[0] == "Back to move 2. What led here:"
    assert back[1:] == ["Mario plays Green 4."]


def test_unokart_replay_name_plain_reads_lines_from_stdin(finished, monkeypatch, capsysbinary):
    monkeypatch.setattr(sys, "stdin", io.StringIO("end\nback\n"))
    assert cli.main(["replay", "WON ONE", "--plain"]) == 0
    written = capsysbinary.readouterr().out
    assert ESCAPE.encode() not in written
    lines = written.decode().splitlines()
    assert lines[0] == "Replay of won one. The match is over, so every hand may be read."
    assert lines[-1] == "That was the last move: the match is over."


def test_unokart_replay_of_no_such_save_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["replay", "nothing here", "--plain"]) == 1
    assert "there is no such save" in capsys.readouterr().err


def test_a_reader_that_leaves_early_ends_the_replay_quietly(finished):
    """Found in testing: ``unokart replay NAME --plain | head -1`` wrote a crash report (BrokenPipeError)."""
    env = dict(os.environ, TERM="dumb")
    command = [sys.executable, "-m", "unokart_tui", "replay", "won one", "--plain"]
    process = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdin is not None
    assert process.stdout.readline() == b"Replay of won one. The match is over, so every hand may be read.\n"
    process.stdout.close()  # the reader goes
    try:
        process.stdin.write(b"next\n" * 40)
        process.stdin.close()
    except BrokenPipeError:
        pass  # it ended already: as good
    assert process.wait(timeout=60) == 0
    assert process.stderr is not None and process.stderr.read() == b""
    process.stderr.close()
    assert not list(saves.save_dir().glob("crash-*"))


def test_an_unreadable_save_is_listed_with_its_problem_and_writes_no_control_character(finished):
    saves.path_of("broken").write_text('[match]\nnames = ["\x1b]0;owned\x07"\n', encoding="utf-8")
    lines = read(read_replay, ["broken"])
    listed = [line for line in lines if line.startswith(("1. broken", "2. broken"))]
    assert len(listed) == 2 and ": cannot be read: " in listed[0]  # listed, and listed again after the refusal
    refusals = [line for line in lines if line.startswith(str(saves.path_of("broken")))]
    assert len(refusals) == 1 and "not valid TOML" in refusals[0]
    assert "\x07" not in "\n".join(lines)
    assert not any(line.startswith("Replay of") for line in lines)
