"""The glyph sets and the card faces drawn with them, without Textual."""

from __future__ import annotations

import unicodedata

import pytest
from rich.cells import cell_len

from unokart_tui.engine import Card, Item, Rank, full_deck
from unokart_tui.glyphs import ASCII, UNICODE, big_rank, choose
from unokart_tui.tui.widgets.cardface import back_art, card_art, fan, short

SETS = pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
CARDS = sorted(set(full_deck()), key=str)


def every_text(glyphs) -> list[str]:
    texts = [*glyphs.items.values(), *glyphs.ranks.values(), *glyphs.fan, glyphs.back, glyphs.marks]
    texts += [glyphs.turn, glyphs.next, glyphs.clockwise, glyphs.anticlockwise]
    texts += [line for art in glyphs.big.values() for line in art]
    outlines = (glyphs.edges, glyphs.selected, glyphs.unplayable, glyphs.selected_unplayable)
    return texts + [character for edges in outlines for character in edges]


@SETS
def test_every_glyph_is_one_cell_and_no_emoji(glyphs):
    # Emoji are two cells in some terminals and one in others, and empty boxes in many fonts.
    for text in every_text(glyphs):
        for character in text:
            assert cell_len(character) == 1, (text, character)
            assert unicodedata.east_asian_width(character) not in "WF", character
            assert ord(character) < 0x1F000, character  # the emoji planes


@SETS
def test_the_seat_to_act_and_the_next_one_are_marked_apart(glyphs):
    # Found in play: in ASCII both were ">", and whose turn it was could not be told.
    assert glyphs.turn.strip() and glyphs.next.strip() and glyphs.turn != glyphs.next


def test_the_ascii_set_is_ascii_and_the_sets_tell_every_item_apart():
    assert all(text.isascii() for text in every_text(ASCII))
    for glyphs in (UNICODE, ASCII):
        assert len(set(glyphs.items.values())) == len(Item)
    assert [short(Card.parse(t), ASCII) for t in ("R7", "BR", "GS", "Y+2", "W+4", "WI")] == [
        "R7",
        "B<>",
        "GS",
        "Y+2",
        "W+4",
        "W?",
    ]


@pytest.mark.parametrize(
    ("environ", "chosen"),
    [
        ({"LANG": "C.UTF-8", "TERM": "xterm-256color"}, UNICODE),
        ({"LANG": "en_GB.utf8"}, UNICODE),
        ({"LANG": "C"}, ASCII),
        ({}, ASCII),  # no locale at all: POSIX, ASCII
        ({"LANG": "C.UTF-8", "LC_ALL": "C"}, ASCII),  # LC_ALL wins
        ({"LANG": "C", "LC_CTYPE": "de_DE.UTF-8"}, UNICODE),
        ({"LANG": "C.UTF-8", "TERM": "linux"}, ASCII),  # the Linux console's font lacks the symbols
    ],
)
def test_auto_follows_the_locale_and_the_terminal(environ, chosen):
    assert choose("auto", environ) is chosen
    assert choose("unicode", environ) is UNICODE and choose("ascii", environ) is ASCII


@SETS
def test_every_rank_is_drawn_three_lines_high_within_a_hand_card(glyphs):
    for rank in Rank:
        lines = big_rank(rank, glyphs)
        assert len(lines) == 3 and len({len(line) for line in lines}) == 1 and len(lines[0]) <= 7


@SETS
@pytest.mark.parametrize(("width", "height"), [(6, 3), (9, 6), (11, 8), (16, 5), (13, 10)])
def test_every_card_fills_its_box_and_shows_its_corner_and_item(glyphs, width, height):
    for card in CARDS:
        art = card_art(card, glyphs, width, height, item_in_edge=height == 3)
        text = ["".join(span.text for span in line) for line in art]
        assert len(text) == height and all(len(line) == width for line in text), (card, text)
        assert short(card, glyphs) in "\n".join(text)
        assert glyphs.items[card.item] in "\n".join(text)  # K3: the item each card carries


def test_a_wild_draw_four_and_an_item_box_are_told_apart_at_a_glance():
    four, box = Card.parse("W+4"), Card.parse("WI")
    for glyphs in (UNICODE, ASCII):
        drawn = [["".join(s.text for s in line) for line in card_art(card, glyphs, 9, 6)] for card in (four, box)]
        assert drawn[0][2:5] != drawn[1][2:5]  # the rank drawn big: +4 against ?
    # A wild's outline shows the four colours; a coloured card's is one colour.
    roles = {span.role for line in card_art(box, UNICODE, 9, 6) for span in (line[0], line[-1])}
    assert roles == {"red", "yellow", "green", "blue"}
    assert {span.role for line in card_art(Card.parse("R7"), UNICODE, 9, 6) for span in (line[0], line[-1])} == {"edge"}


def test_cards_that_cannot_be_played_have_a_dashed_outline_and_the_cursor_a_heavy_one():
    card = Card.parse("G4")
    tops = {
        outline: card_art(card, UNICODE, 9, 6, outline=outline)[0][0].text
        for outline in ("edges", "selected", "unplayable")
    }
    assert tops == {"edges": "╭───────╮", "selected": "┏━━━━━━━┓", "unplayable": "╭┄┄┄┄┄┄┄╮"}


def test_a_back_and_a_fan_of_backs_count_what_does_not_fit():
    lines = ["".join(span.text for span in line) for line in back_art(UNICODE, 11, 8, "UNO")]
    assert lines[4] == "│░░ UNO ░░│" and lines[0] == "╭─────────╮"
    top, bottom = fan(25, UNICODE, 16)
    assert top.endswith(" 25") and len(top) <= 16 and bottom.count("╰") < 25
    assert fan(3, ASCII, 16) == ("[[[##] 3", "[[[##]")
    assert fan(0, UNICODE, 16) == ("", "")
