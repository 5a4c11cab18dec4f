"""Engine speed: whole rounds of random legal play, for 2, 4 and 10 players.

    python benchmarks/bench_engine.py [--rounds N] [--repeats N]

Prints one table: rounds/s and actions/s (median of the repeats). Both engines play a
random playable card, drawing only without one. An
action is one ``legal_actions()`` + ``apply()``; the "+view" row also builds the decider's
``PlayerView`` each action, as a bot-driven game does. If rlcard is installed
(``pip install rlcard``), its raw 2-player ``UnoGame`` is timed the same way in the
same run (``get_legal_actions()`` + ``step()``), and the ratio is printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from unokart_tui.engine import Phase, Round


def unokart_rounds(players: int, rounds: int, with_view: bool) -> tuple[float, int]:
    rng = random.Random(players)
    play_phase = Phase.PLAY
    actions = 0
    start = time.perf_counter()
    for seed in range(rounds):
        round_ = Round.deal(players, dealer=seed % players, seed=seed)
        while not round_.is_over:
            legal = round_.legal_actions()
            if with_view:
                round_.view(round_.decider)
            # A random playable card, drawing only without one. A drawn card is played or kept at
            # random: always playing it can loop for ever once the draw pile is empty (a Mushroom
            # turned by an Item Box that is reshuffled, drawn and played again).
            choices = legal[:-1] if round_.phase is play_phase else legal
            round_.apply(rng.choice(choices) if choices else legal[-1])
            actions += 1
    return time.perf_counter() - start, actions


def rlcard_rounds(rounds: int) -> tuple[float, int]:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(2)
    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(2)
    actions = 0
    start = time.perf_counter()
    for _ in range(rounds):
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            actions += 1
    return time.perf_counter() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    rows: list[tuple[str, float, float]] = []
    for players in (2, 4, 10):
        for with_view in (False, True):
            seconds_and_actions = [unokart_rounds(players, args.rounds, with_view) for _ in range(args.repeats)]
            rounds_per_s = statistics.median(args.rounds / s for s, _ in seconds_and_actions)
            actions_per_s = statistics.median(a / s for s, a in seconds_and_actions)
            label = f"unokart, {players} players" + (" +view" if with_view else "")
            rows.append((label, rounds_per_s, actions_per_s))

    try:
        import rlcard  # noqa: F401
    except ImportError:
        rlcard_row = None
    else:
        samples = [rlcard_rounds(args.rounds) for _ in range(args.repeats)]
        rlcard_row = (
            "rlcard UnoGame, 2 players",
            statistics.median(args.rounds / s for s, _ in samples),
            statistics.median(a / s for s, a in samples),
        )
        rows.append(rlcard_row)

    print(f"{'engine':<30} {'rounds/s':>10} {'actions/s':>12}   ({args.rounds} rounds, median of {args.repeats})")
    for label, rounds_per_s, actions_per_s in rows:
        print(f"{label:<30} {rounds_per_s:>10,.0f} {actions_per_s:>12,.0f}")
    if rlcard_row is None:
        print("rlcard is not installed: pip install rlcard to compare")
    else:
        ours = rows[0][2]
        print(f"unokart / rlcard actions per second, 2 players: {ours / rlcard_row[2]:.1f}x")


if __name__ == "__main__":
    main()
