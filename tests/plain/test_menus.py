"""New game, Load and Settings in line mode (issue 33): one question at a time, wrong answers said in one line."""

from __future__ import annotations

import pytest

from saves import backup_of, list_saves
from unokart_tui.engine import HouseRules
from unokart_tui.history.match_length import length_sentence, offered_target
from unokart_tui.plain.asking import InputEnded, Leave
from unokart_tui.plain.new_game import NewGame, ask_new_game
from unokart_tui.plain.settings_menu import FIELDS
from unokart_tui.settings import REMEMBERED, Settings, load_settings, save_settings
from unokart_tui.table.session import Session
from unokart_tui.voice import use_process_language

from .driving import NEW_GAME_DEFAULTS, after, lines_for, title


@pytest.fixture(autouse=True)
def _english_afterwards():
    """Setting the language changes the process's: the next test speaks English again."""
    yield
    use_process_language(None)


# ---------------------------------------------------------------------- New game


def new_game(answers: list[str], last: NewGame | None = None) -> tuple[NewGame, list[str]]:
    lines, out = lines_for(answers)
    game = ask_new_game(lines, "You", last)
    said = out.getvalue().splitlines()
    assert "\x1b" not in out.getvalue()
    return game, said


def test_enter_takes_every_default_of_new_game():
    game, said = new_game(NEW_GAME_DEFAULTS)
    assert game == NewGame("You", ("greedy", "challenger", "item-hoarder"), ("normal",) * 3, 500, None, HouseRules())
    assert said[-1] == (
        "Starting: You against greedy, challenger, item-hoarder, to 500 points, a random deal. "
        "Official rules: no house rules."
    )


def test_each_wrong_answer_says_why_in_one_line_and_the_question_comes_again():
    answers = [
        "Ann\x07", "A" * 21, "Ann",
        "0", "ten", "2",
        "greedy", "dragon, greedy", "greedy:impossible, expert", "expert, gr:hard",
        "extreme", "easy",
        "0", "200",
        "nonsense", "party jump_in=maybe", "party jump_in=false",
        "abc", "-5",
    ]  # fmt: skip
    game, said = new_game(answers)
    assert game == NewGame(
        "Ann", ("expert", "greedy"), ("easy", "hard"), 200, -5, HouseRules.preset("party").replace(jump_in=False)
    )
    wrong = {
        "Your name cannot hold control characters (\\x07).",
        "Your name can have at most 20 characters.",
        "Answer a whole number from 1 to 9.",
        "Name 2 opponents, not 1.",
        "There is no opponent dragon: the opponents are random, greedy, challenger, item-hoarder or expert.",
        "greedy has no difficulty impossible: choose easy, normal or hard.",
        "There is no extreme here: type a number from 1 to 4, or help.",  # the expert has expert-quick too
        "The target must be a whole number from 1 to 100000.",
        "There is no nonsense here: type a number from 1 to 4, or help.",
        "The seed must be a whole number, or empty.",
    }
    assert wrong <= set(said)
    for line in wrong:
        question = said[said.index(line) + 1]
        assert question.endswith((".", "?")) and question == said[said.index(line) - 1], line  # asked again
    assert any(line.startswith("jump_in is true or false") for line in said)
    assert said[-1] == (
        "Starting: Ann against expert (easy), greedy (hard), to 200 points, seed -5. House rules: "
        "stack draw two, stack draw four, stack across, seven zero."
    )


def test_the_target_question_says_how_long_a_match_lasts_and_offers_a_few_rounds():
    opponents = 9
    assert offered_target(opponents + 1, 500) is not None  # the figures: 500 at ten players is a round or two
    _game, said = new_game(["", str(opponents), "", "", "", "", ""])
    question = said.index("Target score: the first to reach it wins the match. Enter for 500.")
    assert said[question - 2] == length_sentence(opponents + 1, 500)
    assert said[question - 1].startswith("For about ") and said[question - 1].endswith(
        f", answer {offered_target(opponents + 1, 500)}."
    )


def test_the_difficulty_of_each_opponent_given_in_the_line_up_skips_the_table_question():
    game, said = new_game(["", "2", "random:easy, 4:hard", "", "", ""])
    assert game.bots == ("random", "item-hoarder") and game.profiles == ("easy", "hard")
    assert not any(line.startswith("Difficulty of the opponents") for line in said)


def test_the_last_games_answers_are_offered_again():
    last = NewGame("Ann", ("expert", "random"), ("hard", "hard"), 250, 3, HouseRules.preset("house"))
    game, said = new_game(NEW_GAME_DEFAULTS, last)
    assert game == NewGame("Ann", ("expert", "random"), ("hard", "hard"), 250, None, HouseRules.preset("house"))
    assert "Your name at the table? Enter for Ann." in said
    assert "How many opponents, from 1 to 9? Enter for 2." in said
    assert any(line.endswith("Enter for expert, random.") for line in said)
    assert "Difficulty of the opponents: easy, normal, hard or expert-quick? Enter for hard." in said
    assert said[-1].endswith("House rules: the house preset (stack draw two, stack draw four, draw until playable).")
    assert "Target score: the first to reach it wins the match. Enter for 250." in said
    assert any(line.endswith("Enter for house.") for line in said)


@pytest.mark.parametrize(("typed", "way_out"), [("back", Leave), ("quit", Leave), (None, InputEnded)])
def test_new_game_is_left_by_back_quit_or_the_end_of_the_input(typed, way_out):
    lines, _out = lines_for(["Ann", "2"] + ([typed] if typed else []))
    with pytest.raises(way_out):
        ask_new_game(lines, "You")


def test_help_at_the_house_rules_question_names_every_switch():
    from unokart_tui.engine import SWITCHES
    from unokart_tui.voice.plain_menus import house_rule_name

    game, said = new_game(["", "", "", "", "", "help", "official hand_size=8", ""])
    helped = after(said, "House rules: a preset's name")
    assert helped[1] == "After the preset, any of these switches, separated by spaces (false turns one off):"
    assert [line.split("=")[0] for line in helped[2 : 2 + len(SWITCHES)]] == [house_rule_name(s) for s in SWITCHES]
    assert "hand size=8: Everyone is dealt 8 cards (7 in the rules)." in helped
    assert game.rules == HouseRules(hand_size=8)


def test_house_rules_are_said_in_words_and_typed_in_words_or_by_id_h5():
    """Found in the second playtest: a screen reader read "stack underscore draw underscore two"."""
    game, said = new_game(["", "", "", "", "", "party, jump in=false, Hand Size=8", ""])
    assert game.rules == HouseRules.preset("party").replace(jump_in=False, hand_size=8)
    assert "3. party: stack draw two, stack draw four, stack across, seven zero, jump in." in said
    assert not any("_" in line for line in said)
    game, _said = new_game(["", "", "", "", "", "official stack_draw_two seven zero", ""])
    assert game.rules == HouseRules(stack_draw_two=True, seven_zero=True)


def test_a_house_rules_value_is_typed_in_the_players_words_too_h5():
    """Found in a Slovak playtest: "párty, skok do hry=nie" was refused, "jump_in je true alebo false"."""
    from unokart_tui.voice import use_process_language

    use_process_language("sk")
    try:
        game, _said = new_game(["", "", "", "", "", "párty, skok do hry=nie", ""])
    finally:
        use_process_language(None)
    assert game.rules == HouseRules.preset("party").replace(jump_in=False)
    game, _said = new_game(["", "", "", "", "", "official, jump in=on, seven zero=yes", ""])
    assert game.rules == HouseRules(jump_in=True, seven_zero=True)


def test_opponents_typed_with_a_space_in_a_name_are_parted_by_the_commas():
    """Found in the second playtest: "random, greedy, item hoarder" said "Name 3 opponents, not 4."."""
    game, _said = new_game(["", "3", "random, greedy, item hoarder", "", "", "", ""])
    assert game.bots == ("random", "greedy", "item-hoarder")
    game, _said = new_game(["", "2", "greedy challenger", "", "", "", ""])
    assert game.bots == ("greedy", "challenger")


def test_bots_difficulties_and_presets_are_said_and_typed_in_the_players_language():
    """Found in a Slovak playtest: "1. random … 4. item-hoarder", "easy, normal alebo hard?" in English."""
    from unokart_tui.voice import use_process_language
    from unokart_tui.voice.names import difficulty_name, personality_name

    use_process_language("sk")
    try:
        hoarder, greedy, hard = personality_name("item-hoarder"), personality_name("greedy"), difficulty_name("hard")
        game, said = new_game(["", "2", f"{hoarder}, {greedy}:{hard}", "easy", "", "", ""])
        game_by_id, _said = new_game(["", "2", "item-hoarder, greedy:hard", "easy", "", "", ""])
    finally:
        use_process_language(None)
    assert hoarder != "item-hoarder" and hard != "hard"  # the catalog has them
    assert game.bots == game_by_id.bots == ("item-hoarder", "greedy")
    assert game.profiles == game_by_id.profiles
    assert game.profiles[1] == "hard"
    assert any(line.startswith("4. ") and hoarder in line for line in said)
    assert not any("item-hoarder" in line for line in said)


def test_help_in_new_game_says_how_to_answer_and_asks_again():
    _game, said = new_game(["help", *NEW_GAME_DEFAULTS])
    assert said[2] == "Enter takes what the question offers; back returns to the title; help says this again."
    assert said[1] == said[3] == "Your name at the table? Enter for You."


# ---------------------------------------------------------------------- Load


def saved_match(name: str, moves: int = 3) -> Session:
    """A match saved under ``name`` after a few of the player's moves (so that a backup was kept)."""
    from unokart_tui.plain.table import LineTable

    session = Session.new("Ann", ["greedy", "challenger"], seed=4, name=name)
    table = LineTable(session, lambda line: None)
    table.start()
    for _ in range(moves):
        table.handle(next(move for move in table.moves() if move.split()[0] not in ("undo", "hint")))
    table.close()
    return session


def test_load_lists_the_saves_and_opens_one_by_its_name_in_any_case():
    saved_match("Duel")
    saved_match("Other")
    _status, said = title(["load", "duel", "quit", "quit"])
    listed = after(said, "What now?")[:2]
    assert sorted(line.split(",")[0].split(". ", 1)[1] for line in listed) == ["Duel", "Other"]
    assert all(line.endswith(": 3 players, round 1, official rules; Ann 0, Mario 0, Luigi 0.") for line in listed)
    assert "Welcome back: round 1 goes on." in said


def test_a_save_that_cannot_be_read_says_so_in_one_line_and_nothing_is_lost():
    saved_match("Broken", moves=0)
    (entry,) = list_saves()
    entry.path.write_text("this is no save\n")
    backup = backup_of(entry.path)
    backup.unlink(missing_ok=True)  # no previous version: nothing is offered instead
    before = entry.path.read_bytes()
    status, said = title(["load", "1", "", "quit"])
    assert status == 0
    listing = after(said, "What now?")
    assert listing[0].startswith("1. Broken, changed ") and "cannot be read" in listing[0]
    refusal = after(said, "Which save?")[0]
    assert "Broken" in refusal and "\n" not in refusal
    assert after(said, "Which save?")[1].startswith("1. Broken")  # the list again: another may be chosen
    assert entry.path.read_bytes() == before
    assert not backup.exists()


def test_a_save_that_cannot_be_read_offers_its_previous_version():
    saved_match("Kept", moves=3)
    (entry,) = list_saves()
    entry.path.write_text("broken\n")
    _status, said = title(["load", "Kept", "maybe", "no", "Kept", "yes", "quit", "quit"])
    question = next(line for line in said if line.startswith("Kept cannot be read: "))
    assert question.endswith("Its previous version, one move earlier, was kept: open it?")
    assert "Answer yes or no." in said
    assert said.count(question) == 3  # asked, asked again after "maybe", and after the second choice
    assert "Welcome back: round 1 goes on." in said


def test_load_with_no_saves_says_so_and_returns_to_the_title():
    _status, said = title(["load", "quit"])
    assert after(said, "What now?")[0] == "No saved matches yet: start a new game."
    assert after(said, "What now?")[1:3] == ["1. Continue: no match is waiting yet.", "2. New game."]


# ---------------------------------------------------------------------- Settings


def test_settings_list_every_setting_with_its_value_in_words():
    _status, said = title(["settings", "", "quit"])
    listed = after(said, "Settings: type set")[: len(FIELDS)]
    # The lobby's last choices for friends are remembered where they are made, not set here (issue 31).
    assert set(FIELDS) == set(Settings._fields) - set(REMEMBERED)
    # Found in the playtest: "(uno_helper)" read as "uno underscore helper"; each is named in words
    named = [line.split(" (")[1].split(")")[0] for line in listed]
    assert named == [field.replace("_", " ") for field in FIELDS[:6]] + [
        "card symbols", "guide", "reduce motion", "confirm quit", "theme"
    ]  # fmt: skip
    assert listed[0] == "1. Line mode: start as lines of text, for screen readers (line mode): off."
    assert "2. Your name at the table (player name): not set (New game offers You)." in listed
    assert "3. Language (language): automatic." in listed
    for python in ("True", "False", "bool", "str", "None", "'"):
        assert not any(python in line for line in listed), python


def test_settings_round_trip():
    answers = [
        "settings",
        "set line_mode on",
        "set uno helper yes",
        "2", "Ann",
        "set bot speed fast",
        "set card symbols ascii",
        "set language nederlands",
        "set language auto",
        "set undo maybe",
        "set theme nord",
        "set colour red",
        "12",
        "back",
        "settings",
        "",
        "new", "", "back",
        "quit",
    ]  # fmt: skip
    status, said = title(answers)
    assert status == 0
    settings, problem = load_settings()
    assert problem is None
    assert settings == Settings(
        line_mode=True, uno_helper=True, player_name="Ann", bot_speed="fast", glyphs="ascii", language="auto"
    )
    for line in (
        "Line mode: start as lines of text, for screen readers (line mode) is now on.",
        "UNO helper: say UNO for me (uno helper) is now on.",
        "Your name at the table (player name) is not set (New game offers You). Type a new one; Enter keeps it.",
        "Bot speed at the full-screen table (bot speed) is now fast.",
        "Card symbols at the full-screen table (card symbols) is now plain ASCII.",
        "maybe is not a choice for undo: type on or off.",
        "The theme is chosen in the full-screen game's settings: line mode has no colours.",
        "There is no setting colour: type a number from 1 to 11, or a name from the list.",
        "There is no setting 12: type a number from 1 to 11, or a name from the list.",
        "1. Line mode: start as lines of text, for screen readers (line mode): on.",
        "Your name at the table? Enter for Ann.",
    ):
        assert line in said, line
    # said in the language just chosen, the setting's name too (its Dutch word once the catalog has it)
    assert any(line.startswith("Taal (") and line.endswith(") is nu Nederlands.") for line in said)


def test_a_setting_that_cannot_be_saved_holds_until_the_player_quits(monkeypatch):
    from saves import SaveError
    from unokart_tui.plain import settings_menu
    from unokart_tui.settings import settings_path

    def refuse(settings, path=None):
        raise SaveError(settings_path(), "could not be written: disk full; the settings in it are kept")

    monkeypatch.setattr(settings_menu, "save_settings", refuse)
    _status, said = title(["settings", "set 4 on", "", "quit"])
    assert any(line.endswith("The change holds until you quit.") and "disk full" in line for line in said)
    assert "UNO helper: say UNO for me (uno helper) is now on." in said
    assert load_settings()[0] == Settings()


def test_a_saved_setting_is_listed_as_it_was_saved():
    save_settings(Settings(undo=False, language="sk"))
    _status, said = title(["settings", "", "quit"])
    assert any(line.endswith("(undo): off.") for line in said)
    assert any(line.endswith("(language): Slovenčina.") for line in said)


def test_the_default_name_is_offered_in_the_readers_language():
    """Found by the translators: Slovak New game asked "Tvoje meno pri stole? Enter: You."."""
    from unokart_tui.voice import use_process_language
    from unokart_tui.voice.plain_menus import name_not_set, name_question, new_game_summary

    use_process_language("sk")
    try:
        assert "You" not in name_question("You") and "Ty" in name_question("You")
        assert "You" not in name_not_set("You")
        assert "You" not in new_game_summary("You", "Mario", 500, None)
        assert "Ann" in name_question("Ann")
    finally:
        use_process_language(None)


def test_in_slovak_the_bot_speed_is_said_and_typed_in_slovak():
    """Found playing line mode in Slovak: "Rýchlosť botov ... (bot_speed): normal." among Slovak words."""
    from unokart_tui.voice import use_process_language
    from unokart_tui.voice.plain_menus import setting_name

    use_process_language("sk")
    try:
        _status, said = title(["settings", "set bot_speed rýchlo", "", "quit"])
        name = setting_name("bot_speed")  # the setting's name in words, in Slovak: no "underscore" read out
    finally:
        use_process_language(None)
    assert "_" not in name
    assert any(line.startswith("6. ") and line.endswith(f"({name}): normálne.") for line in said)
    assert load_settings()[0].bot_speed == "fast"
