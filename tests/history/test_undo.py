"""Undo against bots: back to the same decision, never past what was hidden, saved and loadable."""

from __future__ import annotations

import errno
import os
import pickle

import pytest

import ai
import saves
from ai.driver import Driver
from unokart_tui import stats
from unokart_tui.engine import (
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    Draw,
    HandsPassed,
    HandsSwapped,
    PileReshuffled,
    RoundWon,
)
from unokart_tui.session import HUMAN, Session
from unokart_tui.undo import UndoRefused, plan_undo

from .play import a_plain_play, play, to_the_players_turn

HIDDEN = (CardsDrawn, CardTurned, ChallengeResolved, HandsSwapped, HandsPassed, PileReshuffled, RoundWon)
# The reason an undo gives, by the first hidden thing it would take back.
REASONS = {
    CardsDrawn: "draw|drew",
    CardTurned: "an Item Box turned a hidden card over",
    ChallengeResolved: "a challenge showed a hand",
    HandsSwapped: "hands changed places",
    HandsPassed: "hands changed places",
    PileReshuffled: "the draw pile was shuffled",
}


def state(session: Session) -> bytes:
    """Everything about the match that play depends on, random state included."""
    match = session.match
    return pickle.dumps((match.round, match.scores, match.history, match.round_number))


def test_an_undo_returns_to_the_same_decision_and_the_save_loads_and_plays_on():
    session = Session.new("Ann", ["greedy", "challenger"], seed=4, name="undo")
    choice = a_plain_play(session)
    before, legal = state(session), session.match.legal_actions()
    session.apply(choice)
    plan = session.undo()
    assert plan.decision == choice and plan.taken_back == (choice,)
    assert state(session) == before and session.match.legal_actions() == legal
    session.close()
    loaded = Session.load("undo")  # the save checks itself: the shortened history leads to its position
    assert state(loaded) == before and loaded.undos == session.undos
    other = next(action for action in legal if action != choice)
    loaded.apply(other)  # plays on, and saves
    play(loaded, actions=40)
    loaded.close()
    again = saves.load_game("undo")
    assert again.match.round == loaded.match.round and len(again.undos) == 1


def test_an_undo_takes_back_the_bots_moves_after_the_players():
    session = Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=2, name="undo", target=5000)
    for _ in range(200):  # a turn of the player's after which no bot drew, turned or showed anything
        choice = a_plain_play(session)
        before = state(session)
        session.apply(choice)
        history = len(session.match.history[-1])
        to_the_players_turn(session)
        if len(session.match.history[-1]) - history >= 2:
            try:
                plan = session.undo()
            except UndoRefused:
                continue
            assert len(plan.taken_back) >= 3 and plan.taken_back[0] == choice
            assert state(session) == before
            return
    raise AssertionError("no such turn in 200")


def test_an_undo_is_refused_after_a_draw_and_changes_nothing():
    session = Session.new("Ann", ["greedy", "challenger"], seed=4, name="drew")
    to_the_players_turn(session)
    session.apply(Draw())
    before, text = state(session), saves.path_of("drew").read_text()
    with pytest.raises(UndoRefused, match="your move was a draw: it showed you a hidden card"):
        session.undo()
    assert state(session) == before and saves.path_of("drew").read_text() == text
    session.close()


@pytest.mark.slow
def test_undo_is_refused_exactly_when_it_would_take_back_something_hidden():
    """At each decision of the player in seeded matches: refused iff what it takes back drew, turned or showed."""
    checked = {"allowed": 0, "refused": 0, "challenge": 0}
    for seed in range(3):
        session = Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=seed, name=f"u{seed}", target=300)
        driver = Driver({**session.bots, HUMAN: ai.make_bot("greedy", seed=7)})
        events: list = []
        decided = False  # the player decided in this round
        while not session.match.is_over:
            if session.match.round.is_over:
                with pytest.raises(UndoRefused, match="the round is over"):
                    plan_undo(session.match, HUMAN)
                session.next_round()
                decided = False
                continue
            step = driver.next_step(session.match.round)
            if step.seat == HUMAN and not step.reaction:
                events, decided = [], True
                before = state(session)
            events.append(session.apply(step.action))
            if decided and session.match.round.decider == HUMAN and not session.match.round.is_over:
                hidden = [event for batch in events for event in batch if isinstance(event, HIDDEN)]
                if hidden:
                    with pytest.raises(UndoRefused, match=REASONS[type(hidden[0])]) as refused:
                        plan_undo(session.match, HUMAN)
                    assert not str(refused.value).startswith("You")  # it follows "Cannot undo: "
                    checked["refused"] += 1
                    checked["challenge"] += isinstance(hidden[0], ChallengeResolved)
                else:
                    plan = plan_undo(session.match, HUMAN)
                    assert (
                        pickle.dumps((plan.match.round, plan.match.scores, plan.match.history, plan.match.round_number))
                        == before
                    )
                    checked["allowed"] += 1
        session.close()
    assert checked["allowed"] > 20 and checked["refused"] > 20 and checked["challenge"] > 0, checked


def test_an_undo_that_cannot_be_saved_is_not_made(monkeypatch):
    session = Session.new("Ann", ["greedy"], seed=4, name="full")
    choice = a_plain_play(session)
    session.apply(choice)
    after = state(session)

    def refuse(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(UndoRefused, match=r"it could not be saved .*No space left"):
        session.undo()
    assert state(session) == after and session.is_saved and session.undos == ()
    monkeypatch.undo()
    session.close()


def test_an_undo_against_another_person_is_refused():
    session = Session.new("Ann", ["greedy"], seed=4, name="people")
    session.seats = (session.seats[0], session.seats[1]._replace(kind="human"))
    with pytest.raises(UndoRefused, match="against bots only"):
        session.undo()
    session.close()


def test_undos_are_counted_in_the_statistics():
    session = Session.new("Ann", ["greedy", "challenger"], seed=4, name="counted", target=60)
    session.apply(a_plain_play(session))
    session.undo()
    play(session)
    session.close()
    assert session.match.is_over
    with stats.open_store().store as store:
        assert stats.summarize(store).undos == 1
        recorded = store.dump()
    assert saves.load_game("counted").undos == session.undos
    os.remove(stats.store_path())
    stats.rebuild()  # the undo is read from the save as it was recorded
    with stats.open_store().store as store:
        assert store.dump() == recorded
