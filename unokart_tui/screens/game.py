"""The game table. The one place that changes the game: it calls ``Session.apply`` and nothing else does.

Widgets only show what they are given; bots act on timers, so the interface never waits
for them; every decision the player owes is a dialog, opened again after a resume.
The dialogs are imported where they open: defining their classes takes 3 ms, and the
table's first frame does not need them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static

from ..engine import (
    Accept,
    Action,
    Card,
    CardPlayed,
    CatchUno,
    Challenge,
    ChallengeResolved,
    ChooseColor,
    ChooseTarget,
    Draw,
    Event,
    MatchWon,
    Pass,
    Phase,
    Play,
    PlayerExposed,
    Rank,
    RoundWon,
    RulesError,
    SayUno,
    UnoCaught,
)
from ..session import HUMAN, Session
from ..widgets.cardface import hand_order
from ..widgets.hand import HandState, HandView
from ..widgets.keybar import KeyBar
from ..widgets.opponents import OpponentInfo, OpponentPanel
from ..widgets.table import DrawPile, TableInfo, TablePanel

T = TypeVar("T")

DEFAULT_BOT_DELAY = 0.7  # seconds a bot "thinks" before each action
MIN_WIDTH, MIN_HEIGHT = 80, 24  # the table is laid out for a standard terminal


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("left,h", "move(-1)", "Card ←", show=False),
        Binding("right,l", "move(1)", "Card →", show=False),
        Binding("enter,space", "play", "Play"),
        Binding("d", "draw", "Draw"),
        Binding("p", "keep", "Keep"),
        Binding("u", "uno", "UNO!"),
        Binding("c", "catch", "Catch"),
        Binding("f", "fast", "Fast"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(
        self,
        session: Session,
        *,
        bot_delay: float = DEFAULT_BOT_DELAY,
        deal_again: str = "",
        uno_helper: bool = False,
        confirm_quit: bool = False,
    ) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.deal_again = deal_again or session.deal_again_command()
        self.uno_helper = uno_helper
        self.confirm_quit = confirm_quit
        self.fast = False
        self.cursor = 0
        # Set when a turn of the player's begins: the cursor then moves to a card that can be
        # played, if it is not on one, so the player does not have to hunt for it.
        self._cursor_to_playable = True
        self.uno_armed = False
        self._bot_timer: Timer | None = None
        self._dialog_open = False
        self._reported_save_error: str | None = None
        self._refusal: tuple[str, str] | None = None  # the last "that did nothing" shown, and when
        self._refused_at = 0.0

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Vertical(id="opponents"):
                for seat in range(1, len(self.session.names)):
                    yield OpponentPanel(id=f"seat-{seat}", classes="opponent")
                yield OpponentPanel(id=f"seat-{HUMAN}", classes="opponent you")
            yield TablePanel(id="table")
        # RichLog renders at 78 columns at least by default: wider than the log at 80x24, so lines were cut.
        yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield HandView(id="hand")
        yield KeyBar()
        yield Static(id="too-small")

    def on_resize(self, event: events.Resize) -> None:
        small = event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT
        notice = self.query_one("#too-small", Static)
        notice.display = small
        notice.update(
            f"Please enlarge your terminal to at least {MIN_WIDTH}×{MIN_HEIGHT} "
            f"(it is {event.size.width}×{event.size.height})."
        )

    def on_mount(self) -> None:
        self.report_save_state()
        self.query_one("#opponents").border_title = "Players · cards · score"
        self.query_one("#table").border_title = "Table"
        self.query_one("#log").border_title = "Game log"
        self.render_table()
        self.call_after_refresh(self.first_words)

    def first_words(self) -> None:
        # After the first layout: the log wraps to the width it has, which is known only now.
        match = self.session.match
        if not any(match.history[0]) and match.round_number == 1:
            self.query_one(RichLog).write(
                Text(f"Seed {match.seed}: {self.deal_again} deals this match again.", style="dim")
            )
            self.write_log(list(match.start_events))
        else:
            self.query_one(RichLog).write(Text(f"Welcome back: round {match.round_number} goes on.", style="bold"))
        self.next_step()

    # ------------------------------------------------------------------ showing

    def write_log(self, events: list[Event]) -> None:
        log = self.query_one(RichLog)
        names = self.session.names
        for event in events:
            style = ""
            if isinstance(event, (RoundWon, MatchWon)):
                style = "bold reverse"
            elif isinstance(event, (PlayerExposed, UnoCaught)):
                style = "bold"
            elif isinstance(event, CardPlayed) and event.card.color is not None:
                style = event.card.color.value
            prefix = "★ " if isinstance(event, (RoundWon, MatchWon)) else "· "
            log.write(Text(prefix + event.describe(names, you=HUMAN), style=style))

    def render_table(self) -> None:
        session = self.session
        view = session.view()
        round_ = session.match.round
        for seat in range(view.num_players):
            self.query_one(f"#seat-{seat}", OpponentPanel).info = OpponentInfo(
                seat=seat,
                name=session.names[seat],
                kind=session.seats[seat].kind,
                cards=view.hand_sizes[seat],
                score=session.match.scores[seat],
                to_act=view.decider == seat and not round_.is_over,
                exposed=view.exposed == seat,
            )
        self.query_one(
            "#opponents"
        ).border_subtitle = f"round {session.match.round_number} · first to {session.match.target}"
        self.query_one(TablePanel).info = TableInfo(
            top=view.top_card, color=view.active_color, direction=view.direction, draw_pile=view.draw_pile_size
        )
        order = hand_order(view.hand)
        cards = tuple(view.hand[i] for i in order)
        legal = round_.legal_actions() if session.is_human_turn() else []
        playable_cards = {action.card for action in legal if isinstance(action, Play)}
        playable = frozenset(i for i, card in enumerate(cards) if card in playable_cards)
        if view.phase is Phase.DRAWN and session.is_human_turn() and view.drawn in cards:
            self.cursor = max(i for i, card in enumerate(cards) if card == view.drawn)
        self.cursor = min(self.cursor, max(len(cards) - 1, 0))
        if self._cursor_to_playable and playable:
            if self.cursor not in playable:
                self.cursor = min(playable, key=lambda i: (abs(i - self.cursor), i))  # the nearest one
            self._cursor_to_playable = False
        title = f"Your hand ({len(cards)}) — {self.status_line()}" + ("  [UNO ready]" if self.uno_armed else "")
        self.query_one(HandView).state = HandState(cards, playable, self.cursor, title)
        self.refresh_bindings()

    def status_line(self) -> str:
        session = self.session
        round_ = session.match.round
        if session.match.is_over:
            return "the match is over"
        if round_.is_over:
            return "the round is over"
        if round_.exposed == HUMAN:
            return "one card and no UNO: press u, quick!"
        if not session.is_human_turn():
            return f"{session.names[round_.decider]} is thinking…"
        if round_.phase is Phase.DRAWN:
            return "play the card you drew (enter) or keep it (p)"
        if round_.phase is Phase.PLAY:
            return "your turn: play (enter) or draw (d)"
        return "your decision"

    def selected_card(self) -> Card | None:
        state = self.query_one(HandView).state
        if not state.cards:
            return None
        return state.cards[min(self.cursor, len(state.cards) - 1)]

    # ------------------------------------------------------------------ the flow of the game

    def apply(self, action: Action) -> bool:
        """The one place the game changes. An illegal action is explained and changes nothing."""
        try:
            events = self.session.apply(action)
        except RulesError as error:
            self.refuse(str(error), title="Not allowed")
            return False
        if self.session.is_human_turn() and self.session.view().phase is Phase.PLAY:
            self._cursor_to_playable = True
        self.write_log(events)
        self.report_save_state()
        if any(isinstance(e, CardPlayed) and e.seat == HUMAN for e in events):
            self.uno_armed = False  # UNO goes with one play
        self.render_table()
        self.show_revealed(events)
        if self.session.match.round.exposed is not None:
            self.schedule_reactions()
        self.next_step()
        return True

    def refuse(self, reason: str, *, title: str = "") -> None:
        """Say why a key did nothing; a key pressed again while the same reason is shown adds no copy of it."""
        now = time.monotonic()
        if (reason, title) == self._refusal and now - self._refused_at < self.app.NOTIFICATION_TIMEOUT:
            return
        self._refusal, self._refused_at = (reason, title), now
        self.notify(reason, title=title, severity="warning")

    def report_save_state(self) -> None:
        error = self.session.save_error
        if error and error != self._reported_save_error:
            self.notify(
                f"{error}\nThe game goes on and will be saved again after your next move.",
                title="Could not save",
                severity="error",
                timeout=8,
            )
        elif not error and self._reported_save_error:
            self.notify("Saved again.", title="Saving works")
        self._reported_save_error = error

    def show_revealed(self, events: list[Event]) -> None:
        from ..dialogs.notices import revealed_hand  # noqa: PLC0415

        for event in events:
            if isinstance(event, ChallengeResolved) and event.challenger == HUMAN:
                name = self.session.names[event.challenged]
                self.open_dialog(revealed_hand(name, event.hand, event.guilty), lambda _: None)

    def next_step(self) -> None:
        """Whatever must happen now: a dialog for the player, a bot's turn, or the end of a round."""
        if self._dialog_open:
            return
        session = self.session
        round_ = session.match.round
        if session.match.is_over:
            self.end_of_match()
            return
        if round_.is_over:
            self.end_of_round()
            return
        if session.is_human_turn():
            self.fast = False
            self.ask_player()
            return
        self.schedule_bot()

    def ask_player(self) -> None:
        from ..dialogs.choices import ChallengeDialog, ColorDialog, TargetDialog  # noqa: PLC0415

        view = self.session.view()
        if view.phase is Phase.CHOOSE_COLOR:
            if view.decider != view.current:  # D5: the dealer chooses for the first player
                reason = "you deal, and the first card is a Wild Item Box"
            else:
                reason = "your Item Box set off a Bob-omb"
            self.open_dialog(ColorDialog(reason), lambda color: self.apply(ChooseColor(color)))
        elif view.phase is Phase.CHOOSE_TARGET:
            targets = [(s, self.session.names[s], view.hand_sizes[s]) for s in range(view.num_players) if s != HUMAN]
            self.open_dialog(TargetDialog(targets), lambda seat: self.apply(ChooseTarget(seat)))
        elif view.phase is Phase.CHALLENGE:
            assert view.wild_draw_four is not None
            player, color = view.wild_draw_four
            dialog = ChallengeDialog(self.session.names[player], color, view.hand_sizes[player])
            self.open_dialog(dialog, lambda challenge: self.apply(Challenge() if challenge else Accept()))

    def open_dialog(self, dialog: ModalScreen[T], then: Callable[[T], object]) -> None:
        """Ask the player; when they answer, act on it and go on with the game."""
        self._dialog_open = True

        def answered(value: T | None) -> None:
            self._dialog_open = False
            if value is not None:
                then(value)
            if not self._dialog_open:
                self.next_step()

        self.app.push_screen(dialog, answered)

    def schedule_bot(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
        delay = 0.0 if self.fast else self.bot_delay
        if delay <= 0:
            self._bot_timer = None
            self.call_later(self.bot_turn)
        else:
            self._bot_timer = self.set_timer(delay, self.bot_turn)

    def bot_turn(self) -> None:
        self._bot_timer = None
        if self._dialog_open:
            return
        seat = self.session.bot_to_act()
        if seat is not None:
            self.apply(self.session.bot_action(seat))

    def schedule_reactions(self) -> None:
        """Bots notice a forgotten UNO after their own reaction time (scaled with the bots' speed)."""
        token = self._exposure()
        scale = 0.0 if self.fast else self.bot_delay / DEFAULT_BOT_DELAY
        for seconds, seat in self.session.reaction_delays():
            callback = partial(self.bot_react, seat, token)
            if seconds * scale <= 0:
                self.call_later(callback)
            else:
                self.set_timer(seconds * scale, callback)

    def _exposure(self) -> tuple[object, ...]:
        """Identifies one moment of exposure: a reaction timed for an earlier one does nothing."""
        round_ = self.session.match.round
        return (round_.exposed, len(round_.discard), tuple(len(hand) for hand in round_.hands))

    def bot_react(self, seat: int, token: object) -> None:
        round_ = self.session.match.round
        if round_.is_over or round_.exposed is None:
            return
        if token != self._exposure():
            return  # the moment has passed
        reaction = self.session.bot_reaction(seat)
        if reaction is not None:
            self.apply(reaction)

    def round_rows(self) -> list[tuple[str, tuple[Card, ...], int]]:
        """Each loser's cards and what they are worth (E3), for the end-of-round dialogs."""
        match = self.session.match
        round_ = match.round
        return [
            (match.names[seat], hand, sum(card.points for card in hand))
            for seat, hand in enumerate(round_.hands)
            if seat != round_.winner
        ]

    def end_of_round(self) -> None:
        from ..dialogs.notices import round_over  # noqa: PLC0415

        round_ = self.session.match.round
        assert round_.winner is not None
        winner = self.session.names[round_.winner]
        dialog = round_over(winner, round_.points or 0, self.round_rows(), self.scores_text())
        self.open_dialog(dialog, lambda _: self.start_next_round())

    def start_next_round(self) -> None:
        events = self.session.next_round()
        self.report_save_state()
        log = self.query_one(RichLog)
        log.write(Text(f"— Round {self.session.match.round_number} —", style="bold"))
        self.write_log(events)
        self.cursor = 0
        self._cursor_to_playable = True
        self.render_table()

    def end_of_match(self) -> None:
        from ..dialogs.notices import match_over  # noqa: PLC0415

        match = self.session.match
        assert match.winner is not None

        def answered(key: str) -> None:
            if key == "n":
                self.app.play_again()  # type: ignore[attr-defined]
            else:
                self.app.leave_game()  # type: ignore[attr-defined]

        dialog = match_over(match.names[match.winner], match.round.points or 0, self.round_rows(), self.scores_text())
        self.open_dialog(dialog, answered)

    def scores_text(self) -> str:
        match = self.session.match
        return ", ".join(f"{name} {score}" for name, score in zip(match.names, match.scores, strict=True))

    # ------------------------------------------------------------------ the player's keys and clicks

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar shows the keys that do something now; the rest are hidden."""
        session = self.session
        round_ = session.match.round
        my_turn = session.is_human_turn()
        phase = round_.phase
        if action in ("move", "play"):
            return my_turn and phase in (Phase.PLAY, Phase.DRAWN)
        if action == "draw":
            return my_turn and phase is Phase.PLAY
        if action == "keep":
            return my_turn and phase is Phase.DRAWN
        if action == "catch":
            return round_.exposed is not None and round_.exposed != HUMAN
        if action == "uno":
            return not round_.is_over
        if action == "fast":
            return not my_turn and not round_.is_over
        return True

    def action_move(self, step: int) -> None:
        count = len(self.query_one(HandView).state.cards)
        if count:
            self.cursor = (self.cursor + step) % count
            self.render_table()

    def action_play(self) -> None:
        card = self.selected_card()
        if card is not None:
            self.play(card)

    def play(self, card: Card) -> None:
        if not self.session.is_human_turn() or self.session.view().phase not in (Phase.PLAY, Phase.DRAWN):
            self.refuse("Wait for your turn.")
            return
        uno = self.uno_armed or (self.uno_helper and len(self.session.view().hand) == 2)
        if card.rank is Rank.WILD_DRAW_FOUR and self.session.match.round.is_playable(card):
            from ..dialogs.choices import ColorDialog  # noqa: PLC0415

            self.open_dialog(ColorDialog("for your Wild Draw Four"), lambda color: self.apply(Play(card, color, uno)))
            return
        self.apply(Play(card, None, uno))

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        self.cursor = message.position
        self.render_table()
        self.action_play()

    def on_draw_pile_clicked(self, message: DrawPile.Clicked) -> None:
        self.action_draw()

    def action_draw(self) -> None:
        if self.session.is_human_turn():
            self.apply(Draw())

    def action_keep(self) -> None:
        if self.session.is_human_turn():
            self.apply(Pass())

    def action_uno(self) -> None:
        round_ = self.session.match.round
        if round_.exposed == HUMAN:
            self.apply(SayUno(HUMAN))
            return
        self.uno_armed = not self.uno_armed
        self.render_table()

    def action_catch(self) -> None:
        round_ = self.session.match.round
        if round_.exposed is None or round_.exposed == HUMAN:
            self.refuse("Nobody can be caught right now.")
            return
        self.apply(CatchUno(HUMAN))

    def action_fast(self) -> None:
        self.fast = True
        if self._bot_timer is not None:
            self.schedule_bot()

    def action_help(self) -> None:
        from .rules import RulesScreen  # noqa: PLC0415 - Markdown loads when first read, not at start

        self.app.push_screen(RulesScreen())

    def action_leave(self) -> None:
        if not self.confirm_quit:
            self.app.leave_game()  # type: ignore[attr-defined]
            return
        from ..dialogs.confirm import ConfirmDialog  # noqa: PLC0415

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.leave_game()  # type: ignore[attr-defined]

        self.app.push_screen(
            ConfirmDialog("Leave this match?", "It is saved: continue it later from the title."), answered
        )
