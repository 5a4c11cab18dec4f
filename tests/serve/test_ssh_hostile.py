"""The SSH host against hostile clients (issue 35): revoked keys, forwards, silent sockets, failed logins,
throwaway keys, and what a player is told when their game stops.

Real servers and clients in the test's own event loop (harness.py), with short limits.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import threading
import time

import asyncssh
import pytest

from unokart_tui.serve import session as session_module
from unokart_tui.serve import ssh
from unokart_tui.serve.config import Limits

from .harness import authorized_line, connect, new_key, sees, serving, session, until


def fake_game(monkeypatch, code: str) -> None:
    """The game replaced by a few lines of Python (fd 3 is its save report pipe)."""
    monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", code])


async def refused(served, key) -> bool:
    try:
        conn = await connect(served, key)
    except asyncssh.PermissionDenied:
        return True
    conn.close()
    return False


async def test_a_key_taken_out_of_the_file_loses_access_at_its_next_login(tmp_path):
    """Finding 13: emptying, deleting or editing the keys file revokes at once, and the log says so."""
    ann, bob = new_key(), new_key()
    keys = tmp_path / "authorized_keys"
    keys.write_text(authorized_line(ann) + authorized_line(bob))
    async with serving(tmp_path, keys_file=keys) as served:
        assert not await refused(served, ann)
        keys.write_text(authorized_line(bob))  # ann taken out, the same size or not
        assert await refused(served, ann)
        assert not await refused(served, bob)
        keys.write_text("")
        assert await refused(served, bob)
        keys.unlink()
        assert await refused(served, bob)
        keys.write_text(authorized_line(ann))
        assert not await refused(served, ann)
        log = served.log()
    assert "holds 1 key" in log
    assert f"{str(keys)!r} is empty: no key may log in" in log
    assert f"{str(keys)!r} is gone: no key may log in" in log


async def test_a_keys_file_replaced_by_a_named_pipe_blocks_nothing(tmp_path):
    """Finding 11: a FIFO in the keys file's place is refused at the next login; the host goes on."""
    ann = new_key()
    keys = tmp_path / "authorized_keys"
    keys.write_text(authorized_line(ann))
    async with serving(tmp_path, keys_file=keys) as served:
        keys.unlink()
        os.mkfifo(keys)
        opener = threading.Thread(target=lambda: served.hub.accepts(ann.convert_to_public(), "127.0.0.1"))
        opener.daemon = True
        opener.start()
        opener.join(5)
        assert not opener.is_alive(), "reading the keys file blocked on a named pipe"
        assert await refused(served, ann)
        assert "is a named pipe, not a file: not read: no key may log in" in served.log()


async def test_a_remote_socket_forward_is_refused_and_the_connection_goes_on(tmp_path):
    """Finding 16: `ssh -R /a:/b` gets a refusal, not a killed connection."""
    async with serving(tmp_path) as served:
        conn = await connect(served, new_key())
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_path(str(tmp_path / "a"), str(tmp_path / "b"))
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
        _, screen = await session(conn)  # the same connection still opens its session
        await sees(screen, "Your name:")
        conn.close()
        log = served.log()
    assert "refused remote socket forwarding" in log and "refused remote port forwarding" in log


async def test_x11_and_agent_forwarding_are_refused_in_the_log(tmp_path):
    async with serving(tmp_path) as served:
        conn = await connect(served, new_key())
        chan, _ = await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", encoding=None)
        for request in (b"x11-req", b"auth-agent-req@openssh.com"):
            body = (
                asyncssh.packet.Boolean(False)
                + asyncssh.packet.String(b"MIT-MAGIC-COOKIE-1")
                + asyncssh.packet.String(b"00" * 16)
                + asyncssh.packet.UInt32(0)
                if request == b"x11-req"
                else b""
            )
            assert await chan._make_request(request, body) is False
        conn.close()
        await until(lambda: "refused agent forwarding" in served.log())
        log = served.log()
    assert "refused X11 forwarding" in log


async def test_failed_logins_never_lock_out_a_valid_key_behind_the_same_address(tmp_path, monkeypatch):
    """Finding 16: after many failures from one address, its strangers are slowed, its players get in."""
    monkeypatch.setattr(ssh, "SLOW_REFUSAL", 0.25)  # a second on the host: the test waits a quarter of one
    ann, eve = new_key(), new_key()
    keys = tmp_path / "authorized_keys"
    keys.write_text(authorized_line(ann))
    async with serving(tmp_path, keys_file=keys, limits=Limits(max_auth_failures=2)) as served:
        for _ in range(3):
            assert await refused(served, eve)
        assert not await refused(served, ann)  # the old host turned this address away: ann too
        # A player whose agent offers another key first still gets in, the slowing later.
        started = time.monotonic()
        (await connect(served, eve, client_keys=[eve, ann])).close()
        assert time.monotonic() - started >= ssh.SLOW_REFUSAL
        assert "slowed too many failed logins from this address" in served.log()


def silent(address: str, port: int) -> socket.socket:
    sock = socket.socket()
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


async def test_silent_sockets_cannot_keep_a_player_out(tmp_path):
    """Finding 16: with every place for logging in taken by silent sockets, a real login still gets in."""
    limits = Limits(max_unauthenticated=16, max_unauthenticated_per_address=4)
    async with serving(tmp_path, limits=limits) as served:
        # Loopback has many addresses: 4 from each, 16 in all, and 4 more that find the host full.
        sockets = [silent(f"127.0.0.{2 + i // 4}", served.port) for i in range(20)]
        try:
            await until(lambda: len(served.hub.connections) >= 16, what="the silent sockets")
            started = time.monotonic()
            conn = await connect(served, new_key())
            assert time.monotonic() - started < 5
            _, screen = await session(conn)
            await sees(screen, "Your name:")
            conn.close()
        finally:
            for sock in sockets:
                sock.close()
        assert "dropped silent while the host was full" in served.log()


async def test_a_silent_socket_is_closed_on_its_own_clock(tmp_path):
    async with serving(tmp_path, limits=Limits(hello_timeout=0.3)) as served:
        sock = silent("127.0.0.1", served.port)
        sock.settimeout(5)
        try:
            loop = asyncio.get_running_loop()
            started = time.monotonic()
            while await loop.run_in_executor(None, sock.recv, 4096):  # the server's hello, then its close
                pass
            assert time.monotonic() - started < 4
        finally:
            sock.close()
        assert "silent: it never began to log in" in served.log()


async def test_a_new_key_at_the_name_prompt_is_sent_away_soon_and_leaves_nothing(tmp_path):
    """Finding 16: with --open, a throwaway key parked at the name prompt leaves in seconds, and no directory."""
    async with serving(tmp_path, limits=Limits(name_timeout=0.5)) as served:
        conn = await connect(served, new_key())
        chan, screen = await session(conn)
        await sees(screen, "Your name:")
        assert not (served.data_dir / "players").exists()
        await sees(screen, "No name given within 0.5 seconds: goodbye for now.", timeout=10)
        await asyncio.wait_for(chan.wait_closed(), 10)
        assert not (served.data_dir / "players").exists() or not list((served.data_dir / "players").iterdir())
        assert not served.hub.playing
        conn.close()


async def test_player_directories_are_made_on_a_name_and_capped(tmp_path, monkeypatch):
    fake_game(monkeypatch, "import time; time.sleep(0.1)")
    async with serving(tmp_path, limits=Limits(max_players=1)) as served:
        for number, key in enumerate((new_key(), new_key())):
            conn = await connect(served, key)
            chan, screen = await session(conn)
            await sees(screen, "Your name:")
            chan.write(b"Ann\r")
            if number == 0:
                await asyncio.wait_for(chan.wait_closed(), 10)
                assert len(list((served.data_dir / "players").iterdir())) == 1
            else:
                await sees(screen, "This server takes no new players right now.")
            conn.close()
        assert len(list((served.data_dir / "players").iterdir())) == 1
        assert "refused no room for a new player" in served.log()


@pytest.mark.parametrize(
    ("report", "told"),
    [
        ("os.write(3, b'1 saved 0\\n')", "The game stopped unexpectedly (status 1). Every move you made is saved."),
        (
            "os.write(3, b'1 saved 0\\n1 unsaved 2\\n')",
            "The game stopped unexpectedly (status 1). Your last 2 moves could not be saved.",
        ),
        ("", "The game stopped unexpectedly (status 1). It had not saved a match in this session."),
    ],
)
async def test_a_crash_says_only_what_the_game_reported_it_saved(tmp_path, monkeypatch, report, told):
    """Finding 1: "Every move you made is saved" only when the game said so; the old host always said it."""
    fake_game(monkeypatch, f"import os, sys; {report or 'pass'}; sys.exit(1)")
    async with serving(tmp_path) as served:
        conn = await connect(served, new_key())
        chan, screen = await session(conn)
        chan.write(b"Ann\r")
        await asyncio.wait_for(chan.wait_closed(), 10)
        assert told in screen.output.decode()
        assert chan.get_exit_status() == 1
        conn.close()
        assert "game-crash status 1" in served.log()


async def test_a_dropped_connection_is_logged_as_one(tmp_path, monkeypatch):
    """Finding 16: not as "game-exit status 120", which a real crash could also be."""
    fake_game(monkeypatch, "import os, time; os.write(3, b'1 saved 0\\n'); print('ready', flush=True); time.sleep(30)")
    async with serving(tmp_path) as served:
        conn = await connect(served, new_key())
        chan, screen = await session(conn)
        chan.write(b"Ann\r")
        await sees(screen, "ready")
        conn.abort()
        await until(lambda: "game-hangup" in served.log(), what="the hang-up in the log")
        line = next(line for line in served.log().splitlines() if "game-hangup" in line)
    assert "after the connection dropped; Every move you made is saved." in line
    assert "game-exit" not in served.log() and "game-crash" not in served.log()


async def test_the_name_prompt_echo_waits_for_a_client_that_does_not_read(tmp_path):
    """A flood at the name prompt: the echo (a bell for each key past 20) is not kept without bound.

    The host stops reading while its echo waits, so the flood stays on the client's side and the
    host keeps about one write buffer (~64 KB). Without that pause it echoes all 4 MB and keeps what
    the client's window cannot take (~2 MB): the bound of 1 MB tells the two apart. The check waits
    until the client has sent the whole flood and the host's echo buffer has stopped moving (a fixed
    sleep checked before anything was echoed on a loaded machine), or until the host holds too much.
    """
    bound = 1024 * 1024
    async with serving(tmp_path) as served:
        conn = await connect(served, new_key())
        chan, _ = await session(conn)
        chan.pause_reading()  # this client reads nothing
        for _ in range(64):
            chan.write(b"x" * 65536)
        [player] = served.hub.connections
        assert player.session is not None and player.session.chan is not None
        host = player.session.chan
        samples: list[tuple[int, int]] = []

        def settled_or_over() -> bool:
            samples.append((host.get_write_buffer_size(), chan.get_write_buffer_size()))
            echoed, unsent = samples[-1]
            if echoed >= bound:
                return True
            last = samples[-10:]  # ten polls (>= 0.2 s) with nothing moving on either side
            return echoed > 0 and unsent == 0 and len(last) == 10 and len(set(last)) == 1

        await until(settled_or_over, what="the whole flood sent and the host's echo settled")
        assert samples[-1][0] < bound, f"the host keeps {samples[-1][0]} bytes of echo"
        conn.abort()
