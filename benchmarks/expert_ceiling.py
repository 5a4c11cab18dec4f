"""What the expert would win if it saw the other hands: the ceiling its inference works towards.

    python benchmarks/expert_ceiling.py [--deals N] [--against challenger] [--seed 1] [--jobs 2]
                                       [--param NAME=VALUE ...]

Plays ``--deals`` deals, each once per seat rotation (like ``unokart sim --mirror``), of the
expert against ``--against`` (comma-separated rule bots) twice: as it is, and a *seeing*
expert whose deals put every other hand as it really is (the draw pile's order stays unknown
to it: it is shuffled). Everything else — candidates, playouts, evaluation, budget — is the
same, so the gap is what the hidden hands cost. A diagnostic, never a bot: the seeing
expert cheats. ``--param`` changes a parameter of both (``--param samples=150``). Prints one
table: rounds won and the 95% interval.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool

from ai import make_bot
from ai.base import Bot
from ai.driver import Driver
from ai.expert import ExpertBot, search
from ai.sim import wilson
from unokart_tui.engine import DECK_COUNTS, Deals, Round


class _SeenDeals(Deals):
    """The deals of a view, but with every other hand as it is in ``truth``."""

    def __init__(self, view, truth: Round, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(view, **kwargs)
        remaining = Counter(DECK_COUNTS)
        remaining.subtract(view.hand)
        remaining.subtract(view.discard)
        for seat in range(view.num_players):
            if seat != view.seat:
                self.known[seat] = list(truth.hand(seat))
                remaining.subtract(truth.hand(seat))
        self.pool = [card for card in sorted(+remaining, key=lambda card: card.index) for _ in range(remaining[card])]
        self.banned = {}


class SeeingExpert(ExpertBot):
    """The expert, told the real hands before each decision (``truth``)."""

    truth: Round

    def evaluate(self, view, candidates, rng):  # type: ignore[no-untyped-def]
        dealing = search.Deals
        search.Deals = lambda seen, cannot_hold=None: _SeenDeals(seen, self.truth, cannot_hold=cannot_hold)  # type: ignore[misc]
        try:
            return super().evaluate(view, candidates, rng)
        finally:
            search.Deals = dealing  # type: ignore[misc]


def _deal(job: tuple[bool, Sequence[str], dict[str, float | int], int, int]) -> int:
    """Rounds the (seeing) expert won of one deal played in every seat rotation."""
    seeing, against, params, deal, seed = job
    players = 1 + len(against)
    deal_seed = random.Random(f"{seed}/deal/{deal}").getrandbits(64)
    won = 0
    for rotation in range(players):
        bots: list[Bot] = [None] * players  # type: ignore[list-item]
        for entry, name in enumerate(["expert", *against]):
            bot_seed = random.Random(f"{seed}/{deal}/{rotation}/{entry}").getrandbits(32)
            seat = (entry + rotation) % players
            if entry == 0:
                kind = SeeingExpert if seeing else ExpertBot
                bots[seat] = kind(seed=bot_seed, **params)
            else:
                bots[seat] = make_bot(name, seed=bot_seed)
        round_ = Round.deal(players, dealer=0, seed=deal_seed)
        driver = Driver(bots)
        for _ in range(5_000):
            if round_.is_over:
                break
            for bot in bots:
                if isinstance(bot, SeeingExpert):
                    bot.truth = round_
            step = driver.next_step(round_)
            assert step is not None
            round_.apply(step.action)
        won += round_.winner == rotation % players
    return won


def _number(text: str) -> float:
    return float(text) if "." in text else int(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--against", default="challenger")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    against = [name.strip() for name in args.against.split(",")]
    params = {name: _number(value) for name, _, value in (item.partition("=") for item in args.param)}
    rounds = args.deals * (1 + len(against))
    print(f"{'expert':10} {'rounds':>7} {'won':>6} {'win %':>6} {'95% interval':>14}")
    with Pool(args.jobs) as pool:
        for seeing in (False, True):
            jobs = [(seeing, against, params, deal, args.seed) for deal in range(args.deals)]
            won = sum(pool.map(_deal, jobs, chunksize=4))
            low, high = wilson(won, rounds)
            name = "seeing" if seeing else "as it is"
            print(f"{name:10} {rounds:7} {won:6} {won / rounds:6.1%} {low:6.1%}–{high:.1%}")
    print(f"against {', '.join(against)}; seed {args.seed}; each deal in every seat rotation")


if __name__ == "__main__":
    main()
