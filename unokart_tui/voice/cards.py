"""Cards, colours and items in words: one short form, one long form, everywhere.

The short form is the colour's letter and the card's symbol: ``R7``, ``B⇄`` (Reverse),
``G⊘`` (Skip), ``Y+2``, ``W+4``, ``W?`` (Wild Item Box); in the ASCII glyph set ``BS``
and ``B<>``. It reads without colour. The long form is the card's name: ``Red 7``,
``Blue Reverse``, ``Wild Item Box``. The hand, the log, the dialogs and the round
summaries use these two and no other; saves and tests keep the notation of RULES.md K5
(``str(card)``), which no language changes.

Every word goes through the catalog with a context (``pgettext``): a colour in a sentence
("calls red") and on a card's name ("Red 7") may be different words in another language,
and so may a colour's letter, which must stay one letter per colour in every language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from unokart_tui.engine import Card, Color, DrawReason, Item, Rank

from ..asciitext import ascii_text
from ..glyphs import UNICODE, WORDS, Glyphs

# A lookup whose message is a variable: Babel reads each message where ``NC_`` marks it, with its context.
from . import NC_, _, pgettext, voice_in_use
from . import pgettext as looked_up

# The style class each card face is painted with: the words that name a card take its colours.
COLOR_CLASS = {Color.RED: "red", Color.YELLOW: "yellow", Color.GREEN: "green", Color.BLUE: "blue", None: "wild"}
SORT_COLOR = {Color.RED: 0, Color.YELLOW: 1, Color.GREEN: 2, Color.BLUE: 3, None: 4}
RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}

# Looked up when written (the language is chosen per player), marked here for the catalog.
_COLOR_WORD = {
    Color.RED: NC_("colour in a sentence", "red"),
    Color.YELLOW: NC_("colour in a sentence", "yellow"),
    Color.GREEN: NC_("colour in a sentence", "green"),
    Color.BLUE: NC_("colour in a sentence", "blue"),
}
_COLOR_LABEL = {
    Color.RED: NC_("colour on its own", "Red"),
    Color.YELLOW: NC_("colour on its own", "Yellow"),
    Color.GREEN: NC_("colour on its own", "Green"),
    Color.BLUE: NC_("colour on its own", "Blue"),
}
_COLOR_LETTER = {
    Color.RED: NC_("colour letter", "R"),
    Color.YELLOW: NC_("colour letter", "Y"),
    Color.GREEN: NC_("colour letter", "G"),
    Color.BLUE: NC_("colour letter", "B"),
    None: NC_("colour letter", "W"),
}
_RANK_LABEL = {
    Rank.SKIP: NC_("card", "Skip"),
    Rank.REVERSE: NC_("card", "Reverse"),
    Rank.DRAW_TWO: NC_("card", "Draw Two"),
    Rank.WILD_DRAW_FOUR: NC_("card", "Wild Draw Four"),
    Rank.WILD_ITEM_BOX: NC_("card", "Wild Item Box"),
}
_ITEM_LABEL = {
    Item.MUSHROOM: NC_("item", "Mushroom"),
    Item.BANANA: NC_("item", "Banana"),
    Item.GREEN_SHELL: NC_("item", "Green Shell"),
    Item.LIGHTNING: NC_("item", "Lightning"),
    Item.BOB_OMB: NC_("item", "Bob-omb"),
}
# Why a seat drew, as the log says it in brackets: "You draw R5, G2 (Draw Two)."
_DRAW_REASON = {
    DrawReason.CHOICE: NC_("why cards were drawn", "drew"),
    DrawReason.DRAW_TWO: NC_("why cards were drawn", "Draw Two"),
    DrawReason.WILD_DRAW_FOUR: NC_("why cards were drawn", "Wild Draw Four"),
    DrawReason.CHALLENGE_GUILTY: NC_("why cards were drawn", "guilty Wild Draw Four"),
    DrawReason.CHALLENGE_FAILED: NC_("why cards were drawn", "failed challenge"),
    DrawReason.BANANA: NC_("why cards were drawn", "Banana"),
    DrawReason.GREEN_SHELL: NC_("why cards were drawn", "Green Shell"),
    DrawReason.LIGHTNING: NC_("why cards were drawn", "Lightning"),
    DrawReason.BOB_OMB: NC_("why cards were drawn", "Bob-omb"),
    DrawReason.UNO_CAUGHT: NC_("why cards were drawn", "caught without UNO"),
    DrawReason.STACK: NC_("why cards were drawn", "stacked draws"),
}


def color_word(color: Color) -> str:
    """A colour inside a sentence: ``red`` ("Mario calls red.")."""
    return looked_up("colour in a sentence", _COLOR_WORD[color])


def color_label(color: Color) -> str:
    """A colour on its own, as a button or a card's name has it: ``Red``."""
    return looked_up("colour on its own", _COLOR_LABEL[color])


def color_letter(color: Color | None) -> str:
    """The letter of a card's short form: ``R``, ``Y``, ``G``, ``B``, and ``W`` for a wild."""
    return looked_up("colour letter", _COLOR_LETTER[color])


def color_key(color: Color) -> str:
    """The key that chooses ``color``: its cards' letter in the reader's language, as typed on an ASCII
    keyboard (Slovak and Dutch yellow is ``l``, Slovak red ``c``)."""
    return ascii_text(color_letter(color)).lower()


def rank_label(rank: Rank) -> str:
    """``7``, ``Skip``, ``Wild Item Box``."""
    label = _RANK_LABEL.get(rank)
    return rank.value if label is None else looked_up("card", label)


def item_label(item: Item) -> str:
    """``Mushroom``, ``Green Shell``."""
    return looked_up("item", _ITEM_LABEL[item])


def draw_reason(reason: DrawReason) -> str:
    """Why cards were drawn, in a few words: ``Draw Two``, ``caught without UNO``."""
    return looked_up("why cards were drawn", _DRAW_REASON[reason])


def short(card: Card, glyphs: Glyphs = UNICODE) -> str:
    """``R7``, ``B⇄``, ``G⊘``, ``Y+2``, ``W+4``, ``W?``."""
    return color_letter(card.color) + glyphs.ranks.get(card.rank, card.rank.value)


def written(card: Card, glyphs: Glyphs = UNICODE) -> str:
    """``card`` as a sentence names it: its short form, or in line mode (``WORDS``, issue 33) its name
    in words with the code to type in brackets, ``Red 7 [R7]``."""
    if glyphs is WORDS:
        return _("{name} [{code}]").format(name=long(card), code=short(card, glyphs))
    return short(card, glyphs)


def long(card: Card) -> str:
    """``Red 7``, ``Blue Reverse``, ``Wild Item Box``."""
    if card.color is None:
        return rank_label(card.rank)
    return pgettext("card name", "{colour} {rank}").format(colour=color_label(card.color), rank=rank_label(card.rank))


def cards(hand: Sequence[Card], glyphs: Glyphs = UNICODE) -> str:
    """A list of cards in the short form: ``R7  B⇄  W?``."""
    return "  ".join(short(card, glyphs) for card in hand)


def color_class(card: Card) -> str:
    return COLOR_CLASS[card.color]


def hand_order(cards: tuple[Card, ...]) -> list[int]:
    """Indices of ``cards`` grouped by colour (red, yellow, green, blue, wild), then by rank."""
    return sorted(range(len(cards)), key=lambda i: (SORT_COLOR[cards[i].color], RANK_ORDER[cards[i].rank]))


def name_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names a card, an item or a card's rank in words (``Wild Draw Four``, ``Rood 7``,
    ``Groene schelp``), in the language in use: a line is never wrapped inside one."""
    return [found.span() for found in _names_of(voice_in_use()).finditer(text)]


# A log line is painted at every drawing of the replay's log: the names of a language are found once.
_NAMES: dict[int, tuple[object, re.Pattern[str]]] = {}


def _names_of(voice: object) -> re.Pattern[str]:
    known = _NAMES.get(id(voice))
    if known is not None and known[0] is voice:
        return known[1]
    names = {rank_label(rank) for rank in _RANK_LABEL} | {item_label(item) for item in _ITEM_LABEL}
    for color in _COLOR_LABEL:
        for rank in Rank:
            if rank not in (Rank.WILD_DRAW_FOUR, Rank.WILD_ITEM_BOX):
                names.add(long(Card(color, rank)))
    # The longest first: "Wild Draw Four" before "Draw Four" would be found inside it.
    several_words = sorted((name for name in names if " " in name), key=len, reverse=True)
    pattern = re.compile("|".join(map(re.escape, several_words)) or r"(?!)")
    _NAMES[id(voice)] = (voice, pattern)
    return pattern
