"""Line mode's commands: what a typed line asks for, and every command that is legal now.

Forgiving: letter case, a short name ("d" for draw), a card by its code ("R7", "b<>"), its name
("red 7") or its number in the hand as ``hand`` lists it, a colour by its word or letter, a
player by the start of their name; accents may be left out (``C7`` for Slovak's ``Č7``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from ..engine import Card, Color, Rank
from ..glyphs import ASCII, UNICODE
from ..voice import NC_, pgettext
from ..voice import plain as words
from ..voice.cards import color_label, color_letter, color_word, long, rank_label, short

# What each command may be typed as.
ALIASES = {
    "play": ("play", "p"),
    "draw": ("draw", "d"),
    "keep": ("keep", "k", "pass"),
    "uno": ("uno", "u"),
    "catch": ("catch", "c"),
    "challenge": ("challenge",),
    "accept": ("accept", "take", "a"),
    "stack": ("stack",),
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
    "back": ("back",),
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


# A Wild Draw Four's and a Wild Item Box's names in part, as players type them (found in the playtest:
# ``p w4``, ``p wd4``, ``p +4`` were refused). A card's code with its colour left out works for the others.
WILD_SHORT_NAMES = {
    Rank.WILD_DRAW_FOUR: ("wild", "+4", "w4", "wd4", "wd+4", "w+4", "draw4", "wild4", "wilddraw4"),
    Rank.WILD_ITEM_BOX: ("wild", "?", "w?", "wi", "itembox", "wilditembox"),
}


def _rank_names(card: Card) -> set[str]:
    """Every way ``card``'s rank alone is typed, folded: ``reverse``, ``<>``, ``drawtwo``, ``draw2``, ``7``."""
    names = {card.rank.label, rank_label(card.rank)}
    names |= {digits_for_words(name) for name in names}
    found = {_folded(name) for name in names}
    found |= {_folded(ASCII.ranks.get(card.rank, "")), _folded(UNICODE.ranks.get(card.rank, ""))}
    found |= set(WILD_SHORT_NAMES.get(card.rank, ()))
    if card.rank.is_number:
        found.add(card.rank.value)
    found.discard("")
    return found


def _rank_words(card: Card) -> set[str]:
    """The words of ``card``'s rank names, folded: ``{"wild", "draw", "4"}``."""
    names = (card.rank.label, rank_label(card.rank))
    return {_folded(word) for name in names for word in digits_for_words(name).split()}


def cards_named(text: str, cards: Sequence[Card]) -> list[Card]:
    """The distinct cards of ``cards`` that ``text`` names, whole or in part, in the order of the hand.

    A whole name, a code or a number in the hand names one card; else a colour alone (``blue``), a rank
    alone (``reverse``, ``seven``, ``+2``), the two together in any order, ``wild``, ``draw four``, ``w4``.
    Found in the playtest: holding Blue Reverse and a Wild Draw Four, ``p blue`` and ``p wild`` were refused
    as if neither were held.
    """
    whole = find_card(text, cards)
    if whole is not None:
        return [whole]
    distinct = list(dict.fromkeys(cards))
    colours: set[Color] = set()
    rest: list[str] = []
    for word in digits_for_words(text).split():
        colour = find_colour(word)
        if colour is not None:
            colours.add(colour)
        else:
            rest.append(word)
    if len(colours) > 1 or not (colours or rest):
        return []
    coloured = [card for card in distinct if not colours or card.color in colours]
    if not rest:
        return coloured
    typed = _folded("".join(rest))
    named = [card for card in coloured if typed in _rank_names(card)]
    if named:
        return named
    typed_words = {_folded(word) for word in rest}
    return [card for card in coloured if typed_words <= _rank_words(card)]


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
