"""How quick the table feels: the first frame in a terminal, and one key press to the redrawn screen.

    python benchmarks/bench_ui.py [--repeats N]      (needs the bench extra: pip install -e ".[bench]")

"first frame" starts a process in a pseudo-terminal of 80x24 and waits until the
terminal shows a complete screen: this script is the terminal (pyte keeps the screen),
so the time is what a player waits, imports, the deal and the first save included.
Every program is started the same way, from the same Python, alternately, and each
is timed to its first complete frame: for a bare ``App`` the whole screen painted,
for unokart its screen with the words that belong to it (the table's corners, the
hand, the key bar). A Textual app that draws the table's layout with fixed text and
no game shows what Textual itself needs for such a screen. The title and `continue`
find ten saved matches of 60 moves; each new match is saved in a folder of its own.

"key -> frame" is one key press through Textual's test pilot to the repainted screen,
for a bare App that changes one label (the floor the pilot sets) and for a cursor move
in the hand. "table update" is the game screen's own work for one update
(GameScreen.render_table), on the compact table at 80x24 and on the roomy one at 200x60
with nine opponents seated round it. "animation frame" is one step of a card flying
from the hand to the pile on the roomy table: the card moved, the whole screen laid out
again and its changed lines composed and written out (Screen._on_timer_update, what
Textual's refresh timer runs once per frame, made to lay out everything: an upper bound).
Medians in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Sequence
from pathlib import Path

import pyte
from textual.app import App, ComposeResult
from textual.widgets import Static

from unokart_tui.defaults import LINE_UP
from unokart_tui.settings import Settings
from unokart_tui.table.session import Session
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.game import GameScreen

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)
ROOMY = (200, 60)  # the roomy table, nine opponents round it
NINE = ("greedy", "challenger", "item-hoarder", "random") * 2 + ("greedy",)

# The table's layout and styles with fixed text, no game: what Textual needs to draw such a screen.
LAYOUT_ONLY = f"""
from textual.app import App
from textual.containers import Horizontal, Vertical
from textual.widgets import RichLog, Static

class Layout(App):
    CSS_PATH = {str(ROOT / "unokart_tui" / "tui" / "unokart.tcss")!r}
    # What the table's widgets bring in their own styles, for these plain Statics.
    CSS = (
        ".bigcard {{ width: 16; height: 5; border: round $foreground 60%; content-align: center middle;"
        " text-align: center; margin-right: 1; }} .opponent {{ height: 1; }} .opponent.you {{ height: 2; }}"
        " #log {{ border: round $primary 50%; padding: 0 1; }}"
        " .back {{ width: 9; background: $error 40%; }} .green {{ background: #2e7d32; color: white; }}"
        " #piles {{ height: 5; }} #keys {{ dock: bottom; height: 1; background: darkblue; }}"
    )

    def compose(self):
        with Horizontal(id="top"):
            with Vertical(id="opponents"):
                for name in ("Mario", "Luigi", "Peach"):
                    yield Static(f"  {{name:<6}}   7 played G4          0", classes="opponent")
                yield Static("▶ You       7 drew a card        0", classes="opponent you")
            with Vertical(id="table"):
                with Horizontal(id="piles"):
                    yield Static("UNO\\n\\n 80", classes="bigcard back", id="draw-pile")
                    yield Static("Green\\nG9\\n", classes="bigcard green")
                    yield Static("Colour\\n GREEN \\n\\nPlay goes\\n→ left", id="facts")
        with Vertical(id="middle"):
            yield RichLog(id="log", min_width=20)
        yield Static("╭────╮ ╭────╮\\n│ R7 │ │ G4 │\\n╰────╯ ╰────╯", id="hand")
        yield Static(" ⏎ Play  d Draw  u UNO!  PgUp/Dn Log  ? Help  q Quit", id="keys")

    def on_mount(self):
        self.query_one("#opponents").border_title = "Players · cards · last move · pts"
        self.query_one("#table").border_title = "Table"
        self.query_one("#log").border_title = "Game log"
        self.query_one("#hand").border_title = "Your hand"

Layout().run()
"""

TABLE = ("Players", "Table", "Game log", "Your hand", "palette")


def first_frame(argv: Sequence[str], words: Sequence[str], env: dict[str, str]) -> float:
    """Seconds from starting ``argv`` in a new pseudo-terminal to a complete screen showing ``words``."""
    columns, lines = SIZE
    screen = pyte.Screen(columns, lines)
    stream = pyte.ByteStream(screen)
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the program
        os.environ.update(env)
        os.execv(argv[0], list(argv))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    pending: list[bytes] = []
    try:
        while time.perf_counter() - start < 30:
            if not select.select([fd], [], [], 0.5)[0]:
                continue
            pending.append(os.read(fd, 1 << 16))
            arrived = time.perf_counter()
            if select.select([fd], [], [], 0)[0]:
                continue  # the rest of this write first: reading on keeps the arrival times true
            stream.feed(b"".join(pending))
            pending.clear()
            shown = "\n".join(screen.display)
            painted = screen.buffer[lines - 1][columns - 1].bg != "default"  # the last cell of a frame
            if painted and all(word in shown for word in words):
                return arrived - start
        raise RuntimeError(f"{argv[1:]} showed no complete frame in 30 s:\n" + "\n".join(screen.display))
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


SAVED_MATCHES = 10  # what the title and `unokart continue` find: a player's saves, half-played


def _saved_matches(directory: str) -> None:
    os.environ["UNOKART_DATA_DIR"] = directory
    for number in range(SAVED_MATCHES):
        session = Session.new("Ann", seed=number, name=f"match {number}")
        for _ in range(60):  # a few minutes of play: the player takes the first legal action, bots choose
            round_ = session.match.round
            if round_.is_over:
                break
            seat = round_.decider
            session.apply(session.bot_action(seat) if seat in session.bots else round_.legal_actions()[0])
        session.close()


def terminal_first_frames(repeats: int) -> dict[str, float]:
    python = sys.executable
    unokart = str(Path(python).parent / "unokart")
    # As an installed package would be: compiled once, not on every start.
    compileall.compile_dir(ROOT, quiet=1, rx=re.compile(r"[\\/](\.venv|tests|benchmarks)[\\/]"))
    samples: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as saved, tempfile.TemporaryDirectory() as fresh:
        _saved_matches(saved)
        env = {"TERM": "xterm-256color", "UNOKART_DATA_DIR": saved, "UNOKART_CONFIG_DIR": str(Path(saved) / "config")}
        programs = {
            "bare App": ([python, "-c", "from textual.app import App\nApp().run()"], ()),
            "the table's layout, fixed text, no game": ([python, "-c", LAYOUT_ONLY], TABLE[:4]),
            "unokart: title": ([unokart], ("New game", "palette")),
            "unokart new: the table, a new match": ([unokart, "new", "--seed", "1", "--bot-delay", "10"], TABLE),
            "unokart continue: the table, resumed": ([unokart, "continue", "--bot-delay", "10"], TABLE),
        }
        for run in range(repeats):  # alternately, so a busy moment of the machine hits every program alike
            for label, (argv, words) in programs.items():
                # A new match is saved in a folder of its own: the saves the others find stay the same.
                where = {"UNOKART_DATA_DIR": str(Path(fresh) / str(run))} if " new:" in label else {}
                samples.setdefault(label, []).append(first_frame(argv, words, {**env, **where}))
    return {label: statistics.median(times) for label, times in samples.items()}


class _Trivial(App[None]):
    """A bare App with one line of text and a key that changes it: the floor for key -> frame."""

    BINDINGS = [("right", "bump", "Bump")]

    def compose(self) -> ComposeResult:
        yield Static("0", id="count")

    def action_bump(self) -> None:
        count = self.query_one("#count", Static)
        count.update(str(int(str(count.render())) + 1))


async def key_to_frame(app: App[object], presses: int = 20) -> list[float]:
    samples = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(presses):
            start = time.perf_counter()
            await pilot.press("right")
            samples.append(time.perf_counter() - start)
    return samples


def _table(number: int, bots: Sequence[str] = LINE_UP) -> UnoKartApp:
    session = Session.new("Ann", bots, seed=number, name=f"bench {number}")
    # The bots wait: only the player's side is timed; no first-game guide over the table.
    return UnoKartApp(session, settings=Settings(guide=False), bot_delay=60)


async def table_updates(number: int, updates: int = 20, *, roomy: bool = False) -> float:
    app = _table(number, NINE if roomy else LINE_UP)
    async with app.run_test(size=ROOMY if roomy else SIZE) as pilot:
        await pilot.pause()
        # The table under a dialog the deal may have put up (a wild first card's colour) still updates.
        [screen] = [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
        start = time.perf_counter()
        for _ in range(updates):
            screen.render_table()
        elapsed = (time.perf_counter() - start) / updates
    app.session.close()
    return elapsed


async def animation_frames(number: int, steps: int = 30) -> list[float] | None:
    """A played card's flight to the pile, frame by frame: the card moved, the screen written.
    None if the deal put a dialog before the player (a wild first card's colour)."""
    app = _table(number, NINE)
    samples = []
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen):
            app.session.close()
            return None
        assert screen.has_class("-roomy")
        stage = screen.flights.stage()
        [flight, *_] = screen.flights.cards
        flight.styles.width, flight.styles.height = stage.card
        flight.card, flight.glyphs = screen.hand.state.cards[0], stage.glyphs
        flight.start, flight.end = stage.seats[0].offset, stage.pile.offset
        flight.visible = True
        await pilot.pause()
        for step in range(1, steps + 1):
            start = time.perf_counter()
            flight.progress = step / steps
            # What the frame's refresh does, and more: the whole screen laid out again, not only the card.
            screen._layout_required = True
            screen._on_timer_update()
            samples.append(time.perf_counter() - start)
    app.session.close()
    return samples


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    frames = terminal_first_frames(args.repeats)
    with tempfile.TemporaryDirectory() as directory:
        os.environ["UNOKART_DATA_DIR"] = directory
        os.environ["TEXTUAL_ANIMATIONS"] = "none"
        floor = statistics.median(await key_to_frame(_Trivial()))
        moves = []
        for number in range(args.repeats // 3 or 1):
            app = _table(100 + number)
            moves += await key_to_frame(app)
            app.session.close()
        runs = range(args.repeats // 3 or 1)
        render = statistics.median([await table_updates(200 + n) for n in runs])
        roomy = statistics.median([await table_updates(300 + n, roomy=True) for n in runs])
        frames_of_flights = [await animation_frames(400 + n) for n in range(2 * len(runs))]
        frame = statistics.median([sample for flight in frames_of_flights if flight for sample in flight])
    bare = frames["bare App"]
    print(f"{'measure':<66} {'median ms':>10}")
    for label, seconds in frames.items():
        ratio = f"   ({seconds / bare:.2f}x)" if label != "bare App" else ""
        print(f"{'first frame in a terminal, ' + label:<66} {seconds * 1000:>10.1f}{ratio}")
    print(f"{'key -> frame, bare App changing a label':<66} {floor * 1000:>10.1f}")
    print(f"{'key -> frame, cursor move in the hand':<66} {statistics.median(moves) * 1000:>10.1f}")
    print(f"{'table update (state -> widgets), compact, 80x24':<66} {render * 1000:>10.2f}")
    print(f"{'table update (state -> widgets), roomy, 200x60, 9 opponents':<66} {roomy * 1000:>10.2f}")
    print(f"{'animation frame, roomy, 200x60: a card one step nearer the pile':<66} {frame * 1000:>10.2f}")


if __name__ == "__main__":
    asyncio.run(main())
