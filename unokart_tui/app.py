"""The unokart application: a title, the styles, the screens, and moving between them."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import Hit, Hits
from textual.filter import LineFilter
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.system_commands import SystemCommandsProvider
from textual.theme import Theme

from saves import SavedGame, SaveError, SaveLocked, SaveUnreadable, has_backup

from .asciitext import ascii_chosen
from .defaults import PLAYER_NAME
from .printable import printable
from .settings import Settings, load_settings, save_settings
from .themes import THEME_LABELS, ThemedApp
from .voice import _
from .widgets.asciifilter import AsciiFilter

if TYPE_CHECKING:
    from .crash import CrashReport
    from .glyphs import Glyphs
    from .pacing import Clock, Pace
    from .screens.game import GameScreen
    from .screens.load import LoadScreen
    from .screens.new_game import NewGame, NewGameScreen
    from .screens.replay import ReplayScreen
    from .screens.settings import SettingsScreen
    from .screens.stats import StatsScreen
    from .screens.title import TitleScreen
    from .session import Session


ASCII_FILTER = AsciiFilter()


class CommandsByNameOrWhat(SystemCommandsProvider):
    """The palette's commands, found by their name or by what they do (found in play: "speed" found
    nothing, though Settings says "Bot speed"). A name that matches comes before a description."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback, *_rest in self.app.get_system_commands(self.screen):
            by_name = matcher.match(name)
            if by_name > 0:
                yield Hit(by_name, matcher.highlight(name), callback, text=name, help=help_text)
            elif (by_help := matcher.match(help_text)) > 0:
                yield Hit(by_help / 2, name, callback, text=name, help=help_text)


class UnoKartApp(ThemedApp):
    TITLE = "unokart"
    SUB_TITLE = "UNO Mario Kart"
    CSS_PATH = "unokart.tcss"
    COMMANDS = {CommandsByNameOrWhat}

    def __init__(
        self,
        session: Session | None = None,
        *,
        settings: Settings | None = None,
        bot_delay: float | None = None,
        pace: Pace | None = None,
        replay: tuple[str, SavedGame] | None = None,
        clock: Clock | None = None,
    ) -> None:
        """``bot_delay`` is `--bot-delay` (else the settings' bot speed); ``pace`` sets every timing at once.

        ``replay``: a save's name and contents, to replay first (`unokart replay`). ``clock``: the
        tables' time (``pacing.Clock``); real time if None.
        """
        super().__init__()
        self.settings_problem: str | None = None
        if settings is None:
            settings, self.settings_problem = load_settings()
        self.settings = settings
        self.bot_delay = settings.bot_delay if bot_delay is None else bot_delay
        self.bot_delay_flag = bot_delay  # for the line that deals the match again
        self.pace = pace
        self.clock = clock
        self.session = session
        self.replay = replay
        self.last_new_game: NewGame | None = None  # New game offers its line-up, target and rules again
        self.full_motion = self.animation_level  # TEXTUAL_ANIMATIONS, or Textual's default: without "reduce motion"
        self.crash: CrashReport | None = None  # where the details of a crash were written
        self._shown = False  # the first screen is up
        self._quit_when_shown: int | None = None  # the exit status a quit asked for before then
        if settings.theme in self.available_themes:
            self.start_with_theme(settings.theme)
        self.ascii_only = ascii_chosen(settings.glyphs, os.environ)

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        if self.ascii_only and not shown.isascii():  # "⏎", "←": the key's own name reads better than a stand-in
            return binding.key.split(",")[0].replace("_", " ")
        return shown

    def get_line_filters(self) -> Sequence[LineFilter]:
        # The ASCII symbols: nothing but ASCII reaches the terminal, Textual's borders and scrollbars included.
        filters = super().get_line_filters()
        return [*filters, ASCII_FILTER] if self.ascii_only else filters

    def on_mount(self) -> None:
        # The default screen stays empty underneath: the title or the table goes on top of it,
        # and replacing one by the other is popping it and pushing the next. The first one is
        # pushed once Textual has started: a screen laid out while it starts up is painted only
        # on its second layout, about 25 ms later.
        if self.session is not None:
            first: Screen[None] = self._game_screen(self.session)
        elif self.replay is not None:
            first = self._replay_screen(*self.replay)
        else:
            first = self._title_screen()
        self.call_later(self._show_first, first)
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        elif self.settings_problem is None:
            self.settings_problem = (
                f"unknown theme {self.settings.theme!r} in the settings; using {self.theme} "
                f"(the themes: {', '.join(sorted(self.available_themes))})"
            )
        if self.settings_problem:
            self.notify(self.settings_problem, title="Settings", severity="warning", timeout=8)
        self.animation_level = "none" if self.settings.reduce_motion else self.full_motion
        # A theme chosen in the command palette (Textual's own "Theme" command) is kept like one chosen in Settings.
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGHUP, self.hang_up)  # the SSH connection dropped
        loop.add_signal_handler(signal.SIGTERM, self.exit)

    async def _show_first(self, screen: Screen[None]) -> None:
        await self.push_screen(screen)
        self.call_after_refresh(gc.enable)  # off while the game starts (see cli.main)
        if self.session is not None:
            self.call_after_refresh(self._say_match_length, self.session)
        self._shown = True
        if self._quit_when_shown is not None:
            self.exit(return_code=self._quit_when_shown)

    def _say_match_length(self, session: Session) -> None:
        """A match begun from the command line (``unokart new``) that will be over in a round or two says
        so, with a target for a few rounds, as New game does (found in play: nine bots, one round, no word).

        Said once the table is up: the figures are a TOML file, which a start does not wait for.
        """
        match = session.match
        if match.round_number != 1 or match.history[0]:
            return
        from .match_length import few_rounds_line  # noqa: PLC0415

        line = few_rounds_line(len(match.names), match.target)
        if line:
            self.notify(line, title=_("Match length"), timeout=12, markup=False)

    def quit_soon(self, return_code: int) -> None:
        """End with ``return_code`` (Ctrl+C as a signal, while Textual starts or closes): at once if the
        first screen is up, else as soon as it is (an app told to exit while it composes fails); not
        at all if it is ending already."""
        if self.return_code is not None:
            return
        if self._shown:
            self.exit(return_code=return_code)
        else:
            self._quit_when_shown = return_code

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        # Our messages quote players' names, save names, paths and files, which may hold "[" or
        # a control character: they are plain text, shown escaped, also when a screen's notify
        # passes Textual's default (markup=True) along.
        super().notify(
            printable(message, newlines=True), title=printable(title), severity=severity, timeout=timeout, markup=False
        )

    def on_delivery_failed(self, event: events.DeliveryFailed) -> None:
        # Textual's own says only "Failed to save screenshot": found in play, the player could not tell why.
        if event.name != "screenshot":
            return
        event.prevent_default()
        error = event.exception
        if isinstance(error, OSError) and error.strerror:
            reason = f"{error.strerror} ({error.filename})" if error.filename else error.strerror
        else:
            reason = str(error) or type(error).__name__
        self.notify(f"The screenshot was not saved: {reason}.", title="Screenshot", severity="error")

    def hang_up(self) -> None:
        """The terminal is gone. Every move is saved already, so leave now.

        The graceful exit writes to the vanished terminal, and that can block for ever;
        if it has not finished in two seconds the process ends anyway (the system then
        releases the match's lock).
        """
        watchdog = threading.Timer(2.0, os._exit, args=(0,))
        watchdog.daemon = True
        watchdog.start()
        self.exit()

    def _handle_exception(self, error: Exception) -> None:
        # Textual prints a crash's traceback, with the values of its variables, on the terminal
        # as it closes: over SSH or in a browser, a player's. It goes to a file instead, which
        # the command line names in one line (crash.py); Textual's exit and its tests go on as ever.
        from .crash import report  # noqa: PLC0415 - only after a crash

        if self.crash is None:
            self.crash = report(error)
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def on_unmount(self) -> None:
        loop = asyncio.get_running_loop()
        for number in (signal.SIGHUP, signal.SIGTERM):
            loop.remove_signal_handler(number)
        if self.session is not None:
            self.session.close()

    @property
    def glyphs(self) -> Glyphs:
        """The glyph set the settings ask for, "auto" worked out from the locale and the terminal."""
        from .glyphs import choose  # noqa: PLC0415 - with the engine's cards: the title starts without them

        return choose(self.settings.glyphs, os.environ)

    def _game_screen(self, session: Session) -> GameScreen:
        # The table, the engine and the bots load with the first match: the title starts without them.
        from .pacing import Pace  # noqa: PLC0415
        from .screens.game import GameScreen  # noqa: PLC0415

        if self.pace is None:
            self.pace = Pace(bot_delay=self.bot_delay)
        return GameScreen(
            session,
            pace=self.pace,
            deal_again=session.deal_again_command(bot_delay=self.bot_delay_flag),
            uno_helper=self.settings.uno_helper,
            confirm_quit=self.settings.confirm_quit,
            guide=self.settings.guide,
            undo=self.settings.undo,
            glyphs=self.glyphs,
            motion=not self.settings.reduce_motion,
            clock=self.clock,
        )

    def _replay_screen(self, name: str, game: SavedGame) -> ReplayScreen:
        from .screens.replay import ReplayScreen  # noqa: PLC0415 - loaded when first opened

        return ReplayScreen(game, name, self.glyphs)

    def _title_screen(self) -> TitleScreen:
        from .screens.title import TitleScreen  # noqa: PLC0415 - a match started from the shell opens without it

        return TitleScreen()

    # ------------------------------------------------------------------ moving between screens

    def play(self, session: Session) -> None:
        if self.session is not None:
            self.session.close()
        self.session = session
        # After the dialog or form that led here has finished closing itself.
        self.call_later(self._replace_screens, self._game_screen(session))

    def on_game_screen_leave_match(self, message: GameScreen.LeaveMatch) -> None:
        self.leave_game()

    def on_game_screen_play_again(self, message: GameScreen.PlayAgain) -> None:
        self.play_again()

    def on_game_screen_watch_replay(self, message: GameScreen.WatchReplay) -> None:
        """The match just finished: its replay, from the match in memory (the save holds the same)."""
        session = self.session
        if session is None:
            return
        game = SavedGame(session.match, session.seats, session.created, session.updated, session.undos)
        self.leave_game()
        self.call_later(self.push_screen, self._replay_screen(session.name, game))

    def on_game_screen_guide_off(self, message: GameScreen.GuideOff) -> None:
        self.change_settings(guide=False)

    def change_settings(self, **values: Any) -> None:
        """Change some settings (fields of ``Settings``), save them, and let them hold at once."""
        settings = self.settings._replace(**values)
        if settings == self.settings:
            return
        try:
            save_settings(settings)
        except SaveError as error:
            self.notify(f"{error}\nThe change holds until you quit.", title="Settings not saved", severity="error")
        self.use_settings(settings)

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.settings.theme:
            self.change_settings(theme=theme.name)

    def on_settings_screen_changed(self, message: SettingsScreen.Changed) -> None:
        self.use_settings(message.settings)

    def use_settings(self, settings: Settings) -> None:
        """New settings hold at once, in a match being played too."""
        from .screens.game import GameScreen  # noqa: PLC0415 - loaded already if a match is open

        self.settings = settings
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        ascii_only = ascii_chosen(settings.glyphs, os.environ)
        if ascii_only != self.ascii_only:
            self.ascii_only = ascii_only
            self.refresh_css(animate=False)  # every widget drawn again, through the filter or not
        self.animation_level = "none" if settings.reduce_motion else self.full_motion
        self.bot_delay = settings.bot_delay
        if self.pace is not None:
            self.pace = self.pace._replace(bot_delay=settings.bot_delay)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and self.pace is not None:
                screen.use_settings(settings, self.pace, self.glyphs)

    def leave_game(self) -> None:
        """Back to the title; the match is already saved."""
        if self.session is not None:
            self.session.close()
            self.session = None
        self.call_later(self._replace_screens, self._title_screen())

    def _replace_screens(self, screen: Screen[None]) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def play_again(self) -> None:
        session = self.session
        assert session is not None
        kinds = [seat.kind for seat in session.seats[1:]]
        profiles = [seat.profile for seat in session.seats[1:]]
        target, player, rules = session.match.target, session.names[0], session.match.rules
        session.close()
        self.session = None
        self.start(lambda: type(session).new(player, kinds, target=target, profiles=profiles, rules=rules))

    def start(self, make: Callable[[], Session], *, backup_of: str | None = None) -> None:
        """Play the session ``make`` gives, or say why not. If the save ``backup_of`` cannot be
        read and its backup is there, the backup is offered instead.
        """
        try:
            session = make()
        except SaveUnreadable as error:
            if backup_of is not None and has_backup(backup_of):
                self.offer_backup(backup_of, error.problem)
            else:
                self.notify(str(error), title="Cannot open", severity="error", timeout=8)
            return
        except SaveLocked as error:
            self.notify(f"{error.problem}.", title="Already playing", severity="error", timeout=8)
            return
        except SaveError as error:
            self.notify(str(error), title="Cannot open", severity="error", timeout=8)
            return
        self.play(session)

    def open(self, name: str, *, backup: bool = False) -> None:
        """Open a save; if it cannot be read but its backup is there, offer the backup."""
        from .session import Session  # noqa: PLC0415 - with the first match, as the table

        self.start(lambda: Session.load(name, backup=backup), backup_of=None if backup else name)

    def offer_backup(self, name: str, problem: str) -> None:
        from .dialogs.confirm import ConfirmDialog  # noqa: PLC0415

        def answered(yes: bool | None) -> None:
            if yes:
                self.open(name, backup=True)

        detail = f"{problem}\nIts previous version, one move earlier, was kept. Open that one?"
        self.push_screen(
            ConfirmDialog(printable(f"{name} cannot be read."), printable(detail, newlines=True)), answered
        )

    # ------------------------------------------------------------------ actions (title menu, palette)

    def action_continue_latest(self) -> None:
        from .saved import latest_unfinished  # noqa: PLC0415

        try:
            latest = latest_unfinished()
        except SaveError as error:
            self.notify(str(error), title="Saves", severity="error", timeout=8)
            return
        if latest is None:
            self.notify("No unfinished match: start a new game.", severity="warning")
            return
        self.open(latest.name)

    def action_new_game(self) -> None:
        from .screens.new_game import NewGameScreen  # noqa: PLC0415 - loaded when first opened: a quicker start

        self.push_screen(NewGameScreen(self.settings.player_name or PLAYER_NAME, last=self.last_new_game))

    def on_new_game_screen_chosen(self, message: NewGameScreen.Chosen) -> None:
        from .session import Session  # noqa: PLC0415 - with the first match, as the table

        game = message.game
        self.last_new_game = game
        self.start(
            lambda: Session.new(
                game.name, game.bots, seed=game.seed, target=game.target, profiles=game.profiles, rules=game.rules
            )
        )

    def action_load_game(self) -> None:
        from .screens.load import LoadScreen  # noqa: PLC0415 - loaded when first opened: a quicker start

        self.push_screen(LoadScreen())

    def on_load_screen_open(self, message: LoadScreen.Open) -> None:
        self.open(message.name)  # a save that cannot be read: the app offers its backup

    def on_load_screen_replay(self, message: LoadScreen.Replay) -> None:
        self.open_replay(message.name)

    def on_stats_screen_replay(self, message: StatsScreen.Replay) -> None:
        self.open_replay(message.name, key=message.key)

    def open_replay(self, name: str, *, key: str | None = None) -> None:
        """Replay the save ``name`` (read only: a match being played elsewhere may be watched too).

        ``key``: the match the save must hold (a match of the statistics), or it is said to be gone.
        """
        from saves import load_game  # noqa: PLC0415

        from .stats.records import match_key  # noqa: PLC0415

        try:
            game = load_game(name)
        except SaveError as error:
            self.notify(str(error), title="Cannot replay", severity="error", timeout=8)
            return
        if key is not None and match_key(game.match.seed, game.created) != key:
            self.notify(f"The save {name} now holds another match.", title="Cannot replay", severity="warning")
            return
        self.push_screen(self._replay_screen(name, game))

    def on_replay_screen_closed(self, message: ReplayScreen.Closed) -> None:
        self.pop_screen()
        if len(self.screen_stack) == 1:  # the replay was the first screen, or came after a match
            self.push_screen(self._title_screen())

    def action_statistics(self) -> None:
        from .screens.stats import StatsScreen  # noqa: PLC0415 - loaded when first opened: SQLite with it

        self.push_screen(StatsScreen())

    def action_rules(self) -> None:
        from .screens.rules import RulesScreen  # noqa: PLC0415 - Markdown loads when first read, not at start

        self.push_screen(RulesScreen(glyphs=self.glyphs))

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen  # noqa: PLC0415 - loaded when first opened

        self.push_screen(SettingsScreen(self.settings))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Start a new match against bots", self.action_new_game)
        if self.session is None:  # at the table, the match being played is the one to continue
            yield SystemCommand("Continue", "Resume the most recent unfinished match", self.action_continue_latest)
        yield SystemCommand("Load game", "Open a saved match", self.action_load_game)
        yield SystemCommand("Statistics", "Your matches: win rates, streaks, charts, replays", self.action_statistics)
        yield SystemCommand("Rules", "How to play, and the keys", self.action_rules)
        yield SystemCommand("Settings", "Bot speed, theme, motion, symbols, UNO helper, quitting", self.action_settings)
        if self.settings.reduce_motion:
            yield SystemCommand(
                "Motion: on", "Cards move across the table again", lambda: self.change_settings(reduce_motion=False)
            )
        else:
            yield SystemCommand(
                "Reduce motion",
                "Cards no longer move across the table",
                lambda: self.change_settings(reduce_motion=True),
            )
        for choice, what in GLYPH_COMMANDS.items():
            if choice != self.settings.glyphs:
                yield SystemCommand(
                    f"Symbols: {choice}", what, lambda choice=choice: self.change_settings(glyphs=choice)
                )
        for name, label in THEME_LABELS.items():
            if name != self.theme:
                yield SystemCommand(
                    f"Theme: {label}", "Saved, like every setting", lambda name=name: self.change_settings(theme=name)
                )


# The glyph sets in the command palette (glyphs.py).
GLYPH_COMMANDS = {
    "unicode": "Cards and items drawn with Unicode symbols",
    "ascii": "Cards and items in plain ASCII, for terminals and fonts that lack the symbols",
    "auto": "Unicode when the locale is UTF-8, else ASCII",
}
