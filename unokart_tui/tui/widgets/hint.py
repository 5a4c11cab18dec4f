"""The expert's hint, over the hand: the move it would make now and why, until the next move."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ...voice import _
from .wholewords import names_kept


class HintView(Static):
    """Shows a hint's sentence (``text``), or nothing at all."""

    DEFAULT_CSS = """
    HintView {
        display: none;
        height: auto;  /* as many lines as the sentence needs: found in play, three cut a long one short */
        padding: 0 1;
        background: $accent 25%;
        color: $text;
    }
    HintView.shown {
        display: block;
    }
    """

    text: reactive[str | None] = reactive(None)

    def watch_text(self, text: str | None) -> None:
        self.set_class(text is not None, "shown")
        if text is None:
            self.update("")
            return
        # Names are not markup; a card's or an item's name is never split across lines.
        self.update(names_kept(Text.assemble((_("Hint:") + " ", "bold"), text)))
