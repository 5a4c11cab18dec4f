"""The browser page's websocket against hostile clients (issue 35, finding 14), in the test's own event loop."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import time

import pytest

from unokart_tui.serve.config import Limits

from .harness import serving, until


def frame(text: str) -> bytes:
    """One masked text frame, as a client sends it."""
    payload = text.encode()
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + size.to_bytes(2, "big"))
    return head + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))


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


@pytest.mark.slow  # waits out a real stall and grace, about 4 s; tests/serve's other files keep the web server fast
async def test_a_tab_that_reads_nothing_is_dropped_and_its_game_ends(tmp_path):
    """It once left its game blocked for ever at ~110 MB; now it is cut after the stall, and the game ends."""
    limits = Limits(output_stall=1.0, shutdown_grace=2.0)
    async with serving(tmp_path, limits=limits, use_ssh=False, use_web=True) as served:
        sock = deaf_tab(served.url)
        try:
            await until(lambda: "game-start" in served.log(), 30, "the game")
            loop = asyncio.get_running_loop()
            started = time.monotonic()
            # Redraws of the largest screen, as fast as a tab could ask for them, never read.
            while "dropped the page read nothing" not in served.log():
                assert time.monotonic() - started < 60, served.log()
                size = 499 + int(time.monotonic() * 20) % 2
                try:
                    await loop.run_in_executor(
                        None, sock.sendall, frame(json.dumps(["resize", {"width": size, "height": 200}]))
                    )
                except OSError:
                    break  # cut off
                await asyncio.sleep(0.06)
            await until(lambda: not served.hub.playing, 20, "the game's end")
            await until(lambda: "game-exit" in served.log() or "game-hangup" in served.log(), 20, "the exit")
        finally:
            sock.close()
        assert "dropped the page read nothing for 1 s" in served.log()
