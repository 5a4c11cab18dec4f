"""Load game: every save, newest first; open one, or delete it (to a trash folder, after asking)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Static

from saves import SaveEntry, SaveError, list_saves, save_dir

from ..dialogs.confirm import ConfirmDialog
from ..printable import printable
from ..saved import scores_line
from ..widgets.keybar import KeyBar


def when(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M") if moment else "?"


def move_to_trash(entry: SaveEntry) -> None:
    """Deleting keeps the file: it goes to ``trash/`` beside the saves (with its backup)."""
    trash = save_dir() / "trash"
    try:
        trash.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        os.replace(entry.path, trash / f"{entry.name} {stamp}.toml")
        backup = entry.path.with_name(entry.path.name + ".bak")
        if backup.exists():
            os.replace(backup, trash / f"{entry.name} {stamp}.toml.bak")
    except OSError as error:
        raise SaveError(entry.path, f"could not be moved to the trash: {error.strerror or error}") from error


class LoadScreen(Screen[None]):
    """Posts ``Open`` with the name of the save to open; the app opens it."""

    @dataclass
    class Open(Message):
        name: str

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("enter", "open", "Open"),
        Binding("delete,x", "delete", "Delete"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Load game", classes="title screen-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="empty")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Name", "Round", "Status", "Last played", "Players and scores")
        self.fill()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        try:
            self.entries = {entry.name: entry for entry in list_saves()}
        except SaveError as error:
            self.entries = {}
            self.query_one("#empty", Static).update(printable(str(error)))
            return
        for entry in self.entries.values():
            if entry.error is not None:  # listed with its reason, never hidden
                row = (entry.name, "—", "unreadable", when(entry.updated), entry.error)
            else:
                status = "finished" if entry.finished else "in progress"
                scores = scores_line(entry.players, entry.scores)
                row = (entry.name, str(entry.round_number), status, when(entry.updated), scores)
            # Plain and printable: "[match]" is not markup, and a file holds any character at all.
            table.add_row(*(Text(printable(cell)) for cell in row), key=entry.name)
        self.query_one("#empty", Static).update("" if self.entries else "No saved matches yet: start a new game.")
        table.focus()

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

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                move_to_trash(entry)
            except SaveError as error:
                self.notify(str(error), severity="error")
            else:
                self.notify(f"{entry.name} moved to {save_dir() / 'trash'}")
            self.fill()

        detail = "It goes to the trash folder beside your saves, where you can still find it."
        self.app.push_screen(ConfirmDialog(printable(f"Delete {entry.name}?"), detail), answered)

    def action_back(self) -> None:
        self.app.pop_screen()
