"""When things happen at the table: bots' moves, their catches, the player's fair chance, a round's end.

The game screen shows and asks; the pacer decides when. It keeps no game state (the
session holds the match) and changes nothing itself: every action goes through the
screen's ``act``. No Textual here either: the screen is seen as a ``Table``, its time as a ``Clock``.

- Each bot action stays on the table for the bots' delay (the bot-speed setting) before
  the next; at delay 0 the next comes once the table has been redrawn, so every action
  is still shown. ``f`` (fast) drops the delay until the player's next decision.
- A forgotten UNO opens a window of ``catch_window`` seconds of real time: no bot acts in it,
  so the player can catch (or say their own UNO late).
  Time while the table is held (a dialog over it) is not part of the window.
  Then the bots react, fastest first, as the simulator orders them; then play goes on.
- Jumping in (house rule H5): after every card that may be jumped in on (a card a player
  played, not a wild), nothing happens for ``jump_window`` seconds: neither the next bot's
  move nor any bot's jump-in (H5b, the person's fair window). The wait does not depend on
  what the person holds: a wait only when they hold the twin would tell the others at a
  friends' table. When a bot's move is due, a bot holding the twin jumps in first, as the
  simulator orders them; while the person decides, it jumps in once its own reaction time
  and the window have both passed.
- Both windows follow the bots' speed (``Pace.for_bots``): docs/pacing.md says why.
- An undo that puts the player's own turn back to them (``rewound``) gives it to them: no bot jumps in
  and no bot catches until they have acted (docs/playing.md, "Undo, honestly", says why). An undo of a
  move made out of turn opens the fair windows again, counted from the undo.
- While a dialog or another screen is over the table, nothing happens.
- With the autopilot on (``hints.Advisor``), the player's decisions are played like a
  bot's, after the same delay; a move the player began by hand they finish themselves.
- A key answers only the decision that was on the table when it was pressed:
  ``decision_began`` is when the player's current decision was put to them.
- Time is the ``Clock``'s: in play Textual's timers and the monotonic clock its key events are
  stamped with; a test gives the pacer a clock it moves on itself, and waits for nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ..defaults import BOT_DELAY
from ..engine import (
    Action,
    Card,
    CardPlayed,
    CardTurned,
    Event,
    HandsPassed,
    HandsSwapped,
    JumpIn,
    Phase,
    PlayerExposed,
    Round,
)
from .session import HUMAN, Session

if TYPE_CHECKING:
    from .advisor import Advisor


# The person's fair windows (U2, H5b), in seconds: a floor, and the bots' delay on top of it, so
# that slow bots give more time to look and fast bots less (docs/pacing.md has the measures).
# Found in play: a catch in 1.5 s and a jump-in in about 2 s came before a new player had
# found the twin in their hand and pressed the key.
CATCH_FLOOR = 1.8
JUMP_FLOOR = 2.3


def catch_grace(bot_delay: float) -> float:
    """Seconds no bot catches a forgotten UNO (U2) at the bots' delay ``bot_delay``."""
    return round(CATCH_FLOOR + max(bot_delay, 0.0), 2)


def jump_grace(bot_delay: float) -> float:
    """Seconds nothing happens after a card that may be jumped in on (H5b) at the bots' delay ``bot_delay``."""
    return round(JUMP_FLOOR + max(bot_delay, 0.0), 2)


class Pace(NamedTuple):
    bot_delay: float = BOT_DELAY  # seconds each bot action stays before the next
    catch_window: float = catch_grace(BOT_DELAY)  # seconds before any bot acts on a forgotten UNO
    jump_window: float = jump_grace(BOT_DELAY)  # seconds before anything follows a card one may jump in on
    banner_seconds: float | None = 3.0  # how long a banner stays; None: until the next one replaces it
    save_retry: float = 2.0  # seconds between attempts while saving fails

    @classmethod
    def for_bots(cls, bot_delay: float) -> Pace:
        """The pace of the bot-speed setting ``bot_delay``: the person's windows go with it."""
        return cls(bot_delay, catch_grace(bot_delay), jump_grace(bot_delay))

    def with_bot_delay(self, bot_delay: float) -> Pace:
        """This pace at another bot speed: the windows follow it, the rest stays."""
        windows = {"catch_window": catch_grace(bot_delay), "jump_window": jump_grace(bot_delay)}
        return self._replace(bot_delay=bot_delay, **windows)


def jump_moment(round_: Round, played: Card | None) -> bool:
    """Whether the rules let someone jump in on the top card now (H5, H5a), whatever anyone holds.

    ``played``: the card last played this round, None once an Item Box turned one since.
    """
    return (
        round_.rules.jump_in
        and played is not None
        and played.color is not None
        and round_.phase is Phase.PLAY
        and round_.top_card == played
    )


class Stoppable(Protocol):
    def stop(self) -> None: ...


class Clock(Protocol):
    """The table's time: what time it is, and a wake-up after a delay."""

    def now(self) -> float: ...

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Stoppable: ...

    def at(self, stamp: float) -> float:
        """The time on this clock of a Textual event stamped ``stamp`` (a key, a click)."""
        ...


class Table(Protocol):
    """What the pacer needs from the game screen: its next frame, and four things to do."""

    def call_after_refresh(self, callback: Callable[[], None]) -> bool: ...

    def act(self, action: Action) -> bool:
        """Apply ``action`` and show it (the screen then calls ``changed`` and ``step``)."""
        ...

    def ask_player(self) -> None:
        """The player decides now: open the dialog their decision needs, if any."""
        ...

    def round_over(self) -> None: ...

    def match_over(self) -> None: ...


class Exposure:
    """A seat with one card and no UNO, since ``began``; ``reacted`` once the bots have had their go.

    ``window`` is how many catch windows it gets: two for the player whose hand just changed
    places (H4), who could not have known before the swap that one card would come back.
    ``held``: the seconds of it a dialog or another screen hid the table, which do not count.
    """

    def __init__(self, seat: int, began: float, window: float = 1.0) -> None:
        self.seat, self.began, self.reacted, self.window = seat, began, False, window
        self.held = 0.0

    def closes(self, catch_window: float) -> float:
        """When the player's chance is over: ``catch_window`` times ``window`` of time the table was in view."""
        return self.began + self.held + catch_window * self.window


# How long a key for an exposure that has ended still answers "too late" rather than act anew.
TOO_LATE_SECONDS = 3.0


class Missed(NamedTuple):
    """An exposure that ended, and the events that ended it (for a key that comes too late), and when."""

    seat: int
    events: tuple[Event, ...]
    ended: float = 0.0


class Pacer:
    def __init__(
        self,
        session: Session,
        pace: Pace,
        table: Table,
        *,
        clock: Clock,
        advisor: Advisor | None = None,
    ) -> None:
        self.session = session
        self.advisor = advisor  # the autopilot's, when the table has one
        self.pace = pace
        self.table = table
        self.clock = clock
        self.fast = False
        self.waiting = False  # a bot's move (or the bots' reactions) is on its way
        self.decision_began = 0.0
        self.exposure: Exposure | None = None
        self.missed: Missed | None = None
        self.jump_began: float | None = None  # since when the top card may be jumped in on (H5), or None
        self._played: Card | None = None  # the card last played, while no Item Box has turned one since
        self._holds = 0
        self._held_since = 0.0
        self._stopped = False
        self._timer: Stoppable | None = None
        self._wakes = 0  # a wake-up scheduled before the last change does nothing
        self._acted_at = clock.now()
        self._piloting = False  # the action being applied is the autopilot's
        self._decision: tuple[int, int] | None = None
        self._restored: tuple[int, int] | None = None  # the player's turn an undo put back, until they act
        self._hinted_at: tuple[tuple[int, int], float] | None = None  # the decision a hint was shown on, and when
        if session.is_human_turn():  # the table opens on the player's decision: it counts from now
            self._decision = self._current_decision()
            self.decision_began = clock.now()

    @property
    def held(self) -> bool:
        return self._holds > 0 or self._stopped

    def hold(self) -> None:
        """Something is over the table: nothing happens until ``release``."""
        if self._holds == 0:
            self._held_since = self.clock.now()
        self._holds += 1
        self._cancel()

    def release(self) -> None:
        if self._holds == 1 and self.exposure is not None and not self.exposure.reacted:
            # Found in play: the window ran on behind a dialog, and a bot caught a second after the
            # player saw the table again. The time the table was hidden is no chance to catch.
            self.exposure.held += self.clock.now() - max(self._held_since, self.exposure.began)
        self._holds = max(0, self._holds - 1)
        self.step()

    def stop(self) -> None:
        """The table is closing: nothing happens any more."""
        self._stopped = True
        self._cancel()

    def set_pace(self, pace: Pace) -> None:
        self.pace = pace
        if self.waiting:
            self.step()

    def fast_forward(self) -> None:
        self.fast = True
        if self.waiting:
            self.step()

    def changed(self, events: Sequence[Event]) -> None:
        """An action was applied: note when, and an exposure that begins or ends."""
        now = self.clock.now()
        self._acted_at = now
        self._restored = None  # whoever acted, the turn an undo gave back has been taken
        if self.advisor is not None:
            self.advisor.last_by_pilot = self._piloting
        exposed = self.session.match.round.exposed
        if exposed is not None and any(isinstance(event, PlayerExposed) for event in events):
            swapped = exposed == HUMAN and any(isinstance(event, (HandsSwapped, HandsPassed)) for event in events)
            self.exposure = Exposure(exposed, now, 2.0 if swapped else 1.0)
            self.missed = None
        elif self.exposure is not None and exposed is None:
            self.missed = Missed(self.exposure.seat, tuple(events), now)
            self.exposure = None
        self._note_played(events)
        self.jump_began = now if jump_moment(self.session.match.round, self._played) else None

    def _note_played(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, CardPlayed):
                self._played = event.card
            elif isinstance(event, CardTurned):
                self._played = None  # H5a: nobody jumps in on a turned card

    def rewound(self, round_events: Sequence[Sequence[Event]]) -> None:
        """An undo took the table back to the player's decision: it is put to them anew. Call ``step`` next.

        ``round_events``: the round's deal and each action kept, the last one what led to the decision. An
        UNO forgotten there is open to a catch again, and a card one may jump in on opens the jump window
        again, both counted from now. Found in a party match: the card last played was still the one the
        undo took back, so no window opened and a bot jumped in on the player's turn at once.

        The player's own turn is theirs: no bot jumps in and no bot catches until they have acted.
        They had acted before any bot the first time; the undo, which may have dealt the hidden cards
        again, gives them that turn back rather than a new race for it.
        """
        self._cancel()
        self.exposure, self.missed, self.fast = None, None, False
        self._decision = None
        self._played = None
        for events in round_events[:-1]:
            self._note_played(events)
        self.changed(round_events[-1] if round_events else ())
        round_ = self.session.match.round
        if not round_.is_over and round_.decider == HUMAN:
            self._restored = self._current_decision()
            if self.exposure is not None:
                self.exposure.reacted = True  # the player may still catch; the bots wait for the player

    def new_round(self) -> None:
        self.exposure, self.missed, self.jump_began, self._played = None, None, None, None
        self._acted_at = self.clock.now()

    def recently_missed(self) -> Missed | None:
        """The exposure that ended a moment ago, for a key that came too late; None once play has gone on.

        Found in play: kept until the next exposure, it turned the player's ``u`` two turns later into
        "Too late to say UNO" instead of UNO for the next play, and they were caught again.
        """
        missed = self.missed
        if missed is None or self.clock.now() - missed.ended > TOO_LATE_SECONDS:
            return None
        return missed

    def pressed_before_decision(self, pressed: float) -> bool:
        """A key pressed before the player's current decision was put to them answers nothing."""
        return pressed < self.decision_began

    def pressed_before_exposure(self, pressed: float) -> bool:
        return self.exposure is not None and pressed < self.exposure.began

    # ------------------------------------------------------------------ what happens next

    def step(self) -> None:
        """Whatever must happen now, or the wake-up for it: call after every change."""
        self._cancel()
        self.waiting = False
        if self.held:
            return
        round_ = self.session.match.round
        if round_.is_over:
            self._wake(self._reading_time(), self._end)  # the last play stays in view a moment
            return
        exposure = self.exposure
        piloted = self.advisor is not None and self.advisor.pilots_now()
        if exposure is not None and not exposure.reacted:
            if round_.decider == HUMAN and not piloted:
                self._ask()
            self.waiting = round_.decider != HUMAN or piloted
            left = exposure.closes(self.pace.catch_window) - self.clock.now()
            self._wake(left, self._window_closes)
            return
        if round_.decider == HUMAN and not piloted:
            self._ask()
            self._bot_may_jump_in()
            return
        self.waiting = True
        self._wake(max(self._reading_time(), self._jump_grace_left()), self._bot_moves)

    def hint_shown(self) -> None:
        """The person was shown a hint on their decision: a bot's jump-in waits the fair window from now (H5b).

        Found in play: on a busy machine the hint took 2.5 s to come, and a bot jumped in half a second
        after it showed, before the person could take it.
        """
        self._hinted_at = (self._current_decision(), self.clock.now())
        self.step()

    def _hint_grace_left(self) -> float:
        if self._hinted_at is None or self._hinted_at[0] != self._current_decision():
            return 0.0
        return self._hinted_at[1] + self.pace.jump_window - self.clock.now()

    def _jump_grace_left(self) -> float:
        """H5b: how much of the person's fair window to jump in is left (0 when none is open)."""
        if self.jump_began is None:
            return 0.0
        return self.jump_began + self.pace.jump_window - self.clock.now()

    def _reading_time(self) -> float:
        if self.fast:
            return 0.0
        return self._acted_at + self.pace.bot_delay - self.clock.now()

    def _current_decision(self) -> tuple[int, int]:
        match = self.session.match
        return match.round_number, len(match.history[-1])

    def _ask(self) -> None:
        decision = self._current_decision()
        if decision != self._decision:
            self._decision = decision
            self.decision_began = self.clock.now()
            self.fast = False
        self.table.ask_player()

    def _bot_moves(self) -> None:
        jump = self._bot_jump_in()
        if jump is not None:  # H5: before the decision, as the simulator has it
            self.table.act(jump)
            return
        if self.advisor is not None and self.advisor.pilots_now():
            # The player's decision came, as in ``_ask``: "fast" ends there, or the autopilot
            # played the rest of the match at full speed (found in play: a round in 4 seconds).
            self.fast = False
            self._piloting = True
            try:
                self.table.act(self.advisor.hint().action)
            finally:
                self._piloting = False
            return
        seat = self.session.bot_to_act()
        if seat is None:
            round_ = self.session.match.round
            if not round_.is_over and round_.decider != HUMAN:
                # Neither the player nor a bot decides: stepping again would wake here again at
                # once, for ever (found in play: a friends' match opened alone, at 100 % CPU).
                raise RuntimeError(f"seat {round_.decider + 1} is no bot and not the player's: nobody here can play it")
            self.step()
            return
        self.table.act(self.session.bot_action(seat))

    def _turn_given_back(self) -> bool:
        """Whether the player's turn an undo gave back is still theirs to take (``rewound``)."""
        return self._restored is not None and self._restored == self._current_decision()

    def _bot_jump_in(self) -> JumpIn | None:
        """The jump-in of the first bot (fastest first) that makes one now (H5), or None."""
        if self._turn_given_back():
            return None
        step = self.session.next_bot_reaction(jump_ins_only=True)
        return step.action if step is not None and isinstance(step.action, JumpIn) else None

    def _bot_may_jump_in(self) -> None:
        """While the player decides, a bot holding the twin jumps in once its reaction time and the fair
        window have both passed (H5b)."""
        if self._turn_given_back():
            return
        step = self.session.next_bot_reaction(jump_ins_only=True)
        if step is not None:
            reacts = self._acted_at + self.session.reaction_seconds(step.seat) - self.clock.now()
            self._wake(max(reacts, self._jump_grace_left(), self._hint_grace_left()), self._bot_jumps)

    def _bot_jumps(self) -> None:
        jump = self._bot_jump_in()
        if jump is not None:
            self.table.act(jump)
        else:
            self.step()

    def _window_closes(self) -> None:
        """The player's chance is over: the bots react, fastest first, in the driver's loop (ai/driver.py)."""
        if self.exposure is not None:
            self.exposure.reacted = True
            while self.session.match.round.exposed is not None:
                step = self.session.next_bot_reaction()
                if step is None or not self.table.act(step.action):
                    break
        self.step()

    def _end(self) -> None:
        if self.session.match.is_over:
            self.table.match_over()
        else:
            self.table.round_over()

    # ------------------------------------------------------------------ the clock

    def _wake(self, delay: float, callback: Callable[[], None]) -> None:
        """``callback`` after ``delay`` seconds, or once the table is redrawn; cancelled by the next change."""
        self._cancel()
        wake = self._wakes

        def wake_up() -> None:
            if wake == self._wakes and not self.held:
                self._timer = None
                callback()

        if delay > 0:
            self._timer = self.clock.set_timer(delay, wake_up)
        else:
            self.table.call_after_refresh(wake_up)

    def _cancel(self) -> None:
        self._wakes += 1
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
