"""A seat's note that it lost a turn goes once its turn comes again (the Slovak and Dutch playtest).

Found in play: during the player's own turn their row still read *stojíš kvôli hráčovi Peach* ("skipped
by Peach") from an earlier turn, while the hand said it was their turn.
"""

from __future__ import annotations

from typing import NamedTuple

from unokart_tui.engine import Card, HouseRules, JumpIn, Play, Round
from unokart_tui.table.tableview import seat_lines
from unokart_tui.voice.notes import TableNotes

C = Card.parse
NAMES = ("You", "Mario", "Luigi", "Peach")  # "You": the player's seat (the default name)
KINDS = ("human", "greedy", "greedy", "greedy")


class At(NamedTuple):
    """A match as the table reads it (``tableview.MatchState``), around a round built card by card."""

    round: Round
    names: tuple[str, ...] = NAMES
    scores: tuple[int, ...] = (0, 0, 0, 0)
    rules: HouseRules = HouseRules()
    target: int = 500


def play(round_: Round, notes: TableNotes, card: str, names: tuple[str, ...] = NAMES) -> None:
    notes.record(round_.apply(Play(C(card))), names)


def test_your_skipped_note_goes_when_your_turn_comes_again():
    hands = [["G1", "G2"], ["R1", "G3"], ["R2", "G4"], ["RS", "R3", "G5"]]
    round_ = Round.from_position(hands, ["Y1", "Y2"], ["R5"], current=3)
    notes = TableNotes(4)
    play(round_, notes, "RS")  # Peach skips you
    assert seat_lines(At(round_), KINDS, notes, 0)[0].last == "skipped by Peach"
    play(round_, notes, "R1")
    play(round_, notes, "R2")
    assert seat_lines(At(round_), KINDS, notes, 0)[0].last == "skipped by Peach"  # Peach's turn yet
    play(round_, notes, "R3")
    assert round_.current == 0
    yours = seat_lines(At(round_), KINDS, notes, 0)[0]
    assert yours.to_act and yours.last == ""
    assert yours.earlier[-1:] == ("skipped by Peach",)  # the round's story keeps it


def test_another_seats_skipped_note_follows_the_same_rule():
    hands = [["RS", "R1", "G1"], ["G2", "G3"], ["R2", "G4"], ["R3", "G5"]]
    round_ = Round.from_position(hands, ["Y1", "Y2"], ["R5"], current=0)
    notes = TableNotes(4)
    play(round_, notes, "RS")  # you skip Mario
    play(round_, notes, "R2")
    assert seat_lines(At(round_), KINDS, notes, 0)[1].last == "skipped by you"
    play(round_, notes, "R3")
    play(round_, notes, "R1")
    assert round_.current == 1
    assert seat_lines(At(round_), KINDS, notes, 0)[1].last == ""
    assert seat_lines(At(round_), KINDS, notes, 0)[0].last == "played R1"  # a move's note stays


def test_a_turn_that_comes_right_after_the_move_that_cost_it_still_says_why():
    # Two players: Mario jumps in on the player's turn (H5), and the turn is the player's again at once.
    round_ = Round.from_position(
        [["R1", "G2"], ["R5", "B3"]], ["Y1"], ["R5"], current=0, rules=HouseRules(jump_in=True)
    )
    notes = TableNotes(2)
    names = ("You", "Mario")
    notes.record(round_.apply(JumpIn(1, C("R5"))), names)
    assert round_.current == 0
    at = At(round_, names, (0, 0))
    assert seat_lines(at, KINDS[:2], notes, 0)[0].last == "passed over by Mario"
    notes.record(round_.apply(Play(C("R1"))), names)  # the player's move: the row says it
    assert seat_lines(at, KINDS[:2], notes, 0)[0].last == "played R1"


def test_a_note_written_directly_stays_a_move():
    # The friends' remote table writes its notes from the cards that moved, never a lost turn.
    notes = TableNotes(2)
    notes.last[1] = "played R5"
    assert notes.last_move(1, 1) == "played R5"
