"""Undo against bots: back to the same decision, never past what was hidden, saved and loadable."""

from __future__ import annotations

import errno
import os
import pickle
from collections import Counter

import pytest

import ai
import saves
from ai.driver import Driver
from unokart_tui.engine import (
    CardPlayed,
    CardsDrawn,
    CardTurned,
    CatchUno,
    ChallengeResolved,
    Draw,
    HandsPassed,
    HandsSwapped,
    HouseRules,
    JumpIn,
    Match,
    PileReshuffled,
    SayUno,
)
from unokart_tui.history import stats
from unokart_tui.history.timeline import Timeline, play_again
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.table.undo import UndoRefused, plan_undo, undo_refusal

from .play import a_plain_play, play, to_the_players_turn


def state(session: Session) -> bytes:
    """Everything about the match that play depends on, random state included."""
    match = session.match
    return pickle.dumps((match.round, match.scores, match.history, match.round_number))


def seen(match) -> tuple:
    """Everything the player may know of the match: their view (hand, piles' sizes, history), scores, round."""
    return match.view(HUMAN), match.scores, match.history, match.round_number


def unseen(match) -> Counter:
    """The cards the player cannot place: the draw pile and the other hands."""
    round_ = match.round
    return Counter(round_.draw_pile) + sum((Counter(h) for s, h in enumerate(round_.hands) if s != HUMAN), Counter())


def test_an_undo_returns_to_the_same_decision_and_the_save_loads_and_plays_on():
    session = Session.new("Ann", ["greedy", "challenger"], seed=4, name="undo")
    choice = a_plain_play(session)
    before, legal = state(session), session.match.legal_actions()
    session.apply(choice)
    plan = session.undo()  # only the player acted, and nothing came out of hiding: no shuffle
    assert plan.decision == choice and plan.taken_back == (choice,) and not plan.shuffled
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


def test_an_undo_after_the_bots_moves_shuffles_what_the_player_cannot_see():
    """Issue 34: the bots' moves are taken back too, and what they showed is hidden again."""
    session = Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=2, name="undo", target=5000)
    choice = a_plain_play(session)
    before, pool, legal = seen(session.match), unseen(session.match), session.match.legal_actions()
    hidden = [session.match.round.hands[1:], session.match.round.draw_pile]
    session.apply(choice)
    to_the_players_turn(session)
    plan = session.undo()
    assert plan.shuffled and plan.taken_back[0] == choice and len(plan.taken_back) >= 3
    assert seen(session.match) == before and unseen(session.match) == pool
    assert session.match.legal_actions() == legal
    assert [session.match.round.hands[1:], session.match.round.draw_pile] != hidden
    assert plan.words().endswith(
        "The cards you have not seen, in the draw pile and the other hands, are shuffled again, "
        "so the cards you saw since are hidden anew."
    )
    session.close()
    loaded = Session.load("undo")  # the shuffle is in the save: the position it leads to is the table's
    assert state(loaded) == state(session) and loaded.match.unseen_shuffles == session.match.unseen_shuffles
    loaded.close()


def test_the_players_own_draw_is_undone_and_the_card_goes_back_among_the_unseen():
    """Issue 34: "Cannot undo: a draw moves hidden cards" no more; the card drawn is not waiting on top."""
    tops = set()
    for seed in range(8):
        session = Session.new("Ann", ["greedy", "challenger"], seed=4, name=f"drew{seed}")
        to_the_players_turn(session)
        before = seen(session.match)
        drawn = session.apply(Draw())
        card = next(e for e in drawn if isinstance(e, CardsDrawn)).cards[0]
        plan = plan_undo(session.match, HUMAN, seed=seed)
        assert plan.decision == Draw() and plan.shuffled and seen(plan.match) == before
        assert plan_undo(session.match, HUMAN, seed=seed).match.round == plan.match.round  # the seed decides
        tops.add(plan.match.round.draw_pile[0])
        assert unseen(plan.match)[card] == unseen(session.match)[card] + 1  # back among the cards unseen
        session.close()
    assert len(tops) > 1  # after an undo the next draw is not the card already seen


def refusals(match) -> str | None:
    return undo_refusal(match, HUMAN)


@pytest.mark.slow
def test_undo_is_refused_exactly_where_it_cannot_be_honest_and_hides_what_was_seen_otherwise():
    """At each decision of the player in seeded matches (H4 and challenges included): the undo is refused
    iff what it takes back showed the player a whole hidden hand (their challenge, a swap or pass of theirs)
    or the round is over; otherwise it returns to the player's view of the decision, and shuffles the unseen
    cards exactly when a bot acted or a card came out of hiding since."""
    counts = Counter()
    for seed in range(3):
        rules = HouseRules.preset("party")
        session = Session.new(
            "Ann", ["greedy", "challenger", "item-hoarder"], seed=seed, name=f"u{seed}", target=250, rules=rules
        )
        driver = Driver({**session.bots, HUMAN: ai.make_bot("challenger", seed=7)})
        events: list = []
        actors: list[int] = []
        decided = False  # the player decided in this round
        while not session.match.is_over:
            if session.match.round.is_over:
                refusal = refusals(session.match)
                assert refusal == "The round is over: every hand has been shown, so it cannot be undone."
                with pytest.raises(UndoRefused, match="The round is over"):
                    plan_undo(session.match, HUMAN)
                session.next_round()
                decided = False
                continue
            step = driver.next_step(session.match.round)
            if step.seat == HUMAN and not isinstance(step.action, SayUno):  # a jump-in, a catch: moves too
                events, actors, decided = [], [], True
                before, pool = seen(session.match), unseen(session.match)
            events += session.match.apply(step.action)  # what undo reads is the match: no save at every move
            actors.append(step.seat)
            if not decided or session.match.round.decider != HUMAN or session.match.round.is_over:
                continue
            shown = [
                e
                for e in events
                if (isinstance(e, ChallengeResolved) and e.challenger == HUMAN)
                or (isinstance(e, HandsSwapped) and HUMAN in (e.seat, e.other))
                or isinstance(e, HandsPassed)
            ]
            refusal = refusals(session.match)
            if shown:
                assert refusal is not None and refusal.startswith("You cannot undo this: ") and refusal.endswith(".")
                assert "since:" not in refusal
                counts["refused " + type(shown[0]).__name__] += 1
                continue
            assert refusal is None
            plan = plan_undo(session.match, HUMAN, seed=seed)
            assert seen(plan.match) == before and unseen(plan.match) == pool
            came_out = any(
                isinstance(e, (CardTurned, PileReshuffled)) or (isinstance(e, CardsDrawn) and e.cards) for e in events
            )
            assert plan.shuffled == (came_out or any(seat != HUMAN for seat in actors))
            counts["shuffled" if plan.shuffled else "exact"] += 1
            counts["after a bot's challenge"] += any(isinstance(e, ChallengeResolved) for e in events)
        session.close()
    assert counts["shuffled"] > 20 and counts["exact"] > 0 and counts["after a bot's challenge"] > 0, counts
    assert counts["refused ChallengeResolved"] and counts["refused HandsSwapped"] and counts["refused HandsPassed"], (
        counts
    )


def test_the_hand_the_player_handed_over_stays_where_they_know_it_is_h4():
    """The shuffle keeps what the player knows: the hand their 7 gave away, less what was played from it since."""
    session = Session.new("Ann", ["greedy", "greedy", "greedy"], seed=0, name="swap", rules=HouseRules.preset("party"))
    driver = Driver({**session.bots, HUMAN: ai.make_bot("greedy", seed=3)})
    given: tuple[int, Counter] | None = None  # the seat the player's hand went to, and what of it is left
    decisions = 0
    for _ in range(5000):
        round_ = session.match.round
        if round_.is_over:
            session.next_round()
            given, decisions = None, 0
            continue
        step = driver.next_step(round_)
        if step.seat == HUMAN and not step.reaction:
            decisions += 1
            if given is not None and decisions >= 3 and given[1]:
                break
        events = session.apply(step.action)
        for event in events:
            if isinstance(event, HandsSwapped) and HUMAN in (event.seat, event.other):
                other = event.other if event.seat == HUMAN else event.seat
                given, decisions = (other, Counter(session.match.round.hands[other])), 0
            elif isinstance(event, HandsPassed):
                given = None
            elif isinstance(event, CardPlayed) and given is not None and event.seat == given[0]:
                given[1][event.card] -= 1
                given = (given[0], +given[1])
        if given is not None and given[0] != HUMAN and not set(given[1]) <= set(session.match.round.hands[given[0]]):
            given = None  # a later swap moved it on: this test wants the simple case
    else:
        raise AssertionError("no swap of the player's in 5000 actions")
    other, left = given
    to_the_players_turn(session)
    session.apply(next(a for a in session.match.legal_actions()))
    to_the_players_turn(session)
    plan = plan_undo(session.match, HUMAN, seed=1)
    assert plan.shuffled
    known = Counter(plan.match.unseen_shuffles[-1].known[other])
    assert known and known == left  # the hand given, less what was played from it
    assert not known - Counter(plan.match.round.hands[other])
    # Found in play: "the other hands are shuffled again", though the cards known stay where they are.
    assert plan.known_kept and "the cards you know the others hold stay in their hands" in plan.words()
    assert "The draw pile and the other hands are shuffled again" not in plan.words()
    session.close()


def test_every_position_of_a_replay_is_the_match_as_it_was_played_shuffles_and_all():
    """The timeline (replay, export) applies each shuffle at its point, its snapshots included."""
    match = Match.new(["Ann", "Mario", "Luigi"], seed=9, target=10**6)
    driver = Driver({seat: ai.make_bot("greedy", seed=seat) for seat in range(3)})
    for seed in (1, 2):
        for _ in range(12 if seed == 1 else 40):  # past a snapshot (SNAPSHOT_EVERY actions)
            if match.round.is_over:
                match.next_round()
            match.apply(driver.next_step(match.round).action)
        while match.round.decider != HUMAN or match.round.is_over:
            if match.round.is_over:
                match.next_round()
            match.apply(driver.next_step(match.round).action)
        match.apply(match.round.legal_actions()[0])
        while match.round.decider != HUMAN:
            match.apply(driver.next_step(match.round).action)
        match = plan_undo(match, HUMAN, seed=seed).match
    for _ in range(50):
        if match.round.is_over:
            break
        match.apply(driver.next_step(match.round).action)
    assert len(match.unseen_shuffles) == 2
    played = [pickle.dumps(step.match.round) for step in play_again(match)]
    timeline = Timeline(match)
    assert len(timeline) == len(played)
    for number in reversed(range(len(timeline))):  # from the end: snapshots are taken as positions are asked for
        assert timeline.position(number).round == pickle.loads(played[number])


def test_an_undo_that_cannot_be_saved_is_not_made(monkeypatch):
    session = Session.new("Ann", ["greedy"], seed=4, name="full")
    choice = a_plain_play(session)
    session.apply(choice)
    after = state(session)

    def refuse(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(UndoRefused, match=r"The undo could not be saved .*No space left.*so it was not made"):
        session.undo()
    assert state(session) == after and session.is_saved and session.undos == ()
    monkeypatch.undo()
    session.close()


def test_an_undo_against_another_person_is_refused():
    session = Session.new("Ann", ["greedy"], seed=4, name="people")
    session.seats = (session.seats[0], session.seats[1]._replace(kind="human"))
    with pytest.raises(UndoRefused, match="Undo is for matches against bots only"):
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


def the_players_reaction(kind: type, seeds=range(12)):
    """A party-rules session where the player (a seeded bot) reacted with a ``kind`` (H5, U2), bots acted
    after it, and the player decides again in the same round: (session, the reaction, the view before it)."""
    for seed in seeds:
        rules = HouseRules.preset("party")
        session = Session.new("Ann", ["greedy", "challenger", "item-hoarder"], seed=seed, name=f"r{seed}", rules=rules)
        driver = Driver({**session.bots, HUMAN: ai.make_bot("greedy", seed=seed)})
        reaction = before = None
        for _ in range(600):
            round_ = session.match.round
            if round_.is_over:
                break
            if reaction is not None and round_.decider == HUMAN:
                if refusals(session.match) is None:
                    return session, reaction, before
                reaction = None
            step = driver.next_step(round_)
            if step.seat == HUMAN and isinstance(step.action, kind):
                reaction, before = step.action, seen(session.match)
            elif step.seat == HUMAN and not step.reaction:
                reaction = None  # the player decided again straight after: not the case found in play
            session.apply(step.action)
        session.close()
    raise AssertionError(f"no {kind.__name__} of the player's in the seeds tried")


@pytest.mark.parametrize("kind", [JumpIn, CatchUno])
def test_an_undo_after_the_players_jump_in_or_catch_takes_back_that_move_h5_u2(kind):
    """Found in play: after "Jump-in! You jump in with G8", z took back the player's Yellow Skip of an
    earlier turn and the 10 moves after it. A jump-in (H5) and a catch (U2) are the player's own moves."""
    session, reaction, before = the_players_reaction(kind)
    plan = session.undo()
    assert plan.decision == reaction and plan.taken_back[0] == reaction and plan.shuffled  # bots acted since
    assert seen(session.match) == before  # the table as it was just before the reaction
    assert reaction in session.match.round.reactions(HUMAN)  # and it can be made again, or another chosen
    words = plan.words()
    assert words.startswith("↶ You take back your jump-in with " if kind is JumpIn else "↶ You take back your catch")
    session.close()
    loaded = Session.load(session.name)  # a shuffle made out of turn plays again from the save
    assert state(loaded) == state(session) and loaded.match.unseen_shuffles == session.match.unseen_shuffles
    loaded.close()
