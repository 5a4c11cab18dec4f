"""The expert: honest (it decides from its view only), deterministic, legal under every house rule.

Every test uses a small search budget (a few deals, short playouts): the behaviour is the
same at any budget, only its strength differs.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ai
import saves
from ai.driver import Driver
from ai.expert import ExpertBot, inference, opponents
from unokart_tui.engine import (
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    HouseRules,
    JumpIn,
    Match,
    Phase,
    Play,
    Round,
    SayUno,
    determinize,
)

from ..strategies import house_rules

SMALL = {"samples": 3, "depth": 4}


def expert(seed: int = 1, **params: object) -> ExpertBot:
    bot = ai.make_bot("expert", seed=seed, **{**SMALL, **params})
    assert isinstance(bot, ExpertBot)
    return bot


def positions(rules: HouseRules, players: int, seed: int, steps: int):
    """Positions of random play (reactions included), each yielded before its action."""
    round_ = Round.deal(players, dealer=seed % players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if round_.is_over:
            return
        yield round_
        actions = round_.legal_actions() + [a for seat in range(players) for a in round_.reactions(seat)]
        round_.apply(rng.choice(actions))


def test_the_expert_is_a_bot_like_the_others():
    assert ai.BOTS["expert"] is ExpertBot
    quick, full = ai.make_bot("expert", profile="expert-quick"), ai.make_bot("expert")
    assert quick.params["samples"] < full.params["samples"]
    assert full.params["forget_uno"] == 0.0 and full.params["catch_chance"] == 1.0


def test_the_expert_never_reads_hidden_cards():
    """Tables that differ only in what the expert may not see (other hands, the pile's order) get the same move."""
    bot = expert(samples=4)
    checked = 0
    for preset in ("official", "party"):
        for real in positions(HouseRules.preset(preset), 3, 4, 120):
            seat = real.decider
            view = real.view(seat)
            other = determinize(view, random.Random(checked), quiet=False)  # another table behind the same view
            assert other.view(seat) == view
            if other.hands == real.hands and other.draw_pile == real.draw_pile:
                continue
            assert bot.choose(view, real.legal_actions()) == bot.choose(other.view(seat), other.legal_actions())
            assert bot.react(view) == bot.react(other.view(seat))
            checked += 1
    assert checked > 100


def test_the_same_seed_decides_the_same_and_a_loaded_match_plays_on_identically():
    match = Match.new(["Ann", "Bob"], seed=3)
    bots = [expert(seed=10), ai.make_bot("challenger", seed=11)]
    driver = Driver(bots)
    for _ in range(25):
        if match.round.is_over:
            break
        step = driver.next_step(match.round)
        assert step is not None
        match.apply(step.action)
    loaded = saves.loads(saves.dumps(match))
    fresh = Driver([expert(seed=10), ai.make_bot("challenger", seed=11)])
    for _ in range(40):
        if match.round.is_over:
            break
        step, again = driver.next_step(match.round), fresh.next_step(loaded.round)
        assert step == again
        assert step is not None
        match.apply(step.action)
        loaded.apply(step.action)


def test_a_different_seed_may_decide_otherwise_but_each_seed_is_stable():
    round_ = Round.deal(2, dealer=0, seed=21)
    view, legal = round_.view(round_.decider), round_.legal_actions()
    assert len({expert(seed=7).choose(view, legal) for _ in range(3)}) == 1


@settings(max_examples=25, deadline=None)
@given(rules=house_rules(), players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_the_expert_answers_every_decision_legally_under_any_house_rules(rules, players, seed, steps):
    bot = expert(seed=seed)
    seen = list(positions(rules, players, seed, steps))  # one round, played on after each yield
    if not seen or seen[-1].is_over:
        return
    round_ = seen[-1]
    legal = round_.legal_actions()
    assert bot.choose(round_.view(round_.decider), legal) in legal
    for seat in range(players):
        reaction = bot.react(round_.view(seat))
        assert reaction is None or reaction in round_.reactions(seat)


def test_every_kind_of_decision_is_answered_legally():
    """Play or draw, a drawn card, colours, targets, challenges, stacks, 7-0 swaps and jump-ins (H1-H5)."""
    seen: set[object] = set()
    bot = expert()
    for preset in ("official", "party", "chaos"):
        for seed in range(6):
            for round_ in positions(HouseRules.preset(preset), 3, seed, 200):
                kind = (round_.phase, round_.choice_for)
                legal = round_.legal_actions()
                if kind not in seen and len(legal) > 1:
                    seen.add(kind)
                    assert bot.choose(round_.view(round_.decider), legal) in legal
                for seat in range(3):
                    reaction = bot.react(round_.view(seat))
                    if reaction is not None:
                        assert reaction in round_.reactions(seat)
                        seen.add(type(reaction))
    wanted = {
        (Phase.PLAY, None),
        (Phase.DRAWN, None),
        (Phase.CHALLENGE, None),
        (Phase.STACK, None),
        (Phase.CHOOSE_COLOR, "bob-omb"),
        (Phase.CHOOSE_TARGET, "green-shell"),
        (Phase.CHOOSE_TARGET, "seven"),
        SayUno,
        CatchUno,
        JumpIn,
    }
    assert wanted <= seen


def test_it_always_says_uno_and_catches_at_once():
    round_ = Round.from_position([["R5", "R6"], ["G1", "G2", "G3"]], ["B3", "B4"], ["R9"], current=0)
    action = expert().choose(round_.view(0), round_.legal_actions())
    assert isinstance(action, Play) and action.uno  # U1
    round_ = Round.from_position([["R5", "B6", "Y1"], ["G1", "R2"]], ["B3", "B4"], ["R9"], current=1)
    round_.apply(Play(Card.parse("R2")))  # seat 1 forgets UNO (U2)
    assert expert().react(round_.view(0)) == CatchUno(0)
    assert expert().react(round_.view(1)) == SayUno(1)


def test_it_challenges_only_when_a_bluff_is_likely():
    small = Round.from_position([["B1", "B2"], ["W+4", "G5"]], ["Y2", "Y3", "Y4", "Y5"], ["R9"], current=1)
    small.apply(Play(Card.parse("W+4"), Color.GREEN))
    assert not expert().should_challenge(small.view(0))  # a one-card hand rarely held red: C3 would cost six
    big = "W+4 G1 G2 G3 G4 B5 B6 B7 B8 Y9"
    large = Round.from_position([["B1", "B2"], big.split()], ["Y2", "Y3", "Y4", "Y5"], ["R9"], current=1)
    large.apply(Play(Card.parse("W+4"), Color.GREEN))
    assert expert(bluff_rate=0.5).should_challenge(large.view(0))  # nine cards and no red? unlikely
    assert Challenge() in large.legal_actions()


def _second_wild_draw_four(bluffed: bool) -> Round:
    """Seat 1's Wild Draw Four is challenged by seat 2 (a bluff if it held red, C2; honest if not, C3);
    after a Reverse, seat 1 plays another, and seat 0 — which never saw that hand, and holds two cards — must answer."""
    opponent = "W+4 W+4 G1 G2 G3 G4 B5 B6 B7 B8 Y9" + (" R1" if bluffed else "")
    round_ = Round.from_position(
        [["GR", "B2", "Y3"], opponent.split(), ["G5", "G6", "G8", "B1", "B3"]],
        ["Y1", "Y2", "B4", "B9", "Y6", "Y7", "Y8", "R2", "R3", "R4"],
        ["R9"],
        current=1,
    )
    round_.apply(Play(Card.parse("W+4"), Color.GREEN))
    round_.apply(Challenge())
    if bluffed:
        round_.apply(Play(Card.parse("G5")))  # C2: the challenger plays on
    round_.apply(Play(Card.parse("GR")))
    round_.apply(Play(Card.parse("G6")))
    round_.apply(Play(Card.parse("W+4"), Color.BLUE))
    assert round_.phase is Phase.CHALLENGE and round_.decider == 0
    return round_


def test_a_challenged_wild_draw_four_tells_how_that_player_bluffs():
    """The same table with and without the public history: what the challenge showed moves the odds (C1-C3)."""
    bot = expert(bluff_rate=0.05, challenge_above=0.34)
    honest = _second_wild_draw_four(bluffed=False).view(0)
    assert opponents.records(honest) == {1: opponents.Record(bluffs=0, honest=1)}
    unknown = honest._replace(public_history=())
    assert bot.bluff_chance(honest) < bot.bluff_chance(unknown)
    assert bot.should_challenge(unknown) and not bot.should_challenge(honest)  # ten cards, but it plays honestly
    bluffed = _second_wild_draw_four(bluffed=True).view(0)
    assert opponents.records(bluffed) == {1: opponents.Record(bluffs=1, honest=0)}
    assert bot.bluff_chance(bluffed) > bot.bluff_chance(bluffed._replace(public_history=()))


def test_a_wild_draw_four_is_suspected_when_it_stops_a_player_near_the_end():
    """Players bluff to stop someone about to go out; otherwise one holding the colour plays it (C1)."""
    bot = expert()
    opponent = ["W+4", "G1", "G2", "G3", "G4", "B5", "B6", "B7", "B8", "Y9"]
    views = []
    for mine in (["B1", "B2"], ["B1", "B2", "B3", "Y4", "Y5"]):
        round_ = Round.from_position([mine, opponent], ["Y2", "Y3", "Y6", "Y7"], ["R9"], current=1)
        round_.apply(Play(Card.parse("W+4"), Color.GREEN))
        views.append(round_.view(0))
    near_out, calm = views
    assert bot.bluff_chance(near_out) > bot.bluff_chance(calm)
    assert bot.should_challenge(near_out) and not bot.should_challenge(calm)


def test_a_draw_tells_what_a_hand_lacks():
    round_ = Round.from_position(
        [["R5", "G6", "B7"], ["Y1", "Y2", "B8"]], ["G1", "Y3", "Y4", "Y5"], ["R9"], current=1, dealer=0
    )
    round_.apply(Draw())  # seat 1 has no red, no 9... and draws G1: not playable, its turn ends
    lacking = inference.cannot_hold(round_.view(0))[1]
    assert Card.parse("R2") in lacking and Card.parse("G9") in lacking and Card.parse("WI") in lacking
    assert Card.parse("Y3") not in lacking
    for seed in range(5):
        hand = determinize(round_.view(0), random.Random(seed), cannot_hold={1: lacking}).hands[1]
        assert not set(hand) & lacking


def test_one_decision_reads_the_history_once(monkeypatch):
    """Issue 36: the search, the shortlist and the colour each walked the whole public history again."""
    walks = [0]
    takers = inference.takers

    def counted(*args, **kwargs):
        walks[0] += 1
        return takers(*args, **kwargs)

    monkeypatch.setattr(inference, "takers", counted)
    decided = 0
    for round_ in positions(HouseRules(), 4, seed=3, steps=120):
        legal = round_.legal_actions()
        plays = {action.card for action in legal if isinstance(action, Play)}
        view = round_.view(round_.decider)
        if round_.phase is not Phase.PLAY or len(plays) < 2 or len(view.public_history) < 8:
            continue
        walks[0] = 0
        bot = expert()
        assert bot.choose(view, legal) in legal
        assert walks[0] == 1
        assert bot.choose(round_.view(round_.decider), legal) in legal  # a new view is read anew
        assert walks[0] == 2
        decided += 1
    assert decided >= 3
