"""How a round that is still going is judged at the end of a playout: learned weights.

Each seat's hand and place at the table get a score, a weighted sum of a few plain
features; its chance of going out first is its share of ``exp(score)`` (a conditional
logit). The weights were fitted by maximum likelihood on positions of rounds the playout
policy played against itself, separately for each number of players (``ai.expert.learn``
regenerates the table below). What they learned is not the naive count of cards: a wild
card is worth holding (it always goes, and the playout policy keeps it for the end), a
Wild Draw Four more so, an action card a little; fewer colours are better heads-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

from unokart_tui.engine import Rank, Round

FEATURES = (
    "cards",  # cards held
    "item_boxes",  # Wild Item Boxes held
    "draw_fours",  # Wild Draw Fours held
    "actions",  # Skips, Reverses and Draw Twos held
    "colours",  # colours held
    "to_move",  # 1 if the seat decides now
    "next",  # 1 if the seat comes after the one who decides (with two players, never: that is to_move's 0)
    "active_colour",  # cards of the colour to match
    "one_card",  # 1 if the seat holds one card
    "two_cards",  # 1 if it holds two
)

# Fitted by ``python -m ai.expert.learn`` (see its docstring for the command and the data).
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (-0.1865, +0.3933, +0.8328, +0.2267, -0.2118, +0.0891, +0.0000, +0.1175, +0.3556, +0.0671),
    3: (-0.2633, +0.5355, +0.7946, +0.1515, -0.0719, +0.1026, +0.0174, +0.0954, +0.6269, +0.1785),
    4: (-0.3241, +0.5818, +0.7552, +0.1361, +0.0441, +0.1375, +0.0426, +0.0770, +0.8195, +0.2641),
    5: (-0.3715, +0.6490, +0.6772, +0.1144, +0.1003, +0.1594, +0.0523, +0.0673, +0.8511, +0.2840),
    6: (-0.4022, +0.6831, +0.6484, +0.1126, +0.1418, +0.1824, +0.0720, +0.0549, +0.9261, +0.3148),
    7: (-0.4275, +0.6963, +0.5845, +0.0966, +0.1726, +0.1833, +0.0725, +0.0453, +0.9466, +0.3209),
    8: (-0.4577, +0.7411, +0.5905, +0.0905, +0.1926, +0.1898, +0.1006, +0.0493, +0.9975, +0.3598),
    9: (-0.4699, +0.7333, +0.5496, +0.0779, +0.1933, +0.2076, +0.1005, +0.0316, +0.9956, +0.3405),
    10: (-0.4817, +0.7597, +0.5331, +0.0730, +0.1941, +0.2309, +0.0951, +0.0274, +1.0279, +0.3578),
}

_ACTIONS = frozenset({Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO})


def features(round_: Round, seat: int) -> list[float]:
    """The FEATURES of ``seat`` in ``round_``, in their order."""
    hand = round_.hand(seat)
    count = len(hand)
    boxes = fours = actions = same = 0
    colours = set()
    active = round_.active_color
    for card in hand:
        color = card.color
        if color is None:
            if card.rank is Rank.WILD_DRAW_FOUR:
                fours += 1
            else:
                boxes += 1
            continue
        colours.add(color)
        if card.rank in _ACTIONS:
            actions += 1
        if color is active:
            same += 1
    decider = round_.decider
    players = round_.num_players
    following = (decider + round_.direction) % players
    return [
        float(count),
        float(boxes),
        float(fours),
        float(actions),
        float(len(colours)),
        1.0 if seat == decider else 0.0,
        1.0 if players > 2 and seat == following else 0.0,
        float(same),
        1.0 if count == 1 else 0.0,
        1.0 if count == 2 else 0.0,
    ]


def weights_for(players: int) -> Sequence[float]:
    """The fitted weights for a table of ``players`` (the nearest fitted table if that one is missing)."""
    if players in WEIGHTS:
        return WEIGHTS[players]
    return WEIGHTS[min(WEIGHTS, key=lambda fitted: abs(fitted - players))]


def chances(round_: Round) -> list[float]:
    """Each seat's chance of going out first, as the learned weights judge the position."""
    weights = weights_for(round_.num_players)
    scores = [
        exp(sum(w * x for w, x in zip(weights, features(round_, seat), strict=True)))
        for seat in range(round_.num_players)
    ]
    total = sum(scores)
    return [score / total for score in scores]
