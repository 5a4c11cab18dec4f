"""What a seat is asked, and what it is shown when a round or the match ends: plain messages from the session.

No state of the table's: each function reads the session (and the hint on show) and says what to
put to the seat. The controller sends the message; the seat's answer comes back to it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, ChallengeResolved, ChooseColor, ChooseTarget, Event, Phase, Play, PlayerView
from ..glyphs import Glyphs
from ..voice import _
from .messages import AskChallenge, AskColour, AskTarget, HandRevealed, MatchOver, Message, Notice, RoundOver
from .session import Session
from .tableview import round_summary, sorted_hand


def question(session: Session, you: int, hinted: Action | None) -> Message | None:
    """The question the seat's decision needs now (a colour, a target, a challenge), or None: its keys decide."""
    return question_of(session.match.view(you), session.names, session.match.legal_actions(), hinted)


def question_of(
    view: PlayerView, names: Sequence[str], legal: Sequence[Action], hinted: Action | None
) -> Message | None:
    """``question`` from what the seat is shown: its ``view``, the table's names, the decider's ``legal`` actions
    (a seat of a table shared with friends has no session: ``friends.remote``)."""
    you = view.seat
    if view.phase is Phase.CHOOSE_COLOR:
        if view.decider != view.current:  # D5: the dealer chooses for the first player
            reason = _("you deal, and the first card is a Wild Item Box")
        else:
            reason = _("your Item Box set off a Bob-omb")
        return AskColour(reason, hinted.color if isinstance(hinted, ChooseColor) else None)
    if view.phase is Phase.CHOOSE_TARGET:
        targets = tuple((s, names[s], view.hand_sizes[s]) for s in range(view.num_players) if s != you)
        advised = hinted.seat if isinstance(hinted, ChooseTarget) else None  # the hint's move led here (issue 34)
        return AskTarget(targets, seven=view.choice_for == "seven", advised=advised)  # H4: a 7's swap
    if view.phase is Phase.CHALLENGE:
        assert view.wild_draw_four is not None
        player, color = view.wild_draw_four
        stack = any(isinstance(a, Play) for a in legal)  # H2
        return AskChallenge(names[player], color, view.hand_sizes[player], can_stack=stack, called=view.active_color)
    return None


def revealed(events: Sequence[Event], names: Sequence[str], you: int) -> list[HandRevealed]:
    """The hands the seat's own challenge showed it (C4), sorted like its own hand (found in play: unsorted)."""
    return [
        HandRevealed(names[event.challenged], sorted_hand(event.hand), event.guilty)
        for event in events
        if isinstance(event, ChallengeResolved) and event.challenger == you
    ]


def round_over(session: Session, you: int, glyphs: Glyphs) -> RoundOver:
    return RoundOver(round_summary(session.match, you, glyphs), session.undo_refusal())


def match_over(session: Session) -> MatchOver:
    from ..history.charts import ScoreRace  # noqa: PLC0415 - the charts load when a match ends
    from ..history.timeline import score_race  # noqa: PLC0415

    match = session.match
    race = ScoreRace(match.names, tuple(score_race(match)), match.target)
    return MatchOver(round_summary(match), race, session.undo_refusal())  # the last round's winner is the match's


def stats_notices(session: Session) -> list[Notice]:
    """Said once: the store of statistics was rebuilt, or this round could not be recorded."""
    notices = []
    if session.stats_note is not None:
        notices.append(Notice(session.stats_note, _("Statistics"), timeout=10, markup=False))
        session.stats_note = None
    if session.stats_problem is not None:
        problem = _("Saving your statistics failed, so this round is not in them: {problem}")
        notices.append(Notice(problem.format(problem=session.stats_problem), severity="warning", markup=False))
    return notices
