"""Things to read, then continue: a revealed hand, the end of a round or of the match."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from unokart_tui.engine import Card

from ...glyphs import UNICODE, Glyphs
from ...voice import _, ngettext
from ...voice.banners import Banner
from ...voice.cards import cards as card_list
from ..widgets.banner import BannerView
from ..widgets.chart import ChartView, Drawing
from ..widgets.keybar import KeyBar
from .base import Dialog


class NoticeDialog(Dialog[str]):
    """A box of text; each of ``keys`` (key, label) closes it and answers that key."""

    # Under 30 rows a chart is shorter and its dialog leaves the keys to the key bar: at 80x24
    # the match's end scrolled, its keys out of sight (unokart.tcss).
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    def __init__(
        self,
        title: str,
        body: RenderableType,
        keys: Sequence[tuple[str, str]] | None = None,
        chart: Drawing | None = None,
        refusals: Mapping[str, tuple[str, str]] | None = None,
        *,
        banner: Banner | None = None,
    ) -> None:
        """``refusals``: a key the table has that does nothing here, with the title and sentence that say why.

        ``banner``: the table's banner the dialog covers, which says what the title says: drawn in the
        title's place, as it was on the table.
        """
        super().__init__()
        self.keys = [("enter", _("continue"))] if keys is None else list(keys)
        self.title_text, self.body, self.chart, self.banner = title, body, chart, banner
        self.refusals = dict(refusals or {})
        for key, label in self.keys:
            also = ",space" if key == "enter" else ""
            self._bindings.bind(key + also, f"answer('{key}')", label.capitalize())
        for key in self.refusals:
            self._bindings.bind(key, f"refuse('{key}')", show=False)

    def compose(self) -> ComposeResult:
        with Vertical(classes="box -charted" if self.chart is not None else "box"):
            if self.banner is not None:
                shown = BannerView()
                shown.banner = self.banner
                yield shown
            else:
                yield Static(self.title_text, classes="title", markup=False)  # names are not markup
            yield Static(self.body, markup=False)
            if self.chart is not None:
                yield ChartView(self.chart)
            line = Text()
            for key, label in self.keys:
                line.append(f" {key} ", style="bold reverse")
                line.append(f" {label}   ")
            yield Static(line, classes="keys")
        yield KeyBar()

    def action_answer(self, key: str) -> None:
        self.dismiss(key)

    def action_refuse(self, key: str) -> None:
        title, reason = self.refusals[key]
        self.notify(reason, title=title, severity="warning", markup=False)


def revealed_hand(name: str, cards: Sequence[Card], guilty: bool, glyphs: Glyphs = UNICODE) -> NoticeDialog:
    if guilty:
        title = _("{name} shows you their hand — Guilty! They draw 4.").format(name=name)
    else:
        title = _("{name} shows you their hand — Not guilty: you draw 6.").format(name=name)
    return NoticeDialog(title, Text(card_list(cards, glyphs) or _("(no cards)")))


def _round_rows(
    rows: Sequence[tuple[str, Sequence[Card], int]], scores: str, glyphs: Glyphs, ending: str = ""
) -> Group:
    """Each loser's cards and what they are worth, the cards wrapping under themselves however many there are.

    The points come last, under a heading: "Mario 98 pts" read as Mario's score to new players.
    """
    lines = [Text(ending), Text("")] if ending else []
    if not rows:  # a seat of a shared table is never sent the others' cards: no heading over no rows
        return Group(*lines, Text(scores))
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, width=8)
    grid.add_column(ratio=1)
    grid.add_column(justify="right", no_wrap=True)
    grid.add_row(Text(""), Text(_("cards left"), style="dim"), Text(_("points"), style="dim"))
    for name, cards, value in rows:
        held = Text(card_list(cards, glyphs) or "—")
        grid.add_row(Text(name[:8], style="bold"), held, Text(str(value), style="bold"))
    return Group(*lines, grid, Text(""), Text(scores))


def round_over(
    winner: str,
    points: int,
    rows: Sequence[tuple[str, Sequence[Card], int]],
    scores: str,
    glyphs: Glyphs = UNICODE,
    *,
    ending: str = "",
    undo_refusal: str | None = None,
    you_won: bool = False,
    banner: Banner | None = None,
) -> NoticeDialog:
    """``ending``: the round's last plays, which the dialog hides in the log; ``undo_refusal``: what z says;
    ``you_won``: the winner is the reader (found by the translators: "You wint de ronde"); ``banner``: the
    table's banner on show, which the dialog would hide.

    Found in play: the dialog came up over the banner saying who went out. The win banner heads the
    dialog, in its colours, in place of the title that said the same.
    """
    body = _round_rows(rows, _("Scores: {scores}").format(scores=scores), glyphs, ending)
    refusals = {"z": (_("Undo"), undo_refusal)} if undo_refusal is not None else None
    if you_won:
        title = ngettext("You won the round: +{points} point", "You won the round: +{points} points", points)
    else:
        title = ngettext("{name} won the round: +{points} point", "{name} won the round: +{points} points", points)
    won = banner if banner is not None and banner.kind == "win" else None
    return NoticeDialog(
        title.format(name=winner, points=points), body, [("enter", _("next round"))], refusals=refusals, banner=won
    )


def match_over(
    winner: str,
    points: int,
    rows: Sequence[tuple[str, Sequence[Card], int]],
    scores: str,
    *,
    race: Drawing | None = None,
    glyphs: Glyphs = UNICODE,
    undo_refusal: str | None = None,
    you_won: bool = False,
    shared: bool = False,
) -> NoticeDialog:
    """The last round's cards and points too: the round that ends a match gets no dialog of its own.

    ``shared``: a match friends shared, whose next match and replay are the opener's: only the way out.

    ``race``: the match's score race, drawn under them; ``r`` asks for the match's replay; ``you_won``:
    the winner is the reader.
    """
    body = _round_rows(rows, _("Final scores: {scores}").format(scores=scores), glyphs)
    if you_won:
        title = _("You won the last round (+{points}) and the match!")
    else:
        title = _("{name} won the last round (+{points}) and the match!")
    return NoticeDialog(
        title.format(name=winner, points=points),
        body,
        [("q", _("menu"))] if shared else [("n", _("play again")), ("r", _("replay")), ("q", _("menu"))],
        chart=race,
        refusals={"z": (_("Undo"), undo_refusal)} if undo_refusal is not None else None,
    )
