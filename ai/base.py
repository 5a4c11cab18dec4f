"""What every bot shares: parameters, seeded choices, UNO habits, and the shape of a decision."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from unokart_tui.engine import (
    Accept,
    Action,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    JumpIn,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rank,
    SayUno,
)

from . import house
from .knowledge import colour_counts
from .params import COMMON, Param, check_params


class Bot:
    """A bot decides from a ``PlayerView`` and the legal actions only.

    Its randomness comes from its seed and the view it decides on, so the same seed
    gives the same decision in the same position, also after a match is loaded again:
    a bot keeps no state that a save would have to carry.
    """

    name: ClassVar[str] = "bot"
    summary: ClassVar[str] = ""
    OWN_PARAMS: ClassVar[Mapping[str, Param]] = {}
    # The shared tactics for the house rules (ai/house.py); the random baseline plays without.
    house_tactics: ClassVar[bool] = True

    def __init__(self, *, seed: int | None = None, **params: object) -> None:
        self.seed = 0 if seed is None else seed
        values = {name: spec.default for name, spec in self.params_spec().items()}
        values.update(check_params(self.params_spec(), params, self.name))
        self.params: dict[str, float | int] = values

    @classmethod
    def params_spec(cls) -> dict[str, Param]:
        return {**COMMON, **cls.OWN_PARAMS}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"

    # ------------------------------------------------------------------ the contract

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``."""
        legal = list(legal_actions)
        if not legal:
            raise ValueError("there is no legal action to choose from")
        rng = self._rng(view, "choose")
        if self.params["mistakes"] and rng.random() < self.params["mistakes"]:
            return rng.choice(legal)
        phase = view.phase
        if phase is Phase.CHALLENGE:
            if self.challenge(view, rng):
                return Challenge()
            return self._stack_or_accept(view, legal, rng)  # H2: a Wild Draw Four may be stacked on it
        if phase is Phase.STACK:
            return self._stack_or_accept(view, legal, rng)
        if phase is Phase.CHOOSE_COLOR:
            return ChooseColor(self.pick_color(view, None, rng))
        if phase is Phase.CHOOSE_TARGET:
            targets = [action.seat for action in legal if isinstance(action, ChooseTarget)]
            if view.choice_for == "seven":  # H4
                return ChooseTarget(self.pick_swap(view, targets, rng))
            return ChooseTarget(self.pick_target(view, targets, rng))
        cards = _playable_cards(legal)
        if phase is Phase.DRAWN:
            assert view.drawn is not None
            keep = (
                not cards
                or self.keep_drawn(view, view.drawn, rng)
                or _would_loop(view, view.drawn)
                or (self.house_tactics and house.bad_swap(view, view.drawn))  # H4: kept, as a 7 in hand is
            )
            if keep and Pass() in legal:  # H7: with must_play_drawn a playable card cannot be kept
                return Pass()
            return self._play(view, view.drawn, legal, rng)
        if self.house_tactics and view.rules.seven_zero:  # H4: a swap into a much smaller hand first
            cards = house.without_bad_swaps(view, cards)
            swap = house.good_swap(view, cards)
            if swap is not None:
                return self._play(view, swap, legal, rng)
        card = self.pick_card(view, cards, rng) if cards else None
        return Draw() if card is None else self._play(view, card, legal, rng)

    def react(self, view: PlayerView) -> SayUno | CatchUno | JumpIn | None:
        """A late UNO of its own, a catch of an exposed opponent, a jump-in (H5), or nothing."""
        if view.exposed is not None:
            rng = self._rng(view, "react")
            if view.exposed == view.seat:
                if rng.random() < self.params["late_uno"]:
                    return SayUno(view.seat)
            elif rng.random() < self.params["catch_chance"]:
                return CatchUno(view.seat)
        jumps = [action for action in view.reactions if isinstance(action, JumpIn)]
        return self._jump_in(view, jumps) if jumps else None

    @property
    def reaction_seconds(self) -> float:
        return float(self.params["reaction_ms"]) / 1000

    # ------------------------------------------------------------------ what a personality decides

    def pick_card(self, view: PlayerView, cards: list[Card], rng: random.Random) -> Card | None:
        """The card to play from the playable ``cards`` (one at least), or ``None`` to draw."""
        raise NotImplementedError

    def keep_drawn(self, view: PlayerView, card: Card, rng: random.Random) -> bool:
        """Keep the playable card just drawn instead of playing it."""
        return False

    def challenge(self, view: PlayerView, rng: random.Random) -> bool:
        raise NotImplementedError

    def pick_color(self, view: PlayerView, playing: Card | None, rng: random.Random) -> Color:
        """The colour it holds most (after ``playing``), ties broken by the points it holds."""
        hand = list(view.hand)
        if playing is not None and playing in hand:
            hand.remove(playing)
        counts = colour_counts(hand)
        if not counts:
            return rng.choice(list(Color))
        points = {color: sum(c.points for c in hand if c.color is color) for color in Color}
        return max(Color, key=lambda color: (counts[color], points[color], -list(Color).index(color)))

    def pick_target(self, view: PlayerView, targets: list[int], rng: random.Random) -> int:
        """The Green Shell goes to the opponent closest to going out."""
        return min(targets, key=lambda seat: (view.hand_sizes[seat], seat))

    def pick_swap(self, view: PlayerView, targets: list[int], rng: random.Random) -> int:
        """H4: whom a 7 swaps hands with: the smallest hand, and on a tie what it knows of them."""
        return house.swap_target(view, targets)

    def stack_card(self, view: PlayerView, cards: list[Card], rng: random.Random) -> Card | None:
        """H1-H3: the card to stack on the pending total from the stackable ``cards``, or ``None`` to take it.

        Stacking sheds a card and passes the whole total on, where taking it draws it all:
        every bot with a plan stacks when it can, a Draw Two before a Wild Draw Four.
        """
        return house.stack_choice(cards)

    def jump_in_wanted(self, view: PlayerView, card: Card, rng: random.Random) -> bool:
        """H5: whether to jump in with ``card`` now (it has noticed it in time): when it keeps its plan."""
        return house.jump_fits_plan(view, card)

    # ------------------------------------------------------------------ helpers

    def _rng(self, view: PlayerView, purpose: str) -> random.Random:
        # Seeded by the bot's seed and the position: the same position gives the same choice.
        hand = " ".join(map(str, view.hand))
        key = (
            f"{self.seed}|{purpose}|{view.seat}|{view.scores}|{view.dealer}|{len(view.discard)}|"
            f"{view.discard[-1]}|{view.draw_pile_size}|{view.hand_sizes}|{view.phase.value}|{view.current}|{hand}"
        )
        return random.Random(key)

    def _play(self, view: PlayerView, card: Card, legal: list[Action], rng: random.Random) -> Action:
        color = self.pick_color(view, card, rng) if card.rank is Rank.WILD_DRAW_FOUR else None
        action = Play(card, color, self._says_uno(view, card, rng))
        if action not in legal:  # cannot happen with a correct engine; fall back to a listed play
            action = next(a for a in legal if isinstance(a, Play) and a.card == card)
        return action

    def _says_uno(self, view: PlayerView, card: Card, rng: random.Random) -> bool:
        """U1; H4b: the hand that comes back from a 7 or 0 is unknown, so UNO goes with it too."""
        may_leave_one = len(view.hand) == 2 or (house.swap_gain(view, card) is not None and len(view.hand) > 1)
        return may_leave_one and rng.random() >= self.params["forget_uno"]

    def _stack_or_accept(self, view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
        """H1-H3: stack a card on the pending total, or take it."""
        card = self.stack_card(view, _playable_cards(legal), rng)
        return Accept() if card is None else self._play(view, card, legal, rng)

    def _jump_in(self, view: PlayerView, jumps: list[JumpIn]) -> JumpIn | None:
        """H5: one of the jump-ins ``view.reactions`` offers, when it notices in time and wants it."""
        rng = self._rng(view, "jump")
        card = jumps[0].card
        if rng.random() >= self.params["jump_in_chance"] or not self.jump_in_wanted(view, card, rng):
            return None
        uno = self._says_uno(view, card, rng)
        return next((jump for jump in jumps if jump.uno == uno), jumps[-1])


def _playable_cards(legal: Sequence[Action]) -> list[Card]:
    """The cards of the plays in ``legal``, each once."""
    cards: list[Card] = []
    for action in legal:
        if isinstance(action, Play) and action.card not in cards:
            cards.append(action.card)
    return cards


def _would_loop(view: PlayerView, card: Card) -> bool:
    """An Item Box drawn from an empty pile can come back for ever (Mushroom, redraw, replay): keep it."""
    return card.rank is Rank.WILD_ITEM_BOX and view.draw_pile_size == 0
