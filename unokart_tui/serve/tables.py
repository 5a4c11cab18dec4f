"""The tables friends share on this host, by code (issue 31), and what the SSH user name asks for.

The hub owns one ``TableCodes``: a code is registered when a table opens, looked up when someone
comes with it (``ssh -p PORT CODE@host``, or *Join a table*), and released when the table closes.
The table itself is not the host's business: it is any object with the three methods of
``SharedTable`` (friends/ holds the real one), made by the ``TableFactory`` the host is given.
The host hands it one ``Seat`` per person: the seat's ``send`` reaches that person's game process.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import NamedTuple, Protocol

from ..friends.codes import CodeGuard, Verdict, code_shaped, new_code
from ..voice import friends as words

PLAIN_USER = "plain"  # `ssh plain@host`: line mode (issue 33)


class Route(NamedTuple):
    """What the SSH user name asks for: line mode, a table by its code, or (neither) the title screen."""

    plain: bool = False
    code: str | None = None


TO_THE_TITLE = Route()


def route_of(username: str) -> Route:
    """``plain`` (any case) is line mode; a code-shaped name is that table (``code_shaped``: a mistyped code is
    told it is wrong, not taken for a user name); any other, the game."""
    if username.strip().lower() == PLAIN_USER:
        return Route(plain=True)
    return Route(code=code_shaped(username))


class Seat(Protocol):
    """One person at a table, as the table sees them: who they are, and a way to tell them things."""

    @property
    def fingerprint(self) -> str:
        """Their key's, as ``ssh-keygen -l`` shows it: the same person when they come back."""
        ...

    @property
    def name(self) -> str:
        """The name they gave the host (their setting), or "" if none."""
        ...

    @property
    def language(self) -> str:
        """The language they read: "en", "sk", "nl"."""
        ...

    @property
    def plain(self) -> bool:
        """They play in line mode."""
        ...

    def send(self, message: Mapping[str, object]) -> bool:
        """Send one JSON object to their game process; False when it is gone (or was ended for a flood)."""
        ...

    def end(self, farewell: Callable[[], str]) -> None:
        """The table is done with this connection (the same key sat down from a newer one): its session ends,
        saying ``farewell()``, a lookup made in the person's language."""
        ...


class SharedTable(Protocol):
    """A table several people share, as the host sees it; every call comes from the host's event loop."""

    def arrive(self, seat: Seat) -> None:
        """``seat`` came with this table's code (or opened it) and their game process is running."""
        ...

    def receive(self, seat: Seat, message: Mapping[str, object]) -> None:
        """A message from ``seat``'s game process, one the host does not answer itself."""
        ...

    def leave(self, seat: Seat) -> None:
        """``seat``'s game process has ended (the person left, dropped, or the game crashed)."""
        ...

    def holds_seat_for(self, fingerprint: str) -> bool:
        """Someone with this key sat here and is away: when they connect again, they come back here."""
        ...

    @property
    def closed(self) -> bool:
        """The table is over: its code is released after the next ``leave``."""
        ...


TableFactory = Callable[[str], SharedTable]  # a new table for its code; its opener arrives next
# The match a key keeps under a code (issue 31: friends' matches are kept when everyone has gone), taken up
# again under that code; its opener arrives next. ``LookupError`` says in one sentence why it cannot be.
TableKeeper = Callable[[str, str], SharedTable]


class TableCodes:
    """The tables open on this host, by code, and the guard that makes guessing at codes slow."""

    def __init__(
        self,
        guard: CodeGuard,
        factory: TableFactory | None = None,
        *,
        keeper: TableKeeper | None = None,
        keeps: Callable[[str, str], bool] | None = None,
        most: int = 256,
        most_per_key: int = 2,
    ) -> None:
        """``most`` tables at once on the host, ``most_per_key`` opened by one key: one player cannot take them all.

        ``keeper`` takes up a kept match again (``reopen``); without one, none is. ``keeps(code, key)``: whether
        that key's saves keep a match under that code, a code never given to a new table of theirs (its save
        would be written over).
        """
        self.guard = guard
        self.factory = factory
        self.keeper = keeper
        self.keeps = keeps
        self.most = most
        self.most_per_key = most_per_key
        self._tables: dict[str, SharedTable] = {}
        self._opener: dict[str, str] = {}  # code -> the key that opened it
        self._per_key: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self._tables)

    def open(self, opener: str) -> tuple[str, SharedTable] | None:
        """A new table under a new code, opened by the key ``opener``; None when this host opens no tables,
        or has as many open as it may, or that key has."""
        if self.factory is None or len(self._tables) >= self.most or self._per_key[opener] >= self.most_per_key:
            return None
        keeps = self.keeps
        code = new_code(taken=lambda code: code in self._tables or (keeps is not None and keeps(code, opener)))
        table = self._tables[code] = self.factory(code)
        self._opener[code] = opener
        self._per_key[opener] += 1
        return code, table

    def reopen(self, code: str, opener: str) -> SharedTable | None:
        """The match ``opener`` keeps under ``code``, open again under that code (or still open: the same one).

        None when this host opens no tables, or as many as it may, or that key has. ``LookupError`` says why
        not otherwise: nothing kept under that code, a match that is over, or the code another table's now.
        No attempt at a code is counted: a key only ever finds its own saves.
        """
        table = self._tables.get(code)
        if table is not None:
            if self._opener[code] != opener:
                raise LookupError(words.code_in_use(code))
            return table
        if self.keeper is None or len(self._tables) >= self.most or self._per_key[opener] >= self.most_per_key:
            return None
        table = self._tables[code] = self.keeper(code, opener)
        self._opener[code] = opener
        self._per_key[opener] += 1
        return table

    def attempt(self, key: str, address: str) -> Verdict:
        """Someone tries a code: refused, or counted as wrong until found right (the wait is the caller's)."""
        return self.guard.attempt(key, address)

    def get(self, code: str) -> SharedTable | None:
        """The table open under ``code`` (no attempt is counted: the caller already knows the code)."""
        return self._tables.get(code)

    def look_up(self, code: str | None, key: str, address: str) -> SharedTable | None:
        """After the wait: the table ``code`` names, if it is open (a right code does not count against anyone)."""
        table = self._tables.get(code) if code is not None else None
        if table is not None:
            self.guard.right(key, address)
        return table

    def awaiting(self, fingerprint: str) -> str | None:
        """The code of a table that holds a seat for this key (issue 31: a dropped player comes straight back)."""
        return next((code for code, table in self._tables.items() if table.holds_seat_for(fingerprint)), None)

    def left(self, code: str) -> None:
        """Someone left the table ``code``: its code is released if the table is over."""
        table = self._tables.get(code)
        if table is not None and table.closed:
            del self._tables[code]
            opener = self._opener.pop(code)
            self._per_key[opener] -= 1
            if self._per_key[opener] <= 0:
                del self._per_key[opener]
