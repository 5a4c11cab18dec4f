"""The unokart application: which screen comes first, and moving between screens.

Built on screens/app_base.py (plain-text notices, the settings in force, the match at hand).
Elsewhere: the palette's commands (screens/commands.py), opening a match (table/opening.py),
the signals a running game answers (screens/quitting.py).
"""

from __future__ import annotations

import gc
import importlib
from typing import TYPE_CHECKING, Any

from textual.command import Provider
from textual.screen import Screen

from ..defaults import PLAYER_NAME
from ..friends.channel import JOIN_TABLE, LEAVE_TABLE, OPEN_TABLE, REFUSED, REOPEN_TABLE, TABLE_JOINED, TABLE_OPENED
from ..table import opening
from ..voice import _
from .hostline import FromHost, HostGone, Line
from .screens.app_base import MatchApp
from .screens.quitting import Quitting

if TYPE_CHECKING:
    from saves import SavedGame

    from ..friends.messages import TableSeen, TableSettings
    from ..settings import Settings
    from ..table.pacing import Clock, Pace
    from ..table.session import Session
    from .screens.game import GameScreen
    from .screens.load import LoadScreen
    from .screens.lobby import LobbyScreen
    from .screens.new_game import NewGame, NewGameScreen
    from .screens.remote_table import RemoteTableScreen
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
        line: Line | None = None,
    ) -> None:
        """``replay``: a save's name and contents, to replay first (`unokart replay`); ``line``: the line to
        the host under ``unokart serve`` (``hostline.open_host_line``), whose tables friends share."""
        super().__init__(session, settings, bot_delay=bot_delay, pace=pace, clock=clock)
        self.replay = replay
        self.line = line
        self.opened: tuple[str, str] | None = None  # the table this person opened: its code, and the command
        self.lobby: LobbyScreen | None = None
        self.at_table: RemoteTableScreen | None = None  # the table screen of the match friends play
        # What the table says before its first view (the round told again to someone back at their seat, a
        # deal's lines), for the table screen once it opens. Found over ssh: the log of a match taken up again
        # was empty, the lines having come while the lobby screen was still up.
        self._before_table: list[dict[str, Any]] = []
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
        if self.line is not None:
            self.line.start()  # its messages reach the app from now on

    async def _show_first(self, screen: Screen[None]) -> None:
        await self.push_screen(screen)
        self.call_after_refresh(gc.enable)  # off while the game starts (see cli/running.py)
        self.call_after_refresh(self.say_match_length)
        self.quitting.first_screen_shown()

    def on_unmount(self) -> None:
        self.quitting.stop_listening()
        if self.session is not None:
            self.session.close()

    def title_screen(self) -> Screen[None]:
        from .screens.title import TitleScreen  # noqa: PLC0415 - a match started from the shell opens without it

        return TitleScreen(friends=self.line is not None)

    # ------------------------------------------------------------------ friends at one table (issue 31)

    def action_play_with_friends(self) -> None:
        if self.line is not None:
            self.line.send({"type": OPEN_TABLE})

    def action_reopen_table(self, code: str) -> None:
        """The match with friends this player's saves keep under ``code`` goes on: the host opens it again."""
        if self.line is not None:
            self.line.send({"type": REOPEN_TABLE, "code": code})

    def action_join_table(self) -> None:
        from .dialogs.join_table import JoinTableDialog  # noqa: PLC0415 - loaded when first opened

        def join(code: str | None) -> None:
            if code is not None and self.line is not None:
                self.line.send({"type": JOIN_TABLE, "code": code})

        self.push_screen(JoinTableDialog(), join)

    def on_from_host(self, message: FromHost) -> None:
        kind, data = message.kind, message.data
        if kind == TABLE_OPENED:
            self.opened = (str(data.get("code")), str(data.get("command")))
        elif kind == TABLE_JOINED:
            command = data.get("command")  # everyone is shown what friends type, not only the opener
            self._to_lobby(str(data.get("code")), command if isinstance(command, str) else None)
        elif kind == REFUSED:
            sentence = str(data.get("words", ""))
            if self.lobby is not None and self.screen is self.lobby:
                self.lobby.refused(sentence)
            else:
                self.notify(sentence, title=_("Table"), severity="warning")
        elif self.at_table is not None and kind == "LobbyClosed":  # the table closed under a watcher
            self.notify(str(data.get("reason", "")), title=_("Table"), severity="warning")
            self.at_table.leave()
        elif self.at_table is not None:
            self.at_table.post_message(FromHost(data))  # the table screen reads the match's messages itself
        else:
            self._in_lobby(data)

    def _to_lobby(self, code: str, command: str | None = None) -> None:
        from .screens.lobby import LobbyScreen  # noqa: PLC0415 - loaded when first opened

        if command is None and self.opened is not None and self.opened[0] == code:
            command = self.opened[1]
        last = (self.settings.table_target, self.settings.table_turn_seconds)
        self.lobby = None
        if self.line is not None:
            self.lobby = LobbyScreen(self.line, code, command, last=last, remember=self._remember_table)
        self._before_table = []
        if self.lobby is not None:
            self.push_screen(self.lobby, lambda _left: self._left_lobby())

    def _remember_table(self, settings: TableSettings) -> None:
        """The opener's choices in the lobby, kept in their settings: their next table starts from them."""
        from ..friends.lobby import last_choices  # noqa: PLC0415 - with the lobby

        target, seconds = last_choices(settings)
        self.change_settings(table_target=target, table_turn_seconds=seconds)

    def _left_lobby(self) -> None:
        self.lobby = self.at_table = None
        self.opened = None

    def _in_lobby(self, data: dict[str, Any]) -> None:
        # Here, not at the top: the title's first frame does not wait for the engine that these bring.
        from ..friends import wire  # noqa: PLC0415
        from ..friends.messages import LobbyClosed, LobbyShown, TableSeen  # noqa: PLC0415

        try:
            shown = wire.from_json(data)
        except wire.WireError as error:
            self.notify(str(error), title=_("Table"), severity="error")
            return
        lobby = self.lobby
        if lobby is None:
            return
        if isinstance(shown, LobbyShown):
            lobby.show(shown)
        elif isinstance(shown, LobbyClosed):
            self.notify(shown.reason, title=_("Table"), severity="warning")
            if self.line is not None:  # found over ssh: the host still counted this person at the closed table
                self.line.send({"type": LEAVE_TABLE})
            if self.screen is lobby:
                lobby.dismiss()
        elif isinstance(shown, TableSeen) and not lobby.started:
            self._to_table(lobby, shown)
        elif not lobby.started:
            self._before_table.append(data)

    def _to_table(self, lobby: LobbyScreen, first: TableSeen) -> None:
        """The match has started: the table screen shows it, from its first view on."""
        # By name: the table screen for a match friends share comes with its own branch (wt-friends-seat).
        try:
            module = importlib.import_module(f"{__package__}.screens.remote_table")
        except ModuleNotFoundError:  # this build has no such screen yet: the lobby says the match began
            lobby.match_started()
            return
        lobby.started = True
        self.at_table = module.RemoteTableScreen(self.line, first)
        self.push_screen(self.at_table, lambda _result: self._left_table())
        said, self._before_table = self._before_table, []
        for data in said:  # after the first view: the log's lines keep their order among themselves
            self.at_table.post_message(FromHost(data))

    def _left_table(self) -> None:
        """The table screen closed: this person leaves the table (their seat is kept) and is back at the title."""
        self.at_table = None
        if self.line is not None:
            self.line.send({"type": LEAVE_TABLE})
        if self.lobby is not None and self.lobby.is_current:
            self.lobby.dismiss()

    def on_host_gone(self, message: HostGone) -> None:
        """No table can be reached any more: the lobby (and a table friends share) give way to the title."""
        self.line = None
        self.notify(_("The line to the server is closed: the tables for friends are gone."), severity="error")
        lobby, self.at_table = self.lobby, None
        if lobby is not None and lobby in self.screen_stack:
            while self.screen is not lobby:
                self.pop_screen()
            lobby.dismiss()

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
