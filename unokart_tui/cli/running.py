"""Running the game in the terminal: the collector paused while it starts; Ctrl+C and Ctrl+\\ as it starts and ends."""

from __future__ import annotations

import contextlib
import gc
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import TYPE_CHECKING

from ..printable import printable
from ..voice import _
from .common import fail, fail_on_save

if TYPE_CHECKING:
    from ..table.session import Session
    from ..tui.app import UnoKartApp


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector off while the game loads (back on also when it could not start).

    Loading the game makes a great many objects that live as long as the process; the garbage
    collector would walk them again and again, stalling the start by tens of milliseconds.
    Those objects are set aside (gc.freeze) before the app runs, and the collector stays off
    until the first screen is painted: it would find next to nothing and cost 4 to 6 ms.
    """
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def play(session: Session | None, bot_delay: float | None) -> int:
    """Play ``session`` (None: the title screen) with ``--bot-delay``; the exit status."""
    from ..tui.app import UnoKartApp  # noqa: PLC0415 - Textual loads only to play

    app = UnoKartApp(session, bot_delay=bot_delay)
    if session is None:  # the title screen: under `unokart serve` it offers tables for friends
        from ..tui.hostline import open_host_line  # noqa: PLC0415

        app.line = open_host_line(app)
    gc.freeze()
    return run_app(app)  # the app turns the collector back on once its first screen is painted


def run_app(app: UnoKartApp) -> int:
    """Run the app; its exit status. After a crash, one line says which file holds the details.

    While it runs, the terminal sends keys, not signals; but while Textual starts and after it
    has given the terminal back, Ctrl+C and Ctrl+\\ are signals. Then they end a game that is
    starting (status 128 + the signal), and are ignored by one that is closing: it is saving
    the match, which nothing interrupts.
    """

    import asyncio  # noqa: PLC0415 - Textual has loaded it by now; the commands that print a line never need it

    def asked_to_quit(number: int, frame: object) -> None:
        if app.return_code is not None:
            return  # closing: it is saving the match
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise KeyboardInterrupt from None  # Textual's loop has not begun: nothing to close
        loop.call_soon_threadsafe(app.quitting.quit_soon, 128 + number)  # a signal handler is no place to exit from

    with signals_handled_by(asked_to_quit):
        app.run()
    if app.crash is not None:
        from ..crash import notice  # noqa: PLC0415

        sys.stderr.write(printable(notice(app.crash)) + "\n")
    return app.return_code or 0  # 1 after a crash


QUIT_SIGNALS = (signal.SIGINT, signal.SIGQUIT)


@contextlib.contextmanager
def signals_handled_by(handler: Callable[[int, FrameType | None], object]) -> Iterator[None]:
    """Ctrl+C (SIGINT) and Ctrl+\\ (SIGQUIT) go to ``handler`` in this block (in the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {number: signal.signal(number, handler) for number in QUIT_SIGNALS}
    try:
        yield
    finally:
        for number, previous in before.items():
            signal.signal(number, previous)


def open_and_play(open_session: Callable[[], Session | int], bot_delay: float | None, *, plain: bool = False) -> int:
    """Play the match ``open_session`` opens (an int: it could not, and said why; the exit status).

    ``plain``: in line mode (``plain``), as lines on stdout and commands from stdin, with no Textual.

    A match being played elsewhere, or a save that cannot be read or written, is one line (status 1).
    """
    from saves import SaveError, SaveLocked  # noqa: PLC0415 - the game loads on use: `unokart --version` stays instant
    from saves import path_of as saves_path  # noqa: PLC0415

    from ..history.saved import unfinished_saves  # noqa: PLC0415
    from ..voice.save_problems import save_problem  # noqa: PLC0415

    try:
        opened = open_session()
    except SaveLocked as error:
        others = [entry.name for entry in unfinished_saves() if str(saves_path(entry.name)) != error.file]
        if others:
            line = _(
                "{problem} Close it there first, or start another: unokart new. "
                "Other unfinished matches: {names} (unokart load NAME)."
            )
            return fail(line.format(problem=save_problem(error), names=", ".join(others)))
        return fail(
            _("{problem} Close it there first, or start another: unokart new.").format(problem=save_problem(error))
        )
    except SaveError as error:
        return fail_on_save(error)
    if isinstance(opened, int):
        return opened
    if plain:
        from ..plain.runner import play_lines  # noqa: PLC0415

        return play_lines(opened)
    return play(opened, bot_delay)
