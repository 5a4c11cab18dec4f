"""Statistics of the matches played here: records of every finished round and match, kept in SQLite.

The session records a match as each of its rounds ends (``record_session``); ``unokart stats``
and the Statistics screen read the figures (``summary``); ``unokart stats --rebuild`` makes
the store again from the saves. No Textual here.
"""

from .errors import StatsError
from .from_saves import RebuildReport
from .opening import Opened, follow_rename, open_store, rebuild, record
from .records import MatchRecord, RoundRecord, match_record
from .store import Store, store_path
from .summary import Figures, MatchLine, Summary, summarize

__all__ = [
    "Figures",
    "MatchLine",
    "MatchRecord",
    "Opened",
    "RebuildReport",
    "RoundRecord",
    "StatsError",
    "Store",
    "Summary",
    "follow_rename",
    "match_record",
    "open_store",
    "rebuild",
    "record",
    "store_path",
    "summarize",
]
