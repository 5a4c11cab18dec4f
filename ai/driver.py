"""Who acts next at a table with bots, and in which order: the one loop every match is driven by.

The tournament (``ai.sim``), the session behind the table and the tests all take their
bots' actions from a ``Driver``, so a round with the same seats and seeds goes the same
way wherever it is played. The interface only adds time around it: it asks for the
same reactions and decisions, each when its bot's delay has passed.

The order, at any moment of a round that is not over:

1. **Reactions.** While something is open to every seat — today an exposed player (U2) —
   each bot is asked in ``reaction_order`` (the fastest ``reaction_ms`` first, the lower
   seat on a tie) what it does about it: the exposed bot says UNO late, the others catch
   it. The first bot that reacts acts, and the table is asked again from the start: its
   reaction may have closed what was open (a catch or a late UNO ends the exposure).
2. **Jump-ins (H5).** A jump-in is a reaction too (``bot.react`` returns it, from the
   ``reactions`` of its view), so it comes in step 1 in the same order: with the house
   rule on, ``_open`` answers yes and each bot's view says whether it may jump in.
3. **The decision.** Nobody reacted: the decider's bot chooses among the legal actions.
   When the decider is a person, there is no next step until they act.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from unokart_tui.engine import Action, Round

from .base import Bot


class Step(NamedTuple):
    """What a bot does next: its ``seat``, the ``action``, and whether it reacts out of turn."""

    seat: int
    action: Action
    reaction: bool


class Driver:
    """The bots at a table, by seat (seats without a bot are played by people)."""

    def __init__(self, bots: Mapping[int, Bot] | Sequence[Bot]) -> None:
        self.bots: Mapping[int, Bot] = dict(bots) if isinstance(bots, Mapping) else dict(enumerate(bots))
        # The fastest to react acts first; on a tie, the lower seat.
        self.reaction_order: tuple[int, ...] = tuple(
            sorted(self.bots, key=lambda seat: (self.bots[seat].params["reaction_ms"], seat))
        )

    def next_step(self, round_: Round) -> Step | None:
        """The next action of a bot, in the order of the module's docstring; ``None`` if a person must act."""
        if round_.is_over:
            return None
        if self._open(round_):
            for seat in self.reaction_order:
                reaction = self.bots[seat].react(round_.view(seat))
                if reaction is not None:
                    return Step(seat, reaction, True)
        decider = round_.decider
        bot = self.bots.get(decider)
        if bot is None:
            return None  # a person decides
        return Step(decider, bot.choose(round_.view(decider), round_.legal_actions()), False)

    def bot_to_decide(self, round_: Round) -> int | None:
        """The seat of the bot that must decide now, or ``None`` (a person decides, or the round is over)."""
        decider = round_.decider
        if decider not in self.bots or round_.is_over:
            return None
        return decider

    def decision(self, round_: Round) -> Action:
        """The deciding bot's choice among the legal actions (see ``bot_to_decide``)."""
        seat = self.bot_to_decide(round_)
        if seat is None:
            raise ValueError("no bot decides now")
        return self.bots[seat].choose(round_.view(seat), round_.legal_actions())

    def reaction(self, round_: Round, seat: int) -> Action | None:
        """What the bot at ``seat`` does out of turn now, or ``None``."""
        return self.bots[seat].react(round_.view(seat)) if self._open(round_) else None

    @staticmethod
    def _open(round_: Round) -> bool:
        """Whether anything may be open to reactions now (a bot's ``react`` says whether it acts on it)."""
        # H5: a jump-in is open to some seats only; each bot reads its own from its view, as it does a catch.
        return (round_.exposed is not None or round_.rules.jump_in) and not round_.is_over
