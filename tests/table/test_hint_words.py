"""The hint's words (issue 34): at most two reasons, counts said in the singular, a tie called a tie.

Found by a new player under the party preset, pressing t every turn.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import Card, ChooseColor, Color, Draw, HouseRules, Rank, Round
from unokart_tui.table.advisor import advisor, explain
from unokart_tui.table.session import HUMAN
from unokart_tui.voice import hints as words

NAMES = ["Ann", "Mario", "Luigi"]


def test_a_hint_gives_two_reasons_at_most_joined_as_two_clauses():
    # Found in play: "…it holds them back and Peach plays next and had no green… — but …".
    reasons = ["Mario is on one card and it holds them back", "Peach plays next and had no green", "third"]
    text = words.advice("Play R+2", reasons, "it hands the turn to Peach, on one card")
    assert text == (
        "Play R+2: Mario is on one card and it holds them back; Peach plays next and had no green"
        " — it hands the turn to Peach, on one card"
    )


def test_a_draw_with_one_card_that_fits_names_it_in_the_singular():
    round_ = Round.deal(2, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=(Card(Color.BLUE, Rank.THREE), Card(Color.YELLOW, Rank.ONE)),
        top_card=Card(Color.BLUE, Rank.FOUR),
        active_color=Color.BLUE,
    )
    one = explain(advisor(1), view, Draw(), ["Ann", "Luigi"])
    assert one == "Draw: the one card that fits, B3, is worth more later"
    two = view._replace(hand=(Card(Color.BLUE, Rank.THREE), Card(Color.BLUE, Rank.ONE)))
    assert explain(advisor(1), two, Draw(), ["Ann", "Luigi"]) == "Draw: the cards that fit are worth more later"


def test_a_draw_rather_than_a_zero_that_brings_a_bigger_hand_says_so_h4():
    hands = [["R0", "B5", "G6", "Y7"], ["B1", "B2"], ["G1", "G2", "G3", "G4", "G5", "G7", "G8", "G9"]]
    round_ = Round.from_position(hands, ["Y1", "Y2"], ["R4"], rules=HouseRules.preset("party"))
    assert round_.view(HUMAN).next_seat(steps=-1) == 2  # the 0 would bring Luigi's hand
    text = explain(advisor(1), round_.view(HUMAN), Draw(), NAMES, round_.legal_actions())
    assert text == "Draw: the only card that fits is R0, and it would bring you the hand of Luigi, 8 cards"


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("party", "Draw: playing a 0 would pass every hand on"),
        ("official", "Draw: the search found drawing better than playing a 0"),
    ],
)
def test_a_draw_over_zeros_never_calls_them_worth_more_later_h4(preset, expected):
    # Found in play (party): R0 and G0 held on Y0, "Draw: the cards that fit are worth more later"; a 0 scores 0.
    hands = [["R0", "G0", "B5", "B7"], ["B1", "B2"], ["G1", "G2", "G3"]]
    round_ = Round.from_position(hands, ["Y1", "Y2"], ["Y0"], rules=HouseRules.preset(preset))
    assert round_.view(HUMAN).rules.seven_zero is (preset == "party")
    text = explain(advisor(1), round_.view(HUMAN), Draw(), NAMES, round_.legal_actions())
    assert text == expected


def choosing(hand: list[str]):
    round_ = Round.deal(3, dealer=2, seed=1)
    return round_.view(HUMAN)._replace(hand=tuple(Card.parse(card) for card in hand))


def test_a_colour_chosen_among_colours_held_as_often_is_called_a_tie_and_the_tie_break_said():
    # Found in play: "Choose yellow: you hold 2 yellow" with 2 green and 2 blue held too.
    view = choosing(["Y9", "Y8", "G1", "G2", "B1", "B2", "R1"])
    text = explain(advisor(1), view, ChooseColor(Color.YELLOW), NAMES)
    assert text == (
        "Choose yellow: you hold 2 yellow, as many as green and blue;"
        " your yellow cards are worth the most points, so they are the ones to shed"
    )
    even = choosing(["Y1", "Y2", "G1", "G2"])
    assert explain(advisor(1), even, ChooseColor(Color.YELLOW), NAMES) == (
        "Choose yellow: you hold 2 yellow, as many as green; any of them would do as well"
    )
    alone = choosing(["Y1", "Y2", "G1"])
    assert explain(advisor(1), alone, ChooseColor(Color.YELLOW), NAMES) == "Choose yellow: you hold 2 yellow"


def test_a_hint_taken_names_the_card_and_the_colour_as_the_log_does():
    # Found in play: "Podľa rady hráš kartu D+4 a voliš Modrá." (a code, and the colour alone). The line
    # of a move taken from the hint is now the move's own (issue 34), with the log's names in it.
    from unokart_tui.engine import Card, CardPlayed, Color, Rank, UnoSaid
    from unokart_tui.table.logbook import followed_line

    four = Card(None, Rank.WILD_DRAW_FOUR)
    played = [CardPlayed(0, four, Color.BLUE), UnoSaid(0)]
    line, told = followed_line(played, 0, uno=True) or (None, set())
    assert line is not None and line.text == "· You play Wild Draw Four, call blue and say UNO, as the hint advised."
    assert told == {0, 1}
    line, told = followed_line(played, 0, uno=False) or (None, set())
    assert line is not None and line.text == "· You play Wild Draw Four and call blue, as the hint advised."
    assert told == {0}  # the UNO the hint did not say keeps its own line
    assert followed_line(played, 1, uno=True) is None  # not the seat's move
