"""How long a match usually lasts, from measured rounds by table size and target (``match_lengths.toml``).

The figures come from ``benchmarks/match_length.py``, which plays whole matches between
the default line-up's bots as ``unokart sim`` does (docs/match-length.md). The official
target stays the default; New game says what it means at the table chosen, and offers
a target that gives a few rounds where the official one gives fewer.
"""

from __future__ import annotations

import functools
import itertools
import tomllib
from importlib import resources
from typing import NamedTuple

from ..defaults import LINE_UP
from ..voice import _, ngettext
from ..voice.numbers import number

FEW_ROUNDS = 4.0  # "a few rounds": a match long enough for the scores to tell a story


def measured_line_up(players: int) -> list[str]:
    """The bots the figures were measured with: the default line-up's personalities, repeated."""
    return list(itertools.islice(itertools.cycle(LINE_UP), players))


class Lengths(NamedTuple):
    targets: tuple[int, ...]
    rounds: dict[int, tuple[float, ...]]  # by the number of players: the mean rounds at each target


@functools.cache
def measured() -> Lengths:
    data = tomllib.loads(resources.files(__package__).joinpath("match_lengths.toml").read_text(encoding="utf-8"))
    targets = tuple(int(target) for target in data["targets"])
    rounds = {int(players): tuple(float(mean) for mean in means) for players, means in data["rounds"].items()}
    return Lengths(targets, rounds)


def usual_rounds(players: int, target: int) -> float | None:
    """The mean rounds of a match of ``players`` to ``target``, read between the measured targets; None
    for a table size not played.

    Outside the measured targets it is estimated (found in play: New game said nothing for 100 or 150):
    below the smallest, between one round (a match is never shorter) and the smallest's mean; above the
    largest, in proportion to the target, as the measured means grow.
    """
    lengths = measured()
    means = lengths.rounds.get(players)
    targets = lengths.targets
    if means is None or target < 1:
        return None
    if target < targets[0]:
        return 1.0 + (max(means[0], 1.0) - 1.0) * target / targets[0]
    if target > targets[-1]:
        return means[-1] * target / targets[-1]
    for (low, low_mean), (high, high_mean) in zip(
        zip(targets, means, strict=True), zip(targets[1:], means[1:], strict=True), strict=False
    ):
        if low <= target <= high:
            return low_mean + (high_mean - low_mean) * (target - low) / (high - low)
    return means[-1]  # the one measured target: targets[0] == targets[-1]


def few_rounds_target(players: int) -> int | None:
    """The smallest measured target that gives a match of ``players`` a few rounds, if one does."""
    lengths = measured()
    means = lengths.rounds.get(players)
    if means is None:
        return None
    return next((target for target, mean in zip(lengths.targets, means, strict=True) if mean >= FEW_ROUNDS), None)


def offered_target(players: int, target: int) -> int | None:
    """The target New game offers instead of ``target``: one that gives a few rounds where ``target`` gives fewer."""
    rounds = usual_rounds(players, target)
    offered = few_rounds_target(players)
    if rounds is None or rounds >= FEW_ROUNDS or offered is None or offered <= target:
        return None
    return offered


def rounds_words(rounds: float) -> str:
    """``about 1.5 rounds``, ``about 9 rounds``, ``a single round``."""
    if rounds < 1.25:
        return _("a single round")
    count = round(rounds * 2) / 2 if rounds < 3 else round(rounds)
    if count != int(count):  # a half: no count of things, and no singular
        return _("about {rounds} rounds").format(rounds=number(count))
    return ngettext("about {count} round", "about {count} rounds", int(count)).format(count=int(count))


def length_sentence(players: int, target: int) -> str:
    """What New game says of the match's length; empty only for a table size never measured."""
    rounds = usual_rounds(players, target)
    if rounds is None:
        return ""
    return ngettext(
        "With {count} player, a match to {target} usually lasts {length}.",
        "With {count} players, a match to {target} usually lasts {length}.",
        players,
    ).format(count=players, target=target, length=rounds_words(rounds))


def few_rounds_line(players: int, target: int) -> str:
    """What ``unokart new`` says before a match that will be over in a round or two; empty otherwise.

    Found in play: New game offered a target for a few rounds, and the command line said nothing.
    """
    offered = offered_target(players, target)
    if offered is None:
        return ""
    rounds = rounds_words(usual_rounds(players, offered) or FEW_ROUNDS)
    offer = _("For {rounds}, play to {target}: --target {target}.").format(rounds=rounds, target=offered)
    return f"{length_sentence(players, target)} {offer}"
