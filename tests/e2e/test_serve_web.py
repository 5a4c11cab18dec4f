"""`unokart serve --web`: a headless Chromium opens the page, sees the title, and plays a key."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from .serve_host import Host, need


def test_the_browser_page_shows_the_title_and_takes_keys(tmp_path):
    need("chromium")
    from .browser import Browser

    host = Host(tmp_path / "host", ["--web", "0"])
    try:
        assert host.url.startswith("http://127.0.0.1:")  # no host given: loopback only
        picture = Path(os.environ.get("UNOKART_ARTIFACTS", tmp_path)) / "serve-web-title.png"
        picture.parent.mkdir(parents=True, exist_ok=True)

        async def visit() -> tuple[str, str]:
            async with Browser() as browser:
                await browser.open(host.url)
                title = await browser.wait_for_text("New game")
                await browser.wait_until_shown()
                await browser.screenshot(picture)
                await browser.press("n")
                form = await browser.wait_for_text("Your name")
                return title, form

        title, form = asyncio.run(visit())
    finally:
        host.stop()
    assert "UNO Mario Kart — a card game with items, for your terminal" in title
    assert "Load game" in title and "Quit" in title
    assert "Opponents, 1 to 9" in form
    assert picture.read_bytes().startswith(b"\x89PNG") and picture.stat().st_size > 10_000
    assert list((tmp_path / "host" / "web").iterdir())  # the browser players' own folders
