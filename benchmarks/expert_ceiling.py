"""What the expert would win if it saw the other hands: the ceiling its inference works towards.

    python benchmarks/expert_ceiling.py [--deals N] [--against challenger] [--seed 1] [--jobs 2]
                                       [--param NAME=VALUE ...] [--see all,next,previous,across,all@0.3]

Plays ``--deals`` deals, each once per seat rotation (like ``unokart sim --mirror``), of the
expert against ``--against`` (comma-separated rule bots): as it is, and a *seeing* expert
for each ``--see`` (default ``all``) whose deals put those hands as they really are — every
other hand, or only the next seat's in the direction of play, the previous one's, or the one
two seats on (the draw pile's order stays unknown to it: it is shuffled). ``all@0.3`` sees
each card of those hands with a chance of 0.3 and deals it the rest: a reading of the hands
that knows part of them, to tell what a better reading would be worth. Everything else —
candidates, playouts, evaluation, budget — is the same, so the gap is what the hidden hands
cost. A diagnostic, never a bot: the seeing expert cheats. ``--param`` changes a parameter
of all (``--param samples=150``). Prints one table: rounds won and the 95% interval.
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

# Which other seats a seeing expert sees, from its view: ``--see``.
SEES = {
    "all": lambda view: [seat for seat in range(view.num_players) if seat != view.seat],
    "next": lambda view: [view.next_seat()],
    "previous": lambda view: [view.next_seat(steps=-1)],
    "across": lambda view: [view.next_seat(steps=2)],
}


class _SeenDeals(Deals):
    """The deals of a view, but with the hands of ``seen`` as they are in ``truth``, or with each of
    their cards as it is with the chance ``share`` (``luck`` says which: the same for every deal)."""

    def __init__(self, view, truth: Round, seen: Sequence[int], share: float = 1.0, luck: int = 0, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(view, **kwargs)
        remaining = Counter(DECK_COUNTS)
        remaining.subtract(view.hand)
        remaining.subtract(view.discard)
        chance = random.Random(luck)
        for seat in range(view.num_players):
            if seat in seen:
                shown = [card for card in truth.hand(seat) if share >= 1.0 or chance.random() < share]
                self.known[seat] = shown
                if share >= 1.0:
                    self.banned.pop(seat, None)
            remaining.subtract(self.known[seat])
        self.pool = [card for card in sorted(+remaining, key=lambda card: card.index) for _ in range(remaining[card])]
        others = [seat for seat in range(view.num_players) if seat != view.seat]
        self.order = sorted(others, key=lambda seat: seat not in self.banned)


class SeeingExpert(ExpertBot):
    """The expert, told the real hands it sees (``sees``, a key of SEES) before each decision (``truth``)."""

    truth: Round
    sees = "all"

    def evaluate(self, view, candidates, rng):  # type: ignore[no-untyped-def]
        dealing = search.Deals
        which, _, share = self.sees.partition("@")
        seen = SEES[which](view)
        luck = rng.getrandbits(32) if share else 0  # a whole hand seen draws nothing: "all" plays as before
        search.Deals = lambda shown, cannot_hold=None: _SeenDeals(  # type: ignore[misc]
            shown, self.truth, seen, float(share or 1), luck, cannot_hold=cannot_hold
        )
        try:
            return super().evaluate(view, candidates, rng)
        finally:
            search.Deals = dealing  # type: ignore[misc]


def _deal(job: tuple[str | None, Sequence[str], dict[str, float | int], int, int]) -> int:
    """Rounds the expert (seeing what ``sees`` names, if anything) won of one deal played in every seat rotation."""
    sees, against, params, deal, seed = job
    players = 1 + len(against)
    deal_seed = random.Random(f"{seed}/deal/{deal}").getrandbits(64)
    won = 0
    for rotation in range(players):
        bots: list[Bot] = [None] * players  # type: ignore[list-item]
        for entry, name in enumerate(["expert", *against]):
            bot_seed = random.Random(f"{seed}/{deal}/{rotation}/{entry}").getrandbits(32)
            seat = (entry + rotation) % players
            if entry == 0 and sees is not None:
                seeing = SeeingExpert(seed=bot_seed, **params)
                seeing.sees = sees
                bots[seat] = seeing
            elif entry == 0:
                bots[seat] = ExpertBot(seed=bot_seed, **params)
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


def _is_share(text: str) -> bool:
    """``all@0.3``'s share: empty (the whole hand) or a number from 0 to 1."""
    try:
        return not text or 0.0 <= float(text) <= 1.0
    except ValueError:
        return False


def _number(text: str) -> float:
    return float(text) if "." in text else int(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--against", default="challenger")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--see", default="all", help=f"comma-separated, of: {', '.join(SEES)}")
    args = parser.parse_args()
    sees = [name.strip() for name in args.see.split(",")]
    unknown = [name for name in sees if name.partition("@")[0] not in SEES or not _is_share(name.partition("@")[2])]
    if unknown:
        parser.error(
            f"--see: unknown {', '.join(unknown)} (choose from {', '.join(SEES)}, each with @SHARE from 0 to 1)"
        )
    against = [name.strip() for name in args.against.split(",")]
    params = {name: _number(value) for name, _, value in (item.partition("=") for item in args.param)}
    rounds = args.deals * (1 + len(against))
    print(f"{'expert':13} {'rounds':>7} {'won':>6} {'win %':>6} {'95% interval':>14}")
    with Pool(args.jobs) as pool:
        for seeing in (None, *sees):
            jobs = [(seeing, against, params, deal, args.seed) for deal in range(args.deals)]
            won = sum(pool.map(_deal, jobs, chunksize=4))
            low, high = wilson(won, rounds)
            name = "as it is" if seeing is None else f"sees {seeing}"
            print(f"{name:13} {rounds:7} {won:6} {won / rounds:6.1%} {low:6.1%}–{high:.1%}")
    print(f"against {', '.join(against)}; seed {args.seed}; each deal in every seat rotation")


if __name__ == "__main__":
    main()
