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

from .actions import Challenge, ChooseTarget, JumpIn, Play
from .cards import DECK_COUNTS, Card, Rank
from .position import check_seat, read_history
from .round import Round
from .tables import follows, shuffle
from .view import Phase, PlayerView


def unseen_cards(view: PlayerView) -> Counter[Card]:
    """The cards ``view.seat`` has not seen: neither in its hand nor on the discard pile."""
    pool = Counter(DECK_COUNTS)
    pool.subtract(view.hand)
    pool.subtract(view.discard)
    return +pool


def known_cards(view: PlayerView) -> dict[int, list[Card]]:
    """The cards this seat knows another seat still holds: what it was shown in a challenge (C1),
    and the hand it gave that seat in the last swap or pass of hands (H4), less what was played since.

    A shown hand was the hand of the Wild Draw Four's player when it was played; every card that
    player has played since (as the public history tells) is taken out. After a swap or a pass of
    hands (H4) what was shown is dropped: the cards went elsewhere (the hand this seat passed is
    ``view.handed``).
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
            known[seat] = cards
    for seat, cards in _handed_cards(view).items():
        # A hand shown after the pass may hold the very cards passed: count each card once.
        together = Counter(known.get(seat, ()))
        together |= Counter(cards)
        known[seat] = list(together.elements())
    return {seat: cards[: view.hand_sizes[seat]] for seat, cards in known.items()}


def _handed_cards(view: PlayerView) -> dict[int, list[Card]]:
    """The cards this seat passed on in the last swap or pass of hands (H4) that their holder has not played since."""
    if not view.handed:
        return {}
    history = view.public_history
    start = _hands_moved_at(view)
    handed: dict[int, list[Card]] = {}
    for seat, given in view.handed.items():
        cards = list(given)
        for who, action in history[start:]:
            if who == seat and isinstance(action, (Play, JumpIn)) and action.card in cards:
                cards.remove(action.card)
        if cards:
            handed[seat] = cards
    return handed


def _hands_moved_at(view: PlayerView) -> int:
    """The index in the public history just after the last swap or pass of hands (H4), 0 if none.

    A 0 moves the hands as it is played; a 7 when its player names whom to swap with (at once
    heads-up, H4a): a 7 still waiting for its target has moved nothing yet.
    """
    history = view.public_history
    for index in range(len(history) - 1, -1, -1):
        action = history[index][1]
        if isinstance(action, ChooseTarget):
            before = _last_play(history, index)
            moved = before is not None and before[1].card.rank is Rank.SEVEN
        else:
            moved = isinstance(action, (Play, JumpIn)) and (
                action.card.rank is Rank.ZERO or (action.card.rank is Rank.SEVEN and view.num_players == 2)
            )
        if moved:
            return index + 1
    return 0


def _last_play(history: tuple[tuple[int, object], ...], before: int) -> tuple[int, Play | JumpIn] | None:
    for index in range(before - 1, -1, -1):
        who, action = history[index]
        if isinstance(action, (Play, JumpIn)):
            return who, action
    return None


_DISTINCT = sorted(DECK_COUNTS, key=lambda card: card.index)
_TABLE = max(card.index for card in _DISTINCT) + 1


class Deals:
    """The deals of one view's unseen cards, prepared once and dealt as often as a search needs.

    Everything that depends only on the view (the unseen cards, what is known or inferred of each
    hand, the history's facts) is worked out here; ``deal`` then costs one shuffle and a pass.
    """

    def __init__(self, view: PlayerView, *, cannot_hold: Mapping[int, Collection[Card]] | None = None) -> None:
        check_seat(view.seat, view.num_players)
        for seat in cannot_hold or {}:
            check_seat(seat, view.num_players)
        self.view = view
        remaining = [0] * _TABLE
        for card in _DISTINCT:
            remaining[card.index] = DECK_COUNTS[card]
        for card in view.hand:
            remaining[card.index] -= 1
        for card in view.discard:
            remaining[card.index] -= 1
        self.known: list[list[Card]] = [[] for _ in range(view.num_players)]
        for seat, cards in known_cards(view).items():
            for card in cards:
                if remaining[card.index] > 0:
                    remaining[card.index] -= 1
                    self.known[seat].append(card)
        self.pool = [card for card in _DISTINCT for _ in range(max(remaining[card.index], 0))]
        avoid = cannot_hold or {}
        self.banned: dict[int, list[bool]] = {}
        for seat, avoided in avoid.items():
            if seat != view.seat and avoided:
                banned = [False] * _TABLE
                for card in avoided:
                    banned[card.index] = True
                self.banned[seat] = banned
        others = [seat for seat in range(view.num_players) if seat != view.seat]
        self.order = sorted(others, key=lambda seat: seat not in self.banned)  # the constrained seats first
        self.hidden_drawn = view.phase is Phase.DRAWN and view.drawn is None
        self.playable = [card for card in self.pool if follows(card, view.active_color, view.top_card)]
        self.history_facts = read_history(view)

    def deal(self, rng: random.Random, *, quiet: bool = True) -> Round:
        """One round this view could be, the unseen cards dealt at random from ``rng``."""
        view = self.view
        pool = self.pool[:]
        shuffle(rng, pool)
        taken = [False] * len(pool)
        hands = [known[:] for known in self.known]
        hands[view.seat] = list(view.hand)
        drawn = view.drawn
        if self.hidden_drawn and self.playable:
            # T3: the decider drew a card it may play; this seat did not see which.
            drawn = rng.choice(self.playable)
            index = pool.index(drawn)
            taken[index] = True
            hands[view.current].append(drawn)
        for seat in self.order:
            need = view.hand_sizes[seat] - len(hands[seat])
            if need <= 0:
                continue
            hand = hands[seat]
            banned = self.banned.get(seat)
            for index, card in enumerate(pool):
                if not taken[index] and (banned is None or not banned[card.index]):
                    taken[index] = True
                    hand.append(card)
                    need -= 1
                    if need == 0:
                        break
            if need:  # the inference asked for more than the unseen cards allow: it gives way
                for index, card in enumerate(pool):
                    if not taken[index]:
                        taken[index] = True
                        hand.append(card)
                        need -= 1
                        if need == 0:
                            break
        draw = [card for index, card in enumerate(pool) if not taken[index]]
        # A position built with ``Round.from_position`` may hold fewer cards than the deck: the rest is out of play.
        del draw[view.draw_pile_size :]
        rng_of_round = random.Random(rng.getrandbits(32))
        return Round._of_view(
            view, hands, draw, drawn=drawn, history_facts=self.history_facts, rng=rng_of_round, quiet=quiet
        )


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
    For many deals of one view, ``Deals(view).deal(rng)`` prepares the view once.
    """
    return Deals(view, cannot_hold=cannot_hold).deal(rng, quiet=quiet)
