"""A date and time as the reader's language writes it: ``2026-12-03 19:06``, ``3. 12. 2026 19:06``.

Found in play: "12-03 19:06" read as 12 March to Slovak and Dutch players. Every date the game
shows (the Load list, the statistics, line mode, ``unokart saves``, the export) is written here.
Python's ``strftime`` follows the process's locale, not the language a player chose (one host
speaks many), so the order is a word of the catalog: a pattern of the letters below, no braces.
"""

from __future__ import annotations

import re
from datetime import datetime

from . import NC_
from . import pgettext as looked_up  # a lookup whose message is a variable: Babel reads it where NC_ marks it

# The letters of a pattern: the year, the month (with a zero, or its short name), the day, the time.
_TOKENS = re.compile(r"YYYY|MMM|MM|M|DD|D|hh:mm")
_MONTHS = (
    NC_("month, short", "Jan"),
    NC_("month, short", "Feb"),
    NC_("month, short", "Mar"),
    NC_("month, short", "Apr"),
    NC_("month, short", "May"),
    NC_("month, short", "Jun"),
    NC_("month, short", "Jul"),
    NC_("month, short", "Aug"),
    NC_("month, short", "Sep"),
    NC_("month, short", "Oct"),
    NC_("month, short", "Nov"),
    NC_("month, short", "Dec"),
)
WITH_YEAR = NC_(
    "a date and time: YYYY year, MM month, M month without a zero, MMM the month's short name, "
    "DD day, D day without a zero, hh:mm the time",
    "YYYY-MM-DD hh:mm",
)
THIS_YEAR = NC_(
    "a date and time, the year left out: MM month, M month without a zero, MMM the month's short name, "
    "DD day, D day without a zero, hh:mm the time",
    "MMM D hh:mm",
)


def date_time(moment: datetime, *, year: bool = True, zone: bool = False) -> str:
    """``moment`` in the local time, in the language's order; ``zone`` adds the time zone's name."""
    local = moment.astimezone()
    # The contexts as NC_ marks them above: Babel reads a lookup's words only where they are written out.
    if year:
        pattern = looked_up(
            "a date and time: YYYY year, MM month, M month without a zero, MMM the month's short name, "
            "DD day, D day without a zero, hh:mm the time",
            WITH_YEAR,
        )
    else:
        pattern = looked_up(
            "a date and time, the year left out: MM month, M month without a zero, MMM the month's short name, "
            "DD day, D day without a zero, hh:mm the time",
            THIS_YEAR,
        )
    parts = {
        "YYYY": f"{local.year:04}",
        "MMM": looked_up("month, short", _MONTHS[local.month - 1]),
        "MM": f"{local.month:02}",
        "M": str(local.month),
        "DD": f"{local.day:02}",
        "D": str(local.day),
        "hh:mm": f"{local:%H:%M}",
    }
    written = _TOKENS.sub(lambda token: parts[token.group()], pattern)
    return f"{written} {local:%Z}" if zone and local.tzname() else written


__all__ = ["date_time"]
