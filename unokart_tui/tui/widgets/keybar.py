"""The bottom line: the keys that do something now, and a click on one presses it.

One widget drawing one line. Textual's ``Footer`` builds a widget per key and rebuilds
them all whenever the bindings change (at the game table, after every action); that
delayed the table's first frame by tens of milliseconds (benchmarks/bench_ui.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Self

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding, Binding
from textual.geometry import Region
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

from ...voice import _, speaking_voice, voice_in_use


class KeySpan(NamedTuple):
    start: int
    end: int
    key: str
    enabled: bool


def in_screen_order(screen: Screen[object], bindings: Mapping[str, ActiveBinding]) -> list[tuple[str, ActiveBinding]]:
    """The active bindings, the screen's own in the order its ``BINDINGS`` list them.

    Textual keeps a key where it was first bound along the focus chain: a screen's priority
    binding that overrides a field's own key (New game's ctrl+d over an input's delete) took
    that field's place at the front of the bar, and the bar's order changed with the focus.
    """
    items = list(bindings.items())
    place = {key: index for index, key in enumerate(_own_keys(screen))}
    mine = [index for index, (_key, active) in enumerate(items) if active.node is screen]
    ordered = sorted((items[index] for index in mine), key=lambda item: place.get(item[0], len(place)))
    for index, item in zip(mine, ordered, strict=True):
        items[index] = item
    return items


def _own_keys(screen: Screen[object]) -> list[str]:
    keys: list[str] = []
    for entry in type(screen).BINDINGS:
        key = entry.key if isinstance(entry, Binding) else entry[0]
        keys.extend(part.strip() for part in key.split(","))
    return keys


# The actions that leave a screen or a dialog: the key bar shows them whatever else it must leave out.
WAYS_OUT = frozenset({"app.quit", "back", "cancel", "close", "leave"})


def is_way_out(binding: Binding) -> bool:
    return binding.action in WAYS_OUT


class KeyBar(Widget, can_focus=False):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 100%;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    KeyBar > .keybar--description {
        color: $footer-description-foreground;
    }
    KeyBar > .keybar--disabled {
        color: $footer-foreground 50%;
    }
    KeyBar > .keybar--palette {
        color: $foreground 20%;
    }
    KeyBar > .keybar--hover {
        background: $block-hover-background;
    }
    """
    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--disabled", "keybar--palette", "keybar--hover"}

    hovered: reactive[int | None] = reactive(None)  # the column under the mouse, to light its key

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[KeySpan] = []
        self._shown: Text | None = None  # the line last drawn
        self._check_due = False  # a look at the keys is on its way (``_bindings_updated``)
        # A new line worked out by ``bindings_changed``, for the render it asks for: with what it was drawn for.
        self._fresh: tuple[tuple[object, ...], Text] | None = None
        # The language the screen was drawn in: a language chosen in Settings holds from the next screen, and
        # found in play, the Settings page's own bar turned Dutch under a page still in Slovak.
        self._voice = voice_in_use()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_updated, immediate=True)
        self.app.screen_change_signal.subscribe(self, self.screen_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.screen_change_signal.unsubscribe(self)

    def screen_changed(self, screen: Screen[object]) -> None:
        # Its screen shown again (back from Settings) is a next screen: it speaks the language chosen there.
        if screen is self.screen and self._voice is not voice_in_use():
            self._voice = voice_in_use()
            self.refresh()

    def _bindings_updated(self, screen: Screen[object]) -> None:
        # The game table updates its bindings two or three times a move (the table, the hint, the focus), and
        # each look at the keys asks the table about every one of them (``check_action``), about a millisecond:
        # one look after them all (issue 36).
        if screen is self.screen and not self._check_due:
            self._check_due = True
            self.call_next(self.bindings_changed, screen)

    def bindings_changed(self, screen: Screen[object]) -> None:
        # The game table updates its bindings after every move, and most moves change no key: the bar is
        # sent to the terminal again only when the line it shows changes.
        self._check_due = False
        if screen is not self.screen:
            return
        shown = self._shown
        line = self.render()
        if shown is None or line != shown:
            self.refresh()
            self._fresh = (self._drawn_for(), line)  # the render it asks for draws this line: no second look

    def _drawn_for(self) -> tuple[object, ...]:
        return (self.size.width, self.hovered, self._voice, self.app.theme)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        self._shown = None  # drawn anew: whatever changed (the size, the hover, the theme) is seen
        self._fresh = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render(self) -> Text:
        fresh, self._fresh = self._fresh, None
        if fresh is not None and fresh[0] == self._drawn_for():
            self._shown = fresh[1]
            return fresh[1]
        with speaking_voice(self._voice):
            return self._line()

    def _line(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        description_style = self.get_component_rich_style("keybar--description")
        disabled_style = self.get_component_rich_style("keybar--disabled")
        line = Text(no_wrap=True, overflow="crop")
        spans: list[KeySpan] = []
        shown: set[str] = set()  # one key per action: "enter" for Play, not "space" as well
        bindings = self.screen.active_bindings
        palette = bindings.get(self.app.COMMAND_PALETTE_BINDING) if self.app.ENABLE_COMMAND_PALETTE else None
        label = Text()
        if palette is not None:
            label = Text.assemble(
                ("▏", self.get_component_rich_style("keybar--palette")),
                (self.app.get_key_display(palette[1]), key_style),
                (" " + _("palette") + " ", description_style),  # Textual's command palette, in the player's words
            )
        # A key that does not fit is left out whole, and the later ones are tried; the palette's key comes
        # last, if there is room. Found in play: a bar cropped in the middle of "PgUp/Dn Log" and of "^p palette".
        width = self.size.width or None
        keys: list[tuple[ActiveBinding, str, str]] = []
        for key, active in in_screen_order(self.screen, bindings):
            binding = active.binding
            if not binding.show or binding.action in shown or key == self.app.COMMAND_PALETTE_BINDING:
                continue
            shown.add(binding.action)
            # Marked with N_ where it is bound, looked up here (gettext("") would be the catalog's header).
            description = (_(binding.description) if binding.description else "") + " "
            keys.append((active, f" {self.app.get_key_display(binding)} ", description))
        # The way out keeps its room (found in play: the Slovak title lost "q Koniec" once "c Pokračovať"
        # was listed, the replay its "q Close" at 80 columns): the keys before it leave that room free.
        reserved = sum(len(display) + len(words) for active, display, words in keys if is_way_out(active.binding))
        for active, display, description in keys:
            _node, binding, enabled, _tooltip = active
            room = len(display) + len(description)
            if is_way_out(binding):
                reserved -= room
            if width is not None and len(line) + room + reserved > width:
                continue
            start = len(line)
            line.append(display, key_style if enabled else disabled_style)
            line.append(description, description_style if enabled else disabled_style)
            spans.append(KeySpan(start, len(line), binding.key, enabled))
        if palette is not None and (width is None or len(line) + len(label) <= width):
            _node, binding, enabled, _tooltip = palette
            start = max(len(line), self.size.width - len(label))
            line.pad_right(start - len(line))
            line.append_text(label)
            spans.append(KeySpan(start, len(line), binding.key, enabled))
        self._spans = spans
        span = self.span_at(self.hovered)
        if span is not None and span.enabled:
            line.stylize(self.get_component_rich_style("keybar--hover"), span.start, span.end)
        line.stylize_before(Style(bgcolor=self.rich_style.bgcolor))
        self._shown = line
        return line

    def span_at(self, x: int | None) -> KeySpan | None:
        return next((span for span in self._spans if x is not None and span.start <= x < span.end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = event.x

    def on_leave(self) -> None:
        self.hovered = None

    def on_click(self, event: events.Click) -> None:
        span = self.span_at(event.x)
        if span is None:
            return
        if span.enabled:
            self.app.simulate_key(span.key)
        else:
            self.app.bell()
