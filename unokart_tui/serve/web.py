"""The game in a browser tab, with textual-serve: one game process per tab.

textual-serve has no authentication of its own, and every tab plays in the same data
directory (``<data dir>/web``): bind it to 127.0.0.1 (the default) and put a proxy that
authenticates in front of it.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from aiohttp import web
from textual_serve.server import Server

from .config import Address, ServeConfig
from .game import game_command

WEB_HOST = "127.0.0.1"  # unless a host is given
SHUTDOWN_TIMEOUT = 5.0


class _GameServer(Server):
    async def on_startup(self, app: web.Application) -> None:
        """textual-serve's banner would go to stdout; the host prints its own line."""


def web_command(home: Path) -> str:
    """The shell line textual-serve runs for each tab: the game, with the browser players' directories."""
    env = [f"HOME={home}", f"UNOKART_DATA_DIR={home / 'data'}", f"UNOKART_CONFIG_DIR={home / 'config'}"]
    return "exec " + shlex.join(["env", *env, *game_command()])


async def start(config: ServeConfig) -> tuple[web.AppRunner, str]:
    """Serve the page; the runner (for the shutdown) and the page's address."""
    address = config.web or Address(WEB_HOST, 0)
    host = address.host or WEB_HOST
    home = config.data_dir / "web"
    for directory in (home, home / "data", home / "config"):
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    server = _GameServer(web_command(home), host=host, port=address.port, title="unokart")
    app = await server._make_app()  # textual-serve's own routes; its serve() would own the event loop
    runner = web.AppRunner(app, shutdown_timeout=SHUTDOWN_TIMEOUT)
    await runner.setup()
    site = web.TCPSite(runner, host, address.port)
    try:
        await site.start()
    except OSError:
        await runner.cleanup()
        raise
    port = int(runner.addresses[0][1])  # the one given, or the one the system chose for port 0
    shown = f"[{host}]" if ":" in host else host
    # The page tells the browser where its websocket is: behind a proxy, that is the proxy's address.
    server.public_url = (config.web_url or f"http://{shown}:{port}").rstrip("/")
    return runner, server.public_url
