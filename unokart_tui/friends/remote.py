"""A seat of a table shared with friends, played in the game process: the table decides on the host.

``RemoteTable`` stands where ``table.TableController`` stands for a front end (``table.front.SeatTable``):
the game screen and the line mode hand it the seat's intentions and show the ``table.messages`` it sends
them. It holds no match. What the host sends (``friends.messages``, one JSON object a message, read back
with ``friends.wire``) becomes the messages a front end already shows; an intention becomes an ``Acted``
with the table's moment, sent to the host, which decides. Until the host answers, nothing changes here:
a refused move changes nothing, and the host says why (a ``Notice``).

**Your seat at the bottom.** The game screen draws its own seat as seat 0, the first after it to its left.
Here every seat number the front end is told is counted from this person's seat (``shown``), and every
action sent to the host is counted back (``real``): the order of play stays the same.

**What the widgets read.** The table's helpers (``table.tableview``) read a round. The host sends the seat's
own view and nothing else, so the round read here is the view's table with its hidden cards filled in at
random (``engine.determinize``). Those cards are invented, and nothing of them is ever sent on: the state
takes from that round only what the view itself says, such as the hand sizes, the pile's size and whose
turn it is. The seat's own cards, and which of them can be played, come from the host's ``legal`` actions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import NamedTuple

from ..engine import (
    Accept,
    Action,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    JumpIn,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rank,
    SayUno,
    determinize,
)
from ..glyphs import UNICODE, Glyphs
from ..history.charts import ScoreRace
from ..table import keys
from ..table.messages import (
    AskColour,
    BannerShown,
    CardsMoved,
    Front,
    HintShown,
    LogFollows,
    Logged,
    MatchOver,
    Message,
    Notice,
    QuestionsWithdrawn,
    RoundOver,
    SeatState,
    TableShown,
)
from ..table.pacing import Clock, Pace, Stoppable
from ..table.questions import question_of
from ..table.tableview import (
    HandState,
    Motion,
    RoundSummary,
    applies,
    place_cursor,
    seat_lines,
    sorted_hand,
    status,
    table_info,
)
from ..table.uno import UnoAhead
from ..voice import _
from ..voice import friends as words
from ..voice.banners import Banner
from ..voice.cards import short
from ..voice.notes import TableNotes
from . import wire
from .channel import REFUSED
from .messages import Acted, AskHint, Hinted, MatchEnded, RoundEnded, TableSeen
from .shown import Shown, scored, shift, shifted_view, watcher_state, with_seats

YOU = 0  # the seat's own number in everything the front end is told
TICK = 1.0  # seconds between two redraws of the turn clock
NOTICE_SECONDS = 5.0  # a refusal said again while it is on show adds no copy of it

Sender = Callable[[Mapping[str, object]], object]  # ``TableChannel.send``


class Pacing(NamedTuple):
    """The pace as the front end's animations read it; the host keeps the table's, the same for everyone."""

    fast: bool = False
    pace: Pace = Pace()


class RemoteTable:
    """The table of one person's seat at a shared table: intentions to the host as ``Acted``, its messages shown.

    ``send`` carries one JSON object to the host (``TableChannel.send``); ``take`` is given each object the
    host sends, on the front end's thread.
    """

    def __init__(
        self,
        front: Front,
        send: Sender,
        *,
        clock: Clock,
        glyphs: Glyphs = UNICODE,
        pace: Pace | None = None,
        uno_helper: bool = False,
    ) -> None:
        self.front = front
        self._send = send
        self.clock = clock
        self.glyphs = glyphs
        self.uno_helper = uno_helper
        self.pacer = Pacing(pace=pace or Pace())
        self.cursor = 0
        self.seen: TableSeen | None = None  # the host's last word on the table, as it sent it
        self.view: PlayerView | None = None  # the seat's view, its seats counted from it
        self.shown: Shown | None = None
        self.names: tuple[str, ...] = ()  # counted from the seat
        self.notes = TableNotes(0, glyphs)
        self.hand = HandState()
        self.uno_ahead = UnoAhead()
        self.stopped = False
        self.match_over = False
        self._cursor_to_playable = True
        self._pending: list[Mapping[str, object]] = []  # what came before the front end opened the table
        self._opened = False
        self._seen_at = clock.now()  # when ``seen`` came: the turn clock counts down from it
        self._decision_at = clock.now()  # when the seat's decision now was put to it
        self._pressed_at: float | None = None
        self._asked: tuple[int, int] | None = None  # the moment whose question was put (once, not at every redraw)
        # Found over ssh: a question stayed on screen after the host moved on (the clock ran out and the
        # autopilot answered, or another player started the next round), its countdown frozen. What is
        # open: the moment of the question on show, and the round whose end is on show.
        self._question_for: tuple[int, int] | None = None
        self._round_over_for: int | None = None
        self._scored: tuple[int, tuple[int, ...]] | None = None  # the round just ended, and the scores after it
        self._tick: Stoppable | None = None
        self._banners = 0
        self._refusal: tuple[str, float] = ("", -math.inf)
        self._race: list[tuple[int, ...]] = []  # the scores before the first round seen and after each one

    # ------------------------------------------------------------------ what SeatTable asks

    @property
    def saving(self) -> RemoteTable:
        return self  # nothing is saved here: the host saves the match after every action

    def leave_warning(self) -> str:
        return words.leave_seat()

    def send(self, message: Message) -> None:
        self.front.receive(message)

    def call_after_refresh(self, callback: Callable[[], None]) -> bool:
        return self.front.call_after_refresh(callback)

    def open(self) -> bool:
        """What the host sent before the front end was ready is shown now. Never a match that starts here."""
        self._opened = True
        pending, self._pending = self._pending, []
        for data in pending:
            self.arrived(data)
        return False

    def go(self) -> None:
        self.show_table()

    def hold(self) -> None:
        """A dialog is over the table: the host does not wait for it (everyone's table plays on)."""

    def release(self) -> None:
        self.show_table()

    def stop(self) -> None:
        self.stopped = True
        self._cancel_tick()

    def use_settings(self, *, uno_helper: bool, undo: bool, glyphs: Glyphs, pace: Pace) -> None:
        self.uno_helper = uno_helper
        self.glyphs = self.notes.glyphs = glyphs
        self.pacer = Pacing(pace=pace)
        self.show_table()

    # ------------------------------------------------------------------ what the host sends

    def arrived(self, data: Mapping[str, object]) -> None:
        """One object the host sent: the table's messages, a hint, a refusal; shown as the front end shows them."""
        if self.stopped:
            return
        if not self._opened:
            self._pending.append(data)
            return
        said = data.get("words")
        if data.get("type") == REFUSED and isinstance(said, str):
            self.send(Notice(said, severity="warning", markup=False))
            return
        try:
            message = wire.from_json(data)
        except (ValueError, TypeError):  # wire.WireError is a ValueError
            self.send(Notice(words.host_unreadable(), severity="error"))
            return
        match message:
            case Hinted(_action, text):
                self.send(HintShown(text))  # the hint's view says "Hint:" before it
            case TableSeen():
                self.take_seen(message)
            case CardsMoved(moved, by_player):
                self.moved(moved, by_player=by_player)
            case BannerShown(banner):
                self.show_banner(banner)
            case Logged() | Notice():
                self.send(message)
            case RoundEnded(number, winner, scores, _next_in):
                self._round_over_for = number
                summary = self.summary(winner, scores)
                self.scores_after_round(scores)
                self.send(RoundOver(summary, None))
            case MatchEnded(winner, scores, whole_race):
                self.match_over = True
                summary = self.summary(winner, scores)  # the last round's scores join the race
                self.scores_after_round(scores)
                names = self.seen.names if self.seen else ()
                # The host's race holds every round; what this process saw itself, only the rounds since it came.
                known = whole_race and all(len(row) == len(names) for row in whole_race)
                race = ScoreRace(names, tuple(whole_race) if known else tuple(self._race), self.target)
                self.send(MatchOver(summary, race, None, shared=True))
                self._cancel_tick()
            case _:  # the lobby's messages: the lobby screen's business, not the table's
                return

    @property
    def target(self) -> int:
        return 0 if self.seen is None else self.seen.target

    @property
    def watching(self) -> bool:
        """This person watches: no seat, no hand, nothing to do but read the table."""
        return self.seen is not None and self.seen.seat is None

    def scores_after_round(self, scores: tuple[int, ...]) -> None:
        """The round is over: the table shows the scores after it, as a table played here does."""
        seen = self.seen
        if seen is None:
            return
        self._scored = (seen.round_number, scores)
        self.seen = scored(seen, scores)
        if self.seen.view is not None and self.shown is not None:
            self.view = shifted_view(self.seen.view, seen.seat or 0)
            self.shown = self.shown._replace(scores=self.view.scores, is_over=self.match_over)
        self.show_table()

    def take_seen(self, seen: TableSeen) -> None:
        if self._scored is not None and self._scored[0] == seen.round_number:  # told after the round's end
            seen = scored(seen, self._scored[1])
        before = self.seen
        stale = self._question_for is not None and self._question_for != seen.moment
        if stale or (self._round_over_for is not None and seen.round_number > self._round_over_for):
            self._question_for = self._round_over_for = None
            self.send(QuestionsWithdrawn())  # before anything is asked anew below
        you, seats = seen.seat or 0, len(seen.names)
        if before is None or before.round_number != seen.round_number:
            self.notes = TableNotes(seats, self.glyphs)
            self.uno_ahead.drop()
            self.cursor, self._cursor_to_playable = 0, True
            self._race = self._race or [seen.public.scores]
            if before is not None:
                self.send(LogFollows())
        if self.notes.top_by is None and seen.top_by is not None:  # arrived after the top card was put there
            self.notes.top_by, self.notes.top_turned = shift(seen.top_by, you, seats), seen.top_turned
        now = self.clock.now()
        deciding = bool(seen.legal)
        if before is None or before.moment != seen.moment:
            self.send(HintShown(None))  # a hint is for the decision it was given on
            if deciding and seen.view is not None:
                self._decision_at = now
                if seen.view.phase is Phase.PLAY:
                    self._cursor_to_playable = True
        self.seen, self._seen_at = seen, now
        if seen.view is None:  # a watcher's: what everyone sees, and no hand (``watcher_state``)
            self.view = self.shown = None
            self.names = seen.names
            self.show_table()
            self.start_tick()
            return
        self.view = shifted_view(seen.view, you)
        self.names = seen.names[you:] + seen.names[:you]
        # The hidden cards of the round the helpers read are made up (see the module's words): seeded, so the
        # same message draws the same table.
        made_up = determinize(self.view, random.Random(seen.moment[0] * 1000 + seen.moment[1]))
        self.shown = Shown(self.names, made_up, self.view.scores, self.view.rules, seen.target, self.match_over)
        self.show_table()
        self.ask()
        self.start_tick()

    def moved(self, moved: tuple[Motion, ...], *, by_player: bool) -> None:
        """Cards crossed the table: shown from this seat, and each mover's line says what it did."""
        seen = self.seen
        if seen is None:
            return
        you, seats = seen.seat or 0, len(seen.names)
        turned = tuple(motion._replace(seat=shift(motion.seat, you, seats)) for motion in moved)
        for motion in turned:
            self.note(motion)
        self.send(CardsMoved(turned, by_player))

    def note(self, motion: Motion) -> None:
        """A seat's last move, from the cards it moved (the log tells the rest)."""
        notes, seat = self.notes, motion.seat
        if motion.kind == "play" and motion.card is not None:
            notes.last[seat] = _("played {card}").format(card=short(motion.card, self.glyphs))
            notes.top_by, notes.top_turned = seat, False
        elif motion.kind == "turn":
            notes.top_by, notes.top_turned = seat, True
        elif motion.kind == "draw":
            notes.last[seat] = words.drew(motion.cards)
            notes.said_uno.discard(seat)
        else:
            return
        notes.story[seat].append(notes.last[seat])

    def summary(self, winner: int, scores: tuple[int, ...]) -> RoundSummary:
        """A round's end as this seat may know it: who won and the scores; nobody's cards (they were not sent)."""
        seen = self.seen
        names = seen.names if seen is not None else ()
        before = seen.public.scores if seen is not None else scores
        self._race.append(scores)
        listed = ", ".join(f"{who} {score}" for who, score in zip(names, scores, strict=True))
        return RoundSummary(names[winner], scores[winner] - before[winner], (), listed)

    def show_banner(self, banner: Banner | None) -> None:
        self._banners += 1
        self.send(BannerShown(banner))
        seconds = self.pacer.pace.banner_seconds
        if banner is not None and banner.kind != "exposed" and seconds is not None:
            number = self._banners
            self.clock.set_timer(seconds, lambda: self._hide_banner(number))

    def _hide_banner(self, number: int) -> None:
        if number == self._banners and not self.stopped:
            self.send(BannerShown(None))

    # ------------------------------------------------------------------ what the seat sees

    def seconds_left(self) -> int | None:
        """The turn clock now, counted down here from what the host said; None while no clock runs."""
        seen = self.seen
        if seen is None or seen.turn is None or seen.turn.seconds_left is None:
            return None
        return math.ceil(max(0.0, seen.turn.seconds_left - (self.clock.now() - self._seen_at)))

    def state(self) -> SeatState:
        if self.watching:
            assert self.seen is not None
            self.hand = HandState(glyphs=self.glyphs)
            return watcher_state(self.seen, self.notes, self.seconds_left(), self.glyphs)
        seen, view, shown = self.seen, self.view, self.shown
        assert seen is not None and view is not None and shown is not None and seen.seat is not None
        you, seats = seen.seat, len(seen.names)
        turned = [shift(seat, -you, seats) for seat in range(seats)]  # a seat shown here: the host's number
        kinds = ["human" if seen.people[real] else "bot" for real in turned]
        lines = list(seat_lines(shown, kinds, self.notes, YOU, glyphs=self.glyphs))
        for seat, real in enumerate(turned):
            if seen.away[real] and seat != YOU:
                lines[seat] = lines[seat]._replace(last=words.seat_away(lines[seat].last))
        cards = sorted_hand(view.hand)
        legal_cards = {action.card for action in seen.legal if isinstance(action, Play)}
        playable = frozenset(index for index, card in enumerate(cards) if card in legal_cards)
        drawn = view.drawn if view.phase is Phase.DRAWN else None
        self.cursor = place_cursor(cards, playable, self.cursor, drawn=drawn, to_playable=self._cursor_to_playable)
        if self._cursor_to_playable and playable:
            self._cursor_to_playable = False
        waiting = status(shown, YOU, thinking=False, held=False)  # the bots' kinds are the host's to know
        left = self.seconds_left()
        if left is not None:
            waiting = words.turn_clock(waiting, left)
        title = [_("Your hand ({count}) — {status}").format(count=len(cards), status=waiting)]
        title += [_("[UNO ready]")] if self.uno_ahead.armed else []
        self.hand = HandState(cards, playable, self.cursor, "  ".join(title), self.glyphs)
        where = _("round {number} · first to {target}").format(number=seen.round_number, target=seen.target)
        return SeatState(tuple(lines), table_info(shown, self.notes, YOU, self.glyphs), self.hand, where)

    def show_table(self) -> None:
        if self.seen is not None and (self.view is not None or self.watching) and not self.stopped:
            self.send(TableShown(self.state()))

    def start_tick(self) -> None:
        """The turn clock is redrawn every second while it runs."""
        self._cancel_tick()
        left = self.seconds_left()
        if left is not None and left > 0 and not self.stopped:
            self._tick = self.clock.set_timer(TICK, self._ticked)

    def _ticked(self) -> None:
        self._tick = None
        self.show_table()
        self.start_tick()

    def _cancel_tick(self) -> None:
        if self._tick is not None:
            self._tick.stop()
            self._tick = None

    def ask(self) -> None:
        """The seat's decision needs a question (a colour, a target, a challenge): asked once a moment."""
        seen, view = self.seen, self.view
        if seen is None or view is None or not seen.legal or self._asked == seen.moment:
            return
        legal = [with_seats(action, lambda seat: shift(seat, seen.seat or 0, len(seen.names))) for action in seen.legal]
        asked = question_of(view, self.names, legal, None)
        if asked is not None:
            self._asked = seen.moment
            self.put(asked)

    def put(self, question: Message) -> None:
        """A question for the decision now: its dialog closes by itself if the host moves on without an answer."""
        self._question_for = None if self.seen is None else self.seen.moment
        self.send(question)

    # ------------------------------------------------------------------ the seat's intentions

    def may(self, intent: str) -> bool:
        """Whether ``intent`` does something now; the ``…_refused`` forms say why not. ValueError if unknown."""
        if intent != "move_to" and intent not in keys.INTENTS:
            raise ValueError(f"the table knows no intention {intent!r}")
        shown = self.shown
        if self.seen is None:
            return False
        if intent in ("undo", "undo_off", "hinted", "autopilot", "fast"):
            return False  # the host holds the match: nothing to take back, one pace for all, its own autopilot
        if self.watching:
            return False
        if intent == "undo_refused":
            return True  # z says why there is no undo here
        if intent == "hint":
            return bool(self.seen.legal)
        if shown is None:
            return False
        if intent in ("missed_catch", "missed_jump"):
            return not applies(intent.removeprefix("missed_"), shown, YOU)
        if intent == "draw_refused":  # d that neither draws nor takes: the host's refusal says why
            return not applies("draw", shown, YOU) and not applies("take", shown, YOU)
        return applies("move" if intent == "move_to" else intent, shown, YOU)

    def intend(self, intent: str, *arguments: int) -> None:
        if intent != "move_to" and intent not in keys.INTENTS:
            raise ValueError(f"the table knows no intention {intent!r}")
        refusals: dict[str, Callable[[], str]] = {
            "undo": words.no_undo,
            "undo_refused": words.no_undo,
            "undo_off": words.no_undo,
            "autopilot": words.no_autopilot,
            "fast": words.pace_is_shared,
            "missed_jump": words.no_jump_in,
            "missed_catch": lambda: _("Nobody can be caught right now."),
        }
        if self.watching and intent not in ("move", "move_to"):
            self.refuse(words.is_watching())
            return
        if intent in refusals:
            self.refuse(refusals[intent]())
            return
        named = {"play": "play_selected", "hinted": "play_selected", "draw_refused": "draw"}
        method: Callable[..., None] = getattr(self, named.get(intent, intent))
        method(*arguments)

    def press(self, at: float) -> None:
        self._pressed_at = at

    def refuse(self, reason: str) -> None:
        now = self.clock.now()
        if self._refusal[0] == reason and now - self._refusal[1] < NOTICE_SECONDS:
            return
        self._refusal = (reason, now)
        self.send(Notice(reason, "", "warning"))

    def is_decision(self) -> bool:
        """The seat decides now, and the key was pressed for this decision; if not, say why."""
        pressed = self.clock.now() if self._pressed_at is None else self._pressed_at
        self._pressed_at = None
        if self.seen is None or not self.seen.legal:
            self.refuse(_("Wait for your turn."))
            return False
        if pressed < self._decision_at:
            self.refuse(_("That key was pressed before your turn began: press it again."))
            return False
        return True

    def act(self, action: Action) -> None:
        """``action`` to the host, with the moment it was decided on; the host decides, and tells everyone."""
        seen = self.seen
        if seen is None or seen.seat is None:
            return
        you, seats = seen.seat, len(seen.names)
        real = with_seats(action, lambda seat: shift(seat, -you, seats))
        if isinstance(action, (Play, JumpIn, Draw)):
            self.uno_ahead.drop()  # UNO said ahead goes with this play (or a draw ended it)
        self._send(wire.as_json(Acted(real, seen.moment)))

    def move(self, step: int) -> None:
        count = len(self.hand.cards)
        if count:
            self.cursor = (self.cursor + step) % count
            self.show_table()

    def move_to(self, place: int) -> None:
        count = len(self.hand.cards)
        if count:
            self.cursor = place % count
            self.show_table()

    def selected_card(self) -> Card | None:
        cards = self.hand.cards
        return cards[min(self.cursor, len(cards) - 1)] if cards else None

    def play_selected(self) -> None:
        card = self.selected_card()
        if card is not None:
            self.play(card)

    def click(self, position: int) -> None:
        self.cursor = position
        self.show_table()
        self.play_selected()

    def play(self, card: Card) -> None:
        if not self.is_decision():
            return
        assert self.view is not None
        if self.view.phase not in (Phase.PLAY, Phase.DRAWN, Phase.STACK):
            self.refuse(_("Wait for your turn."))
            return
        if card.rank is Rank.WILD_DRAW_FOUR and card in {a.card for a in self.legal if isinstance(a, Play)}:
            self.put(AskColour(_("for your Wild Draw Four"), None, card))
            return
        self.act(Play(card, None, self.says_uno(card)))

    @property
    def legal(self) -> tuple[Action, ...]:
        return () if self.seen is None else self.seen.legal

    def says_uno(self, card: Card) -> bool:
        assert self.view is not None
        return self.uno_ahead.with_play(card, self.view.hand, self.view.rules, helper=self.uno_helper)

    def draw(self) -> None:
        if self.is_decision():
            self.act(Draw())

    def keep(self) -> None:
        if self.is_decision():
            self.act(Pass())

    def take(self) -> None:
        """Take a stack's whole total (H1-H3)."""
        if self.is_decision():
            self.act(Accept())

    def jump(self) -> None:
        view = self.view
        twin = None if view is None else next((a for a in view.reactions if isinstance(a, JumpIn) and not a.uno), None)
        if twin is None:
            self.refuse(words.no_jump_in())
            return
        self.act(JumpIn(YOU, twin.card, self.says_uno(twin.card)))

    def uno(self) -> None:
        view = self.view
        if view is not None and view.exposed == YOU:
            self.act(SayUno(YOU))
            return
        self.uno_ahead.toggle()
        self.show_table()

    def catch(self) -> None:
        view = self.view
        if view is None or CatchUno(YOU) not in view.reactions:
            self.refuse(_("Nobody can be caught right now."))
            return
        self.act(CatchUno(YOU))

    def hint(self) -> None:
        if not self.legal:
            self.refuse(_("A hint is for your own turn."))
            return
        self._send(wire.as_json(AskHint()))

    def dialog_hint(self) -> str:
        """A hint asked in a dialog: the host works it out, and it shows under the table when it comes."""
        self.hint()
        return words.hint_asked()

    def choose_colour(self, color: Color, card: Card | None = None) -> None:
        self._question_for = None
        if card is None:
            self.act(ChooseColor(color))
        else:
            self.act(Play(card, color, self.says_uno(card)))

    def choose_target(self, seat: int) -> None:
        self._question_for = None
        self.act(ChooseTarget(seat))

    def answer_challenge(self, answer: str) -> None:
        self._question_for = None
        if answer == "challenge":
            self.act(Challenge())
        elif answer == "accept":
            self.act(Accept())
        else:  # H2: a Wild Draw Four of the seat's on the lone one, its colour asked first
            four = next(a.card for a in self.legal if isinstance(a, Play))
            self.put(AskColour(_("for your Wild Draw Four"), None, four))

    def start_next_round(self) -> None:
        """The round's notice is closed: the host deals the next round when its pause is over."""
        self._round_over_for = None
        self.show_table()


__all__ = ["Pacing", "RemoteTable"]
