"""A text field that keeps every key of a fast burst, in the order it was typed.

Found in play (tmux ``send-keys`` of a whole word, a paste of keys over SSH): Textual inserts a
printable key in the field at once, but runs an editing key (backspace, ctrl+u, the arrows) and
tab only once the key has bubbled up to the app, by which time the keys typed after it are already
in the field. ``ctrl+u`` then ``Mario`` left the field empty; ``tab`` then ``300`` typed the
target into the name.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

FOCUS_MOVES = {"tab": "focus_next", "shift+tab": "focus_previous"}


class OrderedInput(Input):
    """An ``Input`` whose own keys and tab act in turn with the letters around them.

    ``moves_on``: enter goes to the next field (after posting ``Submitted``), at once, so that
    what is typed after it lands there too.
    """

    def __init__(self, *args: object, moves_on: bool = False, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.moves_on = moves_on

    async def _on_key(self, event: events.Key) -> None:
        focused = self.screen.focused
        if focused is not self and focused is not None:
            # Sent on to this field before an earlier key moved the focus: it belongs to the new one,
            # as a key the app has already sent on (stopped here, this one would not bubble there).
            event.prevent_default()
            event.stop()
            focused._forward_event(events.Key(event.key, event.character))
            return
        if event.is_printable:
            return  # Input's own handler inserts it, after this one
        if event.key in FOCUS_MOVES:
            event.prevent_default()
            event.stop()
            getattr(self.screen, FOCUS_MOVES[event.key])()
            return
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if await self.app.run_action(binding.action, self):
                event.prevent_default()
                event.stop()
                return

    async def action_submit(self) -> None:
        await super().action_submit()
        if self.moves_on:
            self.screen.focus_next()
