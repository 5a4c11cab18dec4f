"""What ``unokart serve`` was asked to do, and its limits (docs/server.md lists them with these defaults).

Named tuples, not dataclasses: the command line reads the defaults, and `unokart` starts quicker.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple


class Address(NamedTuple):
    host: str  # "" listens on every address
    port: int  # 0: any free port (the server prints the one it got)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host or "*"
        return f"{host}:{self.port}"


class Limits(NamedTuple):
    max_sessions: int = 32  # games running at once on this host
    max_sessions_per_key: int = 2  # a second one can look at the rules while the first plays
    idle_timeout: float = 1800.0  # seconds without a key from the player; the game is saved, then closed
    max_auth_failures: int = 10  # connections from one address that end without logging in...
    auth_failure_window: float = 600.0  # ...within this many seconds: then its refused keys are slowed
    login_timeout: float = 30.0  # seconds from connecting to logging in
    hello_timeout: float = 10.0  # seconds from connecting to asking to log in (a silent socket is closed)
    name_timeout: float = 60.0  # seconds a new key has to give its name
    max_players: int = 10000  # player directories under players/: a new key past that is turned away
    max_unauthenticated: int = 64  # connections still logging in, in all
    max_unauthenticated_per_address: int = 8
    max_refused_keys: int = 10  # keys refused on one connection before it is closed
    max_columns: int = 500  # a larger terminal is treated as this size...
    max_rows: int = 200  # ...so a client cannot make a game draw a screen of any size
    input_backlog: int = 64 * 1024  # bytes of keys waiting for a game; past that the client waits
    paste_limit: int = 64 * 1024  # bytes of one bracketed paste passed to a game; the rest is dropped
    output_stall: float = 30.0  # seconds a browser may leave the game's screen unread before it is dropped
    table_rate: float = 50.0  # messages a second a game may send its table, on average...
    table_burst: int = 200  # ...and at once; past that the game is ended
    table_backlog: int = 1024 * 1024  # bytes sent to a game that it has not read; past that it is ended
    max_tables: int = 256  # tables open at once on the host...
    max_tables_per_key: int = 2  # ...and opened by one key
    shutdown_grace: float = 5.0  # seconds the games get to exit on SIGTERM before they are killed


class ServeConfig(NamedTuple):
    data_dir: Path  # the host key, the connection log, and every player's directory
    ssh: Address | None = None
    web: Address | None = None
    web_url: str | None = None  # the address browsers use, when a proxy stands in front
    authorized_keys: Path | None = None  # None with open_to_all: any key is a new player
    open_to_all: bool = False
    host_key: Path | None = None  # None: generated in data_dir on the first start
    web_origins: tuple[str, ...] = ()  # pages of other origins allowed to open the game's websocket
    limits: Limits = Limits()
