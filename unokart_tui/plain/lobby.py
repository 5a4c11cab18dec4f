"""The lobby of a friends' table in line mode (issue 31): its lines, and the opener's settings asked as questions.

``friends.FriendsTable`` says these lines when the host shows the lobby (``LobbyShown``), and asks the opener
the table's settings one question at a time, as line mode's New game asks its own (``new_game``).
"""

from __future__ import annotations

import math

from ..friends.lobby import MAX_TURN, MIN_TURN
from ..friends.messages import MAX_SEATS, MIN_SEATS, LobbyShown, TableSettings
from ..voice import friends as friends_words
from ..voice import plain_friends as shared_words
from .asking import Leave, Wrong, ask
from .lines import Lines


def lobby_lines(shown: LobbyShown) -> list[str]:
    """The lobby as lines: who sits, the bots, who watches, the settings, and what the table waits for."""
    settings = shown.settings
    people = [friends_words.opener_named(name) if name == shown.opener else name for name in shown.people]
    if shown.round_number:  # a kept match taken up again: who is back at their seat, and who is awaited
        back = [named for name, named in zip(shown.people, people, strict=True) if name not in shown.awaited]
        found = [friends_words.kept_waits(shown.round_number), friends_words.kept_back(back)]
        if shown.awaited:
            found.append(friends_words.kept_awaited(shown.awaited))
    else:
        found = [friends_words.seated(people, settings.seats), friends_words.bots_in_free_seats(shown.bots)]
    if shown.watchers:
        found.append(friends_words.watchers(shown.watchers))
    found.append(friends_words.settings_line(settings.target, settings.preset, settings.seats, settings.turn_seconds))
    if shown.is_opener and shown.round_number:
        found.append(shown.refusal or shared_words.kept_go_on())
    elif shown.is_opener:
        found.append(shown.refusal or shared_words.ready_to_start())
    else:
        found.append(friends_words.lobby_status(shown.opener, watching=shown.watching, kept=bool(shown.round_number)))
    return found


def ask_table_settings(lines: Lines, shown: LobbyShown) -> TableSettings | None:
    """The seats, the bots of the free seats, the target, the house rules and the turn clock, Enter keeping each
    as it is; None when the opener typed ``back``. ``InputEnded`` at the end of the input."""
    from .new_game import NewGame, ask_line_up, ask_rules, ask_target  # noqa: PLC0415 - the presets, when asked

    settings = shown.settings
    try:
        seats = ask_number(
            lines, shared_words.ask_seats(MIN_SEATS, MAX_SEATS, settings.seats), MIN_SEATS, MAX_SEATS, settings.seats
        )
        bots = settings.bots
        free = seats - len(shown.people)
        if free > 0:  # who plays the seats no friend takes: New game's line-up question
            offered = settings._replace(seats=seats).bot_kinds(len(shown.people))
            last = NewGame("", offered, (None,) * free, settings.target, None)
            chosen = ask_line_up(lines, free, last)[0]
            bots = settings.bots if chosen == offered else chosen  # the line-up kept: it is cycled as it was
        target = ask_target(lines, seats, settings.target)
        rules = ask_rules(lines, settings.rules)
        now = math.ceil(settings.turn_seconds)
        seconds = ask_number(lines, shared_words.ask_turn_seconds(MIN_TURN, MAX_TURN, now), MIN_TURN, MAX_TURN, now)
    except Leave:
        return None
    preset = rules.preset_name or settings.preset
    return settings._replace(
        target=target, preset=preset, rules=rules, seats=seats, bots=bots, turn_seconds=float(seconds)
    )


def ask_number(lines: Lines, question: str, least: int, most: int, default: int) -> int:
    """A whole number from ``least`` to ``most``; Enter gives ``default``."""

    def read(answer: str) -> int | Wrong:
        if not answer:
            return default
        if answer.isdecimal() and least <= int(answer) <= most:
            return int(answer)
        return Wrong(shared_words.wrong_number(least, most))

    return ask(lines, question, read)
