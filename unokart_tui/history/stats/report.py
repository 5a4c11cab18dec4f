"""The statistics in words and tables: the same lines for the Statistics screen and ``unokart stats``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ...printable import printable
from ...voice import N_, _, ngettext, pgettext
from ...voice.dates import date_time
from ...voice.names import difficulty_level, personality_name
from ...voice.numbers import percent as shown_percent
from ..charts import WinRate, plain
from .records import PLAYER
from .summary import Figures, MatchLine, Record, Summary

# Marked here, looked up when written.
REASON_WORDS = {
    "choice": N_("drawing by choice"),
    "draw_two": N_("Draw Two"),
    "wild_draw_four": N_("Wild Draw Four"),
    "challenge_guilty": N_("a bluff caught"),
    "challenge_failed": N_("a lost challenge"),
    "banana": N_("Banana"),
    "green_shell": N_("Green Shell"),
    "lightning": N_("Lightning"),
    "bob_omb": N_("Bob-omb"),
    "uno_caught": N_("caught without UNO"),
    "stack": N_("stacked draws"),
}


class Table(NamedTuple):
    title: str
    headers: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]


def percent(part: int, whole: int) -> str:
    return shown_percent(part / whole) if whole else "—"


def out_of(part: int, whole: int) -> str:
    if not whole:
        return pgettext("statistics: no matches counted yet", "none yet")
    return _("{part} of {whole} ({percent})").format(part=part, whole=whole, percent=percent(part, whole))


def result(line: MatchLine) -> str:
    others = max(score for seat, score in enumerate(line.scores) if seat != PLAYER)
    values = {"mine": line.scores[PLAYER], "theirs": others}
    return (_("won {mine}–{theirs}") if line.won else _("lost {mine}–{theirs}")).format(**values)


def opponents(line: MatchLine) -> str:
    return printable(", ".join(line.names[1:]))


def streak_words(current: int) -> str:
    if not current:
        return _("none")
    return wins(current) if current > 0 else losses(-current)


def wins(count: int) -> str:
    return ngettext("{count} win", "{count} wins", count).format(count=count)


def losses(count: int) -> str:
    return ngettext("{count} loss", "{count} losses", count).format(count=count)


def hit_by(figures: Figures) -> str:
    """Each item with its cards, "Lightning: 1 card, Banana: 2 cards" (line mode says it so too).

    Found in the Slovak and Dutch playtest: "Blesk 1, Banán 2 (karty)" put one unit, in one plural, after them all.
    """
    items = [(_(REASON_WORDS[item]), cards) for item, cards in figures.items() if cards]
    if not items:
        return _("nothing yet")
    return ", ".join(
        ngettext("{reason}: {count} card", "{reason}: {count} cards", cards).format(reason=name, count=cards)
        for name, cards in items
    )


def challenges(figures: Figures) -> str:
    made, won = figures.count("challenges_made"), figures.count("challenges_won")
    if not made:
        return _("none in a finished round yet")
    return _("{won} of {made} won ({percent})").format(won=won, made=made, percent=percent(won, made))


def player_rows(summary: Summary) -> list[tuple[str, str]]:
    """The player's figures, a label and a value each."""
    you = summary.player
    streaks = summary.streaks
    finished = _("{count} finished, {won} won")
    rows = [
        (_("Matches"), finished.format(count=summary.matches, won=out_of(summary.matches_won, summary.matches))),
        (_("Rounds"), finished.format(count=you.rounds, won=out_of(you.rounds_won, you.rounds))),
        (
            _("Points"),
            _("{points} per round won, on average").format(points=f"{you.points_per_round_won:.0f}")
            if you.points_per_round_won
            else _("no round won yet"),
        ),
        (
            # Found in the playtest: "now none; longest 0 wins, 0 losses" beside "2 of 2 rounds won" did not say
            # that it counts finished matches (``summary.streaks``), not rounds.
            _("Match streaks"),
            _("now {current}; longest {wins}, {losses}").format(
                current=streak_words(streaks.current),
                wins=wins(streaks.longest_win),
                losses=losses(streaks.longest_loss),
            )
            if summary.matches
            else pgettext("statistics: no matches counted yet", "none yet"),
        ),
    ]
    against = _("{result} against {opponents}")
    if summary.matches == 1 and summary.best is not None:
        # Found in play: "Closest loss" of a single loss. One match is neither best nor closest.
        rows.append((_("Your match"), against.format(result=result(summary.best), opponents=opponents(summary.best))))
    elif summary.best is not None and summary.worst is not None:
        # Found in play: "Best match: lost 0-707". Without a win the best is the closest loss, and
        # without a loss the worst is the narrowest win: each is called what it is.
        best = _("Best match") if summary.best.won else _("Closest loss")
        rows.append((best, against.format(result=result(summary.best), opponents=opponents(summary.best))))
        if summary.worst != summary.best:  # one match is not both
            worst = _("Narrowest win") if summary.worst.won else _("Worst match")
            rows.append((worst, against.format(result=result(summary.worst), opponents=opponents(summary.worst))))
    rows += [
        (_("Challenges"), challenges(you)),
        (
            _("UNO"),
            _("caught {caught}, caught out {caught_out}, forgot {forgot}").format(
                caught=you.count("catches_made"), caught_out=you.count("caught"), forgot=you.count("forgot_uno")
            ),
        ),
        (_("Items hit you"), hit_by(you)),
        (_("Undos"), str(summary.undos)),
    ]
    if summary.hints:
        rows.append((_("Hints"), str(summary.hints)))
    return rows


def record_table(title: str, first: str, records: Sequence[Record], shown: Callable[[str], str] = str) -> Table:
    """``shown``: how a record's id is called on screen (``greedy`` in the reader's language)."""
    rows = [(printable(shown(r.name)), str(r.matches), str(r.won), percent(r.won, r.matches)) for r in records]
    return Table(title, (first, _("matches"), _("you won"), _("win rate")), rows)


def versus_tables(summary: Summary) -> list[Table]:
    """The player's win rate by opponent personality and by difficulty, and how each personality played."""
    faced = {record.name: record.matches for record in summary.by_personality}
    played = Table(
        _("How they played (won/played; challenges won/made; items: cards drawn)"),
        (_("personality"), _("rounds"), _("matches"), _("pts/won"), _("challenges"), _("catches"), _("hit by items")),
        [
            (
                printable(personality_name(kind)),
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
        record_table(_("Your win rate by opponent"), _("personality"), summary.by_personality, personality_name),
        record_table(_("Your win rate by difficulty"), _("difficulty"), summary.by_difficulty, difficulty_level),
        played,
    ]


def matches_table(summary: Summary) -> Table:
    # The opponents last: found in play, nine names pushed the result past 80 columns.
    return Table(
        _("Finished matches"),
        (_("finished"), _("result"), _("rounds"), _("against")),
        [
            (date_time(line.finished), result(line), str(len(line.race) - 1), opponents(line))
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
    return ngettext(
        "One match in your statistics holds values this game cannot read, so it is left out. "
        "unokart stats --rebuild writes it again from its save, if the save is still there.",
        "{count} matches in your statistics hold values this game cannot read, so they are left out. "
        "unokart stats --rebuild writes them again from their saves, if the saves are still there.",
        summary.left_out,
    ).format(count=summary.left_out)


def nothing_yet(summary: Summary) -> str:
    """What the statistics say before the first finished round, or when no match can be read."""
    if summary.left_out:
        return _("No finished round can be read: your statistics hold none this game can show.")
    return _("No finished round yet: your statistics start with the first round you finish.")


def no_opponent_yet() -> str:
    """What the Opponents page says before any round against a bot is finished."""
    return _("No opponent recorded yet: your record against each bot starts with the first round you finish.")


def text(summary: Summary, *, width: int = 78) -> str:
    """The whole report for a terminal (``unokart stats``)."""
    if not summary.matches and not summary.player.rounds:
        return nothing_yet(summary)
    label = max(len(name) for name, _ in player_rows(summary))
    parts = ["\n".join(f"{name:<{label}}  {value}" for name, value in player_rows(summary))]
    if len(summary.win_rate) > 1:
        chart = WinRate(tuple(rate for _, rate in summary.win_rate)).draw(width, 8)
        parts.append(_("Your win rate after each match") + "\n" + plain(chart))
    parts += [text_table(table) for table in versus_tables(summary) if table.rows]
    if summary.matches_list:
        parts.append(text_table(matches_table(summary)))
    return "\n\n".join(parts)
