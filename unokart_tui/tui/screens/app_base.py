"""What ``UnoKartApp`` is built on, a job a layer: ``PlainTextApp`` (notices in plain text, a crash
written to a file), ``SettingsApp`` (the player's settings: read at start, saved when changed, in
force at once) and ``MatchApp`` (the match at hand: opened, played, left, dealt again).

The settings screen, the palette and Textual's own theme command change the settings through
``SettingsApp.change_settings``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding
from textual.driver import Driver
from textual.filter import LineFilter
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen
from textual.theme import Theme

from saves import SaveError

from ...asciitext import ascii_chosen
from ...printable import printable
from ...settings import Settings, load_settings, save_settings
from ...table import opening
from ...voice import _, use_process_language
from ...voice.keynames import key_name
from ...voice.language import choose_language
from ..themes import ThemedApp
from ..widgets.asciifilter import AsciiFilter
from ..wire import forget_screen, wired

if TYPE_CHECKING:
    from ...crash import CrashReport
    from ...glyphs import Glyphs
    from ...table.pacing import Clock, Pace
    from ...table.session import Session
    from .game import GameScreen
    from .settings import SettingsScreen

ASCII_FILTER = AsciiFilter()


class PlainTextApp(ThemedApp):
    """Notices in plain text; a screenshot that failed says why; a crash goes to a file, not to the terminal."""

    def __init__(self) -> None:
        super().__init__()
        self.crash: CrashReport | None = None  # where the details of a crash were written
        self._passing: set[str] = set()  # the notices about a moment, which go once the table moves past it

    def get_driver_class(self) -> type[Driver]:
        # Each frame goes out as the cells it changed, not every cell Textual repainted (issue 36).
        return wired(super().get_driver_class())

    def on_resize(self, event: events.Resize) -> None:
        forget_screen(self._driver)  # the terminal may have redrawn: the next frame goes out whole

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
        passing: bool = False,
    ) -> None:
        """``passing``: the notice is about a moment (a key refused), and goes with ``withdraw_passing``."""
        # Our messages quote players' names, save names, paths and files, which may hold "[" or
        # a control character: they are plain text, shown escaped, also when a screen's notify
        # passes Textual's default (markup=True) along.
        message, title = printable(message, newlines=True), printable(title)
        # As Textual's own notify, keeping the notice's identity: Textual has no way to take one back.
        wait = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        notice = Notification(message, title, severity, wait, markup=False)
        if passing:
            self._passing.add(notice.identity)
        self.post_message(Notify(notice))

    def withdraw_passing(self) -> None:
        """The notices about a moment the table has moved past go (found in play: "Wait for your turn."
        stayed over the log into the player's turn)."""
        shown = [notice for notice in self._notifications if notice.identity in self._passing]
        self._passing.clear()
        for notice in shown:
            self._unnotify(notice, refresh=False)
        if shown:
            self._refresh_notifications()

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
        said = _("The screenshot was not saved: {reason}.").format(reason=reason)
        self.notify(said, title=_("Screenshot"), severity="error")

    def _handle_exception(self, error: Exception) -> None:
        # Textual prints a crash's traceback, with the values of its variables, on the terminal
        # as it closes: over SSH or in a browser, a player's. It goes to a file instead, which
        # the command line names in one line (crash.py); Textual's exit and its tests go on as ever.
        from ...crash import report  # noqa: PLC0415 - only after a crash

        if self.crash is None:
            self.crash = report(error)
        super()._handle_exception(error)
        self._exit_renderables.clear()


class SettingsApp(PlainTextApp):
    """Settings, bots' pace, theme, motion and symbols as the player chose them; the table under them."""

    def __init__(
        self, settings: Settings | None, *, bot_delay: float | None, pace: Pace | None, clock: Clock | None
    ) -> None:
        """``bot_delay`` is `--bot-delay` (else the settings' bot speed); ``pace`` sets every timing at once;
        ``clock``: the tables' time (``pacing.Clock``), real time if None."""
        super().__init__()
        self.clock = clock
        self.settings_problem: str | None = None
        if settings is None:
            settings, self.settings_problem = load_settings()
        self.settings = settings
        self.bot_delay = settings.bot_delay if bot_delay is None else bot_delay
        self.bot_delay_flag = bot_delay  # for the line that deals the match again
        self.pace = pace
        self.full_motion = self.animation_level  # TEXTUAL_ANIMATIONS, or Textual's default: without "reduce motion"
        if settings.theme in self.available_themes:
            self.start_with_theme(settings.theme)
        self.ascii_only = ascii_chosen(settings.glyphs, os.environ)

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        if self.ascii_only and not shown.isascii():  # "⏎", "←": the key's own name reads better than a stand-in
            shown = binding.key.split(",")[0].replace("_", " ")
        return key_name(shown)  # "space" in the player's language (found in play: "space Wisselen")

    def get_line_filters(self) -> Sequence[LineFilter]:
        # The ASCII symbols: nothing but ASCII reaches the terminal, Textual's borders and scrollbars included.
        filters = super().get_line_filters()
        return [*filters, ASCII_FILTER] if self.ascii_only else filters

    @property
    def glyphs(self) -> Glyphs:
        """The glyph set the settings ask for, "auto" worked out from the locale and the terminal."""
        from ...glyphs import choose  # noqa: PLC0415 - with the engine's cards: the title starts without them

        return choose(self.settings.glyphs, os.environ)

    def game_screen(self, session: Session) -> GameScreen:
        """The table for ``session``, under the settings."""
        # The table, the engine and the bots load with the first match: the title starts without them.
        from ...table.pacing import Pace  # noqa: PLC0415
        from .game import GameScreen  # noqa: PLC0415

        if self.pace is None:
            self.pace = Pace.for_bots(self.bot_delay)
        settings = self.settings
        return GameScreen(
            session,
            pace=self.pace,
            deal_again=session.deal_again_command(bot_delay=self.bot_delay_flag),
            uno_helper=settings.uno_helper,
            confirm_quit=settings.confirm_quit,
            guide=settings.guide,
            undo=settings.undo,
            glyphs=self.glyphs,
            motion=not settings.reduce_motion,
            clock=self.clock,
        )

    def settings_on_mount(self) -> None:
        """The theme, the motion and a problem reading the settings, once the app runs."""
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        elif self.settings_problem is None:
            self.settings_problem = _(
                "unknown theme {theme} in the settings; using {used} (the themes: {themes})"
            ).format(theme=repr(self.settings.theme), used=self.theme, themes=", ".join(sorted(self.available_themes)))
        if self.settings_problem:
            self.notify(self.settings_problem, title=_("Settings"), severity="warning", timeout=8)
        self.animation_level = "none" if self.settings.reduce_motion else self.full_motion
        # A theme chosen in the command palette (Textual's own "Theme" command) is kept like one chosen in Settings.
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def change_settings(self, **values: Any) -> None:
        """Change some settings (fields of ``Settings``), save them, and let them hold at once."""
        settings = self.settings._replace(**values)
        if settings == self.settings:
            return
        try:
            save_settings(settings)
        except SaveError as error:
            problem = _("{problem}\nThe change holds until you quit.").format(problem=error)
            self.notify(problem, title=_("Settings not saved"), severity="error")
        self.use_settings(settings)

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.settings.theme:
            self.change_settings(theme=theme.name)

    def on_settings_screen_changed(self, message: SettingsScreen.Changed) -> None:
        self.use_settings(message.settings)

    def use_settings(self, settings: Settings) -> None:
        """New settings hold at once, in a match being played too."""
        from .game import GameScreen  # noqa: PLC0415 - loaded already if a match is open

        if settings.language != self.settings.language:  # holds from the next screen drawn
            use_process_language(choose_language(settings.language, os.environ))
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
            self.pace = self.pace.with_bot_delay(settings.bot_delay)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and self.pace is not None:
                screen.use_settings(settings, self.pace, self.glyphs)


class MatchApp(SettingsApp):
    """The match at hand: opening one (table/opening.py) or saying why not, playing it, leaving it, dealing again."""

    def __init__(
        self,
        session: Session | None,
        settings: Settings | None,
        *,
        bot_delay: float | None,
        pace: Pace | None,
        clock: Clock | None,
    ) -> None:
        super().__init__(settings, bot_delay=bot_delay, pace=pace, clock=clock)
        self.session = session

    def say_match_length(self) -> None:
        """A match begun from the command line (``unokart new``) that will be over in a round or two says
        so, with a target for a few rounds, as New game does (found in play: nine bots, one round, no word).

        Said once the table is up: the figures are a TOML file, which a start does not wait for.
        """
        if self.session is None:
            return
        match = self.session.match
        if match.round_number != 1 or match.history[0]:
            return
        from ...history.match_length import few_rounds_line  # noqa: PLC0415

        line = few_rounds_line(len(match.names), match.target)
        if line:
            self.notify(line, title=_("Match length"), timeout=12, markup=False)

    def title_screen(self) -> Screen[None]:
        from .title import TitleScreen  # noqa: PLC0415 - a match started from the shell opens without it

        return TitleScreen()

    def open(self, opened: opening.Opened) -> None:
        """Play the match opened, or say why not; offer the backup of a save that cannot be read."""
        if isinstance(opened, opening.Refused):
            self.refuse(opened)
        elif isinstance(opened, opening.BackupOffered):
            self.offer_backup(opened)
        else:
            self.play(opened)

    def refuse(self, refused: opening.Refused) -> None:
        """Say why a match cannot be opened or replayed."""
        self.notify(refused.message, title=refused.title, severity=refused.severity, timeout=refused.timeout)

    def play(self, session: Session) -> None:
        if self.session is not None:
            self.session.close()
        self.session = session
        # After the dialog or form that led here has finished closing itself.
        self.call_later(self._replace_screens, self.game_screen(session))

    def offer_backup(self, offered: opening.BackupOffered) -> None:
        from ..dialogs.confirm import ConfirmDialog  # noqa: PLC0415

        def answered(yes: bool | None) -> None:
            if yes:
                self.open(opening.saved(offered.name, backup=True))

        said = _("{problem}\nIts previous version, one move earlier, was kept. Open that one?")
        question = _("{name} cannot be read.").format(name=offered.name)
        detail = said.format(problem=offered.problem)
        self.push_screen(ConfirmDialog(printable(question), printable(detail, newlines=True)), answered)

    def leave_game(self) -> None:
        """Back to the title; the match is already saved."""
        if self.session is not None:
            self.session.close()
            self.session = None
        self.call_later(self._replace_screens, self.title_screen())

    def _replace_screens(self, screen: Screen[None]) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def play_again(self) -> None:
        session, self.session = self.session, None
        assert session is not None
        self.open(opening.again(session))

    def on_game_screen_leave_match(self, message: GameScreen.LeaveMatch) -> None:
        self.leave_game()

    def on_game_screen_play_again(self, message: GameScreen.PlayAgain) -> None:
        self.play_again()

    def on_game_screen_guide_off(self, message: GameScreen.GuideOff) -> None:
        self.change_settings(guide=False)
