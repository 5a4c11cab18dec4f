"""A match played again from its seed: one loop (``engine.replay``), which the saves and the history both use."""

from __future__ import annotations

import pytest

import saves
from unokart_tui.engine import Match, Play, RulesError, SayUno
from unokart_tui.engine import replay as replay_module
from unokart_tui.engine.replay import Stuck, actor, play_again

from ..history.play import bot_match


def fresh(match: Match) -> Match:
    return Match(match.names, seed=match.seed, target=match.target, rules=match.rules)


def test_the_history_played_again_is_the_same_match_step_by_step():
    match, _ = bot_match(5, target=150)
    steps = list(play_again(fresh(match), match.history, match.unseen_shuffles))
    again = steps[-1].match
    assert again.history == match.history and again.scores == match.scores and again.round == match.round
    assert [step.move for step in steps if step.round == 1][:3] == [0, 1, 2]
    assert sum(step.action is None for step in steps) == len(match.history)  # one deal a round


def test_an_action_that_cannot_be_played_says_where():
    match, _ = bot_match(2, actions=30)
    rounds = [list(match.history[0])]
    rounds[0][4] = SayUno(1)  # nobody holds one card so early
    with pytest.raises(Stuck) as stuck:
        list(play_again(fresh(match), rounds))
    assert (stuck.value.round, stuck.value.move, stuck.value.shuffle) == (1, 5, None)
    assert isinstance(stuck.value, RulesError)


def test_a_round_that_does_not_end_cannot_be_followed():
    match, _ = bot_match(2, actions=10)
    with pytest.raises(Stuck) as stuck:
        list(play_again(fresh(match), [match.history[0], []]))
    assert (stuck.value.round, stuck.value.move) == (2, 0)


def test_the_actor_of_a_reaction_is_the_seat_it_names():
    assert actor(SayUno(2), decider=0) == 2
    assert actor(Play("R5"), decider=1) == 1


def test_loading_a_save_and_the_timeline_play_through_the_same_loop(monkeypatch):
    """Issue 29: saves.format and timeline each had a replay loop of their own."""
    from unokart_tui.history.timeline import Timeline

    match, seats = bot_match(3, actions=40)
    saves.write_atomic(saves.path_of("Once"), saves.dumps(match, seats=seats))
    calls = []
    real = replay_module.play_again

    def counted(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(replay_module, "play_again", counted)
    loaded = saves.load("Once")
    assert len(calls) == 1 and loaded.history == match.history
    Timeline(loaded)
    assert len(calls) == 2
