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
import math
import os
import random
import statistics
import tempfile
import time

from sshbench import (
    Tmux,
    Window,
    children,
    cpu_between,
    dialog_key,
    hand_cursor,
    make_keys,
    sample,
    ssh_line,
    start_server,
)

RULES = "The Item Box, and the keys"  # the title of the guide "?" opens at the table (and closes)
TABLE = "Game log"
SETTINGS = 'bot_speed = "{speed}"\nconfirm_quit = false\nplayer_name = "Bench"\nguide = false\n'


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


class Player(Window):
    def __init__(self, tmux: Tmux, pane: str, seed: int, latencies: dict[str, list[float]]) -> None:
        super().__init__(tmux, pane, latencies)
        self.rng = random.Random(seed)

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


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0, help="of play, after every session has started")
    parser.add_argument("--bot-speed", choices=["slow", "normal", "fast", "instant"], default="fast")
    args = parser.parse_args()
    latencies: dict[str, list[float]] = {"cursor": [], "rules": [], "cursor unseen": [], "rules unseen": []}
    tmux = Tmux(f"bench-serve-{os.getpid()}")
    with tempfile.TemporaryDirectory() as data:
        key_files = make_keys(data, [SETTINGS.format(speed=args.bot_speed)] * args.sessions)
        server, port = start_server(data, args.sessions)
        await tmux.start()
        try:
            players = []
            for seed, key_file in enumerate(key_files, start=1):
                # Players arrive a few a second: the host lets 8 at a time log in from one address.
                line = ssh_line(key_file, port, "player")
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
    server_cores = cpu_between({server.pid: first[server.pid]}, {server.pid: last[server.pid]}) / seconds
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
        ("of which the server process (SSH, the pseudo-terminals), cores", f"{server_cores:.2f}"),
        ("CPU busy, the clients (ssh, tmux, this script), cores", f"{client_cores:.2f}"),
    ]
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    rows.append(("load average at the end (1, 5, 15 min), all users", load))
    print(f"{'measure':<56} value")
    for name, value in rows:
        print(f"{name:<56} {value}")


if __name__ == "__main__":
    asyncio.run(main())
