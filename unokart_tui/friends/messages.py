"""What a friends' table tells each person: plain data, built for one person, in their language.

The lobby sends ``LobbyShown`` (or ``LobbyClosed``); the shared table sends ``TableSeen`` after every
change, the cards that moved (``CardsMoved``), the log's lines (``Logged``), banners (``BannerShown``),
notices (``Notice``: a refusal), and ``RoundEnded`` / ``MatchEnded``. A person's messages hold their own
hand and nothing of another seat's; a watcher's hold no hand at all. ``friends.wire`` writes each as one line of JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..defaults import LINE_UP, TARGET
from ..defaults import TURN_SECONDS as USUAL_TURN
from ..engine import Action, Card, Color, HouseRules, Phase, PlayerView
from ..table.messages import BannerShown, CardsMoved, Logged, Notice

MIN_SEATS, MAX_SEATS = 2, 10  # D1
TURN_SECONDS = float(USUAL_TURN)
MIN_TURN, MAX_TURN = 10, 600  # the seconds a turn's clock may be set to in the lobby


class TableSettings(NamedTuple):
    """The table as its opener sets it, as in New game. ``bots``: who plays the seats no person takes, in order."""

    target: int = TARGET
    preset: str = "official"  # the house rules' name, as the opener chose it (``rules`` holds the switches)
    rules: HouseRules = HouseRules()
    seats: int = 4
    bots: tuple[str, ...] = LINE_UP
    turn_seconds: float = TURN_SECONDS

    def bot_kinds(self, people: int) -> tuple[str, ...]:
        """The bots for the seats ``people`` leave free: ``bots`` in order, again from its start if too few."""
        free = max(0, self.seats - people)
        line_up = self.bots or LINE_UP
        return tuple(line_up[index % len(line_up)] for index in range(free))


class LobbyShown(NamedTuple):
    """The lobby as one person sees it. ``people`` in the order they sat down; ``bots``: the free seats'."""

    code: str
    you: str
    opener: str
    is_opener: bool
    watching: bool
    people: tuple[str, ...]
    watchers: tuple[str, ...]
    settings: TableSettings
    bots: tuple[str, ...]
    can_start: bool
    refusal: str | None  # why the match cannot start now, for this person; None when they can start it
    # A kept match taken up again (``waiting``): the round it goes on at (0: a new match), and the names of
    # its people not back yet (``people`` are then its people's seats, in seat order).
    awaited: tuple[str, ...] = ()
    round_number: int = 0


class LobbyClosed(NamedTuple):
    """The table is gone before its match started (its opener left)."""

    reason: str


class PublicTable(NamedTuple):
    """What everyone at the table sees, watchers included: no card of any hand, nothing of the draw pile's."""

    hand_sizes: tuple[int, ...]
    top_card: Card
    active_color: Color | None
    direction: int
    current: int
    decider: int
    phase: Phase
    draw_pile_size: int
    exposed: int | None
    scores: tuple[int, ...]
    pending_draw: int
    choice_for: str | None
    dealer: int
    winner: int | None


class Turn(NamedTuple):
    """Whose decision it is. ``seconds_left``: the turn clock when the message was built (None: no clock runs,
    a bot's or the autopilot's move). ``away``: the autopilot plays the seat (its person dropped)."""

    seat: int
    name: str
    seconds_left: float | None
    away: bool


class TableSeen(NamedTuple):
    """The table as one person sees it now.

    ``seat`` is theirs (None: they watch). ``view`` is the engine's view of their seat (None for a watcher),
    without ``public_history``: the log has told it. ``legal``: what they may decide now (their reactions
    are ``view.reactions``). ``moment`` names this moment of the match: an action sent with it is refused
    once the table has moved on (a key pressed for a decision already taken, a catch of an earlier UNO).
    """

    seat: int | None
    view: PlayerView | None
    public: PublicTable
    legal: tuple[Action, ...]
    names: tuple[str, ...]
    people: tuple[bool, ...]  # which seats people hold (the others are bots)
    away: tuple[bool, ...]
    turn: Turn | None
    round_number: int
    target: int
    moment: tuple[int, int]
    top_by: int | None = None  # who put the top card there, as everyone saw (None: the round's first card)
    top_turned: bool = False  # an Item Box its player turned (I-rules) rather than played


class RoundEnded(NamedTuple):
    """A round is over: the scores after it, and in how many seconds the next one is dealt."""

    round_number: int
    winner: int
    scores: tuple[int, ...]
    next_in: float


class MatchEnded(NamedTuple):
    """The match is over: its winner, the final scores, and every seat's score before the first round and after
    each one (public, as each round's end showed them): the round chart of the whole match, for a person who
    came to it late too (a kept match taken up again, a seat come back to)."""

    winner: int
    scores: tuple[int, ...]
    race: tuple[tuple[int, ...], ...] = ()


class Acted(NamedTuple):
    """The other way: a person's game process tells the host what they do (``SharedTable.act``)."""

    action: Action
    moment: tuple[int, int] | None = None  # the ``TableSeen.moment`` it was decided on


class LobbySettle(NamedTuple):
    """Game -> host: the opener sets the table (``Lobby.settle``), the New game form's settings as a whole."""

    settings: TableSettings


class LobbyStart(NamedTuple):
    """Game -> host: the opener starts the match (``Lobby.start``); a refusal comes back in their words."""


class AskHint(NamedTuple):
    """Game -> host: the expert's advice for this person's decision now (``SharedTable.hint``)."""


class Hinted(NamedTuple):
    """Host -> game: the advice asked for: the move (``action``) and why, in a sentence (``text``)."""

    action: Action
    text: str


# What a game process may send about its table: what its person does, and the lobby's two requests.
Request = Acted | LobbySettle | LobbyStart | AskHint

Message = (
    LobbyShown | LobbyClosed | TableSeen | Logged | BannerShown | CardsMoved | Notice | RoundEnded | MatchEnded | Hinted
)

Sender = Callable[[Message], None]  # one person's: the host carries each message to their game process


__all__ = [
    "MAX_SEATS",
    "MAX_TURN",
    "MIN_SEATS",
    "MIN_TURN",
    "TURN_SECONDS",
    "Acted",
    "AskHint",
    "BannerShown",
    "CardsMoved",
    "Hinted",
    "LobbyClosed",
    "LobbySettle",
    "LobbyShown",
    "LobbyStart",
    "Logged",
    "MatchEnded",
    "Message",
    "Notice",
    "PublicTable",
    "Request",
    "RoundEnded",
    "Sender",
    "TableSeen",
    "TableSettings",
    "Turn",
]
