"""How many players one host serves: N simultaneous SSH sessions, each playing against fast bots.

    python benchmarks/bench_serve.py [--sessions 20] [--seconds 60] [--bot-speed fast]
    (needs the serve extra, ssh and tmux)

Starts `unokart serve --ssh 127.0.0.1:0 --open` in a temporary data directory, with every
player's bots set to "fast" (0.3 s a move; --bot-speed normal is 0.7 s). N real OpenSSH clients, each with its own key,
run in the 80x24 windows of one tmux server (C code all the way, so the clients take
little of the machine the server runs on). Each logs in, starts a match from the title
screen and plays it as a person would: draws on its turn and keeps the card, answers
every dialog, reads the table for a second or so between keys.

Every couple of seconds, on its turn, each client times key presses from the moment the
key is sent to the moment the terminal has received the screen that answers it: a move of
the hand's cursor ("h" or "l") until the chosen card's frame has moved, "?" until the
guide is on its screen, "?" again until it is gone. The other sessions' games keep
playing meanwhile. A press whose answer a dialog overtook is not counted; one whose answer
has not shown within 15 s is counted as "unseen". This script talks to tmux in control mode: keys go in as commands, and
tmux says which window received output and when, so nothing is polled.

Meanwhile the script reads, from /proc, the memory of every game process and of the
server (RSS, and PSS, which shares the pages of the common Python and libraries fairly
among the processes that map them) and the CPU time of the games, the server and the
clients (tmux, ssh and this script).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import math
import os
import random
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)
RULES = "The Item Box, and the keys"  # the title of the guide "?" opens at the table (and closes)
TABLE = "Game log"
SETTINGS = 'bot_speed = "{speed}"\nconfirm_quit = false\nplayer_name = "Bench"\nguide = false\n'
TICKS = os.sysconf("SC_CLK_TCK")
SSH_OPTIONS = "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o LogLevel=ERROR"


class Tmux:
    """A tmux server of our own, and one control-mode client: commands in, answers and output notices out."""

    def __init__(self, socket: str) -> None:
        self.socket = socket
        self._answers: list[asyncio.Future[list[str]]] = []
        self._listeners: dict[str, Callable[[float], None]] = {}
        self._control: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        base = ["tmux", "-L", self.socket, "-f", "/dev/null"]
        columns, rows = SIZE
        subprocess.run([*base, "new-session", "-d", "-s", "bench", "-x", str(columns), "-y", str(rows)], check=True)
        self._control = await asyncio.create_subprocess_exec(
            *base, "-C", "attach", "-t", "bench", stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self._reader = asyncio.create_task(self._read())

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


def next_key(text: str) -> str | None:
    """What a player who only draws and keeps presses now, or None to wait."""
    if key := dialog_key(text):
        return key
    if "your turn: play (enter) or draw (d)" in text:
        return "d"
    if "play the card you drew (enter) or keep it (p)" in text:
        return "p"
    if "press u, quick" in text:
        return "u"
    return None


class Player:
    def __init__(self, tmux: Tmux, pane: str, seed: int, latencies: dict[str, list[float]]) -> None:
        self.tmux, self.pane = tmux, pane
        self.rng = random.Random(seed)
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
        """Press ``key``; record how long until the screen passes ``done`` (not if a dialog came up instead)."""
        changed = asyncio.Event()
        arrived: list[float] = []

        def output(at: float) -> None:
            arrived.append(at)
            changed.set()

        self.tmux.listen(self.pane, output)
        try:
            sent = await self.tmux.keys(self.pane, key)
            async with asyncio.timeout(15):  # longer than any answer seen, also on a busy machine
                while True:
                    await changed.wait()
                    changed.clear()
                    last = arrived[-1]
                    text = await self.tmux.screen(self.pane)
                    if dialog_key(text) is not None:
                        return False
                    if done(text):
                        self.latencies[kind].append(last - sent)
                        return True
        except TimeoutError:
            self.latencies[f"{kind} unseen"].append(0.0)
            return False
        finally:
            self.tmux.listen(self.pane, None)

    async def probe(self, column: int) -> None:
        moved = await self.timed(
            "h" if column > 1 else "l", lambda text: (hand_cursor(text) or (column, 0))[0] != column, "cursor"
        )
        if moved and await self.timed("?", lambda text: RULES in text, "rules"):
            # the same key closes them (a lone escape waits a moment to be sure it is not a sequence)
            await self.timed("?", lambda text: RULES not in text, "rules")

    async def play(self, deadline: float) -> None:
        await self.until(lambda text: "New game" in text)
        await self.tmux.keys(self.pane, "n")
        await self.until(lambda text: "Your name" in text)
        await self.tmux.keys(self.pane, "C-s")  # start with the form's defaults
        await self.until(lambda text: TABLE in text)
        next_probe = time.perf_counter() + self.rng.uniform(1, 3)
        while time.perf_counter() < deadline:
            await asyncio.sleep(self.rng.uniform(0.6, 1.4))  # a person reads the table
            text = await self.tmux.screen(self.pane)
            cursor = hand_cursor(text)
            # On the player's turn, as a person chooses a card; the bots wait, the other games do not.
            if time.perf_counter() >= next_probe and cursor and cursor[1] > 1 and next_key(text) == "d":
                await self.probe(cursor[0])
                next_probe = time.perf_counter() + self.rng.uniform(1.5, 2.5)
            elif key := next_key(text):
                await self.tmux.keys(self.pane, key)


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


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0, help="of play, after every session has started")
    parser.add_argument("--bot-speed", choices=["slow", "normal", "fast", "instant"], default="fast")
    args = parser.parse_args()
    latencies: dict[str, list[float]] = {"cursor": [], "rules": [], "cursor unseen": [], "rules unseen": []}
    tmux = Tmux(f"bench-serve-{os.getpid()}")
    with tempfile.TemporaryDirectory() as data:
        key_files = []
        for number in range(args.sessions):
            key = asyncssh.generate_private_key("ssh-ed25519")
            config = Path(data, "players", hashlib.sha256(key.public_data).hexdigest(), "config")
            config.mkdir(parents=True)
            (config / "settings.toml").write_text(SETTINGS.format(speed=args.bot_speed))
            key_files.append(Path(data, f"key{number}"))
            key.write_private_key(str(key_files[-1]))
            key_files[-1].chmod(0o600)
        command = [sys.executable, "-m", "unokart_tui", "serve", "--ssh", "127.0.0.1:0", "--open", "--data-dir", data]
        limits = ["--max-sessions", str(args.sessions), "--max-auth-failures", "1000"]
        server = subprocess.Popen([*command, *limits], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert server.stdout is not None
        found = re.search(rb"SSH on [^ ]+:(\d+),", server.stdout.readline())
        assert found is not None
        port = int(found.group(1))
        await tmux.start()
        try:
            players = []
            for seed, key_file in enumerate(key_files, start=1):
                # Players arrive a few a second: the host lets 8 at a time log in from one address.
                line = f"exec ssh -tt -i {key_file} -p {port} {SSH_OPTIONS} player@127.0.0.1"
                players.append(Player(tmux, await tmux.window(line), seed, latencies))
                await asyncio.sleep(0.25)
            warm_up = 15.0  # every game started and its first match dealt
            deadline = time.perf_counter() + warm_up + args.seconds
            playing = [asyncio.create_task(player.play(deadline)) for player in players]
            await asyncio.sleep(warm_up)
            clients = [*await tmux.pids(), os.getpid()]
            before = {kind: len(times) for kind, times in latencies.items()}
            first, first_at = sample([server.pid, *children(server.pid), *clients]), time.perf_counter()
            await asyncio.sleep(args.seconds / 2)
            middle = sample([server.pid, *children(server.pid)])
            await asyncio.sleep(max(0.0, deadline - time.perf_counter() - 2))
            last, last_at = sample([server.pid, *children(server.pid), *clients]), time.perf_counter()
            await asyncio.gather(*playing)
        finally:
            await tmux.close()
            server.terminate()
            server.wait(timeout=30)
    seconds = last_at - first_at
    games = [pid for pid in middle if pid != server.pid]
    host_cores = cpu_between({p: first[p] for p in first if p not in clients}, last) / seconds
    client_cores = cpu_between({p: first[p] for p in first if p in clients}, last) / seconds
    rss = statistics.mean(middle[pid][1] for pid in games) / 1024
    pss = statistics.mean(middle[pid][2] for pid in games) / 1024
    server_rss, server_pss = middle[server.pid][1] / 1024, middle[server.pid][2] / 1024
    rows = [("sessions playing at once", f"{len(games)}")]
    for kind, what in (("cursor", "a card chosen in the hand"), ("rules", "the guide (?) opened or closed")):
        times = sorted(latencies[kind][before[kind] :])
        unseen = len(latencies[f"{kind} unseen"]) - before[f"{kind} unseen"]
        if times:
            p95 = times[math.ceil(0.95 * len(times)) - 1]
            shown = (
                f"{statistics.median(times) * 1000:.1f} / {p95 * 1000:.1f}   ({len(times)} presses, {unseen} unseen)"
            )
        else:
            shown = f"no press measured ({unseen} unseen)"
        rows.append((f"key -> screen, {what}: median / p95 ms", shown))
    rows += [
        ("memory per game process, RSS / PSS MiB", f"{rss:.1f} / {pss:.1f}"),
        ("the server process, RSS / PSS MiB", f"{server_rss:.1f} / {server_pss:.1f}"),
        ("memory per session: game PSS + server share, MiB", f"{pss + server_pss / len(games):.1f}"),
        ("CPU busy, games and server, cores", f"{host_cores:.2f} of {os.cpu_count()}"),
        ("CPU per session, % of one core", f"{100 * host_cores / len(games):.1f}"),
        ("CPU busy, the clients (ssh, tmux, this script), cores", f"{client_cores:.2f}"),
    ]
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    rows.append(("load average at the end (1, 5, 15 min), all users", load))
    print(f"{'measure':<56} value")
    for name, value in rows:
        print(f"{name:<56} {value}")


if __name__ == "__main__":
    asyncio.run(main())
