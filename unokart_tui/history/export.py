"""A match as a plain-text log (``unokart export NAME``), for sharing or a bug report.

The same sentences as the game log, written for the player: what they could not see at
the table (a bot's hand, a bot's draws) is not in it either, whether or not the match is
over. Above them: the players, the rules, the seed and the command that deals the match
again (not for a match played with friends: it would deal their hands again); between the
rounds, the scores; where an undo was made, what it took back.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from saves import SavedGame

from .. import __version__
from ..engine import HouseRules, RoundWon
from ..files import NotARegularFile, check_target, write_atomic
from ..printable import printable
from ..rules_text import house_rule_words
from ..table.session import HUMAN, deal_again_command
from ..voice import _, ngettext
from ..voice.dates import date_time
from ..voice.names import difficulty_name, is_default_name, personality_name, preset_name
from ..voice.narration import Voice, action_lines, in_told_order
from .replayview import played_with_friends, round_heading, undone, undos_by_point
from .saved import scores_line
from .stats.records import default_seats
from .timeline import Timeline


def _when(moment: datetime) -> str:
    return date_time(moment, zone=True)


def _rules_lines(rules: HouseRules) -> list[str]:
    """The rules in play in words (found in play: ``stack_draw_two = True`` read as a setting, not a rule)."""
    if rules.is_official:
        return [_("Rules: the official rules of UNO, with no house rules.")]
    name = rules.preset_name
    head = (
        _("House rules: the {name} preset.").format(name=preset_name(name))
        if name
        else _("House rules: these, chosen one by one.")
    )
    return [head, *(f"  {house_rule_words(switch, value).line}" for switch, value in rules.enabled().items())]


def export_text(name: str, game: SavedGame) -> str:
    match = game.match
    seats = game.seats or default_seats(match.names)
    timeline = Timeline(match)
    voice = Voice(match.names, HUMAN)
    players = []
    for seat, info in enumerate(seats):
        kind = personality_name(info.kind)
        if seat == HUMAN:
            players.append(_("you") if is_default_name(info.name) else _("{name} (you)").format(name=info.name))
        elif info.profile:
            profile = difficulty_name(info.profile)
            players.append(_("{name} ({kind}, profile {profile})").format(name=info.name, kind=kind, profile=profile))
        else:
            players.append(_("{name} ({kind})").format(name=info.name, kind=kind))
    rules = _rules_lines(match.rules)
    if match.is_over:
        assert match.winner is not None
        score = match.scores[match.winner]
        if match.winner == HUMAN and is_default_name(match.names[HUMAN]):
            status = ngettext("finished: you won with {points} point", "finished: you won with {points} points", score)
        else:
            status = ngettext(
                "finished: {name} won with {points} point", "finished: {name} won with {points} points", score
            )
        status = status.format(name=match.names[match.winner], points=score)
    else:
        status = _("in progress, round {round}").format(round=match.round_number)
    if is_default_name(match.names[HUMAN]):
        title = _('unokart {version} — the match "{match}", as you saw it')
    else:
        title = _('unokart {version} — the match "{match}", as {name} saw it')
    lines = [
        title.format(version=__version__, match=name, name=match.names[HUMAN]),
        _("Players: {players}").format(players=", ".join(players)),
        ngettext("First to {points} point.", "First to {points} points.", match.target).format(points=match.target),
        *rules,
        _("Began {began}, last move {last}; {status}").format(
            began=_when(game.created), last=_when(game.updated), status=status
        ),
    ]
    if played_with_friends(game):
        # Issue 31: the seed deals every hand again, and a friend's hand was theirs alone.
        lines.append(_("Played with friends: its seed is not written, as it would deal their hands again."))
    else:
        command = deal_again_command(match, seats)
        lines.append(_("Seed {seed}. To deal this match again: {command}").format(seed=match.seed, command=command))
    if game.undos:
        count = len(game.undos)
        lines.append(
            ngettext(
                "Undos: {count}, each written where it was made.",
                "Undos: {count}, each written where it was made.",
                count,
            ).format(count=count)
        )
    undos = undos_by_point(game.undos)
    scores = [0] * len(match.names)
    for number, point in enumerate(timeline.points):
        if point.move == 0:
            lines += ["", round_heading(point.round)]
        told = in_told_order(timeline.events[number])
        won = next((place for place, event in enumerate(told) if isinstance(event, RoundWon)), None)
        lines += [line.text for line in action_lines(told if won is None else told[: won + 1], voice)]
        if won is not None:  # the scores under the round's winner, before the match's
            winner = told[won]
            assert isinstance(winner, RoundWon)
            scores[winner.seat] += winner.points
            lines.append("  " + _("Scores: {scores}").format(scores=scores_line(match.names, scores)))
            lines += [line.text for line in action_lines(told[won + 1 :], voice)]
        lines += [undone(undo, voice) for undo in undos.get((point.round, point.move), ())]
    return printable("\n".join(lines) + "\n", newlines=True)


def write_text(path: Path, text: str) -> None:
    """Write the export to ``path`` whole or not at all (``unokart_tui.files.write_atomic``).

    Only a regular file is replaced, and it keeps its permissions: a link, a device or a folder at
    ``path`` raises ``NotARegularFile`` and is left as it is. ``OSError`` if it cannot be written.
    """
    write_atomic(path, text)


__all__ = ["NotARegularFile", "check_target", "export_text", "write_text"]
