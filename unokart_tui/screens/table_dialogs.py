"""The table's dialogs: the question or the notice the table controller sends, as the dialog that asks it.

Widget work only: what to ask, and what an answer does, is ``table.TableController``'s. Loaded
when the table first asks something: the dialogs' classes are not needed for its first frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..dialogs.choices import ChallengeDialog, ColorDialog, TargetDialog
from ..dialogs.notices import match_over, revealed_hand, round_over
from ..table import messages as told

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from .game import GameScreen


def dialog_for(message: told.Message, screen: GameScreen) -> tuple[ModalScreen[Any], Callable[[Any], object]]:
    """The dialog for ``message`` (a question or a round's end), and what its answer does."""
    controller, glyphs = screen.controller, screen.glyphs
    match message:
        case told.AskColour(reason, advised, card):
            dialog = ColorDialog(reason, advised, can_go_back=card is not None)
            return dialog, lambda color: controller.choose_colour(color, card)
        case told.AskTarget(targets, seven):
            return TargetDialog(list(targets), seven=seven, advise=controller.dialog_hint), controller.choose_target
        case told.AskChallenge(name, color, cards, can_stack):
            challenge = ChallengeDialog(name, color, cards, can_stack=can_stack, advise=controller.dialog_hint)
            return challenge, controller.answer_challenge
        case told.HandRevealed(name, cards, guilty):
            return revealed_hand(name, cards, guilty, glyphs), lambda _answer: None
        case told.RoundOver(summary, refusal):
            notice = round_over(*summary[:4], glyphs, ending=summary.ending, undo_refusal=refusal)
            return notice, lambda _answer: controller.start_next_round()
        case told.MatchOver(summary, race, refusal):

            def answered(key: str) -> None:
                controller.stop()
                screen.post_message({"n": screen.PlayAgain, "r": screen.WatchReplay}.get(key, screen.LeaveMatch)())

            return match_over(*summary[:4], race=race, glyphs=glyphs, undo_refusal=refusal), answered
    raise ValueError(f"no dialog for {message!r}")
