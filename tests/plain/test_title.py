"""The title in line mode (issue 33): a numbered menu in sentences, whole paths through it, and its way out."""

from __future__ import annotations

import importlib
import importlib.util
import io

import pytest

from saves import list_saves
from unokart_tui.plain.lines import Lines
from unokart_tui.plain.title import Title
from unokart_tui.table.session import Session

from .driving import NEW_GAME_DEFAULTS, after, lines_for, title

TITLE_QUESTION = "What now? Type a number or a word."


def test_new_game_with_defaults_then_quit_load_and_continue_the_same_match():
    answers = ["new", *NEW_GAME_DEFAULTS[:-1], "7", "hand", "draw", "quit"]  # a seed: the same deal every run
    answers += ["load", "1", "table", "quit", "continue", "score", "quit", "quit", "never read"]
    status, said = title(answers)

    assert status == 0
    assert said[0].startswith("UNO Mario Kart in lines of text.")
    assert (
        "Starting: You against greedy, challenger, item-hoarder, to 500 points, seed 7. Official rules: no house rules."
        in said
    )
    assert any(line.startswith("Your hand: ") for line in said)
    assert any(line.startswith("You draw") for line in said)  # no mark before it: a screen reader reads it
    left = [
        number
        for number, line in enumerate(said)
        if line == "The match is saved: Continue on the title goes on with it."
    ]
    assert len(left) == 3  # after the new game, after loading it, after continuing it
    (entry,) = list_saves()
    assert said[left[0] + 1] == f"1. Continue the last match, {entry.name}: round 1, You 0, Mario 0, Luigi 0, Peach 0."
    loaded = after(said, "Which save?")
    assert "Welcome back: round 1 goes on." in loaded
    assert any(line.startswith("On the pile:") for line in loaded)  # `table` was read at the loaded match
    continued = after(said[left[1] :], "1. Continue the last match")
    assert any(line.startswith("Scores: You 0") for line in continued)
    assert said[-2] == TITLE_QUESTION
    assert said[-1] == "Goodbye: every match is saved."  # quit at the title: a last word, and nothing more read
    match = Session.load(entry.name)
    assert any("draw" in str(action).lower() for action in match.match.history[-1])
    match.close()


def test_the_end_of_the_input_in_a_match_saves_it_and_leaves_with_status_0():
    status, said = title(["new", *NEW_GAME_DEFAULTS, "draw"])
    assert status == 0
    (entry,) = list_saves()
    assert said[-1] == f"The match is saved. To go on with it: unokart load '{entry.name}' --plain"
    assert entry.round_number == 1 and not entry.finished


def test_the_end_of_the_input_at_the_title_leaves_quietly():
    status, said = title([])
    assert status == 0
    assert said[-1] == TITLE_QUESTION
    assert list_saves() == []


class Terminal:
    """A terminal's input: Ctrl+D ends one read, and the next read waits for more (here: gets a line)."""

    def __init__(self) -> None:
        self.reads = 0

    def __iter__(self) -> Terminal:
        return self

    def __next__(self) -> str:
        self.reads += 1
        if self.reads == 1:
            raise StopIteration  # Ctrl+D
        return "new\n"


def test_the_end_of_the_input_is_read_once_and_never_waited_for_again():
    terminal = Terminal()
    lines = Lines(terminal, io.StringIO())  # type: ignore[arg-type]
    assert Title(lines).run() == 0
    assert lines.ended
    assert lines.ask("Again?") is None
    assert terminal.reads == 1


NOTHING_TO_CONTINUE = "1. Continue: no match is waiting yet."
CHOICES = [
    "2. New game.",
    "3. Load a saved match.",
    "4. Settings.",
    "5. Rules.",
    "6. Statistics.",
    "7. Replay a match.",
    "8. Quit.",
]


def test_the_menu_names_every_page_and_says_when_no_match_waits_to_be_continued():
    _status, said = title(["quit"])
    assert said[1:10] == [NOTHING_TO_CONTINUE, *CHOICES, TITLE_QUESTION]


def test_every_choice_keeps_its_number_once_a_match_waits():
    """Found in line mode: a save put Continue first and moved every number, so 3 was no longer Settings."""
    status, said = title(["4", "back", "1", *SAVED, "4", "back", "quit"])
    assert status == 0
    menus = [n for n, line in enumerate(said) if line.startswith("1. Continue")]
    assert len(menus) == 4  # at the start, after Settings, after the match, after Settings again
    for menu in menus[:2]:
        assert said[menu : menu + 8] == [NOTHING_TO_CONTINUE, *CHOICES]
    for menu in menus[2:]:
        assert said[menu].startswith("1. Continue the last match, Match ")
        assert said[menu + 1 : menu + 8] == CHOICES
    settings = [n for n, line in enumerate(said) if line.startswith("Settings: type set")]
    assert len(settings) == 2 and settings[0] < menus[1] and settings[1] > menus[2]  # 4, then and now
    refused = said.index("No match is waiting to be continued: type 2 for a new game.")  # 1, with none waiting
    assert menus[1] < refused < menus[2] and said[refused + 1] == TITLE_QUESTION
    assert len(list_saves()) == 1  # 1 started nothing


def test_continue_by_its_word_with_no_match_waiting_says_why_and_asks_again():
    _status, said = title(["continue", "quit"])
    refused = "No match is waiting to be continued: type 2 for a new game."
    assert after(said, TITLE_QUESTION)[:2] == [refused, TITLE_QUESTION]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("dance", "There is no dance here: type a number from 1 to 8, or help."),
        ("9", "There is no 9 here: type a number from 1 to 8, or help."),
        ("s", "s could be Settings or Statistics: type more of it, or its number."),
        ("back", "There is no back here: type a number from 1 to 8, or help."),
    ],
)
def test_a_wrong_choice_says_why_in_one_line_and_the_question_comes_again(typed, said):
    _status, lines = title([typed, "quit"])
    wrong = after(lines, TITLE_QUESTION)
    assert wrong[0] == said
    assert wrong[1] == TITLE_QUESTION


@pytest.mark.parametrize("typed", ["SETT", "4", "settings", "Options", "sE"])
def test_a_choice_is_taken_by_its_number_or_a_forgiving_word(typed):
    _status, said = title([typed, "back", "quit"])
    assert after(said, TITLE_QUESTION)[0].startswith("Settings: type set")


def test_help_and_enter_at_the_title():
    _status, said = title(["help", "", "quit"])
    helped = after(said, TITLE_QUESTION)
    assert helped[0].startswith("Type the number of a choice")
    assert helped[3] == TITLE_QUESTION
    assert helped[4:6] == [NOTHING_TO_CONTINUE, "2. New game."]  # Enter: the choices again


def test_back_in_new_game_returns_to_the_title_with_nothing_started():
    status, said = title(["new", "Ann", "back", "quit"])
    assert status == 0
    assert said.count("2. New game.") == 2
    assert list_saves() == []


def test_quit_in_new_game_returns_to_the_title_too():
    _status, said = title(["new", "quit", "quit"])
    assert said.count("2. New game.") == 2


@pytest.mark.parametrize(
    ("typed", "module", "function"),
    [("rules", "rules", "read_rules"), ("statistics", "stats", "read_stats"), ("replay", "replay", "read_replay")],
)
def test_rules_statistics_and_replay_open_their_pages_on_the_same_lines(monkeypatch, typed, module, function):
    if importlib.util.find_spec(f"unokart_tui.plain.{module}") is None:
        pytest.skip(f"plain/{module}.py comes with the rules, statistics and replay pages")
    page = importlib.import_module(f"unokart_tui.plain.{module}")
    read: list[object] = []
    monkeypatch.setattr(page, function, lambda lines, *rest: read.append(lines))
    lines, _out = lines_for([typed, "quit"])
    assert Title(lines).run() == 0
    assert read == [lines]


def test_a_broken_settings_file_is_said_in_one_line_and_the_title_goes_on(tmp_path):
    from unokart_tui.settings import settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("uno_helper = 'yes'\n")
    status, said = title(["quit"])
    assert status == 0
    assert str(path) in said[1] and said[2:4] == [NOTHING_TO_CONTINUE, "2. New game."]


def test_a_match_interrupted_by_ctrl_c_ends_the_title_with_its_status(monkeypatch):
    from unokart_tui.plain import table

    def interrupted(self, line):
        raise KeyboardInterrupt

    monkeypatch.setattr(table.LineTable, "handle", interrupted)
    status, said = title(["new", *NEW_GAME_DEFAULTS, "draw", "quit"])
    assert status == 130
    assert said[-1].startswith("The match is saved. To go on with it: unokart load")


def test_a_saves_folder_that_cannot_be_listed_is_said_once_and_the_title_goes_on():
    from saves import save_dir

    folder = save_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the folder should be\n")
    status, said = title(["", "load", "quit"])
    assert status == 0
    problems = [line for line in said if str(folder) in line]
    assert len(problems) == 2  # once on the title, read twice; once by Load
    assert said.count("2. New game.") == 3


def test_a_reader_that_goes_away_from_the_title_ends_it_quietly():
    import subprocess

    from .test_line_mode import unokart

    process = unokart("--plain", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdin is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()  # as `unokart --plain | head -1` does
    try:
        process.stdin.write(b"help\n" * 200)
        process.stdin.close()
    except BrokenPipeError:
        pass  # the game may have gone already
    assert process.wait(timeout=60) == 0
    assert process.stderr.read() == b""


SAVED = ["new", *NEW_GAME_DEFAULTS[:-1], "5", "draw", "quit"]  # a save, for the replay page to list


@pytest.mark.parametrize("page", ["rules", "statistics", "replay"])
def test_each_page_read_from_the_title_comes_back_to_it(page):
    status, said = title([*SAVED, page, "back", "quit"])
    assert status == 0
    played = said[said.index("The match is saved: Continue on the title goes on with it.") :]
    opened = after(played, "What now?")
    assert not opened[0].startswith("1. ")  # the page's own lines first
    assert played.count("2. New game.") == 2  # then the title again, Continue first


@pytest.mark.parametrize("page", ["rules", "statistics", "replay"])
def test_the_end_of_the_input_in_a_page_ends_the_title_too(page):
    status, said = title([*SAVED, page])
    assert status == 0
    played = said[said.index("The match is saved: Continue on the title goes on with it.") :]
    assert played.count("2. New game.") == 1  # after the match; not again after the page


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
def test_every_page_from_the_title_is_read_without_a_mark(language):
    """Issue 33: the rules' dashes, the statistics' "lost 227–602" and the log's marks are read aloud by a
    screen reader ("em dash", "en dash", "middle dot"): every page from the title writes words only, in
    every language (a translation may bring its own marks)."""
    from unokart_tui.voice import use_process_language

    from ..history.play import finished_match
    from .pages import marks_in

    finished_match("won one", 3)
    pages = ["rules", *map(str, range(1, 11)), "back", "stats", "matches", "bots", "back"]
    pages += ["replay", "1", "next 1000", "where", "hands", "back", "back", "settings", "back", "load", "back"]
    use_process_language(language)
    try:
        status, said = title([*pages, "quit"])
    finally:
        use_process_language(None)
    assert status == 0
    assert len(said) > 200  # every page was read
    assert [line for line in said if marks_in(line)] == []
    if language == "en":
        assert any(line.startswith("Section 10 of 10") for line in said)
        assert any(line.startswith("Your match: won ") for line in said)
        assert "You win the match with 155 points!" in said
