"""One SSH session: the name prompt (a new key only), then the game on its pty, then a goodbye.

What the host says to the player is said in the player's language (their setting, or the one they
choose on a first visit): each callback that can speak runs inside ``speaking(self.language)``.
"""

from __future__ import annotations

import asyncio
import math
import signal
import time
from collections.abc import Callable

import asyncssh

from saves import SaveError

from ..friends.channel import (
    JOIN_TABLE,
    LEAVE_TABLE,
    OPEN_TABLE,
    REFUSED,
    REOPEN_TABLE,
    TABLE_JOINED,
    TABLE_OPENED,
    Message,
)
from ..friends.codes import normalise
from ..voice import N_, _, ngettext, speaking
from ..voice.language import ENGLISH
from .game import (
    CANNOT_START,
    PLAIN_FLAG,
    PLAIN_TERM,
    GameProcess,
    clamp_size,
    game_command,
    game_environment,
    terminal_name,
)
from .paste import PasteLimit
from .plain import in_english
from .players import Player
from .private_api import refuse_channel_requests
from .prompt import ENTER, NamePrompt
from .report import exit_words, idle_words, plural_count
from .seats import Seats
from .tablelink import TABLE_FD, LinkedSeat, TableLink
from .tables import TO_THE_TITLE, Route, SharedTable

CANNOT_KEEP = N_("The server cannot keep your games right now; please tell its operator.")
NO_NEW_PLAYERS = N_("This server takes no new players right now. Please come back later.")
END_OF_INPUT = b"\x04"  # the pty's end-of-file character (Ctrl+D), read by the game as the end of its input
CUT_OFF = N_("Your game sent the host more than it may, and was closed.")
NEEDS_TERMINAL = N_("unokart needs a terminal: connect with ssh -t.")


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One session: the name prompt (a new key only), then the game on a pty, then a goodbye."""

    def __init__(
        self,
        hub: Seats,
        player: Player,
        address: str,
        *,
        on_ended: Callable[[], None],
        route: Route = TO_THE_TITLE,
        reached: tuple[str, int] | None = None,
    ) -> None:
        """``route``: what the SSH user name asked for; ``reached``: the address and port the client connected to."""
        self.hub = hub
        self.player = player
        self.address = address
        self._on_ended = on_ended  # the connection's: it has nothing left to do
        self.limits = hub.limits
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = terminal_name(None)
        self.size = clamp_size(0, 0, self.limits)
        self.language = ENGLISH  # until read from the player's settings, when the session starts
        self.prompt: NamePrompt | None = None
        self.game: GameProcess | None = None
        self.farewell = ""
        self.started = False  # the client asked for its shell: the game (or the name prompt)
        self.gone = False  # the client went first
        self.ended = False  # the goodbye was said: nothing more is begun
        self._refused: set[str] = set()  # what was refused on the channel, logged once each
        self._last_key = time.monotonic()
        self._idle: asyncio.TimerHandle | None = None
        self._naming: asyncio.TimerHandle | None = None
        self._paste = PasteLimit(self.limits.paste_limit)
        self.route = route
        self.reached = reached
        self.terminal = True  # the client has a terminal (line mode may be played without one)
        self._input_ended = False  # a client without one sent the end of its input
        self.plain = route.plain  # the game runs in line mode (the user name, or the player's setting)
        self.link: TableLink | None = None  # the line to the game process (friends/channel.py is its end)
        self.seat: LinkedSeat | None = None
        self.table: SharedTable | None = None
        self.table_code: str | None = None

    def _speaks(self) -> str:
        """The player's language; at the name prompt, the one the question is being asked in."""
        return self.prompt.language if self.prompt is not None else self.language

    def _log(self, what: str, detail: str = "") -> None:
        self.hub.log.event(self.address, self.player.fingerprint, what, detail)

    # ------------------------------------------------------------------ what the client asks for

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        # This channel takes no environment variable (asyncssh would keep as many as a client
        # sends), and the log says when X11 or agent forwarding is refused (asyncssh would
        # refuse them without a word).
        refuse_channel_requests(
            chan,
            {
                "env": lambda: self._refused_once("environment variables"),
                "x11-req": lambda: self._refused_once("X11 forwarding"),
                "auth-agent-req@openssh.com": lambda: self._refused_once("agent forwarding"),
            },
        )

    def _refused_once(self, what: str) -> None:
        if what not in self._refused:
            self._refused.add(what)
            self._log("refused", what)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.term = terminal_name(term_type)
        self.size = clamp_size(term_size[0], term_size[1], self.limits)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._log("refused", f"command {command[:80]!r}")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self._log("refused", f"subsystem {subsystem[:40]!r}")
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """The game takes no signal from a client."""

    def session_started(self) -> None:
        assert self.chan is not None
        self.started = True
        self.language = self.player.language()
        with speaking(self.language):
            self._started()

    def _started(self) -> None:
        assert self.chan is not None
        self.terminal = self.chan.get_terminal_type() is not None
        # A code is checked first, with or without a terminal: found over ssh, `ssh CODE@host </dev/null` with
        # a wrong code was told it needed a terminal, not that no table has that code.
        if not self._can_play() and self.route.code is None:
            self._say_goodbye(_(NEEDS_TERMINAL), 1)
            return
        refusal = self.hub.open_session(self, self.player.fingerprint)
        if refusal is not None:
            self._log("refused", refusal.plain)
            self._say_goodbye(refusal.words, 1)
            return
        self._idle = asyncio.get_running_loop().call_later(self.limits.idle_timeout, self._check_idle)
        if self.route.code is not None:  # `ssh CODE@host`: the code is checked before anything else
            self.hub.spawn(self._come_to_table(self.route.code))
            return
        back = self.hub.tables.awaiting(self.player.fingerprint)
        if back is not None:  # a seat kept for this key: straight back to it, whatever the user name
            self.route = self.route._replace(code=back)
            self._log("table-back", back)
        self._begin()

    def _can_play(self) -> bool:
        """A terminal, or line mode (the user name, or the player's setting): then a pipe will do."""
        return self.terminal or self.route.plain or self._reads_lines()

    def _reads_lines(self) -> bool:
        """A known key whose setting *Line mode* is on: its game reads lines, so it needs no terminal either
        (``ssh -T CODE@host`` for a friends' table, issue 33)."""
        try:
            return self.player.is_known() and self.player.line_mode()
        except OSError:
            return False

    async def _come_to_table(self, code: str) -> None:
        table, words = await self._find_table(code)
        if self.gone or self.chan is None or self.ended:  # gone, or ended (idle, shutdown) meanwhile
            return
        with speaking(self.language):
            if table is None:
                self._end_session(words, 1)
            elif not self._can_play():
                self._end_session(_(NEEDS_TERMINAL), 1)
            else:
                self._begin()

    def _begin(self) -> None:
        """The name prompt (a new key), or the game."""
        assert self.chan is not None
        if self._input_ended and self.terminal:  # a terminal that sent its end cannot type: nothing to play
            self._end_session("", 0)
            return
        try:
            # A new key makes nothing on disk until it has given its name (see _named).
            new = not self.player.is_known()
            if not new:
                self.player.prepare()
                new = self.player.needs_name()
        except OSError as error:
            self._log("error", repr(str(error)))
            self._end_session(_(CANNOT_KEEP), 1)
            return
        if new:
            self.prompt = NamePrompt(self.language)
            self._naming = asyncio.get_running_loop().call_later(self.limits.name_timeout, self._no_name)
            self.chan.write(self.prompt.opening())
        else:
            self._start_game()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._last_key = time.monotonic()
        if self.prompt is not None:
            self._prompt(data)
        elif self.game is not None:
            waiting = self.game.write(self._paste.feed(data))
            if waiting > self.limits.input_backlog and self.chan is not None:
                self.chan.pause_reading()
                self.game.on_drained = self.chan.resume_reading

    def eof_received(self) -> bool:
        """The client has sent all it will: a pipe ended (``ssh -T plain@host < moves.txt``).

        A terminal's client sends no end (Ctrl+D is a key); a game that one ends is left to the idle
        timeout, as before. Without a terminal, line mode reads the end of its input as a terminal's
        Ctrl+D. Either way the channel stays open for what is still to be said: found over ssh,
        `ssh -tt CODE@host </dev/null` half-closed it, and a wrong code was never said, nor the
        session ended (the client waited for ever on a blank screen).
        """
        if self.terminal and self.game is not None:
            return False
        self._input_ended = True
        if self.prompt is not None:  # no name came before the end: nothing to play
            self.prompt = None
            self._end_session("", 0)
        elif self.game is not None:
            self.game.write(END_OF_INPUT)
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height, self.limits)
        if self.game is not None:
            self.game.resize(self.size)

    def pause_writing(self) -> None:
        """The client reads less than it is sent: what writes to it waits (the game, or the prompt's echo)."""
        if self.game is not None:
            self.game.pause_output()
        elif self.chan is not None:
            self.chan.pause_reading()

    def resume_writing(self) -> None:
        if self.game is not None:
            self.game.resume_output()
        elif self.chan is not None:
            self.chan.resume_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        self.client_gone()

    # ------------------------------------------------------------------ the name, then the game

    def _prompt(self, data: bytes) -> None:
        assert self.prompt is not None and self.chan is not None
        self.chan.write(self.prompt.feed(data))
        if self.prompt.cancelled:
            self._end_session("", 0)
        elif self.prompt.name is not None:
            name, self.language, rest = self.prompt.name, self.prompt.language, self.prompt.rest
            self.prompt = None
            if self._naming is not None:
                self._naming.cancel()
            with speaking(self.language):
                self._named(name)
            if rest and self.game is not None:
                self.game.write(self._paste.feed(rest.encode()))

    def _named(self, name: str) -> None:
        try:
            if not self.player.is_known():
                if not self.hub.room_for_a_player():
                    self._log("refused", "no room for a new player")
                    self._end_session(_(NO_NEW_PLAYERS), 1)
                    return
                self.player.prepare()
                self._log("new-player")
            self.player.keep_name(name, self.language)
        except OSError as error:
            self._log("error", repr(str(error)))
            self._end_session(_(CANNOT_KEEP), 1)
            return
        except SaveError as error:  # the settings file could not be written: the game asks again
            self._log("error", repr(str(error)))
        self._log("name", repr(name))
        self._start_game()

    def _no_name(self) -> None:
        with speaking(self._speaks()):
            self._nameless()

    def _nameless(self) -> None:
        if self.prompt is not None:
            self.prompt = None
            self._log("idle", "no name given")
            seconds = self.limits.name_timeout
            words = ngettext(
                "No name given within {seconds} second: goodbye for now.",
                "No name given within {seconds} seconds: goodbye for now.",
                plural_count(seconds),
            )
            self._end_session(words.format(seconds=f"{seconds:g}"), 0)

    def _start_game(self) -> None:
        table = None
        if self.route.code is not None:
            table = self.hub.tables.get(self.route.code)
            if table is None:  # it closed while a new player gave their name
                self._end_session(_("The table {code} has closed.").format(code=self.route.code), 1)
                return
        self.plain = plain = self.route.plain or self.player.line_mode()
        term = PLAIN_TERM if plain else self.term
        self.link = TableLink(self.limits, on_message=self._from_game, on_broken=self._cut_off)
        env = game_environment(self.player.home, self.player.data_dir, self.player.config_dir, term, table_fd=TABLE_FD)
        assert self.link.child_fd is not None
        try:
            self.game = GameProcess(
                [*game_command(), *([PLAIN_FLAG] if plain else [])],
                env,
                self.size,
                on_output=self._output,
                on_exit=self._game_exited,
                inherit={TABLE_FD: self.link.child_fd},
                client_terminal=self.terminal,
            )
        except OSError as error:
            self.link.close()
            self._log("error", repr(str(error)))
            self._end_session(_(CANNOT_START), 1)
            return
        finally:
            self.link.handed_over()
        if self._input_ended:
            self.game.write(END_OF_INPUT)
        columns, rows = self.size
        mode = " line mode" if plain else ""
        self._log("game-start", f"pid {self.game.pid} terminal {term!r} {columns}x{rows}{mode}")
        if table is not None and self.route.code is not None:
            self._sit(self.route.code, table)

    # ------------------------------------------------------------------ the table, over the game's line

    def _from_game(self, message: Message) -> None:
        with speaking(self.language):
            kind = message.get("type")
            coming = kind in (OPEN_TABLE, JOIN_TABLE, REOPEN_TABLE)
            if coming and self.table is not None and self.table.closed:
                # Found over ssh: after the opener closed the lobby, the others were "at a table already".
                self._quit_table()
            typed = message.get("code")
            code = normalise(typed) if isinstance(typed, str) else None
            if coming and self.table is not None:
                self._tell_game({"type": REFUSED, "words": _("You are at a table already.")})
            elif kind == OPEN_TABLE:
                self._open_table()
            elif kind in (JOIN_TABLE, REOPEN_TABLE) and code is None:
                self._tell_game({"type": REFUSED, "words": _("A table code has five letters and digits.")})
            elif kind == JOIN_TABLE and code is not None:
                self.hub.spawn(self._join_from_game(code))
            elif kind == REOPEN_TABLE and code is not None:
                self._reopen_table(code)
            elif kind == LEAVE_TABLE:
                self._quit_table()  # back at the title, free to open or join another
            elif self.table is not None and self.seat is not None:
                self.table.receive(self.seat, message)
            else:
                self._tell_game({"type": REFUSED, "words": _("You are not at a table.")})

    def _tell_game(self, message: Message) -> None:
        if self.link is not None:
            self.link.send(message)

    def _open_table(self) -> None:
        opened = self.hub.tables.open(self.player.fingerprint)
        if opened is None:
            self._log("refused", "a table: this host opens none, or no more")
            self._tell_game({"type": REFUSED, "words": _("This server cannot open a table right now.")})
            return
        code, table = opened
        self._log("table-open", code)
        self._tell_game({"type": TABLE_OPENED, "code": code, "command": self.join_command(code)})
        self._sit(code, table)

    def _reopen_table(self, code: str) -> None:
        """The match with friends this player's saves keep under ``code`` goes on, under that code (issue 31)."""
        try:
            table = self.hub.tables.reopen(code, self.player.fingerprint)
        except LookupError as refusal:
            self._log("refused", f"table {code} again: none kept, or it cannot be")
            self._tell_game({"type": REFUSED, "words": str(refusal)})
            return
        if table is None:
            self._log("refused", "a table again: this host opens none, or no more")
            self._tell_game({"type": REFUSED, "words": _("This server cannot open a table right now.")})
            return
        self._log("table-reopen", code)
        self._tell_game({"type": TABLE_OPENED, "code": code, "command": self.join_command(code)})
        self._sit(code, table)

    def join_command(self, code: str) -> str:
        """What friends type to come to the table ``code``: the address and port this client reached."""
        host, port = self.reached or ("localhost", 22)
        return f"ssh {code}@{host}" if port == 22 else f"ssh -p {port} {code}@{host}"

    async def _join_from_game(self, code: str) -> None:
        table, words = await self._find_table(code)
        if self.game is None or self.game.returncode is not None or self.table is not None:
            return
        with speaking(self.language):
            if table is None:
                self._tell_game({"type": REFUSED, "words": words})
            else:
                self._sit(code, table)

    async def _find_table(self, code: str) -> tuple[SharedTable | None, str]:
        """The table ``code`` names, after the guard's wait; or None, and what to tell the player."""
        key = self.player.fingerprint
        verdict = self.hub.tables.attempt(key, self.address)
        if verdict.refused:
            self._log("table-code-refused", f"{code!r}, for {verdict.refused_for:.0f} s more")
            minutes = max(1, math.ceil(verdict.refused_for / 60))
            with speaking(self.language):
                if verdict.by_address:  # every key at this address is refused
                    said = ngettext(
                        "Too many wrong table codes from this address: try again in {minutes} minute.",
                        "Too many wrong table codes from this address: try again in {minutes} minutes.",
                        minutes,
                    )
                else:
                    said = ngettext(
                        "Too many wrong table codes from this key: try again in {minutes} minute.",
                        "Too many wrong table codes from this key: try again in {minutes} minutes.",
                        minutes,
                    )
                words = said.format(minutes=minutes)
            return None, words
        if verdict.wait > 0:
            self._log("slowed", f"a table code after wrong ones: {verdict.wait:g} s")
            await asyncio.sleep(verdict.wait)
        table = self.hub.tables.look_up(code, key, self.address)
        if table is None:
            self._log("table-code-wrong", repr(code))
            with speaking(self.language):
                return None, _("No table here has the code {code}.").format(code=code)
        return table, ""

    def _sit(self, code: str, table: SharedTable) -> None:
        assert self.link is not None
        self.seat = LinkedSeat(
            self.link, self.player.fingerprint, self.player.name(), self.language, self.plain, self._seat_taken
        )
        self.table, self.table_code = table, code
        self._log("table-join", code)
        # Everyone at the table is shown what friends type to join it, not only its opener (found in a playtest).
        self.link.send({"type": TABLE_JOINED, "code": code, "command": self.join_command(code)})
        table.arrive(self.seat)

    def _seat_taken(self, farewell: Callable[[], str]) -> None:
        """The same key sat down at this table from a newer connection: this session ends, and says why."""
        self._log("table-taken-over", self.table_code or "")
        self.hub.spawn(self.end(farewell))

    def _cut_off(self, reason: str) -> None:
        """The game broke its line's rules: it is ended, as a client's flood would be; no one else is."""
        self._log("table-line-cut", repr(reason))
        self.hub.spawn(self.end(lambda: _(CUT_OFF)))

    def _leave_table(self) -> None:
        if self.link is not None:
            self.link.finish()  # the game's last words first
        self._quit_table()

    def _quit_table(self) -> None:
        if self.table is not None and self.seat is not None and self.table_code is not None:
            table, seat, code = self.table, self.seat, self.table_code
            self.table = self.seat = None
            try:
                table.leave(seat)
            except Exception as error:  # noqa: BLE001 - the table's fault must not keep this game counted for ever
                self._log("table-error", f"leave: {error!r}"[:200])
            self._log("table-leave", code)
            self.hub.tables.left(code)

    def _output(self, data: bytes) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(data)

    def _game_exited(self, status: int) -> None:
        with speaking(self.language):
            self._exited(status)

    def _exited(self, status: int) -> None:
        assert self.game is not None
        self._leave_table()
        saved = self.game.saves.sentence()
        reported = in_english(self.game.saves.sentence) or "no match reported"
        if self.game.hung_up:  # the connection dropped: whatever the status, that is why the game left
            self._log("game-hangup", f"status {status}, after the connection dropped; {reported}")
        elif status != 0 and not self.farewell:
            self._log("game-crash", f"status {status}; {reported}")
        else:
            self._log("game-exit", f"status {status}")
        message = f"{self.farewell} {saved}".strip() if self.farewell else exit_words(status, saved)
        code = status if status >= 0 else 128 - status  # killed by signal N: 128 + N, as a shell says
        self._end_session(message, 0 if self.farewell else code)

    # ------------------------------------------------------------------ the end

    def _check_idle(self) -> None:
        left = self._last_key + self.limits.idle_timeout - time.monotonic()
        if left > 0:
            self._idle = asyncio.get_running_loop().call_later(left, self._check_idle)
            return
        self._log("idle")
        timeout = self.limits.idle_timeout
        self.hub.spawn(self.end(lambda: idle_words(timeout)))

    async def end(self, farewell: Callable[[], str]) -> None:
        """Close the session from the server's side: the game exits first, then the client is told."""
        with speaking(self._speaks()):
            self.farewell = farewell()
        if self.game is not None and self.game.returncode is None:
            await self.game.stop(signal.SIGTERM, self.limits.shutdown_grace)
        else:
            self._end_session(self.farewell, 0)

    def _end_session(self, message: str, status: int) -> None:
        for timer in (self._idle, self._naming):
            if timer is not None:
                timer.cancel()
        self.prompt = None
        self.hub.close_session(self)
        self._say_goodbye(message, status)

    def _say_goodbye(self, message: str, status: int) -> None:
        self.ended = True
        if self.chan is not None:
            if message and not self.chan.is_closing():
                self.chan.write(f"{ENTER}{message}{ENTER}".encode())
            self.chan.exit(status)  # also after an end of file sent: the client is told it is over
        self._on_ended()

    def client_gone(self) -> None:
        """The connection dropped: the game is hung up on, as sshd would, and reaped."""
        self.gone = True
        for timer in (self._idle, self._naming):
            if timer is not None:
                timer.cancel()
        game = self.game
        if game is not None and game.returncode is None:
            game.hang_up()
            self.hub.spawn(game.stop(signal.SIGHUP, self.limits.shutdown_grace))
        else:
            self.hub.close_session(self)
