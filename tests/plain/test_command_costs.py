"""What a line-mode command costs, counted (issue 30): nothing is worked out again for a state already read.

Counts, not seconds: they do not depend on the machine's load.
"""

from __future__ import annotations

import ai
from ai.driver import Driver
from unokart_tui.engine import ChallengeResolved, HandsPassed, HandsSwapped, HouseRules, Match
from unokart_tui.engine import replay as replay_module
from unokart_tui.history.timeline import replayed
from unokart_tui.table.session import HUMAN
from unokart_tui.table.undo import UndoRefused, plan_undo, undo_refusal

from .test_commands import READERS, line_table


def steps_of(match: Match) -> int:
    """The steps a replay of ``match`` from its seed plays: each round's deal and each action."""
    return sum(len(actions) + 1 for actions in match.history)


def count_replayed_steps(monkeypatch) -> list[int]:
    """A list that grows by one for each step any replay from a seed plays (the engine's one loop)."""
    counted: list[int] = []
    real = replay_module.play_again

    def play_again(*args, **kwargs):
        for step in real(*args, **kwargs):
            counted.append(step.move)
            yield step

    monkeypatch.setattr(replay_module, "play_again", play_again)
    return counted


def test_moves_plays_each_step_of_the_match_again_once_however_long_the_match(monkeypatch):
    """Whether ``undo`` is offered was worked out by playing the whole match again from its seed at each
    ``moves`` that followed a move: a command cost more the longer the match, 2 CPU-s of a 4-second test.
    Now the match is followed step by step: over a match's commands, each step is played again once."""
    table, _lines = line_table(3, target=100)
    match = table.session.match
    replayed_steps = count_replayed_steps(monkeypatch)  # by every replay: the statistics' at a round's end too
    by_moves = asked = 0  # the steps played again by ``moves``; the ``moves`` that played any
    for _ in range(400):
        if table.over:
            break
        before = len(replayed_steps)
        moves = table.moves()
        by_moves += len(replayed_steps) - before
        asked += len(replayed_steps) > before
        assert by_moves <= steps_of(match), "a step of the match was played again twice"
        table.handle(next(move for move in moves if move.split()[0] not in READERS | {"undo"}))
    table.close()
    assert table.over and match.round_number > 1  # followed from one round into the next
    assert asked > 40  # the count was taken at many decisions, not once


def readings(match: Match) -> tuple[object, ...]:
    """What an undo by the player would do now: refused (and why), or what it keeps, takes back and shuffles."""
    refusal = undo_refusal(match, HUMAN)
    try:
        plan = plan_undo(match, HUMAN, seed=7)
    except UndoRefused as refused:
        assert str(refused) == refusal
        return (refusal,)
    assert refusal is None
    return plan.record, plan.shuffled, plan.known_kept, plan.round_events, plan.match.round.hands


def test_a_followed_match_reads_as_a_match_played_again_afresh_h4_c1():
    """At each of the player's decisions over two rounds of party rules (swaps, passed hands, challenges),
    and after the unseen cards were dealt again on the same match: the undo the followed match offers is
    the one a new copy of it, read from its seed, offers."""
    match = Match.new(["Ann", "Mario", "Luigi", "Peach"], seed=11, target=5000, rules=HouseRules.preset("party"))
    bots = {
        seat: ai.make_bot(kind, seed=seat)
        for seat, kind in enumerate(["greedy", "greedy", "challenger", "item-hoarder"])
    }
    driver = Driver(bots)
    compared = refused = 0
    shown = False  # a hand was shown to the player, or changed places with theirs, in this round
    while match.round_number < 3:
        if match.round.is_over:
            assert readings(match) == readings(replayed(match, match.history))
            match.next_round()
            shown = False
            continue
        step = driver.next_step(match.round)
        events = match.apply(step.action)
        shown = shown or any(isinstance(event, (HandsSwapped, HandsPassed, ChallengeResolved)) for event in events)
        if match.round.decider == HUMAN and not match.round.is_over:
            followed = readings(match)
            assert followed == readings(replayed(match, match.history))
            compared += 1
            refused += isinstance(followed[0], str)
            if match.round_number == 2 and not shown and not match.unseen_shuffles:
                # The cards the player cannot see, dealt again on the followed match itself (nothing
                # known of the other hands to keep in place).
                match.shuffle_unseen(HUMAN, 5)
                assert readings(match) == readings(replayed(match, match.history))
    assert match.unseen_shuffles
    assert compared > 30 and refused > 0
