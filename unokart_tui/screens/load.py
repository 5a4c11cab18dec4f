"""Load game: every save, newest first; open one, replay it, or delete it (to a trash folder, after asking)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Static

from saves import SaveEntry, SaveError, list_saves, rename_save, trash, trash_dir

from ..dialogs.confirm import ConfirmDialog
from ..printable import printable
from ..rules_text import house_rules_tag
from ..saved import scores_line
from ..voice import N_, _, ngettext
from ..widgets.keybar import KeyBar

# The columns' titles, looked up when the table is drawn.
_TITLES = (N_("Name"), N_("Players"), N_("Rules"), N_("Round"), N_("Status"), N_("Last played"), N_("Scores"))
RULES_WIDTH = 16  # a mix of house rules is cut there; the line under the table has it whole


def _row(entry: SaveEntry) -> tuple[str, str, str, str, str, str, str]:
    """The table's cells for one save; an unreadable one is listed with its reason, never hidden."""
    if entry.error is not None:
        return (entry.name, "—", "—", "—", _("unreadable"), when(entry.updated), entry.error)
    status = _("finished") if entry.finished else _("in progress")
    # Found in play: the list did not say how many played, nor under which house rules.
    rules = "?" if entry.rules is None else house_rules_tag(entry.rules)
    return (
        entry.name,
        str(len(entry.players)),
        rules,
        str(entry.round_number),
        status,
        when(entry.updated),
        scores_line(entry.players, entry.scores),
    )


def when(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M") if moment else "?"


class SaveTable(DataTable[Text]):
    """The list of saves. Its enter opens the selected save, and the key bar says so: the table's
    own enter (select the row) would hide the screen's binding from the key bar."""

    BINDINGS = [Binding("enter", "screen.open", N_("Open"))]


class LoadScreen(Screen[None]):
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
            self.query_one("#empty", Static).update(printable(str(error)))
            return
        self.fit(self.entries.get(select, keep) if select is not None else keep)
        self.query_one("#empty", Static).update("" if self.entries else _("No saved matches yet: start a new game."))
        table.focus()

    def fit(self, keep: SaveEntry | None) -> None:
        """The table's columns and rows for ``entries`` at the screen's width, ``keep`` selected if listed."""
        table = self.query_one(DataTable)
        table.clear(columns=True)
        self._filled_for = self.size.width
        # Plain and printable: "[match]" is not markup, and a file holds any character at all.
        rows = {name: [printable(cell) for cell in _row(entry)] for name, entry in self.entries.items()}
        titles = [_(title) for title in _TITLES]
        widths = [max(cell_len(cell) for cell in column) for column in zip(titles, *rows.values(), strict=True)]
        widths[_TITLES.index("Rules")] = min(widths[_TITLES.index("Rules")], RULES_WIDTH)
        # The last column takes the room that is left, and a longer line ends in "…" there: the
        # line under the table shows the selected save's whole line.
        room = self.size.width - sum(width + 2 for width in widths[:-1]) - 3
        for index, title in enumerate(titles):
            last = index == len(titles) - 1
            table.add_column(title, width=max(room, 12) if last else widths[index])
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
            self.fill(select=new_name)

        self.app.push_screen(RenameDialog(entry.name), answered)

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
