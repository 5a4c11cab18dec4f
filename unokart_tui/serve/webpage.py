"""The browser page's HTML and who may open its websocket (the Origin check), with no I/O.

The page runs textual-serve's terminal script (xterm.js) and stylesheet, served from this
host, with the monospace font textual-serve ships: nothing is loaded from another host.
"""

from __future__ import annotations

import html
import ipaddress
import json
from urllib.parse import urlsplit

from ..voice import _

FONT_SIZES = range(6, 65)
DEFAULT_FONT_SIZE = 16
_DEFAULT_PORTS = {"http": 80, "https": 443}
_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="stylesheet" href="{static}css/xterm.css">
<style>
@font-face {{
  font-family: "Roboto Mono";
  src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
  font-weight: 100 700;
  font-style: normal;
}}
@font-face {{
  font-family: "Roboto Mono";
  src: url("{static}fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype");
  font-weight: 100 700;
  font-style: italic;
}}
html, body {{ margin: 0; height: 100%; background: #0c181f; color: #f2f2f2; }}
.textual-terminal {{ width: 100vw; height: 100vh; opacity: 0; transition: opacity 0.3s ease-out; }}
body.-first-byte .textual-terminal {{ opacity: 1; }}
#ended, #start {{ display: none; font: 16px "Roboto Mono", monospace; }}
#ended {{
  position: fixed; left: 0; right: 0; bottom: 0; padding: 8px 16px; gap: 16px;
  align-items: center; background: #12232d;
}}
body.-closed #ended {{ display: flex; }}
#start.-delay {{ display: block; margin: 40vh auto 0; }}
button {{ font: inherit; padding: 8px 24px; border: none; color: #fff; background: #5e0ba7; cursor: pointer; }}
button:hover {{ background: #ac5af4; }}
</style>
<script src="{static}js/textual.js"></script>
</head>
<body>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{websocket}" data-font-size="{font_size}"></div>
<button type="button" id="start" onclick="location.reload()">{start}</button>
<div id="ended">
<span>{ended}</span><button type="button" onclick="location.reload()">{again}</button>
</div>
</body>
</html>
"""


def page(title: str, static_url: str, websocket_url: str, font_size: str | None) -> str:
    """The page for one tab: ``font_size`` is the ``?fontsize=`` it was asked with (clamped)."""
    try:
        size = int(font_size or DEFAULT_FONT_SIZE)
    except ValueError:
        size = DEFAULT_FONT_SIZE
    size = min(max(size, FONT_SIZES.start), FONT_SIZES.stop - 1)
    return PAGE.format(
        title=html.escape(title),
        static=html.escape(static_url),
        websocket=html.escape(websocket_url),
        font_size=size,
        start=html.escape(_("Start")),
        ended=html.escape(_("This game has ended.")),
        again=html.escape(_("Play again")),
    )


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` as a browser sends it in ``Origin`` (default port left out), or None."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname or parts.username is not None:
        return None
    host = parts.hostname.lower()
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}" + (f":{port}" if port is not None and port != _DEFAULT_PORTS[scheme] else "")


def parse_origin(text: str) -> str | None:
    """An origin given by hand (``--web-origin``): a scheme, a host and a port, nothing more."""
    parts = urlsplit(text.strip())
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    return origin_of(text)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def allowed_origins(public_url: str, extra: tuple[str, ...] = ()) -> frozenset[str]:
    """The pages that may open the game: the page's own origin, the ``--web-origin`` ones, and for a
    page on this machine's loopback, the same port under its other loopback names.
    """
    own = origin_of(public_url)
    allowed = {origin for origin in (own, *(origin_of(url) for url in extra)) if origin}
    parts = urlsplit(public_url)
    if own and parts.hostname and is_loopback(parts.hostname):
        port = f":{parts.port}" if parts.port else ""
        allowed.update(f"{parts.scheme}://{name}{port}" for name in _LOOPBACK_NAMES)
    return frozenset(allowed)


def origin_allowed(header: str | None, allowed: frozenset[str]) -> bool:
    """A browser always says where the page that opens a websocket comes from; a program need not,
    and has no one's cookies or address to misuse, so no ``Origin`` at all is let in.
    """
    if header is None:
        return True
    return origin_of(header) in allowed


def pong(data: object) -> str | None:
    """The answer to the page's ping, or None for one that is not a short string."""
    if isinstance(data, str) and len(data) <= 64:
        return json.dumps(["pong", data])
    return None
