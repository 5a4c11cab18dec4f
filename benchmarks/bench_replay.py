"""A replay of a long save: does every step and jump stay under a frame (16 ms)?

    python benchmarks/bench_replay.py [--actions N] [--samples N]

Plays a seeded 4-player match of 10,000 actions (bench_saves.long_match) and saves it, then
times, in milliseconds:

- opening: reading the save and checking it (``saves.load_game``), then playing it again
  into a ``Timeline`` with the replay's data (``replayview.Replay``);
- the data of one position (``Replay.frame``: the round rebuilt from its snapshot, the seats,
  the table, the hand and the log up to it) for a step forward, a step back, a round forward
  and a jump to a random move;
- the same moves on the replay screen in a headless app: the data handed to the table's
  widgets (``ReplayScreen.show``), then with the frame's work too (the layout if one was
  asked for, and painting what changed);
- keys pressed in a real pseudo-terminal of 80x24 running ``unokart replay`` (read with pyte,
  from the bench extra), from the key to the screen showing the position it leads to: what a
  player waits. "g NUMBER enter" is timed from the enter. For comparison, in the same
  terminal: a bare Textual App that changes one label (the floor), and the game's table
  after the player draws a card (what the table takes to show any move).

Each row gives the median and the worst of the samples. Nothing is visited beforehand: a
move into a part of a round not seen yet takes the snapshot there, and counts in the worst.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import random
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).parent))

from bench_saves import FIXED, game_seats, long_match

import saves
from unokart_tui.history.replayview import Replay

if TYPE_CHECKING:
    from textual.app import App

    from unokart_tui.tui.screens.replay import ReplayScreen


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000


def row(name: str, samples: list[float]) -> None:
    print(f"{name:<56} {statistics.median(samples):>9.2f} {max(samples):>9.2f}")


def moves(replay: Replay, count: int, seed: int) -> dict[str, list[int]]:
    """The positions each kind of move starts from and goes to, as pairs flattened: from, to, from, to..."""
    rng = random.Random(seed)
    timeline = replay.timeline
    last = timeline.last
    starts = [rng.randrange(1, last) for _ in range(count)]
    return {
        "step forward (→)": [n for s in starts for n in (s, s + 1)],
        "step back (←)": [n for s in starts for n in (s, s - 1)],
        "a round forward (PgDn)": [n for s in starts for n in (s, timeline.next_round(s))],
        "a jump to any move (g)": [n for s in starts for n in (s, rng.randrange(last + 1))],
    }


async def on_screen(name: str, game: saves.SavedGame, plan: dict[str, list[int]]) -> None:
    """The data handed to the table's widgets on the replay screen, in a headless app."""
    from unokart_tui.tui.app import UnoKartApp
    from unokart_tui.tui.screens.replay import ReplayScreen

    app = UnoKartApp(replay=(name, game))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, ReplayScreen):
                break
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for kind, pairs in plan.items():
            shown = []
            for start, end in zip(pairs[::2], pairs[1::2], strict=True):
                screen.show(start)
                shown.append(timed(lambda end=end: screen.show(end)))
            row(f"screen: {kind}, data to the widgets", shown)
        # The next frame's work too, done at once: the layout if a widget asked for one, and the
        # paint of what changed (Textual's own steps, private: what a frame does, without the
        # terminal's writing and reading). Other moves than above: none visited before.
        samples = len(next(iter(plan.values()))) // 2
        for kind, pairs in moves(screen.replay, samples, seed=3).items():
            painted = []
            for start, end in zip(pairs[::2], pairs[1::2], strict=True):
                screen.show(start)
                painted.append(timed(lambda end=end: frame_of(app, screen, end)))
            row(f"screen: {kind}, with layout and paint", painted)


def frame_of(app: App[None], screen: ReplayScreen, number: int) -> None:
    screen.show(number)
    screen._refresh_layout()
    app._display(screen, screen._compositor.render_update(full=False, screen_stack=app._background_screens))


class Terminal:
    """``unokart`` in a pseudo-terminal of 80x24 read by pyte: keys in, the screen as a player sees it."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        import pyte

        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update(env)
            os.execv(argv[0], argv)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def until(self, text: str, limit: float = 30.0) -> float:
        """Seconds until the screen shows ``text`` (read to the end of each write first)."""
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            if not select.select([self.fd], [], [], 0.5)[0]:
                continue
            data = os.read(self.fd, 1 << 16)
            arrived = time.perf_counter()
            while select.select([self.fd], [], [], 0)[0]:
                data += os.read(self.fd, 1 << 16)
            self.stream.feed(data)
            if text in "\n".join(self.screen.display):
                return arrived - start
        raise RuntimeError(f"never showed {text!r}:\n" + "\n".join(self.screen.display))

    def press(self, keys: bytes, then: str) -> float:
        time.sleep(0.1)  # a player's pace: what the last key started (a dialog closing) is over
        os.write(self.fd, keys)
        return self.until(then)

    def close(self) -> None:
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    BINDINGS = [("right", "bump", "Bump")]

    def compose(self):
        yield Static("count 0", id="count")

    def action_bump(self):
        count = self.query_one("#count", Static)
        count.update(f"count {int(str(count.render()).split()[1]) + 1}")

Bare().run()
"""


def floor_in_a_terminal(count: int, folder: str) -> None:
    """The same key in a bare App that changes one label: what Textual and the terminal take anyway."""
    script = Path(folder) / "bare.py"
    script.write_text(BARE_APP)
    terminal = Terminal([sys.executable, str(script)], {"TEXTUAL_ANIMATIONS": "none"})
    try:
        terminal.until("count 0")
        samples = [terminal.press(b"\x1b[C", f"count {number}") for number in range(1, count + 1)]
        row("terminal: →, a bare App changing a label (the floor)", [1000 * s for s in samples])
    finally:
        terminal.close()


def table_in_a_terminal(count: int, folder: str) -> None:
    """For comparison, the game's own table after a move: the player draws (d) at the start of a match."""
    config = Path(folder) / "config"
    (config / "unokart").mkdir(parents=True, exist_ok=True)
    (config / "unokart" / "settings.toml").write_text("guide = false\n")
    env = {"UNOKART_DATA_DIR": str(Path(folder) / "table"), "XDG_CONFIG_HOME": str(config)}
    samples = []
    for seed in range(count):
        argv = [str(Path(sys.executable).with_name("unokart")), "new", "--seed", str(seed), "--bot-delay", "10"]
        terminal = Terminal(argv, {**env, "TEXTUAL_ANIMATIONS": "none"})
        try:
            terminal.until("Your hand (7)")
            if "your turn" in "\n".join(terminal.screen.display):  # a bot starts: its move would take ten seconds
                samples.append(terminal.press(b"d", "Your hand (8)"))
        finally:
            terminal.close()
    row("terminal: d at the table, the player draws a card", [1000 * s for s in samples])


def in_a_terminal(replay: Replay, count: int) -> None:
    """A key pressed in a real (pseudo-)terminal until the screen shows the position it leads to."""
    timeline = replay.timeline
    rounds = len(timeline.round_starts)

    def caption(number: int) -> str:
        point = timeline.points[number]
        return f"Move {point.actions:,} of {timeline.total_actions:,} · round {point.round} of {rounds}"

    argv = [str(Path(sys.executable).with_name("unokart")), "replay", "long"]
    terminal = Terminal(argv, {"TEXTUAL_ANIMATIONS": "none"})
    try:
        terminal.until(caption(0))
        at, times = 0, {"→": [], "←": [], "PgDn": [], "End, Home": [], "g NUMBER enter": []}
        rng = random.Random(3)
        for _ in range(count):
            times["→"].append(terminal.press(b"\x1b[C", caption(at + 1)))
            times["←"].append(terminal.press(b"\x1b[D", caption(at)))
            at = timeline.next_round(at)
            times["PgDn"].append(terminal.press(b"\x1b[6~", caption(at)))
            times["End, Home"].append(terminal.press(b"\x1b[F", caption(timeline.last)))
            times["End, Home"].append(terminal.press(b"\x1b[H", caption(0)))
            move = rng.randrange(timeline.total_actions + 1)
            terminal.press(b"g", "Go to move")
            times["g NUMBER enter"].append(terminal.press(str(move).encode() + b"\r", caption(timeline.find(move))))
            at = timeline.find(move)
        for key, samples in times.items():
            row(f"terminal: {key}, key to the screen showing it", [1000 * s for s in samples])
    finally:
        terminal.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--keys", type=int, default=30, help="rounds of keys pressed in the terminal")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        os.environ["UNOKART_DATA_DIR"] = directory
        match = long_match(args.actions)
        saves.write_atomic(
            saves.path_of("long"), saves.dumps(match, seats=game_seats(match), created=FIXED, updated=FIXED)
        )
        print(f"a save of {args.actions:,} actions in {match.round_number} rounds, 4 players")
        print(f"{'measure':<56} {'median ms':>9} {'worst ms':>9}")
        games: list[saves.SavedGame] = []
        replays: list[Replay] = []
        row("open: load and check the save", [timed(lambda: games.append(saves.load_game("long"))) for _ in range(5)])
        row("open: play it again into the replay", [timed(lambda: replays.append(Replay(games[0]))) for _ in range(5)])
        replay = replays[-1]
        plan = moves(replay, args.samples, seed=1)
        for kind, pairs in plan.items():
            samples = []
            for start, end in zip(pairs[::2], pairs[1::2], strict=True):
                replay.frame(start)
                samples.append(timed(lambda end=end: replay.frame(end)))
            row(f"data: {kind}", samples)
        asyncio.run(on_screen("long", games[0], moves(replay, min(args.samples, 150), seed=2)))
        floor_in_a_terminal(args.keys * 2, directory)
        table_in_a_terminal(args.keys, directory)
        in_a_terminal(replay, args.keys)


if __name__ == "__main__":
    main()
