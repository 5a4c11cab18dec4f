"""Matches saved as TOML in the user data directory (ARCHITECTURE "Saves").

No Textual here: bots, tools and tests import this without the UI.
"""

from .errors import SaveChanged, SaveError, SaveLocked, SaveMissing, SaveUnreadable
from .format import (
    FORMAT_VERSION,
    Header,
    SavedGame,
    Seat,
    Undo,
    loads,
    loads_game,
    read_header,
)
from .lock import MatchLock
from .rename import rename_save
from .store import (
    SaveEntry,
    backup_of,
    check_folder,
    check_name,
    default_name,
    fingerprint,
    fingerprint_of,
    folder_problem,
    has_backup,
    list_saves,
    load,
    load_game,
    path_of,
    played_with_friends,
    read_save,
    save,
    save_dir,
    write_atomic,
)
from .trashing import TRASH, trash, trash_dir
from .writing import SaveWriter, dumps

__all__ = [
    "FORMAT_VERSION",
    "TRASH",
    "Header",
    "MatchLock",
    "SaveChanged",
    "SaveEntry",
    "SaveError",
    "SaveLocked",
    "SaveMissing",
    "SaveUnreadable",
    "SaveWriter",
    "SavedGame",
    "Seat",
    "Undo",
    "backup_of",
    "check_folder",
    "check_name",
    "default_name",
    "dumps",
    "fingerprint",
    "fingerprint_of",
    "folder_problem",
    "has_backup",
    "list_saves",
    "load",
    "load_game",
    "loads",
    "loads_game",
    "path_of",
    "played_with_friends",
    "read_header",
    "read_save",
    "rename_save",
    "save",
    "save_dir",
    "trash",
    "trash_dir",
    "write_atomic",
]
