"""Cards crossing the table: a played card to the pile, drawn cards to a seat, a card an Item Box turns over.

Motion only shows what already happened: the table is drawn as it now is before a card
starts moving, and nothing waits for one to land (keys act at once). A whole action's
motion lasts ``MotionPlan.SECONDS`` at most (0.3 s).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import monotonic
from typing import NamedTuple

from textual.geometry import Offset, Region
from textual.reactive import reactive
from textual.timer import Timer

from unokart_tui.engine import Card

from ...glyphs import Glyphs
from ...table.tableview import Motion
from ..wire import Frame, Overlay, Run, overlay_of, parse
from .cardview import CardView

TRAVEL = 0.2  # seconds a card takes to cross the table
# Steps a second of a card's flight: smooth to the eye for a card crossing the table in a fifth of a
# second. The flight keeps its own timer at this rate: Textual's animator ticks at 60 a second, and two
# ticks in three of a flight moved nothing (docs/performance.md).
FLIGHT_FPS = 25
FLIP = 0.09  # seconds an Item Box's card takes to turn over, once the Item Box has landed


def out_cubic(share: float) -> float:
    """How far along its way a card is at ``share`` of its travel time: fast off, gently in (as Textual's
    easing of that name)."""
    return 1 - (1 - share) ** 3


class FlyingCard(CardView):
    """A card on its way from one place to another, drawn over the table; hidden the rest of the time.

    In a terminal it is drawn by the wire (``wire.Wire.lay``): each step of its flight lays its cells
    over the screen Textual drew and writes back those it left, no screen update of Textual's (which
    laid the whole screen out and rendered every widget under the card, 5 to 6 ms a step). The widget
    itself stays hidden then: it keeps the card's looks. Where the app has no wire (a test's pilot, an
    inline app) the widget moves, as a widget.

    Hidden by its visibility, not by ``display``: a widget that comes and goes from the layout
    changes the painting order of every widget after it, and Textual then repaints the whole
    screen (twice a move: about 10 KB to an 80x24 terminal each time, docs/performance.md).
    An invisible widget keeps its place in that order, so only the cells the card covers change.
    """

    DEFAULT_CSS = """
    FlyingCard {
        layer: motion;
        position: absolute;
        visibility: hidden;
    }
    """

    # 0: where it starts; 1: where it lands. Not a repaint of its own: the card moves on at most FLIGHT_FPS
    # times a second (``watch_progress``), each move a repaint. Set 60 times a second (by Textual's animator,
    # as it was), the other ticks repainted the card where it was (docs/performance.md).
    progress: reactive[float] = reactive(0.0, init=False, repaint=False)

    def __init__(self) -> None:
        super().__init__()
        self.start, self.end = Offset(), Offset()
        self.landed: Callable[[], None] | None = None
        self._stepped = float("-inf")  # when it last moved on
        self._flying = False
        self.size_flown = (6, 3)  # the card's width and height in flight (the hand's cards')
        self._overlay: Overlay | None = None  # the wire that draws it, in a terminal
        self._laid = False  # its cells lie over the screen
        # Its cells as the terminal is sent them, its corner at the screen's, and what they were painted for.
        self._painted: tuple[object, Frame | None] = (None, None)
        self._took_off = 0.0  # when it left (after its delay)
        self._kept = ""  # the cells of the places it keeps as they were until it lands, as the wire draws them
        self._keeper = object()  # who lays those cells over the picture: the card is laid over them
        self._clock: Timer | None = None  # its wait to leave, then its steps

    def fly(
        self,
        card: Card | None,
        glyphs: Glyphs,
        start: Offset,
        end: Offset,
        *,
        delay: float,
        landed: Callable[[], None] | None = None,
        keep: Sequence[Region] = (),
    ) -> None:
        """Cross from ``start`` to ``end``; ``landed`` is called the moment it is there (or is stopped).

        ``keep``: places whose cells the terminal shows as they are now until the card lands, drawn by the
        wire under the card (only in a terminal: ``keeps``).
        """
        if self._flying:
            # Sent off again before it landed (a catch's draw right after a play): its first flight lands
            # now. Replaced unlanded, its landing was lost and the pile kept the card before it covered
            # until the next play (found in play: G3 shown over a G+2).
            self.land()
        self.card, self.glyphs = card, glyphs
        self.start, self.end = start, end
        self.landed = landed
        self.progress = 0.0
        self._stepped = float("-inf")
        self._lift()
        self._painted = (None, None)  # painted again at each flight: the theme may have changed
        self._overlay = overlay_of(self.app)
        if self._overlay is None:
            self.styles.offset = start
        elif keep:
            # Laid now, before Textual's frame of the move draws the new card there: the pile keeps the card it
            # showed until this one lands, and its landing is no screen update of Textual's (issue 36).
            self._kept = self._overlay.picture(keep)
            if self._kept:
                self._overlay.lay(self._kept, by=self._keeper)
        # Shown from its first step on: drawn where it starts, it sat a frame over the seat's words
        # (found in play), and a drawn card waited on the draw pile through its delay.
        self._flying, self.visible = True, False
        self._stop_clock()
        if delay > 0:
            self._clock = self.set_timer(delay, self._take_off)
        else:
            self._take_off()

    def _take_off(self) -> None:
        self._took_off = monotonic()
        self._clock = self.set_interval(1 / FLIGHT_FPS, self.tick)

    def tick(self) -> None:
        """A step of the flight, FLIGHT_FPS a second: on to where its easing has it by now, or there."""
        share = (monotonic() - self._took_off) / TRAVEL
        if share >= 1.0:
            self.land()
            return
        self._stepped = float("-inf")  # its timer is its pace: a tick a little early still moves it on
        self.progress = out_cubic(max(share, 0.0))

    def _stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.stop()
            self._clock = None

    def watch_progress(self, progress: float) -> None:
        if progress >= 1.0:
            # There: gone in the same frame as the pile shows it. Drawn at its end for a frame, it
            # painted over the caption under the pile (found in play).
            self.arrive()
            return
        now = monotonic()
        if now - self._stepped < 1 / FLIGHT_FPS:
            return  # the next tick moves it on, to where it is by then
        self._stepped = now
        start, end = self.start, self.end
        place = Offset(
            round(start.x + (end.x - start.x) * progress),
            round(start.y + (end.y - start.y) * progress),
        )
        if place == end:
            # There already, to the cell, with its easing's last steps still to come: it lands now. Those
            # steps were frames of their own (a layout of the screen each) that moved it by no cell or one.
            self.arrive()
            return
        if (overlay := self._overlay) is not None:
            # A screen closed under its flight (found over ssh: a watcher's table closed) leaves it with no
            # screen: it is lifted, not laid.
            if self._flying and progress > 0 and self.is_attached and self.screen.is_active:
                self.lay_at(overlay, place)
            else:  # a dialog came over the table: the card is not drawn over it
                self._lift()
            return
        self.styles.offset = place
        self.visible = self._flying and progress > 0

    def lay_at(self, overlay: Overlay, place: Offset) -> None:
        """Lay the card's cells over the screen with its corner at ``place``, in place of where it was."""
        width, height = self.size_flown
        screen_width, screen_height = self.screen.size
        if place.x < 0 or place.x + width > screen_width:  # the screen's edge cuts it: painted cut, step by step
            console = self.app.console
            lines = []
            for y in range(height):
                if 0 <= place.y + y < screen_height:
                    line = self.paint_line(y, width, height).crop(max(0, -place.x), min(width, screen_width - place.x))
                    lines.append(f"\x1b[{place.y + y + 1};{max(place.x, 0) + 1}H{line.render(console)}")
            overlay.lay("".join(lines) or None, by=self)  # laid last: over what it keeps
            self._laid = bool(lines)
            return
        key = (self.card, self.glyphs, width, height)
        if self._painted[0] != key:  # the same picture at every step of a flight: painted and read once
            console = self.app.console
            painted = [self.paint_line(y, width, height).render(console) for y in range(height)]
            self._painted = (key, parse("".join(f"\x1b[{y + 1};1H{line}" for y, line in enumerate(painted))))
        face = self._painted[1]
        rows = {
            place.y + y: [Run(run.x + place.x, run.cells, run.pen) for run in runs]
            for y, runs in (face.rows.items() if face is not None else ())
            if 0 <= place.y + y < screen_height
        }
        overlay.lay_frame(Frame(rows, (0, 0)) if rows else None, by=self)  # laid last: over what it keeps
        self._laid = bool(rows)

    def _lift(self) -> None:
        """Take the card's cells off the screen, and those it kept (what they covered is written back)."""
        if self._overlay is not None and (self._laid or self._kept):
            self._overlay.lift(self, self._keeper)  # at once: what they covered is written back once
        self._laid, self._kept = False, ""

    def on_unmount(self) -> None:
        self._stop_clock()
        self._lift()  # left laid over the screen, its cells would stay on the next one

    def land(self) -> None:
        """Stop where it is, gone (a new layout moved the pile, its time is up)."""
        self.arrive()

    @property
    def in_flight(self) -> bool:
        return self._flying

    @property
    def keeps(self) -> bool:
        """Whether it can keep places as they are until it lands (``fly``'s ``keep``): a wire draws it."""
        return overlay_of(self.app) is not None

    def arrive(self) -> None:
        self._stop_clock()
        self._lift()
        self._flying = self.visible = False
        landed, self.landed = self.landed, None
        if landed is not None:
            landed()


class Stage(NamedTuple):
    """Where things are on screen, for the cards that move between them."""

    seats: Sequence[Region]  # each seat's place (the player's: their hand)
    pile: Region  # the top card
    draw: Region  # the draw pile
    card: tuple[int, int]  # a moving card's width and height
    glyphs: Glyphs
    # The pile and the lines under it: as the terminal shows them until a played card lands (none: it shows
    # something else, the table is covered or not drawn again yet).
    landing: Sequence[Region]


def _corner(region: Region, size: tuple[int, int]) -> Offset:
    """Where a card of ``size`` sits centred on ``region``."""
    width, height = size
    return Offset(region.x + (region.width - width) // 2, region.y + (region.height - height) // 2)


class MotionPlan:
    SECONDS = TRAVEL + FLIP  # one action's motion at most: the bots' moves must be slower than this to show it

    def __init__(self, stage: Stage, flights: Sequence[FlyingCard], top_card: CardView) -> None:
        self.stage, self.flights, self.top_card = stage, flights, top_card

    def run(self, moved: Sequence[Motion]) -> None:
        """Start every motion of one action: plays first, then what they turned over and made others draw."""
        stage = self.stage
        free = sorted(self.flights, key=lambda flight: flight.in_flight)  # idle ones first: none cut short
        played = any(motion.kind == "play" for motion in moved)
        after = TRAVEL * 0.9 if played else 0.0  # what follows a play starts as it lands
        for motion in moved:
            if motion.kind == "turn":  # once the Item Box is on the pile
                self.top_card.flip = 0.0
                self.top_card.animate(
                    "flip", 1.0, duration=FLIP, delay=TRAVEL if played else 0.0, easing="in_out_cubic"
                )
                continue
            if not free:
                continue
            flight = free.pop(0)
            flight.styles.width, flight.styles.height = flight.size_flown = stage.card
            seat = _corner(stage.seats[motion.seat], stage.card)
            if motion.kind == "play":
                end = _corner(stage.pile, stage.card)
                if flight.keeps and stage.landing:  # the terminal keeps showing the card before it, until it lands
                    flight.fly(motion.card, stage.glyphs, seat, end, delay=0.0, keep=stage.landing)
                    continue
                self.top_card.cover()  # the card before it, until it lands
                flight.fly(motion.card, stage.glyphs, seat, end, delay=0.0, landed=self.top_card.uncover)
            else:
                flight.fly(motion.card, stage.glyphs, _corner(stage.draw, stage.card), seat, delay=after * 0.5)
