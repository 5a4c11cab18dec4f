"""How well the expert reads the hidden hands at four seats, against what reading could ever give.

    python benchmarks/hand_reading.py [--rounds 30] [--deals 1500] [--seed 1] [--every 3]

Plays ``--rounds`` rounds of a challenger (the observer, seat 0) against greedy, challenger
and item-hoarder, and at every ``--every``-th decision of the observer deals ``--deals``
hands of the cards it cannot see, as the expert deals them (``Deals`` with the draws' facts,
``inference.cannot_hold``). Each way of reading below weighs those deals; the figure is the
mean distance between a weighed deal and the real hand of each opponent, in cards of
thirteen kinds (per colour: 0-4, 5-9, action cards; wilds), the smaller the better:

- *the draws' facts*: every deal alike (what the search starts from);
- *the beliefs*: weighed by ``beliefs.Observations``, as the expert weighs them;
- *the rule bots' own play*: weighed by how likely each opponent's every decision of the
  round is under the rule bots' own code, run on that hand as it was then (the cards it
  took since are labelled at random); *told* knows which bot sits where (a diagnostic),
  *guessed* mixes the three personalities for each seat;
- *a share seen*: each card of every hand seen with that chance, the rest dealt at random —
  the readings ``expert_ceiling.py --see all@SHARE`` plays with.

The rule bots' own play is the most their decisions can tell; the shares say what
each reading is worth in rounds won (docs/expert.md, the fifth look). Prints one table.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter
from collections.abc import Sequence

from ai import make_bot
from ai.base import Bot
from ai.driver import Driver
from ai.expert import beliefs, inference
from unokart_tui.engine import (
    DECK_COUNTS,
    Action,
    Card,
    Color,
    Deals,
    Draw,
    JumpIn,
    Phase,
    Play,
    PlayerView,
    Rank,
    Round,
)
from unokart_tui.engine import follows as goes_on

LINE_UP = ("challenger", "greedy", "challenger", "item-hoarder")
PERSONALITIES = ("greedy", "challenger", "item-hoarder")
SHARES = (0.1, 0.2, 0.3, 0.5)
MISTAKE = 0.05  # the chance a bot's decision is read as anything else it could have done
_COLOURS = tuple(Color)
_ACTIONS = frozenset({Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO})
_FIXED = 0  # the seed of the colour a bot names with no coloured card: a fresh generator each time


# One action of the round: its seat, the action, the actor's view before it, the hand sizes before and after,
# and whether it was a reaction.
Step = tuple[int, Action, PlayerView, tuple[int, ...], tuple[int, ...], bool]


def kind(card: Card) -> int:
    if card.color is None:
        return 12
    place = _COLOURS.index(card.color) * 3
    return place + 2 if card.rank in _ACTIONS else place + (1 if card.points >= 5 else 0)


def distance(one: Sequence[Card], other: Sequence[Card]) -> int:
    counts = Counter(map(kind, one))
    counts.subtract(map(kind, other))
    return sum(abs(count) for count in counts.values())


def play_round(seed: int, every: int) -> tuple[list[Step], list[tuple[int, PlayerView, list[list[Card]]]]]:
    """A round with its steps, and the observer's decisions to read from (index, view, the real hands)."""
    bots = [make_bot(name, seed=seed * 10 + seat) for seat, name in enumerate(LINE_UP)]
    round_ = Round.deal(len(LINE_UP), dealer=seed % len(LINE_UP), seed=seed)
    driver = Driver(bots)
    steps: list[Step] = []
    points = []
    while not round_.is_over and len(steps) < 2_000:
        step = driver.next_step(round_)
        assert step is not None
        before = round_.hand_sizes
        view = round_.view(step.seat)
        if not step.reaction and round_.decider == 0 and round_.phase is Phase.PLAY and len(steps) > 6:
            points.append((len(steps), round_.view(0), [list(hand) for hand in round_.hands]))
        round_.apply(step.action)
        steps.append((step.seat, step.action, view, before, round_.hand_sizes, step.reaction))
    return steps, points[::every]


def playable(view: PlayerView) -> list[Card]:
    cards: list[Card] = []
    for card in view.hand:
        if card not in cards and goes_on(card, view.active_color, view.top_card):
            cards.append(card)
    return cards


def seat_log_likelihood(hand: Sequence[Card], steps: Sequence[Step], seat: int, bot: Bot, rng: random.Random) -> float:
    """How likely ``seat``'s plays and draws of the round are under ``bot``'s rules, with ``hand`` held now.

    Walks back from now: a card it played was in its hand before; the cards it took at an
    action were not (which ones is drawn at random, but for a drawn card it then played).
    """
    held = list(hand)
    total = 0.0
    for index in range(len(steps) - 1, -1, -1):
        who, action, view, before, after, reaction = steps[index]
        played = action.card if who == seat and isinstance(action, (Play, JumpIn)) else None
        taken = after[seat] - before[seat] + (played is not None)
        if taken > 0:
            following = steps[index + 1] if index + 1 < len(steps) else None
            forced = None
            if (
                isinstance(action, Draw)
                and following is not None
                and following[0] == seat
                and isinstance(following[1], Play)
                and following[2].phase is Phase.DRAWN
            ):
                forced = following[1].card  # T3: the card it drew is the one it played
            for _ in range(taken):
                if forced is not None and forced in held:
                    held.remove(forced)
                    forced = None
                elif held:
                    held.pop(rng.randrange(len(held)))
        if played is not None:
            held.append(played)
        if who != seat or reaction or view.phase is not Phase.PLAY:
            continue
        then = view._replace(hand=tuple(held))
        cards = playable(then)
        if isinstance(action, Play) and action.card not in cards:
            total += math.log(1e-4)
            continue
        pick = bot.pick_card(then, cards, random.Random(_FIXED)) if cards else None
        if pick is None:
            agrees = isinstance(action, Draw)
        else:
            agrees = isinstance(action, Play) and action.card == pick
            if agrees and pick.rank is Rank.WILD_DRAW_FOUR:
                agrees = bot.pick_color(then, pick, random.Random(_FIXED)) is action.color
        total += math.log((1 - MISTAKE) * agrees + MISTAKE / (len(cards) + 1))
    return total


def normalised(logs: Sequence[float]) -> list[float]:
    top = max(logs)
    weights = [math.exp(log - top) for log in logs]
    total = sum(weights)
    return [weight / total for weight in weights]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    models = {name: make_bot(name, seed=0) for name in PERSONALITIES}
    others = (1, 2, 3)
    error: Counter[str] = Counter()
    spread: Counter[str] = Counter()  # the effective number of deals behind each reading
    positions = 0
    for number in range(args.rounds):
        steps, points = play_round(args.seed * 1000 + number, args.every)
        for index, view, truth in points:
            rng = random.Random(f"{args.seed}/{number}/{index}")
            deals = Deals(view, cannot_hold=inference.cannot_hold(view))
            worlds = [deals.deal(rng) for _ in range(args.deals)]
            observations = beliefs.Observations(view, 2)
            logs: dict[str, list[float]] = {
                "the draws' facts": [0.0] * len(worlds),
                "the beliefs (the expert)": [
                    observations.log_likelihood(world.hand, 4.0, 0.7) if observations else 0.0 for world in worlds
                ],
                "rule bots' play, told": [],
                "rule bots' play, guessed": [],
            }
            past = steps[:index]
            for world in worlds:
                told = guessed = 0.0
                for seat in others:
                    each = {
                        name: seat_log_likelihood(world.hand(seat), past, seat, models[name], rng)
                        for name in PERSONALITIES
                    }
                    told += each[LINE_UP[seat]]
                    top = max(each.values())
                    guessed += top + math.log(sum(math.exp(log - top) for log in each.values()) / len(each))
                logs["rule bots' play, told"].append(told)
                logs["rule bots' play, guessed"].append(guessed)
            for name, log in logs.items():
                weights = normalised(log)
                spread[name] += 1 / sum(weight * weight for weight in weights)
                for seat in others:
                    error[name] += sum(
                        w * distance(world.hand(seat), truth[seat]) for w, world in zip(weights, worlds, strict=True)
                    )
            for share in SHARES:
                name = f"a share seen: {share:.0%}"
                for _ in range(50):
                    remaining = Counter(DECK_COUNTS)
                    remaining.subtract(view.hand)
                    remaining.subtract(view.discard)
                    partial = Deals(view, cannot_hold=inference.cannot_hold(view))
                    for seat in others:
                        partial.known[seat] = [card for card in truth[seat] if rng.random() < share]
                        remaining.subtract(partial.known[seat])
                    partial.pool = [
                        card for card in sorted(+remaining, key=lambda c: c.index) for _ in range(remaining[card])
                    ]
                    world = partial.deal(rng)
                    for seat in others:
                        error[name] += distance(world.hand(seat), truth[seat]) / 50
                spread[name] += 50
            positions += 1
    print(f"{'reading':<28} {'cards off per hand':>18} {'deals behind it':>16}")
    for name in error:
        print(f"{name:<28} {error[name] / positions / len(others):18.2f} {spread[name] / positions:16.1f}")
    print(
        f"{positions} positions of {args.rounds} rounds (seed {args.seed}), {args.deals} deals each; "
        "the observer: a challenger"
    )


if __name__ == "__main__":
    main()
