"""Hostile entries for a saves folder: every kind of file that once hung, crashed or fooled the game.

``plant(folder, kind)`` puts one of ``KINDS`` in ``folder`` as ``<kind>.toml``. A save whose text
is changed keeps a valid checksum (``with_checksum``): the parser, not only the checksum, must
hold against it.
"""

from __future__ import annotations

import os
import random
import socket
from collections.abc import Callable
from pathlib import Path

import saves
from saves.store import MAX_SAVE_BYTES
from saves.writing import with_checksum
from unokart_tui.engine import Match

CHECKSUM_LINE = "\n[checksum]\n"


def good_save_text(players=("Ann", "Mario", "Luigi"), seed=3, actions=12) -> str:
    match = Match.new(list(players), seed=seed)
    for _ in range(actions):
        match.apply(match.legal_actions()[-1])
    seats = [saves.Seat(players[0])] + [saves.Seat(p, "random", seed=i) for i, p in enumerate(players[1:], 1)]
    return saves.dumps(match, seats=seats)


def changed(text: str, old: str, new: str) -> str:
    """``text`` with every ``old`` replaced, its checksum made right again (as a deliberate edit would)."""
    body = text.split(CHECKSUM_LINE, maxsplit=1)[0]
    assert old in body, old
    return with_checksum(body.replace(old, new))


def _line(key: str) -> str:
    """The whole line of ``key`` in the header of a good save."""
    start = _TEXT.index(f"\n{key} = ") + 1
    return _TEXT[start : _TEXT.index("\n", start)]


def _write(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text)


def _link(target: str | Callable[[Path], str]) -> Callable[[Path], None]:
    return lambda path: path.symlink_to(target(path) if callable(target) else target)


def _socket(path: Path) -> None:
    here = os.getcwd()
    os.chdir(path.parent)  # a socket's path may be 107 bytes at most: a temporary folder's can be longer
    try:
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(path.name)  # the socket file stays when the socket is closed
    finally:
        os.chdir(here)


def _outside(path: Path) -> str:
    elsewhere = path.parent.parent / "elsewhere.toml"
    elsewhere.write_text(good_save_text())
    return str(elsewhere)


def _huge(path: Path) -> None:
    with path.open("wb") as file:
        file.truncate(MAX_SAVE_BYTES + 1)  # sparse: no disk space, but its size is past the limit


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


_TEXT = good_save_text()
_ESCAPES = '"\\u001b]0;PWNED\\u0007"'  # as TOML writes ESC and BEL

KINDS: dict[str, Callable[[Path], None]] = {
    "dev-zero": _link("/dev/zero"),
    "fifo": os.mkfifo,
    "socket": _socket,
    "dangling": _link("nowhere.toml"),
    "loop": _link(lambda path: path.name),
    "outside": _link(_outside),
    "folder": lambda path: path.mkdir(),
    "huge": _huge,
    "empty": _write(""),
    "not-utf8": lambda path: path.write_bytes(b"[save]\nformat = 2\n\xff\xfe"),
    "date-early": _write(changed(_TEXT, _line("updated"), "updated = 0001-01-01 00:00:00+05:00")),
    "date-late": _write(changed(_TEXT, _line("updated"), "updated = 9999-12-31 23:00:00-05:00")),
    "date-naive": _write(changed(_TEXT, _line("updated"), "updated = 0001-01-01 00:00:00")),
    "nested-header": _write(changed(_TEXT, "players = [", f"nested = {_nested(5000)}\nplayers = [")),
    "nested-history": _write(changed(_TEXT, "rounds = [", f"rounds = [{_nested(5000)},")),
    "long-number": _write(changed(_TEXT, _line("round"), f"round = {'9' * 4400}")),
    "control-names": _write(changed(changed(_TEXT, '"Ann"', _ESCAPES), '"Mario"', '"Mario\\nLuigi"')),
    "unknown-bot": _write(changed(_TEXT, 'kind = "random"', 'kind = "nobody"')),
    "bad-params": _write(changed(_TEXT, 'kind = "random"', 'kind = "random", params = { seed = 5 }')),
    "bad-name (copy)": _write(_TEXT),
    "flipped": _write(_TEXT.replace('"draw"', '"drab"', 1)),
}


def plant(folder: Path, kind: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{kind}.toml"
    KINDS[kind](path)
    return path


def plant_all(folder: Path, *, random_files: int = 8, seed: int = 14) -> None:
    """Every kind, and files of random bytes (some starting like a save)."""
    for kind in KINDS:
        plant(folder, kind)
    rng = random.Random(seed)
    for number in range(random_files):
        head = _TEXT[: rng.randrange(len(_TEXT))].encode() if number % 2 else b""
        noise = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4000)))
        (folder / f"random {number}.toml").write_bytes(head + noise)
