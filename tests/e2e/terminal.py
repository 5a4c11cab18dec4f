"""A real terminal for end-to-end tests: tmux on a private socket, keys in, screen text out."""

from __future__ import annotations

import os
import queue
import shlex
import shutil
import subprocess
import sys
import threading
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
        self._control: Control | None = None

    def tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        if self._control is not None and args[0] in Control.COMMANDS and all(map(Control.can_say, args)):
            return self._control.run(args, check=check)
        return subprocess.run(
            ["tmux", "-S", str(self.socket), *args], capture_output=True, text=True, check=check, timeout=30
        )

    def start(
        self, name: str, command: str, *, width: int = 80, height: int = 24, env: Mapping[str, str] | None = None
    ) -> None:
        if not self.sessions:  # a session that stays, so the server outlives every hang-up
            self.tmux("new-session", "-d", "-s", "keepalive", "sleep 600")
            self.sessions.append("keepalive")
            self._control = Control(self.socket, "keepalive")
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
        if self._control is not None:
            self._control.close()
            self._control = None


class Control:
    """A tmux client in control mode (``tmux -C``): the commands the tests repeat most (a look at
    the screen every 50 ms, a key) go down one pipe instead of starting a tmux process each, which
    cost about 4 ms of CPU a look. Its replies come between ``%begin`` and ``%end`` (or ``%error``);
    the notifications around them are skipped."""

    COMMANDS = frozenset({"capture-pane", "send-keys", "display", "resize-window"})

    def __init__(self, socket: Path, session: str) -> None:
        self.process = subprocess.Popen(
            ["tmux", "-S", str(socket), "-C", "attach-session", "-t", session],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        self._count = 0
        threading.Thread(target=self._read, daemon=True).start()
        self._say(("display", "-p", "ready"))
        while self._reply() != (False, "ready\n"):
            pass

    @staticmethod
    def can_say(arg: str) -> bool:
        """An argument that single quotes carry unchanged through tmux's command parser."""
        return "'" not in arg and "\n" not in arg and "\r" not in arg

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(b"")  # the client ended

    def _line(self) -> bytes:
        line = self.lines.get(timeout=30)
        if not line:
            raise AssertionError("the tmux control client ended")
        return line.rstrip(b"\n")

    def _say(self, *commands: tuple[str, ...]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"".join((" ".join(f"'{arg}'" for arg in args) + "\n").encode() for args in commands))
        self.process.stdin.flush()

    def _reply(self) -> tuple[bool, str]:
        """The next reply: whether it is an error, and its text."""
        while not ((begin := self._line()).startswith(b"%begin ") and begin.endswith(b" 1")):
            pass  # a notification (%output, %sessions-changed …), or a reply to no command of ours
        number = begin.split()[2]
        out: list[bytes] = []
        while True:
            line = self._line()
            words = line.split()
            if words[:1] in ([b"%end"], [b"%error"]) and len(words) >= 3 and words[2] == number:
                return words[0] == b"%error", b"".join(part + b"\n" for part in out).decode(errors="replace")
            out.append(line)

    def run(self, args: tuple[str, ...], *, check: bool) -> subprocess.CompletedProcess[str]:
        """``args``, followed by a marker: its reply is the last one before the marker's, whatever
        else the server says (a reply was once read for the next command's: the cause is unknown)."""
        self._count += 1
        marker = f"reply-{self._count}"
        self._say(args, ("display", "-p", marker))
        replies = [self._reply()]
        while replies[-1] != (False, marker + "\n"):
            replies.append(self._reply())
        assert len(replies) >= 2, f"no reply to {args}"
        failed, text = replies[-2]
        if failed and check:
            raise subprocess.CalledProcessError(1, ["tmux", *args], text)
        return subprocess.CompletedProcess(["tmux", *args], int(failed), "" if failed else text, text if failed else "")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)


def wait_gone(pid: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} is still running")
