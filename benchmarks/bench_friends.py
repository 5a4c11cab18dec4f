"""What tables of friends cost a host: T tables of P people against each other, each person a real ssh client.

    python benchmarks/bench_friends.py [--max-tables 16] [--people 4] [--seconds 60] [--limit-ms 100]
    python benchmarks/bench_friends.py --tables 2     (one run of 2 tables)
    (needs the serve extra, ssh and tmux)

For T = 1, 2, 4, … (until a key's p95 to the screen passes --limit-ms, or T passes --max-tables),
starts `unokart serve --ssh 127.0.0.1:0 --open` in a new temporary data directory and seats T
tables of P people, no bots (with --people under 4, bots take the free seats). Every person is
an OpenSSH client with its own key, in an 80x24 window of one tmux server, as in bench_serve.py.
The first person of each table opens it from the title screen (f), reads the code off the
lobby's `ssh -p PORT CODE@127.0.0.1`; the others type that command; when all are seated the
opener starts the match (ctrl+s). The turn clock stays at its default (45 s).

Then each person plays as a person would: reads the table for a second or so between keys,
answers every dialog, and on their turn moves along the hand a few times, draws (d), and keeps
the card drawn (p). What is timed is the time from the key sent to the terminal receiving the
screen that answers it, only for keys that have an answer on the person's own screen:

- a move of the hand's cursor ("h" or "l") until the chosen card's frame has moved: answered by
  the person's own game process;
- the draw (d) and the keep (p) until the first frame that answers them (the screen changed, the
  turn clock's seconds aside): the game process sends the action to the server, the table there
  plays it and sends every seat what it may see, and the screen answers when that comes back.
  (The card's flight to the hand, a quarter of a second more, is the game's pace: not counted.)

A press a dialog overtook is not counted; one with no answer within 15 s is counted "unseen".
The turn clock running out is counted from the person's own log ("Time is up"), as it should not
happen with people acting within seconds. Memory (RSS and PSS) of every game process and of the
server, and CPU time of the games, of the server (which holds the tables) and of the clients
(tmux, ssh and this script) are read from /proc, as bench_serve.py does.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sshbench import (
    UNSEEN_AFTER,
    Tmux,
    Window,
    children,
    cpu_between,
    dialog_key,
    hand_cursor,
    make_keys,
    percentile,
    sample,
    spread,
    ssh_line,
    start_server,
)

TABLE = "Game log"
CLOCK = re.compile(r"\d+ seconds? left")  # the hand's title counts down every second
CODE = re.compile(r"ssh -p \d+ ([A-Z0-9]{4,8})@127\.0\.0\.1")
SETTINGS = 'confirm_quit = false\nplayer_name = "{name}"\nguide = false\n'
NAMES = ("Ann", "Bob", "Cas", "Dee")
TURN = "your turn: play (enter) or draw (d)"
DRAWN = "play the card you drew (enter) or keep it (p)"
TIME_UP = "Time is up: the autopilot plays your turn."
KINDS = [
    ("cursor", "a card chosen in the hand (h, l)"),
    ("draw", "draw (d), through the server"),
    ("keep", "keep the card drawn (p), through the server"),
]


def next_key(text: str) -> str | None:
    """What a person who only draws and keeps presses now (the timed keys aside), or None to wait."""
    if key := dialog_key(text):
        return key
    if "and nothing to stack: take them (d)" in text or "or take them (d)" in text:
        return "d"
    if "Choose a colour" in text:  # a Wild turned up first: the first to play names the colour
        return "r"
    if "Who do you swap hands with?" in text or "Who do you hit?" in text:
        return "Enter"
    if "you must play the card you drew (enter)" in text:
        return "Enter"
    if "press u, quick" in text:
        return "u"
    return None


def moved_from(column: int) -> Callable[[str], bool]:
    """Whether a screen shows the chosen card's frame away from ``column``."""
    return lambda text: (hand_cursor(text) or (column, 0))[0] != column


def changed_from(before: str) -> Callable[[str], bool]:
    """Whether a screen differs from ``before`` by more than the turn clock's seconds: the first frame of an answer.

    On the person's own turn nothing else moves at a table of people; the animation of the card that
    follows this frame is the game's pace, not a wait for the server.
    """
    still = CLOCK.sub("", before)
    return lambda text: CLOCK.sub("", text) != still


@dataclass
class Tally:
    """What every person of one run adds to: the times by kind, and the turns the clock played."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    times_up: int = 0


class Person(Window):
    def __init__(self, tmux: Tmux, pane: str, seed: int, tally: Tally) -> None:
        super().__init__(tmux, pane, tally.latencies)
        self.rng = random.Random(seed)
        self.tally = tally
        self.time_up_shown = False

    async def open_table(self) -> str:
        """From the title: a table for friends; its code, as the lobby shows it."""
        await self.until(lambda text: "Play with friends" in text)
        await self.tmux.keys(self.pane, "f")
        text, _ = await self.until(lambda text: CODE.search(text) is not None)
        found = CODE.search(text)
        assert found is not None
        return found.group(1)

    async def start(self, people: int) -> None:
        await self.until(lambda text: f"At the table ({people} of" in text)
        await self.tmux.keys(self.pane, "C-s")

    async def turn(self, text: str) -> None:
        """The person's turn: a look along the hand, then draw, and keep the card if asked."""
        cursor = hand_cursor(text)
        if cursor is not None and cursor[1] > 1:
            column = cursor[0]
            for _ in range(self.rng.randint(1, 3)):
                if not await self.timed("h" if column > 1 else "l", moved_from(column), "cursor"):
                    return
                column = (hand_cursor(await self.tmux.screen(self.pane)) or (column, 0))[0]
                await asyncio.sleep(self.rng.uniform(0.2, 0.6))
        await asyncio.sleep(self.rng.uniform(0.3, 0.8))
        if not await self.timed("d", changed_from(await self.tmux.screen(self.pane)), "draw"):
            return
        text, _ = await self.until(lambda text: TURN not in text, timeout=UNSEEN_AFTER)  # the card has flown
        if DRAWN in text:
            await asyncio.sleep(self.rng.uniform(0.3, 0.8))
            await self.timed("p", changed_from(await self.tmux.screen(self.pane)), "keep")

    async def play(self, stop: asyncio.Event) -> None:
        await self.until(lambda text: TABLE in text)
        while not stop.is_set():
            await asyncio.sleep(self.rng.uniform(0.6, 1.4))  # a person reads the table
            text = await self.tmux.screen(self.pane)
            shown = TIME_UP in text
            self.tally.times_up += shown and not self.time_up_shown
            self.time_up_shown = shown
            if TURN in text and dialog_key(text) is None:
                await self.turn(text)
            elif key := next_key(text):
                await self.tmux.keys(self.pane, key)


@dataclass
class Run:
    tables: int
    people: int
    rows: list[tuple[str, str]]
    p95_ms: float


class Door:
    """Lets the clients of every table in one at a time, a quarter of a second apart: the host lets 8 at a
    time log in from one address, and a busy host takes a while over each login."""

    def __init__(self, tmux: Tmux) -> None:
        self.tmux = tmux
        self.lock = asyncio.Lock()

    async def arrive(self, command: str) -> str:
        async with self.lock:
            pane = await self.tmux.window(command)
            await asyncio.sleep(0.25)
            return pane


async def seat_table(door: Door, port: int, keys: list[Path], number: int, tally: Tally) -> list[Person]:
    """One table: its opener opens it, the others join with the code, the opener starts."""
    seed, tmux = 100 * number, door.tmux
    opener = Person(tmux, await door.arrive(ssh_line(keys[0], port, "player")), seed, tally)
    people = len(keys)
    code = await opener.open_table()
    joined = [opener]
    for offset, key in enumerate(keys[1:], start=1):
        person = Person(tmux, await door.arrive(ssh_line(key, port, code)), seed + offset, tally)
        await person.until(lambda text: "Waiting for" in text)
        joined.append(person)
    await opener.start(people)
    return joined


async def measure(tables: int, people: int, seconds: float) -> Run:
    tally = Tally()
    tmux = Tmux(f"bench-friends-{os.getpid()}-{tables}")
    with tempfile.TemporaryDirectory() as data:
        names = [f"{NAMES[seat % len(NAMES)]}{table + 1}" for table in range(tables) for seat in range(people)]
        key_files = make_keys(data, [SETTINGS.format(name=name) for name in names])
        server, port = start_server(data, tables * people)
        await tmux.start()
        try:
            door = Door(tmux)
            keys_at = [key_files[table * people : (table + 1) * people] for table in range(tables)]
            seatings = [
                asyncio.create_task(seat_table(door, port, keys, number, tally))
                for number, keys in enumerate(keys_at, start=1)
            ]
            # A table plays as soon as it is seated (its turn clock runs): the others are still arriving.
            stop = asyncio.Event()
            seated, playing = [], []
            for seating in asyncio.as_completed(seatings):
                at_table = await seating
                seated += at_table
                playing += [asyncio.create_task(person.play(stop)) for person in at_table]
            warm_up = 10.0  # every table's match dealt and its screens drawn
            deadline = time.perf_counter() + warm_up + seconds
            await asyncio.sleep(warm_up)
            clients = [*await tmux.pids(), os.getpid()]
            before = {kind: len(times) for kind, times in tally.latencies.items()}
            times_up_before = tally.times_up
            first, first_at = sample([server.pid, *children(server.pid), *clients]), time.perf_counter()
            await asyncio.sleep(seconds / 2)
            middle = sample([server.pid, *children(server.pid)])
            await asyncio.sleep(max(0.0, deadline - time.perf_counter() - 2))
            last, last_at = sample([server.pid, *children(server.pid), *clients]), time.perf_counter()
            stop.set()
            await asyncio.gather(*playing)
            if not any(tally.latencies.get(kind) for kind, _ in KINDS):  # what the people saw, to tell why
                for person in seated:
                    print(await tmux.screen(person.pane), end="\n\n")
        finally:
            await tmux.close()
            server.terminate()
            server.wait(timeout=30)
    span = last_at - first_at
    games = [pid for pid in middle if pid != server.pid]
    server_cores = (last[server.pid][0] - first[server.pid][0]) / span
    game_cores = cpu_between({pid: first[pid] for pid in first if pid in games}, last) / span
    client_cores = cpu_between({pid: first[pid] for pid in first if pid in clients}, last) / span
    rss = statistics.mean(middle[pid][1] for pid in games) / 1024
    pss = statistics.mean(middle[pid][2] for pid in games) / 1024
    server_rss, server_pss = middle[server.pid][1] / 1024, middle[server.pid][2] / 1024
    rows = [("tables, people at each", f"{tables}, {people}"), ("game processes (people playing)", f"{len(games)}")]
    every: list[float] = []
    for kind, what in KINDS:
        times = tally.latencies.get(kind, [])[before.get(kind, 0) :]
        unseen = len(tally.latencies.get(f"{kind} unseen", [])) - before.get(f"{kind} unseen", 0)
        every += times
        rows.append((f"key -> screen, {what}: median / p95 / max ms", spread(times, unseen)))
    p95 = percentile(every, 0.95) * 1000 if every else float("inf")
    rows += [
        ("key -> screen, every key above: p95 ms", f"{p95:.1f}"),
        ("turns the clock played (should be 0)", f"{tally.times_up - times_up_before}"),
        ("memory per game process, RSS / PSS MiB", f"{rss:.1f} / {pss:.1f}"),
        ("the server process, RSS / PSS MiB", f"{server_rss:.1f} / {server_pss:.1f}"),
        ("memory per person: game PSS + server share, MiB", f"{pss + server_pss / max(1, len(games)):.1f}"),
        ("CPU busy, the server (the tables), cores", f"{server_cores:.2f}"),
        ("CPU busy, the games, cores", f"{game_cores:.2f} of {os.cpu_count()}"),
        ("the server's share of the host's CPU", f"{100 * server_cores / max(1e-9, server_cores + game_cores):.0f}%"),
        ("CPU busy, the clients (ssh, tmux, this script), cores", f"{client_cores:.2f}"),
        ("load average at the end (1, 5, 15 min), all users", ", ".join(f"{v:.1f}" for v in os.getloadavg())),
    ]
    return Run(tables, people, rows, p95)


def print_run(run: Run) -> None:
    print(f"{'measure':<58} value")
    for name, value in run.rows:
        print(f"{name:<58} {value}")
    print(flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, help="one run of this many tables (else 1, 2, 4, …)")
    parser.add_argument("--max-tables", type=int, default=16, help="the most tables to try (%(default)s)")
    parser.add_argument("--people", type=int, choices=[2, 3, 4], default=4, help="at each table (%(default)s)")
    parser.add_argument("--seconds", type=float, default=60.0, help="of play per run, once every table has started")
    parser.add_argument("--limit-ms", type=float, default=100.0, help="the p95 that ends the series (%(default)s)")
    args = parser.parse_args()
    counts = [args.tables] if args.tables else [2**power for power in range(8) if 2**power <= args.max_tables]
    runs = []
    for tables in counts:
        runs.append(await measure(tables, args.people, args.seconds))
        print_run(runs[-1])
        if runs[-1].p95_ms > args.limit_ms:
            break
    if len(runs) > 1:
        print(f"{'tables':>6} {'people':>6} {'p95 ms':>8}")
        for run in runs:
            print(f"{run.tables:>6} {run.tables * run.people:>6} {run.p95_ms:>8.1f}")


if __name__ == "__main__":
    asyncio.run(main())
