"""Load game: every save, newest first; open one, replay it, or delete it (to a trash folder, after asking)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import DataTable, Static

from saves import SaveEntry, SaveError, list_saves, rename_save, trash, trash_dir

from ...history.saved import scores_line
from ...printable import printable
from ...rules_text import house_rules_tag
from ...voice import N_, _, ngettext
from ...voice.dates import date_time
from ...voice.save_problems import save_problem
from ..dialogs.confirm import ConfirmDialog
from ..widgets.keybar import KeyBar
from .styled import StyledOnce

# The columns' titles, looked up when the table is drawn.
_TITLES = (N_("Name"), N_("Players"), N_("Rules"), N_("Round"), N_("Status"), N_("Last played"), N_("Scores"))
RULES_WIDTH = 16  # a mix of house rules is cut there; the line under the table has it whole
SCORES_ROOM = 24  # what the scores need to say something: "Ann 120, Mario 35, Luigi"
NAME_WIDTH = 16  # where a long name is cut when nothing else gives the scores their room
# Found in play: at 80 columns the Scores column was cut to a name and a half. What is given up for
# it, one step at a time until it has SCORES_ROOM: the line under the table says the selected save's
# round, players and rules, and a date without its year is still a date.
_NARROWER = ("Round", "year", "Players", "Rules", "long names")


def _row(entry: SaveEntry, *, year: bool = True) -> tuple[str, str, str, str, str, str, str]:
    """The table's cells for one save; an unreadable one is listed with its reason, never hidden."""
    if entry.error is not None:
        return (entry.name, "—", "—", "—", _("unreadable"), when(entry.updated, year=year), entry.error)
    # Issue 31: an unfinished match with friends goes on at their table, not here.
    unfinished = _("played with friends") if entry.with_friends else _("in progress")
    status = _("finished") if entry.finished else unfinished
    # Found in play: the list did not say how many played, nor under which house rules.
    rules = "?" if entry.rules is None else house_rules_tag(entry.rules)
    return (
        entry.name,
        str(len(entry.players)),
        rules,
        str(entry.round_number),
        status,
        when(entry.updated, year=year),
        scores_line(entry.players, entry.scores),
    )


def when(moment: datetime | None, *, year: bool = True) -> str:
    return date_time(moment, year=year) if moment else "?"


class Columns(NamedTuple):
    """The columns the Load list shows at a width: their titles, their widths, and each row's cells."""

    titles: tuple[str, ...]
    widths: tuple[int, ...]
    rows: dict[str, tuple[str, ...]]


def columns(entries: dict[str, SaveEntry], width: int) -> Columns:
    """The columns for ``entries`` in ``width`` cells: all of them, or as few as give the scores their room.

    The last column (the scores) takes the room the others leave, and a longer line ends in "…" there:
    the line under the table shows the selected save's whole line.
    """
    given_up: set[str] = set()
    for step in (None, *_NARROWER):
        if step is not None:
            given_up.add(step)
        shown = [index for index, title in enumerate(_TITLES) if title not in given_up]
        # Plain and printable: "[match]" is not markup, and a file holds any character at all.
        cells = {
            name: tuple(printable(cell) for cell in _row(entry, year="year" not in given_up))
            for name, entry in entries.items()
        }
        rows = {name: tuple(row[index] for index in shown) for name, row in cells.items()}
        titles = tuple(_TITLES[index] for index in shown)
        shown_titles = [_(title) for title in titles]  # measured as they are drawn, in the player's language
        widths = [max(cell_len(cell) for cell in column) for column in zip(shown_titles, *rows.values(), strict=True)]
        if "Rules" in titles:
            widths[titles.index("Rules")] = min(widths[titles.index("Rules")], RULES_WIDTH)
        if "long names" in given_up:
            widths[0] = min(widths[0], NAME_WIDTH)
        room = width - sum(each + 2 for each in widths[:-1]) - 3
        if room >= SCORES_ROOM:
            break
    widths[-1] = max(room, 12)
    return Columns(titles, tuple(widths), rows)


class SaveTable(DataTable[Text]):
    """The list of saves. Its enter opens the selected save, and the key bar says so: the table's
    own enter (select the row) would hide the screen's binding from the key bar."""

    BINDINGS = [Binding("enter", "screen.open", N_("Open"))]


class LoadScreen(StyledOnce[None]):
    """Posts ``Open`` (or ``Replay``) with the name of the save; the app opens it (or replays it)."""

    @dataclass
    class Open(Message):
        name: str

    @dataclass
    class Replay(Message):
        name: str

    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("enter", "open", N_("Open")),
        Binding("r", "replay", N_("Replay")),
        Binding("n", "rename", N_("Rename")),
        Binding("delete,x", "delete", N_("Delete")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[str, SaveEntry] = {}
        self._filled_for = 0  # the width the table's columns were fitted to

    def compose(self) -> ComposeResult:
        yield Static(_("Load game"), classes="title screen-title")
        yield SaveTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="save-detail")
        yield Static("", id="empty")
        yield KeyBar()

    def on_mount(self) -> None:
        self.fill()

    def on_resize(self, event: events.Resize) -> None:
        # A new width refits the columns to the saves already read: dragging a window's edge sends
        # many of these, and none needs the files read again.
        if event.size.width != self._filled_for and self.query_one(DataTable).columns:
            self.fit(self.selected())

    def fill(self, *, select: str | None = None) -> None:
        """The table again from the saves on disk, the same save (or the one called ``select``) selected."""
        table = self.query_one(DataTable)
        keep = self.selected()
        table.clear(columns=True)
        try:
            self.entries = {entry.name: entry for entry in list_saves()}
        except SaveError as error:
            self.entries = {}
            self.query_one("#empty", Static).update(printable(save_problem(error)))
            return
        self.fit(self.entries.get(select, keep) if select is not None else keep)
        self.query_one("#empty", Static).update("" if self.entries else _("No saved matches yet: start a new game."))
        table.focus()

    def fit(self, keep: SaveEntry | None) -> None:
        """The table's columns and rows for ``entries`` at the screen's width, ``keep`` selected if listed."""
        table = self.query_one(DataTable)
        table.clear(columns=True)
        self._filled_for = self.size.width
        titles, widths, rows = columns(self.entries, self.size.width)
        for title, width in zip(titles, widths, strict=True):
            table.add_column(_(title), width=width)
        for name, row in rows.items():
            table.add_row(*(Text(cell, no_wrap=True, overflow="ellipsis") for cell in row), key=name)
        if keep is not None and keep.name in rows:
            table.move_cursor(row=table.get_row_index(keep.name))
        self.show_detail()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail()

    def show_detail(self) -> None:
        entry = self.selected()
        detail = ""
        if entry is not None:
            name, _players, rules, number, status, _last_played, line = _row(entry)
            if entry.error is not None:
                detail = printable(_("{name} ({status}): {problem}").format(name=name, status=status, problem=line))
            else:
                count = len(entry.players)
                values = {
                    "name": name,
                    "status": status,
                    "round": number,
                    "count": count,
                    "rules": rules,
                    "scores": line,
                }
                if rules == "official":
                    text = ngettext(
                        "{name} ({status}, round {round}, {count} player, official rules): {scores}",
                        "{name} ({status}, round {round}, {count} players, official rules): {scores}",
                        count,
                    )
                elif rules == "?":
                    text = ngettext(
                        "{name} ({status}, round {round}, {count} player): {scores}",
                        "{name} ({status}, round {round}, {count} players): {scores}",
                        count,
                    )
                else:
                    text = ngettext(
                        "{name} ({status}, round {round}, {count} player, house rules: {rules}): {scores}",
                        "{name} ({status}, round {round}, {count} players, house rules: {rules}): {scores}",
                        count,
                    )
                detail = printable(text.format(**values))
        self.query_one("#save-detail", Static).update(Text(detail))

    def selected(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self.entries or table.cursor_row < 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.entries.get(str(key))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        entry = self.selected()
        if entry is not None:  # one that cannot be read too: the app says why, and offers its backup
            self.post_message(self.Open(entry.name))

    def action_replay(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.post_message(self.Replay(entry.name))

    def action_rename(self) -> None:
        """A new name for the selected save (found in play: saves named by a date could not be renamed)."""
        entry = self.selected()
        if entry is None:
            return
        from ..dialogs.rename import RenameDialog  # noqa: PLC0415 - loaded when first opened

        def answered(new_name: str | None) -> None:
            if not new_name or new_name == entry.name:
                return
            try:
                rename_save(entry.name, new_name)
            except SaveError as error:
                self.notify(str(error), title=_("Not renamed"), severity="error")
                return
            self.notify(
                _("{name} is now called {new_name}.").format(name=entry.name, new_name=new_name), title=_("Renamed")
            )
            self._statistics_follow(entry.name, new_name)
            self.fill(select=new_name)

        self.app.push_screen(RenameDialog(entry.name), answered)

    def _statistics_follow(self, name: str, new_name: str) -> None:
        """The statistics' matches of the save now go by its new name (their replay opens it by name)."""
        from ...history import stats  # noqa: PLC0415 - SQLite, loaded when a save is first renamed

        try:
            note = stats.follow_rename(name, new_name)
        except stats.StatsError as error:
            message = _("Statistics still show the old name: {problem}").format(problem=error)
            self.notify(message, title=_("Statistics"), severity="warning", markup=False)
            return
        if note:
            self.notify(note, title=_("Statistics"), severity="warning", timeout=12, markup=False)

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                trash(entry.name)  # under the match's lock: a match played elsewhere is refused
            except SaveError as error:
                self.notify(str(error), title=_("Not deleted"), severity="error", timeout=8)
            else:
                self.notify(_("{name} moved to {folder}").format(name=entry.name, folder=trash_dir()))
            self.fill()

        detail = _("It goes to the trash folder beside your saves, where you can still find it.")
        self.app.push_screen(ConfirmDialog(printable(_("Delete {name}?").format(name=entry.name)), detail), answered)

    def action_back(self) -> None:
        self.app.pop_screen()
