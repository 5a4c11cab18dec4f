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
            return Challenge() if self.challenge(view, rng) else Accept()
        if phase is Phase.CHOOSE_COLOR:
            return ChooseColor(self.pick_color(view, None, rng))
        if phase is Phase.CHOOSE_TARGET:
            targets = [action.seat for action in legal if isinstance(action, ChooseTarget)]
            return ChooseTarget(self.pick_target(view, targets, rng))
        cards = _playable_cards(legal)
        if phase is Phase.DRAWN:
            assert view.drawn is not None
            keep = not cards or self.keep_drawn(view, view.drawn, rng) or _would_loop(view, view.drawn)
            return Pass() if keep else self._play(view, view.drawn, legal, rng)
        card = self.pick_card(view, cards, rng) if cards else None
        return Draw() if card is None else self._play(view, card, legal, rng)

    def react(self, view: PlayerView) -> SayUno | CatchUno | JumpIn | None:
        """A late UNO of its own, or a catch of an exposed opponent, or nothing."""
        if view.exposed is None:
            return None
        rng = self._rng(view, "react")
        if view.exposed == view.seat:
            return SayUno(view.seat) if rng.random() < self.params["late_uno"] else None
        return CatchUno(view.seat) if rng.random() < self.params["catch_chance"] else None

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
        leaves_one = len(view.hand) == 2
        uno = leaves_one and rng.random() >= self.params["forget_uno"]  # U1
        action = Play(card, color, uno)
        if action not in legal:  # cannot happen with a correct engine; fall back to a listed play
            action = next(a for a in legal if isinstance(a, Play) and a.card == card)
        return action


def _playable_cards(legal: Sequence[Action]) -> list[Card]:
    cards: list[Card] = []
    for action in legal:
        if isinstance(action, Play) and action.card not in cards:
            cards.append(action.card)
    return cards


def _would_loop(view: PlayerView, card: Card) -> bool:
    """An Item Box drawn from an empty pile can come back for ever (Mushroom, redraw, replay): keep it."""
    return card.rank is Rank.WILD_ITEM_BOX and view.draw_pile_size == 0
