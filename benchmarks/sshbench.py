"""What bench_serve.py and bench_friends.py share: a host, its players' keys, tmux, timed keys, /proc.

Not a benchmark of its own. The scripts import it from their folder (``python benchmarks/bench_….py``
puts that folder first on the path).
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import os
import re
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)
TICKS = os.sysconf("SC_CLK_TCK")
SSH_OPTIONS = "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o LogLevel=ERROR"
UNSEEN_AFTER = 15.0  # seconds: longer than any answer seen, also on a busy machine


class Tmux:
    """A tmux server of our own, and one control-mode client: commands in, answers and output notices out."""

    def __init__(self, socket: str) -> None:
        self.socket = socket
        self._answers: list[asyncio.Future[list[str]]] = []
        self._listeners: dict[str, Callable[[float], None]] = {}
        self._control: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._socket_path: Path | None = None

    async def start(self) -> None:
        base = ["tmux", "-L", self.socket, "-f", "/dev/null"]
        columns, rows = SIZE
        subprocess.run([*base, "new-session", "-d", "-s", "bench", "-x", str(columns), "-y", str(rows)], check=True)
        self._control = await asyncio.create_subprocess_exec(
            *base, "-C", "attach", "-t", "bench", stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self._reader = asyncio.create_task(self._read())
        [path] = await self.command("display-message -p '#{socket_path}'")
        self._socket_path = Path(path)

    async def _read(self) -> None:
        assert self._control is not None and self._control.stdout is not None
        block: list[str] | None = None
        mine = False
        while raw := await self._control.stdout.readline():  # b"" only at the end: screens have empty lines
            line = raw.decode(errors="replace").rstrip("\n")
            if block is not None:
                if line.startswith(("%end ", "%error ")):
                    if mine:
                        self._answers.pop(0).set_result(block)
                    block = None
                else:
                    block.append(line)
            elif line.startswith("%begin "):
                block, mine = [], line.endswith(" 1")  # flag 1: a command of this client
            elif line.startswith("%output "):
                pane = line.split(" ", 2)[1]
                if listener := self._listeners.get(pane):
                    listener(time.perf_counter())

    async def command(self, line: str) -> list[str]:
        assert self._control is not None and self._control.stdin is not None
        answer: asyncio.Future[list[str]] = asyncio.get_running_loop().create_future()
        self._answers.append(answer)
        self._control.stdin.write(line.encode() + b"\n")
        return await answer

    async def window(self, command: str) -> str:
        [pane] = await self.command(f"new-window -d -P -F '#{{pane_id}}' -t bench {shlex.quote(command)}")
        return pane

    async def screen(self, pane: str) -> str:
        return "\n".join(await self.command(f"capture-pane -p -t {pane}"))

    async def keys(self, pane: str, *keys: str) -> float:
        sent = time.perf_counter()
        await self.command(f"send-keys -t {pane} " + " ".join(shlex.quote(key) for key in keys))
        return sent

    def listen(self, pane: str, listener: Callable[[float], None] | None) -> None:
        if listener is None:
            self._listeners.pop(pane, None)
        else:
            self._listeners[pane] = listener

    async def pids(self) -> list[int]:
        """tmux's server and every pane's process (ssh)."""
        server = await self.command("display-message -p '#{pid}'")
        panes = await self.command("list-panes -s -t bench -F '#{pane_pid}'")
        return [int(pid) for pid in [*server, *panes]]

    async def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], check=False)
        if self._control is not None:
            await self._control.wait()
        if self._socket_path is not None:  # tmux leaves it behind when killed
            self._socket_path.unlink(missing_ok=True)


def hand_cursor(text: str) -> tuple[int, int] | None:
    """Where the chosen card is (its heavy frame), and how many cards the hand row shows."""
    lines = text.splitlines()
    for number, line in enumerate(lines[:-1]):
        if "Your hand" in line:
            row = lines[number + 1]
            return (row.find("┏"), row.count("╭") + row.count("┏")) if "┏" in row else None
    return None


def dialog_key(text: str) -> str | None:
    """The answer to the dialog on the screen, if there is one."""
    if "won the round" in text or "shows you their hand" in text:
        return "Enter"
    if "and the match!" in text:
        return "n"
    if "accept, draw 4" in text and "challenge" in text:
        return "a"
    return None


class Window:
    """One player's ssh client in a tmux window: wait for a screen, time a key to the screen that answers it."""

    def __init__(self, tmux: Tmux, pane: str, latencies: dict[str, list[float]]) -> None:
        self.tmux, self.pane = tmux, pane
        self.latencies = latencies

    async def until(self, done: Callable[[str], bool], timeout: float = 60.0) -> tuple[str, float]:
        """Wait for a screen that passes ``done``; the screen, and when the output that made it arrived."""
        changed = asyncio.Event()
        arrived = [time.perf_counter()]

        def output(at: float) -> None:
            arrived.append(at)
            changed.set()

        self.tmux.listen(self.pane, output)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    last = arrived[-1]
                    text = await self.tmux.screen(self.pane)
                    if done(text):
                        return text, last
                    await changed.wait()
                    changed.clear()
        finally:
            self.tmux.listen(self.pane, None)

    async def timed(self, key: str, done: Callable[[str], bool], kind: str) -> bool:
        """Press ``key``; record how long until the screen passes ``done`` (not if a dialog came up instead).

        A press with no answer within ``UNSEEN_AFTER`` is recorded under "``kind`` unseen".
        """
        changed = asyncio.Event()
        arrived: list[float] = []

        def output(at: float) -> None:
            arrived.append(at)
            changed.set()

        self.tmux.listen(self.pane, output)
        try:
            sent = await self.tmux.keys(self.pane, key)
            async with asyncio.timeout(UNSEEN_AFTER):
                while True:
                    await changed.wait()
                    changed.clear()
                    last = arrived[-1]
                    text = await self.tmux.screen(self.pane)
                    if dialog_key(text) is not None:
                        return False
                    if done(text):
                        self.latencies.setdefault(kind, []).append(last - sent)
                        return True
        except TimeoutError:
            self.latencies.setdefault(f"{kind} unseen", []).append(0.0)
            return False
        finally:
            self.tmux.listen(self.pane, None)


def make_keys(data: str, settings: Sequence[str]) -> list[Path]:
    """A key for each player, its settings written in the host's data as an operator could: the key files."""
    key_files = []
    for number, text in enumerate(settings):
        key = asyncssh.generate_private_key("ssh-ed25519")
        config = Path(data, "players", hashlib.sha256(key.public_data).hexdigest(), "config")
        config.mkdir(parents=True)
        (config / "settings.toml").write_text(text)
        key_files.append(Path(data, f"key{number}"))
        key.write_private_key(str(key_files[-1]))
        key_files[-1].chmod(0o600)
    return key_files


def start_server(data: str, sessions: int) -> tuple[subprocess.Popen[bytes], int]:
    """`unokart serve --ssh 127.0.0.1:0 --open` on ``data``, room for ``sessions``: the process and its port."""
    command = [sys.executable, "-m", "unokart_tui", "serve", "--ssh", "127.0.0.1:0", "--open", "--data-dir", data]
    limits = ["--max-sessions", str(sessions), "--max-auth-failures", "1000"]
    server = subprocess.Popen([*command, *limits], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert server.stdout is not None
    found = re.search(rb"SSH on [^ ]+:(\d+),", server.stdout.readline())
    assert found is not None
    return server, int(found.group(1))


def ssh_line(key_file: Path, port: int, user: str) -> str:
    return f"exec ssh -tt -i {key_file} -p {port} {SSH_OPTIONS} {user}@127.0.0.1"


def percentile(times: Sequence[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[math.ceil(share * len(ordered)) - 1]


def spread(times: Sequence[float], unseen: int) -> str:
    """Median / p95 / max in ms, and how many presses: one cell of a table."""
    if not times:
        return f"no press measured ({unseen} unseen)"
    median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
    return f"{median:.1f} / {p95:.1f} / {max(times) * 1000:.1f}   ({len(times)} presses, {unseen} unseen)"


def proc_stat(pid: int) -> tuple[float, int, int]:
    """CPU seconds used, RSS and PSS in KiB."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS
    memory = dict(re.findall(r"^(\w+):\s+(\d+) kB", Path(f"/proc/{pid}/smaps_rollup").read_text(), re.M))
    return cpu, int(memory["Rss"]), int(memory["Pss"])


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False).stdout
    return [int(child) for child in out.split()]


def sample(pids: list[int]) -> dict[int, tuple[float, int, int]]:
    found = {}
    for pid in pids:
        try:
            found[pid] = proc_stat(pid)
        except (FileNotFoundError, ProcessLookupError):
            continue
    return found


def cpu_between(first: dict[int, tuple[float, int, int]], last: dict[int, tuple[float, int, int]]) -> float:
    return sum(last[pid][0] - first[pid][0] for pid in last if pid in first)
