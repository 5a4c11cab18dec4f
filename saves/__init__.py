"""Matches saved as TOML in the user data directory (ARCHITECTURE "Saves").

No Textual here: bots, tools and tests import this without the UI.
"""

from .errors import SaveError, SaveLocked
from .format import FORMAT_VERSION, Header, SavedGame, Seat, dumps, loads, loads_game, read_header
from .store import (
    MatchLock,
    SaveEntry,
    check_name,
    default_name,
    has_backup,
    list_saves,
    load,
    load_game,
    path_of,
    save,
    save_dir,
    write_atomic,
)

__all__ = [
    "FORMAT_VERSION",
    "Header",
    "MatchLock",
    "SaveEntry",
    "SaveError",
    "SaveLocked",
    "SavedGame",
    "Seat",
    "check_name",
    "default_name",
    "dumps",
    "has_backup",
    "list_saves",
    "load",
    "load_game",
    "loads",
    "loads_game",
    "path_of",
    "read_header",
    "save",
    "save_dir",
    "write_atomic",
]
