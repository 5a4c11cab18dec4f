"""Statistics: how the player does, against whom, over time; every finished match, its score race, its replay.

The figures come from the statistics store (``unokart_tui.history.stats``, SQLite). A damaged store
is set aside and rebuilt from the saves, and the screen says so; one that cannot be used
(busy, on a full disk, unreadable) is named with its problem; matches holding values the
game cannot read are left out, and the screen says how many. Either way the screen opens.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from saves import SaveError, path_of

from ...history.charts import ScoreRace, WinRate
from ...history.stats import MatchLine, StatsError, Summary, open_store, summarize
from ...history.stats.report import (
    Table,
    left_out,
    matches_table,
    no_opponent_yet,
    nothing_yet,
    player_rows,
    versus_tables,
)
from ...voice import N_, _
from ...voice.numbers import percent
from ..widgets.chart import ChartView
from ..widgets.keybar import KeyBar
from .styled import StyledOnce


def rich_table(table: Table) -> RichTable:
    shown = RichTable(title=table.title, title_justify="left", title_style="bold", box=None, padding=(0, 2, 0, 0))
    for header in table.headers:
        shown.add_column(header, style="", header_style="bold")
    for row in table.rows:
        shown.add_row(*(Text(cell) for cell in row))
    return shown


def player_grid(summary: Summary) -> RichTable:
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for label, value in player_rows(summary):
        grid.add_row(label, Text(value))
    return grid


def among_saves(name: str) -> bool:
    """Whether this player's saves hold ``name`` (a match with friends is kept in its opener's only)."""
    try:
        return path_of(name).is_file()
    except (SaveError, OSError):
        return False


class StatsScreen(StyledOnce[None]):
    """Posts ``Replay`` with a finished match's save and key; the app replays it if the save still holds it."""

    @dataclass
    class Replay(Message):
        name: str
        key: str

    BINDINGS = [
        Binding("escape,q", "back", N_("Back")),
        Binding("left,h", "page(-1)", N_("Tabs"), key_display="←→"),
        Binding("right,l", "page(1)", N_("Next tab"), show=False),
        Binding("down,j", "scroll(1)", N_("Scroll"), key_display="↓↑"),
        Binding("up,k", "scroll(-1)", N_("Up"), show=False),
        Binding("pagedown", "scroll(10)", N_("Page down"), show=False),
        Binding("pageup", "scroll(-10)", N_("Page up"), show=False),
        Binding("enter", "replay", N_("Replay")),
    ]
    PAGES = ("stats-you", "stats-opponents", "stats-matches")

    def __init__(self) -> None:
        super().__init__()
        self.summary: Summary | None = None
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics"), classes="screen-title")
        with TabbedContent(initial="stats-you"):
            with (
                TabPane(_("You"), id="stats-you"),
                VerticalScroll(id="stats-you-page", classes="page", can_focus=False),
            ):
                yield Static(id="player", markup=False)
                yield Static(_("Your win rate after each finished match"), id="rate-title", classes="chart-title")
                yield ChartView(id="win-rate")
            with (
                TabPane(_("Opponents"), id="stats-opponents"),
                VerticalScroll(id="stats-opponents-page", classes="page", can_focus=False),
            ):
                yield Static(id="versus")
            with TabPane(_("Matches"), id="stats-matches"):
                yield DataTable(id="match-list", cursor_type="row", zebra_stripes=True)
                yield Static("", id="race-title", classes="chart-title", markup=False)
                yield ChartView(id="race")
        yield KeyBar()

    def on_mount(self) -> None:
        self.set_focus(None)  # every key is the screen's: the page scrolls whatever was clicked
        for widget in (*self.query("ContentTabs"), self.query_one(DataTable)):
            widget.can_focus = False
        try:
            opened = open_store()
        except StatsError as error:
            self.problem = str(error)
        else:
            with opened.store as store:
                try:
                    self.summary = summarize(store)
                except StatsError as error:
                    self.problem = str(error)
            if opened.note:
                self.notify(opened.note, title=_("Statistics"), severity="warning", timeout=12, markup=False)
            if self.summary is not None and (left := left_out(self.summary)):
                self.notify(left, title=_("Statistics"), severity="warning", timeout=12, markup=False)
        self.fill()

    def fill(self) -> None:
        player = self.query_one("#player", Static)
        summary = self.summary
        if summary is None:
            player.update(_("Your statistics cannot be read: {problem}").format(problem=self.problem))
            return
        if not summary.matches and not summary.player.rounds:
            player.update(nothing_yet(summary))
        else:
            player.update(player_grid(summary))
        rates = tuple(rate for _, rate in summary.win_rate)
        self.query_one("#win-rate", ChartView).chart = WinRate(rates)
        if rates:
            title = _("Your win rate after each finished match (now {rate}: {won} of {matches})").format(
                rate=percent(rates[-1]), won=summary.matches_won, matches=summary.matches
            )
            self.query_one("#rate-title", Static).update(title)
        self.query_one("#rate-title").display = self.query_one("#win-rate").display = len(rates) > 0
        # The tables that hold something, as `unokart stats` prints them; found in play (issue 32): with none,
        # the page was blank where the other pages say why.
        recorded = [rich_table(table) for table in versus_tables(summary) if table.rows]
        self.query_one("#versus", Static).update(_stack(recorded) if recorded else no_opponent_yet())
        listing = self.query_one(DataTable)
        table = matches_table(summary)
        listing.add_columns(*table.headers)
        for line, row in zip(summary.matches_list, table.rows, strict=True):
            listing.add_row(*(Text(cell) for cell in row), key=line.key)
        self.show_race(0)

    def show_race(self, row: int) -> None:
        summary = self.summary
        chart = self.query_one("#race", ChartView)
        title = self.query_one("#race-title", Static)
        if summary is None or not summary.matches_list:
            title.update(_("No finished match yet."))
            chart.chart = None
            return
        line = summary.matches_list[min(row, len(summary.matches_list) - 1)]
        if among_saves(line.save):
            title.update(_("Score race: {save} (enter: its replay)").format(save=line.save))
        else:  # a match with friends at a table another opened: its save is theirs, on the host (issue 31)
            title.update(_("Score race: {save} (not among your saves: no replay)").format(save=line.save))
        chart.chart = ScoreRace(line.names, line.race, line.target)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_race(event.cursor_row)
        self.refresh_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_replay()

    def on_tabbed_content_tab_activated(self) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":  # the key bar offers it where it does something
            line = self.current_line()
            return (
                self.query_one(TabbedContent).active == "stats-matches" and line is not None and among_saves(line.save)
            )
        return True

    def current_line(self) -> MatchLine | None:
        """The match under the list's cursor."""
        summary = self.summary
        if summary is None or not summary.matches_list:
            return None
        return summary.matches_list[min(self.query_one(DataTable).cursor_row, len(summary.matches_list) - 1)]

    def action_replay(self) -> None:
        line = self.current_line()
        if line is not None:
            self.post_message(self.Replay(line.save, line.key))

    def action_page(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        tabs.active = self.PAGES[(self.PAGES.index(tabs.active) + step) % len(self.PAGES)]

    def action_scroll(self, lines: int) -> None:
        active = self.query_one(TabbedContent).active
        if active == "stats-matches":
            listing = self.query_one(DataTable)
            listing.move_cursor(row=max(0, listing.cursor_row + lines), animate=False)
        else:
            self.query_one(f"#{active}-page", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_back(self) -> None:
        self.app.pop_screen()


def _stack(tables: list[RichTable]) -> RichTable:
    grid = RichTable.grid()
    grid.add_column()
    for number, table in enumerate(tables):
        if number:
            grid.add_row("")
        grid.add_row(table)
    return grid
