"""Found by a blind player's playtest of line mode (issue 33): what they could not follow, fixed."""

from __future__ import annotations

from collections.abc import Callable

from unokart_tui.engine import HouseRules, Phase
from unokart_tui.plain.table import LineTable
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.voice.cards import color_word

READERS = {"hand", "table", "score", "log", "help", "moves", "quit", "hint", "wait"}
MARKS = set("·★↶—⇄↻↺●■▲◆▼○□△◇☂☽◉↯✸")


def line_table(
    seed: int, bots: list[str] | None = None, rules: HouseRules | None = None
) -> tuple[LineTable, list[str]]:
    bots = bots or ["greedy", "challenger", "item-hoarder"]
    session = Session.new("Ann", bots, seed=seed, target=500, name=f"playtest {seed}", rules=rules)
    lines: list[str] = []
    table = LineTable(session, lines.append)
    table.start()
    return table, lines


def play_until(
    found: Callable[[LineTable], bool],
    seeds: range = range(40),
    bots: list[str] | None = None,
    rules: HouseRules | None = None,
    avoid: frozenset[str] = frozenset(),
) -> tuple[LineTable, list[str]]:
    """A table where ``found`` holds, reached by typing the first move of the table's each time."""
    for seed in seeds:
        table, lines = line_table(seed, bots, rules)
        for _ in range(600):
            if table.over:
                break
            if found(table):
                return table, lines
            game = [move for move in table.moves() if move.split()[0] not in READERS | avoid]
            table.handle(game[0])
        table.close()
    raise AssertionError("not found in these deals")


def test_the_challenge_question_names_the_colour_called_and_the_colour_played_on_c1():
    def challenged(table: LineTable) -> bool:
        return table.session.is_human_turn() and table.session.view().phase is Phase.CHALLENGE

    table, lines = play_until(challenged, bots=["challenger", "greedy", "greedy"])
    view = table.session.view()
    assert view.wild_draw_four is not None
    played_on = view.wild_draw_four[1]
    called = view.active_color
    assert called is not None
    question = next(line for line in reversed(lines) if "Wild Draw Four on you" in line)
    said = next(line for line in reversed(lines) if "calls" in line and line is not question)
    assert f"calls {color_word(called)}" in said
    assert f"calls {color_word(called)}" in question
    assert f"played on {color_word(played_on)}" in question
