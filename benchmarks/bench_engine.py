"""Engine speed: whole rounds of random legal play, for 2, 4 and 10 players, official and chaos.

    python benchmarks/bench_engine.py [--rounds N] [--repeats N] [--presets official,chaos]

Prints one table: rounds/s and actions/s (median of the repeats). Both engines play a
random playable card, drawing only without one. An action is one ``legal_actions()`` +
``apply()``; the "playout" row plays on a quiet copy (``round.copy(quiet=True)``: no events,
no history), as a search's rollouts do; the "+view" row also builds the decider's
``PlayerView`` each action, as a bot-driven game does; the "+reactions" row asks every
seat for its reactions each action, as the bots' driver does, and applies the first
jump-in offered (HOUSE_RULES.md H5). Each house-rules preset (``--presets``) gets the same
rows, and the last lines compare each preset's actions/s with ``official``'s. If rlcard is
installed (``pip install rlcard``), its raw 2-player ``UnoGame`` is timed the same way
(``get_legal_actions()`` + ``step()``) in the same run, and the ratio comes from repeats
paired with ours. The last lines give rollouts per second from a mid-game position.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from unokart_tui.engine import HouseRules, JumpIn, Phase, Round, determinize

KINDS = ("", "+view", "+reactions", "playout")


def unokart_rounds(players: int, rounds: int, kind: str, rules: HouseRules) -> tuple[float, int]:
    rng = random.Random(players)
    play_phase = Phase.PLAY
    with_view, with_reactions, playout = kind == "+view", kind == "+reactions", kind == "playout"
    seats = range(players)
    actions = 0
    start = time.perf_counter()
    for seed in range(rounds):
        round_ = Round.deal(players, dealer=seed % players, seed=seed, rules=rules)
        if playout:
            round_ = round_.copy(quiet=True)
        while not round_.is_over:
            if with_reactions:
                jump = next((a for seat in seats for a in round_.reactions(seat) if isinstance(a, JumpIn)), None)
                if jump is not None:
                    round_.apply(jump)
                    actions += 1
                    continue
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


def rollouts(players: int, count: int) -> tuple[float, float]:
    """Rollouts per second from a mid-game position: (determinize + random playout, copy + random playout)."""
    round_ = Round.deal(players, dealer=0, seed=11)
    rng = random.Random(11)
    for _ in range(12 * players):  # a typical mid-game: a dozen turns each
        legal = round_.legal_actions()
        choices = legal[:-1] if round_.phase is Phase.PLAY else legal
        round_.apply(rng.choice(choices) if choices else legal[-1])
    view = round_.view(round_.decider)
    world = determinize(view, rng)
    rates = []
    for fresh in (True, False):
        start = time.perf_counter()
        for _ in range(count):
            game = determinize(view, rng) if fresh else world.copy(quiet=True, seed=rng.getrandbits(32))
            while not game.is_over:
                legal = game.legal_actions()
                choices = legal[:-1] if game.phase is Phase.PLAY else legal
                game.apply(rng.choice(choices) if choices else legal[-1])
        rates.append(count / (time.perf_counter() - start))
    return rates[0], rates[1]


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
    parser.add_argument("--presets", default="official,chaos", help="house-rules presets, comma-separated")
    args = parser.parse_args()
    presets = args.presets.split(",")

    rows: dict[str, list[tuple[str, float, float]]] = {preset: [] for preset in presets}
    per_preset: dict[tuple[str, int, str], float] = {}
    for players in (2, 4, 10):
        for kind in KINDS:
            samples: dict[str, list[tuple[float, int]]] = {preset: [] for preset in presets}
            for _ in range(args.repeats):
                # The presets take turns, repeat by repeat: a machine whose speed drifts slows them alike.
                for preset in presets:
                    samples[preset].append(unokart_rounds(players, args.rounds, kind, HouseRules.preset(preset)))
            for preset, seconds_and_actions in samples.items():
                rounds_per_s = statistics.median(args.rounds / s for s, _ in seconds_and_actions)
                actions_per_s = statistics.median(a / s for s, a in seconds_and_actions)
                name = "unokart" if preset == "official" else preset
                rows[preset].append((f"{name}, {players} players {kind}".rstrip(), rounds_per_s, actions_per_s))
                per_preset[preset, players, kind] = actions_per_s

    try:
        import rlcard  # noqa: F401
    except ImportError:
        rlcard_row = None
    else:
        rlcard_samples = [rlcard_rounds(args.rounds) for _ in range(args.repeats)]
        rlcard_row = (
            "rlcard UnoGame, 2 players",
            statistics.median(args.rounds / s for s, _ in rlcard_samples),
            statistics.median(a / s for s, a in rlcard_samples),
        )

    print(f"{'engine':<30} {'rounds/s':>10} {'actions/s':>12}   ({args.rounds} rounds, median of {args.repeats})")
    table = [row for preset in presets for row in rows[preset]]
    if rlcard_row is not None:
        table.append(rlcard_row)
    for label, rounds_per_s, actions_per_s in table:
        print(f"{label:<30} {rounds_per_s:>10,.0f} {actions_per_s:>12,.0f}")
    for preset in presets:
        if preset != "official" and "official" in presets:
            ratios = []
            for players in (2, 4, 10):
                for kind in KINDS:
                    ratio = per_preset[preset, players, kind] / per_preset["official", players, kind]
                    ratios.append(f"{players}p{kind or ''} {ratio:.0%}")
            print(f"{preset} / official actions per second: {', '.join(ratios)}")
    for players in (2, 4):
        samples = [rollouts(players, args.rounds) for _ in range(args.repeats)]
        fresh = statistics.median(rate for rate, _ in samples)
        copied = statistics.median(rate for _, rate in samples)
        print(
            f"rollouts/s from a mid-game position, {players} players: {fresh:,.0f} (a new determinization each), "
            f"{copied:,.0f} (a quiet copy each)"
        )
    if rlcard_row is None:
        print("rlcard is not installed: pip install rlcard to compare")
    else:
        # Paired: each repeat times the three back to back, so a machine whose speed drifts
        # (others' work on a shared machine) changes the ratios less than the rows above.
        rules = HouseRules.preset(presets[0])
        apply_ratios, playout_ratios = [], []
        for _ in range(args.repeats):
            seconds, actions = unokart_rounds(2, args.rounds, "", rules)
            quiet_seconds, quiet_actions = unokart_rounds(2, args.rounds, "playout", rules)
            theirs_seconds, theirs_actions = rlcard_rounds(args.rounds)
            theirs = theirs_actions / theirs_seconds
            apply_ratios.append(actions / seconds / theirs)
            playout_ratios.append(quiet_actions / quiet_seconds / theirs)
        print(
            f"{presets[0]} / rlcard actions per second, 2 players, paired repeats: "
            f"{statistics.median(apply_ratios):.1f}x ({min(apply_ratios):.1f}-{max(apply_ratios):.1f}); "
            f"playout {statistics.median(playout_ratios):.1f}x ({min(playout_ratios):.1f}-{max(playout_ratios):.1f})"
        )


if __name__ == "__main__":
    main()
