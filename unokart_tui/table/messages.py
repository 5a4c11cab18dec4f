"""What the table controller tells its front end: plain data, one message per thing to show or ask.

A front end (the Textual table, a line mode, a friend's seat over the network) receives these
through ``Front.receive`` and shows them as it can. They carry only what the seat may see: its
own hand, the events as its ``Voice`` tells them, its own decisions to make.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol

from ..engine import Card, Color
from ..voice.banners import Banner
from ..voice.narration import LogLine
from .tableview import HandState, Motion, RoundSummary, SeatLine, TableInfo

if TYPE_CHECKING:
    from ..history.charts import ScoreRace


class SeatState(NamedTuple):
    """The table as the seat sees it now: every seat's line, the piles, the seat's own hand."""

    seats: tuple[SeatLine, ...]
    table: TableInfo
    hand: HandState
    where: str  # "round 2 · first to 500"


class TableShown(NamedTuple):
    state: SeatState


class Logged(NamedTuple):
    """A line for the game log."""

    line: LogLine


class LogUndone(NamedTuple):
    """The log's last ``lines`` tell moves an undo took back: the front end marks them as undone."""

    lines: int


class LogFollows(NamedTuple):
    """The log goes back to its end and follows new lines (a new round, the seat's turn after others')."""


class BannerShown(NamedTuple):
    """The line worth stopping for; None: the banner goes."""

    banner: Banner | None


class HintShown(NamedTuple):
    """The hint's words; None: the hint is about a decision taken and goes."""

    text: str | None


class Notice(NamedTuple):
    """A passing note: a refusal (severity "warning"), a confirmation."""

    text: str
    title: str = ""
    severity: Literal["information", "warning", "error"] = "information"
    timeout: float | None = None
    markup: bool = True
    passing: bool = False  # about a moment (a refusal): it goes at ``NoticesPassed``


class NoticesCleared(NamedTuple):
    """The notes on show are about a decision taken back: they go."""


class NoticesPassed(NamedTuple):
    """The table moved past the moment the passing notes were about (the player acted, or a new
    decision came to them): those notes go, the others stay."""


class QuestionsWithdrawn(NamedTuple):
    """The questions and the round's end on show are over (a shared table moved on without this seat's
    answer): their dialogs close, unanswered."""


class SaveProblem(NamedTuple):
    """Saving fails: ``summary`` says what is not saved, ``problem`` why; None: saving works."""

    summary: str | None
    problem: str = ""


class CardsMoved(NamedTuple):
    """Cards crossed the table, as the seat saw them (another seat's drawn cards face down);
    ``by_player``: the seat's own action moved them."""

    motions: tuple[Motion, ...]
    by_player: bool


class AskColour(NamedTuple):
    """The seat picks a colour; ``card``: the Wild Draw Four it is for (the seat may go back), else None."""

    reason: str
    advised: Color | None
    card: Card | None = None


class AskTarget(NamedTuple):
    """The seat picks whom to hit or swap with: (seat, name, cards) for each."""

    targets: tuple[tuple[int, str, int], ...]
    seven: bool  # a 7's swap (H4), not a Green Shell
    advised: int | None = None  # the seat the hint chose (its move led here): the one Enter takes


class AskChallenge(NamedTuple):
    """A Wild Draw Four on the seat: challenge, accept, or stack one of its own (H2)."""

    name: str
    color: Color  # the colour it was played on: what a challenge asks whether they held (C1)
    cards: int
    can_stack: bool
    called: Color | None = None  # the colour it calls, the one play goes on in


class HandRevealed(NamedTuple):
    """A challenge the seat made shows the challenged hand (C4)."""

    name: str
    cards: tuple[Card, ...]
    guilty: bool


class RoundOver(NamedTuple):
    summary: RoundSummary
    undo_refusal: str | None


class MatchOver(NamedTuple):
    summary: RoundSummary
    race: ScoreRace
    undo_refusal: str | None
    shared: bool = False  # a match friends shared: no "play again" or replay from this seat, only the way out


Message = (
    TableShown
    | Logged
    | LogUndone
    | LogFollows
    | BannerShown
    | HintShown
    | Notice
    | NoticesCleared
    | NoticesPassed
    | QuestionsWithdrawn
    | SaveProblem
    | CardsMoved
    | AskColour
    | AskTarget
    | AskChallenge
    | HandRevealed
    | RoundOver
    | MatchOver
)


class Front(Protocol):
    """A front end of one seat: it shows what it receives, and runs a callback once that is shown."""

    def receive(self, message: Message) -> None: ...

    def call_after_refresh(self, callback: Callable[[], None]) -> bool:
        """Run ``callback`` once what was received so far is on show (the next frame, the next prompt)."""
        ...
