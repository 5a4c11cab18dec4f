"""The browser page's websocket against hostile clients (issue 35, finding 14), in the test's own event loop."""

from __future__ import annotations

import base64
import os
import socket
import sys

import pytest

from unokart_tui.serve import web
from unokart_tui.serve.config import Limits

from .harness import serving, until


def deaf_tab(url: str) -> socket.socket:
    """A tab that opens the game and then reads nothing at all, with the smallest receive buffer."""
    host, port = url.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws?width=500&height=200 HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Origin: {url}\r\n\r\n".encode()
    )
    return sock


# A game that redraws the largest screen for ever, as fast as its output is taken (textual-serve's packets:
# a kind byte, four bytes of size, the data), and leaves when the host asks it to quit.
FLOODING_GAME = """
import os, sys, threading
def leave_when_asked():
    while data := sys.stdin.buffer.read1(65536):
        if b'"quit"' in data:
            os._exit(0)
threading.Thread(target=leave_when_asked, daemon=True).start()
sys.stdout.write("__GANGLION__\\n")
sys.stdout.flush()
screen = b"\\x1b[38;2;200;30;30m#" * 20000
while True:
    os.write(1, b"D" + len(screen).to_bytes(4, "big") + screen)
"""


@pytest.mark.slow  # waits out a real stall of a second
async def test_a_tab_that_reads_nothing_is_dropped_and_its_game_ends(tmp_path, monkeypatch):
    """It once left its game blocked for ever at ~110 MB; now it is cut after the stall, and the game ends.

    The game is a stand-in that floods its screen (the host's side is what is tested): the real one took some
    140 resizes over 9 s to fill the buffers, and the host's tests in tests/e2e play the real game in a tab."""
    monkeypatch.setattr(web, "game_command", lambda: [sys.executable, "-c", FLOODING_GAME])
    limits = Limits(output_stall=1.0, shutdown_grace=2.0)
    async with serving(tmp_path, limits=limits, use_ssh=False, use_web=True) as served:
        sock = deaf_tab(served.url)
        try:
            await until(lambda: "game-start" in served.log(), 30, "the game")
            await until(lambda: "dropped the page read nothing" in served.log(), 60, "the tab dropped")
            await until(lambda: not served.hub.playing, 20, "the game's end")
            await until(lambda: "game-exit" in served.log() or "game-hangup" in served.log(), 20, "the exit")
        finally:
            sock.close()
        assert "dropped the page read nothing for 1 s" in served.log()
        assert "game-hangup status 0, after the page closed" in served.log()  # it left when asked, not killed
