"""The unokart application: which screen comes first, and moving between screens.

Built on screens/app_base.py (plain-text notices, the settings in force, the match at hand).
Elsewhere: the palette's commands (screens/commands.py), opening a match (table/opening.py),
the signals a running game answers (screens/quitting.py).
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from textual.command import Provider
from textual.screen import Screen

from ..defaults import PLAYER_NAME
from ..table import opening
from .screens.app_base import MatchApp
from .screens.quitting import Quitting

if TYPE_CHECKING:
    from saves import SavedGame

    from ..settings import Settings
    from ..table.pacing import Clock, Pace
    from ..table.session import Session
    from .screens.game import GameScreen
    from .screens.load import LoadScreen
    from .screens.new_game import NewGame, NewGameScreen
    from .screens.replay import ReplayScreen
    from .screens.stats import StatsScreen


def palette_commands() -> type[Provider]:
    from .screens.commands import PaletteCommands  # noqa: PLC0415 - loaded with the palette

    return PaletteCommands


class UnoKartApp(MatchApp):
    TITLE = "unokart"
    SUB_TITLE = "UNO Mario Kart"
    CSS_PATH = "unokart.tcss"
    COMMANDS = {palette_commands}

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
        """``replay``: a save's name and contents, to replay first (`unokart replay`)."""
        super().__init__(session, settings, bot_delay=bot_delay, pace=pace, clock=clock)
        self.replay = replay
        self.last_new_game: NewGame | None = None  # New game offers its line-up, target and rules again
        self.quitting = Quitting(self)

    def on_mount(self) -> None:
        # The default screen stays empty underneath: the title or the table goes on top, one replacing the
        # other by a pop and a push. The first is pushed once Textual has started: a screen laid out while
        # it starts up is painted only on its second layout, about 25 ms later.
        if self.session is not None:
            first: Screen[None] = self.game_screen(self.session)
        else:
            first = self._replay_screen(*self.replay) if self.replay is not None else self.title_screen()
        self.call_later(self._show_first, first)
        self.settings_on_mount()
        self.quitting.listen()

    async def _show_first(self, screen: Screen[None]) -> None:
        await self.push_screen(screen)
        self.call_after_refresh(gc.enable)  # off while the game starts (see cli/running.py)
        self.call_after_refresh(self.say_match_length)
        self.quitting.first_screen_shown()

    def on_unmount(self) -> None:
        self.quitting.stop_listening()
        if self.session is not None:
            self.session.close()

    def _replay_screen(self, name: str, game: SavedGame) -> ReplayScreen:
        from .screens.replay import ReplayScreen  # noqa: PLC0415 - loaded when first opened

        return ReplayScreen(game, name, self.glyphs)

    def open_replay(self, name: str, *, key: str | None = None) -> None:
        """Replay the save ``name``; ``key``: the match it must hold (from the statistics)."""
        game = opening.replay(name, key=key)
        if isinstance(game, opening.Refused):
            self.refuse(game)
        else:
            self.push_screen(self._replay_screen(name, game))

    def on_game_screen_watch_replay(self, message: GameScreen.WatchReplay) -> None:
        """The match just finished: its replay, from the match in memory (the save holds the same)."""
        if (session := self.session) is not None:
            game = opening.as_saved(session)  # before leaving closes it
            self.leave_game()
            self.call_later(self.push_screen, self._replay_screen(session.name, game))

    def on_new_game_screen_chosen(self, message: NewGameScreen.Chosen) -> None:
        game = self.last_new_game = message.game
        rules, profiles = game.rules, game.profiles
        self.open(opening.new(game.name, game.bots, seed=game.seed, target=game.target, profiles=profiles, rules=rules))

    def on_load_screen_open(self, message: LoadScreen.Open) -> None:
        self.open(opening.saved(message.name))  # a save that cannot be read: its backup is offered

    def on_load_screen_replay(self, message: LoadScreen.Replay) -> None:
        self.open_replay(message.name)

    def on_stats_screen_replay(self, message: StatsScreen.Replay) -> None:
        self.open_replay(message.name, key=message.key)

    def on_replay_screen_closed(self, message: ReplayScreen.Closed) -> None:
        self.pop_screen()
        if len(self.screen_stack) == 1:  # the replay was the first screen, or came after a match
            self.push_screen(self.title_screen())

    def action_continue_latest(self) -> None:
        self.open(opening.latest())

    def action_new_game(self) -> None:
        from .screens.new_game import NewGameScreen  # noqa: PLC0415 - loaded when first opened: a quicker start

        self.push_screen(NewGameScreen(self.settings.player_name or PLAYER_NAME, last=self.last_new_game))

    def action_load_game(self) -> None:
        from .screens.load import LoadScreen  # noqa: PLC0415 - loaded when first opened: a quicker start

        self.push_screen(LoadScreen())

    def action_statistics(self) -> None:
        from .screens.stats import StatsScreen  # noqa: PLC0415 - loaded when first opened: SQLite with it

        self.push_screen(StatsScreen())

    def action_rules(self) -> None:
        from .screens.rules import RulesScreen  # noqa: PLC0415 - Markdown loads when first read, not at start

        self.push_screen(RulesScreen(glyphs=self.glyphs))

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen  # noqa: PLC0415 - loaded when first opened

        self.push_screen(SettingsScreen(self.settings))
