"""How many players one host serves: N simultaneous SSH sessions, each playing against fast bots.

    python benchmarks/bench_serve.py [--sessions 20] [--seconds 60]   (needs the serve and bench extras)

Starts `unokart serve --ssh 127.0.0.1:0 --open` in a temporary data directory, with every
player's bots set to "fast" (0.3 s a move). N clients (asyncssh, in this process, each
with its own key and an 80x24 terminal that pyte keeps) log in, start a match from the
title screen and play it as a person would: draw on their turn and keep the card, answer
every dialog, think for a second or so between keys.

Every couple of seconds, on its turn, each client times key presses to the screen that
answers them, from the client's side: a move of the hand's cursor ("h" or "l") until the
chosen card's frame has moved, "?" until the rules are on its screen, "?" again until they
are gone. The other sessions' games keep playing meanwhile.
Meanwhile the script reads, from /proc, the memory of every game process and of the
server (RSS, and PSS, which shares the pages of the common Python and libraries fairly
between the processes that map them) and the CPU time they used.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import math
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)
RULES = "Everyone starts with 7 cards"  # the top of the rules page
TABLE = "Game log"
SETTINGS = 'bot_speed = "fast"\nconfirm_quit = false\nplayer_name = "Bench"\n'
TICKS = os.sysconf("SC_CLK_TCK")


class Player(asyncssh.SSHClientSession[bytes]):
    """One client: its screen, and futures that resolve the moment the screen shows what they wait for."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.ByteStream(self.screen)
        self.waiting: list[tuple[Callable[[str], bool], asyncio.Future[float]]] = []
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:  # type: ignore[override]
        self.chan = chan

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.stream.feed(data)
        if self.waiting:
            now, text = time.perf_counter(), self.text()
            for entry in list(self.waiting):
                test, future = entry
                if test(text) and not future.done():
                    future.set_result(now)
                    self.waiting.remove(entry)

    def until(self, test: Callable[[str], bool] | str) -> asyncio.Future[float]:
        """A future for the moment the screen passes ``test`` (or shows those words)."""
        check = test if callable(test) else (lambda text: test in text)
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if check(self.text()):
            future.set_result(time.perf_counter())
        else:
            self.waiting.append((check, future))
        return future

    def press(self, key: str) -> float:
        assert self.chan is not None
        sent = time.perf_counter()
        self.chan.write(key.encode())
        return sent


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
        return "\r"
    if "and the match!" in text:
        return "n"
    if "a  accept" in text and "c  challenge" in text:
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


async def play(port: int, key: asyncssh.SSHKey, seed: int, deadline: float, latencies: dict[str, list[float]]) -> None:
    rng = random.Random(seed)
    async with asyncssh.connect(
        "127.0.0.1", port, username="player", client_keys=[key], known_hosts=None, agent_path=None
    ) as conn:
        chan, player = await conn.create_session(Player, term_type="xterm-256color", term_size=SIZE, encoding=None)
        await asyncio.wait_for(player.until("New game"), 60)
        player.press("n")
        await asyncio.wait_for(player.until("Your name"), 60)
        player.press("\x13")  # ctrl+s: start with the form's defaults
        await asyncio.wait_for(player.until(TABLE), 60)
        next_probe = time.perf_counter() + rng.uniform(1, 3)
        while time.perf_counter() < deadline:
            await asyncio.sleep(rng.uniform(0.6, 1.4))  # a person reads the table
            text = player.text()
            cursor = hand_cursor(text)
            # On the player's turn, as a person chooses a card; the bots wait, the other games do not.
            if time.perf_counter() >= next_probe and cursor and cursor[1] > 1 and next_key(text) == "d":
                await probe(player, cursor, latencies)
                next_probe = time.perf_counter() + rng.uniform(1.5, 2.5)
            elif key := next_key(text):
                player.press(key)
        chan.close()


async def probe(player: Player, cursor: tuple[int, int], latencies: dict[str, list[float]]) -> None:
    """Time a cursor move in the hand, then opening and closing the rules, from key to screen.

    A bot's move may bring up a dialog meanwhile (a challenge, the end of the round): that
    press is not counted, and the dialog is answered as usual. A press whose answer never
    shows (none should) is counted apart, as "unseen".
    """
    column, _ = cursor

    async def timed(key: str, done: Callable[[str], bool], kind: str) -> bool:
        answered = player.until(lambda text: done(text) or dialog_key(text) is not None)
        sent = player.press(key)
        try:
            shown = await asyncio.wait_for(answered, 5)
        except TimeoutError:
            latencies[f"{kind} unseen"].append(0.0)
            return False
        if dialog_key(player.text()) is not None:
            return False
        latencies[kind].append(shown - sent)
        return True

    moved = await timed(
        "h" if column > 1 else "l", lambda text: (hand_cursor(text) or (column, 0))[0] != column, "cursor"
    )
    if moved and await timed("?", lambda text: RULES in text, "rules"):
        # the same key closes them (a lone escape waits a moment to be sure it is not a sequence)
        await timed("?", lambda text: RULES not in text, "rules")


def proc_stat(pid: int) -> tuple[float, int, int]:
    """CPU seconds used, RSS and PSS in KiB."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS
    memory = dict(re.findall(r"^(\w+):\s+(\d+) kB", Path(f"/proc/{pid}/smaps_rollup").read_text(), re.M))
    return cpu, int(memory["Rss"]), int(memory["Pss"])


def games_of(server: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(server)], capture_output=True, text=True, check=False).stdout
    return [int(pid) for pid in out.split()]


def sample(server: int) -> dict[int, tuple[float, int, int]]:
    found = {}
    for pid in [server, *games_of(server)]:
        try:
            found[pid] = proc_stat(pid)
        except (FileNotFoundError, ProcessLookupError):
            continue
    return found


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0, help="of play, after every session has started")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(args.sessions)]
        for key in keys:
            config = Path(data, "players", hashlib.sha256(key.public_data).hexdigest(), "config")
            config.mkdir(parents=True)
            (config / "settings.toml").write_text(SETTINGS)
        command = [sys.executable, "-m", "unokart_tui", "serve", "--ssh", "127.0.0.1:0", "--open", "--data-dir", data]
        limits = ["--max-sessions", str(args.sessions), "--max-auth-failures", "1000"]
        server = subprocess.Popen([*command, *limits], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert server.stdout is not None
        port = int(re.search(rb"SSH on [^ ]+:(\d+),", server.stdout.readline()).group(1))  # type: ignore[union-attr]
        latencies: dict[str, list[float]] = {"cursor": [], "rules": [], "cursor unseen": [], "rules unseen": []}
        started = time.perf_counter()
        warm_up = 15.0  # every session logged in, its game started and its first match dealt
        deadline = started + warm_up + args.seconds
        players = [
            asyncio.create_task(play(port, key, seed, deadline, latencies)) for seed, key in enumerate(keys, start=1)
        ]
        await asyncio.sleep(warm_up)
        before = {kind: len(times) for kind, times in latencies.items()}
        first, first_at = sample(server.pid), time.perf_counter()
        await asyncio.sleep(args.seconds / 2)
        middle = sample(server.pid)
        await asyncio.sleep(max(0.0, deadline - time.perf_counter() - 2))
        last, last_at = sample(server.pid), time.perf_counter()
        await asyncio.gather(*players)
        server.terminate()
        server.wait(timeout=30)
    measured = {kind: sorted(times[before[kind] :]) for kind, times in latencies.items()}
    games = [pid for pid in middle if pid != server.pid]
    cpu = sum(last[pid][0] - first[pid][0] for pid in last if pid in first)
    cores = cpu / (last_at - first_at)
    rss = statistics.mean(middle[pid][1] for pid in games) / 1024
    pss = statistics.mean(middle[pid][2] for pid in games) / 1024
    server_rss, server_pss = middle[server.pid][1] / 1024, middle[server.pid][2] / 1024
    rows = [("sessions playing at once", f"{len(games)}")]
    for kind, what in (("cursor", "a card chosen in the hand"), ("rules", "the rules opened or closed")):
        times = measured[kind]
        if times:
            p95 = times[math.ceil(0.95 * len(times)) - 1]
            unseen = len(measured[f"{kind} unseen"])
            shown = (
                f"{statistics.median(times) * 1000:.1f} / {p95 * 1000:.1f}   ({len(times)} presses, {unseen} unseen)"
            )
        else:
            shown = "no press measured"
        rows.append((f"key -> screen, {what}: median / p95 ms", shown))
    rows += [
        ("memory per game process, RSS / PSS MiB", f"{rss:.1f} / {pss:.1f}"),
        ("the server process, RSS / PSS MiB", f"{server_rss:.1f} / {server_pss:.1f}"),
        ("memory per session: game PSS + server share, MiB", f"{pss + server_pss / len(games):.1f}"),
        ("CPU busy, games and server, cores", f"{cores:.2f} of {os.cpu_count()}"),
        ("CPU per session, % of one core", f"{100 * cores / len(games):.1f}"),
    ]
    print(f"{'measure':<56} value")
    for name, value in rows:
        print(f"{name:<56} {value}")


if __name__ == "__main__":
    asyncio.run(main())
