"""Short ways to write positions in tests: cards as K5 notation separated by spaces."""

from __future__ import annotations

from unokart_tui.engine import Card, Color, Event, HouseRules, Round


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def position(
    *hands: str,
    draw: str = "",
    discard: str,
    current: int = 0,
    direction: int = 1,
    color: Color | None = None,
    dealer: int = 0,
    seed: int = 0,
    scores: list[int] | None = None,
    rules: HouseRules | None = None,
) -> Round:
    return Round.from_position(
        [cards(hand) for hand in hands],
        cards(draw),
        cards(discard),
        current=current,
        direction=direction,
        color=color,
        dealer=dealer,
        seed=seed,
        scores=scores,
        rules=rules,
    )


def hand(round_: Round, seat: int) -> list[str]:
    return [str(card) for card in round_.hands[seat]]


def of_type(events: list[Event], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]
