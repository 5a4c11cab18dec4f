"""Saving at the table: while it fails, the seat is told what is not saved, and saving is tried again.

The session saves every action itself; this watches it for the seat: it says when saving fails and
when it works again, retries on the injected clock, and says what leaving now would lose.
"""

from __future__ import annotations

from collections.abc import Callable

from ..voice import _, ngettext
from .messages import Message, Notice, SaveProblem
from .pacing import Clock, Stoppable
from .session import Session


class SaveWatch:
    """``retry_after``: the seconds between attempts now (the pace's, which the settings may change)."""

    def __init__(
        self, session: Session, clock: Clock, send: Callable[[Message], None], retry_after: Callable[[], float]
    ) -> None:
        self.session, self.clock, self.send, self.retry_after = session, clock, send, retry_after
        self.saved_moves: int | None = None if session.save_error else self.moves()  # the moves the file holds
        self.problem_shown = False
        self.retry: Stoppable | None = None

    def moves(self) -> int:
        return sum(len(actions) for actions in self.session.match.history)

    def report(self) -> None:
        """While saving fails the seat is told, and saving is tried again every few seconds until it works."""
        problem = self.session.save_error
        if problem is None:
            if self.problem_shown:
                self.send(Notice(_("Saved again: nothing is lost."), _("Saving works")))
                self.problem_shown = False
                self.send(SaveProblem(None))
            self.saved_moves = self.moves()
            return
        self.problem_shown = True
        summary = _("⚠ Saving fails: {unsaved}. Trying again every few seconds.").format(unsaved=self.unsaved())
        self.send(SaveProblem(summary, problem))
        if self.retry is None:
            self.retry = self.clock.set_timer(self.retry_after(), self.try_again)

    def try_again(self) -> None:
        self.retry = None
        self.session.save()
        self.report()

    def unsaved(self) -> str:
        """What the save file lacks, in words: "the last 3 moves are not saved"."""
        if self.saved_moves is None:
            return _("this match was never saved")
        count = self.moves() - self.saved_moves
        return ngettext("the last {count} move is not saved", "the last {count} moves are not saved", count).format(
            count=count
        )

    def leave_warning(self) -> str:
        """What leaving now would lose, for the question "Leave this match?"."""
        problem = self.session.save_error
        if problem is None:
            return _("It is saved: continue it later from the title.")
        if self.saved_moves is None:
            words = _(
                "Saving fails ({problem}): {unsaved}. Leave now and it is lost; stay, and it will be saved "
                "as soon as saving works again."
            )
        else:
            words = _(
                "Saving fails ({problem}): {unsaved}. Leave now and they are lost; stay, and they will be saved "
                "as soon as saving works again."
            )
        return words.format(problem=problem, unsaved=self.unsaved())
