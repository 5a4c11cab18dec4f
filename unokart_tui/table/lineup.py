"""Who the opponents can be: each personality and each difficulty, with one line on how it plays.

The New game form offers them; a bot or a profile added later (a user's own profile, a
new personality in ``ai.BOTS``) is offered too, with the first line of its class's
docstring or a line saying whose profile it is. No Textual here.
"""

from __future__ import annotations

import functools
import os

import ai
from ai.profiles import profile_is_for

from ..voice import N_, _

# One line each, short enough for the form at 80 columns; looked up when offered, in the reader's language.
PERSONALITY_LINES = {
    "random": N_("plays any card it can, at random: the easiest to read"),
    "greedy": N_("sheds its costliest cards first; hits the next player near out"),
    "challenger": N_("counts cards; challenges a Wild Draw Four that smells of bluff"),
    "item-hoarder": N_("saves Item Boxes and Wild Draw Fours for when they hurt most"),
    "expert": N_("plays each move out on many deals of the cards it cannot see; never peeks"),
}
DIFFICULTY_LINES = {
    "easy": N_("forgets UNO, slow to catch you, now and then careless"),
    "normal": N_("seldom forgets UNO, catches you in about a second"),
    "hard": N_("never forgets UNO, catches you fast, plays to the full"),
    "expert-quick": N_("the expert's search at a third of its budget: quicker, a little weaker"),
}
DIFFICULTY = "normal"  # a new opponent's, when it is a profile there is


def personalities() -> dict[str, str]:
    """Every personality and how it plays."""
    lines = {}
    for name, bot in ai.BOTS.items():
        doc = (bot.__doc__ or "").strip().splitlines()
        line = PERSONALITY_LINES.get(name)
        # A bot added later speaks for itself, in its docstring's words.
        lines[name] = _(line) if line else (doc[0].rstrip(".") if doc else "")
    return lines


def difficulties(personality: str) -> dict[str, str]:
    """Every difficulty ``personality`` can play at (the shipped profiles and the player's own), and what it means.

    A profile with tables for other bots only (``expert-quick``: the expert's budget) is not offered.
    """
    names = _offered(personality, _own_profiles())
    return {name: _(DIFFICULTY_LINES[name]) if name in DIFFICULTY_LINES else own_profile(name) for name in names}


def _own_profiles() -> tuple[str, tuple[tuple[str, int, int], ...]]:
    """The player's profile folder as it stands: its path, each file's name, time and size (a change reads them
    again)."""
    folder = ai.user_profile_dir()
    try:
        with os.scandir(folder) as entries:
            return str(folder), tuple(sorted((entry.name, *_stamp(entry)) for entry in entries))
    except OSError:  # no folder yet, or one that cannot be read: list_profiles says so where it matters
        return str(folder), ()


def _stamp(entry: os.DirEntry[str]) -> tuple[int, int]:
    try:
        status = entry.stat()
    except OSError:
        return (-1, -1)
    return (status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=32)
def _offered(personality: str, own: tuple[str, tuple[tuple[str, int, int], ...]]) -> tuple[str, ...]:
    """The profiles offered to ``personality``, known difficulties first; kept while the player's own are unchanged.

    Each look parses every profile: the New game form looked some two hundred times in one test (0.85 s under the
    profiler), at each row's composing and each choice changed.
    """
    return tuple(
        sorted(
            (name for name in ai.list_profiles() if profile_is_for(name, personality)),
            key=lambda name: (
                name not in DIFFICULTY_LINES,
                list(DIFFICULTY_LINES).index(name) if name in DIFFICULTY_LINES else 0,
                name,
            ),
        )
    )


def own_profile(name: str) -> str:
    """How a profile the player wrote is offered."""
    return _("your own profile ({name}.toml)").format(name=name)


def default_difficulty(personality: str) -> str:
    choices = difficulties(personality)
    return DIFFICULTY if DIFFICULTY in choices else next(iter(choices), "")
