"""A real terminal for end-to-end tests: tmux on a private socket, keys in, screen text out."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def unokart_command(*args: str) -> str:
    """The real `unokart` command, as a shell line (the installed entry point, same Python)."""
    return shlex.join([sys.executable, "-m", "unokart_tui", *args])


class Terminal:
    """One tmux server of its own; each window runs one command in a pane of a given size."""

    def __init__(self, workdir: Path, env: Mapping[str, str]) -> None:
        if shutil.which("tmux") is None:
            raise RuntimeError("tmux is not installed")
        self.socket = workdir / "tmux.sock"
        self.env = dict(env)
        self.sessions: list[str] = []

    def tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["tmux", "-S", str(self.socket), *args], capture_output=True, text=True, check=check, timeout=30
        )

    def start(
        self, name: str, command: str, *, width: int = 80, height: int = 24, env: Mapping[str, str] | None = None
    ) -> None:
        if not self.sessions:  # a session that stays, so the server outlives every hang-up
            self.tmux("new-session", "-d", "-s", "keepalive", "sleep 600")
            self.sessions.append("keepalive")
        merged = {**self.env, **(env or {})}
        exports = " ".join(f"{key}={shlex.quote(value)}" for key, value in merged.items())
        # COLUMNS and LINES (set by some test runners) would pin the app's size: a real terminal has neither.
        unset = " ".join(f"-u {key}" for key in ["COLUMNS", "LINES", *(k for k, v in merged.items() if v == "")])
        line = f"cd {shlex.quote(str(ROOT))} && env {unset} {exports} {command}; echo EXITED=$?; sleep 600"
        self.tmux("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), line)
        self.sessions.append(name)

    def keys(self, name: str, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", name, key)

    def screen(self, name: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", name).stdout

    def history(self, name: str) -> str:
        """What scrolled by in the pane (a traceback, say), for failure messages."""
        lines = self.tmux("capture-pane", "-p", "-S", "-2000", "-t", name).stdout.splitlines()
        return "\n".join(line for line in lines if line.strip())[-4000:]

    def wait_for(self, name: str, condition: Callable[[str], bool] | str, timeout: float = 20.0) -> str:
        """Poll the screen until ``condition`` holds (a text to find, or a test of the screen)."""
        test = condition if callable(condition) else (lambda screen: condition in screen)
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen(name)
            if test(screen):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting; the pane shows:\n{self.history(name)}")
            time.sleep(0.05)  # polling the screen, not waiting for a fixed time

    def app_pid(self, name: str) -> int:
        """The pid of the unokart process in the pane (the pane's shell runs it as a child)."""
        shell = int(self.tmux("display", "-p", "-t", name, "#{pane_pid}").stdout.strip())
        out = subprocess.run(
            ["pgrep", "-P", str(shell), "-f", "unokart_tui"], check=False, capture_output=True, text=True
        )
        pids = [int(p) for p in out.stdout.split()]
        if not pids:
            raise AssertionError("unokart is not running in that pane")
        return pids[0]

    def hang_up(self, name: str) -> None:
        """Close the terminal, as a dropped SSH connection does: the pane's processes get SIGHUP."""
        self.tmux("kill-session", "-t", name)
        self.sessions.remove(name)

    def resize(self, name: str, width: int, height: int) -> None:
        self.tmux("resize-window", "-t", name, "-x", str(width), "-y", str(height))

    def close(self) -> None:
        self.tmux("kill-server", check=False)


def wait_gone(pid: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} is still running")
