"""The game's line to the host under ``unokart serve``, as the Textual app sees it (issue 31).

``friends.channel.TableChannel`` reads the line on a thread of its own; each message it hands over
reaches the app as a Textual message (``FromHost``), posted on the app's thread with
``App.call_from_thread``, and the line's end as ``HostGone``. A game started by hand has no line:
``open_host_line`` is None, and the title offers no table for friends.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import CancelledError
from typing import Any, Protocol

from textual.app import App
from textual.message import Message

from ..friends.channel import TableChannel


class Line(Protocol):
    """The game's end of the line to the host: what the app needs of ``TableChannel`` (a test gives a fake)."""

    def start(self) -> object:
        """Begin reading: from now on each message the host sends reaches the app."""
        ...

    def send(self, message: Mapping[str, object]) -> bool:
        """Send one message to the host; False when the host is gone."""
        ...


class FromHost(Message, bubble=False):
    """A message from the host: the channel's own (``table-opened``…) or a table's (``wire.as_json``).

    It goes to the app, which hands a match's messages on to the table screen: it does not bubble back.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__()
        self.data = dict(data)

    @property
    def kind(self) -> str:
        return str(self.data.get("type", ""))


class HostGone(Message, bubble=False):
    """The line to the host closed (``reason``: what broke its rules, or None when the host closed it)."""

    def __init__(self, reason: str | None) -> None:
        super().__init__()
        self.reason = reason


def open_host_line(app: App[Any]) -> TableChannel | None:
    """The line the host gave this game, its messages posted to ``app``; None for a game started by hand.

    Reading begins with ``start``, once the app runs (``call_from_thread`` needs its loop).
    """

    def deliver(message: Message) -> None:
        if not app.is_running:
            return
        try:
            app.call_from_thread(app.post_message, message)
        except (RuntimeError, CancelledError):  # the app has stopped, or is stopping: nobody is left to tell
            return

    return TableChannel.from_environment(
        lambda data: deliver(FromHost(data)),
        lambda reason: deliver(HostGone(reason)),
    )


__all__ = ["FromHost", "HostGone", "Line", "open_host_line"]
