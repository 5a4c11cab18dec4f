"""The players: one line each at the compact table; a seat each, around the roomy one.

Both show the same ``SeatLine``: name, cards, what they did last, score; whose turn it
is (and who comes next), who can be caught.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual import events
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

import ai

from ...table.lineup import personalities
from ...table.tableview import SeatLine
from ...voice import _, ngettext, pgettext, voice_in_use
from ...voice.cards import short
from ...voice.names import difficulty_name, personality_name, personality_short
from ..themes import FACES
from .cardface import fan
from .paint import card_css
from .titles import set_border_subtitle, set_border_title

KIND_COLUMN = 11  # a personality's label and a space
BACKS_COLUMN = 8  # a fan of backs: six and a "+"
LAST_MOVE = 14  # the room a last move needs ("drew 2 (+2)", "played W+4 red") before a column joins the line
SHORTEST_NAME = 6  # every bot's name fits ("Bowser")
LONGEST_NAME = 12
ROOMY_OWN_SEAT = 5  # from this many rows inside the player's own seat, it shows their colours and the threats


class PlayersPanel(Vertical):
    """The compact table's players, a ``PlayerRow`` each: it says when it grows or shrinks, for the table box
    beside it to match (found in a playtest at 80x24: a last move that went on under itself grew the panel a
    row, and the table box's bottom border ended a row above the panel's)."""

    class Resized(Message):
        """The panel's height changed: ``height`` rows, its border in."""

        def __init__(self, height: int) -> None:
            super().__init__()
            self.height = height

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized(self.outer_size.height))


_PARTS: dict[type[Widget], tuple[str, ...]] = {}  # a widget class's component classes, its bases' with them


class DrawnWhenChanged(Widget):
    """A widget that draws one ``Text`` from a seat's ``SeatLine``, repainted only when that text changes.

    A new ``SeatLine`` every move is not a new picture: the player's own seat changes at every move in what only a
    tall seat shows (how many play before them, their cards by colour), and a bot's score or backs may be cut away.
    Repainted by Textual at each new line, a third of the player's rows and seats were drawn and sent again as they
    were (issue 36). The text is worked out once for what it is drawn from, for the comparison and the render.
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._made: dict[tuple[object, ...], Text] = {}  # the texts of the seat's line now, by how they are drawn
        self._painted: Text | None = None  # the text Textual last drew
        self._marks_only = False  # its turn's marks are changing (``mark_turn``)

    def made(self, key: tuple[object, ...], draw: Callable[[], Text]) -> Text:
        """The text ``draw`` makes for the line now, drawn as ``key`` says (its size...): made once.

        The styles of its parts are in the key (the seat to act has another background, a theme other colours), and
        the language it speaks.
        """
        key = (*key, id(voice_in_use()), *(self.get_component_rich_style(name) for name in self._parts()))
        text = self._made.get(key)
        if text is None:
            text = self._made[key] = draw()
        return text

    @classmethod
    def _parts(cls) -> tuple[str, ...]:
        parts = _PARTS.get(cls)
        if parts is None:
            parts = _PARTS[cls] = tuple(
                sorted({p for c in cls.__mro__ for p in c.__dict__.get("COMPONENT_CLASSES", ())})
            )
        return parts

    def painted(self, text: Text) -> Text:
        """``text``, which Textual draws now (``render``)."""
        self._painted = text
        return text

    def mark_turn(self, marks: dict[str, bool]) -> None:
        """Set the turn's marks (``marks``: classes on or off), the widget styled again at once.

        Its parts' styles (``COMPONENT_CLASSES``) are kept as they are: no rule of theirs names a mark, and Textual
        would make each part anew and match every rule against it (half a seat's restyle, a few seats a move,
        issue 36). The colours they are blended to are worked out again: the widget's background may change.
        """
        self._marks_only = True
        try:
            self.update_classes(marks)
        finally:
            self._marks_only = False

    def _get_component_classes(self) -> frozenset[str]:  # type: ignore[override]
        # Asked only by Textual's stylesheet, as it styles the widget's parts anew (``mark_turn``).
        return frozenset() if self._marks_only else super()._get_component_classes()

    def new_line(self) -> None:
        """The seat's line changed: the texts drawn from the one before are forgotten."""
        self._made.clear()

    def repaint_if_changed(self, text: Text) -> None:
        if text != self._painted:  # characters and spans, each span's style with them
            self.refresh()


class PlayerRow(DrawnWhenChanged, can_focus=False):
    """Draws a ``SeatLine`` in the columns it has: the name as long as the longest at the table allows
    (``name_width``, set by the screen), the bot's personality beside it and a fan of backs where they
    leave the last move its room; the last move takes the rest."""

    DEFAULT_CSS = """
    PlayerRow {
        height: auto;
    }
    PlayerRow.to-act {
        background: $accent 30%;
    }
    PlayerRow > .player-row--badge {
        color: $warning;
        text-style: bold reverse;
    }
    PlayerRow > .player-row--quiet {
        color: $text-muted;
    }
    """
    COMPONENT_CLASSES = {"player-row--badge", "player-row--quiet"}

    info: reactive[SeatLine | None] = reactive(None, repaint=False)  # repainted when its line changes: _fit_rows
    name_width: reactive[int] = reactive(SHORTEST_NAME)  # the longest name at the table: the rows' names align
    # Whether a last move too long for its column goes on under itself (set by the screen while the panel has a
    # row to spare for it): found in play at 80x24 (sk), "stojí kvôli hráčo…", who made the seat lose its turn cut off.
    may_wrap: reactive[bool] = reactive(False, layout=True)
    _rows = 1  # the lines last drawn

    def watch_info(self, info: SeatLine | None) -> None:
        self.new_line()
        self.mark_turn({"to-act": info is not None and info.to_act})
        self._fit_rows()

    def on_resize(self) -> None:
        self._fit_rows()

    def _fit_rows(self) -> None:
        # Laid out again only when the row gains or loses its second line: a move changes most rows' words.
        line = self._line(wrap=self.may_wrap)
        rows = line.plain.count("\n") + 1
        if rows != self._rows:
            self._rows = rows
            self.refresh(layout=True)
        else:
            self.repaint_if_changed(line)

    def render(self) -> Text:
        return self.painted(self._line(wrap=self.may_wrap))

    def would_wrap(self) -> bool:
        """Whether the last move, allowed to, would go on under itself at the row's width now."""
        if not self.may_wrap and "…" not in self._line(wrap=False).plain:
            return False  # nothing on the line is cut: the last move fits (the screen asks every row, every move)
        return "\n" in self._line(wrap=True).plain

    def _line(self, *, wrap: bool) -> Text:
        return self.made((wrap, self.content_size, self.name_width), lambda: self._drawn(wrap=wrap))

    def _drawn(self, *, wrap: bool) -> Text:
        info = self.info
        if info is None:
            return Text()
        width = self.content_size.width
        quiet = self.get_component_rich_style("player-row--quiet")
        fixed = 2 + 1 + 4 + 5  # the turn's mark and a space, a space after the name, the cards, the score
        # Found in play: names were cut to six letters in a 58-column panel. A name takes what it needs up to
        # LONGEST_NAME, as long as the last move keeps its room; then the personality, then the backs join.
        name_width = max(SHORTEST_NAME, min(self.name_width, LONGEST_NAME, width - fixed - LAST_MOVE))
        room = width - fixed - name_width
        with_kind = room - KIND_COLUMN >= LAST_MOVE
        with_backs = with_kind and room - KIND_COLUMN - BACKS_COLUMN >= LAST_MOVE
        line = Text(no_wrap=True, overflow="ellipsis")
        name = f"{info.name:<{name_width}.{name_width}}"
        if info.to_act:
            line.append(f"{info.glyphs.turn} {name} ", style="bold")
        else:  # the seat after the one to act is marked: the turn is seen going round
            line.append(info.glyphs.next if info.next_up else " ", style=quiet)
            line.append(f" {name} ")
        if with_kind:  # the personality where the name is
            line.append(f"{personality_short(info.kind):<{KIND_COLUMN}.{KIND_COLUMN - 1}}", style=quiet)
        line.append(f"{info.cards:>3} ")
        if with_backs:
            backs = info.glyphs.fan[0] * min(info.cards, 6) + ("+" if info.cards > 6 else "")
            line.append(f"{backs:<{BACKS_COLUMN}}", style=quiet)
        room = max(width - line.cell_len - 5, 0)  # the score takes the last five columns
        if not with_kind and not info.last and not info.exposed and info.kind != "human":
            # Too narrow for the personality beside the name: until the bot's first move the line says
            # how it plays, as a bot, not a move (found in play: "greedy" read as something Mario did).
            last = Text(bot_kind(info.kind), style=quiet)
        else:
            last = last_move(info, self.get_component_rich_style("player-row--badge"), quiet)
        below = Text()
        if wrap and last.cell_len > room > 0:
            parts = last.wrap(self.app.console, room, overflow="ellipsis")
            if len(parts) > 1:
                last, below = parts[0], Text(" " * line.cell_len).append_text(Text(" ").join(parts[1:]))
                below.truncate(line.cell_len + room, overflow="ellipsis")
        last.truncate(room, overflow="ellipsis", pad=True)
        line.append_text(last)
        line.append(f"{info.score:>5}")
        if below:
            line.append("\n").append_text(below)
        return line


def bot_kind(kind: str) -> str:
    """How a bot plays, said as a bot's: "greedy bot". A shared table's seat is told only that it is a bot
    (``kind`` "bot": the host keeps the personalities): found over ssh, it read "bot bot" (issue 31)."""
    if kind not in ai.BOTS:
        return personality_name(kind)
    return _("{kind} bot").format(kind=personality_name(kind))


def last_move(info: SeatLine, badge: Style, quiet: Style) -> Text:
    """A seat's last move; a call to catch them (or, for the player, to say UNO) while they can be caught."""
    if info.exposed:  # "CATCH!" is for the others: the player is told to say UNO
        return Text(_("say UNO! (u)") if info.you else _("CATCH! (c)"), badge)
    if info.said_uno and not info.last.startswith("UNO"):  # the call stays in sight after later moves
        return Text.assemble(("UNO ", "bold"), (info.last, quiet))
    return Text(info.last, style="bold" if info.last.startswith("UNO") else quiet)


@functools.cache
def how_it_plays(kind: str) -> str:
    """A bot personality's line on how it plays (New game's), or "" for the player or a bot without one."""
    return personalities().get(kind, "")


def held_words(cards: int, points: int) -> str:
    """What the player's own hand is worth to whoever goes out (E3), for their seat on the grand table.

    Found in play: "Your 0 cards count 0 points" once the player had gone out. One number a sentence,
    so that its plural is chosen right in every language (the card count is in the hand's title).
    """
    if not cards:
        return _("You went out.")
    return ngettext(
        "Your hand counts {points} point for whoever goes out.",
        "Your hand counts {points} points for whoever goes out.",
        points,
    ).format(points=points)


def colour_counts(counts: tuple[int, ...]) -> list[tuple[str, str]]:
    """The player's cards of each colour (``SeatLine.colours``): each count's words and its card face.

    One phrase a colour, each with its plural, so that a translation agrees its colour with the number.
    """
    red, yellow, green, blue, wild = counts
    parts = [
        (ngettext("{count} red", "{count} red", red).format(count=red), "red"),
        (ngettext("{count} yellow", "{count} yellow", yellow).format(count=yellow), "yellow"),
        (ngettext("{count} green", "{count} green", green).format(count=green), "green"),
        (ngettext("{count} blue", "{count} blue", blue).format(count=blue), "blue"),
    ]
    if wild:
        parts.append((ngettext("{count} wild", "{count} wild", wild).format(count=wild), "wild"))
    return parts


def may_go_words(cards: tuple[str, ...]) -> str:
    """At the player's decision, the cards of theirs that may go now (``cards``: their short names, each
    card of the hand, so two W+4 are two cards and named twice)."""
    if not cards:
        return _("None of your cards can go now.")
    return ngettext("{count} card can go now: {cards}.", "{count} cards can go now: {cards}.", len(cards)).format(
        count=len(cards), cards=", ".join(cards)
    )


def before_you_words(count: int) -> str:
    """While others play, how many play before the player's turn comes (the way play goes now)."""
    return ngettext("{count} player plays before your turn.", "{count} players play before your turn.", count).format(
        count=count
    )


def close_to_out_words(name: str, cards: int) -> str:
    """An opponent about to go out, on the player's own seat: what the player's next moves must reckon with."""
    return ngettext(
        "{name} has {count} card left: close to going out.", "{name} has {count} cards left: close to going out.", cards
    ).format(name=name, count=cards)


def who_plays(kind: str, level: str | None, width: int) -> str:
    """The bot's personality and difficulty in ``width`` cells, whole words only, the longest form that fits.

    Found in play at 120x40: "chamtivý · normáln", "hebzuchtig · norma" (Slovak and Dutch run longer); then
    "hebzuchtig·normaal", the two words squeezed into one: a comma keeps them apart in one column less.
    """
    if kind == "human":
        # Another person's seat at a friends' table: it showed the raw kind "human" in every language.
        return pgettext("a seat a person plays, where a bot's personality goes", "person")[:width]
    names = [personality_name(kind), personality_short(kind)]  # the name players see everywhere else first
    forms = []
    if level:
        difficulty = difficulty_name(level)
        forms += [f"{name} · {difficulty}" for name in names] + [f"{names[1]}, {difficulty}"]
    forms += names
    return next((form for form in forms if len(form) <= width), names[1][:width])


class SeatView(DrawnWhenChanged, can_focus=False):
    """A seat at the roomy table: the name and score on its edge, who plays how, a fan of backs, the last move;
    a taller one (the grand table) the seat's moves of the round before it.

    The seat to act is outlined heavy in the accent colour; the one after it (the way
    play goes) is marked on its edge, so the turn is seen going round the table.
    """

    DEFAULT_CSS = """
    SeatView {
        height: 6;
        width: 1fr;
        min-width: 14;
        border: round $primary 50%;
        border-title-color: $foreground;
        border-subtitle-color: $text-muted;
        padding: 0 1;
    }
    SeatView.next-up {
        border: round $accent 60%;
    }
    SeatView.to-act {
        border: heavy $accent;
        border-title-style: bold;
        border-title-color: $accent;
        background: $accent 12%;
    }
    SeatView.you {
        height: 3;
    }
    SeatView > .seat--backs {
        color: $error;
    }
    SeatView > .seat--badge {
        color: $warning;
        text-style: bold reverse;
    }
    SeatView > .seat--quiet {
        color: $text-muted;
    }
    SeatView > .seat--alert {
        color: $warning;
        text-style: bold;
    }
    """
    # Textual styles every component class of a widget again at each change of its classes (the turn's marks, a
    # few seats a move): a bot's seat has no card faces to paint, and the faces, eight more, made its restyle
    # three times dearer, 2 ms a seat (issue 36). The player's own seat paints them: ``OwnSeatView``.
    COMPONENT_CLASSES = {"seat--backs", "seat--badge", "seat--quiet", "seat--alert"}

    info: reactive[SeatLine | None] = reactive(None, repaint=False)  # repainted when what it shows changes

    def watch_info(self, info: SeatLine | None) -> None:
        self.new_line()
        if info is None:
            self.repaint_if_changed(Text())
            return
        # Both marks in one restyle: the seat whose turn comes loses "next-up" as it gains "to-act".
        self.mark_turn({"to-act": info.to_act, "next-up": info.next_up and not info.to_act})
        glyphs = info.glyphs
        marker = f"{glyphs.turn} " if info.to_act else (f"{glyphs.next} " if info.next_up else "")
        # Set only when changed: Textual repaints the whole seat for a border title set, even to the same words.
        set_border_title(self, Text(marker + info.name))
        # One form in English ("1 pts", as the score columns say), any number of forms in a translation.
        set_border_subtitle(self, Text(ngettext("{count} pts", "{count} pts", info.score).format(count=info.score)))
        if self.is_mounted:  # its parts' styles are known from then on; before, nothing was drawn
            self.repaint_if_changed(self._lines())

    def render(self) -> Text:
        return self.painted(self._lines())

    def _lines(self) -> Text:
        return self.made((self.content_size,), self._drawn)

    def _drawn(self) -> Text:
        info = self.info
        if info is None:
            return Text()
        width = self.content_size.width
        quiet = self.get_component_rich_style("seat--quiet")
        lines = Text(no_wrap=True, overflow="ellipsis")
        if not info.you and self.content_size.height < 3:
            # Another's seat where the player's own is drawn, one line high: a watcher's bottom seat. Found over
            # ssh (issue 31): it showed only "human", and no count; the backs with the count, then the last move.
            top, _bottom = fan(info.cards, info.glyphs, max(width // 2, 0))
            lines.append(top, style=self.get_component_rich_style("seat--backs"))
            lines.append("  " if top else "")
            lines.append_text(last_move(info, self.get_component_rich_style("seat--badge"), quiet))
            lines.truncate(width, overflow="ellipsis")
            return lines
        if not info.you:
            lines.append(who_plays(info.kind, info.level, width), style=quiet)
            top, bottom = fan(info.cards, info.glyphs, width)
            backs = self.get_component_rich_style("seat--backs")
            lines.append("\n")
            lines.append(top, style=backs)
            lines.append("\n")
            lines.append(bottom, style=backs)
            lines.append("\n")
        used = 0 if info.you else 3
        if info.you and info.points_held is not None and self.content_size.height >= 3:
            # Found in play at 200x60: the player's own seat was a blank bar. What the hand is worth, a line.
            lines.append(held_words(info.cards, info.points_held)[:width] + "\n", style=quiet)
            used = 1
        if info.you and self.content_size.height >= ROOMY_OWN_SEAT:
            used += self._own_rows(lines, info, width)
        # A tall seat (the grand table) tells the round's story: its moves before the last, one a line, oldest first.
        room = self.content_size.height - used - 1
        earlier = info.earlier[max(len(info.earlier) - room, 0) :] if room > 0 else ()
        # The rows the story has not filled yet say how the bot plays (found in play at 200x60: the seats
        # were blank until their third move, and nothing said which character plays which way).
        spare = room - len(earlier)
        how = textwrap.wrap(how_it_plays(info.kind), width) if spare > 0 and not info.you and width > 1 else []
        if len(how) > spare > 1:  # cut, but only where enough of it is left to read ("sheds its…" is not)
            how = how[:spare]
            how[-1] = how[-1][: width - 1] + "…"
        elif len(how) > spare:
            how = []
        for line in how:
            lines.append(line + "\n", style=quiet + Style(italic=True))
        for move in earlier:
            lines.append(move[:width] + "\n", style=quiet)
        last = last_move(info, self.get_component_rich_style("seat--badge"), quiet)
        last.truncate(width, overflow="ellipsis")
        lines.append_text(last)
        return lines

    def _own_rows(self, lines: Text, info: SeatLine, width: int) -> int:
        """The tall own seat's rows (issue 34: at 200x60 they were blank until the round's story filled
        them): the hand by colour, painted as the cards are; at the player's decision the cards that may
        go; then each opponent close to going out. The rows it wrote; the story gets what is left.
        """
        used = 0
        if info.colours and info.cards:
            row = Text(_("By colour:") + " ")
            for number, (words, face) in enumerate(colour_counts(info.colours)):
                row.append(" " if number else "")
                row.append(f" {words} ", style=self.get_component_rich_style(f"card--{face}"))
            row.truncate(width, overflow="ellipsis")
            lines.append_text(row)
            lines.append("\n")
            used += 1
        if info.playable is not None:
            named = tuple(short(card, info.glyphs) for card in info.playable)
            lines.append(may_go_words(named)[:width] + "\n", style=self.get_component_rich_style("seat--quiet"))
            used += 1
        elif info.before_you is not None:
            lines.append(
                before_you_words(info.before_you)[:width] + "\n", style=self.get_component_rich_style("seat--quiet")
            )
            used += 1
        alert = self.get_component_rich_style("seat--alert")
        room = self.content_size.height - used - 2  # the hand's worth above, the last move below
        for name, cards in info.close_to_out[: max(room, 0)]:
            lines.append(close_to_out_words(name, cards)[:width] + "\n", style=alert)
            used += 1
        return used


class OwnSeatView(SeatView):
    """The player's own seat at the roomy table: a tall one paints their cards by colour in the cards' own faces."""

    DEFAULT_CSS = card_css("OwnSeatView")
    COMPONENT_CLASSES = {f"card--{face}" for face in FACES}  # the faces only: it draws no card's back or edge
