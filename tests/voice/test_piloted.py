"""A move the autopilot made for a person, as that person reads it (issue 31, found over ssh)."""

from __future__ import annotations

from unokart_tui.engine import Card, CardPlayed, CardsDrawn, Color, ColorChosen, Draw, DrawReason, Play, UnoSaid
from unokart_tui.voice import speaking
from unokart_tui.voice.narration import Voice
from unokart_tui.voice.piloted import piloted_lines

NAMES = ("Ann", "Bob")


def texts(lines) -> list[str]:
    return [line.text for line in lines]


def test_a_card_a_colour_and_an_uno_the_autopilot_played_are_its_not_the_persons():
    card = Card.parse("W+4")
    events = [CardPlayed(0, card, Color.RED), UnoSaid(0)]
    with speaking("en"):
        said = texts(piloted_lines(events, Play(card, Color.RED, uno=True), 0, Voice(NAMES, 0), can_stack=True))
    assert said == [
        "· The autopilot plays Wild Draw Four for you and calls red.",
        "· The autopilot says UNO for you!",
    ]


def test_any_other_move_of_the_autopilots_is_named_first_and_what_it_did_follows():
    events = [CardsDrawn(0, (Card.parse("B7"),), DrawReason.CHOICE, 1)]
    with speaking("en"):
        said = texts(piloted_lines(events, Draw(), 0, Voice(NAMES, 0), can_stack=True))
    assert said[0] == "· The autopilot's move for you: drawing a card."
    assert said[1].startswith("· You draw")  # the card is the reader's, told as their own hand's


def test_a_colour_chosen_after_a_piloted_wild():
    with speaking("en"):
        said = texts(piloted_lines([ColorChosen(1, Color.BLUE)], Draw(), 1, Voice(NAMES, 1), can_stack=True))
    assert said == ["· The autopilot chooses blue for you."]
