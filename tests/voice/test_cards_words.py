"""Cards, colours and sentences come from the catalog: a language can rename them all."""

import contextvars
import gettext

from unokart_tui import voice
from unokart_tui.engine import Card, CardPlayed, Color
from unokart_tui.glyphs import UNICODE
from unokart_tui.tui.widgets.cardface import card_art
from unokart_tui.voice.cards import color_word, long, short
from unokart_tui.voice.lines import sentence
from unokart_tui.voice.narration import Voice

WORDS = {
    ("colour letter", "G"): "N",
    ("colour on its own", "Green"): "Groen",
    ("colour in a sentence", "blue"): "blauw",
    ("card", "Skip"): "Beurt voorbij",
}
SENTENCES = {"You play {card} and call {colour}.": "Je speelt {card} en kiest {colour}."}


class _Catalog(gettext.NullTranslations):
    def gettext(self, message):
        return SENTENCES.get(message, message)

    def pgettext(self, context, message):
        return WORDS.get((context, message), message)


def _in_the_other_language(write):
    def run():
        voice._current.set(_Catalog())
        return write()

    return contextvars.copy_context().run(run)


def test_english_is_what_it_was():
    assert short(Card.parse("G7")) == "G7"
    assert long(Card.parse("GS")) == "Green Skip"
    assert long(Card.parse("W+4")) == "Wild Draw Four"
    assert color_word(Color.BLUE) == "blue"


def test_a_language_renames_cards_colours_and_sentences():
    assert _in_the_other_language(lambda: short(Card.parse("G7"))) == "N7"
    assert _in_the_other_language(lambda: long(Card.parse("GS"))) == "Groen Beurt voorbij"
    played = CardPlayed(0, Card.parse("W+4"), Color.BLUE)
    assert _in_the_other_language(lambda: sentence(played, Voice(["Mario"], 0))) == (
        "Je speelt Wild Draw Four en kiest blauw."
    )
    assert sentence(played, Voice(["Mario"], 0)) == "You play Wild Draw Four and call blue."  # no leak


def test_a_card_face_is_drawn_in_the_language_it_is_asked_in():
    def face():
        return ["".join(span.text for span in line) for line in card_art(Card.parse("G7"), UNICODE, 11, 8)]

    english, other = face(), _in_the_other_language(face)
    assert any("GREEN" in line for line in english) and any("G7" in line for line in english)
    assert any("GROEN" in line for line in other) and any("N7" in line for line in other)
    assert face() == english  # the cache keeps each language's face apart
