"""Tactics for the house rules (HOUSE_RULES.md), shared by every bot that plays with a plan.

The ``random`` baseline does without them. Each function reads a ``PlayerView`` only.
"""

from __future__ import annotations

from unokart_tui.engine import Card, PlayerView, Rank

SWAPPERS = (Rank.SEVEN, Rank.ZERO)
GOOD_SWAP = 2  # a swap that leaves at least this many cards fewer is played before anything else


def swap_gain(view: PlayerView, card: Card) -> int | None:
    """H4: how many cards fewer the player holds after playing ``card`` and swapping (the best swap for a 7).

    ``None`` when ``card`` swaps nothing (not a 7 or 0, or seven-zero is off). A card that
    goes out swaps nothing either (H4a) and gains what it sheds.
    """
    if not view.rules.seven_zero or card.rank not in SWAPPERS:
        return None
    left = len(view.hand) - 1
    if left == 0:
        return 0
    if card.rank is Rank.SEVEN:
        coming = min(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
    else:  # a 0: every hand moves on in the direction of play, so this seat gets the previous seat's
        coming = view.hand_sizes[view.next_seat(steps=-1)]
    return left - coming


def bad_swap(view: PlayerView, card: Card) -> bool:
    """H4: whether playing ``card`` swaps the player into a bigger hand than the one it would keep."""
    gain = swap_gain(view, card)
    return gain is not None and gain < 0


def without_bad_swaps(view: PlayerView, cards: list[Card]) -> list[Card]:
    """H4: the cards worth playing: no 7 or 0 that swaps the player into a bigger hand.

    When nothing else goes the list is empty and the bot draws: docs/house-rules.md promises that
    the bots keep such a card (found in play: Mario on two cards played a 7 for a hand of three).
    Only when no card can be drawn does the bad swap go, rather than a pass that changes nothing.
    """
    kept = [card for card in cards if not bad_swap(view, card)]
    if kept or cards_to_draw(view):
        return kept
    return cards  # nothing to draw either: a pass would leave the round stuck where it is


def cards_to_draw(view: PlayerView) -> bool:
    """Whether a draw can bring a card: the draw pile, or the discards under the top card to shuffle (T4)."""
    return view.draw_pile_size > 0 or len(view.discard) > 1


def good_swap(view: PlayerView, cards: list[Card]) -> Card | None:
    """H4: the 7 or 0 that swaps the player into the smallest hand, if it leaves at least GOOD_SWAP cards fewer."""
    gains = [(gain, card) for card in cards if (gain := swap_gain(view, card)) is not None and gain >= GOOD_SWAP]
    return max(gains, key=lambda pair: pair[0])[1] if gains else None


def swap_target(view: PlayerView, targets: list[int]) -> int:
    """H4: swap with the smallest hand; on a tie, the hand it was shown in a challenge with the most wild cards."""

    def known_wilds(seat: int) -> int:
        return sum(card.is_wild for card in view.revealed.get(seat, ()))

    return min(targets, key=lambda seat: (view.hand_sizes[seat], -known_wilds(seat), seat))


def stack_choice(cards: list[Card]) -> Card | None:
    """H1-H3: the card to stack: a Draw Two first (the wild card keeps its power for later), else a Wild Draw Four."""
    draw_twos = [card for card in cards if card.rank is Rank.DRAW_TWO]
    choices = draw_twos or cards
    return choices[0] if choices else None


def jump_fits_plan(view: PlayerView, card: Card) -> bool:
    """H5: whether jumping in with ``card`` keeps the player's plan for going out.

    A last card always goes. A 7 or 0 must not swap the player into a bigger hand (H4).
    With two cards left, the other one must still be able to follow the twin (a wild card,
    the same colour or the same number or symbol): the jump-in must not leave a last card
    stranded on a top it can never go on.
    """
    if len(view.hand) == 1:
        return True
    if bad_swap(view, card):
        return False
    if len(view.hand) == 2:
        rest = list(view.hand)
        rest.remove(card)
        last = rest[0]
        return last.is_wild or last.color is card.color or last.rank is card.rank
    return True
