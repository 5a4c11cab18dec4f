"""`unokart serve --ssh` with the real OpenSSH client, on 127.0.0.1: players by key, refusals, limits, shutdown."""

from __future__ import annotations

import contextlib
import socket
import stat
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

import saves
from unokart_tui.engine import Match
from unokart_tui.tui.widgets.cardface import short

from .serve_host import Host, fingerprint, make_key, need
from .terminal import wait_gone

# Bots at 0.3 s a move keep "You draw" in the log long enough to be read; no question on leaving.
FAST = 'bot_speed = "fast"\nconfirm_quit = false\n'
# A player who has played before: no first-game guide over the hand (a saved match not yet begun is a
# first game, and whether a poll saw the hand before its guide came was a race).
NAMED = FAST + 'player_name = "Bob"\nguide = false\n'


@pytest.fixture(scope="module")
def authorized(tmp_path_factory) -> Path:
    """The module's authorized_keys: each test adds its own ann and bob (eve is never in it)."""
    path = tmp_path_factory.mktemp("authorized") / "authorized_keys"
    path.write_text("")
    return path


@pytest.fixture(scope="module")
def shared_host(tmp_path_factory, authorized):
    """One `unokart serve` for the tests that need no flag of their own and do not stop it: each
    test has keys of its own (so a home of its own), and reads the log from its own start."""
    need("ssh", "ssh-keygen", "sftp", "pgrep")
    host = Host(
        tmp_path_factory.mktemp("shared") / "host", ["--ssh", "127.0.0.1:0", "--authorized-keys", str(authorized)]
    )
    yield host
    host.stop()


@pytest.fixture
def keys(tmp_path, authorized):
    need("ssh", "ssh-keygen", "sftp", "pgrep")
    directory = tmp_path / "keys"
    directory.mkdir(mode=0o700)
    made = {name: make_key(directory, name) for name in ("ann", "bob", "eve")}
    with authorized.open("a") as file:
        file.write("".join(Path(f"{made[name]}.pub").read_text() for name in ("ann", "bob")))
    return SimpleNamespace(directory=directory, authorized=authorized, **made)


@pytest.fixture
def serve(tmp_path, keys, request):
    hosts: list[Host] = []

    def start(*args: str, open_to_all: bool = False, alone: bool = False) -> Host:
        """The shared host without flags (``alone``: a host of the test's own, which it may stop)."""
        if not args and not open_to_all and not alone:
            host: Host = request.getfixturevalue("shared_host")
            # The games of the tests before have been told to exit (their terminals closed).
            deadline = time.monotonic() + 30
            while host.games():
                assert time.monotonic() < deadline, f"games of an earlier test still run: {host.games()}"
                time.sleep(0.05)
            host.read_log_from_here()
            return host
        who = ["--open"] if open_to_all else ["--authorized-keys", str(keys.authorized)]
        host = Host(tmp_path / "host", ["--ssh", "127.0.0.1:0", *who, *args])
        hosts.append(host)
        return host

    yield start
    for host in hosts:
        host.stop()


def use_saves_of(monkeypatch, data: Path) -> None:
    monkeypatch.setenv("UNOKART_DATA_DIR", str(data))


def shows_hand(screen: str, name: str) -> bool:
    return all(short(card) in screen for card in saves.load(name).round.hands[0])


def a_saved_match(monkeypatch, data: Path, player: str) -> str:
    use_saves_of(monkeypatch, data)
    saves.save(Match.new([player, "Mario", "Luigi"], seed=3), "Duel")
    return "Duel"


def previous_field(terminal, name: str) -> None:
    """From the name to the seed: once the terminal's cursor is in the name (it follows the focused
    text field), shift+tab past the Start and House rules buttons to the field before them, and wait for
    the cursor there."""

    def cursor() -> tuple[int, int]:
        x, y = terminal.tmux("display", "-p", "-t", name, "#{cursor_x},#{cursor_y}").stdout.split(",")
        return int(x), int(y)

    def in_the_name(screen: str) -> bool:
        lines = screen.splitlines()
        row = next(i for i, line in enumerate(lines) if "Your name" in line) + 1
        return cursor()[1] == row

    terminal.wait_for(name, in_the_name)
    before = cursor()
    terminal.keys(name, "BTab", "BTab", "BTab")
    terminal.wait_for(name, lambda _: cursor()[1] > before[1])


def test_a_key_is_a_player_who_plays_drops_the_connection_and_continues(terminal, serve, keys, monkeypatch):
    host = serve()
    data = host.prepare_player(keys.ann, FAST)
    terminal.start("ann", host.ssh_line(keys.ann))
    terminal.wait_for("ann", "Your name:")  # a new key: asked once
    terminal.keys("ann", "Ann", "Enter")
    terminal.wait_for("ann", "New game")
    settings = tomllib.loads((host.home(keys.ann) / "config" / "settings.toml").read_text())
    assert settings["player_name"] == "Ann" and settings["bot_speed"] == "fast"  # the others kept
    terminal.keys("ann", "n")
    terminal.wait_for("ann", lambda s: "Ann" in s.partition("Your name")[2][:40])  # the name it keeps
    previous_field(terminal, "ann")  # back round the form: past Start and House rules, to the seed
    terminal.keys("ann", "7", "C-s")
    terminal.wait_for("ann", "Got it", timeout=30)  # a new player's first match opens with the guide
    terminal.keys("ann", "Enter")
    screen = terminal.wait_for("ann", "your turn", timeout=30)
    use_saves_of(monkeypatch, data)
    [entry] = saves.list_saves()
    assert entry.players[0] == "Ann"
    assert shows_hand(screen, entry.name)
    terminal.keys("ann", "d")
    terminal.wait_for("ann", "You draw")
    [game] = host.games()
    terminal.hang_up("ann")  # the SSH client goes: the connection drops
    wait_gone(game)
    hung_up = host.wait_log("game-hangup")  # logged as a dropped connection, not as a crash (issue 35)
    assert "after the connection dropped; Every move you made is saved." in hung_up
    saved = saves.load(entry.name)
    terminal.start("again", host.ssh_line(keys.ann))
    screen = terminal.wait_for("again", "Continue")
    assert "Your name:" not in terminal.history("again")  # known: not asked again
    terminal.keys("again", "c")
    terminal.wait_for("again", lambda s: "Welcome back" in s and shows_hand(s, entry.name), timeout=30)
    assert saves.load(entry.name).round == saved.round
    assert f"{fingerprint(keys.ann)} login" in host.log()


def test_a_second_key_gets_its_own_empty_saves(terminal, serve, keys, monkeypatch):
    host = serve()
    a_saved_match(monkeypatch, host.prepare_player(keys.ann, NAMED), "Ann")
    host.prepare_player(keys.bob, FAST)
    terminal.start("bob", host.ssh_line(keys.bob))
    terminal.wait_for("bob", "Your name:")
    terminal.keys("bob", "Bob", "Enter")
    screen = terminal.wait_for("bob", "New game")
    assert "Continue" not in screen and "Duel" not in screen
    terminal.resize("bob", 120, 40)  # passed on: the game draws its key bar across the new width
    terminal.wait_for("bob", lambda s: any(len(line) > 100 and line.endswith("palette") for line in s.splitlines()))
    terminal.keys("bob", "l")
    terminal.wait_for("bob", lambda s: "Load" in s and "Duel" not in s)
    terminal.start("ann", host.ssh_line(keys.ann))
    terminal.wait_for("ann", "Continue   Duel")
    assert host.home(keys.ann) != host.home(keys.bob)
    assert list((host.home(keys.bob) / "data").glob("*.toml")) == []
    for directory in (host.home(keys.bob), host.home(keys.bob) / "data", host.data_dir / "players"):
        assert stat.S_IMODE(directory.stat().st_mode) == 0o700


def toast_text(screen: str) -> str:
    """The words of a notification, which wrap inside its frame at the right of the screen."""
    return " ".join(line.rpartition("▌")[2].strip() for line in screen.splitlines() if "▌" in line)


def test_the_same_key_cannot_play_one_match_twice(terminal, serve, keys, monkeypatch):
    host = serve()
    name = a_saved_match(monkeypatch, host.prepare_player(keys.bob, NAMED), "Bob")
    terminal.start("first", host.ssh_line(keys.bob))
    terminal.wait_for("first", "Continue")
    terminal.keys("first", "c")
    terminal.wait_for("first", lambda s: shows_hand(s, name))
    terminal.start("second", host.ssh_line(keys.bob))
    terminal.wait_for("second", "Continue")
    terminal.keys("second", "c")
    toast = terminal.wait_for("second", lambda s: "being played in another session" in toast_text(s))
    assert "Already playing" in toast_text(toast) and "'Duel'" in toast_text(toast)


def run(command: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=30, check=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def forwarded_connection_is_refused(host: Host, key: Path) -> str:
    """``ssh -N -L``: the tunnel opens on our side, and the server refuses every connection through it."""
    local = free_port()
    forward = ["-n", "-N", "-o", "ExitOnForwardFailure=yes", "-L", f"127.0.0.1:{local}:127.0.0.1:{host.port}"]
    tunnel = subprocess.Popen(
        host.ssh(key, *forward, log_level="INFO"), stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                through = socket.create_connection(("127.0.0.1", local), timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline and tunnel.poll() is None, "the tunnel never listened"
                time.sleep(0.05)
        with through:
            assert through.recv(100) == b""  # closed at once: nothing reached the server's port
    finally:
        tunnel.terminate()
        try:
            _, err = tunnel.communicate(timeout=5)
        except subprocess.TimeoutExpired:  # it once outlived SIGTERM by 20 s (stdin was not /dev/null then)
            tunnel.kill()
            _, err = tunnel.communicate()
    return err


def test_nothing_but_the_game(serve, keys):
    host = serve()
    listing = run(host.ssh(keys.ann, remote=["ls", "/"]))
    assert listing.returncode != 0 and "exec request failed" in listing.stderr
    assert "bin" not in listing.stdout
    sftp = run(host.ssh(keys.ann, "-b", "-", command="sftp"), stdin="ls /\n")
    assert sftp.returncode != 0 and "subsystem request failed" in sftp.stderr
    assert "administratively prohibited" in forwarded_connection_is_refused(host, keys.ann)
    remote = run(host.ssh(keys.ann, "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9"))
    assert remote.returncode != 0 and "remote port forwarding failed" in remote.stderr
    password_only = ["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password,keyboard-interactive"]
    password = run(host.ssh(keys.ann, *password_only))
    assert password.returncode == 255 and "Permission denied (publickey)" in password.stderr
    stranger = run(host.ssh(keys.eve, "-tt"))
    assert stranger.returncode == 255 and "Permission denied (publickey)" in stranger.stderr
    no_terminal = run(host.ssh(keys.ann, "-T"))
    assert no_terminal.returncode == 1 and "needs a terminal" in no_terminal.stdout
    log = host.log()
    for refusal in ("command 'ls /'", "subsystem 'sftp'", "refused port forwarding", "refused remote port forwarding"):
        assert refusal in log
    assert f"{fingerprint(keys.eve)} key-refused" in log
    assert host.alive()
    client = host.client(keys.bob)  # and a player still gets in
    try:
        client.wait_for("Your name:")
    finally:
        client.close()


def test_the_game_gets_the_terminal_and_nothing_else_from_the_client(serve, keys):
    host = serve()
    host.prepare_player(keys.bob, NAMED)
    setenv = "SetEnv=UNOKART_DATA_DIR=/tmp/elsewhere HOME=/ PYTHONPATH=/tmp"
    client = host.client(keys.bob, "-o", setenv, term="screen-256color")
    try:
        client.wait_for("New game")
        [game] = host.games()
        raw = Path(f"/proc/{game}/environ").read_bytes()
        env = dict(item.split("=", 1) for item in raw.decode().split("\0") if item)
        assert set(env) == {"PATH", "HOME", "LANG", "TERM", "UNOKART_DATA_DIR", "UNOKART_CONFIG_DIR", "TZ"} | {
            "TEXTUAL_DRIVER",  # the driver that caps the game's input (issue 35)
            "UNOKART_SAVE_REPORT_FD",  # the pipe on which the game tells the host what it saved
            "UNOKART_TABLE_FD",  # the line to the host's tables for friends (issue 31)
        }
        assert env["UNOKART_DATA_DIR"] == str(host.home(keys.bob) / "data")
        assert env["HOME"] == str(host.home(keys.bob))
        assert env["TZ"] == "UTC"  # the host's zone: times on screen are the host's
        assert env["TERM"] == "screen-256color"
        assert "refused environment variables" in host.log()
    finally:
        client.close()


async def asyncssh_session(host: Host, key: Path, size: tuple[int, int]):
    """A client that says what OpenSSH never would: any terminal size. Returns the connection and its output."""
    import asyncssh

    output = bytearray()

    class Collect(asyncssh.SSHClientSession[bytes]):
        def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
            output.extend(data)

    conn = await asyncssh.connect(
        "127.0.0.1", host.port, username="player", client_keys=[str(key)], known_hosts=None, agent_path=None
    )
    chan, _ = await conn.create_session(Collect, term_type="xterm-256color", term_size=size, encoding=None)
    return conn, chan, output


async def until(condition, timeout: float = 20.0) -> None:
    import asyncio

    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def test_odd_sizes_garbage_and_half_handshakes_leave_the_server_serving(serve, keys):
    import asyncio
    import random

    host = serve("--max-auth-failures", "100")
    host.prepare_player(keys.ann, FAST.replace("fast", "instant") + 'player_name = "Ann"\n')
    host.prepare_player(keys.bob, NAMED)

    def raw(data: bytes, read_first: bool = False) -> None:
        with socket.create_connection(("127.0.0.1", host.port), timeout=10) as sock:
            if read_first:
                sock.recv(256)  # the server's version line
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
            with contextlib.suppress(ConnectionResetError):
                while sock.recv(65536):  # the server closes the connection
                    pass

    async def scenario() -> None:
        zero, zero_chan, seen_zero = await asyncssh_session(host, keys.ann, (0, 0))
        await until(lambda: b"New game" in seen_zero)
        huge, huge_chan, seen_huge = await asyncssh_session(host, keys.bob, (10000, 10000))
        await until(lambda: b"New game" in seen_huge)
        huge_chan.change_terminal_size(0, 0)
        for _ in range(200):  # a burst of resizes
            huge_chan.change_terminal_size(10000, 10000)
        rng = random.Random(19)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, raw, rng.randbytes(4096))  # garbage instead of SSH
        await loop.run_in_executor(None, raw, b"SSH-2.0-test\r\n" + rng.randbytes(4096), True)  # garbage after hello
        await loop.run_in_executor(None, raw, b"", False)  # connect, say nothing, leave
        await loop.run_in_executor(None, raw, b"SSH-2.0-test\r\n", True)  # leave in the middle of the handshake
        half = await asyncio.open_connection("127.0.0.1", host.port)
        half[1].close()
        huge_chan.write(rng.randbytes(64 * 1024))  # garbage to a game: it may quit, nothing else may happen
        # Still serving: the first session answers a key, and a new login gets in.
        zero_chan.write(b"r")
        await until(lambda: b"Everyone starts with 7 cards" in seen_zero)
        later, _, seen_later = await asyncssh_session(host, keys.ann, (80, 24))
        await until(lambda: b"New game" in seen_later)
        for conn in (zero, huge, later):
            conn.close()
            await conn.wait_closed()

    asyncio.run(scenario())
    log = host.log()
    assert "terminal 'xterm-256color' 80x24" in log  # 0x0: the usual size
    assert "terminal 'xterm-256color' 500x200" in log  # 10000x10000: the largest allowed
    assert log.count("gone-before-login") >= 5
    assert host.alive()
    host.end_games()  # the one fed 64 KiB of garbage still works through it


def test_session_limits_say_why(serve, keys):
    host = serve("--max-sessions", "2", "--max-sessions-per-key", "1", open_to_all=True)
    clients = []
    try:
        first = host.client(keys.ann)
        clients.append(first)
        first.wait_for("Your name:")
        again = host.client(keys.ann)
        clients.append(again)
        assert again.finish() == 1
        assert "This key already has 1 session open here" in again.wait_for("session")
        second = host.client(keys.bob)
        clients.append(second)
        second.wait_for("Your name:")
        third = host.client(keys.eve)  # --open: any key, but the host is full
        clients.append(third)
        assert third.finish() == 1
        assert "The server is full (2 games are running)" in third.wait_for("full")
        first.send(b"\x03")  # Ctrl+C at the name prompt: leave
        assert first.finish() == 0
        fourth = host.client(keys.eve)  # a place is free again
        clients.append(fourth)
        fourth.wait_for("Your name:")
    finally:
        for client in clients:
            client.close()


def test_an_idle_player_is_disconnected_and_told_why(serve, keys):
    # At the name prompt, so the clock runs from a known moment on a machine of any speed;
    # a game is ended the same way as on SIGTERM (see the test of the shutdown).
    host = serve("--idle-timeout", "1")
    client = host.client(keys.bob)
    try:
        client.wait_for("Your name:")
        assert client.finish() == 0
        assert "No key for 1 s: goodbye for now.\r\n" in client.wait_for("goodbye")
    finally:
        client.close()
    host.wait_log("idle")


def test_an_address_with_too_many_failed_logins_keeps_its_players(serve, keys):
    """Issue 35: the address was once turned away, valid keys too (a NAT, a load balancer); now its
    strangers are slowed, and its players get in, also behind a key that is refused."""
    host = serve("--max-auth-failures", "2")
    for _ in range(2):
        assert run(host.ssh(keys.eve, "-tt")).returncode == 255
    behind_a_stranger = run(host.ssh(keys.eve, "-T", "-i", str(keys.bob)))
    assert behind_a_stranger.returncode == 1 and "needs a terminal" in behind_a_stranger.stdout  # bob got in
    assert "slowed too many failed logins from this address" in host.wait_log("too many failed")
    client = host.client(keys.ann)
    try:
        client.wait_for("Your name:")
    finally:
        client.close()


def test_a_player_added_to_the_keys_file_gets_in_without_a_restart(serve, keys):
    host = serve()
    assert "Permission denied" in run(host.ssh(keys.eve, "-tt")).stderr
    with keys.authorized.open("a") as file:
        file.write(Path(f"{keys.eve}.pub").read_text())
    client = host.client(keys.eve)
    try:
        client.wait_for("Your name:")
    finally:
        client.close()


def test_sigterm_tells_every_game_to_exit_then_stops(terminal, serve, keys, monkeypatch):
    host = serve(alone=True)
    name = a_saved_match(monkeypatch, host.prepare_player(keys.bob, NAMED), "Bob")
    terminal.start("bob", host.ssh_line(keys.bob))
    terminal.wait_for("bob", "Continue")
    terminal.keys("bob", "c")
    terminal.wait_for("bob", lambda s: shows_hand(s, name))
    [game] = host.games()
    saved = saves.load(name)
    err = host.stop()
    assert host.process.returncode == 0, err
    wait_gone(game)
    screen = terminal.wait_for("bob", "EXITED=0")
    # The game reported every save it made: the host says so (issue 35), and only then.
    assert "The server is shutting down; see you soon. Every move you made is saved." in screen
    assert saves.load(name).round == saved.round
    assert "game-exit status 0" in host.log()


def test_the_host_key_is_made_once_private_and_kept(tmp_path, keys):
    first = Host(tmp_path / "host", ["--ssh", "127.0.0.1:0", "--open"])
    first.stop()
    key = tmp_path / "host" / "host_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    second = Host(tmp_path / "host", ["--ssh", "127.0.0.1:0", "--open"])
    second.stop()
    shown = [next(line for line in host.lines if "host key" in line).rpartition(" ")[2] for host in (first, second)]
    assert shown[0] == shown[1] and shown[0].startswith("SHA256:")
    key.chmod(0o644)
    refused = subprocess.run(
        [sys.executable, "-m", "unokart_tui", "serve", "--ssh", "0", "--open", "--host-key", str(key)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert refused.returncode == 1
    assert refused.stderr.splitlines() == [
        f"unokart: {key} can be read by other users (mode 0644); make it private: chmod 600 {key}"
    ]
