"""The title screen: continue, new game, (under ``unokart serve``) a table for friends, load, statistics, rules,
settings, quit."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from saves import SaveEntry, SaveError

from ...friends.kept import KeptMatch, kept_matches
from ...history.saved import latest_unfinished, scores_line
from ...printable import printable
from ...voice import N_, _
from ...voice.friends import continue_with_friends
from ...voice.save_problems import save_problem
from ..widgets.keybar import KeyBar
from .styled import StyledOnce

LOGO = """\
 _   _ _  _  ___    _  __   _   ___ _____
| | | | \\| |/ _ \\  | |/ /  /_\\ | _ \\_   _|
| |_| | .` | (_) | | ' <  / _ \\|   / | |
 \\___/|_|\\_|\\___/  |_|\\_\\/_/ \\_\\_|_\\ |_|
"""


def describe(entry: SaveEntry) -> str:
    """The match to continue, in one line; the leader first, since a line too long is cut at its end."""
    ranked = sorted(zip(entry.players, entry.scores, strict=True), key=lambda pair: -pair[1])
    names, scores = [name for name, _ in ranked], [score for _, score in ranked]
    line = _("{name} — round {round}: {scores}").format(
        name=entry.name, round=entry.round_number, scores=scores_line(names, scores)
    )
    return printable(line)


def continue_prompt(match: str) -> Table:
    """The Continue entry: the match wraps under itself, so a long one is whole and still one entry.

    Found in play: cut at 80 columns, the Continue line lost the scores it was there to show.
    """
    entry = Table.grid(padding=(0, 3))
    entry.add_column(no_wrap=True)
    entry.add_column(overflow="fold")
    entry.add_row(Text(_("Continue")), Text(match))  # players' names are never markup
    return entry


def tagline() -> str:
    return _("UNO Mario Kart — a card game with items, for your terminal")


REOPEN = "reopen_table"  # the app's action that takes a match kept with friends up again under its code


class TitleScreen(StyledOnce[None]):
    BINDINGS = [
        Binding("c", "continue_latest", N_("Continue")),  # in the key bar only when there is a match to continue
        Binding("n", "app.new_game", N_("New game")),
        # Under `unokart serve` only (issue 31): the host holds the tables friends share.
        Binding("f", "play_with_friends", N_("Friends")),
        Binding("j", "join_table", N_("Join")),
        Binding("l", "app.load_game", N_("Load")),
        Binding("t", "app.statistics", N_("Stats")),
        Binding("r", "app.rules", N_("Rules")),
        Binding("s", "app.settings", N_("Settings")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, *, friends: bool = False) -> None:
        """``friends``: the game runs under ``unokart serve``, whose tables friends can share."""
        super().__init__()
        self.friends = friends
        self._told: str | None = None  # what is wrong with the saves folder, once said
        self.can_continue = False

    def compose(self) -> ComposeResult:
        with Vertical(id="title"):
            with Center():
                yield Static(LOGO, id="logo")
            with Center():
                yield Static(tagline(), id="tagline")
            with Center():
                yield OptionList(id="menu", markup=False)  # the continue line holds players' names
        yield KeyBar()

    def on_mount(self) -> None:
        self.fill_menu()

    def on_screen_resume(self) -> None:
        # Shown again, the title is a next screen: all of it speaks a language chosen meanwhile in Settings
        # (found in play: the menu turned Dutch beside a tagline left in Slovak).
        self.query_one("#tagline", Static).update(tagline())
        self.fill_menu()

    def fill_menu(self) -> None:
        menu = self.query_one(OptionList)
        menu.clear_options()
        try:
            latest = latest_unfinished()
        except SaveError as error:  # the saves folder itself is unusable: say so once, and start anyway
            latest = None
            if str(error) != self._told:
                self.notify(save_problem(error), title=_("Saves"), severity="error", timeout=10)
            self._told = str(error)
        kept = self._kept_matches() if self.friends else []
        # With nothing to continue, Continue is simply not offered; a match kept with friends is one to continue
        # (found in play: `c` did nothing when the only match to continue was one with friends).
        self.can_continue = latest is not None or bool(kept)
        self.refresh_bindings()
        if latest is not None:
            menu.add_option(Option(continue_prompt(describe(latest)), id="continue_latest"))
        # Issue 31: a match with friends kept here goes on under its code, on this server only.
        for match in kept:
            offer = continue_with_friends(match.code, list(match.people), match.round_number)
            menu.add_option(Option(printable(offer), id=f"{REOPEN}('{match.code}')"))
        menu.add_option(Option(_("New game"), id="new_game"))
        if self.friends:
            menu.add_options(
                [Option(_("Play with friends"), id="play_with_friends"), Option(_("Join a table"), id="join_table")]
            )
        menu.add_options(
            [
                Option(_("Load game"), id="load_game"),
                Option(_("Statistics"), id="statistics"),
                Option(_("Rules"), id="rules"),
                Option(_("Settings"), id="settings"),
                Option(_("Quit"), id="quit"),
            ]
        )
        menu.highlighted = 0
        menu.focus()

    def _kept_matches(self) -> list[KeptMatch]:
        try:
            return kept_matches()
        except SaveError:  # the saves folder itself is unusable: fill_menu has said so
            return []

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_latest":
            return self.can_continue
        if action in ("play_with_friends", "join_table"):
            return self.friends
        return True

    async def action_continue_latest(self) -> None:
        """The Continue entry highlighted, else the menu's first: the match alone, or a match kept with friends."""
        menu = self.query_one(OptionList)
        entries = [menu.get_option_at_index(index).id or "" for index in range(menu.option_count)]
        going_on = [entry for entry in entries if entry == "continue_latest" or entry.startswith(REOPEN)]
        if not going_on:
            return
        highlighted = entries[menu.highlighted] if menu.highlighted is not None else None
        await self.app.run_action(f"app.{highlighted if highlighted in going_on else going_on[0]}")

    async def action_play_with_friends(self) -> None:
        await self.app.run_action("app.play_with_friends")

    async def action_join_table(self) -> None:
        await self.app.run_action("app.join_table")

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        await self.app.run_action(f"app.{event.option.id}")
