"""Properties over random legal play, for every player count (2-10)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from itertools import chain

import pytest

from unokart_tui.engine import (
    DECK_COUNTS,
    Accept,
    Action,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    HouseRules,
    Match,
    Pass,
    Phase,
    Play,
    Round,
    RulesError,
    SayUno,
)

from .helpers import _slot_names, made_from, refuse_all_without_change, state_of

PLAYER_COUNTS = range(2, 11)
ACTIONS_PER_COUNT = 3000


def every_conceivable_action(num_players: int) -> list[Action]:
    actions: list[Action] = [Draw(), Pass(), Accept(), Challenge()]
    for card in DECK_COUNTS:
        colors = [*Color, None] if str(card) == "W+4" else [None, Color.RED]
        actions.extend(Play(card, color, uno) for color in colors for uno in (False, True))
    actions.extend(ChooseColor(color) for color in Color)
    for seat in range(-1, num_players + 1):
        actions.extend([ChooseTarget(seat), SayUno(seat), CatchUno(seat)])
    return actions


def accepted_now(round_: Round) -> set[Action]:
    """What ``apply`` must accept: the legal actions, UNO with any play, and the UNO calls."""
    legal = set(round_.legal_actions())
    legal |= {Play(a.card, a.color, True) for a in legal if isinstance(a, Play)}
    if round_.exposed is not None:
        legal.add(SayUno(round_.exposed))
        legal |= {CatchUno(seat) for seat in range(round_.num_players) if seat != round_.exposed}
    return legal


def card_count(round_: Round) -> dict[Card, int]:
    """How often each card is in the round; a dict, compared with ``DECK`` as a dict is (Counter's ``==`` is slow)."""
    return dict(Counter(chain(round_.draw_pile, round_.discard, *round_.hands)))


DECK = dict(DECK_COUNTS)


def random_step(match: Match, rng: random.Random) -> list:
    """One random legal action, sometimes an UNO call first; deals the next round when needed."""
    round_ = match.round
    if round_.is_over:
        return match.next_round()
    if round_.exposed is not None and rng.random() < 0.3:
        seat = rng.randrange(round_.num_players)
        call = SayUno(seat) if seat == round_.exposed else CatchUno(seat)
        return match.apply(call)
    return match.apply(rng.choice(round_.legal_actions()))


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_cards_conserved_decider_can_act_and_illegal_actions_change_nothing(players):
    rng = random.Random(players)
    match = Match.new(players, seed=players * 101, target=10**9)
    conceivable = every_conceivable_action(players)
    for _ in range(ACTIONS_PER_COUNT):
        round_ = match.round
        assert card_count(round_) == DECK  # all 112 cards, each as often as the deck has it
        if not round_.is_over:
            assert round_.legal_actions(), "the decider must always have an action"
            accepted = accepted_now(round_)
            illegal = [a for a in rng.sample(conceivable, 12) if a not in accepted]
            refuse_all_without_change(round_, illegal[:3])
        random_step(match, rng)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_same_seed_same_actions_same_events(players):
    def play_out(seed: int) -> list:
        rng = random.Random(7)
        match = Match.new(players, seed=seed, target=300)
        stream = list(match.start_events)
        while not match.is_over:
            stream.extend(random_step(match, rng))
        return stream

    first = play_out(1234)
    assert first == play_out(1234)
    assert first != play_out(1235)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_match_always_ends_with_one_winner_at_or_above_the_target(players):
    for seed in range(3):
        rng = random.Random(seed)
        match = Match.new(players, seed=seed, target=250)
        while not match.is_over:
            random_step(match, rng)
        assert match.winner is not None
        assert match.scores[match.winner] >= 250
        assert [s >= 250 for s in match.scores].count(True) == 1


def test_a_view_holds_only_what_the_seat_may_know():
    match = Match.new(4, seed=3)
    view = match.view(2)
    assert view.hand == match.round.hands[2]
    assert view.hand_sizes == tuple(len(h) for h in match.round.hands)
    assert view.draw_pile_size == len(match.round.draw_pile)
    fields = view._asdict()
    assert {"hand", "hand_sizes", "top_card", "discard", "revealed"} <= fields.keys()
    assert not any(isinstance(value, (Round, Match)) for value in fields.values())
    other_hands = [match.round.hands[s] for s in (0, 1, 3)]
    assert not any(value in other_hands for value in fields.values() if isinstance(value, tuple) and value)
    assert "draw_pile" not in fields


def test_a_view_is_a_snapshot():
    match = Match.new(2, seed=3)
    seat = match.round.decider
    view = match.view(seat)
    match.apply(Draw())
    assert len(match.round.hands[seat]) == len(view.hand) + 1
    assert view.draw_pile_size == len(match.round.draw_pile) + 1
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]


def test_a_match_without_a_seed_gets_a_short_one_that_deals_it_again():
    match = Match.new(4)
    assert 0 <= match.seed < 1_000_000  # short enough to read in the log and type after --seed
    again = Match.new(4, seed=match.seed)
    assert again.round.hands == match.round.hands
    assert again.start_events == match.start_events


class Leaky:
    """A round whose refusals of "spill" leave a mark: what the property tests' check must catch."""

    def __init__(self) -> None:
        self.marks: list[str] = []

    def apply(self, action: str) -> None:
        if action == "legal":
            return
        if action == "spill":
            self.marks.append(action)
        raise RulesError(action)


def test_the_check_of_refusals_names_the_one_that_changed_the_round():
    refuse_all_without_change(Leaky(), ["keep", "keep"])  # refused, nothing changed: passes
    with pytest.raises(AssertionError, match=r"\['spill'\] changed the round"):
        refuse_all_without_change(Leaky(), ["keep", "spill", "keep"])
    with pytest.raises(pytest.fail.Exception, match="DID NOT RAISE"):  # an action that is not refused
        refuse_all_without_change(Leaky(), ["keep", "legal"])


def rounds_in_every_phase() -> list[Round]:
    """Rounds of random play under the chaos preset: every phase, hands shown (C1, H4), a Wild Draw Four waiting."""
    found: dict[object, Round] = {}
    rng = random.Random(3)
    match = Match.new(4, seed=3, target=10**9, rules=HouseRules.preset("chaos"))
    for _ in range(3000):
        round_ = match.round
        key = (round_.phase, bool(round_._revealed), bool(round_._handed), round_._challenge is not None)
        found.setdefault(key, round_.copy())
        if round_.is_over:
            match.next_round()
        else:  # a card when one goes, for rounds that end
            legal = round_.legal_actions()
            match.apply(rng.choice([action for action in legal if isinstance(action, Play)] or legal))
    assert {round_.phase for round_ in found.values()} == set(Phase)
    return list(found.values())


def test_the_state_of_a_round_is_all_its_pickle_says_and_makes_it_again():
    for round_ in rounds_in_every_phase():
        again = made_from(state_of(round_))
        assert again is not round_ and pickle.dumps(again) == pickle.dumps(round_)
        assert state_of(again) == state_of(round_)
        for name in _slot_names(Round):  # every field counts: none is left out of the state
            changed = made_from(state_of(round_))
            object.__setattr__(changed, name, ("not", "what", "it", "held"))
            assert state_of(changed) != state_of(round_), name


CHANGES_DEEP_INSIDE = {
    "a card from one hand to another": lambda r: r._hands[1].append(r._hands[0].pop()),
    "two cards of the draw pile swapped": lambda r: r._draw.insert(0, r._draw.pop()),
    "a card of the discard pile": lambda r: r._discard.__setitem__(0, Card.parse("W+4")),
    "the random generator moved on": lambda r: r._rng.random(),
    "an action added to the history": lambda r: r._history.append((0, Draw())),
    "an action of the history changed": lambda r: r._history.__setitem__(0, (1, r._history[0][1])),
    "a start event's field": lambda r: setattr(r.start_events[0], "dealer", 7),
}


@pytest.mark.parametrize("change", list(CHANGES_DEEP_INSIDE))
def test_the_state_of_a_round_shows_a_change_deep_inside_it(change):
    round_ = Match.new(3, seed=5).round
    round_.apply(Draw())
    before = state_of(round_)
    CHANGES_DEEP_INSIDE[change](round_)
    assert state_of(round_) != before
    assert state_of(made_from(before)) == before  # the state before makes that round again
