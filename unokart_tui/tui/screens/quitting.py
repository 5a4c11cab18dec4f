"""How a running game ends on a signal.

SIGHUP (the terminal is gone: an SSH connection dropped) and SIGTERM end it; a quit asked for
while Textual starts (Ctrl+C, as cli/running.py hands it over) waits for the first screen: an app
told to exit while it composes fails.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading

from textual.app import App


class Quitting:
    """The signals ``app`` answers while it runs, and a quit put off until its first screen is up."""

    SIGNALS = (signal.SIGHUP, signal.SIGTERM)

    def __init__(self, app: App[None]) -> None:
        self.app = app
        self.shown = False  # the first screen is up
        self._when_shown: int | None = None  # the exit status a quit asked for before then

    def listen(self) -> None:
        """Answer SIGHUP and SIGTERM (once the app's loop runs: on mount)."""
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGHUP, self.hang_up)
        loop.add_signal_handler(signal.SIGTERM, self.app.exit)

    def stop_listening(self) -> None:
        loop = asyncio.get_running_loop()
        for number in self.SIGNALS:
            loop.remove_signal_handler(number)

    def first_screen_shown(self) -> None:
        self.shown = True
        if self._when_shown is not None:
            self.app.exit(return_code=self._when_shown)

    def quit_soon(self, return_code: int) -> None:
        """End with ``return_code`` (Ctrl+C as a signal, while Textual starts or closes): at once if the
        first screen is up, else as soon as it is; not at all if it is ending already."""
        if self.app.return_code is not None:
            return
        if self.shown:
            self.app.exit(return_code=return_code)
        else:
            self._when_shown = return_code

    def hang_up(self) -> None:
        """The terminal is gone. Every move is saved already, so leave now.

        The graceful exit writes to the vanished terminal, and that can block for ever;
        if it has not finished in two seconds the process ends anyway (the system then
        releases the match's lock).
        """
        watchdog = threading.Timer(2.0, os._exit, args=(0,))
        watchdog.daemon = True
        watchdog.start()
        self.app.exit()
