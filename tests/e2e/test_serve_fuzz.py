"""A short fuzz of a real `unokart serve` on 127.0.0.1 (issue 35): random bytes and sizes down an SSH
channel (to the name prompt and to a game) and down the browser page's websocket.

Hypothesis picks them, derandomized (the same tries on every run), a bounded number of them, each
bounded in time. After all of it: the host is alive, a new player still gets in both ways, and
nothing the clients sent put a traceback on its stderr.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .serve_host import Host, need

EXAMPLES = 12
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
NAMED = 'bot_speed = "fast"\nconfirm_quit = false\nplayer_name = "Ann"\n'


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    need("pgrep")
    import asyncssh

    where = tmp_path_factory.mktemp("fuzz")
    host = Host(where / "host", ["--ssh", "127.0.0.1:0", "--open", "--web", "127.0.0.1:0", "--max-sessions", "8"])
    named = asyncssh.generate_private_key("ssh-ed25519")
    (where / "named.pub").write_bytes(named.export_public_key())
    host.prepare_player(where / "named", NAMED)
    yield host, named
    err = host.stop()
    assert "Traceback" not in err, err[-3000:]
    assert host.process.returncode == 0


async def _ssh(host: Host, key, size: tuple[int, int], chunks: list[bytes]) -> None:
    import asyncssh

    conn = await asyncssh.connect(
        "127.0.0.1", host.port, username="u", client_keys=[key], known_hosts=None, agent_path=None, config=None
    )
    output = bytearray()

    class Collect(asyncssh.SSHClientSession[bytes]):
        def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
            output.extend(data)

    try:
        chan, _ = await conn.create_session(Collect, term_type="xterm-256color", term_size=size, encoding=None)
        # The prompt is up once it has said something (at once); a game may say nothing for longer: 0.3 s at most.
        up_by = time.monotonic() + 0.3
        while not output and not chan.is_closing() and time.monotonic() < up_by:
            await asyncio.sleep(0.01)
        for chunk in chunks:
            chan.write(chunk)
            await asyncio.sleep(0)
        await asyncio.sleep(0.2)
    except (asyncssh.Error, OSError):
        pass  # the host may refuse or close: what counts is what it does after
    finally:
        conn.abort()


async def _web(url: str, query: str, messages: list[str | bytes]) -> None:
    import aiohttp
    from aiohttp import WSMsgType as WS

    async with aiohttp.ClientSession() as http:
        try:
            socket = await http.ws_connect(f"{url.replace('http', 'ws', 1)}/ws{query}", headers={"Origin": url})
        except aiohttp.ClientError:
            return
        try:
            for message in messages:
                if isinstance(message, bytes):
                    await socket.send_bytes(message)
                else:
                    await socket.send_str(message)
            # The host answers a ping once it has read every message before it (or it has closed the
            # tab): a fixed 0.3 s was both too long and, on a busy machine, maybe too short.
            await socket.send_str(json.dumps(["ping", "fuzzed"]))
            while (reply := await socket.receive(timeout=20)).type in (WS.BINARY, WS.TEXT):
                if reply.type == WS.TEXT and "fuzzed" in reply.data:
                    break
        except (aiohttp.ClientError, ConnectionError):
            pass
        finally:
            await socket.close()


big_bytes = st.integers(60_000, 200_000).map(lambda size: bytes(range(256)) * (size // 256))
chunks = st.lists(st.binary(max_size=4096) | big_bytes, max_size=6)
sizes = st.tuples(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["width", "height", "x"]), inner),
    max_leaves=10,
)
envelopes = st.tuples(st.sampled_from(["stdin", "resize", "ping", "focus", "blur", "quit", ""]), json_like)
web_messages = st.lists(
    st.builds(lambda pair: json.dumps(list(pair)), envelopes)
    | st.text(max_size=200)
    | st.binary(max_size=2048)
    | st.integers(60_000, 80_000).map(lambda size: '["stdin", "' + "x" * size + '"]'),
    max_size=8,
)
numbers = st.integers(-(10**12), 10**12).map(str)
queries = st.builds(lambda w, h: f"?width={w}&height={h}", st.text(max_size=8) | numbers, numbers)


@pytest.mark.slow
def test_fuzzing_the_host_leaves_it_serving_without_a_traceback(fuzzed):
    import asyncssh

    host, named = fuzzed
    started = time.monotonic()

    @FUZZ
    @given(size=sizes, sent=chunks, known=st.booleans())
    def ssh_tries(size, sent, known):
        key = named if known else asyncssh.generate_private_key("ssh-ed25519")  # a game, or the name prompt
        asyncio.run(asyncio.wait_for(_ssh(host, key, size, sent), 30))
        assert host.alive()

    @FUZZ
    @given(query=queries, messages=web_messages)
    def web_tries(query, messages):
        asyncio.run(asyncio.wait_for(_web(host.url, query, messages), 30))
        assert host.alive()

    ssh_tries()
    web_tries()
    assert time.monotonic() - started < 300
    # Still serving, both ways.
    asyncio.run(asyncio.wait_for(_still_serving(host), 60))


async def _still_serving(host: Host) -> None:
    import aiohttp
    import asyncssh

    output = bytearray()

    class Collect(asyncssh.SSHClientSession[bytes]):
        def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
            output.extend(data)

    deadline = time.monotonic() + 30
    while True:  # the fuzz's last games may still hold every place for a moment
        conn = await asyncssh.connect(
            "127.0.0.1",
            host.port,
            username="u",
            client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
            known_hosts=None,
            agent_path=None,
            config=None,
        )
        await conn.create_session(Collect, term_type="xterm-256color", term_size=(80, 24), encoding=None)
        while b"Your name:" not in output and b"full" not in output and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        conn.close()
        if b"Your name:" in output:
            break
        assert time.monotonic() < deadline, bytes(output)
        output.clear()
        await asyncio.sleep(1)
    async with aiohttp.ClientSession() as http:
        socket = await http.ws_connect(host.url.replace("http", "ws", 1) + "/ws", headers={"Origin": host.url})
        seen = bytearray()
        while b"New game" not in seen:
            message = await socket.receive(timeout=30)
            assert message.type == aiohttp.WSMsgType.BINARY, message
            seen += message.data
        await socket.close()
