"""Words for friends at one table: the lobby's refusals, the turn clock, people away and back.

Each sentence is whole, with named placeholders filled in after the lookup; a seat is "you" for
its own person and named for the others (``Voice``), so each person reads the table in their own
voice and language. No Textual here: ``unokart_tui.friends`` builds every message with these.
"""

from __future__ import annotations

from . import _, ngettext
from .speaker import Voice


def needs_people(people: int) -> str:
    """Why a match cannot start with ``people`` people at the table (a match is for friends: two at least)."""
    return ngettext(
        "Only {count} person sits at this table: a match needs two people at least. Give a friend the code.",
        "Only {count} people sit at this table: a match needs two people at least. Give a friend the code.",
        people,
    ).format(count=people)


def opener_starts(opener: str) -> str:
    return _("Only {name}, who opened this table, can start the match.").format(name=opener)


def opener_settles(opener: str) -> str:
    return _("Only {name}, who opened this table, can change its settings.").format(name=opener)


def seats_range(least: int, most: int) -> str:
    return _("A table has {least} to {most} seats.").format(least=least, most=most)


def fewer_seats_than_people(people: int) -> str:
    return ngettext(
        "{count} person sits at this table: it cannot have fewer seats.",
        "{count} people sit at this table: it cannot have fewer seats.",
        people,
    ).format(count=people)


def turn_range(least: int, most: int) -> str:
    return _("A turn's clock runs {least} to {most} seconds.").format(least=least, most=most)


def already_started() -> str:
    return _("The match at this table has started: its settings no longer change.")


def table_closed(opener: str) -> str:
    return _("{name} closed this table.").format(name=opener)


def watching() -> str:
    return _("You watch this table: you see what everyone sees, and no hand.")


def is_watching() -> str:
    return _("You are watching this table: only the people seated play.")


def time_up(seat: int, voice: Voice) -> str:
    """The turn clock ran out: the autopilot plays the turn, and every seat's log says so."""
    if voice.is_you(seat):
        return _("Time is up: the autopilot plays your turn.")
    return _("Time is up for {name}: the autopilot plays the turn.").format(name=voice.name(seat))


def away(seat: int, voice: Voice) -> str:
    return _("{name} is away: the autopilot plays their seat until they come back.").format(name=voice.name(seat))


def back(seat: int, voice: Voice) -> str:
    if voice.is_you(seat):
        return _("You are back at your seat: you play your turns again.")
    return _("{name} is back and plays their own turns again.").format(name=voice.name(seat))


def not_yours() -> str:
    return _("That is another seat's move: you can only act for your own seat.")


def earlier_moment() -> str:
    return _("That was meant for an earlier moment of the table: look again.")


def unreadable() -> str:
    """A game process sent its table something no game sends: its person is told in one sentence."""
    return _("The table could not understand what your game sent.")


def not_at_table() -> str:
    return _("You are not at this table.")


def not_started() -> str:
    return _("The match has not started yet.")


def hint_on_your_turn() -> str:
    return _("A hint is for your own turn.")


__all__ = [
    "already_started",
    "away",
    "back",
    "earlier_moment",
    "fewer_seats_than_people",
    "hint_on_your_turn",
    "is_watching",
    "needs_people",
    "not_at_table",
    "not_started",
    "not_yours",
    "opener_settles",
    "opener_starts",
    "seats_range",
    "table_closed",
    "time_up",
    "turn_range",
    "unreadable",
    "watching",
]
