"""A banner over the table for the moments that matter: an Item Box, a challenge, a catch, a win."""

from __future__ import annotations

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
