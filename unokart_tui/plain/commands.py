"""Line mode's commands: what a typed line asks for, and every command that is legal now.

Forgiving: letter case, a short name ("d" for draw), a card by its code ("R7", "b<>"), its name
("red 7") or its number in the hand as ``hand`` lists it, a colour by its word or letter, a
player by the start of their name; accents may be left out (``C7`` for Slovak's ``Č7``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from ..engine import Card, Color
from ..glyphs import UNICODE
from ..voice import NC_, pgettext
from ..voice import plain as words
from ..voice.cards import color_label, color_letter, color_word, long, short

# What each command may be typed as.
ALIASES = {
    "play": ("play", "p"),
    "draw": ("draw", "d"),
    "keep": ("keep", "k", "pass"),
    "uno": ("uno", "u"),
    "catch": ("catch", "c"),
    "challenge": ("challenge",),
    "accept": ("accept", "take", "a"),
    "colour": ("colour", "color"),
    "target": ("target",),
    "swap": ("swap",),
    "jump": ("jump", "j"),
    "wait": ("wait", "w"),
    "next": ("next", "n"),
    "hand": ("hand", "h"),
    "table": ("table", "t"),
    "score": ("score", "scores", "s"),
    "log": ("log", "l"),
    "hint": ("hint",),
    "undo": ("undo", "z"),
    "help": ("help", "?"),
    "moves": ("moves", "m"),
    "quit": ("quit", "q", "exit"),
}
VERB_OF = {alias: verb for verb, aliases in ALIASES.items() for alias in aliases}
COLOURS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)


class Command(NamedTuple):
    verb: str  # one of ALIASES
    argument: str = ""  # what follows it, as typed (stripped)


def parse(line: str) -> Command | str:
    """The command ``line`` types, or why it is none (a sentence)."""
    word, _space, rest = line.strip().partition(" ")
    if not word:
        return words.unknown_command("''")
    verb = VERB_OF.get(word.casefold())
    if verb is None:
        return words.unknown_command(repr(word))
    return Command(verb, rest.strip())


def _folded(text: str) -> str:
    """``text`` without case, spaces or accents: Slovak's ``Č7`` is typed ``C7`` on an ASCII keyboard.

    The short letters stay apart once folded (docs/languages.md: ``Č`` red, ``Z`` green, ``L`` yellow).
    """
    parts = unicodedata.normalize("NFKD", "".join(text.casefold().split()))
    return "".join(part for part in parts if not unicodedata.combining(part))


# A card's number typed as a word ("play yellow nine"): found in the playtest, a screen reader's user
# types what they hear. English always, and the player's language.
DIGITS = (
    NC_("a card's number typed as a word", "zero"),
    NC_("a card's number typed as a word", "one"),
    NC_("a card's number typed as a word", "two"),
    NC_("a card's number typed as a word", "three"),
    NC_("a card's number typed as a word", "four"),
    NC_("a card's number typed as a word", "five"),
    NC_("a card's number typed as a word", "six"),
    NC_("a card's number typed as a word", "seven"),
    NC_("a card's number typed as a word", "eight"),
    NC_("a card's number typed as a word", "nine"),
)


def digits_for_words(text: str) -> str:
    """``text`` with each number word a digit: ``yellow nine`` is ``yellow 9``."""
    known: dict[str, str] = {}
    for digit, word in enumerate(DIGITS):
        known[_folded(word)] = known[_folded(pgettext("a card's number typed as a word", word))] = str(digit)
    return " ".join(known.get(_folded(word), word) for word in text.split())


def find_card(text: str, cards: Sequence[Card]) -> Card | None:
    """The card of ``cards`` (the hand in the order shown) that ``text`` names, or None."""
    wanted = _folded(text)
    if wanted.isdigit():
        number = int(wanted)
        return cards[number - 1] if 1 <= number <= len(cards) else None
    spelt = _folded(digits_for_words(text))  # "yellow nine"; "Yellow Draw Two" is a name as it is
    for card in cards:
        names = {_folded(name) for name in (words.code(card), short(card, UNICODE), str(card), long(card))}
        if wanted in names or spelt in names:
            return card
    return None


def find_colour(text: str) -> Color | None:
    wanted = _folded(text)
    for colour in COLOURS:
        known = {colour.value, color_word(colour), color_label(colour), color_letter(colour)}
        if wanted and wanted in {_folded(name) for name in known}:
            return colour
    return None


def find_seat(text: str, names: Sequence[str], seats: Sequence[int]) -> int | None:
    """The seat of ``seats`` whose name ``text`` is, or begins (if only one name does)."""
    wanted = _folded(text)
    if not wanted:
        return None
    exact = [seat for seat in seats if _folded(names[seat]) == wanted]
    if exact:
        return exact[0]
    begun = [seat for seat in seats if _folded(names[seat]).startswith(wanted)]
    return begun[0] if len(begun) == 1 else None


ALWAYS = ("hand", "table", "score", "log", "help", "moves", "quit")  # legal whatever happens
