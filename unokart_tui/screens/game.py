"""The game table: the screen itself. It draws the table, turns keys into actions and opens the dialogs.

What the table shows is worked out by ``tableview`` and ``voice`` (no Textual); when
things happen is the ``Pacer``'s business (``pacing``). This screen is the one place that
changes the game: ``act`` calls ``Session.apply`` (and ``undo`` ``Session.undo``), and nothing
else does. It talks to the app by messages: ``LeaveMatch``, ``PlayAgain``, ``GuideOff``, ``WatchReplay``.

The dialogs are imported where they open: defining their classes takes 3 ms, and the
table's first frame does not need them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Static

from ..engine import (
    Accept,
    Action,
    Card,
    CardPlayed,
    CardsDrawn,
    CatchUno,
    Challenge,
    ChallengeResolved,
    ChooseColor,
    ChooseTarget,
    Draw,
    Event,
    JumpIn,
    Pass,
    Phase,
    Play,
    Rank,
    RoundWon,
    RulesError,
    SayUno,
    UnoCaught,
    UnoSaid,
)
from ..glyphs import UNICODE, Glyphs
from ..hints import Advisor, Hint
from ..pacing import Clock, Pace, Pacer, Stoppable
from ..session import HUMAN, Session
from ..settings import Settings
from ..tableview import (
    HandState,
    applies,
    can_stack,
    hand_cards,
    jump_in,
    line_up,
    motions,
    place_cursor,
    round_summary,
    seat_lines,
    seating,
    sorted_hand,
    status,
    table_info,
)
from ..timeline import replay
from ..undo import UndoRefused
from ..voice.banners import Banner, banner
from ..voice.narration import Voice, how_it_ended, log_line, must_play_line
from ..voice.notes import TableNotes
from ..widgets.banner import BannerView
from ..widgets.cardface import short
from ..widgets.cardview import CardView, DrawPile
from ..widgets.gamelog import CommandText, GameLog
from ..widgets.hand import HandView
from ..widgets.hint import HintView
from ..widgets.keybar import KeyBar
from ..widgets.motion import FlyingCard, MotionPlan, Stage
from ..widgets.players import PlayerRow, SeatView
from ..widgets.table import GRAND_SIZE, TablePanel
from ..widgets.titles import set_border_subtitle, set_border_title

T = TypeVar("T")

MIN_WIDTH, MIN_HEIGHT = 80, 24  # the table is laid out for a standard terminal
_WHILE_TOO_SMALL = frozenset({"leave", "help"})  # the keys that need no table to be seen
_ALWAYS = frozenset({"leave", "help", "log", "autopilot"})  # the keys that work whatever the table shows
ROOMY_WIDTH, ROOMY_HEIGHT = 110, 32  # from this size on, the roomy table: seats around it, big cards
SPACIOUS_WIDTH, SPACIOUS_HEIGHT = 160, 48  # and from this one, bigger cards in the middle
RECENT = 40  # a resumed match shows the events of this many actions before it was left


class RealTime:
    """The table's clock in play: Textual's timers, and the monotonic clock its events are stamped with."""

    def __init__(self, screen: Screen[None]) -> None:
        self._screen = screen

    def now(self) -> float:
        return time.monotonic()

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Timer:
        return self._screen.set_timer(delay, callback)

    def at(self, stamp: float) -> float:
        return stamp


class GameScreen(Screen[None]):
    # Messages to the app. They carry no fields, so they are plain classes: @dataclass would
    # compile each one's methods at every start (0.15 ms a class), before the table's first frame.

    class LeaveMatch(Message):
        """Back to the title (the match is saved, or the player agreed to lose what is not)."""

    class PlayAgain(Message):
        """A new match with the same players."""

    class GuideOff(Message):
        """The player needs the first-game guide no more."""

    class WatchReplay(Message):
        """The match is over: replay it."""

    BINDINGS = [
        Binding("left,h", "move(-1)", "Card ←", show=False),
        Binding("right,l", "move(1)", "Card →", show=False),
        Binding("home", "move_to(0)", "First card", show=False),
        Binding("end", "move_to(-1)", "Last card", show=False),
        Binding("enter,space", "play", "Play"),
        Binding("d", "draw", "Draw"),
        Binding("d", "take", "Take them"),  # a stack's total (house rules H1-H3): drawn, as a draw is
        Binding("p", "keep", "Keep"),
        Binding("j", "jump", "Jump in"),  # house rule H5
        Binding("j", "missed_jump", "Jump in", show=False),  # when there is nothing to jump in with: says why
        Binding("u", "uno", "UNO!"),
        Binding("c", "catch", "Catch"),
        Binding("c", "missed_catch", "Catch", show=False),  # when nobody can be caught: says why
        Binding("f", "fast", "Fast"),
        Binding("t", "hint", "Hint"),  # on the player's turn only: a newcomer never found it in the help
        Binding("z", "undo", "Undo"),  # shown only when an undo would be taken (Session.undo_refusal)
        Binding("z", "undo_refused", "Undo", show=False),  # when it would not be: says why
        Binding("z", "undo_off", "Undo", show=False),  # undo turned off in the settings: says so
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
        # Last: where the keys of a busy turn fill 80 columns, these are the ones the bar leaves out.
        Binding("a", "autopilot", "Autopilot"),
        Binding("pageup", "log(-1)", "Log", key_display="PgUp/Dn"),
        Binding("pagedown", "log(1)", "Log down", show=False),
    ]
    # The table's own actions ("log(-1)" is "log"): each must say when it applies (``check_action``).
    OWN_ACTIONS: ClassVar[frozenset[str]] = frozenset(
        binding.action.partition("(")[0] for binding in BINDINGS if isinstance(binding, Binding)
    )

    def __init__(
        self,
        session: Session,
        *,
        pace: Pace | None = None,
        deal_again: str = "",
        uno_helper: bool = False,
        confirm_quit: bool = False,
        guide: bool = False,
        undo: bool = True,
        glyphs: Glyphs = UNICODE,
        motion: bool = True,
        clock: Clock | None = None,
    ) -> None:
        """``clock``: when things happen at the table (bots' moves, banners, saving again); real time if None."""
        super().__init__()
        self.session = session
        self.advisor = Advisor(session)  # hints (t) and the autopilot (a)
        self.clock = clock or RealTime(self)
        self.pacer = Pacer(session, pace or Pace(), self, clock=self.clock, advisor=self.advisor)
        self.glyphs = glyphs
        self.motion = motion  # cards move across the table (off: the "reduce motion" setting)
        self.notes = TableNotes(len(session.names), glyphs)
        self.voice = Voice(session.names, HUMAN, glyphs)
        self.deal_again = deal_again or session.deal_again_command()
        self.uno_helper = uno_helper
        self.confirm_quit = confirm_quit
        self.guide = guide
        self.undo_on = undo
        self.cursor = 0
        # Set when a turn of the player's begins: the cursor then moves to a card that can be
        # played, if it is not on one, so the player does not have to hunt for it.
        self._cursor_to_playable = True
        self.uno_armed = False
        self.hinted: Action | None = None  # the move of the hint on show, until a move is made
        self._hint = ("", -1)  # the hint's sentence, and where the cursor was when it was given
        self._pressed_at = 0.0  # when the key or click being handled was pressed
        self._suspended = False
        self.too_small = False  # the notice to enlarge the terminal is up: the table waits behind it
        self._banners = 0  # banners shown so far: a timer hides only its own
        self._saved_moves: int | None = None if session.save_error else self.moves()
        self._save_retry: Stoppable | None = None
        self._refusal: tuple[str, str] | None = None  # the last "that did nothing" shown, and when
        self._refused_at = 0.0
        self._turn_taken = ("", float("-inf"))  # why the player's decision went to a bot who jumped in, and when
        # The twin of the top card last held (H5): the card, the round and move then, and when.
        self._jump_chance: tuple[Card, int, int, float] | None = None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        # One set of widgets for both layouts: a resize changes classes, never the widgets, so the
        # cursor, a dialog and the log stay as they are. The compact table lists the players and
        # has the log under it; the roomy one seats them around the cards, the log beside it.
        places = seating(len(self.session.names) - 1)
        with Container(id="board"):
            with Horizontal(id="top"):
                with Vertical(id="opponents"):
                    for seat in range(1, len(self.session.names)):
                        yield PlayerRow(id=f"seat-{seat}", classes="opponent")
                    yield PlayerRow(id=f"seat-{HUMAN}", classes="opponent you")
                with Vertical(id="felt"):
                    with Horizontal(id="seats-top"):
                        for seat in places.top:
                            yield SeatView(id=f"place-{seat}")
                    with Horizontal(id="felt-middle"):
                        with Vertical(id="seats-left", classes="side"):
                            for seat in reversed(places.left):  # up the left side from the player
                                yield SeatView(id=f"place-{seat}")
                        with Vertical(id="centre"):
                            yield TablePanel(id="table")
                            yield BannerView(id="felt-banner")
                        with Vertical(id="seats-right", classes="side"):
                            for seat in places.right:
                                yield SeatView(id=f"place-{seat}")
                    with Horizontal(id="you-row"):
                        yield SeatView(id=f"place-{HUMAN}", classes="you")
            with Vertical(id="middle"):
                yield GameLog(id="log")
                yield BannerView(id="banner")
        yield Static(id="save-problem")
        yield HintView()
        yield HandView(id="hand")
        yield KeyBar()
        yield Static(id="too-small")

    def on_mount(self) -> None:
        seats = range(len(self.session.names))
        self.rows = [self.query_one(f"#seat-{seat}", PlayerRow) for seat in seats]
        longest = max(len(name) for name in self.session.names)
        for row in self.rows:
            row.name_width = longest
        self.places = [self.query_one(f"#place-{seat}", SeatView) for seat in seats]
        self.players = self.query_one("#opponents", Vertical)
        self.felt = self.query_one("#felt", Vertical)
        self.table = self.query_one(TablePanel)
        self.log_view = self.query_one(GameLog)
        self.banner_views = list(self.query(BannerView))
        self.banner_view = self.banner_views[0]
        self.hand = self.query_one(HandView)
        # A play, and a draw to every seat (a Lightning). Hidden until a card moves: they join the
        # screen after its first frame, which they would only delay.
        self.flights = [FlyingCard() for _ in range(len(self.session.names) + 1)]
        self.call_after_refresh(self.mount_all, self.flights)
        self.players.border_title = "Players · cards · last move · pts"
        self.log_view.border_title = "Game log"
        self.render_table()
        self.call_after_refresh(self.first_words)

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notice = self.query_one("#too-small", Static)
        notice.update(f"Please enlarge your terminal\nto at least {MIN_WIDTH}×{MIN_HEIGHT} (it is {width}×{height}).")
        if small != self.too_small:
            # Found in play: behind the notice the bots played on and keys acted on a table nobody saw.
            self.too_small = notice.display = small
            if small:
                self.pacer.hold()
            else:
                self.pacer.release()
            self.refresh_bindings()
        self.lay_out(roomy=width >= ROOMY_WIDTH and height >= ROOMY_HEIGHT)
        self.table.spacious = width >= SPACIOUS_WIDTH and height >= SPACIOUS_HEIGHT
        grand = width >= GRAND_SIZE[0] and height >= GRAND_SIZE[1]
        self.set_class(grand, "-grand")
        self.table.grand = self.hand.grand = grand

    def lay_out(self, *, roomy: bool) -> None:
        """The compact table or the roomy one: classes and two widgets' sizes, nothing rebuilt."""
        if roomy == self.has_class("-roomy"):
            return
        self.set_class(roomy, "-roomy")
        self.hand.big = roomy
        self.table.roomy = roomy
        for flight in self.flights:
            flight.land()  # a card in flight would land where the old layout had the pile

    def first_words(self) -> None:
        """After the first layout (the log wraps to the width it has, known only now): then play starts."""
        match = self.session.match
        fresh = match.round_number == 1 and not match.history[0]
        if fresh:
            words = f"Seed {match.seed}. To deal this match again: {self.deal_again}"
            self.log_view.add(CommandText(words, style="dim"))  # never cut mid-word
            self.log_view.add(Text(line_up(match.names, self.kinds, HUMAN)))
            self.show(list(match.start_events))
        else:
            self.recall()
        self.report_saving()
        self.render_table()
        if fresh and self.guide:
            from ..dialogs.guide import GuideDialog  # noqa: PLC0415

            self.open_dialog(
                GuideDialog(first_game=True, rules=self.session.match.rules, glyphs=self.glyphs), self.first_guide_read
            )
        self.pacer.step()
        self.render_table()

    def recall(self) -> None:
        """A resumed match: the moves before it was left, found again by replaying the save's history."""
        match = self.session.match
        rounds = replay(match)
        if rounds is not None:
            for batch in rounds[-1]:
                self.notes.record(batch, match.names)
            shown = 0
            recent: list[tuple[int, list[list[Event]]]] = []
            for number in range(len(rounds), 0, -1):  # the last RECENT actions, across rounds if need be
                batches = rounds[number - 1][-(RECENT - shown) :]
                recent.insert(0, (number, batches))
                shown += len(batches)
                if shown >= RECENT:
                    break
            for number, batches in recent:
                self.log_view.add(Text(f"— Round {number} —", style="bold"))
                for batch in batches:
                    self.write_log(batch, live=False)
            self.pacer.changed(rounds[-1][-1])  # a forgotten UNO is open to a catch again
        self.log_view.add(Text(line_up(match.names, self.kinds, HUMAN)))
        self.log_view.add(Text(f"Welcome back: round {match.round_number} goes on.", style="bold"))

    # ------------------------------------------------------------------ showing

    def show(self, events: list[Event]) -> None:
        """What happened: the seats' last moves, the log, and a banner for what matters."""
        self.notes.record(events, self.session.names)
        self.write_log(events)
        forced = must_play_line(events, self.session.match.round, self.voice)  # H7
        if forced is not None:
            self.log_view.add(forced)
        shown = banner(events, self.voice, can_stack=can_stack(self.session.match.round, HUMAN))
        current = self.banner_view.banner
        if shown is not None:
            self.show_banner(shown)
        elif current is not None and current.kind == "exposed" and self.session.view().exposed is None:
            self.show_banner(None)  # nobody can be caught any more

    def note_exposure_over(self, exposed: int | None, events: list[Event]) -> None:
        """U2: the chance to catch ``exposed`` passed with this action; the log says so.

        Found in play: a forgotten UNO nobody caught just vanished from the screen, and the
        player could not tell whether a catch was still coming.
        """
        if exposed is None or self.session.match.round.exposed is not None:
            return
        if any(isinstance(e, (UnoCaught, UnoSaid, RoundWon)) for e in events):
            return  # caught, said late, or the round is over: the log has said it
        if exposed == HUMAN:
            self.log_view.add(Text("Nobody caught you without UNO: the chance has passed.", style="italic"))
        else:
            name = self.session.names[exposed]
            self.log_view.add(Text(f"Nobody caught {name} without UNO in time.", style="italic"))

    def write_log(self, events: list[Event], *, live: bool = True) -> None:
        """``events`` in the log; ``live``: they just happened (not the moves before a resumed match)."""
        stack = not live or can_stack(self.session.match.round, HUMAN)  # H1-H3: a total passed to the player
        for event in events:
            self.log_view.add(log_line(event, self.voice, can_stack=stack))

    def show_banner(self, shown: Banner | None) -> None:
        self._banners += 1
        for view in self.banner_views:  # the compact table's, over the log, and the roomy one's, on the felt
            view.banner = shown
        seconds = self.pacer.pace.banner_seconds
        if shown is not None and shown.kind != "exposed" and seconds is not None:
            number = self._banners
            self.clock.set_timer(seconds, lambda: self._hide_banner(number))

    def _hide_banner(self, number: int) -> None:
        if number == self._banners:
            for view in self.banner_views:
                view.banner = None

    def render_table(self) -> None:
        session = self.session
        match = session.match
        levels = [seat.profile or "" for seat in session.seats]
        for line in seat_lines(match, self.kinds, self.notes, HUMAN, glyphs=self.glyphs, levels=levels):
            self.rows[line.seat].info = line
            self.places[line.seat].info = line
        where = f"round {match.round_number} · first to {match.target}"
        set_border_subtitle(self.players, where)  # set only when changed: each setting repaints the panel
        self.table.info = table_info(match, self.notes, HUMAN, self.glyphs)
        # The roomy table shows no compact table panel: its felt names the house rules (found in play at 120x40).
        rules = self.table.info.rules
        set_border_title(self.felt, f"Table · {where}" + ("" if rules == "official" else f" · house rules: {rules}"))
        twin = jump_in(match, HUMAN)
        if twin is not None:
            self._jump_chance = (twin.card, match.round_number, len(match.history[-1]), self.clock.now())
        cards, playable, drawn = hand_cards(match, HUMAN)
        self.cursor = place_cursor(cards, playable, self.cursor, drawn=drawn, to_playable=self._cursor_to_playable)
        if self._cursor_to_playable and playable:
            self._cursor_to_playable = False
        waiting = status(match, HUMAN, thinking=self.pacer.waiting, held=self.pacer.held, kinds=self.kinds)
        title = f"Your hand ({len(cards)}) — {waiting}" + ("  [UNO ready]" if self.uno_armed else "")
        title += "  [autopilot: a stops]" if self.advisor.autopilot else ""
        self.hand.state = HandState(cards, playable, self.cursor, title, self.glyphs)
        self.refresh_bindings()

    @property
    def kinds(self) -> list[str]:
        """Each seat's personality ("human" for the player)."""
        return [seat.kind for seat in self.session.seats]

    def selected_card(self) -> Card | None:
        state = self.hand.state
        if not state.cards:
            return None
        return state.cards[min(self.cursor, len(state.cards) - 1)]

    def moves(self) -> int:
        return sum(len(actions) for actions in self.session.match.history)

    # ------------------------------------------------------------------ the game changes here

    def act(self, action: Action) -> bool:
        """The one place the game changes. An illegal action is explained and changes nothing."""
        by_player = self.session.is_human_turn()
        taken = by_player and isinstance(action, JumpIn) and action.seat != HUMAN  # H5: a bot took the turn
        exposed = self.session.match.round.exposed
        try:
            events = self.session.apply(action)
        except RulesError as error:
            self.refuse(str(error), title="Not allowed")
            return False
        if taken:
            assert isinstance(action, JumpIn)
            self.note_turn_taken(action)
            by_player = False
        self.move_cards(events, by_player=by_player)
        self.show(events)
        self.note_exposure_over(exposed, events)
        self.query_one(HintView).text = None  # it was about the decision just taken
        self.hinted, self._hint = None, ("", -1)
        self.pacer.changed(events)
        if any(isinstance(e, CardPlayed) and e.seat == HUMAN for e in events):
            self.uno_armed = False  # UNO goes with one play
        elif self.uno_armed and any(isinstance(e, CardsDrawn) and e.seat == HUMAN for e in events):
            self.uno_armed = False  # said ahead, then drew: the hand is no longer a play from one card
            self.notify("UNO said ahead is off: you drew instead of playing.", timeout=3)
        if self.session.is_human_turn() and self.session.view().phase in (Phase.PLAY, Phase.STACK):
            self._cursor_to_playable = True
            if not by_player:
                # Found in play: scrolled back to read, the player went on reading old lines at their turn.
                self.log_view.follow()
        self.report_saving()
        self.show_revealed(events)
        self.pacer.step()
        self.render_table()
        return True

    def move_cards(self, events: list[Event], *, by_player: bool) -> None:
        """Cards cross the table: played to the pile, drawn from it, turned over by an Item Box.

        Only decoration over a table already drawn as it now is: no key waits for it. None when
        motion is off (the setting, or Textual's animations: tests run without), while the bots
        are fast-forwarded, or when their moves follow each other too fast to be watched.
        """
        if not self.motion or self.app.animation_level == "none" or self.pacer.fast:
            return
        if not by_player and self.pacer.pace.bot_delay < MotionPlan.SECONDS:
            return
        moved = motions(events, HUMAN)
        flights = [flight for flight in self.flights if flight.is_mounted]
        if moved and flights:
            MotionPlan(self.stage(), flights, self.table.query_one("#top-card", CardView)).run(moved)

    def stage(self) -> Stage:
        """Where the seats and the piles are now, in this layout."""
        roomy = self.has_class("-roomy")
        seats = [
            self.hand.card_region(self.cursor) if seat == HUMAN else (self.places if roomy else self.rows)[seat].region
            for seat in range(len(self.session.names))
        ]
        size = self.hand.card_size  # a moving card has the hand's cards' size: 6x3, 9x6, or 11x8 on the grand table
        return Stage(
            seats, self.table.query_one("#top-card").region, self.table.query_one(DrawPile).region, size, self.glyphs
        )

    def start_next_round(self) -> None:
        events = self.session.next_round()
        self.pacer.new_round()
        self.uno_armed = False  # said ahead for a play of the last round: it goes with that round
        self.log_view.follow()  # found in play: scrolled back in one round, the log hid the next one
        self.log_view.add(Text(f"— Round {self.session.match.round_number} —", style="bold"))
        self.show(events)
        self.cursor = 0
        self._cursor_to_playable = True
        self.report_saving()
        self.render_table()

    def refuse(self, reason: str, *, title: str = "") -> None:
        """Say why a key did nothing; a key pressed again while the same reason is shown adds no copy of it."""
        now = time.monotonic()
        if (reason, title) == self._refusal and now - self._refused_at < self.app.NOTIFICATION_TIMEOUT:
            return
        self._refusal, self._refused_at = (reason, title), now
        self.notify(reason, title=title, severity="warning")

    # ------------------------------------------------------------------ saving

    def report_saving(self) -> None:
        """While saving fails the table says so, and tries again every few seconds until it works."""
        problem = self.session.save_error
        notice = self.query_one("#save-problem", Static)
        if problem is None:
            if notice.display:
                self.notify("Saved again: nothing is lost.", title="Saving works")
            notice.display = False
            self._saved_moves = self.moves()
            return
        notice.update(
            Text.assemble(
                f"⚠ Saving fails: {self.what_is_unsaved()}. Trying again every few seconds.\n",
                (problem, "not bold"),
            )
        )
        notice.display = True
        if self._save_retry is None:
            self._save_retry = self.clock.set_timer(self.pacer.pace.save_retry, self.retry_saving)

    def retry_saving(self) -> None:
        self._save_retry = None
        self.session.save()
        self.report_saving()

    def what_is_unsaved(self) -> str:
        if self._saved_moves is None:
            return "this match was never saved"
        unsaved = self.moves() - self._saved_moves
        return f"the last {unsaved} move{' is' if unsaved == 1 else 's are'} not saved"

    # ------------------------------------------------------------------ dialogs

    def open_dialog(self, dialog: ModalScreen[T], then: Callable[[T], object]) -> None:
        """Ask the player; nothing happens at the table until they answer."""
        self.pacer.hold()

        def answered(value: T | None) -> None:
            if value is not None:
                then(value)
            self.pacer.release()
            self.render_table()

        self.app.push_screen(dialog, answered)
        self.render_table()

    def on_screen_suspend(self) -> None:
        if not self._suspended:  # the rules, the settings, the palette or a dialog over the table
            self._suspended = True
            self.pacer.hold()
            self.render_table()

    def on_screen_resume(self) -> None:
        if self._suspended:
            self._suspended = False
            self.pacer.release()
            self.render_table()

    def ask_player(self) -> None:
        """The player decides now: a colour, a target and a challenge are dialogs."""
        from ..dialogs.choices import ChallengeDialog, ColorDialog, TargetDialog  # noqa: PLC0415

        view = self.session.view()
        if view.phase is Phase.CHOOSE_COLOR:
            if view.decider != view.current:  # D5: the dealer chooses for the first player
                reason = "you deal, and the first card is a Wild Item Box"
            else:
                reason = "your Item Box set off a Bob-omb"
            advised = self.hinted.color if isinstance(self.hinted, ChooseColor) else None
            self.open_dialog(ColorDialog(reason, advised), lambda color: self.act(ChooseColor(color)))
        elif view.phase is Phase.CHOOSE_TARGET:
            targets = [(s, self.session.names[s], view.hand_sizes[s]) for s in range(view.num_players) if s != HUMAN]
            dialog = TargetDialog(targets, seven=view.choice_for == "seven", advise=self.dialog_hint)  # H4: a 7's swap
            self.open_dialog(dialog, lambda seat: self.act(ChooseTarget(seat)))
        elif view.phase is Phase.CHALLENGE:
            assert view.wild_draw_four is not None
            player, color = view.wild_draw_four
            stack = next((a.card for a in self.session.match.legal_actions() if isinstance(a, Play)), None)  # H2
            names, sizes = self.session.names, view.hand_sizes
            challenge = ChallengeDialog(
                names[player], color, sizes[player], can_stack=stack is not None, advise=self.dialog_hint
            )
            self.open_dialog(challenge, self.challenge_answered)

    def challenge_answered(self, answer: str) -> None:
        if answer == "challenge":
            self.act(Challenge())
        elif answer == "accept":
            self.act(Accept())
        else:  # H2: a Wild Draw Four of the player's on the lone one; its colour comes next
            self.play_wild_draw_four(next(a.card for a in self.session.match.legal_actions() if isinstance(a, Play)))

    def play_wild_draw_four(self, card: Card) -> None:
        from ..dialogs.choices import ColorDialog  # noqa: PLC0415

        hinted = self.hinted
        said = isinstance(hinted, Play) and hinted.card == card and hinted.uno  # the hint's UNO, if it said one
        uno = self.uno_armed or said or (self.uno_helper and len(self.session.view().hand) == 2)
        advised = hinted.color if isinstance(hinted, Play) and hinted.card == card else None
        dialog = ColorDialog("for your Wild Draw Four", advised, can_go_back=True)
        self.open_dialog(dialog, lambda color: self.act(Play(card, color, uno)))

    def show_revealed(self, events: list[Event]) -> None:
        from ..dialogs.notices import revealed_hand  # noqa: PLC0415

        for event in events:
            if isinstance(event, ChallengeResolved) and event.challenger == HUMAN:
                name = self.session.names[event.challenged]
                shown = sorted_hand(event.hand)  # like the player's own hand (found in play: unsorted)
                self.open_dialog(revealed_hand(name, shown, event.guilty, self.glyphs), lambda _: None)

    def round_over(self) -> None:
        from ..dialogs.notices import round_over  # noqa: PLC0415

        self.report_stats()
        summary = round_summary(self.session.match, HUMAN, self.glyphs)
        dialog = round_over(*summary[:4], self.glyphs, ending=summary.ending, undo_refusal=self.session.undo_refusal())
        self.open_dialog(dialog, lambda _: self.start_next_round())

    def match_over(self) -> None:
        from ..charts import ScoreRace  # noqa: PLC0415
        from ..dialogs.notices import match_over  # noqa: PLC0415
        from ..timeline import score_race  # noqa: PLC0415

        def answered(key: str) -> None:
            self.pacer.stop()
            self.post_message({"n": self.PlayAgain, "r": self.WatchReplay}.get(key, self.LeaveMatch)())

        self.report_stats()
        match = self.session.match
        summary = round_summary(match)  # the last round's winner is the match's
        race = ScoreRace(match.names, tuple(score_race(match)), match.target)
        refusal = self.session.undo_refusal()
        dialog = match_over(*summary[:4], race=race, glyphs=self.glyphs, undo_refusal=refusal)
        self.open_dialog(dialog, answered)

    def report_stats(self) -> None:
        """Say once if the store of statistics was rebuilt, or if this round could not be recorded."""
        session = self.session
        if session.stats_note is not None:
            self.notify(session.stats_note, title="Statistics", timeout=10, markup=False)
            session.stats_note = None
        if session.stats_problem is not None:
            problem = f"Saving your statistics failed, so this round is not in them: {session.stats_problem}"
            self.notify(problem, severity="warning", markup=False)

    def first_guide_read(self, answer: str) -> None:
        """The first-game guide is shown once: found in play, it came back with every new match until n."""
        self.guide = False
        self.post_message(self.GuideOff())
        self.guide_answered(answer)

    def guide_answered(self, answer: str) -> None:
        if answer == "rules":
            from .rules import RulesScreen  # noqa: PLC0415 - Markdown loads when first read, not at start

            self.app.push_screen(RulesScreen(self.session.match.rules, self.glyphs))
        elif answer == "off":
            self.guide = False
            self.post_message(self.GuideOff())

    def use_settings(self, settings: Settings, pace: Pace, glyphs: Glyphs) -> None:
        """The player changed the settings during the match: they hold from now on."""
        self.uno_helper, self.confirm_quit, self.guide = settings.uno_helper, settings.confirm_quit, settings.guide
        self.undo_on = settings.undo
        self.motion = not settings.reduce_motion
        self.glyphs = self.notes.glyphs = self.voice.glyphs = glyphs  # the log keeps what it wrote
        self.pacer.set_pace(pace)
        self.render_table()

    # ------------------------------------------------------------------ the player's keys and clicks

    def on_key(self, event: events.Key) -> None:
        # Before the binding acts: an action checks the moment its key was pressed.
        self._pressed_at = self.clock.at(event.time)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar shows the keys that do something now; the rest are hidden."""
        if self.too_small:
            return action in _WHILE_TOO_SMALL
        if action == "missed_catch":
            return not applies("catch", self.session.match, HUMAN)
        if action == "missed_jump":
            return not applies("jump", self.session.match, HUMAN)
        if action in ("undo", "undo_refused"):  # z shows only when it would take something back
            return self.undo_on and (self.session.undo_refusal() is None) == (action == "undo")
        if action == "undo_off":
            return not self.undo_on
        if action == "hint":
            return self.session.is_human_turn()
        if action == "play" and self.enter_takes_hint():  # a stack's total taken, say, when nothing stacks
            return True
        if action in _ALWAYS or action not in self.OWN_ACTIONS:  # not ours: Textual's own (copying, the palette)
            return True
        # Any other key of the table says when it applies: one that does not is an error, not a key always shown.
        return applies("move" if action == "move_to" else action, self.session.match, HUMAN, fast=self.pacer.fast)

    def note_turn_taken(self, jump: JumpIn) -> None:
        """A bot jumped in on the player's decision (H5b): a key for it is then refused with the reason.

        Found in play: the player's Enter after a jump-in was refused with a bare "Wait for your turn".
        """
        who = self.session.names[jump.seat]
        self._turn_taken = (
            f"{who} jumped in with {short(jump.card, self.glyphs)} and took your turn: play goes on from {who}.",
            time.monotonic(),
        )

    def is_players_decision(self) -> bool:
        """The player decides now, and the key being handled was pressed for this decision; if not, say why."""
        if not self.session.is_human_turn():
            reason, when = self._turn_taken
            recent = time.monotonic() - when < self.app.NOTIFICATION_TIMEOUT
            self.refuse(reason if recent else "Wait for your turn.")
            return False
        return not self.turn_key_is_late()

    def turn_key_is_late(self) -> bool:
        """A key for the player's decision that was pressed before that decision was put to them."""
        if self.pacer.pressed_before_decision(self._pressed_at):
            self.refuse("That key was pressed before your turn began: press it again.")
            return True
        return False

    def action_move(self, step: int) -> None:
        count = len(self.hand.state.cards)
        if count:
            self.cursor = (self.cursor + step) % count
            self.show_hint()
            self.render_table()

    def action_move_to(self, place: int) -> None:
        """Home and End: the first or the last card (with a dozen cards, ← → alone is slow)."""
        count = len(self.hand.state.cards)
        if count:
            self.cursor = place % count
            self.show_hint()
            self.render_table()

    def enter_takes_hint(self) -> bool:
        """Whether Enter takes the hint's move: one Enter takes, while the cursor is where the hint left it.

        Found in play: Enter after "Hint: Draw: …" played the card under the cursor, and was refused.
        """
        hinted = self.hinted
        return isinstance(hinted, (Play, Draw, Pass, Accept)) and self._hint[1] == self.cursor

    def action_play(self) -> None:
        hinted = self.hinted
        # A Wild Draw Four's colour is still asked, the hint's picked out (play_wild_draw_four).
        four = isinstance(hinted, Play) and hinted.card.rank is Rank.WILD_DRAW_FOUR
        if hinted is not None and self.enter_takes_hint() and not four:
            if self.is_players_decision():
                self.act(hinted)
            return
        self.play_selected()

    def play_selected(self) -> None:
        card = self.selected_card()
        if card is not None:
            self.play(card)

    def play(self, card: Card) -> None:
        if not self.is_players_decision():
            return
        if self.session.view().phase not in (Phase.PLAY, Phase.DRAWN, Phase.STACK):
            self.refuse("Wait for your turn.")
            return
        playable = self.hand.state.cards.index(card) in self.hand.state.playable
        if card.rank is Rank.WILD_DRAW_FOUR and playable:
            self.play_wild_draw_four(card)
            return
        self.act(Play(card, None, self.says_uno(card)))

    def says_uno(self, card: Card) -> bool:
        """UNO goes with the play when the player armed it, or when the helper sees one card left.

        With seven-zero (H4b) the hand that comes back is unknown: the helper says it with every 7 and 0.
        """
        if self.uno_armed:
            return True
        hand = self.session.view().hand
        swaps = self.session.match.rules.seven_zero and card.rank in (Rank.SEVEN, Rank.ZERO) and len(hand) > 1
        return self.uno_helper and (len(hand) == 2 or swaps)

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        self._pressed_at = self.clock.at(message.time)
        self.cursor = message.position
        self.render_table()
        self.play_selected()  # a card clicked is the card meant, whatever a hint said

    def on_draw_pile_clicked(self, message: DrawPile.Clicked) -> None:
        self._pressed_at = self.clock.at(message.time)
        self.action_draw()

    def action_draw(self) -> None:
        if self.is_players_decision():
            self.act(Draw())

    def action_keep(self) -> None:
        if self.is_players_decision():
            self.act(Pass())

    def action_take(self) -> None:
        """Take a stack's whole total (H1-H3)."""
        if self.is_players_decision():
            self.act(Accept())

    def action_jump(self) -> None:
        """Jump in with the twin of the top card (H5): the first to act wins."""
        jump = jump_in(self.session.match, HUMAN)
        if jump is None:
            self.action_missed_jump()
            return
        self.act(JumpIn(HUMAN, jump.card, self.says_uno(jump.card)))

    def action_missed_jump(self) -> None:
        chance = self._jump_chance
        match = self.session.match
        if chance is not None and chance[1] == match.round_number and self.clock.now() - chance[3] < 5:
            # Found in play: a j a moment late read as if the player had the rule wrong.
            card, _round, moves, _when = chance
            later = match.round.view(HUMAN).public_history[moves:]
            # The play that covered the top card took the chance (a draw before it did not).
            first = next(((seat, a) for seat, a in later if seat != HUMAN and isinstance(a, (Play, JumpIn))), None)
            if first is not None and all(seat != HUMAN for seat, _ in later):  # the player did not move on
                who = self.session.names[first[0]]
                assert isinstance(first[1], (Play, JumpIn))
                played = short(first[1].card, self.glyphs)
                self.refuse(f"Too late to jump in with your {short(card, self.glyphs)}: {who} played {played} first.")
                return
        if self.session.match.rules.jump_in:
            self.refuse(
                "No jump-in now: it takes the twin of a card just played (same colour, same number or"
                " symbol) while another player is to play or draw."
            )
        else:
            self.refuse("Jumping in is not a rule of this match.")

    def action_uno(self) -> None:
        if self.session.view().exposed == HUMAN:
            self.act(SayUno(HUMAN))
            return
        missed = self.pacer.recently_missed()
        if missed is not None and missed.seat == HUMAN and not self.ended_it(missed.events):
            self.refuse(f"Too late to say UNO: {how_it_ended(HUMAN, missed.events, self.voice)}.")
            return
        self.uno_armed = not self.uno_armed
        self.render_table()

    @staticmethod
    def ended_it(events: tuple[Event, ...]) -> bool:
        """Whether the player's own UNO or catch ended an exposure (then nothing came too late)."""
        return any(
            (isinstance(e, UnoSaid) and e.seat == HUMAN) or (isinstance(e, UnoCaught) and e.catcher == HUMAN)
            for e in events
        )

    def action_missed_catch(self) -> None:
        missed = self.pacer.recently_missed()
        if missed is not None and missed.seat != HUMAN and not self.ended_it(missed.events):
            self.refuse(f"Too late: {how_it_ended(missed.seat, missed.events, self.voice)}.")
        else:
            self.refuse("Nobody can be caught right now.")

    def action_catch(self) -> None:
        if self.pacer.pressed_before_exposure(self._pressed_at):
            self.refuse("That key was pressed before anyone forgot UNO: press it again.")
            return
        self.act(CatchUno(HUMAN))

    def action_fast(self) -> None:
        self.pacer.fast_forward()
        self.render_table()

    def action_hint(self) -> None:
        if not self.session.is_human_turn():
            self.refuse("A hint is for your own turn.")
            return
        hint = self.take_hint()
        # The advised card under the cursor: enter then plays it, and the eye finds it in the hand.
        cards = hand_cards(self.session.match, HUMAN)[0]
        advised = hint.action.card if isinstance(hint.action, (Play, JumpIn)) else None
        if advised in cards:
            self.cursor = cards.index(advised)
            self._cursor_to_playable = False
            self.render_table()
        self._hint = (hint.text, self.cursor)
        self.show_hint()

    def show_hint(self) -> None:
        """The hint on show, with "(enter)" while Enter takes its move."""
        text, _cursor = self._hint
        if self.hinted is not None and text:
            self.query_one(HintView).text = f"{text} (enter)" if self.enter_takes_hint() else text
            self.refresh_bindings()

    def take_hint(self) -> Hint:
        """The expert's advice for the player's decision now, remembered and counted in the save."""
        hint = self.advisor.hint()
        self.hinted = hint.action
        self.session.count_hint()
        self.report_saving()
        return hint

    def dialog_hint(self) -> str:
        """The hint (t) asked for in a dialog: found in play, t did nothing in the challenge and the swap."""
        return self.take_hint().text

    def action_autopilot(self) -> None:
        on = self.advisor.autopilot = not self.advisor.autopilot
        self.notify("The expert plays your turns until you press a again." if on else "You play your turns again.")
        self.pacer.step()
        self.render_table()

    def action_log(self, pages: int) -> None:
        if pages < 0:
            self.log_view.scroll_page_up(animate=False)
        else:
            self.log_view.scroll_page_down(animate=False)

    def action_undo(self) -> None:
        """Take back the player's last decision and the bots' moves after it (unokart_tui.undo)."""
        try:
            plan = self.session.undo()
        except UndoRefused as refusal:
            self.refuse(str(refusal), title="Undo")
            return
        self.notes.new_round()
        for batch in plan.round_events:
            self.notes.record(batch, self.session.names)
        self.log_view.add(Text(plan.words(), style="italic"))
        self.uno_armed = False
        # Found in play: a hint and a notice about the decision taken back outlived it, and the
        # next Enter tried to play the hint's card, no longer in the hand.
        self.query_one(HintView).text = None
        self.hinted, self._hint = None, ("", -1)
        self.app.clear_notifications()
        # Back on the card that was taken back: found in play, the cursor stayed where it was, and
        # the next Enter played another card than the one the player meant to choose again.
        cards = hand_cards(self.session.match, HUMAN)[0]
        taken_back = plan.decision.card if isinstance(plan.decision, Play) else None
        self._cursor_to_playable = taken_back not in cards
        if taken_back in cards:
            self.cursor = cards.index(taken_back)
        self.show_banner(None)
        self.pacer.rewound(plan.events)
        self.report_saving()
        self.pacer.step()
        self.render_table()

    def action_undo_refused(self) -> None:
        refusal = self.session.undo_refusal()
        if refusal is None:  # taken since the key bar was drawn
            self.action_undo()
        else:
            self.refuse(refusal, title="Undo")

    def action_undo_off(self) -> None:
        self.refuse("Undo is off: turn it on in Settings.", title="Undo")

    def action_help(self) -> None:
        from ..dialogs.guide import GuideDialog  # noqa: PLC0415

        self.open_dialog(
            GuideDialog(first_game=False, rules=self.session.match.rules, glyphs=self.glyphs), self.guide_answered
        )

    def action_leave(self) -> None:
        if self.session.save_error is None and not self.confirm_quit:
            self.leave()
            return
        from ..dialogs.confirm import ConfirmDialog  # noqa: PLC0415

        problem = self.session.save_error
        if problem is None:
            detail = "It is saved: continue it later from the title."
        else:
            it = "it" if self._saved_moves is None else "they"
            detail = (
                f"Saving fails ({problem}): {self.what_is_unsaved()}. "
                f"Leave now and {it} {'is' if it == 'it' else 'are'} lost; stay, and {it} will be saved "
                "as soon as saving works again."
            )
        self.open_dialog(ConfirmDialog("Leave this match?", detail), lambda yes: self.leave() if yes else None)

    def leave(self) -> None:
        self.pacer.stop()
        self.post_message(self.LeaveMatch())
