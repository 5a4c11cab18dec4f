"""Who acts next at a table with bots, and in which order: the one loop every match is driven by.

The tournament (``ai.sim``), the session behind the table and the tests all take their
bots' actions from a ``Driver``, so a round with the same seats and seeds goes the same
way wherever it is played. The interface only adds time around it: it asks for the
same reactions and decisions, each when its bot's delay has passed.

The order, at any moment of a round that is not over:

1. **Reactions.** Each bot for which the round lists reactions (``round.reactions(seat)``:
   a late UNO or a catch while a player is exposed, U2; a jump-in with the twin of the
   top card, H5) is asked in ``reaction_order`` (the fastest ``reaction_ms`` first, the
   lower seat on a tie) what it does: the exposed bot says UNO late, the others catch it,
   a bot holding the twin jumps in. The first bot that reacts acts, and the table is asked
   again from the start: its reaction may have closed what was open (a catch or a late UNO
   ends the exposure, a jump-in changes the top card and whose turn it is). So when several
   bots could jump in, the fastest wins (H5b: the first to act).
2. **The decision.** Nobody reacted: the decider's bot chooses among the legal actions.
   When the decider is a person, there is no next step until they act.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from unokart_tui.engine import Action, JumpIn, Round

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
        reaction = self.next_reaction(round_)
        if reaction is not None:
            return reaction
        decider = round_.decider
        bot = self.bots.get(decider)
        if bot is None:
            return None  # a person decides
        return Step(decider, bot.choose(round_.view(decider), round_.legal_actions()), False)

    def next_reaction(self, round_: Round, *, jump_ins_only: bool = False) -> Step | None:
        """The first bot, in ``reaction_order``, that reacts now (step 1 of the module's docstring), or ``None``.

        The one loop of the bots' reactions: ``next_step`` takes it first, and the interface's
        pacer asks it when a catch window closes. ``jump_ins_only``: only a bot that jumps in (H5)
        counts, and only those that hold a twin are asked; the pacer asks so when a bot's move is
        due, or while a person decides.
        """
        if not self._open(round_) or (jump_ins_only and not round_.rules.jump_in):
            return None
        for seat in self.reaction_order:
            if jump_ins_only and not any(isinstance(action, JumpIn) for action in round_.reactions(seat)):
                continue
            if self._open_to(round_, seat):
                reaction = self.bots[seat].react(round_.view(seat))
                if reaction is not None and (not jump_ins_only or isinstance(reaction, JumpIn)):
                    return Step(seat, reaction, True)
        return None

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
        open_to = self._open(round_) and self._open_to(round_, seat)
        return self.bots[seat].react(round_.view(seat)) if open_to else None

    @staticmethod
    def _open(round_: Round) -> bool:
        """Whether anything may be open to reactions now: a player is exposed, or jumping in is a rule (H5)."""
        return not round_.is_over and (round_.exposed is not None or round_.rules.jump_in)

    @staticmethod
    def _open_to(round_: Round, seat: int) -> bool:
        """Whether ``seat`` may react now: every seat while a player is exposed; a jump-in only to some (H5)."""
        return round_.exposed is not None or bool(round_.reactions(seat))
