"""A banner over the table for the moments that matter: an Item Box, a challenge, a catch, a win."""

from __future__ import annotations

import re
import textwrap

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ...voice.banners import Banner


class BannerView(Static):
    """Shows a ``Banner`` (its kind picks the colour), or nothing at all."""

    DEFAULT_CSS = """
    BannerView {
        display: none;
        height: auto;
        max-height: 4;
        border: heavy $accent;
        background: $surface;
        color: $text;
        text-style: bold;
        content-align: center middle;
        text-align: center;
    }
    BannerView.shown {
        display: block;
    }
    BannerView.item {
        border: heavy $warning;
        background: $warning 20%;
    }
    BannerView.challenge, BannerView.catch {
        border: heavy $error;
        background: $error 20%;
    }
    BannerView.exposed {
        border: heavy $error;
        background: $error 35%;
    }
    BannerView.win {
        border: heavy $success;
        background: $success 25%;
    }
    BannerView.house {
        border: heavy $secondary;
        background: $secondary 25%;
    }
    """

    banner: reactive[Banner | None] = reactive(None)

    def watch_banner(self, banner: Banner | None) -> None:
        self.set_classes("shown " + banner.kind if banner is not None else "")
        self.update(Text(banner.text) if banner is not None else "")  # names are not markup

    def render(self) -> Text:
        if self.banner is None:
            return Text()
        return Text(counts_kept_whole(self.banner.text, self.content_size.width))  # names are not markup


_COUNT = re.compile(r"(\d) ")  # a number and the word it counts: "+45 punten", "3 karty"
_JOINED = "\x00"  # no space to textwrap: it never breaks there


def counts_kept_whole(text: str, width: int) -> str:
    """``text`` wrapped to ``width`` at its spaces, but never between a number and the word after it.

    Found in play at 120x40 (Dutch): "★ Mario wint de ronde: +45" with "punten" alone on the next line.
    """
    if width <= 0:
        return text
    lines = []
    for paragraph in text.split("\n"):
        joined = _COUNT.sub(lambda found: found.group(1) + _JOINED, paragraph)
        wrapped = textwrap.wrap(joined, width, break_long_words=True, break_on_hyphens=False) or [""]
        lines += [line.replace(_JOINED, " ") for line in wrapped]
    return "\n".join(lines)
