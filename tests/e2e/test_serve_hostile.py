"""Issue 35's hostile tries again, against a real `unokart serve` on 127.0.0.1: revoked keys, a remote
socket forward, SIGHUP, failed logins behind one address, a key flood, and the browser's websocket
from another origin, over the cap, with a size of -5, or never read.

Every client is scripted (asyncssh, aiohttp), bounded in count and time.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections import deque
from pathlib import Path

import pytest

from .serve_host import Host, need

FAST = 'bot_speed = "fast"\nconfirm_quit = false\nplayer_name = "Ann"\n'


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for {pid}")


@pytest.fixture
def keys(tmp_path):
    need("ssh-keygen", "pgrep")
    import asyncssh

    made = {}
    for name in ("ann", "eve"):
        key = asyncssh.generate_private_key("ssh-ed25519")
        (tmp_path / name).write_bytes(key.export_private_key())
        (tmp_path / name).chmod(0o600)
        (tmp_path / f"{name}.pub").write_bytes(key.export_public_key())
        made[name] = key
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(made["ann"].export_public_key())
    return made, authorized


@pytest.fixture
def hosts():
    started: list[Host] = []
    yield started
    for host in started:
        host.stop()


@pytest.fixture(scope="module")
def shared_web_host(tmp_path_factory):
    """One `unokart serve --web` for the page's tests that need no flag of their own: what they send
    puts no traceback on its stderr, read when it stops after the last of them."""
    need("pgrep")
    host = Host(tmp_path_factory.mktemp("web") / "host", ["--web", "127.0.0.1:0"])
    yield host
    err = host.stop()
    assert "Traceback" not in err, err[-3000:]
    assert host.process.returncode == 0


@pytest.fixture
def web_host(shared_web_host):
    """The shared host once the games of the tests before have gone; its log from here on."""
    host = shared_web_host
    deadline = time.monotonic() + 30
    while host.games():
        assert time.monotonic() < deadline, f"games of an earlier test still run: {host.games()}"
        time.sleep(0.05)
    host.read_log_from_here()
    return host


def start(hosts: list[Host], tmp_path: Path, *args: str) -> Host:
    host = Host(tmp_path / "host", list(args))
    hosts.append(host)
    return host


async def login(host: Host, key):
    import asyncssh

    return await asyncssh.connect(
        "127.0.0.1", host.port, username="p", client_keys=[key], known_hosts=None, agent_path=None, config=None
    )


async def until(condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def a_session(conn):
    import asyncssh

    output = bytearray()

    class Collect(asyncssh.SSHClientSession[bytes]):
        def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
            output.extend(data)

    chan, _ = await conn.create_session(Collect, term_type="xterm-256color", term_size=(80, 24), encoding=None)
    return chan, output


def test_revoking_a_key_works_at_its_next_login(tmp_path, hosts, keys):
    import asyncssh

    made, authorized = keys
    host = start(hosts, tmp_path, "--ssh", "127.0.0.1:0", "--authorized-keys", str(authorized))

    async def tries() -> list[bool]:
        results = []
        for change in (None, lambda: authorized.write_text(""), authorized.unlink):
            if change is not None:
                change()
            try:
                (await login(host, made["ann"])).close()
                results.append(True)
            except asyncssh.PermissionDenied:
                results.append(False)
        return results

    assert asyncio.run(tries()) == [True, False, False]
    log = host.log()
    assert "is empty: no key may log in" in log and "is gone: no key may log in" in log


def test_a_remote_socket_forward_is_refused_not_the_connection(tmp_path, hosts, keys):
    import asyncssh

    made, authorized = keys
    host = start(hosts, tmp_path, "--ssh", "127.0.0.1:0", "--authorized-keys", str(authorized))

    async def forward() -> bytes:
        conn = await login(host, made["ann"])
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_path(str(tmp_path / "a"), str(tmp_path / "b"))
        _, output = await a_session(conn)
        await until(lambda: b"Your name:" in output)
        conn.close()
        return bytes(output)

    asyncio.run(forward())
    assert "refused remote socket forwarding" in host.log()


def test_failed_logins_behind_one_address_do_not_lock_out_a_valid_key(tmp_path, hosts, keys):
    import asyncssh

    made, authorized = keys
    host = start(hosts, tmp_path, "--ssh", "127.0.0.1:0", "--authorized-keys", str(authorized))

    async def tries() -> None:
        for _ in range(12):  # more than --max-auth-failures (10)
            with pytest.raises(asyncssh.PermissionDenied):
                await login(host, made["eve"])
        (await login(host, made["ann"])).close()

    asyncio.run(tries())
    assert "slowed too many failed logins from this address" in host.log()


def test_sighup_stops_the_host_like_sigterm(tmp_path, hosts, keys):
    made, authorized = keys
    host = start(hosts, tmp_path, "--ssh", "127.0.0.1:0", "--authorized-keys", str(authorized))
    host.prepare_player(tmp_path / "ann", FAST)  # a player with a name: straight to the game

    async def play() -> tuple[bytes, int | None]:
        conn = await login(host, made["ann"])
        chan, output = await a_session(conn)
        await until(lambda: b"New game" in output)
        host.process.send_signal(signal.SIGHUP)
        await asyncio.wait_for(chan.wait_closed(), 20)
        conn.close()
        return bytes(output), chan.get_exit_status()

    output, status = asyncio.run(play())
    assert host.process.wait(timeout=20) == 0
    assert b"The server is shutting down; see you soon." in output and status == 0
    assert b"\x1b[?1049l" in output  # the game left its full-screen mode: the terminal is restored
    assert "stopping: every game is told to exit" in host.process.stdout.read()


# A flood is held back once, for HELD_BACK seconds, the host has taken less than HELD_BACK_BYTES of
# it and the game has not grown by HELD_BACK_GROWTH: the keys wait at the client. A game takes a
# few thousand keys a second (a few KiB); one without its input cap took hundreds of KiB a second
# and grew by MiBs a second, a host without its bound took all: neither is ever held back, and
# their flood runs its 8 s (or 100 MiB), as every flood did before.
HELD_BACK = 2.0
HELD_BACK_BYTES = 128 * 1024
HELD_BACK_GROWTH = 2.0  # MiB


def test_a_key_flood_does_not_grow_the_game(tmp_path, hosts, keys):
    """100 MiB of x once grew a game past 2 GB; now the keys wait at the client, and the game stays its size.

    The flood ends once it is held back (it ran for 8 s, nearly all of them held back)."""
    made, authorized = keys
    host = start(hosts, tmp_path, "--ssh", "127.0.0.1:0", "--authorized-keys", str(authorized))
    host.prepare_player(tmp_path / "ann", FAST)

    async def flood() -> tuple[float, float, int, bool]:
        conn = await login(host, made["ann"])
        chan, output = await a_session(conn)
        await until(lambda: b"New game" in output)
        [game] = host.games()
        before = rss_mib(game)
        sent, started, held = 0, time.monotonic(), False
        looks: deque[tuple[float, int, float]] = deque()  # (when, bytes the host had taken, the game's MiB)
        while sent < 100 * 2**20 and time.monotonic() - started < 8:
            if chan.get_write_buffer_size() < 2**20:
                chan.write(b"x" * 65536)
                sent += 65536
            await asyncio.sleep(0.001)
            now = time.monotonic()
            if looks and now - looks[-1][0] < 0.1:
                continue
            taken, size = sent - chan.get_write_buffer_size(), rss_mib(game)
            looks.append((now, taken, size))
            while len(looks) > 1 and now - looks[1][0] >= HELD_BACK:
                looks.popleft()  # the oldest left is the last look at least HELD_BACK ago
            then, taken_then, size_then = looks[0]
            if now - then >= HELD_BACK and taken - taken_then < HELD_BACK_BYTES and size - size_then < HELD_BACK_GROWTH:
                held = True
                break
        after = rss_mib(game)
        conn.abort()
        return before, after, sent, held

    before, after, sent, held = asyncio.run(flood())
    print(f"ssh flood: {sent >> 20} MiB of keys, the game {before:.0f} -> {after:.0f} MiB")
    assert sent >= 2**20  # the flood got going
    assert after - before < 30, f"the game grew from {before:.0f} to {after:.0f} MiB"
    assert held, f"after {sent >> 20} MiB of keys, the game still took keys and grew ({before:.0f} -> {after:.0f} MiB)"
    assert host.alive()
    host.end_games()  # still working through the keys it holds


# ---------------------------------------------------------------------- the browser page


async def open_tab(url: str, origin: str | None, query: str = "?width=80&height=24"):
    import aiohttp

    http = aiohttp.ClientSession()
    headers = {"Origin": origin} if origin else {}
    try:
        socket = await http.ws_connect(url.replace("http", "ws", 1) + "/ws" + query, headers=headers)
    except BaseException:
        await http.close()
        raise
    return http, socket


async def screen_until(socket, text: bytes, timeout: float = 30) -> bytes:
    import aiohttp

    seen = bytearray()
    deadline = time.monotonic() + timeout
    while text not in seen:
        message = await socket.receive(timeout=max(0.1, deadline - time.monotonic()))
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += message.data
        elif message.type != aiohttp.WSMsgType.TEXT:
            break
    return bytes(seen)


def test_only_the_page_s_own_origin_opens_a_game(tmp_path, hosts):
    import aiohttp

    host = start(hosts, tmp_path, "--web", "127.0.0.1:0", "--web-origin", "https://play.example.org")

    async def tabs() -> None:
        for origin in ("http://evil.example", "null", f"{host.url}.evil.example"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await open_tab(host.url, origin)
            assert refused.value.status == 403
        for origin in (host.url, "https://play.example.org", host.url.replace("127.0.0.1", "localhost")):
            http, socket = await open_tab(host.url, origin)
            assert b"New game" in await screen_until(socket, b"New game")
            await socket.close()
            await http.close()

    asyncio.run(tabs())
    assert "refused a page from another origin 'http://evil.example'" in host.log()


def test_the_page_loads_nothing_from_another_host(web_host):
    import re
    import urllib.request

    host = web_host
    with urllib.request.urlopen(host.url, timeout=10) as response:
        text = response.read().decode()
    urls = re.findall(r"""(?:src|href)=["']([^"']+)|url\(["']?([^"')]+)""", text)
    found = [a or b for a, b in urls]
    assert found and all(url.startswith(host.url) for url in found), found
    assert "googleapis" not in text
    with urllib.request.urlopen(f"{host.url}/static/fonts/RobotoMono-VariableFont_wght.ttf", timeout=10) as font:
        assert font.status == 200


def test_browser_games_count_against_max_sessions(tmp_path, hosts, keys):
    made, authorized = keys
    host = start(
        hosts,
        tmp_path,
        *("--ssh", "127.0.0.1:0", "--authorized-keys", str(authorized), "--web", "127.0.0.1:0"),
        *("--max-sessions", "2"),
    )
    host.prepare_player(tmp_path / "ann", FAST)

    async def fill() -> bytes:
        conn = await login(host, made["ann"])
        _, output = await a_session(conn)
        await until(lambda: b"New game" in output)
        http, first = await open_tab(host.url, host.url)
        await screen_until(first, b"New game")
        http2, second = await open_tab(host.url, host.url)
        told = await screen_until(second, b"full", timeout=10)
        for socket, client in ((first, http), (second, http2)):
            await socket.close()
            await client.close()
        conn.close()
        return told

    assert b"The server is full (2 games are running)." in asyncio.run(fill())


def test_a_page_s_odd_sizes_and_garbage_reach_no_traceback(web_host):
    """The host's stderr is read when the shared host stops (``shared_web_host``): no traceback."""
    host = web_host

    async def garbage() -> None:
        http, socket = await open_tab(host.url, host.url, "?width=-5&height=-5")
        await screen_until(socket, b"New game")  # -5 x -5 is taken as unknown: 80x24
        for message in (
            "not json",
            "[]",
            '["stdin"]',
            '["stdin", 5]',
            '{"stdin": "x"}',
            '["resize", {"width": -5, "height": 1e309}]',
            '["resize", {"width": "80", "height": true}]',
            '["resize", {"width": 99999999, "height": 99999999}]',
            '["ping", {"a": 1}]',
            '["ping", "' + "p" * 10_000 + '"]',
            '["unknown", 1]',
        ):
            await socket.send_str(message)
        await socket.send_bytes(b"\x00\xff" * 100)
        await socket.send_str(json.dumps(["ping", "still there?"]))
        while True:
            reply = await socket.receive(timeout=20)
            if reply.type.name == "TEXT" and "still there?" in reply.data:
                break
        await socket.close()
        await http.close()

    asyncio.run(garbage())
    assert host.alive()
    assert "game-start pid" in host.log() and " 80x24" in host.log()


def test_a_key_flood_from_a_page_does_not_grow_the_game(web_host):
    host = web_host

    async def flood() -> tuple[float, float, int]:
        http, socket = await open_tab(host.url, host.url)
        await screen_until(socket, b"New game")
        [game] = host.games()
        before = rss_mib(game)
        keys = json.dumps(["stdin", "x" * 60_000])
        sent = 0

        async def pump() -> None:  # as fast as the host takes them: it waits for the game
            nonlocal sent
            while sent < 100 * 2**20:
                await socket.send_str(keys)
                sent += 60_000

        pumping = asyncio.ensure_future(pump())
        await asyncio.wait([pumping], timeout=8)
        pumping.cancel()
        after = rss_mib(game)
        await socket.close()
        await http.close()
        return before, after, sent

    before, after, sent = asyncio.run(flood())
    print(f"browser flood: {sent >> 20} MiB of keys, the game {before:.0f} -> {after:.0f} MiB")
    assert sent >= 2**20
    assert after - before < 30, f"the game grew from {before:.0f} to {after:.0f} MiB after {sent >> 20} MiB of keys"
    assert host.alive()
    host.end_games()  # still working through the keys it holds
