"""The playout policy: how every seat plays in the expert's imagined rounds.

It reads a (determinized, quiet) ``Round`` directly, not a ``PlayerView``: a rollout makes
thousands of decisions a second and a view costs more than the decision. It plays like
the rule bots play, since they are what the expert meets: shed the costliest coloured
card in the colour held most, keep wild cards for last, hit the next player when they are
close to going out, stack when it can, challenge a Wild Draw Four from a big hand, and
always say UNO. A little noise on the choice keeps the rollouts from all telling the same
story. Cards are looked up in tables by ``card.index``: enum lookups and hashing cost more
than the rest of a decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from unokart_tui.engine import (
    DECK_COUNTS,
    Accept,
    Action,
    Card,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    Pass,
    Phase,
    Play,
    Rank,
    Round,
)

PLAY, DRAWN, CHALLENGE, STACK, CHOOSE_COLOR, CHOOSE_TARGET = (
    Phase.PLAY,
    Phase.DRAWN,
    Phase.CHALLENGE,
    Phase.STACK,
    Phase.CHOOSE_COLOR,
    Phase.CHOOSE_TARGET,
)
COLORS = tuple(Color)
_TABLE_SIZE = max(card.index for card in DECK_COUNTS) + 1
# By card index: its colour's place in COLORS (4 for a wild), whether it hurts the next player
# (A1, A2, A4; a Reverse only with two players, A3), whether it is a Wild Draw Four.
COLOR_OF = [4] * _TABLE_SIZE
ATTACK = [False] * _TABLE_SIZE
REVERSE = [False] * _TABLE_SIZE
WILD_DRAW_FOUR = [False] * _TABLE_SIZE
POINTS = [0] * _TABLE_SIZE
for _card in DECK_COUNTS:
    COLOR_OF[_card.index] = 4 if _card.color is None else COLORS.index(_card.color)
    ATTACK[_card.index] = _card.rank in (Rank.DRAW_TWO, Rank.SKIP, Rank.WILD_DRAW_FOUR)
    REVERSE[_card.index] = _card.rank is Rank.REVERSE
    WILD_DRAW_FOUR[_card.index] = _card.rank is Rank.WILD_DRAW_FOUR
    POINTS[_card.index] = _card.points

_CHOOSE = [ChooseColor(color) for color in COLORS]
_ACCEPT = Accept()
_CHALLENGE = Challenge()
_DRAW = Draw()
_PASS = Pass()
CHALLENGE_AT = 4  # the Wild Draw Four player's hand size from which a playout challenges (the challenger's odds)
MAX_ACTIONS = 400  # a playout this long is stuck in an Item Box loop (docs/rules.md): it is scored as it stands


def color_weights(hand: Sequence[Card], playing: Card | None = None) -> list[int]:
    """Per colour of COLORS (and wilds last): the cards held, 100 each, plus their points."""
    weights = [0, 0, 0, 0, 0]
    for card in hand:
        if card is not playing:
            weights[COLOR_OF[card.index]] += 100 + card.points
    return weights


def best_color(hand: Sequence[Card], playing: Card | None = None) -> Color:
    """The colour held most (after ``playing``), ties broken by the points held in it."""
    weights = color_weights(hand, playing)
    best = 0
    for place in (1, 2, 3):
        if weights[place] > weights[best]:
            best = place
    return COLORS[best]


def card_score(card: Card, weights: Sequence[int], threatened: bool, two_players: bool) -> float:
    """How much the policy wants to play ``card`` now (``weights`` from ``color_weights``): the higher, the sooner."""
    index = card.index
    if threatened and (ATTACK[index] or (two_players and REVERSE[index])):
        return 1000.0 + card.points
    place = COLOR_OF[index]
    if place == 4:
        return -100.0 + card.points / 10  # wild cards go last: they always go (T2)
    return weights[place] * 0.3 + card.points


def choose(round_: Round, rng: random.Random) -> Action:
    """The policy's action for the decider of ``round_`` (never a reaction)."""
    legal = round_.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = round_.phase
    seat = round_.decider
    if phase is PLAY or phase is STACK or phase is DRAWN:
        hand = round_.hand(seat)
        sizes = round_.hand_sizes
        weights = color_weights(hand)
        threatened = sizes[(seat + round_.direction) % len(sizes)] <= 2
        two = len(sizes) == 2
        one_left = len(hand) == 2
        favourite: Color | None = None
        best: Action | None = None
        best_score = -1e9
        noise = rng.random
        for action in legal:
            if type(action) is not Play or (one_left and not action.uno):
                continue
            card = action.card
            if WILD_DRAW_FOUR[card.index]:
                if favourite is None:
                    favourite = best_color(hand, card)
                if action.color is not favourite:
                    continue
            score = card_score(card, weights, threatened, two) + noise() * 8
            if score > best_score:
                best, best_score = action, score
        if best is not None:
            return best
        return _DRAW if phase is PLAY else _PASS if phase is DRAWN else _ACCEPT
    if phase is CHALLENGE:
        player = (seat - round_.direction) % round_.num_players
        return _CHALLENGE if round_.hand_sizes[player] >= CHALLENGE_AT else _ACCEPT
    if phase is CHOOSE_COLOR:
        return _CHOOSE[COLORS.index(best_color(round_.hand(seat)))]
    if phase is CHOOSE_TARGET:
        sizes = round_.hand_sizes
        targets = [action for action in legal if isinstance(action, ChooseTarget)]
        return min(targets, key=lambda action: sizes[action.seat])
    return legal[0]


def play_out(round_: Round, rng: random.Random, depth: int = MAX_ACTIONS) -> int:
    """Play ``round_`` with the policy for every seat, to its end or for ``depth`` actions; the actions taken."""
    for count in range(depth):
        if round_.is_over:
            return count
        round_.apply(choose(round_, rng))
    return depth
