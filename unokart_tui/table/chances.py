"""The words for a chance a seat had and let pass: what the key came too late for.

(A move taken from the hint is told by its own line: ``logbook.followed_line``.)
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import Card, JumpIn, Match, Play
from ..voice import _
from ..voice.narration import Voice

JUMP_LATE_SECONDS = 5.0  # a j this long after the twin was held is "too late", not "no jump-in now"


class JumpChance(NamedTuple):
    """The twin of the top card the seat last held (H5): the card, the round and its moves then, and when."""

    card: Card
    round_number: int
    moves: int
    when: float


def missed_jump_words(match: Match, you: int, chance: JumpChance | None, now: float, voice: Voice) -> str:
    """Why ``you``'s jump-in key did nothing: a moment too late (who played first), or no twin to jump in with."""
    if chance is not None and chance.round_number == match.round_number and now - chance.when < JUMP_LATE_SECONDS:
        # Found in play: a j a moment late read as if the player had the rule wrong.
        later = match.round.view(you).public_history[chance.moves :]
        # The play that covered the top card took the chance (a draw before it did not).
        first = next(((seat, a) for seat, a in later if seat != you and isinstance(a, (Play, JumpIn))), None)
        if first is not None and all(seat != you for seat, _action in later):  # the seat did not move on
            seat, played = first
            assert isinstance(played, (Play, JumpIn))
            late = _("Too late to jump in with your {card}: {name} played {played} first.")
            return late.format(card=voice.card(chance.card), name=match.names[seat], played=voice.card(played.card))
    if match.rules.jump_in:
        return _(
            "No jump-in now: it takes the twin of a card just played (same colour, same number or"
            " symbol) while another player is to play or draw."
        )
    return _("Jumping in is not a rule of this match.")
