"""The table of one seat, without a screen: what the seat's intentions do, and what it is told.

A front end hands the controller the player's intentions (``play``, ``draw``, ``uno``, ``hint``…,
a dialog's answer) and receives, for this seat only, ``messages``: the table as the seat sees it,
the log's lines, banners, notes, the questions its decisions need. The controller is the one
place that changes the game: ``act`` calls ``Session.apply`` (and ``undo`` ``Session.undo``).
When things happen is the ``Pacer``'s business; time is the injected ``Clock``'s, so a test
moves it on itself and waits for nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
    Event,
    JumpIn,
    Pass,
    Phase,
    Play,
    Rank,
    RulesError,
    SayUno,
    UnoCaught,
    UnoSaid,
)
from ..glyphs import UNICODE, Glyphs
from ..history.timeline import replay
from ..voice import _
from ..voice.banners import Banner, banner
from ..voice.narration import LogLine, Voice, how_it_ended, must_play_line
from ..voice.notes import TableNotes
from ..voice.refusals import refusal
from . import hinting, keys, logbook, questions
from .advisor import Advisor, Hint
from .chances import JumpChance, missed_jump_words
from .hinting import HintOnShow
from .messages import (
    AskColour,
    BannerShown,
    CardsMoved,
    Front,
    HintShown,
    LogFollows,
    Logged,
    Message,
    Notice,
    NoticesCleared,
    NoticesPassed,
    SeatState,
    TableShown,
)
from .pacing import Clock, Pace, Pacer
from .saving import SaveWatch
from .session import HUMAN, Session
from .tableview import (
    HandState,
    can_stack,
    hand_cards,
    jump_in,
    line_up,
    motions,
    place_cursor,
    seat_lines,
    status,
    table_info,
)
from .undo import UndoRefused
from .uno import UnoAhead

RECENT = 40  # a resumed match shows the events of this many actions before it was left
NOTICE_SECONDS = 5.0  # how long a note stays on show: a refusal repeated meanwhile adds no copy of it


class TableController:
    """The table of the seat ``you``: its intentions in, its messages out to ``front``."""

    def __init__(
        self,
        session: Session,
        front: Front,
        *,
        clock: Clock,
        pace: Pace | None = None,
        deal_again: str = "",
        uno_helper: bool = False,
        undo: bool = True,
        glyphs: Glyphs = UNICODE,
        short_log: bool = False,
    ) -> None:
        self.session = session
        self.front = front
        self.short_log = short_log  # line mode's: a Lightning's draws, a draw and its lost turn, one line each
        self.clock = clock
        self.you = HUMAN  # the session's own seat: the seat this table is for
        self.advisor = Advisor(session, glyphs)  # hints (t) and the autopilot (a)
        self.pacer = Pacer(session, pace or Pace(), self, clock=clock, advisor=self.advisor)
        self.glyphs = glyphs
        self.notes = TableNotes(len(session.names), glyphs)
        self.voice = Voice(session.names, HUMAN, glyphs)
        self.deal_again = deal_again or session.deal_again_command()
        self.uno_helper = uno_helper
        self.undo_on = undo
        self.cursor = 0
        # Set when a turn of the seat's begins: the cursor then moves to a card that can be
        # played, if it is not on one, so the player does not have to hunt for it.
        self.cursor_to_playable = True
        self.hand = HandState()  # the hand as last shown: the cursor's cards
        self.uno_ahead = UnoAhead()  # U1: said before the play it goes with
        self.hinted: Action | None = None  # the move of the hint on show, until a move is made
        self.hint_on_show = HintOnShow()  # the hint's sentence, and where the cursor was when it was given
        self._pressed_at: float | None = None  # when the key or click being handled was pressed; None: now
        self._banners = 0  # banners shown so far: a timer hides only its own
        self._banner_kind: str | None = None  # the kind of the banner on show, None when there is none
        self.saving = SaveWatch(session, clock, self.send, lambda: self.pacer.pace.save_retry)
        self._refusal: tuple[str, str] | None = None  # the last "that did nothing" shown, and when
        self._refused_at = float("-inf")
        self._turn_taken = ("", float("-inf"))  # why the seat's decision went to a bot who jumped in, and when
        self._jump_chance: JumpChance | None = None  # the twin of the top card last held (H5)
        self.logbook = logbook.Logbook()  # the log's lines, for an undo to mark those it took back

    def send(self, message: Message) -> None:
        if isinstance(message, Logged):
            self.logbook.counted()
        self.front.receive(message)

    def call_after_refresh(self, callback: Callable[[], None]) -> bool:
        return self.front.call_after_refresh(callback)

    # ------------------------------------------------------------------ opening, holding, settings

    def open(self) -> bool:
        """The table's first words (a new match's seed and players, or a resumed one's last moves).

        True for a match that starts now. Play starts with ``go``, once the front end is ready.
        """
        match = self.session.match
        fresh = match.round_number == 1 and not match.history[0]
        if fresh:
            seed = _("Seed {seed}. To deal this match again: {command}").format(
                seed=match.seed, command=self.deal_again
            )
            self.send(Logged(LogLine(seed, "dim", command=True)))  # never cut mid-word
            self.log(line_up(match.names, self.kinds, HUMAN))
            self.show(list(match.start_events))
        else:
            self.recall()
        self.report_saving()
        self.show_table()
        return fresh

    def go(self) -> None:
        self.pacer.step()
        self.show_table()

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
                self.log(_("— Round {number} —").format(number=number), "bold")
                for batch in batches:  # the last one led to the round as it is: it is told as if live
                    self.write_log(batch, live=batch is rounds[-1][-1])
            self.pacer.changed(rounds[-1][-1])  # a forgotten UNO is open to a catch again
        self.log(line_up(match.names, self.kinds, HUMAN))
        if match.is_over:  # found in line mode's playtest: "round 2 goes on", then "The match is over."
            self.log(_("Welcome back: this match is over."), "bold")
        else:
            self.log(_("Welcome back: round {number} goes on.").format(number=match.round_number), "bold")

    def hold(self) -> None:
        """Something is over the table (a dialog, another screen, a terminal too small): nothing happens."""
        self.pacer.hold()

    def release(self) -> None:
        self.pacer.release()

    def stop(self) -> None:
        """The table closes: nothing happens any more."""
        self.pacer.stop()

    def use_settings(self, *, uno_helper: bool, undo: bool, glyphs: Glyphs, pace: Pace) -> None:
        """The player changed the settings during the match: they hold from now on."""
        self.uno_helper, self.undo_on = uno_helper, undo
        self.glyphs = self.notes.glyphs = self.voice.glyphs = self.advisor.glyphs = (
            glyphs  # the log keeps what it wrote
        )
        self.pacer.set_pace(pace)
        self.show_table()

    # ------------------------------------------------------------------ what the seat sees

    @property
    def kinds(self) -> list[str]:
        """Each seat's personality ("human" for the player)."""
        return [seat.kind for seat in self.session.seats]

    def moves(self) -> int:
        """The actions of the whole match so far."""
        return self.saving.moves()

    def may(self, intent: str) -> bool:
        """Whether ``intent`` (a key's name: "play", "undo_refused"…) does something now; ValueError if unknown."""
        return keys.may(self, intent)

    def state(self) -> SeatState:
        """The table as the seat sees it now; the cursor is put on its place for the turn."""
        session = self.session
        match = session.match
        levels = [seat.profile or "" for seat in session.seats]
        lines = seat_lines(match, self.kinds, self.notes, HUMAN, glyphs=self.glyphs, levels=levels)
        twin = jump_in(match, HUMAN)
        if twin is not None:
            self._jump_chance = JumpChance(twin.card, match.round_number, len(match.history[-1]), self.clock.now())
        cards, playable, drawn = hand_cards(match, HUMAN)
        self.cursor = place_cursor(cards, playable, self.cursor, drawn=drawn, to_playable=self.cursor_to_playable)
        if self.cursor_to_playable and playable:
            self.cursor_to_playable = False
        waiting = status(match, HUMAN, thinking=self.pacer.waiting, held=self.pacer.held, kinds=self.kinds)
        waiting = hinting.hand_status(self, waiting)  # found in play: the title offered a play, Enter kept
        whole = _("Your hand ({count}) — {status}").format(count=len(cards), status=waiting)
        tags = [_("[UNO ready]")] if self.uno_ahead.armed else []
        title = "  ".join([whole, *tags, *([_("[autopilot: a stops]")] if self.advisor.autopilot else [])])
        # Found in play (sk/nl, 80x24): the autopilot's tag was cut, "[autopilot: a…"; the hand shows the
        # first of these that fits, never a cut word.
        shorter: tuple[str, ...] = ()
        if self.advisor.autopilot:
            tags.append(_("[autopilot]"))
            shorter = ("  ".join([whole, *tags]), "  ".join([waiting, *tags]))
        self.hand = HandState(cards, playable, self.cursor, title, self.glyphs, shorter)  # labels after the title
        where = _("round {number} · first to {target}").format(number=match.round_number, target=match.target)
        return SeatState(lines, table_info(match, self.notes, HUMAN, self.glyphs), self.hand, where)

    def show_table(self) -> None:
        self.send(TableShown(self.state()))

    def selected_card(self) -> Card | None:
        cards = self.hand.cards
        if not cards:
            return None
        return cards[min(self.cursor, len(cards) - 1)]

    def log(self, text: str, style: str = "") -> None:
        self.send(Logged(LogLine(text, style)))

    def show(self, events: list[Event], *, hint_uno: bool | None = None) -> None:
        """What happened: the seats' last moves, the log, and a banner for what matters.

        ``hint_uno``: the seat's move followed the hint, whose move said UNO or not (None: it did not).
        """
        self.notes.record(events, self.session.names)
        self.write_log(events, hint_uno=hint_uno)
        forced = must_play_line(events, self.session.match.round, self.voice)  # H7
        if forced is not None:
            self.send(Logged(forced))
        shown = banner(events, self.voice, can_stack=can_stack(self.session.match.round, HUMAN))
        if shown is not None:
            self.show_banner(shown)
        elif self._banner_kind == "exposed" and self.session.view().exposed is None:
            self.show_banner(None)  # nobody can be caught any more

    def write_log(self, events: list[Event], *, live: bool = True, hint_uno: bool | None = None) -> None:
        """``events`` in the log (``logbook.write``); ``live``: they just happened."""
        logbook.write(self, events, live=live, hint_uno=hint_uno)

    def show_banner(self, shown: Banner | None) -> None:
        self._banners += 1
        self._banner_kind = None if shown is None else shown.kind
        self.send(BannerShown(shown))
        seconds = self.pacer.pace.banner_seconds
        if shown is not None and shown.kind != "exposed" and seconds is not None:
            number = self._banners
            self.clock.set_timer(seconds, lambda: self._hide_banner(number))

    def _hide_banner(self, number: int) -> None:
        if number == self._banners:
            self._banner_kind = None
            self.send(BannerShown(None))

    def notify(self, text: str, *, title: str = "", timeout: float | None = None) -> None:
        self.send(Notice(text, title, timeout=timeout))

    def refuse(self, reason: str, *, title: str = "") -> None:
        """Say why an intention did nothing; said again while the same reason is on show, no copy of it."""
        now = self.clock.now()
        if (reason, title) == self._refusal and now - self._refused_at < NOTICE_SECONDS:
            return
        self._refusal, self._refused_at = (reason, title), now
        self.send(Notice(reason, title, "warning", passing=True))

    def refusals_passed(self) -> None:
        """The player acted, a decision came to them, or the round ended: the refusals on show were about a
        moment now past, and go (found in play: "Wait for your turn." stayed over the log into the turn)."""
        if self._refusal is not None:
            self._refusal, self._refused_at = None, float("-inf")
            self.send(NoticesPassed())

    # ------------------------------------------------------------------ the game changes here

    def act(self, action: Action, *, hint_uno: bool | None = None) -> bool:
        """The one place the game changes. An illegal action is explained and changes nothing.

        ``hint_uno``: the seat's move is the hint's, whose move said UNO or not; its line says so.
        """
        by_player = self.session.is_human_turn()
        taken = by_player and isinstance(action, JumpIn) and action.seat != HUMAN  # H5: a bot took the turn
        match = self.session.match
        exposed = match.round.exposed
        self.logbook.action_at((match.round_number, len(match.history[-1])))
        followed = hinting.following(self, action)
        try:
            events = self.session.apply(action)
        except RulesError:  # its words are the engine's English: the voice says why in the player's language
            self.refuse(refusal(action, self.session.view()), title=_("Not allowed"))
            return False
        if taken:
            by_player = False
        self.send(CardsMoved(motions(events, HUMAN), by_player))
        self.show(events, hint_uno=hint_uno)
        if taken:
            assert isinstance(action, JumpIn)
            self.note_turn_taken(action)
        logbook.note_exposure_over(self, exposed, events)
        self.send(HintShown(None))  # it was about the decision just taken
        self.hinted, self.hint_on_show = hinting.carried(self, followed), HintOnShow()
        if by_player or self.session.is_human_turn() or self.session.match.round.is_over:
            self.refusals_passed()
        self.pacer.changed(events)
        if self.uno_ahead.after(events, HUMAN):
            self.notify(_("UNO said ahead is off: you drew instead of playing."), timeout=3)
        if self.session.is_human_turn() and self.session.view().phase in (Phase.PLAY, Phase.STACK):
            self.cursor_to_playable = True
            if not by_player:
                # Found in play: scrolled back to read, the player went on reading old lines at their turn.
                self.send(LogFollows())
        self.report_saving()
        for shown in questions.revealed(events, self.session.names, HUMAN):
            self.send(shown)
        self.pacer.step()
        self.show_table()
        return True

    def note_turn_taken(self, jump: JumpIn) -> None:
        """A bot jumped in on the seat's decision (H5b): a banner says so, and a key for it is then refused
        with the reason. The log's line is the jump-in's own ("Luigi jumps in out of turn and takes your
        turn!"): a second line here said it twice.

        Found in play: the player's turn went to the bot without a word, and their Enter was refused
        with a bare "Wait for your turn".
        """
        who, card = self.session.names[jump.seat], self.voice.card(jump.card)
        reason = _("{name} jumped in with {card} and took your turn: play goes on from {name}.")
        self._turn_taken = (reason.format(name=who, card=card), self.clock.now())
        taken = _("Jump-in! {name} jumps in with {card} and takes your turn").format(name=who, card=card)
        self.show_banner(Banner(taken, "house"))

    def start_next_round(self) -> None:
        events = self.session.next_round()
        self.pacer.new_round()
        self.uno_ahead.drop()  # said ahead for a play of the last round: it goes with that round
        self.send(LogFollows())  # found in play: scrolled back in one round, the log hid the next one
        self.log(_("— Round {number} —").format(number=self.session.match.round_number), "bold")
        self.show(events)
        self.cursor = 0
        self.cursor_to_playable = True
        self.report_saving()
        self.show_table()

    # ------------------------------------------------------------------ the seat's intentions

    def intend(self, intent: str, *arguments: int) -> None:
        """Do the seat's ``intent``, named as ``may`` names it ("move" takes a step, "move_to" a place)."""
        if intent != "move_to" and intent not in keys.INTENTS:
            raise ValueError(f"the table knows no intention {intent!r}")
        method: Callable[..., None] = getattr(self, "enter" if intent in ("play", "hinted") else intent)  # Enter
        method(*arguments)

    def press(self, at: float) -> None:
        """A key or a click was pressed ``at`` (the clock's time): the intention it makes checks it.

        A front end that stamps nothing (a line typed, a message from afar) intends at the moment it asks.
        """
        self._pressed_at = at

    @property
    def pressed_at(self) -> float:
        return self.clock.now() if self._pressed_at is None else self._pressed_at

    def is_players_decision(self) -> bool:
        """The seat decides now, and the key being handled was pressed for this decision; if not, say why."""
        if not self.session.is_human_turn():
            reason, when = self._turn_taken
            recent = self.clock.now() - when < NOTICE_SECONDS
            self.refuse(reason if recent else _("Wait for your turn."))
            return False
        if self.pacer.pressed_before_decision(self.pressed_at):
            self.refuse(_("That key was pressed before your turn began: press it again."))
            return False
        return True

    def move(self, step: int) -> None:
        """The cursor ``step`` cards on (round the hand)."""
        count = len(self.hand.cards)
        if count:
            self.cursor = (self.cursor + step) % count
            hinting.cursor_moved(self)
            self.show_hint()
            self.show_table()

    def move_to(self, place: int) -> None:
        """The cursor on the card at ``place`` (-1: the last)."""
        count = len(self.hand.cards)
        if count:
            self.cursor = place % count
            hinting.cursor_moved(self)
            self.show_hint()
            self.show_table()

    def enter_takes_hint(self) -> bool:
        """Whether Enter takes the hint's move now (``hinting.takes_enter``: the key bar and the title say so)."""
        return hinting.takes_enter(self)

    def enter(self) -> None:
        """Enter: the hint's move while it takes it, else the card under the cursor."""
        hinting.enter(self)

    def play_selected(self) -> None:
        card = self.selected_card()
        if card is not None:
            self.play(card)

    def click(self, position: int) -> None:
        """A card of the hand clicked: the card meant, whatever a hint said."""
        self.cursor = position
        hinting.cursor_moved(self)
        self.show_table()
        self.play_selected()

    def play(self, card: Card) -> None:
        if not self.is_players_decision():
            return
        if self.session.view().phase not in (Phase.PLAY, Phase.DRAWN, Phase.STACK):
            self.refuse(_("Wait for your turn."))
            return
        playable = card in self.hand.cards and self.hand.cards.index(card) in self.hand.playable
        if card.rank is Rank.WILD_DRAW_FOUR and playable:
            self.play_wild_draw_four(card)
            return
        self.act(Play(card, None, self.says_uno(card)))

    def says_uno(self, card: Card) -> bool:
        """Whether UNO goes with playing ``card`` now (``UnoAhead.with_play``)."""
        hand = self.session.view().hand
        return self.uno_ahead.with_play(card, hand, self.session.match.rules, helper=self.uno_helper)

    def draw(self) -> None:
        if self.is_players_decision():
            self.act(Draw())

    def draw_refused(self) -> None:
        """The draw key when a draw is not the seat's move: why not (a bot's turn, a card just drawn…).

        Found in play: a table resumed while a bot was open to a catch dropped ``d`` pressed during the
        bots' moves without a word, the key bar having hidden the draw.
        """
        self.draw()  # refused there with the reason, by ``is_players_decision`` or the engine (``act``)

    def keep(self) -> None:
        if self.is_players_decision():
            self.act(Pass())

    def take(self) -> None:
        """Take a stack's whole total (H1-H3)."""
        if self.is_players_decision():
            self.act(Accept())

    def jump(self) -> None:
        """Jump in with the twin of the top card (H5): the first to act wins."""
        twin = jump_in(self.session.match, HUMAN)
        if twin is None:
            self.missed_jump()
            return
        self.act(JumpIn(HUMAN, twin.card, self.says_uno(twin.card)))

    def missed_jump(self) -> None:
        now = self.clock.now()
        self.refuse(missed_jump_words(self.session.match, HUMAN, self._jump_chance, now, self.voice))

    def uno(self) -> None:
        """UNO: said now for a hand on one card (U1), else said ahead for the next play, or taken back.

        The one place the seat's UNO is armed; ``act`` disarms it with the play (or a draw).
        """
        if self.session.view().exposed == HUMAN:
            self.act(SayUno(HUMAN))
            return
        missed = self.pacer.recently_missed()
        if missed is not None and missed.seat == HUMAN and not self.ended_it(missed.events):
            late = _("Too late to say UNO: {what}.").format(what=how_it_ended(HUMAN, missed.events, self.voice))
            self.refuse(late)
            return
        self.uno_ahead.toggle()
        self.show_table()

    @staticmethod
    def ended_it(events: Sequence[Event]) -> bool:
        """Whether the seat's own UNO or catch ended an exposure (then nothing came too late)."""
        return any(
            (isinstance(e, UnoSaid) and e.seat == HUMAN) or (isinstance(e, UnoCaught) and e.catcher == HUMAN)
            for e in events
        )

    def missed_catch(self) -> None:
        missed = self.pacer.recently_missed()
        if missed is not None and missed.seat != HUMAN and not self.ended_it(missed.events):
            self.refuse(_("Too late: {what}.").format(what=how_it_ended(missed.seat, missed.events, self.voice)))
        else:
            self.refuse(_("Nobody can be caught right now."))

    def catch(self) -> None:
        if self.pacer.pressed_before_exposure(self.pressed_at):
            self.refuse(_("That key was pressed before anyone forgot UNO: press it again."))
            return
        self.act(CatchUno(HUMAN))

    def fast(self) -> None:
        self.pacer.fast_forward()
        self.show_table()

    # ------------------------------------------------------------------ hints and the autopilot

    def hint(self) -> None:
        if not self.session.is_human_turn():
            self.refuse(_("A hint is for your own turn."))
            return
        if self.pacer.pressed_before_decision(self.pressed_at):
            # Found in play: t pressed on the seat's decision, a bot jumped in before the key was
            # handled, and the hint advised on a position the seat had not been shown yet.
            self.refuse(_("That key was pressed before your turn began: press it again."))
            return
        hinting.give(self)
        self.pacer.hint_shown()

    def show_hint(self) -> None:
        hinting.show(self)

    def take_hint(self) -> Hint:
        """The expert's advice for the seat's decision now, remembered and counted in the save."""
        hint = self.advisor.hint()
        self.hinted = hint.action
        self.session.count_hint()
        self.report_saving()
        return hint

    def dialog_hint(self) -> str:
        """The hint (t) asked for in a dialog: found in play, t did nothing in the challenge and the swap."""
        return self.take_hint().text

    def autopilot(self) -> None:
        on = self.advisor.autopilot = not self.advisor.autopilot
        self.notify(
            _("The expert plays your turns until you press a again.") if on else _("You play your turns again.")
        )
        self.pacer.step()
        self.show_table()

    # ------------------------------------------------------------------ undo

    def undo(self) -> None:
        """Take back the seat's last decision and the bots' moves after it (unokart_tui.table.undo)."""
        try:
            plan = self.session.undo()
        except UndoRefused as refusal:
            self.refuse(str(refusal), title=_("Undo"))
            return
        self.notes.new_round()
        for batch in plan.round_events:
            self.notes.record(batch, self.session.names)
        match = self.session.match
        undone = self.logbook.taken_back_to((match.round_number, len(match.history[-1])))
        if undone is not None:
            self.send(undone)  # found in play: the moves taken back stayed in the log as if they had happened
        self.log(plan.words(), "italic")
        self.uno_ahead.drop()
        # Found in play: a hint and a notice about the decision taken back outlived it, and the
        # next Enter tried to play the hint's card, no longer in the hand.
        self.send(HintShown(None))
        self.hinted, self.hint_on_show = None, HintOnShow()
        self.send(NoticesCleared())
        # Back on the card that was taken back: found in play, the cursor stayed where it was, and
        # the next Enter played another card than the one the player meant to choose again.
        cards = hand_cards(self.session.match, HUMAN)[0]
        taken_back = plan.decision.card if isinstance(plan.decision, (Play, JumpIn)) else None
        self.cursor_to_playable = taken_back not in cards
        if taken_back in cards:
            self.cursor = cards.index(taken_back)
        self.show_banner(None)
        self.pacer.rewound(plan.round_events)
        self.report_saving()
        self.pacer.step()
        self.show_table()

    def undo_refused(self) -> None:
        refusal = self.session.undo_refusal()
        if refusal is None:  # taken since the key bar was drawn
            self.undo()
        else:
            self.refuse(refusal, title=_("Undo"))

    def undo_off(self) -> None:
        self.refuse(_("Undo is off: turn it on in Settings."), title=_("Undo"))

    def report_saving(self) -> None:
        self.saving.report()

    # ------------------------------------------------------------------ the seat's decisions that need a question

    def ask_player(self) -> None:
        """The seat decides now: a colour, a target and a challenge are questions to it."""
        asked = questions.question(self.session, HUMAN, self.hinted)
        if asked is not None:
            self.send(asked)

    def play_wild_draw_four(self, card: Card) -> None:
        """A Wild Draw Four of the seat's: its colour is asked first (the seat may go back)."""
        hinted = self.hinted
        advised = hinted.color if isinstance(hinted, Play) and hinted.card == card else None
        self.send(AskColour(_("for your Wild Draw Four"), advised, card))

    def choose_colour(self, color: Color, card: Card | None = None) -> None:
        """The colour picked: for the Wild Draw Four ``card``, or the colour the seat must choose."""
        hinted = self.hinted
        if card is None:
            advised = hinted.color if isinstance(hinted, ChooseColor) else None
            self.act(ChooseColor(color), hint_uno=False if advised is not None and color == advised else None)
            return
        hinted_play = hinted if isinstance(hinted, Play) and hinted.card == card else None
        said = hinted_play is not None and hinted_play.uno and not self.says_uno(card)  # the hint's UNO, if only its
        followed = hinted_play is not None and hinted_play.color == color
        play = Play(card, color, said or self.says_uno(card))
        self.act(play, hint_uno=hinted_play.uno if hinted_play is not None and followed else None)

    def choose_target(self, seat: int) -> None:
        self.act(ChooseTarget(seat))

    def answer_challenge(self, answer: str) -> None:
        """ "challenge", "accept", or "stack" (H2: a Wild Draw Four of the seat's on the lone one)."""
        if answer == "challenge":
            self.act(Challenge())
        elif answer == "accept":
            self.act(Accept())
        else:
            self.play_wild_draw_four(next(a.card for a in self.session.match.legal_actions() if isinstance(a, Play)))

    def round_over(self) -> None:
        self.report_stats()
        self.send(questions.round_over(self.session, HUMAN, self.glyphs))

    def match_over(self) -> None:
        self.report_stats()
        self.send(questions.match_over(self.session))

    def report_stats(self) -> None:
        for notice in questions.stats_notices(self.session):
            self.send(notice)
