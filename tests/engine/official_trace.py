"""A fingerprint of the game as RULES.md plays it: with every house rule off, nothing may change.

``digest`` plays seeded rounds of random legal play (UNO calls and catches included) at 2 to
10 players, and whole matches between the bots through the driver, and hashes every legal
action list, every action, every event and the table after each action. The test keeps the
digest recorded before the house rules (HOUSE_RULES.md) came in; a bigger run is

    python -m tests.engine.official_trace --rounds 400 --matches 6

(its digests, recorded the same way, are in the test's docstring).
"""

from __future__ import annotations

import argparse
import hashlib
import random
from operator import attrgetter

from ai import make_bot
from ai.driver import Driver
from unokart_tui.engine import Action, Card, CatchUno, HouseRules, Match, Phase, Round, SayUno

MAX_ACTIONS = 2_000


_KEY = attrgetter("_key")


def _cards(cards: tuple[Card, ...] | tuple[()]) -> bytes:
    return bytes(map(_KEY, cards)) + b"|"  # map: a generator of the keys took a fifth of the trace's time


# Each action's repr, by its id, with the action kept so that no other object takes that id: the legal
# actions are the engine's few constants (tables.py), each written out thousands of times.
_REPRS: dict[int, tuple[object, bytes]] = {}


def _actions(actions: list[Action]) -> bytes:
    """``repr(actions).encode()``, with each action's repr made once."""
    written = []
    for action in actions:
        known = _REPRS.get(id(action))
        if known is None or known[0] is not action:
            known = _REPRS[id(action)] = (action, repr(action).encode())
        written.append(known[1])
    return b"[" + b", ".join(written) + b"]"


def _table(round_: Round) -> bytes:
    """The whole table after an action, cards as their keys (a repr of every card is ten times slower)."""
    piles = b"".join(map(_cards, (*round_.hands, round_.draw_pile, round_.discard)))
    rest = (
        round_.active_color,
        round_.direction,
        round_.current,
        round_.decider,
        round_.phase.value,
        round_.exposed,
        round_.winner,
        round_.points,
        round_.drawn,
    )
    return piles + repr(rest).encode()


def random_rounds(rounds: int, rules: HouseRules | None = None) -> str:
    """Random play, with random late UNOs and catches, ``rounds`` rounds for each player count."""
    digest = hashlib.sha256()
    for players in range(2, 11):
        for number in range(rounds):
            round_ = Round.deal(players, dealer=number % players, seed=players * 100_003 + number, rules=rules)
            rng = random.Random(number * 31 + players)
            digest.update(repr(round_.start_events).encode())
            for _ in range(MAX_ACTIONS):
                if round_.is_over:
                    break
                legal = round_.legal_actions()
                digest.update(_actions(legal))
                if round_.exposed is not None and rng.random() < 0.3:
                    seat = rng.randrange(players)
                    action = SayUno(seat) if seat == round_.exposed else CatchUno(seat)
                else:
                    # A random playable card, drawing only without one (random play that draws at
                    # will makes endless rounds); everything else at random.
                    plays = legal[:-1] if round_.phase is Phase.PLAY else legal
                    action = rng.choice(plays or legal)
                events = round_.apply(action)
                digest.update(f"{action}|{events!r}|".encode() + _table(round_))
    return digest.hexdigest()


def bot_matches(matches: int, rules: HouseRules | None = None) -> str:
    """Whole matches to 300 between the bots (every kind, in turn), driven as the sim drives them."""
    digest = hashlib.sha256()
    kinds = ["challenger", "greedy", "item-hoarder", "random"]  # the rule bots the digests were recorded with
    for players in range(2, 11):
        for number in range(matches):
            bots = [make_bot(kinds[(seat + number) % len(kinds)], seed=seat + number) for seat in range(players)]
            driver = Driver(bots)
            match = Match.new(players, seed=players * 1_009 + number, target=300, rules=rules)
            digest.update(repr(match.start_events).encode())
            while not match.is_over:
                if match.round.is_over:
                    digest.update(repr(match.next_round()).encode())
                for _ in range(MAX_ACTIONS):
                    if match.round.is_over:
                        break
                    step = driver.next_step(match.round)
                    assert step is not None
                    events = match.apply(step.action)
                    digest.update(f"{step}|{events!r}|".encode() + _table(match.round))
                else:
                    break  # stuck: nobody can play and nothing is left to draw
                if not match.round.is_over:
                    break
            digest.update(repr((match.scores, match.winner, match.round_number)).encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--matches", type=int, default=1)
    args = parser.parse_args()
    official = HouseRules.preset("official")
    print("random rounds", random_rounds(args.rounds, official))
    print("bot matches  ", bot_matches(args.matches, official))


if __name__ == "__main__":
    main()
