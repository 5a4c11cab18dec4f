"""The statistics store: known totals from seeded matches, rebuild equals what was recorded, damage survived."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

import saves
from unokart_tui.engine import CardsDrawn, ChallengeResolved, DrawReason, Match, RoundWon, UnoCaught
from unokart_tui.history import stats
from unokart_tui.history.stats.store import SCHEMA_VERSION

from .play import finished_match, play

SEEDS = (1, 2, 3, 4, 5)


@pytest.fixture(scope="session")
def five_matches_played(tmp_path_factory):
    """The data folder of ``five_matches``, played once a session: a match saves at every move, seconds each."""
    folder = tmp_path_factory.mktemp("five-matches")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("UNOKART_DATA_DIR", str(folder / "data"))
        patch.setenv("UNOKART_CONFIG_DIR", str(folder / "config"))
        for seed in SEEDS:
            finished_match(f"m{seed}", seed, profile="hard" if seed == 5 else None)
        from unokart_tui.table.session import Session

        unfinished = play(Session.new("Ann", ["random"], seed=9, target=500, name="unfinished"), actions=400)
        unfinished.close()
    return folder / "data"


@pytest.fixture
def five_matches(five_matches_played):
    """Five finished matches against the default bots (one of them with hard bots), and one unfinished."""
    shutil.copytree(five_matches_played, saves.save_dir())
    return [f"m{seed}" for seed in SEEDS] + ["unfinished"]


def by_hand(names):
    """The player's totals, counted here from the saves' histories with the engine alone."""
    totals = dict(matches=0, won=0, rounds=0, rounds_won=0, points=0, banana=0, challenges=0, challenges_won=0)
    totals |= dict(catches=0, caught=0)
    for name in names:
        game = saves.load_game(name)
        match = game.match
        if match.is_over:
            totals["matches"] += 1
            totals["won"] += match.winner == 0
        again = Match(match.names, seed=match.seed, target=match.target)
        for number, actions in enumerate(match.history):
            if number:
                again.next_round()
            for action in actions:
                for event in again.apply(action):
                    if isinstance(event, RoundWon):
                        totals["rounds"] += 1
                        totals["rounds_won"] += event.seat == 0
                        totals["points"] += event.points if event.seat == 0 else 0
                    elif isinstance(event, CardsDrawn) and event.seat == 0 and event.reason is DrawReason.BANANA:
                        totals["banana"] += len(event.cards)
                    elif isinstance(event, ChallengeResolved) and event.challenger == 0:
                        totals["challenges"] += 1
                        totals["challenges_won"] += event.guilty
                    elif isinstance(event, UnoCaught):
                        totals["catches"] += event.catcher == 0
                        totals["caught"] += event.seat == 0
    return totals


def summary():
    with stats.open_store().store as store:
        return stats.summarize(store)


def dump():
    with stats.open_store().store as store:
        return store.dump()


def test_seeded_matches_give_the_totals_counted_from_their_saves(five_matches):
    expected = by_hand(five_matches)
    found = summary()
    you = found.player
    assert (found.matches, found.matches_won) == (expected["matches"], expected["won"]) == (5, found.matches_won)
    assert (you.rounds, you.rounds_won) == (expected["rounds"], expected["rounds_won"])
    assert you.points_won == expected["points"]
    assert you.draws.get("banana", 0) == expected["banana"]
    assert (you.count("challenges_made"), you.count("challenges_won")) == (
        expected["challenges"],
        expected["challenges_won"],
    )
    assert (you.count("catches_made"), you.count("caught")) == (expected["catches"], expected["caught"])
    assert you.rounds > found.matches  # the unfinished match's finished rounds count too
    assert {record.name for record in found.by_difficulty} == {"normal", "hard"}
    assert sum(record.matches for record in found.by_difficulty) == 5
    greedy = next(record for record in found.by_personality if record.name == "greedy")
    assert (greedy.matches, greedy.won) == (5, expected["won"])
    assert [line.save for line in found.matches_list] == ["m5", "m4", "m3", "m2", "m1"]
    assert found.win_rate[-1][1] == pytest.approx(expected["won"] / 5)
    # The score race of each match ends on its final scores.
    for line in found.matches_list:
        assert line.race[-1] == saves.load(line.save).scores


def test_a_rebuild_from_the_saves_equals_what_the_sessions_recorded(five_matches):
    recorded = dump()
    assert len(recorded["matches"]) == 6 and recorded["rounds"]
    os.remove(stats.store_path())
    report, note = stats.rebuild()
    assert note is None
    assert (report.read, report.matches, report.finished, report.kept, report.skipped) == (6, 6, 5, 0, ())
    assert dump() == recorded


def test_the_statistics_survive_deleting_and_trashing_saves(five_matches):
    before = summary()
    os.remove(saves.path_of("m1"))
    saves.trash("m2")
    assert summary() == before
    report, _ = stats.rebuild()  # m2 is read from the trash; m1's record is kept as it was
    assert (report.read, report.kept) == (5, 1)
    assert summary() == before


def test_a_rebuild_names_what_it_skipped_and_why(five_matches):
    saves.save_dir().joinpath("Broken.toml").write_text("[save\n")
    from unokart_tui.table.session import Session

    Session.new("Ann", ["random"], seed=4, name="just begun").close()
    report, _ = stats.rebuild()
    skipped = dict(report.skipped)
    assert "not valid TOML" in skipped["Broken.toml"]
    assert skipped["just begun.toml"] == "no round finished yet"


def test_a_damaged_store_is_set_aside_and_rebuilt_from_the_saves(five_matches):
    recorded = dump()
    path = stats.store_path()
    data = bytearray(path.read_bytes())
    data[100:4000] = os.urandom(3900)  # the header's page and the tables' roots torn
    path.write_bytes(bytes(data))
    opened = stats.open_store()
    with opened.store as store:
        assert store.dump() == recorded
    assert opened.note is not None and "set aside as stats.sqlite3.damaged-" in opened.note
    assert [p.name for p in path.parent.glob("stats.sqlite3.damaged-*")]  # kept, not deleted


@pytest.mark.parametrize("kind", ["garbage", "empty tables", "a folder"])
def test_anything_else_in_the_stores_place_is_set_aside(kind):
    path = stats.store_path()
    path.parent.mkdir(parents=True)
    if kind == "garbage":
        path.write_bytes(b"this is no database at all" * 100)
    elif kind == "a folder":
        path.mkdir()
    else:
        sqlite3.connect(path).execute("CREATE TABLE other (x)").connection.commit()
    opened = stats.open_store()
    opened.store.close()
    assert opened.note is not None and opened.rebuilt is not None


def test_a_store_of_a_newer_unokart_is_left_alone():
    path = stats.store_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(stats.StatsError, match="newer unokart"):
        stats.open_store()
    assert path.read_bytes() == before


def test_a_failed_write_leaves_the_store_as_it_was(five_matches):
    recorded = dump()
    record = stats.match_record("m1", saves.load_game("m1"))._replace(key="another match")
    broken = record._replace(rounds=(record.rounds[0]._replace(seats=(None,)),))  # fails half-way through
    with pytest.raises(AttributeError), stats.open_store().store as store:
        store.put(broken)
    assert dump() == recorded


def test_a_session_whose_store_cannot_be_written_plays_on_and_says_why():
    path = stats.store_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    session = finished_match("m", 1)
    assert session.match.is_over
    assert "newer unokart" in session.stats_problem


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "unokart_tui", *args], check=False, capture_output=True, text=True, timeout=120
    )


def in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``unokart ARGS`` run by ``cli.main`` in this process (the code the program runs, without the 0.15 CPU-s
    of starting one): its status, its stdout and its stderr."""
    from unokart_tui import cli

    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_stats_command_in_text_and_json_and_its_rebuild(five_matches, capsys):
    """The text as the program prints it; the JSON and the rebuild by the same ``cli.main``, in this process."""
    text = run("stats")
    assert text.returncode == 0, text.stderr
    assert "Matches" in text.stdout and "5 finished" in text.stdout and "Your win rate by opponent" in text.stdout
    code, out, err = in_process(capsys, "stats", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["matches"] == 5 and data["player"]["rounds"] == summary().player.rounds
    code, out, err = in_process(capsys, "stats", "--rebuild", "--json")
    assert code == 0
    assert "Rebuilt from the saves: read 6 saves" in err
    assert json.loads(out) == data


def test_the_stats_command_with_nothing_played_says_so(capsys):
    code, out, _ = in_process(capsys, "stats")
    assert code == 0
    assert "No finished round yet" in out


def test_the_hints_asked_for_at_the_table_are_counted(five_matches):
    # Issue 20: a hint (t) is counted in the player's seat of the save; the statistics read it there.
    game = saves.load_game("m2")
    seats = (game.seats[0]._replace(hints=3), *game.seats[1:])
    saves.save(game.match, "m2", seats=seats)
    record = stats.match_record("m2", saves.load_game("m2"))
    assert record.hints == 3
    stats.rebuild()
    assert summary().hints == 3
