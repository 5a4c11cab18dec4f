"""What ``table`` reads in line mode, at a table of one's own and at a friends' table alike."""

from __future__ import annotations

from ..table.messages import SeatState
from ..voice import plain as words


def table_lines(state: SeatState, *, after_you: str, round_number: int, target: int) -> list[str]:
    """Everything the seat may know now, a sentence each: the top card, what waits, every seat, the pile, the rules.

    ``after_you``: who plays after the seat, or empty where nobody does (the round is over).
    """
    info = state.table
    lines = [words.top_line(info.top, info.color, info.played_by)]
    if info.pending:
        lines.append(info.pending)
    lines += [
        words.seat_line(
            seat.name, seat.cards, seat.score, seat.last, you=seat.you, to_act=seat.to_act, exposed=seat.exposed
        )
        for seat in state.seats
    ]
    lines.append(words.pile_line(info.draw_pile, after_you))
    lines.append(words.rules_line(info.rules, round_number, target))
    return lines
