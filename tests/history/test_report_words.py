"""The statistics' words: a best match that was lost is not called the best match (issue 34)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from unokart_tui.history.stats.report import matches_table, player_rows
from unokart_tui.history.stats.summary import Figures, MatchLine, Streaks, Summary
from unokart_tui.voice import _, speaking


def line(scores: tuple[int, ...], won: bool) -> MatchLine:
    when = datetime(2026, 12, 2, tzinfo=UTC)
    return MatchLine("k", "save", when, ("Ann", "Mario"), ("human", "greedy"), scores, won, 500, ())


def summary(best: MatchLine, worst: MatchLine) -> Summary:
    wins = sum(match.won for match in {best, worst})
    return Summary(2, wins, Figures(), 0, 0, best, worst, Streaks(0, 0, 0), (), (), (), (), (best, worst))


def labels(rows) -> dict[str, str]:
    return dict(rows)


def test_without_a_win_the_best_match_is_the_closest_loss():
    rows = labels(player_rows(summary(line((320, 510), False), line((0, 707), False))))
    assert "Best match" not in rows
    assert rows["Closest loss"] == "lost 320–510 against Mario" and rows["Worst match"] == "lost 0–707 against Mario"


def test_without_a_loss_the_worst_match_is_the_narrowest_win():
    rows = labels(player_rows(summary(line((700, 20), True), line((505, 480), True))))
    assert rows["Best match"] == "won 700–20 against Mario" and rows["Narrowest win"] == "won 505–480 against Mario"
    assert "Worst match" not in rows


def test_a_single_finished_match_is_not_called_the_closest_loss_nor_the_best():
    """Found in play: "Closest loss" when the one match played was lost."""
    for one in (line((320, 510), False), line((505, 480), True)):
        rows = player_rows(summary(one, one)._replace(matches=1, matches_won=int(one.won), matches_list=(one,)))
        labels_seen = [label for label, _ in rows]
        assert not {"Closest loss", "Best match", "Worst match", "Narrowest win"} & set(labels_seen)
        verb = "won" if one.won else "lost"
        assert labels(rows)["Your match"] == f"{verb} {one.scores[0]}–{one.scores[1]} against Mario"


def test_the_matches_list_puts_the_result_before_the_opponents():
    # Issue 34: nine opponents' names pushed the result past 80 columns in the Matches tab.
    nine = line((120, 707), False)._replace(
        names=("Ann", "Mario", "Luigi", "Peach", "Yoshi", "Toad", "Bowser", "Daisy", "Wario", "Koopa")
    )
    table = matches_table(summary(nine, nine))
    assert table.headers == ("finished", "result", "rounds", "against")
    finished, result, rounds, against = table.rows[0]
    assert result == "lost 120–707" and against.startswith("Mario, Luigi")
    assert len(f"{finished}  {result}  {rounds}  ") < 40  # in view at 80 columns, whatever follows


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Lightning: 5 cards, Green Shell: 1 card"),
        ("sk", "Blesk: 5 kariet, Zelená škrupina: 1 karta"),
        ("nl", "Bliksemschicht: 5 kaarten, Groene schelp: 1 kaart"),
    ],
)
def test_each_item_that_hit_you_is_said_with_its_own_unit(language, said):
    # The Slovak and Dutch playtest: "Zelená škrupina 1, Blesk 1 (karty)", one unit stuck on the end.
    figures = Figures(draws={"lightning": 5, "green_shell": 1})
    with speaking(language):
        rows = labels(player_rows(summary(line((500, 20), True), line((500, 20), True))._replace(player=figures)))
        assert rows[_("Items hit you")] == said


def test_the_streaks_say_they_count_matches_and_nothing_before_the_first_finished_match():
    # The playtest: "now none; longest 0 wins, 0 losses" beside "2 of 2 rounds won".
    won = line((500, 20), True)
    rows = labels(player_rows(summary(won, won)._replace(streaks=Streaks(2, 2, 0))))
    assert "Streaks" not in rows and rows["Match streaks"] == "now 2 wins; longest 2 wins, 0 losses"
    none = Summary(0, 0, Figures(rounds=2, rounds_won=2), 0, 0, None, None, Streaks(0, 0, 0), (), (), (), (), ())
    assert labels(player_rows(none))["Match streaks"] == "none yet"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "What made you draw: Lightning: 5 cards, Green Shell: 1 card."),
        ("sk", "Blesk: 5 kariet, Zelená škrupina: 1 karta"),
        ("nl", "Bliksemschicht: 5 kaarten, Groene schelp: 1 kaart"),
    ],
)
def test_line_modes_statistics_say_each_item_with_its_unit_too(language, said):
    from unokart_tui.plain.stats import totals

    figures = Figures(rounds=3, rounds_won=1, draws={"lightning": 5, "green_shell": 1})
    with speaking(language):
        lines = totals(summary(line((500, 20), True), line((500, 20), True))._replace(player=figures))
    assert any(said in text for text in lines)
