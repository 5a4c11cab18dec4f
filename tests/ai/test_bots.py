"""Bots: the contract, honesty (no hidden information), determinism, and each personality's signature."""

from __future__ import annotations

import random

import pytest

import ai
from ai.driver import Driver
from unokart_tui.engine import (
    Accept,
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    Match,
    Pass,
    Play,
    Round,
    RulesError,
    SayUno,
    full_deck,
)

from ..engine.helpers import position

NAMES = sorted(name for name in ai.BOTS if name != "expert")  # the expert has its own tests, on small budgets


def test_the_four_personalities_are_there():
    assert {"random", "greedy", "challenger", "item-hoarder", "expert"} <= set(ai.BOTS)
    for name, cls in ai.BOTS.items():
        assert cls.name == name
        for param, spec in cls.params_spec().items():
            assert spec.low <= spec.default <= spec.high, param
            assert spec.meaning


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "grumpy"}, "unknown bot 'grumpy'"),
        ({"name": "greedy", "shyness": 1}, "unknown parameter shyness"),
        ({"name": "greedy", "forget_uno": 1.5}, "from 0.0 to 1.0"),
        ({"name": "greedy", "forget_uno": "often"}, "must be a number"),
        ({"name": "greedy", "attack_at": 2.5}, "whole number"),
        ({"name": "greedy", "forget_uno": True}, "must be a number"),
        ({"name": "challenger", "profile": "nightmare"}, "unknown profile 'nightmare'"),
    ],
)
def test_make_bot_rejects_bad_requests_clearly(kwargs, message):
    name = kwargs.pop("name")
    with pytest.raises(ValueError, match=message):
        ai.make_bot(name, **kwargs)


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("grumpy", {}, "unknown bot 'grumpy'"),
        (["greedy"], {}, "unknown bot \\['greedy'\\]"),  # a seat's kind read from a file may be anything
        ("greedy", {"seed": 5}, "unknown parameter seed for the greedy bot"),  # not make_bot's seed
        ("greedy", {"profile": "hard"}, "unknown parameter profile"),
        ("greedy", {"forget_uno": 1.5}, "from 0.0 to 1.0"),
    ],
)
def test_parameters_from_a_file_are_checked_as_make_bot_checks_them(name, params, message):
    # Issue 35, finding 9: a save's `params = { seed = 5 }` reached the bot's class as its seed (a TypeError).
    with pytest.raises(ValueError, match=message):
        ai.bot_params(name, params)


def test_good_parameters_from_a_file_are_given_back_as_make_bot_takes_them():
    assert ai.bot_params("greedy", {"forget_uno": 1, "attack_at": 3.0}) == {"forget_uno": 1.0, "attack_at": 3}


def test_keyword_parameters_override_the_profile():
    bot = ai.make_bot("greedy", profile="easy", mistakes=0.0)
    assert bot.params["mistakes"] == 0.0
    assert bot.params["forget_uno"] == 0.35


def mixed_match_decisions(players: int, seed: int, actions: int):
    """Yield (bot, view, legal, action) at every decision of a match played by a mix of bots."""
    rng = random.Random(seed)
    match = Match.new(players, seed=seed, target=10**6)
    bots = [
        ai.make_bot(rng.choice(NAMES), seed=seed + s, profile=rng.choice(["easy", "normal", "hard"]))
        for s in range(players)
    ]
    driver = Driver(bots)
    for _ in range(actions):
        if match.is_over:
            return
        if match.round.is_over:
            match.next_round()
            continue
        round_ = match.round
        step = driver.next_step(round_)
        assert step is not None  # every seat is a bot
        if not step.reaction:
            yield bots[step.seat], round_.view(step.seat), round_.legal_actions(), step.action
        match.apply(step.action)  # raises if a bot's decision or reaction were not legal


@pytest.mark.parametrize("players", range(2, 11))
def test_bots_only_ever_choose_legal_actions(players):
    count = 0
    for seed in range(3):
        for _bot, _view, legal, action in mixed_match_decisions(players, seed, 700):
            assert action in legal
            count += 1
    assert count > 1000


def test_same_seed_same_decisions_and_a_loaded_bot_decides_alike():
    first = [action for *_, action in mixed_match_decisions(4, 11, 400)]
    again = [action for *_, action in mixed_match_decisions(4, 11, 400)]
    assert first == again
    view = Match.new(3, seed=2).view(0)
    legal = Match.new(3, seed=2).legal_actions()
    decisions = {ai.make_bot("random", seed=5).choose(view, legal) for _ in range(20)}
    assert len(decisions) == 1  # no hidden state: a fresh bot with the seed decides the same


def test_a_bot_cannot_see_hidden_cards():
    """Two tables that differ only in what seat 0 may not see give seat 0 the same view and decision."""
    mine = "R5 G7 B2 W+4 YS"
    a = position(mine, "G1 G2 G3 Y9", "B5 B6", draw="R1 R2 R3 WI", discard="R9", current=0)
    b = position(mine, "Y9 B6 G3 G2", "R1 G1", draw="WI R3 B5 R2", discard="R9", current=0)
    assert a.view(0) == b.view(0)
    for name in NAMES:
        for seed in range(5):
            bot = ai.make_bot(name, seed=seed)
            assert bot.choose(a.view(0), a.legal_actions()) == bot.choose(b.view(0), b.legal_actions())


def test_a_view_holds_no_way_back_to_the_round():
    view = Match.new(3, seed=1).view(0)
    values = view._asdict().values()
    assert len(values) >= 19
    assert not any(isinstance(value, (Round, Match)) for value in values)


# ---------------------------------------------------------------- signatures


def choose(name, round_, seat=None, **params):
    seat = round_.decider if seat is None else seat
    return ai.make_bot(name, seed=1, **params).choose(round_.view(seat), round_.legal_actions())


def test_random_draws_only_without_a_playable_card_and_plays_what_it_draws():
    assert choose("random", position("R5 G2", "Y1", discard="B9")) == Draw()
    round_ = position("R5 B2 G1 B3", "Y1", draw="B7", discard="B9")
    plays = {ai.make_bot("random", seed=s).choose(round_.view(0), round_.legal_actions()) for s in range(40)}
    assert plays == {Play(Card.parse("B2")), Play(Card.parse("B3"))}  # both playable cards, never a draw
    drawn = position("R5 G2", "Y1", draw="B7", discard="B9")
    drawn.apply(Draw())
    assert choose("random", drawn) == Play(Card.parse("B7"))


def test_random_always_says_uno():
    round_ = position("R5 R6", "Y1 Y2", discard="R9")
    for seed in range(20):
        action = ai.make_bot("random", seed=seed).choose(round_.view(0), round_.legal_actions())
        assert isinstance(action, Play) and action.uno


def test_greedy_sheds_the_costliest_card_and_keeps_its_wild_as_the_finisher():
    round_ = position("R2 R9 RS WI Y1", "Y1 Y2 Y3 Y4 Y5", discard="R5")
    assert choose("greedy", round_) == Play(Card.parse("RS"))


def test_greedy_hits_a_next_player_close_to_going_out():
    round_ = position("R9 R+2 G1 B1", "Y1 Y2", "Y3 Y4 Y5 Y6", discard="R5")
    assert choose("greedy", round_) == Play(Card.parse("R+2"))


def test_greedy_picks_the_colour_it_holds_most():
    round_ = position("W+4 B1 B2 G3 B4", "Y1 Y2 Y3 Y4", discard="R5")
    action = choose("greedy", round_, wilds_at=10)
    assert action == Play(Card.parse("W+4"), Color.BLUE)


def _wild_four_waiting(player_hand: str) -> Round:
    round_ = position(player_hand, "Y1 Y2 Y3", draw="B1 B2 B3 B4 B5 B6", discard="G9")
    round_.apply(Play(Card.parse("W+4"), Color.RED))
    return round_


def test_challenger_challenges_a_big_hand_and_accepts_a_small_one():
    assert choose("challenger", _wild_four_waiting("W+4 " + "R1 R2 R3 R4 R5 R6 R7 R8 Y5 Y6 Y7")) == Challenge()
    assert choose("challenger", _wild_four_waiting("W+4 R1")) == Accept()


def test_challenger_remembers_a_hand_it_was_shown():
    round_ = position("W+4 G2 W+4 R5", "Y1 Y2 Y3", "Y4 Y5", draw="B1 B2 B3 B4 B5 B6 B7 B8 B9", discard="G9")
    round_.apply(Play(Card.parse("W+4"), Color.RED))
    round_.apply(Challenge())  # seat 1 sees G2 W+4 R5: guilty (C2); red is now the colour
    assert round_.view(1).revealed[0] == tuple(Card.parse(c) for c in ("G2", "W+4", "R5"))
    round_.apply(Draw())  # seats 1 and 2 have no red and draw a blue each
    round_.apply(Draw())
    round_.apply(Play(Card.parse("W+4"), Color.BLUE))  # on red, still holding the R5 seat 1 saw
    assert round_.decider == 1
    # With challenge_above at 1.0 its estimate never calls a bluff: only the hand it saw can.
    bot = ai.make_bot("challenger", seed=1, challenge_above=1.0)
    view = round_.view(1)
    assert bot.choose(view, round_.legal_actions()) == Challenge()
    assert bot.choose(view._replace(revealed={}), round_.legal_actions()) == Accept()


def test_challenger_plays_its_wild_draw_four_honestly_and_bluffs_only_when_safe():
    wild_draw_four = Card.parse("W+4")
    honest = position("W+4 R1 R2 R3", "Y1", "Y2 Y3", discard="G9")
    assert choose("challenger", honest).card == wild_draw_four
    # It holds G1, so a Wild Draw Four on G9 is a bluff (C1); the next player is on one card.
    guilty = position("W+4 G1 R2 R3 R4 R6 R7", "Y1", "Y2 Y3", discard="G9")
    assert choose("challenger", guilty, bluff_below=0.0).card != wild_draw_four  # never safe enough
    assert choose("challenger", guilty, bluff_below=1.0).card == wild_draw_four  # always safe enough
    # To the next player its six other cards come from 110 unseen, 24 of them green: they hold
    # green 78% of the time, so the bluff is made when that suspicion is below bluff_below.
    assert choose("challenger", guilty, bluff_below=0.8).card == wild_draw_four
    assert choose("challenger", guilty, bluff_below=0.75).card != wild_draw_four


def test_item_hoarder_holds_its_item_box_with_a_big_hand():
    round_ = position("WI R1 R2 G3 B4 Y5 Y6", "Y1 Y2 Y3 Y4 Y5 Y6", "B1 B2 B3 B5 B6 B7", discard="R9")
    assert choose("item-hoarder", round_, jackpot_edge=2.0).card != Card.parse("WI")


def test_item_hoarder_plays_its_item_box_when_an_opponent_is_on_one_card():
    round_ = position("WI R1 R2 G3 B4 Y5 Y6", "Y1 Y2 Y3 Y4 Y5 Y6", "B1", discard="R9")
    assert choose("item-hoarder", round_, min_edge=-2.0) == Play(Card.parse("WI"))


def test_item_hoarder_knows_the_odds_of_the_turned_card():
    bot = ai.make_bot("item-hoarder")
    # Every yellow, green and blue card is on the discard pile: a box could only turn red or a wild.
    colours = " ".join(str(c) for c in full_deck() if c.color in (Color.YELLOW, Color.GREEN, Color.BLUE))
    bleak = position("WI R1", "R2 R3", draw="R4 R5 R6", discard=colours)
    fresh = position("WI R1", "R2 R3", draw="R4 R5 R6", discard="R9")
    assert bot.item_box_edge(bleak.view(0)) < -0.5
    assert abs(bot.item_box_edge(fresh.view(0))) < 0.1
    # With an empty draw pile the box turns a reshuffled discard: those odds are known exactly.
    reshuffled = position("WI R1", "R2 R3", discard=colours)
    assert bot.item_box_edge(reshuffled.view(0)) > 0.5


def test_uno_habits_follow_the_parameters():
    round_ = position("R5 R6", "Y1 Y2", "Y3", discard="R9")
    assert choose("greedy", round_, forget_uno=0.0).uno
    assert not choose("greedy", round_, forget_uno=1.0).uno
    round_.apply(Play(Card.parse("R5")))  # seat 0 forgot
    assert ai.make_bot("greedy", catch_chance=1.0).react(round_.view(2)) == CatchUno(2)
    assert ai.make_bot("greedy", catch_chance=0.0).react(round_.view(2)) is None
    assert ai.make_bot("greedy", late_uno=1.0).react(round_.view(0)) == SayUno(0)
    quiet = position("R5 R6 R7", "Y1 Y2", discard="R9")
    assert ai.make_bot("greedy", catch_chance=1.0).react(quiet.view(1)) is None


def test_mistakes_are_still_legal():
    for _bot, _view, legal, action in mixed_match_decisions(3, 5, 300):
        assert action in legal
    round_ = position("R5 G2 B7 R8", "Y1 Y2", discard="R9")
    legal = round_.legal_actions()
    moves = {ai.make_bot("greedy", seed=s, mistakes=1.0).choose(round_.view(0), legal) for s in range(40)}
    assert moves <= set(legal) and len(moves) > 1


def test_a_drawn_item_box_is_kept_when_it_could_loop_for_ever():
    round_ = position("R5 G2", "Y1 Y2", draw="WI", discard="B9")
    round_.apply(Draw())
    assert round_.view(0).draw_pile_size == 0
    for name in NAMES:
        assert choose(name, round_) == Pass()


def test_an_illegal_answer_would_be_refused_by_the_engine():
    round_ = position("R5 G2", "Y1", discard="B9")
    with pytest.raises(RulesError):
        round_.apply(Play(Card.parse("R5")))
