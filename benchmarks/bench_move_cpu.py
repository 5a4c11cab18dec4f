"""Where a bot's move's processor time goes: the screen updates Textual makes for it, and the rest.

    python benchmarks/bench_move_cpu.py [--seconds 30] [--size 80x24] [--speed normal] [--still] [--widgets]

Plays the same match as ``bench_terminal_cost.py`` (seed 7, the autopilot on, the round-over
dialog answered) in a pseudo-terminal and records, inside the game's process, each screen update
Textual makes (its refresh timer's): the thread's CPU time it took, whether it laid the screen
out, how many widgets it rendered, and which widgets asked for it (those refreshed since the
update before). Also the CPU time of the bots' moves (each with the table's update and the save),
of the autopilot's hints, of Textual's animator ticks, of a flying card's steps where the wire
draws them (``FlyingCard.lay_at``) and of its own timer's ticks (``FlyingCard.tick``, where the tree
has it). Prints them a move.

The counts (updates, layouts, renders a move) move little with the machine's load, and are the
figures to hold a change to; the times move with it (a loaded machine makes every instruction
slower). An update is "a flying card's" when only flying cards asked for it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_frames import ROOT, SEED, play


def record(log_path: str) -> None:
    """Run in the game's process: time Textual's screen updates and the table's work, then start unokart."""
    sys.path.insert(0, str(ROOT))  # this tree's game, as bench_terminal_cost.py runs it, not the one installed
    from textual._animator import Animator
    from textual.screen import Screen
    from textual.widget import Widget

    from unokart_tui.table.advisor import Advisor
    from unokart_tui.table.pacing import Pacer
    from unokart_tui.tui.widgets.motion import FlyingCard

    log = open(log_path, "w", buffering=1)  # noqa: SIM115 - open for the whole run
    asked: set[str] = set()  # "card" or "other": who asked for the next update
    renders = [0]
    # A widget class's refreshes, renders (of any line) and lines drawn anew since the update before.
    by_class: dict[str, list[int]] = {}

    def count(widget: Widget, which: int) -> None:
        by_class.setdefault(type(widget).__name__, [0, 0, 0])[which] += 1

    refresh = Widget.refresh

    def refreshed(self: Widget, *regions: Any, **options: Any) -> Any:
        asked.add("card" if isinstance(self, FlyingCard) else "other")
        count(self, 0)
        return refresh(self, *regions, **options)

    render_lines = Widget.render_lines

    def rendered(self: Widget, crop: Any) -> Any:
        renders[0] += 1
        count(self, 1)
        cache = self._styles_cache
        anew = sum(1 for y in crop.line_range if cache.is_dirty(y) or y not in cache._cache)
        by_class[type(self).__name__][2] += anew
        return render_lines(self, crop)

    update = Screen._on_timer_update

    def updated(self: Screen[object]) -> None:
        layout = self._layout_required
        renders[0] = 0
        start = time.thread_time()
        update(self)
        cpu = time.thread_time() - start
        kind = "card" if asked == {"card"} else "other"
        asked.clear()
        entry = {"t": time.monotonic(), "update": kind, "cpu": cpu, "layout": bool(layout), "renders": renders[0]}
        entry["widgets"] = dict(by_class)
        by_class.clear()
        log.write(json.dumps(entry) + "\n")

    def timed(owner: Any, name: str, kind: str) -> None:
        method = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time()
            try:
                return method(*args, **kwargs)
            finally:
                entry = {"t": time.monotonic(), "work": kind, "cpu": time.thread_time() - start}
                log.write(json.dumps(entry) + "\n")

        setattr(owner, name, wrapper)

    Widget.refresh = refreshed  # type: ignore[method-assign]
    Widget.render_lines = rendered  # type: ignore[method-assign]
    Screen._on_timer_update = updated  # type: ignore[method-assign]
    timed(Pacer, "_bot_moves", "bots' moves")
    timed(Advisor, "hint", "autopilot's hints")  # inside the bots' moves' time when the autopilot plays
    timed(Animator, "__call__", "animator ticks")
    if hasattr(FlyingCard, "lay_at"):  # the card's steps drawn by the wire, outside Textual's updates
        timed(FlyingCard, "lay_at", "a flying card's steps in the wire")
    if hasattr(FlyingCard, "tick"):  # a flight's own timer (its steps in the wire included), not the animator's
        timed(FlyingCard, "tick", "a flying card's ticks (its own timer)")
    from unokart_tui.__main__ import run

    sys.argv = ["unokart", "new", "--seed", str(SEED)]
    sys.exit(run())


def report(records: list[dict[str, Any]], moves: int, widgets: bool = False) -> str:
    per = max(moves, 1)
    updates = [record for record in records if "update" in record]
    out = [f"{moves} moves"]
    out.append(
        f"screen updates a move {len(updates) / per:5.1f}   layouts {sum(u['layout'] for u in updates) / per:.1f}"
        f"   widget renders {sum(u['renders'] for u in updates) / per:.0f}"
    )
    out.append("CPU a move (thread time):")
    for kind, name in (
        ("other", "updates for the move (the table, log, seats...)"),
        ("card", "a flying card's updates"),
    ):
        some = [u for u in updates if u["update"] == kind]
        out.append(f"  {name:<50} {sum(u['cpu'] for u in some) * 1000 / per:6.1f} ms in {len(some) / per:.1f}")
    work: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    for record in records:
        if "work" in record:
            work[record["work"]] += record["cpu"]
            calls[record["work"]] += 1
    for kind, cpu in work.items():
        out.append(f"  {kind:<50} {cpu * 1000 / per:6.1f} ms in {calls[kind] / per:.1f}")
    if widgets:
        out.append("A move's own updates, by widget class (a move): refreshes asked, renders, lines drawn anew")
        totals: dict[str, list[int]] = {}
        for update in updates:
            if update["update"] != "other":
                continue
            for name, figures in update.get("widgets", {}).items():
                total = totals.setdefault(name, [0, 0, 0])
                for index, figure in enumerate(figures):
                    total[index] += figure
        for name, (asked, renders, lines) in sorted(totals.items(), key=lambda item: -item[1][2]):
            out.append(f"  {name:<28} {asked / per:6.1f} {renders / per:6.1f} {lines / per:6.1f}")
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
    parser.add_argument("--widgets", action="store_true", help="the move's own updates by widget class")
    args = parser.parse_args()
    columns, lines = (int(n) for n in args.size.split("x"))
    records, moves = play((columns, lines), args.seconds, args.speed, not args.still, script=__file__)
    print(report(records, moves, args.widgets))
    loads = " ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"{args.size}, {args.speed}, motion {'off' if args.still else 'on'}, {args.seconds:.0f} s; load {loads}")


if __name__ == "__main__":
    main()
