"""The table several people share: one match, held in one place on the host, played by people and bots.

- **One place decides.** Every action, a person's (``act``), a bot's or the autopilot's, goes
  through ``_apply`` under one lock: the first to act wins, and the next finds the table as the
  first left it. An illegal action raises ``RulesError`` and changes nothing; the person who sent
  it is told why, in their language.
- **The same fair windows as with bots** (``table.pacing``): a forgotten UNO holds every bot back
  for the catch window, so each person may catch it or say their own UNO late (two windows for a
  person whose hand just changed places, H4); then the bots react, fastest first. After a card one
  may jump in on (H5), with a person present, nothing happens for the jump window, whatever anyone
  holds (a wait only for a held twin is a tell); a bot's jump-in waits for it and its reaction time.
- **A clock per decision.** A person has ``turn_seconds`` for each decision; when it runs out the
  autopilot (the expert, as ``a`` at the table) plays it, finishes the move it began (the drawn
  card, a colour, a target), and every seat's log says so.
- **Away.** A person who drops is away: the autopilot plays their seat after the bots' delay and the
  others see the mark. The same key coming back takes the seat again (``connect``).
- **Honest.** Each person is sent their seat's view and the log in their own voice; a watcher gets
  what everyone sees and no hand. Nothing else leaves this class.
- **Saved.** After every action the match is written in the saves' format (``saves.dumps``) and
  handed to the injected ``save``, the host's: the opener's saves. At each round's end the match as
  saved, and its people, go to the injected ``recorded``: each person's statistics (``recording``).

Time is the injected ``Clock``'s (a test moves a fake one on); nothing here reads a clock itself.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from math import inf

import saves
from ai.driver import Driver
from ai.expert import ExpertBot
from saves import SavedGame, SaveError, Seat

from ..engine import (
    Action,
    CatchUno,
    Event,
    HandsPassed,
    HandsSwapped,
    HouseRules,
    JumpIn,
    Match,
    Phase,
    PlayerExposed,
    RulesError,
    SayUno,
)
from ..history.timeline import score_race
from ..table.advisor import Hint, advise, advisor
from ..table.messages import BannerShown, CardsMoved, Logged, Notice
from ..table.pacing import Clock, Pace, Stoppable, jump_moment
from ..table.tableview import motions
from ..voice import _, speaking
from ..voice import friends as words
from ..voice.narration import LogLine, Voice, log_line
from ..voice.refusals import refusal
from .keeping import kept_people, kept_turn, key_mark, make_bots, marked, read_kept, recall, seating
from .messages import TURN_SECONDS, LobbyClosed, MatchEnded, Message, RoundEnded, Sender, TableSeen, Turn
from .people import Person
from .present import Exposure, Listener
from .recording import Recorded
from .telling import NOBODY, Piloted, RecentLog, seen, told

ROUND_PAUSE = 8.0  # seconds between a round's end and the next deal: time to read the scores
# Decisions that finish a move begun just before (T3's drawn card, a wild's colour, a target): the
# autopilot finishes a move it began, as at the table (``table.advisor``).
FOLLOW_UPS = frozenset({Phase.DRAWN, Phase.CHOOSE_COLOR, Phase.CHOOSE_TARGET})
REACTIONS = (SayUno, CatchUno, JumpIn)
_EARLY = 1e-9  # a timer fires at its moment give or take a rounding: it counts as on time


class SharedTable:
    """One match, its people by seat (``people``), the bots in the other seats, and everyone connected."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[Seat],
        people: Mapping[int, Person],
        *,
        clock: Clock,
        save: Callable[[str], None] | None = None,
        pace: Pace | None = None,
        turn_seconds: float = TURN_SECONDS,
        round_pause: float = ROUND_PAUSE,
        created: datetime | None = None,
        wall: Callable[[], datetime] | None = None,
        recorded: Recorded | None = None,
    ) -> None:
        humans = {seat for seat, info in enumerate(seats) if info.kind == "human"}
        if len(seats) != len(match.names) or humans != set(people):
            raise ValueError(f"people must sit exactly at the human seats {sorted(humans)}, not {sorted(people)}")
        if len(people) < 1:
            raise ValueError("a shared table needs a person at it")
        self.match = match
        self._writer = saves.SaveWriter()  # keeps the rounds it wrote: a move writes its own action
        self.seats = tuple(seats)
        self.people = dict(people)
        self.clock = clock
        self.pace = pace or Pace()
        self.turn_seconds = turn_seconds
        self.round_pause = round_pause
        self._save_to = save
        self._wall = wall or (lambda: datetime.now(UTC).replace(microsecond=0))
        self.created = self.updated = created or self._wall()
        self._recorded = recorded
        self.driver = Driver(make_bots(self.seats))
        self.save_failure: SaveError | None = None  # the last save's, until one succeeds again
        self._experts: dict[int, ExpertBot] = {}
        self._listeners: dict[str, Listener] = {}
        self._away: set[int] = set(self.people)  # nobody is connected yet
        self._left: set[int] = set()  # people who went once the match was over: not away, just gone
        self._broken: set[str] = set()  # people whose callable failed: they are dropped
        self._lock = threading.RLock()
        self._timer: Stoppable | None = None
        self._wakes = 0
        self._begun = False
        self._acted_at = clock.now()
        self._decision: tuple[int, int] | None = None
        self._decision_began = clock.now()
        self._exposure: Exposure | None = None
        self._jump_began: float | None = None  # since when the top card may be jumped in on (H5), or None
        self._piloted: int | None = None  # the seat whose move the autopilot began
        self._jump_tried: tuple[int, int] | None = None  # the decision a bot's jump-in was last tried on (H5b)
        self._recent = RecentLog()  # told again to whoever arrives once play has begun
        self._top_by: int | None = None  # who put the top card there (None: the round's first card)
        self._top_turned = False  # the top card was turned by its player (an Item Box), not played

    # ------------------------------------------------------------------ starting

    @classmethod
    def new(
        cls,
        people: Sequence[Person],
        bots: Sequence[str],
        *,
        seed: int | None = None,
        target: int = 500,
        rules: HouseRules | None = None,
        clock: Clock,
        save: Callable[[str], None] | None = None,
        pace: Pace | None = None,
        turn_seconds: float = TURN_SECONDS,
        round_pause: float = ROUND_PAUSE,
        wall: Callable[[], datetime] | None = None,
        recorded: Recorded | None = None,
    ) -> SharedTable:
        """A new match: ``people`` in the first seats, in their order, then a bot of each kind in ``bots``."""
        match, seats, seated = seating(people, bots, seed=seed, target=target, rules=rules)
        return cls(
            match,
            seats,
            seated,
            clock=clock,
            save=save,
            pace=pace,
            turn_seconds=turn_seconds,
            round_pause=round_pause,
            wall=wall,
            recorded=recorded,
        )

    @classmethod
    def resume(
        cls,
        text: str,
        people: Mapping[int, Person] | None = None,
        *,
        clock: Clock,
        source: str = "<save>",
        opener: str | None = None,
        save: Callable[[str], None] | None = None,
        pace: Pace | None = None,
        turn_seconds: float | None = None,
        round_pause: float = ROUND_PAUSE,
        wall: Callable[[], datetime] | None = None,
        recorded: Recorded | None = None,
    ) -> SharedTable:
        """A match kept in a save (``text``); ``SaveError`` if unreadable. Its human seats go back to ``people``,
        by default to the keys the save marks them with (``keeping``), each taken when that key connects."""
        game = read_kept(text, source)
        table = cls(
            game.match,
            game.seats,
            kept_people(game.seats, opener) if people is None else people,
            clock=clock,
            save=save,
            pace=pace,
            turn_seconds=kept_turn(game.seats) if turn_seconds is None else turn_seconds,
            round_pause=round_pause,
            created=game.created,
            wall=wall,
            recorded=recorded,
        )
        table._top_by, table._top_turned = recall(game.match, table._recent)
        return table

    def begin(self) -> None:
        """Play starts (or goes on, for a resumed match): everyone connected is told, and the table runs."""
        with self._lock:
            self._begun = True
            match = self.match
            fresh = match.round_number == 1 and not match.history[0]
            if fresh:
                self._save()  # a new match is kept from its deal on, as a match against bots is
                start = match.start_events
                self._recent.said(lambda voice: [log_line(event, voice) for event in start])
            for listener in list(self._listeners.values()):
                with speaking(listener.person.language):
                    if fresh:
                        lines = [log_line(event, listener.voice) for event in match.start_events]
                    else:
                        lines = [
                            self._line(_("Welcome back: round {number} goes on.").format(number=match.round_number))
                        ]
                for line in lines:
                    self._deliver(listener, Logged(line))
            self._note_decision()
            self._show_all()
            self._step()
            self._settle_broken()

    # ------------------------------------------------------------------ people come and go

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def away(self) -> frozenset[int]:
        """The people's seats the autopilot plays now: their person is not connected."""
        return frozenset(self._away)

    @property
    def connected(self) -> frozenset[str]:
        """The keys of everyone connected now, people and watchers."""
        return frozenset(self._listeners)

    @property
    def everyone_gone(self) -> bool:
        """No person is connected: the table waits (the autopilot does not play a match nobody watches over).

        The host may then ``close`` it: the match is kept as last saved, to be resumed with the same people.
        """
        return self._away | self._left == set(self.people)

    @property
    def finished(self) -> bool:
        return self.match.is_over

    def seat_of(self, key: str) -> int | None:
        """The seat of ``key``'s person: theirs at this match, or kept for their key's mark (a match taken up again)."""
        mark = key_mark(key)
        return next((seat for seat, person in self.people.items() if person.key in (key, mark)), None)

    def connect(self, person: Person, send: Sender) -> int | None:
        """``person`` is at the table: at their seat (returned) when their key has one, else watching (None).

        The same key coming back takes its seat from the autopilot again.
        """
        with self._lock:
            seat = self.seat_of(person.key)
            if seat is not None:  # a seat kept for the key's mark is the key's from now on
                self.people[seat] = self.people[seat]._replace(key=person.key, language=person.language)
            listener = Listener(person, seat, send, self.names)
            self._listeners[person.key] = listener
            back = seat is not None and seat in self._away
            if seat is not None:
                self._away.discard(seat)
                self._left.discard(seat)
            if self._begun:
                with speaking(person.language):
                    if seat is None:
                        welcome = words.watching()
                    elif back:
                        welcome = words.back(seat, listener.voice)
                    else:
                        welcome = _("Welcome back: round {number} goes on.").format(number=self.match.round_number)
                    retold = self._recent.retold(listener.voice)
                for line in retold:
                    self._deliver(listener, Logged(line))
                self._deliver(listener, Logged(self._line(welcome)))
                if seat is None:  # the people are told who watches them play
                    self._tell_all(lambda voice: words.now_watching(person.name), skip=person.key)
                if back:
                    assert seat is not None
                    self._tell_all(lambda voice: words.back(seat, voice), skip=person.key)
                    if self.match.round.decider == seat:
                        self._decision_began = self.clock.now()  # a fresh clock for the decision found waiting
                self._show_all()
                self._step()
            self._settle_broken()
            return seat

    def drop(self, key: str) -> None:
        """The person of ``key`` left (or their connection did): their seat is away; a watcher just goes."""
        with self._lock:
            listener = self._listeners.pop(key, None)
            self._broken.discard(key)
            if listener is None:
                return
            if listener.seat is None:
                if self._begun:
                    self._tell_all(lambda voice: words.stopped_watching(listener.person.name))
                self._settle_broken()
                return
            seat = listener.seat
            if self.match.is_over:  # found over ssh: the winner, leaving the final scores, was shown "away"
                self._left.add(seat)
                self._tell_all(lambda voice: words.left_table(seat, voice))
                self._settle_broken()
                return
            self._away.add(seat)
            if self._begun:
                self._tell_all(lambda voice: words.away(seat, voice))
                self._show_all()
                self._step()
            self._settle_broken()

    def close(self) -> None:
        """The host lets the table go: nothing happens any more (the match stays as last saved).

        Those still watching are told, and go: found over ssh, they were left before a table that never moved.
        """
        with self._lock:
            self._begun = False
            self._cancel()
            watchers, self._listeners = list(self._listeners.values()), {}
            for listener in watchers:
                with speaking(listener.person.language):
                    listener.send(LobbyClosed(words.everyone_left()))

    # ------------------------------------------------------------------ a person acts

    def act(self, key: str, action: Action, moment: tuple[int, int] | None = None) -> list[Event]:
        """The person of ``key`` does ``action`` for their seat; ``moment``: the ``TableSeen.moment`` they acted on.

        The first to act wins. A refused action raises ``RulesError``, changes nothing, and its person is
        sent a ``Notice`` saying why, in their language.
        """
        with self._lock:
            listener = self._listeners.get(key)
            if listener is None:
                raise RulesError("nobody with this key is at the table")
            seat = listener.seat
            round_ = self.match.round
            with speaking(listener.person.language):
                if seat is None:
                    self._refuse(listener, words.is_watching())
                elif not self._begun:
                    self._refuse(listener, _("Wait for your turn."))
                elif isinstance(action, REACTIONS):
                    if action.seat != seat:
                        self._refuse(listener, words.not_yours())
                    exposure = self._exposure
                    stale = exposure is not None and moment is not None and moment < exposure.moment
                    if isinstance(action, (SayUno, CatchUno)) and stale:
                        self._refuse(listener, words.earlier_moment())
                elif round_.is_over or round_.decider != seat:
                    self._refuse(listener, _("Wait for your turn."))
                elif moment is not None and moment != self.moment:
                    self._refuse(listener, words.earlier_moment())
            assert seat is not None
            try:
                events = self._apply(action, by=seat)
            except RulesError:
                with speaking(listener.person.language):
                    self._deliver(listener, Notice(refusal(action, self.match.view(seat)), _("Not allowed"), "warning"))
                self._settle_broken()
                raise
            self._settle_broken()
            return events

    def hint(self, key: str) -> Hint:
        """The expert's advice for the decision of the person of ``key``, in their language (``t`` at the table).

        From their seat's own view, as the table's hints are; ``RulesError`` when they do not decide now.
        """
        with self._lock:
            listener = self._listeners.get(key)
            round_ = self.match.round
            seat = None if listener is None else listener.seat
            if listener is None or seat is None or round_.is_over or round_.decider != seat:
                raise RulesError("a hint is for one's own turn")
            with speaking(listener.person.language):
                view, legal = round_.view(seat), round_.legal_actions()
                return advise(self._expert(seat), view, legal, self.names, listener.voice.glyphs)

    def _expert(self, seat: int) -> ExpertBot:
        """The expert at ``seat``'s side, for its hints and its autopilot: one a seat, seeded by the match."""
        expert = self._experts.get(seat)
        if expert is None:
            expert = self._experts[seat] = advisor(self.match.seed + seat)
        return expert

    def _refuse(self, listener: Listener, reason: str) -> None:
        self._deliver(listener, Notice(reason, _("Not allowed"), "warning"))
        self._settle_broken()
        raise RulesError(reason)

    @property
    def moment(self) -> tuple[int, int]:
        """This moment of the match: its round, and the actions of that round so far."""
        return self.match.round_number, len(self.match.history[-1])

    # ------------------------------------------------------------------ the one place the game changes

    def _apply(self, action: Action, *, by: int | None = None, pilot: bool = False, step: bool = True) -> list[Event]:
        """Apply ``action`` (``by``: a person's seat, ``pilot``: the autopilot's move), save, tell everyone."""
        exposed_before = self.match.round.exposed
        events = self.match.apply(action)  # a RulesError leaves the match as it was
        if pilot:
            self._piloted = self.match.round.decider if by is None else by
        elif by is not None and by == self._piloted:
            self._piloted = None  # the person took over the move: the autopilot finishes none of it
        self._changed(events)
        self._save()
        piloted = Piloted(self._piloted, action) if pilot and self._piloted is not None else None
        self._tell(events, exposed_before, None if pilot else by, piloted)
        if self.match.round.is_over:
            self._round_over()
        if step:
            self._step()
        return events

    def _changed(self, events: Sequence[Event]) -> None:
        """An action was applied: note when, an exposure that begins or ends, and a person's chance to jump in."""
        now = self.clock.now()
        self._acted_at = now
        exposed = self.match.round.exposed
        if exposed is not None and any(isinstance(event, PlayerExposed) for event in events):
            swapped = any(isinstance(event, (HandsSwapped, HandsPassed)) for event in events)
            window = 2.0 if swapped and exposed in self.people else 1.0
            self._exposure = Exposure(exposed, now, window, self.moment)
        elif exposed is None:
            self._exposure = None
        for motion in motions(events, NOBODY):
            if motion.kind in ("play", "turn"):
                self._top_by, self._top_turned = motion.seat, motion.kind == "turn"
        played = None if self._top_by is None or self._top_turned else self.match.round.top_card
        present = any(seat not in self._away for seat in self.people)
        self._jump_began = now if present and jump_moment(self.match.round, played) else None

    def _save(self) -> None:
        """The match in the saves' format, to the host's ``save``; a failure is kept, the next action tries again."""
        self.updated = self._wall()
        if self._save_to is None:
            return
        seats = marked(self.seats, self.people, self.turn_seconds)
        text = self._writer.dumps(self.match, seats=seats, created=self.created, updated=self.updated)
        try:
            self._save_to(text)
        except SaveError as error:
            self.save_failure = error
        else:
            self.save_failure = None

    # ------------------------------------------------------------------ what happens next, and when

    def _person_decides(self, seat: int) -> bool:
        """Whether the person of ``seat`` decides now themselves (present, and not the end of a piloted move)."""
        if seat not in self.people or seat in self._away:
            return False
        follow_up = self.match.round.phase in FOLLOW_UPS and bool(self.match.history[-1])
        return not (follow_up and self._piloted == seat)

    def _note_decision(self) -> None:
        if self._decision != self.moment:
            self._decision = self.moment
            self._decision_began = self.clock.now()

    @property
    def deadline(self) -> float | None:
        """When the deciding person's clock runs out; None while no person decides."""
        round_ = self.match.round
        if round_.is_over or not self._person_decides(round_.decider):
            return None
        return self._decision_began + self.turn_seconds

    def _step(self) -> None:
        """Whatever must happen now, or the wake-up for it: called after every change."""
        self._cancel()
        if not self._begun or self.match.is_over or self.everyone_gone:
            return
        round_ = self.match.round
        now = self.clock.now()
        grace = -inf if self._jump_began is None else self._jump_began + self.pace.jump_window  # H5b
        if round_.is_over:
            self._wake(self.round_pause, self._next_round)
            return
        self._note_decision()
        exposure = self._exposure
        if exposure is not None and not exposure.reacted:
            self._wake(exposure.began + self.pace.catch_window * exposure.window - now, self._window_closes)
            return
        deadline = self.deadline
        if deadline is not None:
            due = deadline
            # H5b: a bot with the twin does not wait for the person's decision (tried once a decision: a bot
            # that chose not to jump in is not asked again and again until it does).
            jump = self.driver.next_reaction(round_, jump_ins_only=True) if self._jump_tried != self.moment else None
            if jump is not None:  # and not before the people's fair window has closed
                due = min(due, max(self._acted_at + self.driver.bots[jump.seat].reaction_seconds, grace))
            self._wake(due - now, self._decision_due)
            return
        wait = max(self._acted_at + self.pace.bot_delay, grace) - now
        self._wake(wait, self._machine_moves)

    def _decision_due(self) -> None:
        """A person decides: a bot jumps in once its reaction time has passed, or the clock ran out."""
        round_ = self.match.round
        now = self.clock.now() + _EARLY
        jump = self.driver.next_reaction(round_, jump_ins_only=True)
        grace = -inf if self._jump_began is None else self._jump_began + self.pace.jump_window  # H5b
        if jump is not None and now >= max(self._acted_at + self.driver.bots[jump.seat].reaction_seconds, grace):
            self._apply(jump.action)
            return
        if jump is None:  # the bot chose not to jump in: it is not asked again on this decision
            self._jump_tried = self.moment
        deadline = self.deadline
        if deadline is not None and now >= deadline:
            seat = round_.decider
            self._tell_all(lambda voice: words.time_up(seat, voice))
            self._pilot(seat)
            return
        self._step()

    def _machine_moves(self) -> None:
        """A bot's or the autopilot's move is due: a bot's jump-in first (H5), then the decider's."""
        round_ = self.match.round
        jump = self.driver.next_reaction(round_, jump_ins_only=True)
        if jump is not None:
            self._apply(jump.action)
            return
        decider = round_.decider
        if decider in self.driver.bots:
            self._apply(self.driver.decision(round_))
        elif not self._person_decides(decider):
            self._pilot(decider)
        else:
            self._step()

    def _pilot(self, seat: int) -> None:
        """The autopilot plays ``seat``'s decision: the expert, from that seat's own view (``table.advisor``)."""
        round_ = self.match.round
        hint = advise(self._expert(seat), round_.view(seat), round_.legal_actions(), self.names)
        self._apply(hint.action, by=seat, pilot=True)

    def _window_closes(self) -> None:
        """The catch window is over: the bots react, fastest first (``ai.driver``), then play goes on."""
        exposure = self._exposure
        if exposure is not None:
            exposure.reacted = True
            while self.match.round.exposed is not None:
                reaction = self.driver.next_reaction(self.match.round)
                if reaction is None:
                    break
                self._apply(reaction.action, step=False)
        self._step()

    def _next_round(self) -> None:
        events = self.match.next_round()
        self._exposure, self._jump_began, self._piloted = None, None, None
        self._top_by, self._top_turned = None, False
        self._acted_at = self.clock.now()
        self._save()
        number = self.match.round_number
        self._recent.new_round(
            lambda voice: [
                self._line(_("— Round {number} —").format(number=number), "bold"),
                *(log_line(event, voice) for event in events),
            ]
        )
        for listener in list(self._listeners.values()):
            with speaking(listener.person.language):
                lines = [self._line(_("— Round {number} —").format(number=self.match.round_number), "bold")]
                lines += [log_line(event, listener.voice) for event in events]
            for line in lines:
                self._deliver(listener, Logged(line))
        self._show_all()
        self._step()

    def _round_over(self) -> None:
        match = self.match
        winner = match.round.winner
        assert winner is not None
        ended: Message
        if match.is_over:
            assert match.winner is not None
            # The whole match's race: found in play, after Continue the chart began at round 2, called R1.
            ended = MatchEnded(match.winner, tuple(match.scores), tuple(score_race(match)))
        else:
            ended = RoundEnded(match.round_number, winner, tuple(match.scores), self.round_pause)
        for listener in list(self._listeners.values()):
            self._deliver(listener, ended)
        if self._recorded is not None:  # as saved: the record the opener's saves give again (stats --rebuild)
            seats = marked(self.seats, self.people, self.turn_seconds)
            self._recorded(SavedGame(match, seats, self.created, self.updated), dict(self.people))

    def _wake(self, delay: float, callback: Callable[[], None]) -> None:
        """``callback`` after ``delay`` seconds (at once for none), unless a change comes first."""
        self._cancel()
        wake = self._wakes

        def wake_up() -> None:
            with self._lock:
                if wake == self._wakes and self._begun:
                    self._timer = None
                    callback()
                    self._settle_broken()

        self._timer = self.clock.set_timer(max(delay, 0.0), wake_up)

    def _cancel(self) -> None:
        self._wakes += 1
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    # ------------------------------------------------------------------ what each one is told

    @staticmethod
    def _line(text: str, style: str = "italic") -> LogLine:
        return LogLine(text, style)

    def _tell(
        self, events: Sequence[Event], exposed_before: int | None, by: int | None, piloted: Piloted | None = None
    ) -> None:
        """An action's events, to each in their own voice: the log's lines, and a banner for what matters."""
        round_ = self.match.round
        self._recent.events(events, round_, exposed_before, piloted)
        for listener in list(self._listeners.values()):
            with speaking(listener.person.language):
                moved, lines, shown, exposure_over = told(events, round_, listener.voice, exposed_before, piloted)
            if moved:
                self._deliver(listener, CardsMoved(moved, by is not None and by == listener.seat))
            for line in lines:
                self._deliver(listener, Logged(line))
            if shown is not None:
                self._deliver(listener, BannerShown(shown))
            elif exposure_over:
                self._deliver(listener, BannerShown(None))  # nobody can be caught any more
        self._show_all()

    def _tell_all(self, say: Callable[[Voice], str], *, skip: str | None = None) -> None:
        """A line for every log, each in its reader's voice and language."""
        self._recent.said(lambda voice: [self._line(say(voice))])
        for key, listener in list(self._listeners.items()):
            if key != skip:
                with speaking(listener.person.language):
                    line = self._line(say(listener.voice))
                self._deliver(listener, Logged(line))

    def _show_all(self) -> None:
        self._note_decision()  # the turn clock each one is shown counts from this decision's start
        for listener in list(self._listeners.values()):
            with speaking(listener.person.language):
                seen = self.seen(listener.seat)
            self._deliver(listener, seen)

    def seen(self, seat: int | None) -> TableSeen:
        """The table as ``seat`` sees it now (None: as a watcher does)."""
        shown = seen(self.match, seat, people=self.people, away=self._away, turn=self._turn())
        return shown._replace(top_by=self._top_by, top_turned=self._top_turned)

    def _turn(self) -> Turn | None:
        round_ = self.match.round
        if round_.is_over:
            return None
        decider = round_.decider
        deadline = self.deadline
        left = None if deadline is None else max(0.0, deadline - self.clock.now())
        return Turn(decider, self.names[decider], left, decider in self._away)

    def _deliver(self, listener: Listener, message: Message) -> None:
        """One message to one person. A callable that fails (their game process is gone) costs only them:
        they are dropped once this change is told to the others."""
        if listener.person.key in self._broken:
            return
        try:
            listener.send(message)
        except Exception:  # noqa: BLE001 - whatever broke their channel, the table goes on without them
            self._broken.add(listener.person.key)

    def _settle_broken(self) -> None:
        while self._broken:
            key = next(iter(self._broken))
            self.drop(key)


__all__ = ["FOLLOW_UPS", "ROUND_PAUSE", "Listener", "SharedTable"]
