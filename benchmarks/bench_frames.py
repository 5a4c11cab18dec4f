"""Where a bot's move's bytes go: frames, widgets, colour codes and cells that did not change.

    python benchmarks/bench_frames.py [--seconds 30] [--size 80x24] [--speed normal] [--still]

Plays the same match as ``bench_terminal_cost.py`` (seed 7, the autopilot on, the round-over
dialog answered) in a pseudo-terminal, with Textual's output recorded frame by frame inside
the game's own process: for every update Textual writes, the bytes each widget's cells took,
how many of them were colour codes (SGR), cursor moves and characters, and how many of the
cells written showed on the terminal already (the same character in the same style). Prints,
per move, the frames and bytes by widget, and what share of the bytes each kind took.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import re
import signal
import struct
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_terminal_cost import READY, ROOT, SEED, WARM_UP, read_for, saved_moves, wait_for

SGR = re.compile(r"\x1b\[[0-9;]*m")
MOVE = re.compile(r"\x1b\[[0-9;]*[HABCDGf]|\n")
CURSOR_MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")


def widget_label(widget: Any) -> str:
    """A name for the widget that owns a cell: its id, or its nearest parent's with an id."""
    from textual.scrollbar import ScrollBar, ScrollBarCorner

    suffix = " scrollbar" if isinstance(widget, (ScrollBar, ScrollBarCorner)) else ""
    node = widget
    while node is not None and node.id is None:
        node = node.parent
    name = type(widget).__name__ if node is None else f"#{node.id}"
    if node is not None and node is not widget and not suffix:
        name = f"{name} {type(widget).__name__}"
    return name + suffix


def record(log_path: str) -> None:
    """Run in the game's process: wrap Textual's updates to log each frame, then start unokart."""
    from rich.segment import Segment
    from textual import _compositor
    from textual.app import active_app
    from textual.strip import Strip

    log = open(log_path, "w", buffering=1)  # noqa: SIM115 - open for the whole run
    screen_cells: dict[tuple[int, int], tuple[str, object]] = {}

    def owner(x: int, y: int) -> str:
        try:
            widget, _region = active_app.get().screen._compositor.get_widget_at(x, y)
        except Exception:  # noqa: BLE001 - the cursor's last place, a cell nobody owns, no screen yet
            return "(screen)"
        return widget_label(widget)

    def account(pieces: list[tuple[int, int, Strip]], output: str, kind: str) -> None:
        app = active_app.get()
        compositor = app.screen._compositor
        by_widget: Counter[str] = Counter()
        same = changed = 0
        color_system = app.console._color_system
        for x, y, strip in pieces:
            try:
                widget, _region = compositor.get_widget_at(x, y)
                label = widget_label(widget)
            except Exception:  # noqa: BLE001 - a cell nobody owns: the screen's background
                label = "(screen)"
            rendered = strip.render(app.console)
            by_widget[label] += len(rendered.encode()) + len(f"\x1b[{y + 1};{x + 1}H")
            column = x
            for segment in strip:
                text, style = segment.text, segment.style
                ansi = "" if style is None else Strip.render_ansi(style, color_system)
                for char in text:
                    key = (column, y)
                    if screen_cells.get(key) == (char, ansi):
                        same += 1
                    else:
                        changed += 1
                        screen_cells[key] = (char, ansi)
                    column += Segment(char).cell_length or 1
        data = output.encode()
        sgr = sum(len(code) for code in SGR.findall(output))
        moves = sum(len(code) for code in MOVE.findall(output))
        rows = sorted({y for _x, y, _s in pieces})
        frame = {
            "t": time.monotonic(),
            "kind": kind,
            "bytes": len(data),
            "sgr": sgr,
            "moves": moves,
            "text": len(data) - sgr - moves,
            "same": same,
            "changed": changed,
            "rows": rows,
            "widgets": by_widget,
        }
        log.write(json.dumps(frame) + "\n")

    chops_render = _compositor.ChopsUpdate.render_segments
    layout_render = _compositor.LayoutUpdate.render_segments

    def chops(self: Any, console: Any) -> str:
        output: str = chops_render(self, console)
        pieces = []
        for y, x1, x2 in self.spans:
            for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items(), strict=False):
                if strip is None or x > x2 or end <= x1:
                    continue
                whole = x2 > x >= x1 and end <= x2
                pieces.append((x, y, strip if whole else strip.crop(0, min(end, x2) - x)))
        account(pieces, output, "chops")
        return output

    def layout(self: Any, console: Any) -> str:
        output: str = layout_render(self, console)
        pieces = []
        for y, line in enumerate(self.strips, self.region.y):
            x = self.region.x
            for strip in line:
                pieces.append((x, y, strip))
                x += strip.cell_length
        account(pieces, output, "layout")
        return output

    from unokart_tui.tui.wire import Wire

    raw_path = os.environ.get("BENCH_FRAMES_RAW")
    raw = open(raw_path, "w", buffering=1) if raw_path else None  # noqa: SIM115 - open for the whole run
    rewrite = Wire.rewrite

    def rewritten(self: Wire, data: str) -> str:
        """What the game sends: Textual's writes as the wire rewrites them."""
        sent = rewrite(self, data)
        by_widget: Counter[str] = Counter()
        moves = list(CURSOR_MOVE.finditer(sent))
        for move, after in zip(moves, [*moves[1:], None], strict=False):  # each piece, from its cursor move on
            end = len(sent) if after is None else after.start()
            by_widget[owner(int(move[2]) - 1, int(move[1]) - 1)] += len(sent[move.start() : end].encode())
        record = {"t": time.monotonic(), "sent": len(sent.encode()), "given": len(data.encode()), "widgets": by_widget}
        log.write(json.dumps(record) + "\n")
        if raw is not None:  # both, for a closer look (--raw)
            raw.write(json.dumps([time.monotonic(), data, sent]) + "\n")
        return sent

    Wire.rewrite = rewritten  # type: ignore[method-assign]
    _compositor.ChopsUpdate.render_segments = chops  # type: ignore[method-assign]
    _compositor.LayoutUpdate.render_segments = layout  # type: ignore[method-assign]
    profile_path = os.environ.get("BENCH_FRAMES_PROFILE")
    if profile_path:  # the measured window profiled: SIGUSR1 starts it, SIGUSR2 writes it out (--profile)
        import cProfile

        profiler = cProfile.Profile()
        signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
        signal.signal(signal.SIGUSR2, lambda *_: (profiler.disable(), profiler.dump_stats(profile_path)))
    from unokart_tui.__main__ import run

    sys.argv = ["unokart", "new", "--seed", str(SEED)]
    sys.exit(run())


def play(
    size: tuple[int, int],
    seconds: float,
    speed: str,
    motion: bool,
    *,
    raw: str | None = None,
    profile: str | None = None,
    script: str = __file__,
) -> tuple[list[dict[str, Any]], int]:
    """The frames of the measured window, and the moves made in it. ``script`` records them in the game's
    process (run as ``script --record LOG``): this one's ``record`` by default."""
    columns, lines = size
    with tempfile.TemporaryDirectory() as folder:
        data, config, log = Path(folder) / "data", Path(folder) / "config", Path(folder) / "frames.jsonl"
        config.mkdir()
        (config / "settings.toml").write_text(
            f'bot_speed = "{speed}"\nconfirm_quit = false\nguide = false\nreduce_motion = {str(not motion).lower()}\n'
        )
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "UNOKART_DATA_DIR": str(data)}
        env["UNOKART_CONFIG_DIR"] = str(config)
        if raw:
            env["BENCH_FRAMES_RAW"] = raw
        if profile:
            env["BENCH_FRAMES_PROFILE"] = profile
        pid, fd = pty.fork()
        if pid == 0:
            for key in ("COLUMNS", "LINES", "TEXTUAL_ANIMATIONS"):
                os.environ.pop(key, None)
            os.environ.update(env)
            os.chdir(ROOT)
            os.execv(sys.executable, [sys.executable, script, "--record", str(log)])
        import fcntl
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        try:
            wait_for(fd, READY)
            os.write(fd, b"a")
            read_for(fd, WARM_UP, answer_round_over=True)
            moves = saved_moves(data) or 0
            start = time.monotonic()
            if profile:
                os.kill(pid, signal.SIGUSR1)
            read_for(fd, seconds, answer_round_over=True)
            end = time.monotonic()
            if profile:
                os.kill(pid, signal.SIGUSR2)
                read_for(fd, 2.0, answer_round_over=True)  # while it writes the profile out
            moves = (saved_moves(data) or 0) - moves
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)
        records = [json.loads(line) for line in log.read_text().splitlines() if line.endswith("}")]
    return [record for record in records if start <= record["t"] <= end], moves


def report(records: list[dict[str, Any]], moves: int) -> str:
    frames = [record for record in records if "kind" in record]
    writes = [record for record in records if "sent" in record]
    total = sum(frame["bytes"] for frame in frames)
    per = max(moves, 1)
    sent = sum(write["sent"] for write in writes)
    out = [
        f"{moves} moves, {len(frames)} frames ({len(frames) / per:.1f} a move)",
        f"to the terminal: {sent / per:,.0f} B a move in {sum(1 for w in writes if w['sent']) / per:.1f} writes",
        f"Textual's frames, before the wire: {total / per:,.0f} B a move",
    ]
    kinds = Counter(frame["kind"] for frame in frames)
    out.append("frames by kind: " + ", ".join(f"{kind} {count}" for kind, count in kinds.items()))
    for key, name in (("sgr", "colour codes (SGR)"), ("moves", "cursor moves"), ("text", "characters")):
        part = sum(frame[key] for frame in frames)
        out.append(f"  {name:<20} {part / per:>8,.0f} B a move  {100 * part / max(total, 1):5.1f} %")
    same = sum(frame["same"] for frame in frames)
    changed = sum(frame["changed"] for frame in frames)
    out.append(
        f"cells written a move: {(same + changed) / per:,.0f}, of which already on the terminal "
        f"{same / per:,.0f} ({100 * same / max(same + changed, 1):.0f} %)"
    )
    widgets: defaultdict[str, int] = defaultdict(int)
    touched: Counter[str] = Counter()
    for frame in frames:
        for label, count in frame["widgets"].items():
            widgets[label] += count
            touched[label] += 1
    wired: defaultdict[str, int] = defaultdict(int)
    for write in writes:
        for label, count in write.get("widgets", {}).items():
            wired[label] += count
    out.append(f"{'widget':<34} {'B a move':>9} {'frames':>7} {'sent B a move':>14}")
    for label, count in sorted(widgets.items(), key=lambda item: -item[1]):
        out.append(f"{label:<34} {count / per:>9,.0f} {touched[label]:>7} {wired.pop(label, 0) / per:>14,.0f}")
    for label, count in sorted(wired.items(), key=lambda item: -item[1]):
        out.append(f"{label:<34} {'-':>9} {'-':>7} {count / per:>14,.0f}")
    sizes = sorted(frame["bytes"] for frame in frames)
    if sizes:
        out.append(f"bytes a frame: median {sizes[len(sizes) // 2]:,}, largest {sizes[-1]:,}")
    return "\n".join(out)


def main() -> None:
    if sys.argv[1:2] == ["--record"]:
        record(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--speed", default="normal", choices=("slow", "normal", "fast"))
    parser.add_argument("--still", action="store_true", help="the cards' motion off (reduce motion)")
    parser.add_argument("--raw", help="also write every write to the terminal to this file (JSON lines)")
    parser.add_argument("--profile", help="cProfile the measured window into this file (pstats)")
    args = parser.parse_args()
    columns, lines = (int(n) for n in args.size.split("x"))
    frames, moves = play((columns, lines), args.seconds, args.speed, not args.still, raw=args.raw, profile=args.profile)
    print(report(frames, moves))
    loads = " ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"{args.size}, {args.speed}, motion {'off' if args.still else 'on'}, {args.seconds:.0f} s; load {loads}")


if __name__ == "__main__":
    main()
