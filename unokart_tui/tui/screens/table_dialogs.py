"""The table's dialogs: the question or the notice the table controller sends, as the dialog that asks it.

Widget work only: what to ask, and what an answer does, is ``table.TableController``'s. Loaded
when the table first asks something: the dialogs' classes are not needed for its first frame.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from ...table import hinting
from ...table import messages as told
from ...table.controller import TableController
from ...voice import _

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from .game import GameScreen


def dialog_for(message: told.Message, screen: GameScreen) -> tuple[ModalScreen[Any], Callable[[Any], object]]:
    """The dialog for ``message`` (a question or a round's end), and what its answer does."""
    from ..dialogs.choices import ChallengeDialog, ColorDialog, TargetDialog  # noqa: PLC0415
    from ..dialogs.notices import match_over, revealed_hand, round_over  # noqa: PLC0415

    controller, glyphs = screen.controller, screen.glyphs
    match message:
        case told.AskColour(reason, advised, card):
            # The seat's own choice (Bob-omb, I5; D5; A5's Decision) has its hint; a Wild Draw Four's
            # colour is part of the play the hint advised.
            advise = controller.dialog_hint if card is None else None
            dialog = ColorDialog(reason, advised, can_go_back=card is not None, advise=advise)
            return dialog, lambda color: controller.choose_colour(color, card)
        case told.AskTarget(targets, seven, advised):
            # The hint given in the dialog (t) chooses the seat Enter takes; a friend's table hears its
            # hint from the host later, under the table.
            hinted = partial(hinting.hinted_target, controller) if isinstance(controller, TableController) else None
            aim = TargetDialog(
                list(targets), seven=seven, advise=controller.dialog_hint, advised=advised, hinted=hinted
            )
            return aim, controller.choose_target
        case told.AskChallenge(name, color, cards, can_stack, called):
            # A friend's table hears its hint from the host later, under the table.
            hinted_answer = (
                partial(hinting.hinted_answer, controller) if isinstance(controller, TableController) else None
            )
            challenge = ChallengeDialog(
                name,
                color,
                cards,
                can_stack=can_stack,
                advise=controller.dialog_hint,
                called=called,
                hinted=hinted_answer,
            )
            return challenge, controller.answer_challenge
        case told.HandRevealed(name, cards, guilty):
            return revealed_hand(name, cards, guilty, glyphs), lambda _answer: None
        case told.RoundOver(summary, refusal):
            notice = round_over(
                *summary[:4],
                glyphs,
                ending=summary.ending,
                undo_refusal=refusal,
                you_won=summary.you_won,
                banner=screen.banner_view.banner,  # the dialog covers it: it carries it
            )
            return notice, lambda _answer: controller.start_next_round()
        case told.MatchOver(summary, race, refusal, shared):

            def answered(key: str) -> None:
                controller.stop()
                screen.post_message({"n": screen.PlayAgain, "r": screen.WatchReplay}.get(key, screen.LeaveMatch)())

            over = match_over(
                *summary[:4],
                race=race,
                glyphs=glyphs,
                undo_refusal=refusal,
                you_won=summary.you_won,
                shared=shared,
            )
            return over, answered
    raise ValueError(f"no dialog for {message!r}")


def guide(screen: GameScreen, *, first_game: bool) -> tuple[ModalScreen[str], Callable[[str], None]]:
    """The guide (``?``), or the first game's: it is shown once (found in play, it came back with every
    new match until n)."""
    from ..dialogs.guide import GuideDialog  # noqa: PLC0415

    def answered(answer: str) -> None:
        if first_game or answer == "off":
            screen.guide = False
            screen.post_message(screen.GuideOff())
        if answer == "rules":
            from .rules import RulesScreen  # noqa: PLC0415 - Markdown loads when first read, not at start

            screen.app.push_screen(RulesScreen(screen.rules, screen.glyphs))

    return GuideDialog(first_game=first_game, rules=screen.rules, glyphs=screen.glyphs), answered


def leave_question(screen: GameScreen) -> tuple[ModalScreen[bool], Callable[[bool], None]]:
    """ "Leave this match?", with what leaving now would lose."""
    from ..dialogs.confirm import ConfirmDialog  # noqa: PLC0415

    question = ConfirmDialog(_("Leave this match?"), screen.controller.saving.leave_warning())
    return question, lambda yes: screen.leave() if yes else None
