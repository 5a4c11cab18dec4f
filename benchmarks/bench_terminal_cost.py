"""What a bot's move costs the machine and the wire: CPU and bytes to the terminal per minute.

    python benchmarks/bench_terminal_cost.py [--seconds 30] [--sizes 80x24,120x40] [--rows normal,fast]

Each row starts a program in a pseudo-terminal of the given size that this script reads
itself: every byte the program writes to its terminal is counted, and its CPU time (user
and system) is read from ``/proc/<pid>/stat`` before and after the measured window. The
rows, each measured for ``--seconds`` after a warm-up:

- a bare Textual app, idle, and the same app changing one label three times a second (the
  floor: what a small update costs in Textual);
- unokart at the player's turn, nothing happening (idle);
- unokart with the autopilot on (the expert plays the player's turns, so bots and pilot
  move without a key) at the bots' slow, normal and fast speeds, with the cards' motion on,
  and at normal and fast with it off (the "reduce motion" setting).

Each game is a new match of the same seed and line-up, in data and config folders of its
own. The round-over dialog is answered (enter) when it appears, so moves go on. "moves" is
the number of actions the save gained in the window; "B/move" the bytes per move.

Bytes do not depend on the machine's load, so they are the figure to hold a change to; the
CPU share does (a loaded machine makes every instruction slower), so compare it with the
bare app's in the same run. The load average is printed with the table.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")
SEED = 7
READY = b"Your hand"  # in the table's first frame (the hand's title)
ROUND_OVER = b"won the round"  # the round-over dialog's title: answered with enter, so play goes on
WARM_UP = 6.0  # seconds after the first frame: start-up done, the autopilot's notice gone

BARE = """
import sys
from textual.app import App
from textual.widgets import Label

class Bare(App):
    def compose(self):
        yield Label("0", id="count")

    def on_mount(self):
        if sys.argv[1:] == ["tick"]:
            self.count = 0
            self.set_interval(1 / 3, self.tick)

    def tick(self):
        self.count += 1
        self.query_one(Label).update(str(self.count))

Bare().run()
"""


class Row(NamedTuple):
    label: str
    program: str  # "bare" or "unokart"
    speed: str = "normal"
    motion: bool = True
    autopilot: bool = True
    tick: bool = False


ROWS = {
    "bare-idle": Row("bare Textual app, idle", "bare"),
    "bare-tick": Row("bare Textual app, a label 3x a second", "bare", tick=True),
    "idle": Row("unokart, the player's turn, nothing happening", "unokart", autopilot=False),
    "slow": Row("bots at slow speed (autopilot on)", "unokart", "slow"),
    "normal": Row("bots at normal speed", "unokart", "normal"),
    "fast": Row("bots at fast speed", "unokart", "fast"),
    "normal-still": Row("normal, animations off (reduce motion)", "unokart", "normal", motion=False),
    "fast-still": Row("fast, animations off (reduce motion)", "unokart", "fast", motion=False),
}


class Measure(NamedTuple):
    seconds: float
    cpu: float  # seconds of CPU time in the window
    written: int  # bytes to the terminal in the window
    moves: int | None  # actions the save gained in the window (None for the bare app)


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    # After the command's name: state is field 3, utime field 14 and stime field 15 (proc(5)).
    return (int(fields[11]) + int(fields[12])) / TICKS


def saved_moves(data: Path) -> int | None:
    """The actions the match's save holds now (None while there is no save yet)."""
    os.environ["UNOKART_DATA_DIR"] = str(data)
    from saves import SaveError, list_saves, load

    try:
        [entry] = list_saves()  # the one match of this run
        match = load(entry.name)
    except (SaveError, ValueError):
        return None
    return sum(len(actions) for actions in match.history)


def read_for(fd: int, seconds: float, answer_round_over: bool = False) -> int:
    """Read the terminal for ``seconds``; the bytes read. The round-over dialog gets an enter."""
    written = 0
    tail = b""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([fd], [], [], min(left, 0.5))[0]:
            continue
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:  # the program ended
            break
        written += len(chunk)
        if answer_round_over:
            seen = tail + chunk
            if ROUND_OVER in seen:
                os.write(fd, b"\r")
                seen = b""
            tail = seen[-len(ROUND_OVER) :]
    return written


def wait_for(fd: int, text: bytes, timeout: float = 30.0) -> None:
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if select.select([fd], [], [], 0.5)[0]:
            seen += os.read(fd, 1 << 16)
            if text in seen:
                return
    raise RuntimeError(f"{text!r} never showed in {timeout} s")


def measure(row: Row, size: tuple[int, int], seconds: float) -> Measure:
    columns, lines = size
    with tempfile.TemporaryDirectory() as folder:
        data, config = Path(folder) / "data", Path(folder) / "config"
        config.mkdir()
        (config / "settings.toml").write_text(
            f'bot_speed = "{row.speed}"\nconfirm_quit = false\nguide = false\n'
            f"reduce_motion = {str(not row.motion).lower()}\n"
        )
        env = {
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "UNOKART_DATA_DIR": str(data),
            "UNOKART_CONFIG_DIR": str(config),
        }
        if row.program == "bare":
            argv = [sys.executable, "-c", BARE, *(["tick"] if row.tick else [])]
        else:
            argv = [sys.executable, "-m", "unokart_tui", "new", "--seed", str(SEED)]
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the program
            for key in ("COLUMNS", "LINES", "TEXTUAL_ANIMATIONS"):
                os.environ.pop(key, None)
            os.environ.update(env)
            os.chdir(ROOT)
            os.execv(argv[0], argv)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        try:
            if row.program == "unokart":
                wait_for(fd, READY)
                if row.autopilot:
                    os.write(fd, b"a")
            # Idle: long enough for the bots' first moves to reach the player's turn.
            read_for(fd, WARM_UP if row.autopilot else 2 * WARM_UP, answer_round_over=True)
            moves = saved_moves(data) if row.program == "unokart" else None
            cpu, start = cpu_seconds(pid), time.monotonic()
            written = read_for(fd, seconds, answer_round_over=True)
            cpu, elapsed = cpu_seconds(pid) - cpu, time.monotonic() - start
            if moves is not None:
                moves = (saved_moves(data) or 0) - moves
            return Measure(elapsed, cpu, written, moves)
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)


def kilobytes(count: float) -> str:
    return f"{count / 1000:,.0f} KB" if count < 1e6 else f"{count / 1e6:,.2f} MB"


def table(results: Sequence[tuple[str, Row, Measure]]) -> str:
    out = [f"{'size':<7} {'row':<48} {'% core':>7} {'per minute':>11} {'moves':>6} {'B/move':>7}"]
    for size, row, m in results:
        share = 100 * m.cpu / m.seconds
        per_minute = m.written * 60 / m.seconds
        per_move = f"{m.written / m.moves:,.0f}" if m.moves else "-"
        moves = "-" if m.moves is None else str(m.moves)
        out.append(f"{size:<7} {row.label:<48} {share:>7.1f} {kilobytes(per_minute):>11} {moves:>6} {per_move:>7}")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured window of each row")
    parser.add_argument("--sizes", default="80x24,120x40", help="terminal sizes, comma-separated")
    parser.add_argument("--rows", default=",".join(ROWS), help=f"rows, comma-separated, of: {', '.join(ROWS)}")
    args = parser.parse_args()
    try:
        sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
        rows = [ROWS[name] for name in args.rows.split(",")]
    except (ValueError, KeyError) as error:
        parser.error(f"bad --sizes or --rows: {error}")
    results = []
    for columns, lines in sizes:
        for row in rows:
            results.append((f"{columns}x{lines}", row, measure(row, (columns, lines), args.seconds)))
    load = os.getloadavg()
    print(table(results))
    loads = " ".join(f"{figure:.1f}" for figure in load)
    print(f"{args.seconds:.0f} s a row; load average at the end {loads}, {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
