"""What a seat's intentions may do now: the key bar shows those that do something, and hides the rest.

An intention is named as the front end's key for it ("play", "draw", "undo_refused"…). Every name
is known here: one not in ``INTENTS`` is a ``ValueError``, not a key that is always shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tableview import TABLE_KEYS, applies

if TYPE_CHECKING:
    from .controller import TableController

# The seat's intentions beyond the table's moves: those the key bar shows in their two or three
# forms (undo that is taken, refused with the reason, or off in the settings), hints and the autopilot.
INTENTS = TABLE_KEYS | frozenset(
    {"missed_jump", "missed_catch", "draw_refused", "hint", "hinted", "undo", "undo_refused", "undo_off", "autopilot"}
)


def may(controller: TableController, intent: str) -> bool:
    """Whether ``intent`` does something now (the ``missed_…`` and ``undo_…`` forms: whether they say why not)."""
    if intent not in INTENTS:
        raise ValueError(f"the table knows no intention {intent!r} (it knows {', '.join(sorted(INTENTS))})")
    session = controller.session
    match = session.match
    you = controller.you
    if intent == "missed_catch":
        return not applies("catch", match, you)
    if intent == "missed_jump":
        return not applies("jump", match, you)
    if intent == "draw_refused":  # d when it neither draws nor takes a stack: says why, never nothing
        return not applies("draw", match, you) and not applies("take", match, you)
    if intent in ("undo", "undo_refused"):  # z shows only when it would take something back
        return controller.undo_on and (session.undo_refusal() is None) == (intent == "undo")
    if intent == "undo_off":
        return not controller.undo_on
    if intent == "hint":
        return session.is_human_turn()
    if intent == "autopilot":
        return True
    if intent == "uno":
        # U1: on one card and not open to a catch, UNO has been said (or can no longer be): found in
        # play, "u UNO!" stayed in the bar after it. Said late while exposed, ahead with two cards or more.
        # A chance that has just passed keeps the key, which says it came too late.
        round_ = match.round
        missed = controller.pacer.recently_missed()
        late = missed is not None and missed.seat == you and not controller.ended_it(missed.events)
        if not round_.is_over and round_.exposed != you and len(round_.hands[you]) == 1 and not late:
            return False
    if intent in ("play", "hinted") and controller.enter_takes_hint():
        # Found in play: the bar said "Play" while Enter kept the drawn card, as the hint said, and
        # "Play" while Enter said the UNO of a hint given before the cursor moved. Enter shows as the
        # hint's exactly while it takes the hint (table.hinting.takes_enter), whatever the hint's move.
        return intent == "hinted"
    if intent == "hinted":
        return False
    return applies(intent, match, you, fast=controller.pacer.fast)
