"""A match as a plain-text log (``unokart export NAME``), for sharing or a bug report.

The same sentences as the game log, written for the player: what they could not see at
the table (a bot's hand, a bot's draws) is not in it either, whether or not the match is
over. Above them: the players, the rules, the seed and the command that deals the match
again; between the rounds, the scores; where an undo was made, what it took back.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from saves import SavedGame

from . import __version__
from .defaults import PLAYER_NAME
from .engine import HouseRules, RoundWon
from .files import NotARegularFile, check_target, write_atomic
from .narration import Voice, log_line
from .printable import printable
from .replayview import undone, undos_by_point
from .rules_text import house_rule_words
from .saved import scores_line
from .session import HUMAN, deal_again_command
from .stats.records import default_seats
from .timeline import Timeline


def _when(moment: datetime) -> str:
    return f"{moment.astimezone():%Y-%m-%d %H:%M %Z}"


def _rules_lines(rules: HouseRules) -> list[str]:
    """The rules in play in words (found in play: ``stack_draw_two = True`` read as a setting, not a rule)."""
    if rules.is_official:
        return ["Rules: the official rules of UNO, with no house rules."]
    name = rules.preset_name
    head = f"House rules: the {name} preset." if name else "House rules: these, chosen one by one."
    return [head, *(f"  {house_rule_words(switch, value).line}" for switch, value in rules.enabled().items())]


def export_text(name: str, game: SavedGame) -> str:
    match = game.match
    seats = game.seats or default_seats(match.names)
    timeline = Timeline(match)
    voice = Voice(match.names, HUMAN)
    players = []
    for seat, info in enumerate(seats):
        if seat == HUMAN:
            players.append(f"{info.name} (you)")
        else:
            players.append(f"{info.name} ({info.kind}{f', profile {info.profile}' if info.profile else ''})")
    rules = _rules_lines(match.rules)
    command = deal_again_command(match, seats)
    if match.is_over:
        assert match.winner is not None
        status = f"finished: {match.names[match.winner]} won with {match.scores[match.winner]} points"
    else:
        status = f"in progress, round {match.round_number}"
    seen_by = "you" if match.names[HUMAN] == PLAYER_NAME else match.names[HUMAN]
    lines = [
        f'unokart {__version__} — the match "{name}", as {seen_by} saw it',
        f"Players: {', '.join(players)}",
        f"First to {match.target} points.",
        *rules,
        f"Began {_when(game.created)}, last move {_when(game.updated)}; {status}",
        f"Seed {match.seed}. To deal this match again: {command}",
    ]
    if game.undos:
        lines.append(f"Undos: {len(game.undos)}, each written where it was made.")
    undos = undos_by_point(game.undos)
    scores = [0] * len(match.names)
    for number, point in enumerate(timeline.points):
        if point.move == 0:
            lines += ["", f"— Round {point.round} —"]
        for event in timeline.events[number]:
            lines.append(log_line(event, voice).text)
            if isinstance(event, RoundWon):
                scores[event.seat] += event.points
                lines.append(f"  Scores: {scores_line(match.names, scores)}")
        lines += [undone(undo) for undo in undos.get((point.round, point.move), ())]
    return printable("\n".join(lines) + "\n", newlines=True)


def write_text(path: Path, text: str) -> None:
    """Write the export to ``path`` whole or not at all (``unokart_tui.files.write_atomic``).

    Only a regular file is replaced, and it keeps its permissions: a link, a device or a folder at
    ``path`` raises ``NotARegularFile`` and is left as it is. ``OSError`` if it cannot be written.
    """
    write_atomic(path, text)


__all__ = ["NotARegularFile", "check_target", "export_text", "write_text"]
