"""The game table for a seat of a table shared with friends: the game screen over a ``friends.remote.RemoteTable``.

The match is played on the host. This screen is the ``GameScreen`` (its keys, widgets and dialogs), given
the seat's ``RemoteTable`` instead of a ``TableController``. The app hands it each of the match's messages
as a ``FromHost`` (``tui.hostline``: the line's thread posts them on the app's), and it passes them on to
the table. Leaving dismisses it: the app then tells the host that this person left their seat.

The app pushes it with ``RemoteTableScreen(line, first)`` when the lobby's first ``TableSeen`` comes.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual import events
from textual.binding import Binding

from ...friends import wire
from ...friends.messages import TableSeen
from ...friends.remote import RemoteTable
from ...glyphs import UNICODE, Glyphs
from ...table.pacing import Clock, Pace
from ...voice import friends as words
from ..hostline import FromHost, Line
from .app_base import MatchApp
from .game import GameScreen


def first_table(first: TableSeen | Mapping[str, object]) -> TableSeen:
    """The ``TableSeen`` the screen opens on (a watcher's has no seat and no view); ValueError if it is none."""
    seen = first if isinstance(first, TableSeen) else wire.from_json(first)
    if not isinstance(seen, TableSeen):
        raise ValueError(f"a seat's table opens on its first TableSeen, not on a {type(seen).__name__}")
    return seen


def acting_keys() -> frozenset[str]:
    """The keys of the game screen's intentions that would act (moving along the hand does not)."""
    found: set[str] = set()
    for binding in GameScreen.BINDINGS:
        if isinstance(binding, Binding) and binding.action.startswith("intent(") and "'move" not in binding.action:
            found.update(key.strip() for key in binding.key.split(","))
    return frozenset(found)


class RemoteTableScreen(GameScreen):
    def __init__(
        self,
        line: Line,
        first: TableSeen | Mapping[str, object],
        *,
        clock: Clock | None = None,
        glyphs: Glyphs = UNICODE,
        motion: bool = True,
        pace: Pace | None = None,
    ) -> None:
        """``line``: to the host. ``first``: the match's first ``TableSeen`` (or its JSON object).

        ``clock``, ``glyphs``, ``motion``, ``pace``: as the game screen's; by default the app's, once mounted.
        """
        seen = first_table(first)
        you = seen.seat or 0
        self.line = line
        self._own_clock = clock is not None
        self._own_looks = glyphs is not UNICODE or not motion or pace is not None

        def seat(screen: GameScreen, on: Clock) -> RemoteTable:
            return RemoteTable(screen, line.send, clock=on, glyphs=glyphs, pace=pace)

        names = seen.names[you:] + seen.names[:you]  # the seat's own first: it sits at the bottom
        rules = None if seen.view is None else seen.view.rules  # a watcher is not shown the house rules
        super().__init__(
            None, confirm_quit=True, glyphs=glyphs, motion=motion, clock=clock, seat=seat, names=names,
            rules=rules, pace=pace,
        )  # fmt: skip
        assert isinstance(self.controller, RemoteTable)
        self.remote: RemoteTable = self.controller
        self.remote.arrived(wire.as_json(seen))  # shown when the table opens (GameScreen.first_words)

    def on_mount(self) -> None:
        app = self.app
        if isinstance(app, MatchApp):
            if not self._own_clock and app.clock is not None:
                self.clock = self.remote.clock = app.clock  # a test's: time passes when it says so
            if not self._own_looks:
                settings = app.settings
                self.glyphs = app.glyphs
                self.motion = not settings.reduce_motion
                self.remote.use_settings(
                    uno_helper=settings.uno_helper, undo=False, glyphs=self.glyphs, pace=app.pace or Pace()
                )

    def on_key(self, event: events.Key) -> None:
        super().on_key(event)
        # A watcher's acting keys are off (the key bar hides them); found over ssh, they then said nothing.
        # RemoteTable.refuse says it once, not again for the keys pressed while it is on show.
        if self.remote.watching and event.key in acting_keys():
            self.remote.refuse(words.is_watching())

    def on_from_host(self, message: FromHost) -> None:
        """One of the match's messages, from the host by way of the app."""
        self.remote.arrived(message.data)

    def leave(self) -> None:
        """The person leaves their seat (the autopilot plays it until they come back): the app tells the host."""
        self.remote.stop()
        self.dismiss(None)

    def action_leave(self) -> None:
        """``q``: a finished match is left without the question (nothing plays on without this person)."""
        if self.remote.match_over:
            self.leave()
        else:
            super().action_leave()

    def on_game_screen_leave_match(self, message: GameScreen.LeaveMatch) -> None:
        """Back to the title from the match's end (its dialog's ``q``): this person leaves the table too.

        Found over ssh: the app's way back to the title dropped the screen without a word to the host, who
        kept the person seated ("You are at a table already.").
        """
        message.stop()
        self.leave()

    def on_game_screen_play_again(self, message: GameScreen.PlayAgain) -> None:
        """The match's end asks for another with the same players: the table's opener deals it, not this seat."""
        message.stop()
        self.leave()

    def on_game_screen_watch_replay(self, message: GameScreen.WatchReplay) -> None:
        """The replay is in the opener's saves, on the host: this seat leaves the table."""
        message.stop()
        self.leave()
