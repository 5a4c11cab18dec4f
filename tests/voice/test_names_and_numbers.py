"""What the translators found shown in English or read wrong (issue 32): the default name "You" used as a
name, ids (``greedy``, ``party``, ``fast``) on screen, and ``1.5`` where Slovak and Dutch write ``1,5``."""

from __future__ import annotations

import contextvars
import random
from collections.abc import Callable
from typing import Any

import pytest

from unokart_tui.engine import Match
from unokart_tui.history.match_length import rounds_words
from unokart_tui.table.tableview import round_summary, status
from unokart_tui.voice import use_language
from unokart_tui.voice.names import (
    difficulty_name,
    personality_name,
    personality_short,
    preset_name,
    shown_name,
    speed_name,
)
from unokart_tui.voice.numbers import number, percent


def spoken(language: str, words: Callable[[], Any]) -> Any:
    def run() -> Any:
        use_language(language)
        return words()

    return contextvars.Context().run(run)


def won_by(seat: int, names: list[str]) -> Match:
    """A match whose first round ``seat`` won, played at random from a seed that gives it."""
    for seed in range(200):
        match, rng = Match.new(names, seed=seed), random.Random(seed)
        while not match.round.is_over:
            match.apply(rng.choice(match.legal_actions()))
        if match.round.winner == seat:
            return match
    raise AssertionError(f"no seed below 200 lets seat {seat} win")


@pytest.mark.parametrize(("language", "written"), [("en", "1.5"), ("sk", "1,5"), ("nl", "1,5")])
def test_a_number_is_written_with_the_languages_decimal_mark(language, written):
    assert spoken(language, lambda: number(1.5)) == written
    assert spoken(language, lambda: number(9.0)) == "9"
    assert spoken(language, lambda: rounds_words(1.5)).split()[1] == written


def test_a_percentage_is_written_as_the_language_writes_it():
    assert spoken("en", lambda: percent(0.454)) == "45%"
    assert spoken("sk", lambda: percent(0.454)) == "45 %"
    assert spoken("nl", lambda: percent(0.454)) == "45%"


@pytest.mark.parametrize("language", ["sk", "nl"])
def test_ids_are_shown_in_the_language_and_unknown_ones_as_written(language):
    def shown() -> list[str]:
        return [
            personality_name("greedy"),
            personality_name("item-hoarder"),
            difficulty_name("normal"),
            preset_name("party"),
            speed_name("fast"),
        ]

    english = spoken("en", shown)
    assert english == ["greedy", "item-hoarder", "normal", "party", "fast"]
    translated = spoken(language, shown)
    assert all(word != id_ for word, id_ in zip(translated, english, strict=True) if id_ != "expert")
    # A player's own profile, preset or bot is called what the player named it.
    assert spoken(language, lambda: (difficulty_name("mine"), preset_name("friday"), personality_name("x"))) == (
        "mine",
        "friday",
        "x",
    )


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
def test_a_personality_fits_the_compact_tables_column(language):
    for kind in ("random", "greedy", "challenger", "item-hoarder", "expert"):
        assert 0 < len(spoken(language, lambda kind=kind: personality_short(kind))) <= 10
    assert spoken(language, lambda: personality_short("human")) == ""


def test_the_bot_to_play_is_named_with_its_personality_in_the_language():
    match = Match.new(["You", "Mario", "Luigi"], seed=3)
    while match.round.decider == 0:
        match.apply(match.legal_actions()[0])
    kinds = ["human", "greedy", "challenger"]
    said = spoken("nl", lambda: status(match, 0, thinking=False, held=False, kinds=kinds))
    assert "hebzuchtig" in said or "uitdager" in said, said


@pytest.mark.parametrize(("language", "you"), [("en", "You"), ("sk", "Ty"), ("nl", "Jij")])
def test_the_default_name_is_shown_in_the_language_and_a_real_name_as_typed(language, you):
    assert spoken(language, lambda: shown_name("You")) == you
    assert spoken(language, lambda: shown_name("Ann")) == "Ann"


def test_a_round_the_player_with_the_default_name_won_says_you_won():
    # Found by the translators: "You wint de ronde" - the default name was put in a third person sentence.
    names = ["You", "Mario", "Luigi"]
    summary = spoken("nl", lambda: round_summary(won_by(0, names)))
    assert summary.you_won and summary.winner == "Jij"
    assert summary.scores.startswith("Jij ")
    lost = spoken("nl", lambda: round_summary(won_by(1, names)))
    assert not lost.you_won and lost.winner == "Mario"
    assert "Jij" in [name for name, _cards, _worth in lost.rows]


def test_a_named_player_at_the_table_also_reads_you_won():
    summary = spoken("sk", lambda: round_summary(won_by(0, ["Ann", "Mario", "Luigi"]), 0))
    assert summary.you_won and summary.winner == "Ann"
    other = spoken("sk", lambda: round_summary(won_by(0, ["Ann", "Mario", "Luigi"])))
    assert not other.you_won  # read alike by every seat: Ann is a name


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "You won the round: +"),
        ("sk", "Vyhrávaš kolo: +"),
        ("nl", "Je wint de ronde: +"),
    ],
)
def test_the_round_dialog_says_you_won_in_the_second_person(language, title):
    from unokart_tui.tui.dialogs.notices import match_over, round_over

    summary = spoken(language, lambda: round_summary(won_by(0, ["You", "Mario", "Luigi"])))
    dialog = spoken(language, lambda: round_over(*summary[:4], you_won=summary.you_won))
    assert dialog.title_text.startswith(title), dialog.title_text
    assert "You" not in dialog.title_text[1:] and "{" not in dialog.title_text
    end = spoken(language, lambda: match_over(*summary[:4], you_won=summary.you_won))
    assert end.title_text.split()[0] in {"You", "Vyhrávaš", "Je"}, end.title_text


def test_the_statistics_name_personalities_and_difficulties_in_the_language():
    from unokart_tui.history.stats.report import record_table
    from unokart_tui.history.stats.summary import Record

    records = [Record("greedy", 4, 1), Record("mine", 2, 2)]
    table = spoken("nl", lambda: record_table("t", "p", records, personality_name))
    assert [row[0] for row in table.rows] == ["hebzuchtig", "mine"]
    assert table.rows[0][3] == "25%"
    mixed = spoken("sk", lambda: record_table("t", "p", [Record("mixed", 2, 1)], difficulty_name))
    assert mixed.rows[0][0] == "zmiešaný" and mixed.rows[0][3] == "50 %"


def test_line_modes_scores_name_the_default_player_in_the_language():
    from unokart_tui.voice.plain import scores_line

    said = spoken("sk", lambda: scores_line([("You", 0), ("Mario", 20)], 500))
    assert said.startswith("Skóre: Ty 0, Mario 20") and "You" not in said
