"""Deal the cards a seat cannot see, consistently with what it sees: the rounds a search plays out.

A ``PlayerView`` leaves two things hidden: the other hands and the draw pile's order.
``determinize`` deals the unseen cards (K1-K2 less this seat's hand and the discards) into
them at random, keeping every public fact: each hand's size, the discards, the cards a
challenge showed this seat (C1) that are still in that hand, the card a seat has just drawn
(T3) and any further constraint the caller infers (``cannot_hold``). The result is a whole
``Round`` (``Round.from_view``) that a search may copy and play to its end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping

from .actions import Challenge, JumpIn, Play
from .cards import DECK_COUNTS, Card, Rank
from .round import Round, follows
from .view import Phase, PlayerView


def unseen_cards(view: PlayerView) -> Counter[Card]:
    """The cards ``view.seat`` has not seen: neither in its hand nor on the discard pile."""
    pool = Counter(DECK_COUNTS)
    pool.subtract(view.hand)
    pool.subtract(view.discard)
    return +pool


def known_cards(view: PlayerView) -> dict[int, list[Card]]:
    """The cards this seat knows another seat still holds: what it was shown in a challenge (C1).

    A shown hand was the hand of the Wild Draw Four's player when it was played; every card that
    player has played since (as the public history tells) is taken out. After a swap or a pass of
    hands (H4) the knowledge is dropped: the cards went elsewhere.
    """
    known: dict[int, list[Card]] = {}
    history = view.public_history
    for seat, shown in view.revealed.items():
        # The last challenge of this seat against ``seat``: the Wild Draw Four just before it.
        start = None
        for index in range(len(history) - 1, -1, -1):
            who, action = history[index]
            if who == view.seat and isinstance(action, Challenge):
                before = _last_play(history, index)
                if before is not None and before[0] == seat:
                    start = index
                    break
        if start is None:
            continue
        cards = list(shown)
        for who, action in history[start + 1 :]:
            if isinstance(action, (Play, JumpIn)):
                if view.rules.seven_zero and action.card.rank in (Rank.SEVEN, Rank.ZERO):
                    cards = []  # H4: the hands moved
                    break
                if who == seat and action.card in cards:
                    cards.remove(action.card)
        if cards:
            known[seat] = cards[: view.hand_sizes[seat]]
    return known


def _last_play(history: tuple[tuple[int, object], ...], before: int) -> tuple[int, Play | JumpIn] | None:
    for index in range(before - 1, -1, -1):
        who, action = history[index]
        if isinstance(action, (Play, JumpIn)):
            return who, action
    return None


def determinize(
    view: PlayerView,
    rng: random.Random,
    *,
    cannot_hold: Mapping[int, Collection[Card]] | None = None,
    quiet: bool = True,
) -> Round:
    """A round this view could be, the unseen cards dealt at random from ``rng``.

    ``cannot_hold`` maps a seat to cards the caller believes it does not hold (say, the colour it
    drew on); they are dealt elsewhere when the unseen cards allow it, and to that seat only when
    nothing else fits its hand size. ``quiet`` (the default) makes a playout round (``Round.copy``).
    """
    pool = unseen_cards(view)
    hands: list[list[Card]] = [[] for _ in range(view.num_players)]
    hands[view.seat] = list(view.hand)
    for seat, cards in known_cards(view).items():
        for card in cards:
            if pool[card] > 0:
                pool[card] -= 1
                hands[seat].append(card)
    drawn = view.drawn
    if view.phase is Phase.DRAWN and drawn is None:
        # T3: the decider drew a card it may play; this seat did not see which.
        top, color = view.top_card, view.active_color
        playable = [card for card in _elements(pool) if follows(card, color, top)]
        if playable:
            drawn = rng.choice(playable)
            pool[drawn] -= 1
            hands[view.current].append(drawn)
    avoid = cannot_hold or {}
    others = [seat for seat in range(view.num_players) if seat != view.seat]
    others.sort(key=lambda seat: -len(avoid.get(seat, ())))  # the most constrained first
    for seat in others:
        need = view.hand_sizes[seat] - len(hands[seat])
        if need <= 0:
            continue
        banned = avoid.get(seat, ())
        allowed = [card for card in _elements(pool) if card not in banned]
        if len(allowed) >= need:
            chosen = rng.sample(allowed, need)
        else:
            chosen = allowed
            rest = Counter(pool)
            rest.subtract(chosen)
            chosen = chosen + rng.sample(list(_elements(+rest)), need - len(chosen))
        hands[seat].extend(chosen)
        pool.subtract(chosen)
    draw_pile = list(_elements(+pool))
    rng.shuffle(draw_pile)
    # A position built with ``Round.from_position`` may hold fewer cards than the deck: the rest is out of play.
    del draw_pile[view.draw_pile_size :]
    return Round.from_view(view, hands, draw_pile, drawn=drawn, seed=rng.getrandbits(32), quiet=quiet)


def _elements(pool: Counter[Card]) -> list[Card]:
    # Sorted by card: the same pool gives the same list in every process, so a seeded rng deals alike.
    return [card for card in sorted(pool, key=_key) for _ in range(pool[card])]


def _key(card: Card) -> int:
    return card._key
