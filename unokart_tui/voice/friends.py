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


def now_watching(name: str) -> str:
    return _("{name} is watching.").format(name=name)


def stopped_watching(name: str) -> str:
    return _("{name} stopped watching.").format(name=name)


def is_watching() -> str:
    return _("You are watching this table: only the people seated play.")


def time_up(seat: int, voice: Voice) -> str:
    """The turn clock ran out: the autopilot plays the turn, and every seat's log says so."""
    if voice.is_you(seat):
        return _("Time is up: the autopilot plays your turn.")
    return _("Time is up for {name}: the autopilot plays the turn.").format(name=voice.name(seat))


def away(seat: int, voice: Voice) -> str:
    """A person left their seat: the autopilot plays it. Their own log reads it too, told again when they come back."""
    if voice.is_you(seat):
        return _("You are away: the autopilot plays your seat until you come back.")
    return _("{name} is away: the autopilot plays their seat until they come back.").format(name=voice.name(seat))


def left_table(seat: int, voice: Voice) -> str:
    """Someone went once the match was over: no autopilot plays for them, the final scores stand."""
    return _("{name} left the table.").format(name=voice.name(seat))


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


def seat_opened_elsewhere(code: str) -> str:
    """The same key came to the table ``code`` from a newer connection: it takes the place, the older one is closed."""
    return _("Your seat at the table {code} was opened from another connection: this one is closed.").format(code=code)


def everyone_left() -> str:
    """Every person has left the match: those who watched it are told the table is closed."""
    return _("Everyone at this table has left: it is closed, and the match is kept for them.")


def nothing_kept(code: str) -> str:
    """Someone asked to take up a match with friends that their saves do not keep."""
    return _("Your saves keep no match with friends under the code {code}.").format(code=code)


def kept_is_over(code: str) -> str:
    return _("The match with friends {code} is over: it can be replayed, not continued.").format(code=code)


def code_in_use(code: str) -> str:
    """The code of a kept match is another table's now (codes are given again once a table closes)."""
    return _("Another table has the code {code} now: try again once it has closed.").format(code=code)


def continue_with_friends(code: str, people: list[str], round_number: int) -> str:
    """The title's offer of a match with friends kept in the player's saves: its code, its people, its round."""
    return _("Continue with friends: {code}, {names}, round {number}").format(
        code=code, names=", ".join(people), number=round_number
    )


def not_at_table() -> str:
    return _("You are not at this table.")


def not_started() -> str:
    return _("The match has not started yet.")


def hint_on_your_turn() -> str:
    return _("A hint is for your own turn.")


# ---------------------------------------------------------------------- the lobby screen and the title


def ask_code() -> str:
    return _("Type the code of the table a friend opened: five letters and digits.")


def join_with_command(command: str) -> str:
    """What the opener gives their friends: the exact command, as the host knows its address and port."""
    return _("Friends type this, each with their own key:\n{command}").format(command=command)


def join_with_code() -> str:
    return _("Friends join with this code: Join a table, on the title screen of this server.")


def opener_named(name: str) -> str:
    return _("{name} (opened the table)").format(name=name)


def seated(people: list[str], seats: int) -> str:
    """Who sits at the table, in the order they sat down, of how many seats."""
    return ngettext(
        "At the table ({count} of {seats} seat): {names}",
        "At the table ({count} of {seats} seats): {names}",
        seats,
    ).format(count=len(people), seats=seats, names=", ".join(people))


def bots_in_free_seats(bots: tuple[str, ...]) -> str:
    if not bots:
        return _("No bot plays: every seat is a person's.")
    return ngettext(
        "{count} bot plays the free seat: {bots}",
        "Bots play the {count} free seats: {bots}",
        len(bots),
    ).format(count=len(bots), bots=", ".join(bots))


def watchers(names: tuple[str, ...]) -> str:
    return _("Watching: {names}").format(names=", ".join(names))


def settings_line(target: int, preset: str, seats: int, seconds: float) -> str:
    """The table's settings in one line, for those who do not set them."""
    return ngettext(
        "Target {target}, house rules {preset}, {seats} seat, {seconds} seconds a turn.",
        "Target {target}, house rules {preset}, {seats} seats, {seconds} seconds a turn.",
        seats,
    ).format(target=target, preset=preset, seats=seats, seconds=f"{seconds:g}")


def usual_line_up() -> str:
    return _("the usual line-up")


def ready_to_start() -> str:
    return _("Everyone here? ctrl+s starts the match.")


def waiting_for(opener: str) -> str:
    return _("Waiting for {name} to start the match.").format(name=opener)


def watching_lobby(opener: str) -> str:
    return _("Every seat is taken: you will watch the match when {name} starts it.").format(name=opener)


def match_started() -> str:
    return _("The match has started.")


# ---------------------------------------------------------------------- a kept match waiting for its people


def kept_waits(round_number: int) -> str:
    return _("A match taken up again: round {number} goes on when everyone is back.").format(number=round_number)


def kept_back(names: list[str]) -> str:
    """Who is back at their seat (a kept match's people, in seat order)."""
    return _("Back at their seats: {names}").format(names=", ".join(names))


def kept_awaited(names: tuple[str, ...]) -> str:
    """Whom the kept match still waits for: the seats the autopilot plays if it goes on without them."""
    return _("Waiting for {names} to come back.").format(names=", ".join(names))


def kept_goes_on(opener: str) -> str:
    """A friend's word in a kept match's waiting room: what the opener is told too, not "waiting for the start"."""
    return _("The match goes on by itself once everyone is back, or sooner if {name} goes on without them.").format(
        name=opener
    )


def kept_watching(opener: str) -> str:
    return _("You will watch the match once it goes on: when everyone is back, or when {name} goes on.").format(
        name=opener
    )


def lobby_status(opener: str, *, watching: bool, kept: bool) -> str:
    """What a lobby tells anyone but its opener: whom it waits for, and how the match begins (or goes on)."""
    if kept:  # found in a playtest: friends read "Waiting for Ann to start the match" while it waited for them
        return kept_watching(opener) if watching else kept_goes_on(opener)
    return watching_lobby(opener) if watching else waiting_for(opener)


def kept_go_on() -> str:
    return _("ctrl+s goes on now: the autopilot plays for anyone not back yet.")


def kept_settings() -> str:
    return _("A match taken up again keeps the settings it was started with.")


# ---------------------------------------------------------------------- a seat of a shared table, in the game
# (friends/remote.py: the game process's table for one person's seat)


def seat_away(last: str) -> str:
    """A seat's line while its person is away: the mark, and their last move if they made one."""
    if not last:
        return _("away: the autopilot plays")
    return _("away · {last}").format(last=last)


def turn_clock(status: str, seconds: int) -> str:
    """The hand's title with the turn clock: what the table waits for, and the seconds left to decide."""
    return ngettext("{status} · {seconds} second left", "{status} · {seconds} seconds left", seconds).format(
        status=status, seconds=seconds
    )


def drew(count: int) -> str:
    """A seat's last move when it drew ``count`` cards (a seat's line: the reason is in the log)."""
    return ngettext("drew {count} card", "drew {count} cards", count).format(count=count)


def no_undo() -> str:
    return _("There is no undo at a table shared with friends: every move counts for everyone.")


def no_autopilot() -> str:
    return _("At a shared table the autopilot plays only for someone away or out of time.")


def pace_is_shared() -> str:
    return _("The table plays at one pace for everyone: nobody can speed it up.")


def no_jump_in() -> str:
    return _("You hold no twin of the top card to jump in with now.")


def hint_asked() -> str:
    return _("The table is working out your hint: it shows in a moment.")


def leave_seat() -> str:
    return _("The table plays on without you: the autopilot takes your seat until you come back with the same key.")


def host_unreadable() -> str:
    """The host sent this game something it cannot read (``friends.remote``)."""
    return _("The table sent something this game cannot read: it is left out.")


__all__ = [
    "already_started",
    "ask_code",
    "away",
    "back",
    "bots_in_free_seats",
    "code_in_use",
    "continue_with_friends",
    "drew",
    "earlier_moment",
    "fewer_seats_than_people",
    "hint_asked",
    "hint_on_your_turn",
    "host_unreadable",
    "is_watching",
    "join_with_code",
    "join_with_command",
    "kept_goes_on",
    "kept_is_over",
    "kept_watching",
    "leave_seat",
    "left_table",
    "lobby_status",
    "match_started",
    "needs_people",
    "no_autopilot",
    "no_jump_in",
    "no_undo",
    "not_at_table",
    "not_started",
    "not_yours",
    "nothing_kept",
    "now_watching",
    "opener_named",
    "opener_settles",
    "opener_starts",
    "pace_is_shared",
    "ready_to_start",
    "seat_away",
    "seat_opened_elsewhere",
    "seated",
    "seats_range",
    "settings_line",
    "stopped_watching",
    "table_closed",
    "time_up",
    "turn_clock",
    "turn_range",
    "unreadable",
    "usual_line_up",
    "waiting_for",
    "watchers",
    "watching",
    "watching_lobby",
]
