"""Who the opponents can be: each personality and each difficulty, with one line on how it plays.

The New game form offers them; a bot or a profile added later (a user's own profile, a
new personality in ``ai.BOTS``) is offered too, with the first line of its class's
docstring or a line saying whose profile it is. No Textual here.
"""

from __future__ import annotations

import ai
from ai.profiles import profile_is_for

# One line each, short enough for the form at 80 columns.
PERSONALITY_LINES = {
    "random": "plays any card it can, at random: the easiest to read",
    "greedy": "sheds its costliest cards first; hits the next player near out",
    "challenger": "counts cards; challenges a Wild Draw Four that smells of bluff",
    "item-hoarder": "saves Item Boxes and Wild Draw Fours for when they hurt most",
    "expert": "plays each move out on many deals of the cards it cannot see; never peeks",
}
DIFFICULTY_LINES = {
    "easy": "forgets UNO, slow to catch you, now and then careless",
    "normal": "seldom forgets UNO, catches you in about a second",
    "hard": "never forgets UNO, catches you fast, plays to the full",
    "expert-quick": "the expert's search at a third of its budget: quicker, a little weaker",
}
DIFFICULTY = "normal"  # a new opponent's, when it is a profile there is


def personalities() -> dict[str, str]:
    """Every personality and how it plays."""
    lines = {}
    for name, bot in ai.BOTS.items():
        doc = (bot.__doc__ or "").strip().splitlines()
        lines[name] = PERSONALITY_LINES.get(name) or (doc[0].rstrip(".") if doc else "")
    return lines


def difficulties(personality: str) -> dict[str, str]:
    """Every difficulty ``personality`` can play at (the shipped profiles and the player's own), and what it means.

    A profile with tables for other bots only (``expert-quick``: the expert's budget) is not offered.
    """
    names = sorted(
        (name for name in ai.list_profiles() if profile_is_for(name, personality)),
        key=lambda name: (
            name not in DIFFICULTY_LINES,
            list(DIFFICULTY_LINES).index(name) if name in DIFFICULTY_LINES else 0,
            name,
        ),
    )
    return {name: DIFFICULTY_LINES.get(name, f"your own profile ({name}.toml)") for name in names}


def default_difficulty(personality: str) -> str:
    choices = difficulties(personality)
    return DIFFICULTY if DIFFICULTY in choices else next(iter(choices), "")
