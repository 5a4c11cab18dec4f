"""The player's own row says its last move in the second person (issue 32's playtest: *Ty 7 volí modrú*)."""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Card,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    Color,
    ColorChosen,
    DrawnCardKept,
    DrawReason,
    Rank,
    RoundWon,
    TurnSkipped,
)
from unokart_tui.voice import speaking_voice
from unokart_tui.voice.notes import TableNotes

from .marking import ContextMarking

OWN = "your own seat's last move (you did it)"
NAMES = ["You", "Mario", "Luigi"]  # "You": the player's seat (the default name)
SEVEN = Card(Color.BLUE, Rank.SEVEN)


@pytest.mark.parametrize(
    "event_of",
    [
        lambda seat: ColorChosen(seat, Color.BLUE),
        lambda seat: CardsDrawn(seat, (SEVEN,), DrawReason.CHOICE, 1),
        lambda seat: CardsDrawn(seat, (), DrawReason.CHOICE, 1),
        lambda seat: CardsDrawn(seat, (SEVEN, SEVEN), DrawReason.DRAW_TWO, 2),
        lambda seat: CardPlayed(seat, SEVEN),
        lambda seat: CardPlayed(seat, Card(None, Rank.WILD_DRAW_FOUR), Color.RED),
        TurnSkipped,
        DrawnCardKept,
        lambda seat: RoundWon(seat, 45),
    ],
)
def test_the_players_own_last_move_is_a_message_of_its_own(event_of):
    notes = TableNotes(3)
    with speaking_voice(ContextMarking()):
        notes.record([event_of(0)], NAMES)
        notes.record([event_of(1)], NAMES)
    assert notes.last[0].startswith(f"«{OWN}»")
    assert not notes.last[1].startswith("«")  # Mario's row: the third person, as before


def test_a_challenge_by_the_player_is_said_in_the_second_person():
    notes = TableNotes(3)
    with speaking_voice(ContextMarking()):
        notes.record([ChallengeResolved(0, 1, True, Color.RED, ())], NAMES)
    assert notes.last[0] == f"«{OWN}»challenged: won"
