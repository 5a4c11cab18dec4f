"""Seeded random play for save tests."""

from __future__ import annotations

import random

from unokart_tui.engine import CatchUno, Event, Match, SayUno


def step(match: Match, rng: random.Random) -> list[Event]:
    """One random legal step: sometimes an UNO call, a new round when one is over."""
    round_ = match.round
    if round_.is_over:
        return match.next_round()
    if round_.exposed is not None and rng.random() < 0.4:
        seat = rng.randrange(round_.num_players)
        return match.apply(SayUno(seat) if seat == round_.exposed else CatchUno(seat))
    return match.apply(rng.choice(round_.legal_actions()))


def played(players: int, seed: int, steps: int, target: int = 500) -> Match:
    match = Match.new(players, seed=seed, target=target)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        step(match, rng)
    return match
