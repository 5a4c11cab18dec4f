"""Events are records compared by value; ``describe`` is a developer's line that keeps hidden cards hidden."""

import inspect
import random

from unokart_tui.engine import (
    Card,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    Color,
    DrawReason,
    Event,
    ExtraTurn,
    Match,
    RoundWon,
    TurnSkipped,
)
from unokart_tui.engine import events as events_module

NAMES = ["Mario", "Luigi", "Peach"]


def test_every_event_of_a_match_has_a_developers_line_that_names_its_seats():
    match = Match.new(NAMES, seed=11, target=200)
    rng = random.Random(11)
    events = list(match.start_events)
    while not match.is_over:
        events.extend(match.next_round() if match.round.is_over else match.apply(rng.choice(match.legal_actions())))
    kinds = set()
    for event in events:
        for you in (None, 0):
            text = event.describe(NAMES, you=you)
            assert text.startswith(type(event).__name__ + "(") and "\n" not in text
        kinds.add(type(event).__name__)
    assert {"CardPlayed", "CardsDrawn", "RoundWon", "MatchWon", "DealerChosen", "CardTurned"} <= kinds


def test_describe_is_a_developers_line_not_a_players_sentence():
    # The players' sentences are the voice's (tests/voice/test_lines.py), in their language.
    assert CardPlayed(0, Card.parse("G4"), Color.RED).describe(NAMES) == "CardPlayed(seat=Mario, card=G4, color=red)"
    assert RoundWon(2, 1).describe(NAMES) == "RoundWon(seat=Peach, points=1)"


def test_drawn_cards_are_named_only_to_the_drawer():
    event = CardsDrawn(1, (Card.parse("R5"), Card.parse("WI")), DrawReason.BANANA, 2)
    assert event.describe(NAMES) == "CardsDrawn(seat=Luigi, cards=2 hidden, reason=Banana, wanted=2)"
    assert event.describe(NAMES, you=0) == "CardsDrawn(seat=Luigi, cards=2 hidden, reason=Banana, wanted=2)"
    assert event.describe(NAMES, you=1) == "CardsDrawn(seat=Luigi, cards=(R5, WI), reason=Banana, wanted=2)"


def test_the_revealed_hand_is_named_only_to_the_challenger():
    event = ChallengeResolved(1, 0, True, Color.GREEN, (Card.parse("G2"),))
    assert "G2" not in event.describe(NAMES, you=2)
    assert "G2" not in event.describe(NAMES, you=0)
    assert "G2" in event.describe(NAMES, you=1)
    assert "guilty=True" in event.describe(NAMES)


def _event_classes() -> list[type[Event]]:
    found = vars(events_module).values()
    return [cls for cls in found if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event]


def test_every_event_keeps_the_fields_it_is_given_in_order():
    classes = _event_classes()
    assert len(classes) >= 20
    for cls in classes:
        parameters = list(inspect.signature(cls).parameters)
        assert tuple(parameters) == cls.__match_args__, cls.__name__
        values = [object() for _ in parameters]
        event = cls(*values)
        assert [getattr(event, name) for name in parameters] == values, cls.__name__
        assert not hasattr(event, "__dict__"), f"{cls.__name__} lacks __slots__"


def test_events_compare_by_value_and_show_their_fields():
    card = Card.parse("G4")
    assert CardPlayed(1, card) == CardPlayed(1, card, None)
    assert CardPlayed(1, card) != CardPlayed(2, card)
    assert CardPlayed(1, card) != CardPlayed(1, card, Color.RED)
    assert TurnSkipped(1) != ExtraTurn(1)  # same fields, different things
    assert TurnSkipped(1) != 1
    assert repr(CardPlayed(1, card)) == "CardPlayed(seat=1, card=Card('G4'), color=None)"
    match CardPlayed(1, card):
        case CardPlayed(seat, played):
            assert (seat, played) == (1, card)
