"""What ids are called on screen: the player's default name, bots' personalities and difficulties,
the house-rule presets and the bots' speeds.

An id (``greedy``, ``normal``, ``party``) is a contract: saves, settings and the command line keep
it as it is in every language. Only what a player reads is looked up here. An id the game does not
know (a player's own profile or preset, a bot added later) is its own name: the player wrote it.
"""

from __future__ import annotations

from ..defaults import PLAYER_NAME

# A lookup whose message is a variable: Babel reads each message where ``NC_`` marks it, with its context.
from . import NC_, _
from . import pgettext as looked_up

# Looked up when shown (the language is chosen per player), marked here for the catalog.
_PERSONALITY = {
    "random": NC_("bot personality", "random"),
    "greedy": NC_("bot personality", "greedy"),
    "challenger": NC_("bot personality", "challenger"),
    "item-hoarder": NC_("bot personality", "item-hoarder"),
    "expert": NC_("bot personality", "expert"),
}
# Where a column has ten letters for it (the compact table's players).
_PERSONALITY_SHORT = {
    "random": NC_("bot personality, ten letters at most", "random"),
    "greedy": NC_("bot personality, ten letters at most", "greedy"),
    "challenger": NC_("bot personality, ten letters at most", "challenger"),
    "item-hoarder": NC_("bot personality, ten letters at most", "hoarder"),
    "expert": NC_("bot personality, ten letters at most", "expert"),
}
_DIFFICULTY = {
    "easy": NC_("bot difficulty", "easy"),
    "normal": NC_("bot difficulty", "normal"),
    "hard": NC_("bot difficulty", "hard"),
    "expert-quick": NC_("bot difficulty", "expert-quick"),
    "mixed": NC_("bot difficulty", "mixed"),  # the statistics' word for a match whose bots' differ
}
# The same, where it is the value of the word "difficulty" (Slovak *obtiažnosť* is feminine: *normálna*),
# not a word about a bot (*normálny*). Found in play: "Obtiažnosť pre celý stôl: normálny".
_DIFFICULTY_LEVEL = {
    "easy": NC_("difficulty, as the value of the word difficulty", "easy"),
    "normal": NC_("difficulty, as the value of the word difficulty", "normal"),
    "hard": NC_("difficulty, as the value of the word difficulty", "hard"),
    "expert-quick": NC_("difficulty, as the value of the word difficulty", "expert-quick"),
    "mixed": NC_("difficulty, as the value of the word difficulty", "mixed"),
}
_PRESET = {
    "official": NC_("house-rule preset", "official"),
    "house": NC_("house-rule preset", "house"),
    "party": NC_("house-rule preset", "party"),
    "chaos": NC_("house-rule preset", "chaos"),
}
_SPEED = {
    "slow": NC_("bot speed", "slow"),
    "normal": NC_("bot speed", "normal"),
    "fast": NC_("bot speed", "fast"),
    "instant": NC_("bot speed", "instant"),
}


def personality_name(kind: str) -> str:
    """A bot's personality as shown: ``greedy`` → *chamtivý*; an unknown bot keeps its id.

    A seat a person plays (``human`` in a save, ``person`` in the statistics) is a *person*: a friends'
    match's export said "Bob (human)", the raw kind, in every language.
    """
    if kind in ("human", "person"):
        return looked_up("a seat a person plays, where a bot's personality goes", "person")
    return looked_up("bot personality", _PERSONALITY[kind]) if kind in _PERSONALITY else kind


def personality_short(kind: str) -> str:
    """A personality in at most ten letters, for a narrow column; the player's own seat (``human``): nothing."""
    if kind not in _PERSONALITY_SHORT:
        return "" if kind == "human" else kind
    return looked_up("bot personality, ten letters at most", _PERSONALITY_SHORT[kind])


def difficulty_name(profile: str) -> str:
    """A difficulty (a shipped profile) as shown; a player's own profile keeps its file's name."""
    return looked_up("bot difficulty", _DIFFICULTY[profile]) if profile in _DIFFICULTY else profile


def difficulty_level(profile: str) -> str:
    """A difficulty where it is the value of "difficulty" (a column, a field so named), not a bot's."""
    if profile not in _DIFFICULTY_LEVEL:
        return profile
    return looked_up("difficulty, as the value of the word difficulty", _DIFFICULTY_LEVEL[profile])


def preset_name(preset: str) -> str:
    """A house-rule preset as shown (``party``); a player's own preset keeps its file's name."""
    return looked_up("house-rule preset", _PRESET[preset]) if preset in _PRESET else preset


def speed_name(speed: str) -> str:
    """A bot speed of the settings (``fast``) as shown."""
    return looked_up("bot speed", _SPEED[speed]) if speed in _SPEED else speed


def is_default_name(name: str) -> bool:
    """Whether ``name`` is the name the game gives a player who chose none ("You"): a pronoun, not a name."""
    return name == PLAYER_NAME


def shown_name(name: str) -> str:
    """A seat's name as a label (a list, a column): the default "You" in the reader's language (*Ty*, *Jij*).

    A sentence never takes this as a ``{name}``: where the seat may be the player's, it has its own
    second-person sentence (``speaker.Voice``), since "You" is not a name a verb agrees with.
    """
    return _("You") if is_default_name(name) else name


__all__ = [
    "difficulty_level",
    "difficulty_name",
    "is_default_name",
    "personality_name",
    "personality_short",
    "preset_name",
    "shown_name",
    "speed_name",
]
