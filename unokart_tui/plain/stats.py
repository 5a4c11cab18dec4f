"""Your statistics in line mode: what the Statistics screen shows, as sentences.

The figures are the screen's (``history.stats``): the totals first, then on request the finished
matches a line each (``matches``, any of them replayed with ``replay N``) and how you did against
each bot (``bots``). A damaged store is set aside and rebuilt from the saves, and the page says so;
one that cannot be used (busy, unreadable) is named with its problem, as on the screen, and left
as it is.
"""

from __future__ import annotations

from ..history.stats import StatsError, Summary, open_store, summarize
from ..history.stats.records import PLAYER
from ..history.stats.report import REASON_WORDS, left_out, nothing_yet, opponents, percent
from ..history.stats.summary import MatchLine
from ..voice import _
from ..voice import plain_pages as words
from ..voice.dates import date_time
from ..voice.names import difficulty_name, personality_name
from ..voice.numbers import percent as shown_percent
from .lines import Lines
from .pages import HELP, number_in, say, typed

RATES_SAID = 10  # the win rate after each of this many last matches (the screen's chart)


def result(line: MatchLine) -> str:
    """The player's score and the best of the others', as the Statistics screen gives them, in words."""
    others = max(score for seat, score in enumerate(line.scores) if seat != PLAYER)
    return words.match_result(line.scores[PLAYER], others, won=line.won)


def read_summary() -> tuple[Summary | None, list[str]]:
    """The figures, or None; and what to tell first: the store's repair, matches left out, or why it cannot be read."""
    try:
        opened = open_store()
        with opened.store as store:
            summary = summarize(store)
    except StatsError as error:
        return None, [words.cannot_read(str(error))]
    notes = [note for note in (opened.note, left_out(summary)) if note]
    return summary, notes


def empty(summary: Summary) -> bool:
    return not summary.matches and not summary.player.rounds


def totals(summary: Summary) -> list[str]:
    """The player's figures, the first lines of the page."""
    if empty(summary):
        return [nothing_yet(summary)]
    you = summary.player
    said = [
        words.matches_line(summary.matches, summary.matches_won, percent(summary.matches_won, summary.matches))
        if summary.matches
        else words.no_finished_match(),
        words.rounds_line(you.rounds, you.rounds_won, percent(you.rounds_won, you.rounds)),
        words.points_line(you.points_per_round_won),
    ]
    if summary.matches:
        said.append(words.streak_now(summary.streaks.current))
        said.append(words.longest_streaks(summary.streaks.longest_win, summary.streaks.longest_loss))
    best, worst = summary.best, summary.worst
    if summary.matches == 1 and best is not None:  # one match is neither the best nor the closest loss
        said.append(words.match_named("only", result(best), opponents(best)))
    elif best is not None and worst is not None:
        said.append(words.match_named("best" if best.won else "closest loss", result(best), opponents(best)))
        if worst != best:
            said.append(words.match_named("narrowest win" if worst.won else "worst", result(worst), opponents(worst)))
    said.append(words.challenges_line(you.count("challenges_made"), you.count("challenges_won")))
    said += words.uno_lines(you.count("catches_made"), you.count("caught"), you.count("forgot_uno"))
    said.append(words.drawn_line([words.drawn_because(_(REASON_WORDS[item]), n) for item, n in you.items() if n]))
    said.append(words.undos_line(summary.undos))
    if summary.hints:
        said.append(words.hints_line(summary.hints))
    rates = [shown_percent(rate) for _moment, rate in summary.win_rate[-RATES_SAID:]]  # Slovak: "45 %"
    if rates:
        said.append(words.win_rate_line(rates))
    return said


def matches(summary: Summary) -> list[str]:
    """Every finished match, the latest first, a line each, numbered for ``replay N``."""
    if not summary.matches_list:
        return [words.no_finished_match()]
    said = [words.finished_title(len(summary.matches_list))]
    for number, line in enumerate(summary.matches_list, start=1):
        when = date_time(line.finished)
        rounds = len(line.race) - 1
        said.append(
            words.finished_line(
                number, when=when, result=result(line), opponents=opponents(line), rounds=rounds, save=line.save
            )
        )
    return said


def bots(summary: Summary) -> list[str]:
    """How the player did against each personality and difficulty, then how each personality played."""
    if not summary.personalities:
        return [words.no_bot_yet()]
    # The bots named as the table and the Statistics screen name them (Slovak: chamtivý for greedy).
    said = [
        words.versus_line(personality_name(r.name), r.matches, r.won, percent(r.won, r.matches))
        for r in summary.by_personality
    ]
    said += [
        words.difficulty_line(difficulty_name(r.name), r.matches, r.won, percent(r.won, r.matches))
        for r in summary.by_difficulty
    ]
    said.append(words.how_they_played())
    for kind, figures, won in summary.personalities:
        said += words.bot_lines(
            personality_name(kind),
            rounds=figures.rounds,
            rounds_won=figures.rounds_won,
            matches_won=won,
            made=figures.count("challenges_made"),
            won=figures.count("challenges_won"),
            catches=figures.count("catches_made"),
        )
    return said


def read_stats(lines: Lines) -> None:
    """Your statistics, until the person types ``back`` or their input ends. The store is only read."""
    from .replay import replay_saved  # noqa: PLC0415 - a replay's modules load when one is asked for

    summary, notes = read_summary()
    say(lines, words.stats_title(), *notes)
    if summary is not None:
        say(lines, *totals(summary))
    say(lines, words.stats_prompt())
    for command in typed(lines):
        if command.word in HELP:
            say(lines, *words.stats_help())
        elif not command.word:  # Enter alone: what may be typed here, not "no command ''"
            say(lines, words.stats_prompt())
        elif summary is None:
            say(lines, *notes)  # what the screen says in place of every figure
        elif command.word in ("totals", "t"):
            say(lines, *totals(summary))
        elif command.word in ("matches", "m"):
            say(lines, *matches(summary))
        elif command.word in ("bots", "opponents"):
            say(lines, *bots(summary))
        elif command.word in ("replay", "r"):
            chosen = number_in(command.rest, len(summary.matches_list))
            if chosen is None:
                say(lines, words.no_match_numbered(len(summary.matches_list)))
            else:
                line = summary.matches_list[chosen - 1]
                if not replay_saved(lines, line.save, key=line.key):
                    return
                say(lines, words.stats_prompt())
        else:
            say(lines, words.unknown_command(command.word))
