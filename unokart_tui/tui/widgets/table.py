"""The middle of the table: the draw pile, the top card (who played it, its item if it went off), colour, direction.

Compact (the 80x24 table): small cards beside the facts. Roomy: the two cards large
(11x8, 15x11 on a big terminal: the corner, the rank drawn big, the colour's word), a
line under each, and the facts under them. Grand (a very large terminal): the cards larger
still (19x13), and beside them the scoreboard, every seat's score where everyone sees it.
Its border names the house rules in play (HOUSE_RULES.md) and a stack waiting for its answer.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Static

from ...table.tableview import TableInfo
from ...voice import _, ngettext, pgettext
from ...voice.cards import color_label, item_label
from .cardview import CardView, DrawPile
from .paint import CARD_COMPONENTS, card_css
from .titles import set_border_subtitle, set_border_title

BORDER_TITLE_MARGIN = 6  # the cells a border title leaves: "╰─ " and " ─╯"

# The terminal sizes from which the cards are big, and bigger still: the game screen's (screens/game.py).
ROOMY_SIZE = (110, 32)
SPACIOUS_SIZE = (160, 48)
# Found in play at 200x60: the spacious table left about 70 % of the felt blank. From here the room is used.
GRAND_SIZE = (180, 50)


class TablePanel(Vertical):
    DEFAULT_CSS = """
    TablePanel #piles {
        height: 5;
    }
    TablePanel .pile {
        width: auto;
        height: auto;
        margin-right: 1;
    }
    TablePanel #draw-pile {
        width: 9;
        height: 5;
    }
    TablePanel #top-card {
        width: 16;
        height: 5;
    }
    TablePanel .pile-label {
        display: none;
        width: 100%;
        height: 1;
        text-align: center;
        color: $text-muted;
    }
    TablePanel #facts {
        width: 1fr;
        height: 5;
    }
    TablePanel.-roomy #piles {
        layout: grid;
        grid-size: 2;
        grid-columns: 13 11;
        grid-rows: 9 2;
        width: 24;
        height: 11;
    }
    TablePanel.-roomy #draw-pile, TablePanel.-roomy #top-card {
        width: 11;
        height: 8;
    }
    TablePanel.-roomy .pile {
        margin-right: 0;
        width: 100%;  /* its column: the lines under the piles side by side, for an item's long name */
    }
    TablePanel.-roomy #pile-count {
        text-align: left;  /* as wide as its column, centred under its card by _show_labels */
    }
    TablePanel.-grand .pile {
        width: auto;
    }
    TablePanel.-grand #pile-count {
        text-align: center;
    }
    TablePanel.-spacious #piles {
        grid-columns: 17 15;
        grid-rows: 12 2;
        width: 32;
        height: 14;
    }
    TablePanel.-spacious #draw-pile, TablePanel.-spacious #top-card {
        width: 15;
        height: 11;
    }
    TablePanel #scoreboard {
        display: none;
    }
    TablePanel.-grand #piles {
        grid-size: 3 2;
        grid-columns: 21 21 37;
        grid-rows: 14 2;
        width: 79;
        height: 16;
    }
    TablePanel.-grand #draw-pile, TablePanel.-grand #top-card {
        width: 19;
        height: 13;
    }
    TablePanel.-grand #scoreboard {
        display: block;
        row-span: 2;
        height: auto;
        border: round $primary 50%;
        border-title-color: $foreground;
        padding: 0 1;
        text-wrap: nowrap;  /* a wrap would eat the spaces that align the columns */
        text-overflow: ellipsis;
    }
    TablePanel.-roomy .pile-label {
        display: block;
    }
    TablePanel.-roomy #facts {
        column-span: 2;
        width: 100%;
        height: 2;
        text-align: center;
    }
    """ + card_css("TablePanel")
    COMPONENT_CLASSES = CARD_COMPONENTS

    info: reactive[TableInfo | None] = reactive(None, repaint=False)  # its parts repaint themselves
    roomy: reactive[bool] = reactive(False)
    spacious: reactive[bool] = reactive(False)  # a big terminal: the roomy table's cards bigger still (15x11)
    grand: reactive[bool] = reactive(False)  # a very large one: larger cards (19x13) and the scoreboard

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._played_by = Text()  # what the label under the pile says once the card in flight lands
        self._to_draw = Text()  # what the label under the draw pile says

    def compose(self) -> ComposeResult:
        with Horizontal(id="piles"):
            with Vertical(classes="pile"):
                yield DrawPile(id="draw-pile")
                yield Static(id="pile-count", classes="pile-label")
            with Vertical(classes="pile"):
                yield CardView(id="top-card")
                yield Static(id="played-by", classes="pile-label")
            # Before the facts: on the grand table's grid it takes the third column, beside both cards.
            yield Static(id="scoreboard")
            yield Static(id="facts")

    def on_card_view_uncovered(self, event: CardView.Uncovered) -> None:
        event.stop()
        self._show_labels()

    def _show_labels(self, *, landed: bool = True) -> None:
        """The lines under the piles; ``landed``: the top card is in place (else its line waits for it).

        An item's name longer than the card (found in play at 120x40, "☽ Banánová" of "☽ Banánová šupka!")
        is centred under both piles, over both lines, the count left out until the next card.
        """
        count, played = self.query_one("#pile-count", Static), self.query_one("#played-by", Static)
        if self.grand or not self.roomy:  # the grand table's cards are wide enough for every item's name
            _show(count, self._to_draw, layout=False)
            if landed:
                _show(played, self._played_by, layout=False)
            return
        # Each line fills its pile's column, the two side by side, and is centred under its card here.
        left, right = count.size.width, played.size.width
        card = self.query_one(DrawPile).size.width or left
        words = self._played_by
        if landed and self.info is not None and self.info.item is not None and right < words.cell_len <= left + right:
            line = _centred(words.plain, left + right).ljust(left + right, _HARD_SPACE)
            _show(count, Text(line[:left]), layout=False)
            _show(played, Text(line[left:]), layout=False)  # as wide as its line: centred, it stays in place
            return
        _show(count, Text(_centred(self._to_draw.plain, card)), layout=False)
        if landed:
            _show(played, words, layout=False)

    def on_mount(self) -> None:
        # The colour's badge is painted with the theme's card face: a new theme paints it again.
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.watch_info(self.info))

    def watch_roomy(self, roomy: bool) -> None:
        self.set_class(roomy, "-roomy")
        self.watch_info(self.info)

    def watch_spacious(self, spacious: bool) -> None:
        self.set_class(spacious, "-spacious")

    def watch_grand(self, grand: bool) -> None:
        self.set_class(grand, "-grand")
        if self.info is not None:
            self.call_after_refresh(self._show_labels, landed=self.query_one("#top-card", CardView).covered is None)

    def watch_info(self, info: TableInfo | None) -> None:
        # Each part is set only when it changes: a move changes one or two of them, and whatever is set
        # is sent to the terminal again (docs/performance.md).
        if info is None:
            return
        pile = self.query_one(DrawPile)
        pile.glyphs = info.glyphs
        pile.label = "UNO" if self.roomy else f"{info.draw_pile}"
        count = info.draw_pile
        self._to_draw = Text(ngettext("{count} to draw", "{count} to draw", count).format(count=count))
        top = self.query_one("#top-card", CardView)
        top.glyphs, top.card = info.glyphs, info.top
        went_off = ""
        if info.item is not None:  # only an item that went off: a card that was just played has none
            went_off = f"{info.glyphs.items[info.item]} {item_label(info.item)}"
        top.caption = "" if self.roomy else (went_off or info.played_by)[:14]
        self._played_by = Text(f"{went_off}!" if went_off else info.played_by)
        # Found in play: under a card still in flight the line named the card to come; it waits for it to land.
        self._show_labels(landed=top.covered is None)
        facts = Text(no_wrap=True, overflow="ellipsis")  # a long name ends in "…", its line still there
        facts.append(_("Colour") + (" " if self.roomy else "\n"))
        if info.color is None:
            facts.append(" " + pgettext("the colour in play: none chosen yet", "none yet") + " ", style="reverse")
        else:
            facts.append(
                f" {color_label(info.color).upper()} ", style=self.get_component_rich_style(f"card--{info.color.value}")
            )
        # Found in play: "Play goes ↻ left" meant nothing beside a list, and "clockwise" named no one.
        # Who plays after the player reads the same in the list and round the table, and a Reverse changes it.
        # A watcher has no seat to play after (found over ssh: "After you:" and nothing): no such line then.
        if not info.after_you:
            after = ""
        elif self.roomy:
            after = "\n" + _("After you: {name}").format(name=info.after_you)
        else:
            after = "\n\n" + _("After you") + "\n" + info.after_you
        facts.append(after, style="bold")
        # Its box has a fixed size in every table (``height: 5`` / ``2``): its words never lay the screen out.
        _show(self.query_one("#facts", Static), facts, layout=False)
        board = self.query_one("#scoreboard", Static)
        set_border_title(board, _("Scores · first to {target}").format(target=info.target))
        # Its turn mark moves at every move, and it asked for a layout of the screen each time, shown or hidden
        # (it shows on the grand table only). Its box is one line a seat (``height: auto``) in a column of fixed
        # width: only a new number of lines changes its size.
        board_lines = scoreboard(info)
        shown = board.content
        same_height = isinstance(shown, Text) and shown.plain.count("\n") == board_lines.plain.count("\n")
        _show(board, board_lines, layout=not same_height)
        if info.rules == "official":
            set_border_title(self, _("Table"))
        else:
            set_border_title(self, _("Table · rules: {rules}").format(rules=info.rules))
        self._show_pending(info)

    def on_resize(self) -> None:
        if self.info is not None:
            self._show_pending(self.info)
            self.call_after_refresh(self._show_labels, landed=self.query_one("#top-card", CardView).covered is None)

    def _show_pending(self, info: TableInfo) -> None:
        """A stack waiting for its answer, on the bottom border: the short words where the long are cut.

        Found at 80x24: "╰─ +2 to you and nothing to stack: t… ─╯", the key to press cut off.
        """
        pending = info.pending
        if cell_len(pending) > self.size.width - BORDER_TITLE_MARGIN and info.pending_short:
            pending = info.pending_short
        set_border_subtitle(self, Text(pending, style="bold reverse") if pending else "")


_HARD_SPACE = "\u00a0"  # a space that a centred line keeps at its end


def _centred(words: str, width: int) -> str:
    """``words`` centred in ``width`` cells as Textual centres a line (the odd space on the right)."""
    return " " * max((width - cell_len(words)) // 2, 0) + words


def _show(static: Static, text: Text, *, layout: bool = True) -> None:
    """``text`` in ``static``, unless it shows it already (rich's Text compares characters and spans).

    ``layout=False`` for a label whose size its words do not change (the lines under the piles: one line,
    the pile's width): Textual otherwise lays the whole screen out again for it, shown or hidden, as it
    did in a frame of its own when a flying card landed and the line under the pile followed it.
    """
    shown = static.content
    if isinstance(shown, Text) and shown == text and shown.style == text.style:
        return
    static.update(text, layout=layout)


NAME_WIDTH = 10  # the scoreboard's names: every bot's and most players' (the seats show the whole name)


def scoreboard(info: TableInfo) -> Text:
    """One line a seat, the leader first: place, name, score, the points still to go.

    Equal scores share a place; while everyone has the same score, no places are shown.
    """
    lines = Text(no_wrap=True, overflow="ellipsis")
    place = 0
    previous: int | None = None
    tied = len({row.score for row in info.standings}) == 1  # no places before anyone is ahead
    for index, row in enumerate(info.standings):
        if row.score != previous:
            place, previous = index + 1, row.score
        mark = info.glyphs.turn if row.to_act else " "
        to_go = max(info.target - row.score, 0)
        if index:
            lines.append("\n")
        shown_place = "" if tied else f"{place}."
        name = f"{row.name:<{NAME_WIDTH}.{NAME_WIDTH}}"
        lines.append(
            f"{shown_place:>3} {mark} {name} {row.score:>4}  " + _("{points} to go").format(points=f"{to_go:>4}"),
            style="bold" if row.you or row.to_act else "",
        )
    return lines


def felt_title(where: str, rules: str) -> str:
    """The roomy table's title: the round, and the house rules when they are not the official ones."""
    if rules == "official":
        return _("Table · {where}").format(where=where)
    return _("Table · {where} · rules: {rules}").format(where=where, rules=rules)


def enlarge_notice(least: tuple[int, int], size: tuple[int, int]) -> str:
    """What stands in for the table while the terminal is smaller than ``least``."""
    return _("Please enlarge your terminal\nto at least {least} (it is {size}).").format(
        least="{}×{}".format(*least), size="{}×{}".format(*size)
    )
