"""K1-K5: the deck, its items, its points and its notation."""

from collections import Counter

import pytest

from unokart_tui.engine import Card, Color, Item, Rank, RulesError, full_deck


def test_K1_each_colour_has_25_cards_one_zero_two_of_the_rest():
    deck = full_deck()
    for color in Color:
        mine = Counter(card.rank for card in deck if card.color is color)
        assert sum(mine.values()) == 25
        assert mine[Rank.ZERO] == 1
        for rank in Rank:
            if rank.is_wild or rank is Rank.ZERO:
                continue
            assert mine[rank] == 2, rank
    assert sum(1 for card in deck if not card.is_wild) == 100


def test_K2_twelve_wilds_make_112():
    deck = full_deck()
    assert len(deck) == 112
    assert Counter(str(card) for card in deck if card.is_wild) == {"W+4": 4, "WI": 8}


def test_full_deck_is_a_new_list_each_time():
    first = full_deck()
    first.pop()
    assert len(full_deck()) == 112


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("R7", Item.MUSHROOM),
        ("Y+2", Item.BANANA),
        ("GS", Item.GREEN_SHELL),
        ("BR", Item.LIGHTNING),
        ("W+4", Item.BOB_OMB),
        ("WI", Item.BOB_OMB),
    ],
)
def test_K3_item_is_fixed_by_colour(text, item):
    assert Card.parse(text).item is item


@pytest.mark.parametrize(
    ("text", "points"),
    [("R0", 0), ("G9", 9), ("Y5", 5), ("BS", 20), ("RR", 20), ("G+2", 20), ("W+4", 50), ("WI", 50)],
)
def test_K4_points(text, points):
    assert Card.parse(text).points == points


def test_K4_the_whole_deck_is_worth_1240_points():
    # 4 colours x (2 x 45 for 1-9, 6 actions x 20) + 12 wilds x 50
    assert sum(card.points for card in full_deck()) == 4 * (90 + 120) + 600


@pytest.mark.parametrize("text", ["R7", "GS", "BR", "Y+2", "W+4", "WI", "R0", "B9", "G+2", "YS"])
def test_K5_notation_round_trips(text):
    card = Card.parse(text)
    assert str(card) == text
    assert Card.parse(str(card)) == card


def test_K5_every_deck_card_round_trips():
    for card in full_deck():
        assert Card.parse(str(card)) == card


def test_K5_colour_and_wild_fields():
    assert Card.parse("R7").color is Color.RED
    assert Card.parse("R7").number == 7
    assert Card.parse("BR").rank is Rank.REVERSE
    assert Card.parse("W+4").color is None
    assert Card.parse("W+4").is_wild
    assert not Card.parse("G+2").is_wild


@pytest.mark.parametrize(
    "text", ["", "R", "X7", "R10", "W+2", "GW", "WI4", "+4", "r 7", None, 7, b"R7", bytearray(b"R7"), ["R7"]]
)
def test_K5_bad_notation_is_a_rules_error(text):
    with pytest.raises(RulesError):
        Card.parse(text)


@pytest.mark.parametrize("letter", [None, 7, "", "X", "RR", b"R", Color.RED])
def test_a_colour_letter_that_is_not_one_is_a_rules_error(letter):
    with pytest.raises(RulesError, match="is not a colour"):
        Color.from_letter(letter)


def test_cards_are_immutable_and_hashable():
    card = Card.parse("G5")
    assert hash(card) == hash(Card(Color.GREEN, Rank.FIVE))
    assert {card, Card.parse("G5")} == {card}
    with pytest.raises(AttributeError):
        card.color = Color.RED  # type: ignore[misc]


def test_rules_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)


def test_a_wild_with_a_colour_is_not_a_card():
    with pytest.raises(RulesError):
        Card(Color.RED, Rank.WILD_DRAW_FOUR)
    with pytest.raises(RulesError):
        Card(None, Rank.SEVEN)


@pytest.mark.parametrize(("color", "rank"), [("R", "7"), (Color.RED, 7), ([], Rank.SEVEN), (Color.RED, {})])
def test_a_card_of_something_else_is_a_rules_error(color, rank):
    with pytest.raises(RulesError, match="no card has colour"):
        Card(color, rank)
