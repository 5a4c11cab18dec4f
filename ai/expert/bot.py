"""The expert: a search over the few sensible actions, on deals of the cards it cannot see.

It decides from its ``PlayerView`` and the legal actions only. Trivial decisions are rules
(an only action, saying UNO, catching, a Wild Draw Four's challenge by the odds of a
bluff); every other one — which card, play or keep a drawn card, colours, targets, whom a 7
swaps with, stacking — goes to ``search.evaluate``: the same deals and the same luck for
each candidate, played out by the rule-bot-like policy, judged by learned weights
(``evaluation``) and scored for the round and the match. The deals it keeps are those that
best explain the other seats' plays and colour choices (``beliefs``). Its random numbers
come from its seed and the view, like every bot's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
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
    Phase,
    Play,
    PlayerView,
    Rank,
    Round,
    SayUno,
    known_cards,
    unseen_cards,
)

from ..base import Bot
from ..knowledge import chance_to_hold
from ..params import Param
from . import beliefs, heuristic, inference, opponents, policy, search

_SWAPPERS = frozenset({Rank.SEVEN, Rank.ZERO})
_NEAR_OUT = 2  # the hand size at which the rule bots attack the next player (``attack_at``, ``strike_at``)


class ExpertBot(Bot):
    """Deals the cards it has not seen many ways — consistent with the hand sizes, the discards,
    a hand it was shown, what each draw said about a hand and, softly, the colours each player
    plays and names — and plays every sensible action out on the same deals. It never forgets
    UNO, catches at once, challenges when the odds of a bluff pay, and plays for the match: a
    round it cannot win, it loses with few points."""

    name = "expert"
    summary = "searches: plays each sensible action out on many deals of the cards it cannot see"
    OWN_PARAMS: ClassVar[Mapping[str, Param]] = {
        "samples": Param(48, 1, 500, "deals of the unseen cards each candidate is played out on: its budget"),
        "depth": Param(8, 1, 400, "actions each playout looks ahead before judging the position (learned weights)"),
        "max_candidates": Param(6, 2, 20, "the most actions it plays out; the policy's favourites are kept"),
        "prior": Param(0.01, 0.0, 1.0, "the head start of the move its judgement prefers, in chance of winning"),
        "round_weight": Param(0.6, 0.0, 1.0, "what winning the round counts, against the match's prospects"),
        "challenge_above": Param(0.2, 0.0, 1.0, "the estimated chance of a bluff above which it challenges"),
        "bluff_rate": Param(0.02, 0.0, 1.0, "how often it thinks a player holding the colour plays a Wild Draw Four"),
        "calm_share": Param(
            0.1, 0.0, 1.0, "the share of bluff_rate it expects when the one who must answer holds more than two cards"
        ),
        "oversample": Param(4, 1, 50, "deals made per deal kept: the kept ones best explain the others' choices"),
        "sharpness": Param(4.0, 0.0, 10.0, "how surely a player plays and names the colour it holds most"),
        "memory": Param(2, 0, 20, "how many times a player may have taken cards since a choice it still reads"),
        "fade": Param(0.7, 0.0, 1.0, "what a choice counts for each time its player has taken cards since"),
        "bluff_weight": Param(
            2.0, 0.1, 100.0, "how many challenged Wild Draw Fours its bluff_rate is worth against those it sees"
        ),
    }

    def __init__(self, *, seed: int | None = None, **params: object) -> None:
        # An expert's habits: it never forgets UNO and is quick to catch; a profile may change them.
        params.setdefault("forget_uno", 0.0)
        params.setdefault("late_uno", 1.0)
        params.setdefault("catch_chance", 1.0)
        params.setdefault("reaction_ms", 300)
        super().__init__(seed=seed, **params)

    # ------------------------------------------------------------------ the contract

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        rng = self._rng(view, "choose")
        if self.params["mistakes"] and rng.random() < self.params["mistakes"]:
            return rng.choice(legal)
        candidates = self.candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        values = self.evaluate(view, candidates, rng)
        # The search's estimates carry noise; the first candidate is the judgement's favourite
        # (``candidates`` lists it first) and keeps the move unless a playout result beats it.
        values[0] += float(self.params["prior"])
        best = max(range(len(candidates)), key=lambda index: (values[index], -index))
        return candidates[best]

    def evaluate(self, view: PlayerView, candidates: Sequence[Action], rng: random.Random) -> list[float]:
        """Each candidate's mean value over the search's deals (see ``search.evaluate``)."""
        return search.evaluate(
            view,
            candidates,
            samples=int(self.params["samples"]),
            rng=rng,
            cannot_hold=inference.cannot_hold(view),
            round_weight=float(self.params["round_weight"]),
            depth=int(self.params["depth"]),
            weigh=self._weigh(view),
            oversample=int(self.params["oversample"]),
        )

    def _weigh(self, view: PlayerView) -> Callable[[Round], float] | None:
        """A deal's log-likelihood in the light of the other seats' choices (``beliefs``); None if none tell."""
        observations = beliefs.Observations(view, int(self.params["memory"]))
        if not observations:
            return None
        sharpness, fade = float(self.params["sharpness"]), float(self.params["fade"])
        return lambda world: observations.log_likelihood(world.hand, sharpness, fade)

    def react(self, view: PlayerView) -> SayUno | CatchUno | JumpIn | None:
        if view.exposed is not None:
            if view.exposed == view.seat:
                return SayUno(view.seat) if self.params["late_uno"] >= 1 or self._chance(view, "late_uno") else None
            if self.params["catch_chance"] >= 1 or self._chance(view, "catch_chance"):
                return CatchUno(view.seat)
        jumps = [action for action in view.reactions if isinstance(action, JumpIn)]
        if not jumps:
            return None
        # H5: a card shed out of turn, and the turns of those passed over lost. A 7 or 0 (H4)
        # would move hands, which it weighs on its own turn instead.
        if view.rules.seven_zero and jumps[0].card.rank in _SWAPPERS:
            return None
        return next((jump for jump in jumps if jump.uno), jumps[0])

    def _chance(self, view: PlayerView, param: str) -> bool:
        return self._rng(view, "react").random() < self.params[param]

    # ------------------------------------------------------------------ candidates

    def candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The actions worth playing out: one play per card (with UNO, the Wild Draw Four in its best
        colour), drawing only when nothing but a wild card or a swap goes, the challenge by the odds."""
        phase = view.phase
        if phase is Phase.CHALLENGE:
            answer: Action = Challenge() if self.should_challenge(view) else Accept()
            return [answer, *self._plays(view, legal)]
        if phase is Phase.CHOOSE_COLOR:
            favourite = self.pick_color(view, None, random.Random(0))
            return sorted(legal, key=lambda action: not (isinstance(action, ChooseColor) and action.color is favourite))
        if phase is Phase.CHOOSE_TARGET:
            # The Green Shell's or the 7's favourite: the smallest hand (I3, H4).
            return sorted(
                legal, key=lambda action: view.hand_sizes[action.seat] if isinstance(action, ChooseTarget) else 0
            )
        plays = self._plays(view, legal)
        others = [action for action in legal if not isinstance(action, Play)]
        if phase is Phase.PLAY:
            coloured = [play for play in plays if isinstance(play, Play) and _plain(play.card, view)]
            keep_draw = not coloured
            plays = self._shortlist(view, plays)
            return [*plays, Draw()] if keep_draw or not plays else plays
        return self._shortlist(view, plays) + others  # DRAWN: play it or keep it; STACK: stack or take it

    def _plays(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        chosen: dict[Card, Play] = {}
        for action in legal:
            if not isinstance(action, Play):
                continue
            if action.card.rank is Rank.WILD_DRAW_FOUR:
                best = self.pick_color(view, action.card, random.Random(0))
                if action.color is not best:
                    continue
            known = chosen.get(action.card)
            if known is None or (action.uno and not known.uno):  # U1: always with UNO; harmless otherwise (U3)
                chosen[action.card] = action
        return list(chosen.values())

    def _shortlist(self, view: PlayerView, plays: list[Action]) -> list[Action]:
        """The plays in the judgement's order (``heuristic.play_score``), the best first, at most ``max_candidates``."""
        cannot_hold = inference.cannot_hold(view)
        weights = policy.color_weights(view.hand)

        def wanted(action: Action) -> float:
            assert isinstance(action, Play)
            return heuristic.play_score(view, action.card, cannot_hold, weights)

        return sorted(plays, key=wanted, reverse=True)[: int(self.params["max_candidates"])]

    # ------------------------------------------------------------------ rules for the simple decisions

    def should_challenge(self, view: PlayerView) -> bool:
        """C1-C3: challenge when the chance of a bluff is above ``challenge_above``.

        Accepting costs four cards and the turn; a won challenge gives the player four and keeps the
        turn, a lost one costs six and the turn: a chance of a bluff of about one in five pays.
        """
        return self.bluff_chance(view) > self.params["challenge_above"]

    def bluff_chance(self, view: PlayerView) -> float:
        """The chance that the Wild Draw Four waiting for its answer is a bluff (C1).

        Bayes: the chance its player held the colour, times how often that player bluffs when it
        does (``bluff_rate``, revised by the player's challenged Wild Draw Fours this round:
        ``opponents.bluff_rate``), against the chance it had no choice. Players bluff to stop
        someone close to going out: against a seat with more than two cards, a player holding the
        colour plays it, and only ``calm_share`` of the rate is expected.
        """
        assert view.wild_draw_four is not None
        player, color = view.wild_draw_four
        shown = known_cards(view).get(player, ())
        if any(card.color is color for card in shown):
            return 1.0  # C1: it was shown that hand and the colour is still in it
        holds = chance_to_hold(unseen_cards(view), view.hand_sizes[player] + 1, color=color)
        rate = opponents.bluff_rate(
            opponents.records(view).get(player), float(self.params["bluff_rate"]), float(self.params["bluff_weight"])
        )
        if view.hand_sizes[view.decider] > _NEAR_OUT:
            rate *= float(self.params["calm_share"])
        bluff = holds * rate
        return bluff / (bluff + (1.0 - holds)) if bluff else 0.0

    def pick_color(self, view: PlayerView, playing: Card | None, rng: random.Random) -> Color:
        """The colour it holds most (after ``playing``); among equals, the one the next player seems to lack."""
        hand = list(view.hand)
        if playing is not None and playing in hand:
            hand.remove(playing)
        lacking = heuristic.lacking_colors(view, inference.cannot_hold(view), view.next_seat())
        weight = dict.fromkeys(Color, 0.0)
        for card in hand:
            if card.color is not None:
                weight[card.color] += 100 + card.points
        for color in lacking:
            weight[color] += 60
        return max(Color, key=weight.__getitem__)

    # The rule bots' hooks (``choose`` does not use them): the policy's card, and the odds' challenge.
    def pick_card(self, view: PlayerView, cards: list[Card], rng: random.Random) -> Card | None:
        threatened = view.hand_sizes[view.next_seat()] <= 2
        weights = policy.color_weights(view.hand)
        scored = [(policy.card_score(card, weights, threatened, view.num_players == 2), card) for card in cards]
        return max(scored, key=lambda pair: pair[0])[1] if scored else None

    def challenge(self, view: PlayerView, rng: random.Random) -> bool:
        return self.should_challenge(view)


def _plain(card: Card, view: PlayerView) -> bool:
    """A card it would rather play than draw: not a wild, and (H4) not a 7 or 0 that moves hands."""
    return card.color is not None and not (view.rules.seven_zero and card.rank in _SWAPPERS)
