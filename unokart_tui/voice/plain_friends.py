"""The sentences of line mode at a table shared with friends (issues 31 and 33): the lobby, and time that runs.

At a line-mode table of one's own, time is measured in commands; at a friends' table it is the host's,
the same for everyone: these sentences say so where line mode's own would promise that the table waits.
"""

from __future__ import annotations

from . import _, ngettext


def at_table(code: str) -> str:
    return _("You are at the table {code}, a table for friends.").format(code=code)


def opener_help() -> str:
    return _("Type start to start the match, settings to change them, who to hear the table again, leave to close it.")


def joiner_help() -> str:
    return _("Type who to hear the table again, leave to leave it.")


def ready_to_start() -> str:
    return _("Everyone here? Type start to start the match.")


def kept_go_on() -> str:
    return _("Type start to go on now: the autopilot plays for anyone not back yet.")


def kept_opener_help() -> str:
    return _("Type start to go on now, who to hear the table again, leave to close it.")


def not_in_lobby() -> str:
    return _("The match is waiting to start: type who, start or leave (help says more).")


def settings_sent() -> str:
    return _("Settings sent to the table.")


def ask_turn_seconds(least: int, most: int, now: int) -> str:
    return _("How many seconds for each turn, from {least} to {most}? Enter keeps {now}.").format(
        least=least, most=most, now=now
    )


def ask_seats(least: int, most: int, now: int) -> str:
    return _("How many seats at the table, from {least} to {most}? Enter keeps {now}.").format(
        least=least, most=most, now=now
    )


def wrong_number(least: int, most: int) -> str:
    return _("Type a whole number from {least} to {most}, or Enter.").format(least=least, most=most)


def match_started() -> str:
    return _("The match has started. The table does not wait: type help to hear how it goes.")


def help_lines(seconds: int | None) -> list[str]:
    """Line mode's help at a shared table: the same commands, and the time that runs (the host's turn clock)."""
    if seconds is None:
        clock = _("The table does not wait: your turn has a clock, and when it runs out the autopilot plays it.")
    else:
        clock = ngettext(
            "The table does not wait: your turn has a clock of {seconds} second, and when it runs out "
            "the autopilot plays it.",
            "The table does not wait: your turn has a clock of {seconds} seconds, and when it runs out "
            "the autopilot plays it.",
            seconds,
        ).format(seconds=seconds)
    return [
        _(
            "Type a command and press Enter. Commands are the English words below, in every language;"
            " case does not matter."
        ),
        _("play R7, or play red 7, or play 3 (the third card of your hand): play a card."),
        _("draw: draw a card. keep: keep the card you drew. accept: take the cards put on you."),
        _("uno: say UNO (before your play, or now when you have one card). catch: catch a player without UNO."),
        _("challenge or accept: answer a Wild Draw Four. colour red: choose a colour."),
        _("target Luigi: hit Luigi with your Green Shell. swap Luigi: swap hands with Luigi."),
        _("jump: jump in with the twin of the top card."),
        _("hand, table, score, log: read your hand, the table, the scores, the last lines again."),
        _("moves: every command you may type now, one per line. hint: the expert's advice."),
        _("quit: leave the table; the autopilot plays your seat until you come back with the same key."),
        clock,
        _("A chance to catch, to say UNO late or to jump in goes to whoever types first."),
    ]


def seconds_left(seconds: int) -> str:
    """Said once a turn, when the turn clock runs low."""
    return ngettext(
        "{seconds} second left on your turn's clock.",
        "{seconds} seconds left on your turn's clock.",
        seconds,
    ).format(seconds=seconds)


def chance_to_catch(name: str) -> str:
    return _("{name} has one card and did not say UNO: type catch now, before someone else does.").format(name=name)


def chance_to_say_uno() -> str:
    return _("You have one card and did not say UNO: type uno now, before someone catches you.")


def chance_to_jump(card: str) -> str:
    return _("You hold {card}, the twin of the top card: type jump now to jump in.").format(card=card)


def waiting_on(name: str) -> str:
    """Enter alone while another seat decides."""
    return _("{name} plays now; the table tells you when it is your turn.").format(name=name)


def moved_on() -> str:
    """A question was open (a colour, a target, a challenge) and the table went on without the answer."""
    return _("The table moved on without your answer.")


def next_round_soon() -> str:
    return _("The table deals the next round by itself in a few seconds.")


def no_next() -> str:
    return _("At a shared table the next round is dealt by itself, after a pause.")


def left_table() -> str:
    return _("You left the table.")


def host_gone() -> str:
    return _("The line to the server is closed: the tables for friends are gone.")


def friends_choice() -> str:
    return _("Play with friends: open a table and give them its code.")


def join_choice() -> str:
    return _("Join a table: type the code a friend gives you.")


def waiting_for_host() -> str:
    return _("The server did not answer in time: try again.")


__all__ = [
    "ask_seats",
    "ask_turn_seconds",
    "at_table",
    "chance_to_catch",
    "chance_to_jump",
    "chance_to_say_uno",
    "friends_choice",
    "help_lines",
    "host_gone",
    "join_choice",
    "joiner_help",
    "left_table",
    "match_started",
    "moved_on",
    "next_round_soon",
    "no_next",
    "not_in_lobby",
    "opener_help",
    "ready_to_start",
    "seconds_left",
    "settings_sent",
    "waiting_for_host",
    "waiting_on",
    "wrong_number",
]
