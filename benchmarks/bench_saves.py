"""Saving and loading a long match: is saving after every action invisible?

    python benchmarks/bench_saves.py [--repeats N]

Plays seeded matches of 4 players until they hold about 1,000, 3,000 and 10,000
actions, then times (median of the repeats, milliseconds): ``dumps`` (match to TOML,
with its checksum), ``save`` (dumps + atomic write with fsync + backup link), ``guarded``
(a save as the game makes one: it first reads the file back to check that nothing else
changed it), ``loads`` (check the checksum, parse, replay the whole history, check it
against the stored position) and ``load`` (read + loads).
Then lists a folder of 100 saves of 1,000 actions (what the title and `unokart continue` do).
Every save holds its seats as the game writes them: the player and three bots with all
their parameters.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial

import ai
import saves
from unokart_tui.defaults import BOT_NAMES, LINE_UP
from unokart_tui.engine import Match

FIXED = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def long_match(actions: int) -> Match:
    match = Match.new(["Ann", *BOT_NAMES[: len(LINE_UP)]], seed=actions, target=10**9)
    rng = random.Random(actions)
    count = 0
    while count < actions:
        if match.round.is_over:
            match.next_round()
            continue
        legal = match.legal_actions()
        plays = legal[:-1] if str(legal[-1]) == "draw" else legal
        match.apply(rng.choice(plays or legal))
        count += 1
    return match


def game_seats(match: Match) -> list[saves.Seat]:
    seats = [saves.Seat(match.names[0])]
    for seat, kind in enumerate(LINE_UP, start=1):
        params = ai.make_bot(kind, seed=seat).params
        seats.append(saves.Seat(match.names[seat], kind, seed=seat, params=params))
    return seats


def median_ms(run: Callable[[], object], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        os.environ["UNOKART_DATA_DIR"] = directory
        headings = ("dumps ms", "save ms", "guarded ms", "loads ms", "load ms")
        print(f"{'actions':>8} {'rounds':>7} {'file KiB':>9} " + " ".join(f"{h:>9}" for h in headings))
        for actions in (1_000, 3_000, 10_000):
            match = long_match(actions)
            seats = game_seats(match)
            text = saves.dumps(match, seats=seats, created=FIXED, updated=FIXED)
            on_disk = saves.fingerprint(text)

            def guarded(match: Match = match, seats: list[saves.Seat] = seats, on_disk: str = on_disk) -> None:
                again = saves.dumps(match, seats=seats, created=FIXED, updated=FIXED)  # the same text each time
                saves.write_atomic(saves.path_of("bench"), again, replacing=on_disk)

            saves.save(match, "bench", seats=seats)
            dumps_ms = median_ms(partial(saves.dumps, match, seats=seats), args.repeats)
            save_ms = median_ms(partial(saves.save, match, "bench", seats=seats), args.repeats)
            saves.write_atomic(saves.path_of("bench"), text)
            guarded_ms = median_ms(guarded, args.repeats)
            loads_ms = median_ms(partial(saves.loads, text), args.repeats)
            load_ms = median_ms(lambda: saves.load("bench"), args.repeats)
            row = (dumps_ms, save_ms, guarded_ms, loads_ms, load_ms)
            size = len(text.encode()) / 1024
            print(f"{actions:>8,} {match.round_number:>7} {size:>9.0f} " + " ".join(f"{v:>9.1f}" for v in row))
        match = long_match(1_000)
        saves.save(match, "bench", seats=game_seats(match))
        for number in range(99):
            shutil.copy(saves.path_of("bench"), saves.path_of(f"copy {number}"))
        listed = median_ms(saves.list_saves, args.repeats)
        print(f"list_saves of 100 saves of 1,000 actions: {listed:.1f} ms")


if __name__ == "__main__":
    main()
