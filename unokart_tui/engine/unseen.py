"""Deal again what one seat cannot see: the other hands and the draw pile, from a seed of their own.

An undo against bots (``unokart_tui.table.undo``) returns the player to a decision they have already
taken once, and since then they saw cards come out of hiding and bots act on hands they could
not see. ``shuffle_unseen`` hides all that again: every card that seat cannot place is dealt
afresh into the places it cannot see, each hand keeping its size and the cards the seat knows
it holds (``known``). The deal depends only on which cards are hidden, never on where they were:
the cards are put in a fixed order before the shuffle. The round's own random generator is
seeded afresh too, or a pile reshuffled later (T4) would come back in an order already seen.

A match keeps each such shuffle (``Match.shuffle_unseen``) beside its actions, and a save
writes them, so that playing a match again from its seed gives the same match.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from .actions import CatchUno, JumpIn
from .cards import Card, RulesError, is_whole
from .round import Round
from .tables import shuffle

SEED_LIMIT = 2**63  # seeds are whole numbers below this: a save writes them, and a TOML integer is signed 64 bits


class UnseenShuffle(NamedTuple):
    """What ``seat`` could not see dealt again from ``seed``, once round ``round`` had ``after`` actions.

    ``known`` holds, for each seat, the cards ``seat`` knew that seat held: they stayed where they were.
    """

    round: int  # from 1
    after: int  # actions of that round applied before it (0: right after the deal)
    seat: int
    seed: int
    known: tuple[tuple[Card, ...], ...]


def check_known(round_: Round, seat: int, known: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """``known`` as a tuple of each seat's cards (empty for ``seat`` itself): a ``RulesError`` unless each
    seat holds them."""
    players = round_.num_players
    if not known:
        return tuple(() for _ in range(players))
    if len(known) != players:
        raise RulesError(f"give the known cards of {players} seats, not {len(known)}")
    cards = tuple(tuple(Card.parse(card) for card in held) for held in known)
    if cards[seat]:
        raise RulesError(f"seat {seat} sees its own hand: it has no known cards to keep")
    for other, held in enumerate(cards):
        missing = Counter(held) - Counter(round_.hand(other))
        if missing:
            card = next(iter(missing))
            raise RulesError(f"seat {other} does not hold the {card} it is said to hold")
    return cards


def shuffle_unseen(round_: Round, seat: int, seed: int, known: Sequence[Sequence[Card]] = ()) -> Round:
    """``round_`` with what ``seat`` cannot see dealt again from ``seed``, at ``seat``'s own decision
    (or where it may jump in or catch).

    The other hands keep their sizes and their ``known`` cards; the draw pile keeps its size; the
    round's random generator is seeded from ``seed``. ``round_`` itself is left as it is.
    A ``RulesError`` if the round is over, ``seat`` is not deciding, or ``known`` does not fit.
    """
    if round_.is_over:
        raise RulesError("The round is over: every hand has been shown, nothing is hidden any more.")
    if not is_whole(seat) or not 0 <= seat < round_.num_players:
        raise RulesError(f"there is no seat {seat!r}")
    if round_.decider != seat and not any(isinstance(act, (JumpIn, CatchUno)) for act in round_.reactions(seat)):
        # Another seat's decision may hang on a hidden card (the card it just drew, T3). Where ``seat``
        # may jump in or catch (H5, U2), an undo returns it to a move of its own, and no drawn card
        # waits there: no jump-in while one does (H5a), and a draw ends any exposure (U2).
        raise RulesError(f"the unseen cards are shuffled at seat {seat}'s own decision, not seat {round_.decider}'s")
    if not is_whole(seed) or not 0 <= seed < SEED_LIMIT:
        raise RulesError(f"the seed of a shuffle must be a whole number from 0 to 2**63 - 1, not {seed!r}")
    kept = check_known(round_, seat, known)
    pool = list(round_.draw_pile)
    hands: list[list[Card]] = []
    for other, held in enumerate(round_.hands):
        if other == seat:
            hands.append(list(held))
            continue
        rest = Counter(held)
        rest.subtract(kept[other])
        pool.extend(rest.elements())
        hands.append(list(kept[other]))
    # Where each card was must not matter, only which cards are hidden: a fixed order first.
    pool.sort(key=lambda card: card.index)
    rng = random.Random(seed)
    shuffle(rng, pool)
    for other, hand in enumerate(hands):
        if other != seat:
            for _ in range(len(round_.hand(other)) - len(hand)):
                hand.append(pool.pop())
    again = round_.copy(seed=rng.getrandbits(64))
    again._hands = hands
    again._draw = pool  # the top of the draw pile is the last card, as in Round
    if again._challenge is not None and again._challenge[0] != seat:
        # C1 judges the hand the Wild Draw Four was played from: the one just dealt to its player.
        player, _then, color = again._challenge
        again._challenge = (player, tuple(hands[player]), color)
    # What a bot was shown of a hand dealt again is no longer that hand; what was shown to ``seat``
    # (its ``known`` cards) and what others saw of ``seat``'s own hand still hold.
    revealed = {
        viewer: {shown: hand for shown, hand in seen.items() if seat in (viewer, shown)}
        for viewer, seen in again._revealed.items()
    }
    again._revealed = {viewer: seen for viewer, seen in revealed.items() if seen}
    handed = {
        giver: {holder: hand for holder, hand in given.items() if seat in (giver, holder)}
        for giver, given in again._handed.items()
    }
    again._handed = {giver: given for giver, given in handed.items() if given}
    return again
