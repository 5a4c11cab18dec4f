"""The same play-and-drop, through a real sshd on 127.0.0.1 (started and stopped by the fixture)."""

from __future__ import annotations

import getpass
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import saves
from unokart_tui.tui.widgets.cardface import short

from .terminal import ROOT, wait_gone

SSHD = shutil.which("sshd") or ("/usr/sbin/sshd" if Path("/usr/sbin/sshd").exists() else None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def sshd(tmp_path):
    if SSHD is None:
        pytest.skip("sshd is not installed (.ci/run installs openssh-server)")
    keys = tmp_path / "ssh"
    keys.mkdir(mode=0o700)
    for name in ("host", "client"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(keys / name)], check=True)
    (keys / "authorized_keys").write_text((keys / "client.pub").read_text())
    Path("/run/sshd").mkdir(exist_ok=True)  # sshd's privilege separation directory
    port = free_port()
    config = keys / "sshd_config"
    config.write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {keys / 'host'}\n"
        f"AuthorizedKeysFile {keys / 'authorized_keys'}\nPidFile {keys / 'sshd.pid'}\n"
        "PasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\n"
        "PermitRootLogin prohibit-password\nLogLevel ERROR\n"
    )
    server = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 10
    while True:  # wait until it listens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                problem = server.stderr.read() if server.stderr else ""
                raise AssertionError(f"sshd did not start: {problem}") from None
            time.sleep(0.05)
    yield port, keys / "client"
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=10)


def ssh_line(port: int, key: Path, remote: str) -> str:
    options = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]
    return shlex.join(
        ["ssh", "-tt", "-i", str(key), "-p", str(port), *options, f"{getpass.getuser()}@127.0.0.1", remote]
    )


def remote_unokart(terminal, *args: str) -> str:
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in terminal.env.items())
    command = shlex.join([sys.executable, "-m", "unokart_tui", *args])
    return f"cd {shlex.quote(str(ROOT))} && env {env} {command}"


def test_play_over_ssh_drop_the_connection_and_continue(terminal, sshd, tmp_path):
    port, key = sshd
    player = f"Ann{abs(hash(tmp_path.name)) % 10**6}"  # names this test's game among all processes
    terminal.start(
        "ssh",
        ssh_line(
            port,
            key,
            remote_unokart(
                terminal, "new", "--bots", "greedy,challenger", "--seed", "7", "--name", player, "--bot-delay", "0.5"
            ),
        ),
    )
    screen = terminal.wait_for("ssh", "your turn", timeout=30)
    [entry] = saves.list_saves()
    round_ = saves.load(entry.name).round
    assert all(short(card) in screen for card in round_.hands[0])
    terminal.keys("ssh", "d")
    terminal.wait_for("ssh", "You draw")  # bots at half a second a move: the line stays on screen
    remote = int(
        subprocess.run(
            ["pgrep", "-f", f"unokart_tui new .*--name {player}"], capture_output=True, text=True, check=True
        ).stdout.split()[0]
    )
    client = int(
        subprocess.run(["pgrep", "-f", f"ssh -tt -i {key}"], capture_output=True, text=True, check=True).stdout.split()[
            0
        ]
    )
    os.kill(client, signal.SIGKILL)  # the connection drops
    wait_gone(remote)  # sshd hangs up on the game, which leaves
    saved = saves.load(entry.name)
    terminal.start("again", ssh_line(port, key, remote_unokart(terminal, "continue", "--bot-delay", "10")))
    terminal.wait_for(
        "again", lambda s: "Welcome back" in s and all(short(c) in s for c in saved.round.hands[0]), timeout=30
    )
    assert saves.load(entry.name).round == saved.round
