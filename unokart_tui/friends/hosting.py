"""A friends' table as the host holds it: the lobby, then the match, behind the host's ``SharedTable`` Protocol.

``unokart serve`` knows a table by four calls (``serve/tables.py``): someone ``arrive``\\ s, a message
from their game process is ``receive``\\ d, they ``leave``, and the table says when it is ``closed``.
``HostedTable`` answers them with a ``Lobby`` until the opener starts the match, then with the
``SharedTable`` the lobby started. Everything it tells a person goes through their seat's ``send``
as a JSON object (``wire.as_json``); what their game process sends is read with
``wire.decode_request``, and a message it may not send is refused in one sentence, to that person only.

Time is the host's event loop's (``LoopClock``): the turn clock and the bots' pace run on it. The
match is saved after every action into the opener's saves on the host (``saves_for`` says where a
key's saves are), as ``friends CODE.toml``, written whole or not at all. At each round's end every
person's statistics, in their own folder, record the match as theirs (``recording``); a store that
cannot be written is said in the host's log (``log``) and to its person, and the table plays on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Protocol

from saves import SaveError
from saves.store import MAX_SAVE_BYTES

from ..engine import RulesError
from ..files import FileProblem, NoFile, read_text, write_atomic
from ..table.pacing import Clock, Pace, Stoppable
from ..voice import _, speaking
from ..voice import friends as words
from . import wire
from .channel import REFUSED
from .kept import SAVE_PREFIX, SAVE_SUFFIX
from .lobby import Lobby, LobbyRefused
from .messages import Acted, AskHint, Hinted, LobbyClosed, LobbySettle, LobbyStart, Message, Notice, Sender
from .people import Person, person
from .recording import Recorder, Runner, Written, at_once
from .shared import SharedTable
from .waiting import WaitingRoom


class Seat(Protocol):
    """One person's line, as the host gives it (``serve.tables.Seat``): who they are, and a way to tell them."""

    @property
    def fingerprint(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def language(self) -> str: ...

    @property
    def plain(self) -> bool:
        """They play in line mode: their log names cards in words."""
        ...

    def send(self, message: Mapping[str, object]) -> bool: ...

    def end(self, farewell: Callable[[], str]) -> None:
        """This connection's session ends, saying ``farewell()`` (a lookup, made in the person's language)."""
        ...


class _Timer:
    def __init__(self, handle: asyncio.TimerHandle) -> None:
        self._handle = handle

    def stop(self) -> None:
        self._handle.cancel()


class LoopClock:
    """The table's ``Clock`` on an asyncio event loop: its time, and its ``call_later`` for the wake-ups."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def now(self) -> float:
        return self._loop.time()

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Stoppable:
        return _Timer(self._loop.call_later(max(delay, 0.0), callback))

    def at(self, stamp: float) -> float:
        """No key reaches the host stamped: a stamp is already this clock's time (the loop's monotonic one)."""
        return stamp


def save_path(folder: Path, code: str) -> Path:
    """Where the opener's saves keep the match of the table ``code``."""
    return folder / f"{SAVE_PREFIX}{code}{SAVE_SUFFIX}"


class HostedTable:
    """One table friends share on the host, by its ``code``: its lobby, then its match; the first to arrive opened it.

    ``saves_for``: a key's saves folder on the host. ``seed``, ``pace`` and ``wall`` are the match's, for tests.
    ``record_with`` writes the statistics (the host's ``recording.StatsWriter``; at once by default), ``log``
    says on the host (key, words) what became of a person's statistics when it is worth a line.
    """

    def __init__(
        self,
        code: str,
        *,
        clock: Clock,
        saves_for: Callable[[str], Path],
        pace: Pace | None = None,
        seed: int | None = None,
        wall: Callable[[], datetime] | None = None,
        record_with: Runner = at_once,
        log: Callable[[str, str], None] | None = None,
    ) -> None:
        self.code = code
        self.clock = clock
        self.pace = pace
        self.seed = seed
        self.wall = wall
        self._saves_for = saves_for
        self._log = log
        self.recorder = Recorder(f"{SAVE_PREFIX}{code}", saves_for, self._stats_told, record_with)
        self.lobby: Lobby | None = None
        self.save_file: Path | None = None  # once the opener arrived
        self.kept: SharedTable | None = None  # a match taken up again (``reopened``)
        self.waiting: WaitingRoom | None = None  # where its people come back before it goes on
        self._people: dict[str, Person] = {}  # by key: everyone who arrived, as the table knows them
        # Issue 31, found over ssh: a second connection of the same key (a second terminal, or a reconnection
        # while the first hangs half-dead) was announced as watching the table. The rule: the newest
        # connection of a key takes its place (the same hand, its own view) and the older one is ended,
        # told why in one sentence; the others are told nothing, since nobody left.
        self._holder: dict[str, Seat] = {}  # by key: the connection that holds the key's place

    @classmethod
    def reopened(
        cls,
        code: str,
        opener: str,
        *,
        clock: Clock,
        saves_for: Callable[[str], Path],
        pace: Pace | None = None,
        wall: Callable[[], datetime] | None = None,
        record_with: Runner = at_once,
        log: Callable[[str, str], None] | None = None,
    ) -> HostedTable:
        """The match kept as ``friends CODE.toml`` in the saves of ``opener`` (a key), to go on under the same code.

        It waits for its people (``WaitingRoom``): each person's seat is their key's when it comes back; once the
        opener goes on, a seat whose person is not back is played by the autopilot, marked away, until they come.
        ``LookupError`` says in one sentence (the caller's language) why it cannot be: nothing kept, or over.
        """
        hosted = cls(code, clock=clock, saves_for=saves_for, pace=pace, wall=wall, record_with=record_with, log=log)
        path = hosted.save_file = save_path(saves_for(opener), code)
        try:
            text = read_text(path, limit=MAX_SAVE_BYTES, inside=path.parent)
            table = SharedTable.resume(
                text,
                clock=clock,
                source=str(path),
                opener=opener,
                save=hosted._save,
                pace=pace,
                wall=wall,
                recorded=hosted.recorder,
            )
        except NoFile:
            raise LookupError(words.nothing_kept(code)) from None
        except FileProblem as problem:
            raise LookupError(str(SaveError(path, problem.problem))) from None
        except (SaveError, ValueError) as error:  # ValueError: a seat no bot can play
            raise LookupError(str(error)) from None
        if table.finished:
            raise LookupError(words.kept_is_over(code))
        hosted.kept, hosted.waiting = table, WaitingRoom(code, table, opener)
        return hosted

    # ------------------------------------------------------------------ the host's four calls

    @property
    def table(self) -> SharedTable | None:
        """The match, once the opener started it (or took it up again)."""
        if self.kept is not None:
            return self.kept
        return None if self.lobby is None else self.lobby.table

    @property
    def closed(self) -> bool:
        """The lobby closed (its opener left before the start), or every person has gone from the match.

        The match then stays as last saved, in the opener's saves.
        """
        if self.kept is not None:
            if self.waiting is not None and not self.waiting.started:
                return self.waiting.closed
            return self.kept.everyone_gone
        if self.lobby is None:
            return False
        table = self.lobby.table
        if table is None:
            return self.lobby.closed
        return table.everyone_gone

    def arrive(self, seat: Seat) -> None:
        """``seat`` came with the code (the first one opened the table): they sit, watch, or take their seat back."""
        someone = person(seat.fingerprint, seat.name, seat.language, plain=seat.plain)
        self._people[someone.key] = someone
        send = _sender(seat)
        earlier = self._holder.get(someone.key)
        self._holder[someone.key] = seat
        if self.lobby is None and self.kept is None:
            self.save_file = save_path(self._saves_for(someone.key), self.code)
            self.lobby = Lobby(self.code, someone, send)
            return
        if earlier is not None and earlier is not seat:
            code = self.code
            earlier.end(lambda: words.seat_opened_elsewhere(code))  # its leaving, later, changes nothing
        try:
            self._join(someone, send)
        except LobbyRefused as refusal:
            send(LobbyClosed(str(refusal)))

    def receive(self, seat: Seat, message: Mapping[str, object]) -> None:
        """A request from ``seat``'s game process: the lobby's settings or start, an action, a hint."""
        key = seat.fingerprint if self._holder.get(seat.fingerprint) is seat else None
        try:
            request = wire.decode_request(message)
        except wire.WireError:
            with speaking(seat.language):
                _refuse(seat, words.unreadable())
            return
        lobby = self.lobby
        if (lobby is None and self.kept is None) or key is None:
            with speaking(seat.language):
                _refuse(seat, words.not_at_table())
            return
        waiting = self.waiting
        try:
            if isinstance(request, LobbyStart) and waiting is not None and lobby is None:
                waiting.start(key)  # a kept match goes on when its opener says so
            elif isinstance(request, LobbySettle) and waiting is not None and waiting.waits:
                with speaking(seat.language):
                    _refuse(seat, words.kept_settings())
            elif isinstance(request, (LobbySettle, LobbyStart)) and lobby is None:
                with speaking(seat.language):
                    _refuse(seat, words.already_started())
            elif isinstance(request, LobbySettle):
                assert lobby is not None
                lobby.settle(key, request.settings)
            elif isinstance(request, LobbyStart):
                assert lobby is not None
                lobby.start(
                    key,
                    clock=self.clock,
                    save=self._save,
                    seed=self.seed,
                    pace=self.pace,
                    wall=self.wall,
                    recorded=self.recorder,
                )
            elif isinstance(request, AskHint):
                self._hint(seat, key)
            else:
                self._act(seat, key, request)
        except LobbyRefused as refusal:
            _refuse(seat, str(refusal))
        except ValueError:  # settings no New game form offers (a bot no one knows): the game's own mistake
            with speaking(seat.language):
                _refuse(seat, words.unreadable())

    def leave(self, seat: Seat) -> None:
        """``seat``'s game process has ended: they leave the lobby, or their seat at the match is away.

        When every person has gone from the match, the table stops: it stays as last saved.
        """
        if self.lobby is None and self.kept is None:
            return
        key = seat.fingerprint
        if self._holder.get(key) is not seat:
            return  # an older connection of a key a newer one took the place of (or one that never came)
        del self._holder[key]
        if self.lobby is not None:
            self.lobby.leave(key)  # at a started match, the lobby hands it on: the seat is away
        elif self.waiting is not None and self.waiting.waits:
            self.waiting.leave(key)  # its opener leaving closes it for everyone: the match stays kept
            return
        elif self.kept is not None:
            self.kept.drop(key)
        table = self.table
        if table is not None and table.everyone_gone:
            table.close()

    def holds_seat_for(self, fingerprint: str) -> bool:
        """A person of this key sits at the match and is away: they come straight back to it.

        A finished match takes nobody back (found over ssh: a reconnection landed on its final scores).
        """
        table = self.table
        if table is None or self.closed or table.finished:
            return False
        seat = table.seat_of(fingerprint)
        return seat is not None and seat in table.away

    def _join(self, someone: Person, send: Sender) -> None:
        """``someone`` comes to the lobby, or to the match: a kept match goes on once its opener is back."""
        if self.lobby is not None:
            self.lobby.join(someone, send)
            return
        assert self.kept is not None
        if self.waiting is not None and not self.waiting.started:
            self.waiting.join(someone, send)  # ``LobbyRefused`` once its opener closed it
            return
        self.kept.connect(someone, send)

    # ------------------------------------------------------------------ at the match

    def _act(self, seat: Seat, key: str, acted: Acted) -> None:
        table = self.table
        if table is None:
            with speaking(seat.language):
                _refuse(seat, words.not_started())
            return
        try:
            table.act(key, acted.action, acted.moment)
        except RulesError:
            return  # the table has sent them its Notice, in their language

    def _hint(self, seat: Seat, key: str) -> None:
        table = self.table
        with speaking(seat.language):
            if table is None:
                _refuse(seat, words.not_started())
                return
            try:
                hint = table.hint(key)
            except RulesError:
                _refuse(seat, words.hint_on_your_turn())
                return
        seat.send(wire.as_json(Hinted(hint.action, hint.text)))

    def _save(self, text: str) -> None:
        """The match, whole or not at all, into the opener's saves; ``SaveError`` names the file (play goes on)."""
        assert self.save_file is not None
        try:
            write_atomic(self.save_file, text, mode=0o600)
        except OSError as error:
            raise SaveError(self.save_file, error.strerror or str(error)) from None

    def _stats_told(self, written: list[Written]) -> None:
        """What became of each person's statistics this round: a store rebuilt, or one that could not be written,
        goes to the host's log and, if they are here, to the person (as their own table says it)."""
        for one in written:
            said = one.note if one.problem is None else one.problem
            if said is None:
                continue
            if self._log is not None:
                self._log(one.key, said if one.problem is None else f"statistics not written: {said}")
            seat = self._holder.get(one.key)
            if seat is None:
                continue
            with speaking(one.language):
                if one.problem is None:
                    notice = Notice(said, _("Statistics"), timeout=10, markup=False)
                else:
                    problem = _("Saving your statistics failed, so this round is not in them: {problem}")
                    notice = Notice(problem.format(problem=said), severity="warning", markup=False)
            seat.send(wire.as_json(notice))


def _sender(seat: Seat) -> Sender:
    def send(message: Message) -> None:
        # A line already gone (False) is the host's to notice: it calls ``leave`` when the game ends.
        seat.send(wire.as_json(message))

    return send


def _refuse(seat: Seat, sentence: str) -> None:
    seat.send({"type": REFUSED, "words": sentence})


def hosted_tables(
    loop: asyncio.AbstractEventLoop,
    saves_for: Callable[[str], Path],
    *,
    pace: Pace | None = None,
    record_with: Runner = at_once,
    log: Callable[[str, str], None] | None = None,
) -> Callable[[str], HostedTable]:
    """The host's ``TableFactory``: a ``HostedTable`` for each new code, on ``loop``'s time."""
    clock = LoopClock(loop)

    def new_table(code: str) -> HostedTable:
        return HostedTable(code, clock=clock, saves_for=saves_for, pace=pace, record_with=record_with, log=log)

    return new_table


def kept_tables(
    loop: asyncio.AbstractEventLoop,
    saves_for: Callable[[str], Path],
    *,
    pace: Pace | None = None,
    record_with: Runner = at_once,
    log: Callable[[str, str], None] | None = None,
) -> Callable[[str, str], HostedTable]:
    """The host's ``TableKeeper``: the match a key keeps under a code, taken up again on ``loop``'s time.

    ``LookupError`` says why not, in the language spoken around the call.
    """
    clock = LoopClock(loop)

    def reopen(code: str, opener: str) -> HostedTable:
        return HostedTable.reopened(
            code, opener, clock=clock, saves_for=saves_for, pace=pace, record_with=record_with, log=log
        )

    return reopen


__all__ = ["SAVE_PREFIX", "HostedTable", "LoopClock", "hosted_tables", "kept_tables", "save_path"]
