"""The game in a browser tab: one game process per tab, behind the host's own limits.

textual-serve gives the page's script (xterm.js and its protocol) and the game's side of the
protocol (Textual's web driver); the server around them is the host's own, so that a tab is a
game like an SSH session: counted against ``--max-sessions``, closed when idle, told goodbye on
a shutdown, with the keys it may queue bounded and its screen dropped when it stops reading.
Only pages from the host's own origin (or a ``--web-origin``) may open a game: any other web
page a player visits could otherwise play, and read every browser player's saves.

It has no authentication of its own, and every tab plays in the same data directory
(``<data dir>/web``): bind it to 127.0.0.1 (the default) and put a proxy that authenticates
in front of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import time
import uuid
from collections import deque
from collections.abc import Callable, Coroutine, Mapping
from importlib.metadata import version
from pathlib import Path
from typing import Any, cast

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from ..voice import _
from .config import Address, Limits
from .game import CANNOT_START, FROM_HOST, clamp_size, game_command, read_reports, report_pipe
from .hub import Hub
from .paste import PasteLimit
from .plain import in_english
from .private_api import decode_game_packet
from .report import VARIABLE as REPORT_VARIABLE
from .report import SaveState, exit_words, idle_words
from .seats import Seats
from .webpage import allowed_origins, origin_allowed, page, pong

WEB_HOST = "127.0.0.1"  # unless a host is given
SHUTDOWN_TIMEOUT = 5.0
BROWSER_DRIVER = "unokart_tui.serve.driver:BrowserDriver"
MESSAGE_LIMIT = 64 * 1024  # bytes in one websocket message from a page: keys, a size, a ping
PACKET_LIMIT = 16 * 1024 * 1024  # bytes in one packet from the game: a whole screen is far less
PRELUDE_LINES = 10  # lines the game may write before its protocol starts
STDERR_KEPT = 8 * 1024  # the end of what a game wrote on stderr, for the log's one line
RESIZE_INTERVAL = 0.05  # at most 20 resizes a second reach a game
IDENTITY = "browser"  # what the log shows in the key's column
STATIC = Path(textual_serve.__path__[0]) / "static"  # its page script, stylesheet and font


def web_environment(
    home: Path, size: tuple[int, int], report_fd: int, host: Mapping[str, str] = os.environ
) -> dict[str, str]:
    """A browser game's whole environment: as an SSH game's, built from nothing, with the web driver's settings."""
    columns, rows = size
    env = {
        "PATH": os.defpath,
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "UNOKART_DATA_DIR": str(home / "data"),
        "UNOKART_CONFIG_DIR": str(home / "config"),
        "TEXTUAL_DRIVER": BROWSER_DRIVER,
        "TEXTUAL_FPS": "60",
        "TEXTUAL_COLOR_SYSTEM": "truecolor",
        "TERM_PROGRAM": "textual",
        "TERM_PROGRAM_VERSION": version("textual-serve"),
        "COLUMNS": str(columns),
        "ROWS": str(rows),
        REPORT_VARIABLE: str(report_fd),
    }
    env.update({name: host[name] for name in FROM_HOST if name in host})
    return env


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of the web driver's protocol: its kind, its length, what it holds."""
    return kind + len(payload).to_bytes(4, "big") + payload


def _size_of(value: object, limits: Limits) -> tuple[int, int] | None:
    if not isinstance(value, dict):
        return None
    width, height = value.get("width"), value.get("height")
    if type(width) is not int or type(height) is not int:  # not bool, not float, not text
        return None
    return clamp_size(width, height, limits)


def _query_int(text: str | None) -> int:
    try:
        return int(text or "0")
    except ValueError:
        return 0


class BrowserGame:
    """One tab's game: the process, the keys to it, its screen to the tab, and the end."""

    def __init__(
        self,
        host: WebHost,
        socket: web.WebSocketResponse,
        transport: asyncio.Transport | None,
        address: str,
        size: tuple[int, int],
    ) -> None:
        self.host = host
        self.transport = transport
        self.hub: Seats = host.hub  # a game sees the hub as a game sees it, as an SSH session does
        self.limits = host.hub.limits
        self.socket = socket
        self.address = address
        self.size = size
        self.app_service_id = uuid.uuid4().hex  # the download manager knows a game by it
        self.process: asyncio.subprocess.Process | None = None
        self.saves = SaveState()
        self.farewell = ""
        self.stderr: deque[bytes] = deque()
        self._stderr_size = 0
        self._paste = PasteLimit(self.limits.paste_limit)
        self._dropping_keys = False
        self._last_key = time.monotonic()
        self._sent_size = size
        self._resize_at = 0.0
        self._resize_later: asyncio.TimerHandle | None = None
        self._ended = asyncio.Event()  # the server ends the game (a shutdown)
        self.finished = asyncio.Event()  # the game has exited and the tab was told
        self.stalled = False  # the tab stopped reading: it is cut off, not told goodbye
        self.tab_gone = False  # the tab went first (closed, or cut off)
        self._reports: int | None = None
        self._stderr_task: asyncio.Task[None] | None = None

    def _log(self, what: str, detail: str = "") -> None:
        self.hub.log.event(self.address, IDENTITY, what, detail)

    # ------------------------------------------------------------------ the whole game

    async def play(self) -> None:
        refusal = self.hub.open_session(self, None)
        if refusal is not None:
            self._log("refused", refusal.plain)
            await self._tell(refusal.words)
            return
        try:
            if await self._start():
                await self._run()
        finally:
            self.hub.close_session(self)
            await self.host.downloads.cancel_app_downloads(app_service_id=self.app_service_id)
            await self._stop()
            self.finished.set()

    async def _start(self) -> bool:
        reports, their_end = report_pipe()
        env = web_environment(self.host.home, self.size, their_end, dict(os.environ))
        try:
            self.process = await asyncio.create_subprocess_exec(
                *game_command(),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=env,
                pass_fds=(their_end,),
                start_new_session=True,
            )
        except OSError as error:
            os.close(reports)
            self._log("error", repr(str(error)))
            await self._tell(_(CANNOT_START))
            return False
        finally:
            os.close(their_end)
        self._reports = reports
        asyncio.get_running_loop().add_reader(reports, self._read_reports)
        self._stderr_task = asyncio.ensure_future(self._read_stderr())
        columns, rows = self.size
        self._log("game-start", f"pid {self.process.pid} {columns}x{rows}")
        return True

    async def _run(self) -> None:
        tasks = [
            asyncio.ensure_future(self._from_game()),
            asyncio.ensure_future(self._from_browser()),
            asyncio.ensure_future(self._idle()),
            asyncio.ensure_future(self._ended.wait()),
        ]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def end(self, farewell: Callable[[], str]) -> None:
        """Close the game from the server's side (a shutdown): it exits first, then the tab is told."""
        self.farewell = farewell()
        self._ended.set()
        await self.finished.wait()

    async def _stop(self) -> None:
        """The game leaves: asked (its moves are saved), then SIGTERM, then killed; then the tab is told."""
        process = self.process
        if process is None:
            return
        # Its last screens are read and dropped: a game blocked on a full pipe could not exit.
        drain = asyncio.ensure_future(self._drain(process.stdout))
        if process.returncode is None:
            self._send_meta({"type": "quit"})
            await self._wait(process, self.limits.shutdown_grace / 2, signal.SIGTERM)
            await self._wait(process, self.limits.shutdown_grace / 2, signal.SIGKILL)
        status = await process.wait()
        for task in (drain, self._stderr_task):
            if task is not None:
                task.cancel()
        await asyncio.gather(drain, *([self._stderr_task] if self._stderr_task else []), return_exceptions=True)
        self._read_reports()
        self._close_reports()
        self._log_exit(status)
        saved = self.saves.sentence()
        await self._tell(f"{self.farewell} {saved}".strip() if self.farewell else exit_words(status, saved))

    @staticmethod
    async def _drain(stream: asyncio.StreamReader | None) -> None:
        while stream is not None and await stream.read(65536):
            pass

    @staticmethod
    async def _wait(process: asyncio.subprocess.Process, seconds: float, then: int) -> None:
        try:
            await asyncio.wait_for(process.wait(), seconds)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(then)

    def _log_exit(self, status: int) -> None:
        saved = in_english(self.saves.sentence) or "no match reported"
        if self.farewell:
            self._log("game-exit", f"status {status}")
        elif self.tab_gone or self.stalled:
            self._log("game-hangup", f"status {status}, after the page closed; {saved}")
        elif status != 0:
            last = b"".join(self.stderr).decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
            self._log("game-crash", f"status {status}; {saved}; its last words {last[0][:200]!r}")
        else:
            self._log("game-exit", f"status {status}")

    async def _tell(self, message: str) -> None:
        """Show ``message`` in the tab's terminal, then close the tab's connection."""
        socket = self.socket
        if socket.closed:
            return
        if self.stalled:
            self._abort()
            return
        try:
            if message:
                await asyncio.wait_for(socket.send_bytes(f"\r\n{message}\r\n".encode()), SHUTDOWN_TIMEOUT)
            await asyncio.wait_for(socket.close(), SHUTDOWN_TIMEOUT)
        except (TimeoutError, ConnectionError):
            self._abort()

    def _abort(self) -> None:
        """Cut a tab that reads nothing: its connection, without a goodbye it would not read."""
        if self.transport is not None:
            self.transport.abort()

    async def _send(self, send: Coroutine[Any, Any, None]) -> None:
        """Send to the tab; a tab that has read nothing for a while is dropped (its game would wait for ever)."""
        try:
            await asyncio.wait_for(send, self.limits.output_stall)
        except TimeoutError:
            self.stalled = True
            self._log("dropped", f"the page read nothing for {self.limits.output_stall:g} s")
            raise ConnectionResetError from None

    # ------------------------------------------------------------------ the game's screen to the tab

    async def _from_game(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        try:
            for _line in range(PRELUDE_LINES):
                line = await stdout.readline()
                if not line:
                    return
                if line == b"__GANGLION__\n":
                    break
            else:
                self._log("error", "the game never began to speak textual-serve's protocol")
                return
            while True:
                head = await stdout.readexactly(5)
                size = int.from_bytes(head[1:], "big")
                if size > PACKET_LIMIT:
                    self._log("error", f"a packet of {size} bytes from the game")
                    return
                payload = await stdout.readexactly(size)
                await self._from_game_packet(head[:1], payload)
        except (asyncio.IncompleteReadError, ValueError, ConnectionError):
            return  # the game closed its output (it exited) or wrote something else, or the tab went

    async def _from_game_packet(self, kind: bytes, payload: bytes) -> None:
        if kind == b"D":
            # A page that does not read would leave the game blocked on its output for ever.
            await self._send(self.socket.send_bytes(payload))
            return
        if kind == b"M":
            await self._from_game_meta(payload)
        elif kind == b"P":
            unpacked = decode_game_packet(payload)
            if isinstance(unpacked, list | tuple) and len(unpacked) == 3 and unpacked[0] == "deliver_chunk":
                await self.host.downloads.chunk_received(str(unpacked[1]), unpacked[2])

    async def _from_game_meta(self, payload: bytes) -> None:
        meta = json.loads(payload)
        kind = meta.get("type") if isinstance(meta, dict) else None
        if kind == "exit":
            raise asyncio.IncompleteReadError(b"", None)  # the game is leaving: as if its output ended
        if kind == "open_url" and isinstance(meta.get("url"), str):
            message = ["open_url", {"url": meta["url"], "new_tab": bool(meta.get("new_tab"))}]
            await self._send(self.socket.send_str(json.dumps(message)))
        elif kind == "deliver_file_start" and isinstance(meta.get("key"), str):
            await self.host.downloads.create_download(
                app_service=cast(Any, self),
                delivery_key=meta["key"],
                file_name=Path(str(meta.get("path", "file"))).name,
                open_method=str(meta.get("open_method", "download")),
                mime_type=str(meta.get("mime_type", "application/octet-stream")),
                encoding=meta.get("encoding") if isinstance(meta.get("encoding"), str) else None,
                name=meta.get("name") if isinstance(meta.get("name"), str) else None,
            )
            await self._send(self.socket.send_str(json.dumps(["deliver_file_start", meta["key"]])))

    async def _read_stderr(self) -> None:
        """What the game writes on stderr (a traceback, if it crashes) stays here: the end of it, for the log."""
        assert self.process is not None and self.process.stderr is not None
        while data := await self.process.stderr.read(4096):
            self.stderr.append(data)
            self._stderr_size += len(data)
            while self._stderr_size - len(self.stderr[0]) >= STDERR_KEPT:
                self._stderr_size -= len(self.stderr.popleft())

    def _read_reports(self) -> None:
        if self._reports is not None and not read_reports(self._reports, self.saves):
            self._close_reports()

    def _close_reports(self) -> None:
        if self._reports is not None:
            asyncio.get_running_loop().remove_reader(self._reports)
            os.close(self._reports)
            self._reports = None

    # ------------------------------------------------------------------ the tab's keys to the game

    async def _from_browser(self) -> None:
        try:
            await self._take_messages()
        except ConnectionError:  # the game's pipe closed (it is exiting), or the tab was cut off
            return
        self.tab_gone = True  # its messages ended: the tab closed

    async def _take_messages(self) -> None:
        async for message in self.socket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, value = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(value, str):
                self._keys(value.encode("utf-8", "replace"))
            elif kind == "resize" and (size := _size_of(value, self.limits)) is not None:
                self._resize(size)
            elif kind == "ping" and (answer := pong(value)) is not None:
                await self._send(self.socket.send_str(answer))
            elif kind in ("focus", "blur"):
                self._send_meta({"type": kind})

    def _keys(self, data: bytes) -> None:
        self._last_key = time.monotonic()
        keys = self._paste.feed(data)
        stdin = self.process.stdin if self.process is not None else None
        if not keys or stdin is None or stdin.is_closing():
            return
        # The game takes keys at its own pace (its input is capped: driver.py). Keys it has not
        # taken are kept up to a bound, and past it dropped: the tab's messages are still read,
        # so that its close (or a shutdown's goodbye) is never stuck behind them.
        if stdin.transport.get_write_buffer_size() > self.limits.input_backlog:
            if not self._dropping_keys:
                self._dropping_keys = True
                self._log("dropped-keys", "the game is behind: keys past the bound are dropped")
            return
        self._dropping_keys = False
        stdin.write(packet(b"D", keys))

    def _send_meta(self, meta: dict[str, object]) -> bool:
        """For the download manager too: it asks the game for a file's next part this way."""
        stdin = self.process.stdin if self.process is not None else None
        if stdin is None or stdin.is_closing():
            return False
        stdin.write(packet(b"M", json.dumps(meta).encode()))
        return True

    async def send_meta(self, meta: dict[str, object]) -> bool:
        return self._send_meta(meta)

    def _resize(self, size: tuple[int, int]) -> None:
        self.size = size
        if self._resize_later is not None:
            return
        delay = self._resize_at + RESIZE_INTERVAL - time.monotonic()
        self._resize_later = asyncio.get_running_loop().call_later(max(0.0, delay), self._apply_size)

    def _apply_size(self) -> None:
        self._resize_later = None
        self._resize_at = time.monotonic()
        if self.size != self._sent_size:
            self._sent_size = self.size
            columns, rows = self.size
            self._send_meta({"type": "resize", "width": columns, "height": rows})

    async def _idle(self) -> None:
        while (left := self._last_key + self.limits.idle_timeout - time.monotonic()) > 0:
            await asyncio.sleep(left)
        self._log("idle")
        self.farewell = idle_words(self.limits.idle_timeout)


class WebHost:
    """The page, the static files, the downloads, and a game per websocket."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.home = hub.config.data_dir / "web"
        self.downloads = DownloadManager()
        self.public_url = ""
        self.origins: frozenset[str] = frozenset()

    def listening_at(self, public_url: str) -> None:
        """The page's address, once the port is known: where the page says its websocket is, and its origin."""
        self.public_url = public_url.rstrip("/")
        self.origins = allowed_origins(self.public_url, self.hub.config.web_origins)

    def app(self) -> web.Application:
        app = web.Application()
        app.add_routes(
            [
                web.get("/", self.index),
                web.get("/ws", self.websocket),
                web.get("/download/{key}", self.download),
                web.static("/static", STATIC, show_index=False, follow_symlinks=False),
            ]
        )
        return app

    async def index(self, request: web.Request) -> web.Response:
        scheme, _colon, rest = self.public_url.partition(":")
        websocket_url = ("wss:" if scheme == "https" else "ws:") + rest + "/ws"
        text = page("unokart", f"{self.public_url}/static/", websocket_url, request.query.get("fontsize"))
        response = web.Response(text=text, content_type="text/html")
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or ""
        origin = request.headers.get("Origin")
        if not origin_allowed(origin, self.origins):
            self.hub.log.event(address, IDENTITY, "refused", f"a page from another origin {(origin or '')[:100]!r}")
            return web.Response(status=403, text=_("This game can only be opened from its own page.") + "\n")
        columns = _query_int(request.query.get("width"))
        rows = _query_int(request.query.get("height"))
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=MESSAGE_LIMIT, compress=False)
        try:
            await socket.prepare(request)
        except (ConnectionError, web.HTTPException) as error:
            self.hub.log.event(address, IDENTITY, "gone-before-start", repr(str(error))[:160])
            return socket
        self.hub.log.event(address, IDENTITY, "connect")
        game = BrowserGame(self, socket, request.transport, address, clamp_size(columns, rows, self.hub.limits))
        await game.play()
        self.hub.log.event(address, IDENTITY, "disconnect")
        return socket

    async def download(self, request: web.Request) -> web.StreamResponse:
        key = request.match_info["key"]
        try:
            meta = await self.downloads.get_download_metadata(key)
        except KeyError:
            raise web.HTTPNotFound(text=_("There is no such file here.") + "\n") from None
        response = web.StreamResponse()
        response.content_type = meta.mime_type
        if meta.encoding:
            response.charset = meta.encoding
        disposition = "inline" if meta.open_method == "browser" else "attachment"
        response.headers["Content-Disposition"] = f"{disposition}; filename={json.dumps(meta.file_name)}"
        await response.prepare(request)
        try:
            async for chunk in self.downloads.download(key):
                await response.write(chunk)
        except (KeyError, ValueError):  # the game ended, or the download was taken, meanwhile
            pass
        await response.write_eof()
        return response


async def start(hub: Hub) -> tuple[web.AppRunner, str]:
    """Serve the page; the runner (for the shutdown) and the page's address."""
    config = hub.config
    address = config.web or Address(WEB_HOST, 0)
    host = address.host or WEB_HOST
    home = config.data_dir / "web"
    for directory in (home, home / "data", home / "config"):
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    server = WebHost(hub)
    runner = web.AppRunner(server.app(), shutdown_timeout=SHUTDOWN_TIMEOUT, access_log=None)
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
    public_url = (config.web_url or f"http://{shown}:{port}").rstrip("/")
    server.listening_at(public_url)
    return runner, public_url
