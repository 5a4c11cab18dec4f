"""The statistics in words and tables: the same lines for the Statistics screen and ``unokart stats``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..charts import WinRate, plain
from ..printable import printable
from ..voice import _
from .records import PLAYER
from .summary import Figures, MatchLine, Record, Summary

REASON_WORDS = {
    "choice": "drawing by choice",
    "draw_two": "Draw Two",
    "wild_draw_four": "Wild Draw Four",
    "challenge_guilty": "a bluff caught",
    "challenge_failed": "a lost challenge",
    "banana": "Banana",
    "green_shell": "Green Shell",
    "lightning": "Lightning",
    "bob_omb": "Bob-omb",
    "uno_caught": "caught without UNO",
    "stack": "stacked draws",
}


class Table(NamedTuple):
    title: str
    headers: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]


def percent(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "—"


def out_of(part: int, whole: int) -> str:
    return f"{part} of {whole} ({percent(part, whole)})" if whole else "none yet"


def result(line: MatchLine) -> str:
    others = max(score for seat, score in enumerate(line.scores) if seat != PLAYER)
    verb = "won" if line.won else "lost"
    return f"{verb} {line.scores[PLAYER]}–{others}"


def opponents(line: MatchLine) -> str:
    return printable(", ".join(line.names[1:]))


def streak_words(current: int) -> str:
    if not current:
        return "none"
    return wins(current) if current > 0 else losses(-current)


def wins(count: int) -> str:
    return f"{count} win{'s' * (count != 1)}"


def losses(count: int) -> str:
    return f"{count} loss{'es' * (count != 1)}"


def hit_by(figures: Figures) -> str:
    items = [(REASON_WORDS[item], cards) for item, cards in figures.items() if cards]
    return ", ".join(f"{name} {cards}" for name, cards in items) + " (cards)" if items else "nothing yet"


def challenges(figures: Figures) -> str:
    made, won = figures.count("challenges_made"), figures.count("challenges_won")
    return f"{won} of {made} won ({percent(won, made)})" if made else "none in a finished round yet"


def player_rows(summary: Summary) -> list[tuple[str, str]]:
    """The player's figures, a label and a value each."""
    you = summary.player
    streaks = summary.streaks
    rows = [
        ("Matches", f"{summary.matches} finished, {out_of(summary.matches_won, summary.matches)} won"),
        ("Rounds", f"{you.rounds} finished, {out_of(you.rounds_won, you.rounds)} won"),
        (
            "Points",
            f"{you.points_per_round_won:.0f} per round won, on average"
            if you.points_per_round_won
            else "no round won yet",
        ),
        (
            "Streaks",
            f"now {streak_words(streaks.current)}; longest {wins(streaks.longest_win)}, {losses(streaks.longest_loss)}",
        ),
    ]
    if summary.matches == 1 and summary.best is not None:
        # Found in play: "Closest loss" of a single loss. One match is neither best nor closest.
        rows.append((_("Your match"), f"{result(summary.best)} against {opponents(summary.best)}"))
    elif summary.best is not None and summary.worst is not None:
        # Found in play: "Best match: lost 0-707". Without a win the best is the closest loss, and
        # without a loss the worst is the narrowest win: each is called what it is.
        best = "Best match" if summary.best.won else "Closest loss"
        rows.append((best, f"{result(summary.best)} against {opponents(summary.best)}"))
        if summary.worst != summary.best:  # one match is not both
            worst = "Narrowest win" if summary.worst.won else "Worst match"
            rows.append((worst, f"{result(summary.worst)} against {opponents(summary.worst)}"))
    rows += [
        ("Challenges", challenges(you)),
        (
            "UNO",
            f"caught {you.count('catches_made')}, caught out {you.count('caught')}, forgot {you.count('forgot_uno')}",
        ),
        ("Items hit you", hit_by(you)),
        ("Undos", str(summary.undos)),
    ]
    if summary.hints:
        rows.append(("Hints", str(summary.hints)))
    return rows


def record_table(title: str, first: str, records: Sequence[Record]) -> Table:
    rows = [(printable(r.name), str(r.matches), str(r.won), percent(r.won, r.matches)) for r in records]
    return Table(title, (first, "matches", "you won", "win rate"), rows)


def versus_tables(summary: Summary) -> list[Table]:
    """The player's win rate by opponent personality and by difficulty, and how each personality played."""
    faced = {record.name: record.matches for record in summary.by_personality}
    played = Table(
        "How they played (won/played; challenges won/made; items: cards drawn)",
        ("personality", "rounds", "matches", "pts/won", "challenges", "catches", "hit by items"),
        [
            (
                printable(kind),
                f"{figures.rounds_won}/{figures.rounds}",
                f"{won}/{faced.get(kind, 0)}",
                f"{figures.points_per_round_won:.0f}" if figures.points_per_round_won else "—",
                f"{figures.count('challenges_won')}/{figures.count('challenges_made')}",
                str(figures.count("catches_made")),
                str(sum(cards for _, cards in figures.items())),
            )
            for kind, figures, won in summary.personalities
        ],
    )
    return [
        record_table("Your win rate by opponent", "personality", summary.by_personality),
        record_table("Your win rate by difficulty", "difficulty", summary.by_difficulty),
        played,
    ]


def matches_table(summary: Summary) -> Table:
    # The opponents last: found in play, nine names pushed the result past 80 columns.
    return Table(
        "Finished matches",
        ("finished", "result", "rounds", "against"),
        [
            (f"{line.finished.astimezone():%Y-%m-%d %H:%M}", result(line), str(len(line.race) - 1), opponents(line))
            for line in summary.matches_list
        ],
    )


def text_table(table: Table) -> str:
    widths = [max(len(cell) for cell in column) for column in zip(table.headers, *table.rows, strict=True)]
    lines = [table.title, "  ".join(f"{h:<{w}}" for h, w in zip(table.headers, widths, strict=True)).rstrip()]
    lines += ["  ".join(f"{c:<{w}}" for c, w in zip(row, widths, strict=True)).rstrip() for row in table.rows]
    return "\n".join(lines)


def left_out(summary: Summary) -> str | None:
    """What to tell the player when matches of the store were left out (``rows.read_rows``), or None."""
    if not summary.left_out:
        return None
    if summary.left_out == 1:
        return (
            "One match in your statistics holds values this game cannot read, so it is left out. "
            "unokart stats --rebuild writes it again from its save, if the save is still there."
        )
    return (
        f"{summary.left_out} matches in your statistics hold values this game cannot read, so they are left out. "
        "unokart stats --rebuild writes them again from their saves, if the saves are still there."
    )


def nothing_yet(summary: Summary) -> str:
    """What the statistics say before the first finished round, or when no match can be read."""
    if summary.left_out:
        return "No finished round can be read: your statistics hold none this game can show."
    return "No finished round yet: your statistics start with the first round you finish."


def text(summary: Summary, *, width: int = 78) -> str:
    """The whole report for a terminal (``unokart stats``)."""
    if not summary.matches and not summary.player.rounds:
        return nothing_yet(summary)
    label = max(len(name) for name, _ in player_rows(summary))
    parts = ["\n".join(f"{name:<{label}}  {value}" for name, value in player_rows(summary))]
    if len(summary.win_rate) > 1:
        chart = WinRate(tuple(rate for _, rate in summary.win_rate)).draw(width, 8)
        parts.append("Your win rate after each match\n" + plain(chart))
    parts += [text_table(table) for table in versus_tables(summary) if table.rows]
    if summary.matches_list:
        parts.append(text_table(matches_table(summary)))
    return "\n\n".join(parts)
