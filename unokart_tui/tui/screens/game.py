"""The game table: the screen itself. It draws what the table controller sends and hands it the player's keys.

Everything a seat does at the table is ``table.TableController``'s (no Textual): this screen maps
keys and clicks to its intentions, and its messages to widgets and dialogs. It talks to the app
by messages: ``LeaveMatch``, ``PlayAgain``, ``GuideOff``, ``WatchReplay``.

The dialogs are imported where they open: defining their classes takes 3 ms; the first frame needs none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import HouseRules
from ...glyphs import UNICODE, Glyphs
from ...settings import Settings
from ...table import messages as told
from ...table.clock import RealTime
from ...table.controller import TableController
from ...table.front import SeatTable
from ...table.pacing import Clock, Pace
from ...table.session import HUMAN, Session
from ...table.tableview import SeatLine, seating
from ...voice import N_, _, voice_in_use
from ..widgets.banner import BannerView
from ..widgets.cardview import DrawPile
from ..widgets.gamelog import GameLog
from ..widgets.hand import HandView
from ..widgets.hint import HintView
from ..widgets.keybar import KeyBar
from ..widgets.players import OwnSeatView, PlayerRow, PlayersPanel, SeatView
from ..widgets.table import GRAND_SIZE, TablePanel, enlarge_notice, felt_title
from ..widgets.titles import set_border_subtitle, set_border_title
from .app_base import PlainTextApp
from .flights import Flights
from .styled import StyledOnce

T = TypeVar("T")
SeatFactory = Callable[["GameScreen", Clock], SeatTable]  # the table of a seat, for its screen and on its clock

MIN_WIDTH, MIN_HEIGHT = 80, 24  # the table is laid out for a standard terminal
_WHILE_TOO_SMALL = frozenset({"leave", "help"})  # the keys that need no table to be seen
ROOMY_WIDTH, ROOMY_HEIGHT = 110, 32  # from this size on, the roomy table: seats around it, big cards
# From this width the roomy table's side seats are two columns wider, for a bot's personality and level apart
# ("hebzuchtig · normaal"): found in play at 120x40 (issue 32), squeezed to "hebzuchtig·normaal".
WIDE_SIDES_WIDTH = 120
SPACIOUS_WIDTH, SPACIOUS_HEIGHT = 160, 48  # and from this one, bigger cards in the middle
# From this width the grand table's side seats are wide enough for a bot's level and description
# (found in play at 200x60: "hoarder · normal", descriptions cut); below it the scoreboard needs the room.
BROAD_WIDTH = 200
# The compact players panel's rows beside a row each seat (#top's 13, less the frame and the line over the
# player's own row): so many last moves may go on under themselves, the first ones down the panel; the rest end
# in "…". Found in a playtest at 80x24: a jump-in passed over four seats, and the grown panel lost its footer.
SPARE_PLAYER_ROWS = 13 - 2 - 1
# From this height the grand table's seats are taller, a longer story each: found in play at 200x60,
# about 11 rows of the felt were left blank above and below the piles.
LOFTY_HEIGHT = 58


class GameScreen(StyledOnce[None]):
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
        Binding("left,h", "intent('move', -1)", N_("Card ←"), show=False),
        Binding("right,l", "intent('move', 1)", N_("Card →"), show=False),
        Binding("home", "intent('move_to', 0)", N_("First card"), show=False),
        Binding("end", "intent('move_to', -1)", N_("Last card"), show=False),
        Binding("enter,space", "intent('play')", N_("Play")),
        Binding("enter,space", "intent('hinted')", N_("Take the hint")),  # a draw, a keep or a stack, as hinted
        Binding("d", "intent('draw')", N_("Draw")),
        Binding("d", "intent('take')", N_("Take them")),  # a stack's total (house rules H1-H3): drawn, as a draw is
        Binding("d", "intent('draw_refused')", N_("Draw"), show=False),  # when d draws nothing: says why
        Binding("p", "intent('keep')", N_("Keep")),
        Binding("j", "intent('jump')", N_("Jump in")),  # house rule H5
        Binding(
            "j", "intent('missed_jump')", N_("Jump in"), show=False
        ),  # when there is nothing to jump in with: says why
        Binding("u", "intent('uno')", N_("UNO!")),
        Binding("c", "intent('catch')", N_("Catch")),
        Binding("c", "intent('missed_catch')", N_("Catch"), show=False),  # when nobody can be caught: says why
        Binding("f", "intent('fast')", N_("Fast")),
        Binding("t", "intent('hint')", N_("Hint")),  # on the player's turn only: a newcomer never found it in the help
        Binding("z", "intent('undo')", N_("Undo")),  # shown only when an undo would be taken (Session.undo_refusal)
        Binding("z", "intent('undo_refused')", N_("Undo"), show=False),  # when it would not be: says why
        Binding("z", "intent('undo_off')", N_("Undo"), show=False),  # undo turned off in the settings: says so
        Binding("question_mark", "help", N_("Help")),
        Binding("q", "leave", N_("Quit")),
        # Last: where the keys of a busy turn fill 80 columns, these are the ones the bar leaves out.
        Binding("a", "intent('autopilot')", N_("Autopilot")),
        Binding("pageup", "log(-1)", N_("Log"), key_display="PgUp/Dn"),
        Binding("pagedown", "log(1)", N_("Log down"), show=False),
    ]

    def __init__(
        self,
        session: Session | None,
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
        seat: SeatFactory | None = None,
        names: Sequence[str] = (),
        rules: HouseRules | None = None,
    ) -> None:
        """``clock``: when things happen at the table (bots' moves, banners, saving again); real time if None.

        ``seat``: the table of the seat, made for this screen on its clock, when it is not the ``session``'s
        (``friends.remote``: a seat of a table shared with friends); ``names`` and ``rules`` are then that table's.
        """
        super().__init__()
        self.session = session
        self.clock = clock or RealTime(self.set_timer)
        self.controller: SeatTable
        if seat is None:
            assert session is not None, "a game screen plays a session, or the seat it is given"
            self.controller = TableController(
                session, self, clock=self.clock, pace=pace, deal_again=deal_again, uno_helper=uno_helper, undo=undo,
                glyphs=glyphs,
            )  # fmt: skip
            names, rules = session.names, session.match.rules
        else:
            self.controller = seat(self, self.clock)
        self.names = tuple(names)  # every seat's, the player's first
        self.rules = rules or HouseRules()
        self.glyphs = glyphs
        self.motion = motion  # cards move across the table (off: the "reduce motion" setting)
        self.confirm_quit = confirm_quit
        self.guide = guide
        self._suspended = False
        # Whether the terminal shows the table's last frame: not from a screen covering it (a dialog) to the table's
        # first frame once seen again. Until then the wire's copy of the terminal holds the screen that covered it.
        self.on_terminal = True
        self._asking: list[ModalScreen[object]] = []  # the dialogs of the table's questions and round ends
        self.too_small = False  # the notice to enlarge the terminal is up: the table waits behind it
        self.seat_lines: tuple[SeatLine, ...] = ()  # the seats as last shown
        # The help (?) once shown, with what its words were drawn from, and its answer's handler.
        self._help: tuple[tuple[object, ...], ModalScreen[str], Callable[[str], object]] | None = None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        # One set of widgets for both layouts: a resize changes classes, never the widgets, so the
        # cursor, a dialog and the log stay as they are. The compact table lists the players and
        # has the log under it; the roomy one seats them around the cards, the log beside it.
        places = seating(len(self.names) - 1)
        with Container(id="board"):
            with Horizontal(id="top"):
                with PlayersPanel(id="opponents"):
                    for seat in range(1, len(self.names)):
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
                        yield OwnSeatView(id=f"place-{HUMAN}", classes="you")
                    # The roomy table's banner, over the felt's width above the player's seat: found in play
                    # (issue 32), between the side seats it wrapped Slovak and Dutch to three lines of 28.
                    yield BannerView(id="felt-wide-banner")
            with Vertical(id="middle"):
                yield GameLog(id="log")
                yield BannerView(id="banner")
        yield Static(id="save-problem")
        yield HintView()
        yield HandView(id="hand")
        yield KeyBar()
        yield Static(id="too-small")

    def on_mount(self) -> None:
        seats = range(len(self.names))
        self.rows = [self.query_one(f"#seat-{seat}", PlayerRow) for seat in seats]
        longest = max(len(name) for name in self.names)
        for row in self.rows:
            row.name_width = longest
        self.places = [self.query_one(f"#place-{seat}", SeatView) for seat in seats]
        self.players = self.query_one("#opponents", PlayersPanel)
        self.felt = self.query_one("#felt", Vertical)
        self.table = self.query_one(TablePanel)
        self.log_view = self.query_one(GameLog)
        self.banner_views = list(self.query(BannerView))
        self.banner_view = self.banner_views[0]
        self.hand = self.query_one(HandView)
        self.flights = Flights(self)
        self.players.border_title = _("Players · cards · last move · pts")
        self.log_view.border_title = _("Game log")
        self.render_table()
        self.call_after_refresh(self.first_words)

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notice = self.query_one("#too-small", Static)
        notice.update(enlarge_notice((MIN_WIDTH, MIN_HEIGHT), (width, height)))
        if small != self.too_small:
            # Found in play: behind the notice the bots played on and keys acted on a table nobody saw.
            self.too_small = notice.display = small
            if small:
                self.controller.hold()
            else:
                self.controller.release()
            self.refresh_bindings()
        self.lay_out(roomy=width >= ROOMY_WIDTH and height >= ROOMY_HEIGHT)
        self.table.spacious = width >= SPACIOUS_WIDTH and height >= SPACIOUS_HEIGHT
        grand = width >= GRAND_SIZE[0] and height >= GRAND_SIZE[1]
        self.set_class(width >= WIDE_SIDES_WIDTH and not grand, "-wide")  # the grand table sizes its own
        self.set_class(grand, "-grand")
        self.set_class(grand and width >= BROAD_WIDTH, "-broad")
        self.set_class(grand and height >= LOFTY_HEIGHT, "-lofty")
        self.table.grand = self.hand.grand = grand

    def lay_out(self, *, roomy: bool) -> None:
        """The compact table or the roomy one: classes and two widgets' sizes, nothing rebuilt."""
        if roomy == self.has_class("-roomy"):
            return
        self.set_class(roomy, "-roomy")
        self.hand.big = roomy
        self.table.roomy = roomy
        self._match_players(self.players.outer_size.height)
        self.flights.land()
        self._show_seats()  # the seats of the layout now shown, as they are now

    def on_players_panel_resized(self, message: PlayersPanel.Resized) -> None:
        if self.seat_lines and not self.has_class("-roomy"):
            self._allot_wraps()  # at a new width, other last moves fit
        self._match_players(message.height)

    def _match_players(self, height: int) -> None:
        """The compact table box as tall as the players panel beside it; the roomy table's as its style says."""
        self.table.styles.height = None if self.has_class("-roomy") or height <= 0 else height

    def first_words(self) -> None:
        """After the first layout (the log wraps to the width it has, known only now): then play starts."""
        if self.controller.open() and self.guide:
            from .table_dialogs import guide  # noqa: PLC0415

            self.open_dialog(*guide(self, first_game=True))
        self.controller.go()

    def use_settings(self, settings: Settings, pace: Pace, glyphs: Glyphs) -> None:
        """The player changed the settings during the match: they hold from now on."""
        self.confirm_quit, self.guide = settings.confirm_quit, settings.guide
        self.motion = not settings.reduce_motion
        self.glyphs = glyphs
        self.controller.use_settings(uno_helper=settings.uno_helper, undo=settings.undo, glyphs=glyphs, pace=pace)

    # ------------------------------------------------------------------ what the table controller says

    def receive(self, message: told.Message) -> None:
        match message:
            case told.TableShown(state):
                self.show_state(state)
            case told.Logged(line):
                self.log_view.add(line)
            case told.BannerShown(banner):
                for view in self.banner_views:  # the compact table's, over the log, and the roomy one's, on the felt
                    view.banner = banner
            case told.HintShown(text):
                self.query_one(HintView).text = text
                self.refresh_bindings()
            case told.Notice(text, title, severity, timeout, markup, passing):
                if passing and isinstance(self.app, PlainTextApp):
                    self.app.notify(text, title=title, severity=severity, timeout=timeout, passing=True)
                else:
                    self.notify(text, title=title, severity=severity, timeout=timeout, markup=markup)
            case told.NoticesCleared():
                self.app.clear_notifications()
            case told.NoticesPassed():
                if isinstance(self.app, PlainTextApp):
                    self.app.withdraw_passing()
            case told.QuestionsWithdrawn():
                self.withdraw_questions()
            case told.LogUndone(count):
                self.log_view.mark_undone(count)
                self.flights.land()  # the moves taken back fly no more: the pile shows what is on it now
            case told.LogFollows():
                self.log_view.follow()
            case told.SaveProblem(summary, problem):
                notice = self.query_one("#save-problem", Static)
                notice.display = summary is not None
                if summary is not None:
                    notice.update(Text.assemble(f"{summary}\n", (problem, "not bold")))
            case told.CardsMoved(moved, by_player):
                self.flights.fly(moved, by_player=by_player)
            case _:  # a question, or a round's end: a dialog
                from .table_dialogs import dialog_for  # noqa: PLC0415 - the dialogs load when first asked

                dialog, then = dialog_for(message, self)
                if not isinstance(message, (told.HandRevealed, told.MatchOver)):
                    self._asking = [*(d for d in self._asking if d in self.app.screen_stack), dialog]
                self.open_dialog(dialog, then)

    def withdraw_questions(self) -> None:
        """The table moved on: the question (or round's end) on top of the table closes, unanswered."""
        asking, self._asking = self._asking, []
        for dialog in reversed(asking):
            if self.app.screen is dialog:  # one the player answered is gone already
                dialog.dismiss(None)

    def show_state(self, state: told.SeatState) -> None:
        self.seat_lines = state.seats
        self._show_seats()
        set_border_subtitle(self.players, state.where)  # set only when changed: each setting repaints the panel
        self.table.info = state.table
        # The roomy table shows no compact table panel: its felt names the house rules (found in play at 120x40).
        rules = state.table.rules
        set_border_title(self.felt, felt_title(state.where, rules))
        self.hand.state = state.hand
        self.refresh_bindings()

    def _show_seats(self) -> None:
        # Only the layout on screen: the other's widgets are hidden, and the seat to act's class toggled on
        # them still had Textual apply their styles again, about a tenth of a bot's move's time (issue 36).
        if not self.seat_lines:
            return  # laid out before the first state (the widgets are found on mount)
        seats = self.places if self.has_class("-roomy") else self.rows
        for line in self.seat_lines:
            seats[line.seat].info = line
        if seats is self.rows:
            self._allot_wraps()

    def _allot_wraps(self) -> None:
        spare = SPARE_PLAYER_ROWS - len(self.rows)
        for row in self.players.query(PlayerRow):  # top down, as shown
            row.may_wrap = spare > 0 and row.would_wrap()
            spare -= row.may_wrap

    def render_table(self) -> None:
        self.controller.show_table()

    # ------------------------------------------------------------------ the player's keys and clicks

    def on_key(self, event: events.Key) -> None:
        # Before the binding acts: an intention checks the moment its key was pressed.
        self.controller.press(self.clock.at(event.time))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar shows the keys that do something now; the rest are hidden."""
        if self.too_small:
            return action in _WHILE_TOO_SMALL
        if action != "intent":  # the screen's own keys, and Textual's (copying, the palette)
            return True
        intent = str(parameters[0])
        return self.controller.may("move" if intent == "move_to" else intent)

    def action_intent(self, intent: str, *arguments: int) -> None:
        """One of the seat's intentions (``TableController.intend``): the key bar's keys but the screen's own."""
        self.controller.intend(intent, *arguments)

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        self.controller.press(self.clock.at(message.time))
        self.controller.click(message.position)

    def on_draw_pile_clicked(self, message: DrawPile.Clicked) -> None:
        self.controller.press(self.clock.at(message.time))
        self.controller.draw()

    def action_log(self, pages: int) -> None:
        if pages < 0:
            self.log_view.scroll_page_up(animate=False)
        else:
            self.log_view.scroll_page_down(animate=False)

    def action_help(self) -> None:
        # Kept once shown, and shown again while it would say the same: measured (issue 36), composing the
        # guide, laying it out and measuring its words anew was most of an opening's 40 to 65 ms, and the
        # players of the host's benchmark open it every few seconds.
        words = (voice_in_use(), self.rules, self.glyphs)
        if self._help is None or self._help[0] != words:
            from .table_dialogs import guide  # noqa: PLC0415

            self._forget_help()
            shown = guide(self, first_game=False)
            self.app.install_screen(shown[0], f"help-{id(self)}")  # installed: a dismissal does not remove it
            self._help = (words, *shown)
        _words, dialog, answered = self._help
        self.open_dialog(dialog, answered)

    def _forget_help(self) -> None:
        if self._help is not None and self._help[1] not in self.app.screen_stack:  # shown: the app is closing
            dialog = self._help[1]
            self._help = None
            self.app.uninstall_screen(dialog)
            if dialog.is_attached:
                dialog.remove()

    def on_unmount(self) -> None:
        self._forget_help()

    def action_leave(self) -> None:
        if not self.confirm_quit and (self.session is None or self.session.save_error is None):
            self.leave()
            return
        from .table_dialogs import leave_question  # noqa: PLC0415

        self.open_dialog(*leave_question(self))

    def leave(self) -> None:
        self.controller.stop()
        self.post_message(self.LeaveMatch())

    # ------------------------------------------------------------------ dialogs

    def open_dialog(self, dialog: ModalScreen[T], then: Callable[[T], object]) -> None:
        """Ask the player; nothing happens at the table until they answer.

        The table is drawn again when the dialog covers it and when it is seen again (``on_screen_suspend``,
        ``on_screen_resume``), not here: drawn here too, it was drawn twice at each opening and closing.
        """
        self.controller.hold()

        def answered(value: T | None) -> None:
            if value is not None:
                then(value)
            self.controller.release()

        self.app.push_screen(dialog, answered)

    def on_screen_suspend(self) -> None:
        # Found in play: a card in flight, and the pile kept as it was under it, were drawn over the guide until
        # the card's next step lifted them. They land before the screen above is drawn.
        self.flights.land()
        self.on_terminal = False
        if not self._suspended:  # the rules, the settings, the palette or a dialog over the table
            self._suspended = True
            self.controller.hold()
            self.render_table()

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._drawn_again)
        if self._suspended:
            self._suspended = False
            self.controller.release()
            self.render_table()

    def _drawn_again(self) -> None:
        if self.is_current:  # not covered again meanwhile
            self.on_terminal = True
