"""Seeded random play for save tests."""

from __future__ import annotations

import random

from unokart_tui.engine import CatchUno, Event, HouseRules, JumpIn, Match, SayUno


def step(match: Match, rng: random.Random) -> list[Event]:
    """One random legal step: sometimes an UNO call or a jump-in (H5), a new round when one is over."""
    round_ = match.round
    if round_.is_over:
        return match.next_round()
    if round_.exposed is not None and rng.random() < 0.4:
        seat = rng.randrange(round_.num_players)
        return match.apply(SayUno(seat) if seat == round_.exposed else CatchUno(seat))
    if match.rules.jump_in and rng.random() < 0.3:
        jumps = [a for s in range(round_.num_players) for a in round_.reactions(s) if isinstance(a, JumpIn)]
        if jumps:
            return match.apply(rng.choice(jumps))
    return match.apply(rng.choice(round_.legal_actions()))


def played(players: int, seed: int, steps: int, target: int = 500, rules: HouseRules | None = None) -> Match:
    match = Match.new(players, seed=seed, target=target, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        step(match, rng)
    return match
