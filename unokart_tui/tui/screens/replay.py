"""A replay: any save, finished or not, stepped through move by move on the table as it was.

The data comes from ``replayview`` (no Textual), drawn by the table's own widgets. An
unfinished match shows only what the player saw at the time; a finished one every hand.
It changes nothing: the save is only read. ``Closed`` asks the app to go back.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from saves import SavedGame

from ...glyphs import UNICODE, Glyphs
from ...history.replayview import Replay
from ...printable import printable
from ...table.session import HUMAN
from ...voice import N_, _
from ..widgets.banner import BannerView
from ..widgets.hand import HandView
from ..widgets.keybar import KeyBar
from ..widgets.players import PlayerRow
from ..widgets.recentlog import RecentLog
from ..widgets.scrubber import Scrubber
from ..widgets.table import GRAND_SIZE, ROOMY_SIZE, SPACIOUS_SIZE, TablePanel
from .styled import StyledOnce


class ReplayScreen(StyledOnce[None]):
    class Closed(Message):
        """Back to where the replay was opened from."""

    BINDINGS = [
        Binding("left,h", "step(-1)", N_("Back"), key_display="←"),
        Binding("right,l", "step(1)", N_("Next"), key_display="→"),
        # Found in play: "PgUp Kolo  PgDn Kolo" did not say which way, and "g Choď na" read as cut.
        Binding("pageup,shift+left", "round(-1)", N_("Prev round"), key_display="PgUp"),
        Binding("pagedown,shift+right", "round(1)", N_("Next round"), key_display="PgDn"),
        Binding("g", "jump", N_("Go to move")),
        # Home and End after the rest: keys a player guesses, the first left out of a narrow bar.
        Binding("home", "edge(0)", N_("Beginning"), key_display="Home"),
        Binding("end", "edge(1)", N_("End"), key_display="End"),
        Binding("q,escape", "close", N_("Close")),
    ]

    def __init__(self, game: SavedGame, name: str, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.replay = Replay(game, glyphs)
        self.name_shown = printable(name)
        self.at = 0
        self._hand_lines = -1

    def compose(self) -> ComposeResult:
        seats = len(self.replay.game.match.names)
        with Horizontal(id="top"):
            with Vertical(id="opponents"):
                for seat in range(1, seats):
                    yield PlayerRow(id=f"seat-{seat}", classes="opponent")
                yield PlayerRow(id=f"seat-{HUMAN}", classes="opponent you")
            yield TablePanel(id="table")
        yield Static(id="hands", markup=False)
        with Vertical(id="middle"):
            yield RecentLog(id="log")
            yield BannerView(id="banner")
        yield Static(id="replay-caption", markup=False)
        yield Scrubber(id="scrubber")
        yield HandView(id="hand")
        yield KeyBar()

    def on_mount(self) -> None:
        self.rows = [self.query_one(f"#seat-{seat}", PlayerRow) for seat in range(len(self.replay.game.match.names))]
        longest = max(len(name) for name in self.replay.game.match.names)
        for row in self.rows:
            row.name_width = longest
        self.players = self.query_one("#opponents", Vertical)
        self.table = self.query_one(TablePanel)
        self.log_view = self.query_one(RecentLog)
        self.players.border_title = _("Players · cards · last move · pts")
        self.table.border_title = _("Table")
        if self.replay.reveal:
            title = _("Replay of {name} — every hand shown")
        else:
            title = _("Replay of {name} — as you saw it")
        self.log_view.border_title = title.format(name=self.name_shown)
        self.query_one("#hands", Static).display = self.replay.reveal
        self.show(self.at)

    def on_resize(self, event: events.Resize) -> None:
        # The table's own sizes (found in play: a replay at 120x40 drew the small cards of 80x24).
        width, height = event.size
        roomy = width >= ROOMY_SIZE[0] and height >= ROOMY_SIZE[1]
        self.set_class(roomy, "-roomy")
        self.table.roomy = self.query_one(HandView).big = roomy
        self.table.spacious = width >= SPACIOUS_SIZE[0] and height >= SPACIOUS_SIZE[1]
        # The game's grand table too: larger cards, and the scoreboard beside them (issue 34, item 6).
        grand = width >= GRAND_SIZE[0] and height >= GRAND_SIZE[1]
        self.set_class(grand, "-grand")
        self.table.grand = self.query_one(HandView).grand = grand

    def show(self, number: int) -> None:
        """Draw the table at point ``number`` of the match."""
        self.at = max(0, min(number, len(self.replay) - 1))
        frame = self.replay.frame(self.at)
        for line in frame.seats:
            self.rows[line.seat].info = line
        self.players.border_subtitle = frame.players_title
        self.table.info = frame.table
        self.query_one(HandView).state = frame.hand
        # Lines of a fixed size are updated without a new layout: each costs a repaint of the screen.
        hands = self.query_one("#hands", Static)
        hands.update("\n".join(frame.hands), layout=len(frame.hands) != self._hand_lines)
        self._hand_lines = len(frame.hands)
        self.log_view.show(frame.log)
        self.query_one(BannerView).banner = frame.banner
        self.query_one("#replay-caption", Static).update(frame.caption, layout=False)
        last = len(self.replay) - 1
        self.query_one(Scrubber).fraction = self.at / last if last else 1.0

    def action_step(self, steps: int) -> None:
        self.show(self.at + steps)

    def action_round(self, way: int) -> None:
        timeline = self.replay.timeline
        self.show(timeline.next_round(self.at) if way > 0 else timeline.previous_round(self.at))

    def action_edge(self, end: int) -> None:
        self.show(len(self.replay) - 1 if end else 0)

    def action_jump(self) -> None:
        from ..dialogs.jump import JumpDialog  # noqa: PLC0415 - when first asked for

        timeline = self.replay.timeline

        def answered(move: int | None) -> None:
            if move is not None:
                self.show(timeline.find(move))

        self.app.push_screen(JumpDialog(timeline.total_actions), answered)

    def on_scrubber_jumped(self, message: Scrubber.Jumped) -> None:
        self.show(round(message.fraction * (len(self.replay) - 1)))

    def action_close(self) -> None:
        self.post_message(self.Closed())
