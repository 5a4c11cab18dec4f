"""``unokart serve``: one host, many players, over SSH (asyncssh) and in a browser (textual-serve).

Every connection gets its own game process on a pseudo-terminal: the normal ``unokart``,
with the player's own data and config directories. The server itself never loads
Textual. Its packages are the ``serve`` extra; ``missing_packages`` names what is not
installed, so the command can say so in one line.
"""

from __future__ import annotations

import importlib.util

from .config import Address, Limits, ServeConfig

EXTRA = 'pip install "unokart-tui[serve]"'


def missing_packages(config: ServeConfig) -> list[str]:
    """The packages the requested servers need that are not installed."""
    needed = (["asyncssh"] if config.ssh else []) + (["textual_serve", "aiohttp"] if config.web else [])
    return [name for name in needed if importlib.util.find_spec(name) is None]


def run(config: ServeConfig) -> int:
    """Serve until SIGTERM or SIGINT; the exit status."""
    from .host import serve  # noqa: PLC0415 - asyncssh loads only once it is known to be there

    return serve(config)


__all__ = ["EXTRA", "Address", "Limits", "ServeConfig", "missing_packages", "run"]
