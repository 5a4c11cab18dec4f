"""Headless Chromium driven over the DevTools protocol: open a page, read its terminal, press keys, screenshot.

The protocol is JSON over a websocket; aiohttp (which textual-serve brings) is the client.
textual-serve draws the terminal with xterm.js on a canvas, so the page's text is read
from the terminal itself: a script that runs before the page's own records each xterm
``Terminal`` as it is made (the moment it sets its ``_addonManager``), and the rows of
its active buffer are then read through xterm's public buffer API.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# The flags that work on a machine without network or GPU, as root.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-port=0",
]

RECORD_TERMINALS = """
Object.defineProperty(Object.prototype, "_addonManager", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "_addonManager", {value, writable: true, configurable: true, enumerable: true});
    (window.__terminals = window.__terminals || []).push(this);
  },
});
"""

READ_TERMINAL = """
(() => {
  const terminal = (window.__terminals || [])[0];
  if (!terminal) return "";
  const buffer = terminal.buffer.active, rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
})()
"""


class Browser:
    def __init__(self, width: int = 1280, height: int = 800) -> None:
        assert CHROMIUM is not None
        self.profile = tempfile.TemporaryDirectory(prefix="unokart-chromium-")
        self.process = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={self.profile.name}", f"--window-size={width},{height}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            # Its own process group, so that its helpers (renderer, crash handler) end with it.
            start_new_session=True,
        )
        self._ids = itertools.count(1)
        self._http: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None

    async def __aenter__(self) -> Browser:
        port_file = Path(self.profile.name) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("chromium did not start")
            await asyncio.sleep(0.05)
        port = port_file.read_text().split()[0]
        self._http = aiohttp.ClientSession()
        async with self._http.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json()
        page = next(target for target in targets if target["type"] == "page")
        self._socket = await self._http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        await self.call("Page.enable")
        await self.call("Page.addScriptToEvaluateOnNewDocument", source=RECORD_TERMINALS)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._http is not None:
            await self._http.close()
        self._signal_group(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._signal_group(signal.SIGKILL)
        await self._remove_profile()

    def _signal_group(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError):  # the whole group has already ended
            os.killpg(self.process.pid, signum)

    async def _remove_profile(self, timeout: float = 10.0) -> None:
        """A helper that outlived the browser by a moment can still write into the profile: retry until it is gone."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                shutil.rmtree(self.profile.name)
            except FileNotFoundError:
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)
            else:
                break
        self.profile.cleanup()  # the folder is gone; this only marks the TemporaryDirectory done

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        assert self._socket is not None
        number = next(self._ids)
        await self._socket.send_json({"id": number, "method": method, "params": params})
        while True:
            message = await asyncio.wait_for(self._socket.receive_json(), 30)
            if message.get("id") == number:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                result: dict[str, Any] = message["result"]
                return result

    async def open(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def terminal_text(self) -> str:
        result = await self.call("Runtime.evaluate", expression=READ_TERMINAL, returnByValue=True)
        return str(result["result"].get("value", ""))

    async def wait_for_text(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in (screen := await self.terminal_text()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the page's terminal shows:\n{screen}")
            await asyncio.sleep(0.1)
        return screen

    async def wait_until_shown(self, timeout: float = 30.0) -> None:
        """The page fades the terminal in once its first bytes arrive: wait until it is fully opaque."""
        opacity = "getComputedStyle(document.querySelector('.textual-terminal')).opacity"
        deadline = time.monotonic() + timeout
        while (await self.call("Runtime.evaluate", expression=opacity))["result"].get("value") != "1":
            assert time.monotonic() < deadline, "the terminal was never shown"
            await asyncio.sleep(0.05)

    async def press(self, key: str) -> None:
        """A printable key, typed as a person would (keydown with its text, then keyup) into the terminal."""
        await self.call("Runtime.evaluate", expression="window.__terminals[0].focus()")
        await self.call("Input.dispatchKeyEvent", type="keyDown", key=key, text=key)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key)

    async def screenshot(self, path: Path) -> None:
        result = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(result["data"]))
