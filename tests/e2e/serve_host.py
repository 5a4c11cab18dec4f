"""`unokart serve` started for a test, on 127.0.0.1, with client keys made by ssh-keygen."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from .terminal import ROOT, wait_gone

# Only the key given with -i: not the agent, not the keys in ~/.ssh of whoever runs the tests.
SSH_OPTIONS = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes"]
SSH_OPTIONS += ["-o", "IdentityAgent=none", "-o", "BatchMode=yes"]


def need(*tools: str) -> None:
    for tool in tools:
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (.ci/run installs it)")
    for module in ("asyncssh", "textual_serve"):
        try:
            __import__(module)
        except ImportError:
            pytest.skip(f'{module} is not installed: pip install -e ".[serve]" (the test extra has it)')


def make_key(directory: Path, name: str) -> Path:
    path = directory / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)], check=True)
    return path


def key_digest(key: Path) -> bytes:
    """SHA-256 of the public key's blob, worked out here from the .pub file, independently of the server."""
    blob = base64.b64decode(Path(f"{key}.pub").read_text().split()[1])
    return hashlib.sha256(blob).digest()


def fingerprint(key: Path) -> str:
    return "SHA256:" + base64.b64encode(key_digest(key)).decode().rstrip("=")


class Host:
    """One server process; ``start`` waits for its "SSH on" / "web on" lines."""

    def __init__(self, data_dir: Path, args: list[str]) -> None:
        self.data_dir = data_dir
        env = {**os.environ, "TZ": "UTC"}
        command = [sys.executable, "-m", "unokart_tui", "serve", "--data-dir", str(data_dir), *args]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.lines: list[str] = []
        self.log_from = 0
        self.port = 0
        self.url = ""
        assert self.process.stdout is not None
        deadline = time.monotonic() + 30
        while not self.lines or "data in" not in self.lines[-1]:
            line = self.process.stdout.readline()
            if not line or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start: {self.lines} {self.stop()}")
            self.lines.append(line)
            if found := re.search(r"SSH on [^ ]+:(\d+),", line):
                self.port = int(found.group(1))
            if found := re.search(r"web on (http://\S+)", line):
                self.url = found.group(1)

    def ssh(
        self, key: Path, *args: str, remote: Sequence[str] = (), log_level: str = "ERROR", command: str = "ssh"
    ) -> list[str]:
        port = ["-P" if command == "sftp" else "-p", str(self.port)]
        options = [*SSH_OPTIONS, "-o", f"LogLevel={log_level}"]
        return [command, "-i", str(key), *port, *options, *args, "player@127.0.0.1", *remote]

    def ssh_line(self, key: Path, *args: str) -> str:
        return shlex.join(self.ssh(key, "-tt", *args))

    def home(self, key: Path) -> Path:
        return self.data_dir / "players" / key_digest(key).hex()

    def prepare_player(self, key: Path, settings: str) -> Path:
        """The player's settings before their first visit (as an operator could write them)."""
        config = self.home(key) / "config"
        config.mkdir(parents=True)
        (config / "settings.toml").write_text(settings)
        return self.home(key) / "data"

    def log(self) -> str:
        """The connection log, from where ``read_log_from_here`` was last called (a shared host's test)."""
        with contextlib.suppress(FileNotFoundError):
            return (self.data_dir / "log" / "connections.log").read_text()[self.log_from :]
        return ""

    def read_log_from_here(self) -> None:
        self.log_from = 0
        self.log_from = len(self.log())

    def wait_log(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in (log := self.log()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never reached the log:\n{log}")
            time.sleep(0.05)
        return log

    def games(self) -> list[int]:
        """The game processes the server is running (its children)."""
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True, check=False)
        return [int(pid) for pid in out.stdout.split()]

    def end_games(self) -> None:
        """SIGKILL the games still running, and wait until they are gone. For a test done with games
        that still work through a flood of keys or garbage: the host would wait its grace on
        shutdown (5 s) before it killed them itself."""
        games = self.games()
        for game in games:
            with contextlib.suppress(ProcessLookupError):
                os.kill(game, signal.SIGKILL)
        for game in games:
            wait_gone(game)

    def client(self, key: Path, *args: str, term: str = "xterm-256color") -> Client:
        return Client(self.ssh(key, "-tt", *args), {**os.environ, "TERM": term})

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> str:
        """SIGTERM, then what the server wrote on stderr."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err


class Client:
    """OpenSSH with a pseudo-terminal forced (-tt) but no terminal of ours: its output is collected as bytes."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        pipe = subprocess.PIPE
        self.process = subprocess.Popen(command, stdin=pipe, stdout=pipe, stderr=pipe, env=env)
        self.output = bytearray()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        while chunk := self.process.stdout.read1(65536):
            self.output += chunk

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while text.encode() not in self.output:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never came; the client got {bytes(self.output[-2000:])!r}")
            time.sleep(0.05)
        return self.output.decode(errors="replace")

    def send(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def finish(self, timeout: float = 20.0) -> int:
        """Wait for the client to end by itself; its exit status."""
        status = self.process.wait(timeout=timeout)
        self._reader.join(timeout)
        return status

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
