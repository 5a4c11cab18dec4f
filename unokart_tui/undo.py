"""Undo against bots: the player's last decision taken back, with every action after it, honestly.

An undo returns to the player's last decision in the round being played. It never reveals
what was hidden, so it is refused when what it would take back drew a card (anyone's draw
moves hidden cards), turned one over (an Item Box), showed a hand (a challenge, a hand swap
under H4) or ended the round (every hand is shown then). The match is then played again from
its seed with the shorter history: the engine is deterministic, so the random state is
exactly what it was when the decision was first put, and the save checks itself as ever.

No Textual here: the session undoes, the table only asks it to.
"""

from __future__ import annotations

from typing import NamedTuple

from saves import Undo

from .engine import (
    Accept,
    Action,
    CardsDrawn,
    CardTurned,
    CatchUno,
    ChallengeResolved,
    ChooseColor,
    ChooseTarget,
    Draw,
    Event,
    HandsPassed,
    HandsSwapped,
    JumpIn,
    Match,
    Pass,
    PileReshuffled,
    Play,
    SayUno,
)
from .narration import Voice
from .timeline import play_again, replayed


class UndoRefused(Exception):
    """Why there is nothing to undo now, in a sentence for the player."""


class UndoPlan(NamedTuple):
    match: Match  # the match at the player's decision, played again from its seed
    record: Undo  # what the save keeps of it
    decision: Action  # the player's decision that is taken back
    taken_back: tuple[Action, ...]  # that decision and every action after it
    round_events: list[list[Event]]  # the round's deal and each action kept, up to the decision

    @property
    def events(self) -> list[Event]:
        """What led to the decision again: the last kept action's events (or the deal's)."""
        return self.round_events[-1]

    def words(self) -> str:
        """The log's line for it."""
        move = describe(self.decision)
        after = len(self.taken_back) - 1
        rest = f" and the {after} moves after it" if after > 1 else " and the move after it" if after else ""
        return f"↶ You take back {move}{rest}: your decision again."


def describe(action: Action) -> str:
    """A decision in a few words: "your Red 5", "your choice of blue"."""
    if isinstance(action, Play):
        return f"your {action.card.name}"
    if isinstance(action, ChooseColor):
        return f"your choice of {action.color.value}"
    if isinstance(action, ChooseTarget):
        return "your Green Shell's target"
    if isinstance(action, Pass):
        return "keeping the card you drew"
    if isinstance(action, Accept):
        return "accepting the draw"
    return f"your move ({action})"


def _hidden(event: Event, voice: Voice, decided_draw: bool) -> str | None:
    """Why taking ``event`` back would reveal what was hidden, or None."""
    if isinstance(event, CardsDrawn) and event.cards:
        if decided_draw:
            return "your move was a draw: it showed you a hidden card, and a draw cannot be taken back"
        count = "a card" if len(event.cards) == 1 else f"{len(event.cards)} cards"
        return f"{voice.whom(event.seat)} drew {count} since: a draw moves hidden cards"
    if isinstance(event, CardTurned):
        return "an Item Box turned a hidden card over since"
    if isinstance(event, ChallengeResolved):
        return "a challenge showed a hand since"
    if isinstance(event, (HandsSwapped, HandsPassed)):
        return "hands changed places since (you saw a hand that was hidden)"
    if isinstance(event, PileReshuffled):
        return "the draw pile was shuffled since"
    return None


def plan_undo(match: Match, you: int) -> UndoPlan:
    """What an undo by seat ``you`` would do now; ``UndoRefused`` says why it cannot."""
    if match.is_over:
        raise UndoRefused("the match is over")
    if match.round.is_over:
        raise UndoRefused("the round is over, and every hand was shown")
    history = match.history
    dealt: list[Event] = []
    steps: list[tuple[bool, list[Event]]] = []  # (a decision of yours, its events) for each action of the round
    for step in play_again(match):
        if step.round < match.round_number:
            continue
        if step.action is None:
            dealt = step.events
        else:  # a reaction (U2, H5) is no decision, even the decider's own late UNO
            reaction = isinstance(step.action, (SayUno, CatchUno, JumpIn))
            steps.append((not reaction and step.seat == you, step.events))
    mine = [index for index, (decision, _) in enumerate(steps) if decision]
    if not mine:
        raise UndoRefused("you have not moved in this round yet, and a deal cannot be taken back")
    kept = mine[-1]
    actions = history[-1]
    voice = Voice(match.names, you)
    for index in range(kept, len(steps)):
        decided_draw = index == kept and isinstance(actions[kept], Draw)
        for event in steps[index][1]:
            reason = _hidden(event, voice, decided_draw)
            if reason is not None:
                raise UndoRefused(reason)
    rounds = (*history[:-1], actions[:kept])
    rebuilt = replayed(match, rounds)
    taken_back = actions[kept:]
    record = Undo(round=match.round_number, kept=kept, actions=tuple(str(action) for action in taken_back))
    return UndoPlan(rebuilt, record, actions[kept], taken_back, [dealt, *(events for _, events in steps[:kept])])
