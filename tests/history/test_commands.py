"""unokart export, replay and stats from the shell: what they write, and a clear line when they cannot."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime

import saves
from unokart_tui import __version__
from unokart_tui.engine import CardsDrawn, HouseRules, Match
from unokart_tui.history.export import export_text
from unokart_tui.history.timeline import Timeline

from .play import bot_match


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "unokart_tui", *args], check=False, capture_output=True, text=True, timeout=120
    )


def write(name: str, *, finished: bool) -> saves.SavedGame:
    match, seats = bot_match(6, target=150 if finished else 5000, actions=None if finished else 120)
    saves.write_atomic(saves.path_of(name), saves.dumps(match, seats=seats))
    return saves.load_game(name)


def test_export_writes_the_log_with_the_seed_and_the_command_that_deals_it_again(tmp_path):
    game = write("Open", finished=False)
    result = run("export", "Open")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.startswith(f'unokart {__version__} — the match "Open", as Ann saw it\n')
    assert "Players: Ann (you), Mario (greedy), Luigi (challenger), Peach (item-hoarder)" in text
    assert "Seed 6. To deal this match again: unokart new --seed 6 --target 5000" in text
    assert "— Round 1 —" in text and "in progress, round" in text
    timeline = Timeline(game.match)
    for events in timeline.events:  # the bots' draws are counted, never named
        for event in events:
            if isinstance(event, CardsDrawn) and event.seat != 0 and event.cards:
                assert f"{game.match.names[event.seat]} draws {len(event.cards)} card" in text
    written = tmp_path / "open.txt"
    result = run("export", "Open", "-o", str(written))
    assert result.returncode == 0 and "Wrote" in result.stdout
    assert written.read_text(encoding="utf-8") == text


def test_export_of_a_finished_match_ends_with_its_winner_and_scores():
    game = write("Done", finished=True)
    text = run("export", "Done").stdout
    winner = game.match.names[game.match.winner]
    assert f"finished: {winner} won with {game.match.scores[game.match.winner]} points" in text
    assert text.count("  Scores: ") == game.match.round_number


def test_export_and_replay_of_a_missing_save_say_so_in_one_line():
    for command in ("export", "replay"):
        result = run(command, "Nothing here")
        assert result.returncode == 1
        assert result.stderr.count("\n") == 1 and "there is no such save" in result.stderr
        assert "Traceback" not in result.stderr


def test_export_to_a_folder_that_cannot_be_written_says_so(tmp_path):
    write("Open", finished=False)
    result = run("export", "Open", "-o", str(tmp_path / "missing" / "open.txt"))
    assert result.returncode == 1 and "cannot be written" in result.stderr and "Traceback" not in result.stderr


def test_stats_with_a_data_folder_that_is_a_file_says_so_in_one_line(tmp_path, monkeypatch):
    folder = tmp_path / "not a folder"
    folder.write_text("")
    monkeypatch.setenv("UNOKART_DATA_DIR", str(folder))
    result = subprocess.run(
        [sys.executable, "-m", "unokart_tui", "stats"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ},
    )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "cannot be used" in result.stderr


def test_export_by_a_player_of_the_default_name_reads_as_a_sentence():
    from unokart_tui.defaults import PLAYER_NAME
    from unokart_tui.history.export import export_text
    from unokart_tui.table.session import Session

    session = Session.new(PLAYER_NAME, ["random"], seed=3, name="Yours")
    session.close()
    text = export_text("Yours", saves.load_game("Yours"))
    assert text.startswith(f'unokart {__version__} — the match "Yours", as you saw it\n')


def test_export_writes_every_undo_where_it_was_made():
    from unokart_tui.history.export import export_text
    from unokart_tui.table.session import Session

    from .play import a_plain_play

    session = Session.new("Ann", ["random"], seed=8, name="Undone")
    choice = a_plain_play(session)
    for _ in range(2):  # the same move taken back twice at the same point
        session.apply(choice)
        session.undo()
    session.apply(choice)
    session.close()
    lines = export_text("Undone", saves.load_game("Undone")).splitlines()
    undo = f"↶ Undo: your move (playing {choice.card.name}) was taken back here."  # words, not "play R7"
    assert lines.count(undo) == 2
    assert "Undos: 2, each written where it was made." in lines
    # Where: after the last move kept, before the move played again (each undo on a line)
    assert lines[lines.index(undo) + 2] == f"· You play {choice.card.name}."


def test_export_says_the_rules_in_words():
    # Issue 34: the header said "stack_draw_two = True, ..." and "(RULES.md exactly)".
    official = export_text("Open", write("Open", finished=False)).splitlines()
    assert "Rules: the official rules of UNO, with no house rules." in official
    match = Match.new(["Ann", "Mario"], seed=4, rules=HouseRules.preset("party"))
    began = datetime(2026, 1, 1, tzinfo=UTC)
    game = saves.SavedGame(match, (saves.Seat("Ann"), saves.Seat("Mario", "greedy")), began, began)
    text = export_text("Party", game)
    assert "House rules: the party preset." in text
    assert "Answer a Draw Two with another: the total passes on." in text
    assert " = True" not in text and "RULES.md" not in text


def test_a_save_is_found_whatever_the_letter_case_and_a_missing_one_named_by_the_closest():
    # Issue 34: 'match 2026-12-02 19.26' failed on a capital M, and the answer was a file path.
    write("Match 2026-12-02 19.26", finished=False)
    write("Match 2026-12-01 21.03", finished=False)
    result = run("export", "match 2026-12-02 19.26")
    assert result.returncode == 0 and 'the match "Match 2026-12-02 19.26"' in result.stdout
    result = run("export", "Match 2026-12-02 19.62")
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "the closest: 'Match 2026-12-02 19.26', 'Match 2026-12-01 21.03'" in result.stderr
    assert str(saves.save_dir()) not in result.stderr


def test_export_prints_the_command_from_the_saved_data_without_opening_a_session(monkeypatch):
    """Issue 29: ``export`` built a live ``Session`` (with its save report) only to print one command."""
    from unokart_tui.table import session

    game = write("Setup", finished=False)
    expected = session.Session(game.match, game.seats, "Setup", game.created).deal_again_command()

    def no_session(*args, **kwargs):
        raise AssertionError("export opened a session")

    monkeypatch.setattr(session.Session, "__init__", no_session)
    assert f"To deal this match again: {expected}\n" in export_text("Setup", game)
    assert session.deal_again_command(game.match, game.seats) == expected
