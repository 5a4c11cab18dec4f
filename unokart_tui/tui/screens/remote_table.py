"""The game table for a seat of a table shared with friends: the game screen over a ``friends.remote.RemoteTable``.

The match is played on the host. This screen is the ``GameScreen`` (its keys, widgets and dialogs), given
the seat's ``RemoteTable`` instead of a ``TableController``: what the host sends comes down the ``channel``
on its reading thread and is handed to the table on the app's (``App.call_from_thread``).

The lobby pushes it with ``RemoteTableScreen(channel, first_message)`` when the first ``TableSeen`` comes.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from typing import Protocol

from ...friends import wire
from ...friends.messages import TableSeen
from ...friends.remote import RemoteTable
from ...glyphs import UNICODE, Glyphs
from ...table.messages import Notice
from ...table.pacing import Clock, Pace
from ...voice import friends as words
from .app_base import MatchApp
from .game import GameScreen


class Line(Protocol):
    """The game's end of the line to the host (``friends.channel.TableChannel``)."""

    def send(self, message: Mapping[str, object]) -> bool: ...

    def listen(
        self,
        on_message: Callable[[dict[str, object]], None],
        on_closed: Callable[[str | None], None] | None = None,
    ) -> None:
        """From now on each message goes to ``on_message`` (on the line's reading thread)."""
        ...

    def close(self) -> None: ...


def first_table(first_message: Mapping[str, object]) -> TableSeen:
    """The ``TableSeen`` the screen opens on (a watcher's has no seat and no view); ValueError if it is none."""
    seen = wire.decode(json.dumps(first_message))
    if not isinstance(seen, TableSeen):
        raise ValueError(f"a seat's table opens on its first TableSeen, not on {first_message.get('type')!r}")
    return seen


class RemoteTableScreen(GameScreen):
    def __init__(
        self,
        channel: Line,
        first_message: Mapping[str, object],
        *,
        clock: Clock | None = None,
        glyphs: Glyphs = UNICODE,
        motion: bool = True,
        pace: Pace | None = None,
    ) -> None:
        """``clock``, ``glyphs``, ``motion``, ``pace``: as the game screen's; by default the app's, once mounted."""
        seen = first_table(first_message)
        you = seen.seat or 0
        self.channel = channel
        self._own_clock = clock is not None
        self._own_looks = glyphs is not UNICODE or not motion or pace is not None

        def seat(screen: GameScreen, on: Clock) -> RemoteTable:
            return RemoteTable(screen, channel.send, clock=on, glyphs=glyphs, pace=pace)

        names = seen.names[you:] + seen.names[:you]  # the seat's own first: it sits at the bottom
        rules = None if seen.view is None else seen.view.rules  # a watcher is not shown the house rules
        super().__init__(
            None, confirm_quit=True, glyphs=glyphs, motion=motion, clock=clock, seat=seat, names=names,
            rules=rules, pace=pace,
        )  # fmt: skip
        assert isinstance(self.controller, RemoteTable)
        self.remote: RemoteTable = self.controller
        self.remote.arrived(first_message)  # shown when the table opens (GameScreen.first_words)

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
        self.channel.listen(self._from_line, self._line_closed)

    def _from_line(self, message: dict[str, object]) -> None:
        """On the line's thread: the message goes to the table on the app's."""
        with contextlib.suppress(RuntimeError):  # the app has closed meanwhile: nobody is left to show it to
            self.app.call_from_thread(self.remote.arrived, message)

    def _line_closed(self, reason: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
            self.app.call_from_thread(self.line_closed, reason)

    def line_closed(self, reason: str | None) -> None:
        """The host is gone: what is on the table stays to be read, and nothing more comes."""
        self.remote.send(Notice(words.line_closed(reason), severity="error", timeout=30, markup=False))
        self.remote.stop()

    def leave(self) -> None:
        self.remote.stop()
        self.channel.close()
        super().leave()

    def on_game_screen_play_again(self, message: GameScreen.PlayAgain) -> None:
        """The match's end asks for another with the same players: the table's opener deals it, not this seat."""
        message.stop()
        self.leave()

    def on_game_screen_watch_replay(self, message: GameScreen.WatchReplay) -> None:
        """The replay is in the opener's saves, on the host: this seat goes back to the title."""
        message.stop()
        self.leave()
