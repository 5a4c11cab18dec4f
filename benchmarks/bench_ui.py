"""How quick the table feels: first frame, and one key press to the redrawn screen.

    python benchmarks/bench_ui.py [--repeats N]

Runs headless (Textual's test driver, 80x24). "first frame" is the time from
starting an app to its first idle screen, for a bare ``App`` and for unokart's
table with a fresh 4-player match, started the same way. "key -> frame" is one
key press through Textual's test pilot to the repainted screen: for a bare App that
changes one label (the floor the pilot and Textual's frame pacing set) and for a
cursor move in the hand. "table update" is the game screen's own work for one
update (GameScreen.render_table). Medians in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

from textual.app import App, ComposeResult
from textual.widgets import Static

from unokart_tui.app import UnoKartApp
from unokart_tui.screens.game import GameScreen
from unokart_tui.session import Session


class _Trivial(App[None]):
    """A bare App with one line of text and a key that changes it: the floor for key -> frame."""

    BINDINGS = [("right", "bump", "Bump")]

    def compose(self) -> ComposeResult:
        yield Static("0", id="count")

    def action_bump(self) -> None:
        count = self.query_one("#count", Static)
        count.update(str(int(str(count.render())) + 1))


def _table(number: int) -> UnoKartApp:
    session = Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=number, name=f"bench {number}")
    return UnoKartApp(session, bot_delay=60)  # the bots wait: only the player's side is timed


async def first_frame(app: App[object]) -> float:
    start = time.perf_counter()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        elapsed = time.perf_counter() - start
    if isinstance(app, UnoKartApp):
        app.session.close()
    return elapsed


async def key_to_frame(app: App[object], presses: int = 20) -> list[float]:
    samples = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(presses):
            start = time.perf_counter()
            await pilot.press("right")
            samples.append(time.perf_counter() - start)
        if isinstance(app, UnoKartApp):
            screen = app.screen
            assert isinstance(screen, GameScreen)
            start = time.perf_counter()
            for _ in range(presses):
                screen.render_table()
            samples_render.append((time.perf_counter() - start) / presses)
            app.session.close()
    return samples


samples_render: list[float] = []

# A whole process, from start to its first frame (headless, then it quits): what a player waits.
_PROCESS = {
    "bare App": "from textual.app import App as A\nmake = A",
    "unokart title": "from unokart_tui.app import UnoKartApp\nmake = UnoKartApp",
    "unokart table, new match": (
        "import random\nfrom unokart_tui.app import UnoKartApp\nfrom unokart_tui.session import Session\n"
        "make = lambda: UnoKartApp(Session.new('Ann', ['greedy', 'challenger', 'item-hoarder'], seed=1,"
        " name=f'p {random.random()}'), bot_delay=60)"
    ),
}
_RUN = """
async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()
make().run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""


def process_first_frame(setup: str, repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", setup + _RUN], check=True, capture_output=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        os.environ["UNOKART_DATA_DIR"] = directory
        os.environ["TEXTUAL_ANIMATIONS"] = "none"
        await first_frame(App())  # warm the imports
        await first_frame(_table(0))
        bare = statistics.median([await first_frame(App()) for _ in range(args.repeats)])
        ours = statistics.median([await first_frame(_table(n + 1)) for n in range(args.repeats)])
        floor = statistics.median(await key_to_frame(_Trivial()))
        moves = [t for n in range(args.repeats // 3 or 1) for t in await key_to_frame(_table(100 + n))]
        processes = {label: process_first_frame(setup, args.repeats) for label, setup in _PROCESS.items()}
    move = statistics.median(moves)
    render = statistics.median(samples_render)
    print(f"{'measure':<52} {'median ms':>10}")
    print(f"{'first frame, bare App':<52} {bare * 1000:>10.1f}")
    print(f"{'first frame, unokart table':<52} {ours * 1000:>10.1f}   ({ours / bare:.2f}x the bare App)")
    bare_process = processes["bare App"]
    for label, seconds in processes.items():
        ratio = f"   ({seconds / bare_process:.2f}x)" if label != "bare App" else ""
        print(f"{'process start -> first frame, ' + label:<52} {seconds * 1000:>10.1f}{ratio}")
    print(f"{'key -> frame, bare App changing a label':<52} {floor * 1000:>10.1f}")
    print(f"{'key -> frame, cursor move in the hand':<52} {move * 1000:>10.1f}")
    print(f"{'table update (state -> widgets)':<52} {render * 1000:>10.2f}")


if __name__ == "__main__":
    asyncio.run(main())
