"""Your statistics in line mode (issue 33): the Statistics screen's figures as sentences; a store in trouble
said as the screen says it, and left as it is.
"""

from __future__ import annotations

import os

import pytest

import saves
from unokart_tui.history import stats
from unokart_tui.plain.stats import read_stats
from unokart_tui.table.session import Session

from ..history.failing import held, short_wait
from ..history.play import finished_match, play
from .pages import after, read

PROMPT = "Type matches for your finished matches, bots for how you did against each bot; help, back."


@pytest.fixture
def two_won():
    """Two matches Ann won against the default line-up, ``won one`` finished first."""
    finished_match("won one", 3)
    finished_match("second", 4)
    return [saves.load_game(name) for name in ("won one", "second")]


def result(game: saves.SavedGame) -> str:
    scores = game.match.scores
    return f"won {scores[0]} to {max(scores[1:])}"


def test_an_empty_store_says_so_in_one_line():
    lines = read(read_stats, ["matches", "bots"])
    assert lines == [
        "Your statistics.",
        "No finished round yet: your statistics start with the first round you finish.",
        PROMPT,
        "You have not finished a match yet.",
        "You have not played a bot in a finished round yet.",
    ]


def test_enter_alone_says_what_may_be_typed_not_that_there_is_no_command():
    """Found by the translators: Enter on the statistics page answered "There is no command  on this page"."""
    lines = read(read_stats, [""])
    assert lines[-1] == PROMPT and lines[-2] == PROMPT
    assert not any("no command" in line for line in lines)


def test_the_totals_come_first_as_sentences(two_won):
    lines = read(read_stats, [])
    assert lines[:3] == [
        "Your statistics.",
        "You finished 2 matches and won 2 (100%).",
        "You finished 2 rounds and won 2 (100%).",
    ]
    assert "You won your last 2 matches in a row." in lines
    assert "Your longest run of wins: 2 matches; of losses: 0 matches." in lines
    best, narrowest = sorted(two_won, key=lambda game: -game.match.scores[0])
    assert f"Your best match: {result(best)} against Mario, Luigi, Peach." in lines
    assert f"Your narrowest win: {result(narrowest)} against Mario, Luigi, Peach." in lines
    assert "You took back 0 moves." in lines
    assert lines[-2] == "Your win rate after each of your last 2 finished matches, the oldest first: 100%, 100%."
    assert lines[-1] == PROMPT


def test_counts_of_one_are_said_in_the_singular():
    finished_match("only", 3)
    lines = read(read_stats, ["matches"])
    assert "You finished 1 match and won 1 (100%)." in lines
    assert "You finished 1 round and won 1 (100%)." in lines
    assert "You won your last match." in lines
    assert any(line.startswith("Your match: won ") for line in lines)  # one match is neither best nor worst
    assert "Your win rate after your last finished match: 100%." in lines
    assert after(lines, "1 finished match, the latest first:")[1].endswith(", in 1 round; saved as only.")


def test_rounds_of_an_unfinished_match_count_before_any_match_is_finished():
    play(Session.new("Ann", ["random"], seed=3, target=500, name="begun"), until_over=False).close()
    lines = read(read_stats, [])
    assert lines[1] == "You have not finished a match yet."
    assert lines[2] in ("You finished 1 round and won 1 (100%).", "You finished 1 round and won 0 (0%).")
    assert not any("—" in line for line in lines)


def test_matches_are_one_line_each_the_latest_first(two_won):
    second = two_won[1]
    lines = after(read(read_stats, ["matches"]), "2 finished matches")
    assert lines[0] == "2 finished matches, the latest first:"
    assert lines[1].startswith("1. ") and lines[1].endswith(
        f": {result(second)} against Mario, Luigi, Peach, in 1 round; saved as second."
    )
    assert lines[2].startswith("2. ") and lines[2].endswith("saved as won one.")
    assert len(lines) == 3


def test_bots_says_how_you_did_against_each(two_won):
    lines = after(read(read_stats, ["bots"]), "Against ")
    kinds = sorted({seat.kind for seat in two_won[0].seats[1:]})
    assert lines[: len(kinds)] == [f"Against {kind}: you won 2 of 2 matches (100%)." for kind in kinds]
    assert lines[len(kinds)] == "At difficulty normal: you won 2 of 2 matches (100%)."
    assert lines[len(kinds) + 1] == "How each bot played, over every seat it took:"
    for kind in kinds:
        assert f"{kind} won 0 matches against you." in lines


def test_a_match_is_replayed_from_the_list_and_back_leads_to_the_statistics(two_won):
    lines = read(read_stats, ["replay 2", "back", "replay 3", "matches"])
    assert "Replay of won one. The match is over, so every hand may be read." in lines
    replay = after(lines, "Replay of won one")
    assert replay[3] == "Round 1 begins." and replay[4].startswith("Cards drawn for the deal")
    assert lines.count(PROMPT) == 2
    assert "Type a number from 1 to 2." in lines
    assert lines[-1].endswith("saved as won one.")


def test_a_replay_of_a_match_whose_save_is_gone_says_so(two_won):
    saves.path_of("second").unlink()
    lines = read(read_stats, ["replay 1"])
    assert lines[-2] == "The match 'second' is not among your saves: it cannot be replayed here."  # no path
    assert lines[-1] == PROMPT
    assert not any(line.startswith("Replay of") for line in lines)


def test_a_save_that_now_holds_another_match_is_not_replayed_for_it(two_won):
    saves.path_of("second").unlink()
    finished_match("second", 5)  # another match under the same name
    lines = read(read_stats, ["replay 2"])
    assert lines[-2] == "The save second now holds another match."
    assert not any(line.startswith("Replay of") for line in lines)


def test_a_busy_store_is_named_as_the_screen_names_it_and_left_as_it_is(two_won, monkeypatch):
    path = stats.store_path()
    before = path.read_bytes()
    short_wait(monkeypatch)
    with held(path, "EXCLUSIVE"):
        lines = read(read_stats, ["matches", "bots"])
    problem = "Your statistics cannot be read: "
    assert lines[1].startswith(problem) and "another program is using it" in lines[1]
    assert lines[2] == PROMPT
    assert lines[3:] == [lines[1], lines[1]]  # no figure to read: the problem, each time
    assert path.read_bytes() == before


def test_a_damaged_store_is_rebuilt_from_the_saves_and_the_page_says_so(two_won):
    path = stats.store_path()
    data = bytearray(path.read_bytes())
    data[100:4000] = os.urandom(3900)
    path.write_bytes(bytes(data))
    lines = read(read_stats, [])
    assert "set aside as stats.sqlite3.damaged-" in lines[1]
    assert lines[2] == "You finished 2 matches and won 2 (100%)."  # nothing lost: rebuilt from the saves
    assert list(path.parent.glob("stats.sqlite3.damaged-*"))


def test_in_slovak_the_bots_are_named_as_at_the_table_and_a_percentage_is_written_the_slovak_way(two_won):
    """Found playing line mode in Slovak: "Súper greedy", "Obtiažnosť normal" and "0%, 0%" among Slovak words."""
    import re

    from unokart_tui.voice import speaking

    with speaking("sk"):
        lines = read(read_stats, ["bots"])
    assert any(line.startswith("Súper chamtivý:") for line in lines)
    assert any(line.startswith("Obtiažnosť normálny:") for line in lines)
    assert any(line.startswith("skeptik:") for line in lines)
    assert not any(re.search(r"\b(greedy|challenger|item-hoarder|normal)\b", line) for line in lines)
    assert any("%" in line for line in lines)
    assert not any(re.search(r"\d%", line) for line in lines)  # "100 %", as Slovak writes it
