"""One test (or more) per rule of RULES.md, each named after its id, built on positions."""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Accept,
    Card,
    CardsDrawn,
    CardTurned,
    CatchUno,
    Challenge,
    ChallengeResolved,
    ChooseColor,
    ChooseTarget,
    Color,
    DealerChosen,
    Draw,
    DrawReason,
    Match,
    MatchWon,
    Pass,
    Phase,
    PileReshuffled,
    Play,
    PlayerExposed,
    Rank,
    Round,
    RoundWon,
    RulesError,
    SayUno,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
)
from unokart_tui.engine.match import choose_dealer

from .helpers import cards, hand, of_type, position

R, Y, G, B = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


def play(text: str, color: Color | None = None, uno: bool = False) -> Play:
    return Play(Card.parse(text), color, uno)


# ---------------------------------------------------------------- D: set-up


@pytest.mark.parametrize("count", [1, 11, 0, -2])
def test_D1_player_count_outside_2_to_10_is_refused(count):
    with pytest.raises(RulesError):
        Match.new(count, seed=1)
    with pytest.raises(RulesError):
        Round.deal(count, dealer=0, seed=1)


@pytest.mark.parametrize("count", [2, 10])
def test_D1_two_and_ten_players_are_fine(count):
    assert Match.new(count, seed=1).round.num_players == count


def test_D2_highest_number_deals_and_ties_draw_again():
    import random

    for seed in range(300):
        chosen = choose_dealer(6, random.Random(seed))
        assert isinstance(chosen, DealerChosen)
        value = {seat: (card.number or 0) for seat, card in chosen.draws[-1]}
        assert max(value, key=lambda s: (value[s], s == chosen.dealer)) == chosen.dealer
        assert list(value.values()).count(value[chosen.dealer]) == 1
        for earlier in chosen.draws[:-1]:  # a tie: only the tied players draw again
            values = [card.number or 0 for _, card in earlier]
            tied = [seat for seat, card in earlier if (card.number or 0) == max(values)]
            assert len(tied) > 1
        if len(chosen.draws) > 1:
            later = [seat for seat, _ in chosen.draws[1]]
            first_values = {seat: card.number or 0 for seat, card in chosen.draws[0]}
            assert later == [s for s in first_values if first_values[s] == max(first_values.values())]


def test_D2_action_cards_and_wilds_count_as_zero():
    import random

    seen_beaten = seen_tied = False  # an action card or wild lost to a number; tied with a 0 or another at zero
    for seed in range(500):
        chosen = choose_dealer(10, random.Random(seed))
        for number, draws in enumerate(chosen.draws):
            values = {seat: card.number if card.rank.is_number else 0 for seat, card in draws}
            best = max(values.values())
            highest = [seat for seat, value in values.items() if value == best]
            later = chosen.draws[number + 1 :]
            # The highest draw again (only they), or the one highest deals.
            assert ([seat for seat, _ in later[0]] if later else [chosen.dealer]) == highest
            actions = {seat for seat, card in draws if not card.rank.is_number}
            seen_beaten |= bool(actions) and best > 0
            seen_tied |= bool(actions & set(highest)) and len(highest) > 1
    assert seen_beaten and seen_tied


def test_D2_dealer_is_deterministic_for_a_seed():
    assert Match.new(5, seed=42).dealer == Match.new(5, seed=42).dealer
    dealers = {Match.new(5, seed=seed).dealer for seed in range(40)}
    assert len(dealers) > 1


def test_D3_seven_cards_each_and_the_rest_is_the_draw_pile():
    for seed in range(30):
        round_ = Round.deal(4, dealer=2, seed=seed)
        sizes = [len(h) for h in round_.hands]
        first_victim = 3  # D7 may have made the player left of the dealer draw two
        assert all(size == 7 for seat, size in enumerate(sizes) if seat != first_victim)
        assert sizes[first_victim] in (7, 9)
        assert len(round_.draw_pile) + len(round_.discard) + sum(sizes) == 112


def _deal_with_start(rank: Rank, players: int = 4, dealer: int = 1) -> Round:
    for seed in range(10_000):
        round_ = Round.deal(players, dealer=dealer, seed=seed)
        if round_.discard[0].rank is rank:
            return round_
    raise AssertionError(f"no seed starts with {rank}")


def test_D4_a_wild_draw_four_start_card_is_shuffled_back():
    returned = 0
    for seed in range(600):
        round_ = Round.deal(3, dealer=0, seed=seed)
        assert round_.top_card.rank is not Rank.WILD_DRAW_FOUR
        assert len(round_.discard) == 1
        returned += any(type(e).__name__ == "StartCardReturned" for e in round_.start_events)
    assert returned > 0


def test_D5_item_box_start_dealer_chooses_colour_and_no_item():
    round_ = _deal_with_start(Rank.WILD_ITEM_BOX, players=4, dealer=1)
    assert round_.phase is Phase.CHOOSE_COLOR
    assert round_.decider == 1  # the dealer decides
    assert round_.current == 2  # ... for the first player, who is to move
    assert round_.active_color is None
    assert len(round_.discard) == 1  # no item: nothing was turned
    assert all(len(h) == 7 for h in round_.hands)
    round_.apply(ChooseColor(Color.BLUE))
    assert (round_.phase, round_.current, round_.decider, round_.active_color) == (Phase.PLAY, 2, 2, Color.BLUE)


def test_D6_reverse_start_dealer_plays_first_going_right():
    round_ = _deal_with_start(Rank.REVERSE, players=4, dealer=1)
    assert round_.current == 1
    assert round_.direction == -1


def test_D7_draw_two_start_left_of_dealer_draws_two_and_is_skipped():
    round_ = _deal_with_start(Rank.DRAW_TWO, players=4, dealer=1)
    assert len(round_.hands[2]) == 9
    assert round_.current == 3


def test_D8_skip_start_left_of_dealer_is_skipped():
    round_ = _deal_with_start(Rank.SKIP, players=4, dealer=3)
    assert round_.current == 1
    assert all(len(h) == 7 for h in round_.hands)


def test_D9_otherwise_left_of_dealer_plays_first():
    round_ = _deal_with_start(Rank.SEVEN, players=5, dealer=4)
    assert round_.current == 0
    assert round_.direction == 1
    assert round_.active_color is round_.top_card.color


def test_D10_the_deal_passes_left_each_round():
    match = Match.new(3, seed=5, target=10_000)
    dealers = [match.dealer]
    for _ in range(4):
        _finish_round_by_random_play(match)
        match.next_round()
        dealers.append(match.dealer)
    assert dealers == [(dealers[0] + i) % 3 for i in range(5)]


def _finish_round_by_random_play(match: Match) -> None:
    import random

    rng = random.Random(match.round_number)
    while not match.round.is_over:
        match.apply(rng.choice(match.legal_actions()))


# ---------------------------------------------------------------- T: a turn


def test_T1_playable_by_colour_number_or_symbol():
    round_ = position("R2 G7 BS YR G+2 B1", "Y1", discard="G9 R7")
    legal = {str(a.card) for a in round_.legal_actions() if isinstance(a, Play)}
    assert legal == {"R2", "G7"}
    round_ = position("BS YS R1", "Y1", discard="GS")
    assert {str(a.card) for a in round_.legal_actions() if isinstance(a, Play)} == {"BS", "YS"}
    round_ = position("B+2 Y5", "Y1", discard="R+2")
    assert {str(a.card) for a in round_.legal_actions() if isinstance(a, Play)} == {"B+2"}


def test_T1_on_a_wild_only_the_chosen_colour_matches():
    round_ = position("R4 B4 G+2", "Y1", discard="R4 W+4", color=Color.GREEN)
    assert {str(a.card) for a in round_.legal_actions() if isinstance(a, Play)} == {"G+2"}


def test_T1_an_unplayable_card_is_a_rules_error_and_changes_nothing():
    round_ = position("R2 B5", "Y1", draw="G1", discard="G9")
    before = position("R2 B5", "Y1", draw="G1", discard="G9")
    with pytest.raises(RulesError, match="can't go on"):
        round_.apply(play("R2"))
    assert round_ == before


def test_T2_wilds_are_playable_on_anything_even_with_a_match():
    round_ = position("G5 W+4 WI", "Y1", discard="G9")
    plays = [a for a in round_.legal_actions() if isinstance(a, Play)]
    assert {str(a.card) for a in plays} == {"G5", "W+4", "WI"}
    assert {a.color for a in plays if str(a.card) == "W+4"} == set(Color)


def test_T3_draw_a_playable_card_then_play_it():
    round_ = position("R2 B5", "Y1 Y2", draw="G3 B7", discard="G9")
    round_.apply(Draw())
    assert round_.phase is Phase.DRAWN
    assert round_.current == 0
    assert round_.legal_actions() == [play("G3"), Pass()]
    round_.apply(play("G3"))
    assert round_.top_card == Card.parse("G3")
    assert round_.current == 1


def test_T3_draw_a_playable_card_then_keep_it():
    round_ = position("R2 B5", "Y1 Y2", draw="G3 B7", discard="G9")
    round_.apply(Draw())
    round_.apply(Pass())
    assert hand(round_, 0) == ["R2", "B5", "G3"]
    assert round_.current == 1
    assert round_.phase is Phase.PLAY


def test_T3_only_the_drawn_card_may_be_played():
    round_ = position("G5 B5", "Y1 Y2", draw="G3 B7", discard="G9")
    round_.apply(Draw())
    with pytest.raises(RulesError, match="only play the card you just drew"):
        round_.apply(play("G5"))


def test_T3_an_unplayable_drawn_card_ends_the_turn_at_once():
    round_ = position("R2 B5", "Y1 G2", draw="R3 B7", discard="G9")
    events = round_.apply(Draw())
    assert of_type(events, CardsDrawn)[0].cards == (Card.parse("R3"),)
    assert round_.current == 1
    assert round_.phase is Phase.PLAY


def test_T3_draw_is_allowed_even_with_a_playable_card():
    round_ = position("G2 B5", "Y1 Y2", draw="R3", discard="G9")
    assert Draw() in round_.legal_actions()
    round_.apply(Draw())
    assert hand(round_, 0) == ["G2", "B5", "R3"]


def test_T4_empty_draw_pile_reshuffles_all_discards_but_the_top():
    round_ = position("R2 B5", "Y1 G2", draw="", discard="R8 Y8 B8 G9", seed=3)
    events = round_.apply(Draw())
    assert of_type(events, PileReshuffled)[0].size == 3
    assert round_.discard == (Card.parse("G9"),)
    assert len(round_.draw_pile) == 2
    assert len(round_.hands[0]) == 3


def test_T4_nothing_to_draw_anywhere_the_player_passes():
    round_ = position("R2 B5", "Y1 G2", draw="", discard="G9")
    events = round_.apply(Draw())
    assert of_type(events, CardsDrawn)[0].cards == ()
    assert hand(round_, 0) == ["R2", "B5"]
    assert round_.current == 1


def test_T4_a_penalty_draws_what_it_can():
    round_ = position("R2 B5 R+2", "Y1 Y2", "G1 G2", draw="", discard="R9")
    events = round_.apply(play("R+2"))
    drawn = of_type(events, CardsDrawn)[0]
    assert (drawn.seat, len(drawn.cards), drawn.wanted) == (1, 1, 2)
    assert len(round_.hands[1]) == 3
    assert round_.current == 2


# ---------------------------------------------------------------- A: action cards


def test_A1_draw_two_next_draws_two_and_loses_turn():
    round_ = position("R+2 R5", "Y1", "Y2", draw="B1 B2 B3", discard="R9")
    events = round_.apply(play("R+2"))
    assert hand(round_, 1) == ["Y1", "B1", "B2"]
    assert round_.current == 2
    assert of_type(events, TurnSkipped)[0].seat == 1


def test_A1_no_stacking_draw_two_on_draw_two_victim_cannot_answer():
    round_ = position("R+2 R5", "G+2 Y1", "Y2", draw="B1 B2 B3", discard="R9")
    round_.apply(play("R+2"))
    assert round_.current == 2  # seat 1 never got to answer with its own Draw Two


def test_A2_skip_next_player_loses_turn():
    round_ = position("RS R5", "Y1", "Y2", discard="R9")
    round_.apply(play("RS"))
    assert round_.current == 2


def test_A3_reverse_changes_direction():
    round_ = position("RR R5", "Y1", "Y2", "Y3", discard="R9", current=0)
    round_.apply(play("RR"))
    assert round_.direction == -1
    assert round_.current == 3


def test_A3_decision_two_players_reverse_acts_as_skip():
    round_ = position("RR R5", "Y1", discard="R9")
    round_.apply(play("RR"))
    assert round_.direction == -1
    assert round_.current == 0  # the player goes again
    assert round_.phase is Phase.PLAY


def test_A4_wild_draw_four_accept_draws_four_and_loses_turn():
    round_ = position("W+4 R5", "Y1", "Y2", draw="B1 B2 B3 B4 B5", discard="G9")
    round_.apply(play("W+4", Color.YELLOW))
    assert round_.phase is Phase.CHALLENGE
    assert round_.current == 1
    assert round_.active_color is Color.YELLOW
    assert round_.legal_actions() == [Accept(), Challenge()]
    round_.apply(Accept())
    assert hand(round_, 1) == ["Y1", "B1", "B2", "B3", "B4"]
    assert round_.current == 2
    assert round_.active_color is Color.YELLOW


def test_A4_wild_draw_four_needs_a_colour_and_others_take_none():
    round_ = position("W+4 WI R5", "Y1", discard="G9")
    before = position("W+4 WI R5", "Y1", discard="G9")
    with pytest.raises(RulesError, match="needs the colour"):
        round_.apply(play("W+4"))
    with pytest.raises(RulesError, match="Only a Wild Draw Four"):
        round_.apply(play("WI", Color.RED))
    assert round_ == before


def test_A5_item_box_turns_the_top_card_and_only_its_item_happens():
    # The turned Yellow Draw Two is a Banana: nobody draws two for the Draw Two.
    round_ = position("WI R5", "Y1", "Y2", "Y3", draw="Y+2 B1 B2 B3", discard="G9")
    events = round_.apply(play("WI"))
    assert of_type(events, CardTurned)[0].card == Card.parse("Y+2")
    assert round_.top_card == Card.parse("Y+2")
    assert round_.active_color is Color.YELLOW
    assert len(round_.hands[1]) == 1  # no Draw Two for the next player
    assert hand(round_, 3) == ["Y3", "B1", "B2"]  # the Banana hits the seat behind
    assert round_.current == 1


def test_A5_turned_skip_does_not_skip():
    round_ = position("WI R5", "Y1", "Y2", draw="RS B1 B2 B3", discard="G9")
    round_.apply(play("WI"))
    assert round_.top_card == Card.parse("RS")
    assert round_.current == 0  # the Mushroom's extra turn, no skip of seat 1


def test_A5_decision_empty_draw_pile_turns_the_card_the_item_box_covered():
    # T4 makes every discard but the Item Box the draw pile, so there is always a card to turn:
    # the Decision's "nothing can be turned" case cannot arise with a discard pile under the box.
    round_ = position("WI R5", "Y1", "Y2", draw="", discard="G9")
    events = round_.apply(play("WI"))
    assert of_type(events, PileReshuffled)[0].size == 1
    assert of_type(events, CardTurned)[0].card == Card.parse("G9")
    assert round_.discard == tuple(cards("WI G9"))
    assert round_.phase is Phase.CHOOSE_TARGET


def test_A5_empty_draw_pile_reshuffles_before_turning():
    round_ = position("WI R5", "Y1", "Y2", draw="", discard="B4 G9", seed=1)
    events = round_.apply(play("WI"))
    assert of_type(events, PileReshuffled)
    assert of_type(events, CardTurned)[0].card in cards("B4 G9")


# ---------------------------------------------------------------- I: items


def test_I1_mushroom_same_player_plays_again():
    round_ = position("WI R5 B2", "Y1", "Y2", draw="R3 B1", discard="G9")
    round_.apply(play("WI"))
    assert round_.current == 0
    assert round_.phase is Phase.PLAY
    assert round_.active_color is Color.RED
    assert [str(a) for a in round_.legal_actions()] == ["play R5 uno", "play R5", "draw"]


def test_I1_mushroom_and_nothing_to_play_draws_as_T3():
    round_ = position("WI B2 B3", "Y1", "Y2", draw="R3 G1", discard="G9")
    round_.apply(play("WI"))
    round_.apply(Draw())
    assert hand(round_, 0) == ["B2", "B3", "G1"]
    assert round_.current == 1


@pytest.mark.parametrize(("direction", "behind"), [(1, 0), (-1, 2)])
def test_I2_decision_banana_the_previous_seat_in_play_order_draws_two(direction, behind):
    round_ = position("Y1", "WI R5", "Y2", "Y3", draw="Y4 B1 B2", discard="G9", current=1, direction=direction)
    round_.apply(play("WI"))
    sizes = [len(h) for h in round_.hands]
    assert sizes == [3 if seat == behind else 1 for seat in range(4)]
    assert round_.current == (1 + direction) % 4  # then play passes on normally


def test_I2_banana_with_two_players_hits_the_opponent():
    round_ = position("WI R5", "Y1", draw="Y4 B1 B2", discard="G9")
    round_.apply(play("WI"))
    assert hand(round_, 1) == ["Y1", "B1", "B2"]
    assert round_.current == 1


def test_I3_green_shell_player_chooses_an_opponent_who_draws_one():
    round_ = position("WI R5", "Y1", "Y2", "Y3", draw="G4 B1", discard="G9")
    round_.apply(play("WI"))
    assert round_.phase is Phase.CHOOSE_TARGET
    assert round_.decider == 0
    assert round_.legal_actions() == [ChooseTarget(1), ChooseTarget(2), ChooseTarget(3)]
    with pytest.raises(RulesError, match="opponent"):
        round_.apply(ChooseTarget(0))
    round_.apply(ChooseTarget(2))
    assert hand(round_, 2) == ["Y2", "B1"]
    assert round_.current == 1
    assert round_.active_color is Color.GREEN


def test_I3_green_shell_with_two_players_is_automatic():
    round_ = position("WI R5", "Y1", draw="G4 B1", discard="G9")
    round_.apply(play("WI"))
    assert round_.phase is Phase.PLAY
    assert hand(round_, 1) == ["Y1", "B1"]
    assert round_.current == 1


def test_I4_lightning_everyone_else_draws_one_from_the_next_seat_and_player_goes_again():
    round_ = position("Y1", "Y2", "WI R5", "Y3", draw="B4 R1 R2 R3", discard="G9", current=2, direction=-1)
    events = round_.apply(play("WI"))
    drawn = [(e.seat, [str(c) for c in e.cards]) for e in of_type(events, CardsDrawn)]
    assert drawn == [(1, ["R1"]), (0, ["R2"]), (3, ["R3"])]
    assert round_.current == 2
    assert round_.active_color is Color.BLUE
    assert len(round_.hands[2]) == 1  # the player drew nothing


@pytest.mark.parametrize("turned", ["W+4", "WI"])
def test_I5_bob_omb_player_draws_two_and_chooses_colour(turned):
    round_ = position("WI R5", "Y1", "Y2", draw=f"{turned} B1 B2 B3", discard="G9")
    round_.apply(play("WI"))
    assert round_.top_card == Card.parse(turned)
    assert hand(round_, 0) == ["R5", "B1", "B2"]
    assert hand(round_, 1) == ["Y1"]  # a turned W+4 draws nobody four
    assert len(round_.draw_pile) == 1  # a turned Item Box turns nothing further
    assert round_.phase is Phase.CHOOSE_COLOR
    assert round_.decider == 0
    round_.apply(ChooseColor(Color.YELLOW))
    assert round_.active_color is Color.YELLOW
    assert round_.current == 1


# ---------------------------------------------------------------- C: challenge


def _wild_four_played(player_hand: str, top: str = "G9", color: Color | None = None) -> Round:
    round_ = position(player_hand, "Y1 Y2", "Y3", draw="B1 B2 B3 B4 B5 B6 B7 B8", discard=top, color=color)
    round_.apply(play("W+4", Color.RED))
    return round_


def test_C1_guilty_when_the_hand_held_the_colour_to_match():
    round_ = _wild_four_played("W+4 G2 R5")
    events = round_.apply(Challenge())
    assert of_type(events, ChallengeResolved)[0].guilty


def test_C1_decision_a_matching_number_only_is_not_guilty():
    round_ = _wild_four_played("W+4 B9 R5")  # B9 matches the 9, not the green colour
    events = round_.apply(Challenge())
    assert not of_type(events, ChallengeResolved)[0].guilty


def test_C1_other_wilds_do_not_make_it_guilty():
    round_ = _wild_four_played("W+4 WI W+4 R5")
    events = round_.apply(Challenge())
    assert not of_type(events, ChallengeResolved)[0].guilty


def test_C1_the_chosen_colour_on_a_wild_is_the_one_to_match():
    round_ = _wild_four_played("W+4 G2 B5", top="WI", color=Color.BLUE)
    events = round_.apply(Challenge())
    assert of_type(events, ChallengeResolved)[0].guilty


def test_C1_everyone_sees_who_played_the_wild_draw_four_and_the_colour_to_match():
    round_ = _wild_four_played("W+4 G2 R5")
    assert all(round_.view(seat).wild_draw_four == (0, Color.GREEN) for seat in range(3))
    round_.apply(Accept())
    assert round_.view(1).wild_draw_four is None


def test_C1_the_hand_is_shown_to_the_challenger_only():
    round_ = _wild_four_played("W+4 G2 R5")
    round_.apply(Challenge())
    assert round_.view(1).revealed == {0: tuple(cards("G2 R5"))}
    assert round_.view(2).revealed == {}
    assert round_.view(0).revealed == {}


def test_C1_only_the_next_player_decides_and_only_then():
    round_ = position("W+4 R5", "Y1", "Y2", draw="B1", discard="G9")
    with pytest.raises(RulesError):
        round_.apply(Challenge())
    round_.apply(play("W+4", Color.RED))
    assert round_.decider == 1


def test_C2_guilty_player_draws_four_colour_stands_challenger_plays():
    round_ = _wild_four_played("W+4 G2 R5")
    round_.apply(Challenge())
    assert hand(round_, 0) == ["G2", "R5", "B1", "B2", "B3", "B4"]
    assert hand(round_, 1) == ["Y1", "Y2"]
    assert round_.active_color is Color.RED
    assert round_.current == 1
    assert round_.phase is Phase.PLAY


def test_C3_not_guilty_challenger_draws_six_and_the_turn_ends():
    round_ = _wild_four_played("W+4 B5 R5")
    round_.apply(Challenge())
    assert len(round_.hands[1]) == 8
    assert round_.current == 2
    assert round_.active_color is Color.RED


# ---------------------------------------------------------------- U: UNO


def test_U1_a_play_leaving_one_card_is_listed_with_and_without_uno():
    round_ = position("R5 R6", "Y1", discard="R9")
    assert round_.legal_actions() == [play("R5", uno=True), play("R5"), play("R6", uno=True), play("R6"), Draw()]


def test_U1_saying_uno_with_the_play_is_safe():
    round_ = position("R5 R6", "Y1", discard="R9")
    events = round_.apply(play("R5", uno=True))
    assert round_.exposed is None
    assert of_type(events, UnoSaid)


def test_U2_forgetting_exposes_until_the_next_action():
    round_ = position("R5 R6", "Y1 Y2", draw="B1 B2", discard="R9")
    events = round_.apply(play("R5"))
    assert round_.exposed == 0
    assert of_type(events, PlayerExposed)
    round_.apply(Draw())  # seat 1's action ends the exposure
    assert round_.exposed is None
    with pytest.raises(RulesError):
        round_.apply(CatchUno(1))


def test_U2_a_caught_player_draws_two():
    round_ = position("R5 R6", "Y1 Y2", "Y3", draw="B1 B2", discard="R9")
    round_.apply(play("R5"))
    events = round_.apply(CatchUno(2))  # any opponent, not only the one to move
    assert of_type(events, UnoCaught)[0].catcher == 2
    assert hand(round_, 0) == ["R6", "B1", "B2"]
    assert round_.exposed is None
    assert round_.current == 1  # catching is not a turn


def test_U2_saying_uno_late_makes_the_player_safe():
    round_ = position("R5 R6", "Y1 Y2", draw="B1 B2", discard="R9")
    round_.apply(play("R5"))
    round_.apply(SayUno(0))
    assert round_.exposed is None
    with pytest.raises(RulesError):
        round_.apply(CatchUno(1))


def test_U2_only_the_exposed_seat_says_uno_and_nobody_catches_themselves():
    round_ = position("R5 R6", "Y1 Y2", draw="B1 B2", discard="R9")
    with pytest.raises(RulesError):
        round_.apply(SayUno(0))
    round_.apply(play("R5"))
    with pytest.raises(RulesError):
        round_.apply(SayUno(1))
    with pytest.raises(RulesError):
        round_.apply(CatchUno(0))
    with pytest.raises(RulesError):
        round_.apply(CatchUno(7))
    assert round_.exposed == 0


def test_U3_decision_no_exposure_after_bob_omb():
    round_ = position("WI R6", "Y1 Y2", draw="W+4 B1 B2", discard="R9")
    round_.apply(play("WI"))
    round_.apply(ChooseColor(Color.RED))
    assert round_.exposed is None
    assert len(round_.hands[0]) == 3


def test_U3_exposure_is_judged_after_the_players_own_choice():
    round_ = position("WI R6", "Y1 Y2", "Y3", draw="G1 B1 B2", discard="R9")
    round_.apply(play("WI"))
    assert round_.exposed is None  # not yet: the Green Shell target is still to choose
    events = round_.apply(ChooseTarget(2))
    assert round_.exposed == 0
    assert of_type(events, PlayerExposed)


def test_U3_uno_said_with_the_play_counts_after_the_choice():
    round_ = position("WI R6", "Y1 Y2", "Y3", draw="G1 B1 B2", discard="R9")
    round_.apply(play("WI", uno=True))
    round_.apply(ChooseTarget(1))
    assert round_.exposed is None


def test_U3_uno_with_a_play_that_leaves_more_cards_does_nothing():
    round_ = position("R5 R6 R7", "Y1 Y2", discard="R9")
    events = round_.apply(play("R5", uno=True))
    assert round_.exposed is None
    assert not of_type(events, UnoSaid)


def test_U2_exposed_after_wild_draw_four_can_be_caught_before_the_challenge():
    round_ = position("W+4 R6", "Y1 Y2", draw="B1 B2 B3 B4 B5 B6", discard="G9")
    round_.apply(play("W+4", Color.RED))
    assert round_.exposed == 0
    round_.apply(CatchUno(1))
    assert len(round_.hands[0]) == 3
    events = round_.apply(Challenge())
    # judged on the hand when the Wild Draw Four was played: R6 only, no green
    assert not of_type(events, ChallengeResolved)[0].guilty
    assert of_type(events, ChallengeResolved)[0].hand == (Card.parse("R6"),)


# ---------------------------------------------------------------- E: end of round and match


def test_E1_playing_the_last_card_ends_the_round():
    round_ = position("R5", "Y1 Y2", discard="R9")
    events = round_.apply(play("R5"))
    assert round_.is_over
    assert round_.phase is Phase.OVER
    assert round_.winner == 0
    assert round_.legal_actions() == []
    with pytest.raises(RulesError, match="over"):
        round_.apply(Draw())
    assert of_type(events, RoundWon)[0].points == 3


def test_E2_last_card_draw_two_still_makes_the_next_draw_and_it_counts():
    round_ = position("R+2", "Y1", "G3", draw="B9 B8", discard="R9")
    events = round_.apply(play("R+2"))
    assert hand(round_, 1) == ["Y1", "B9", "B8"]
    assert of_type(events, RoundWon)[0].points == 1 + 9 + 8 + 3


def test_E2_last_card_wild_draw_four_draws_four_without_challenge():
    round_ = position("W+4", "Y1", draw="B1 B2 B3 B4", discard="R9")
    events = round_.apply(play("W+4", Color.GREEN))
    assert round_.is_over
    assert len(round_.hands[1]) == 5
    assert of_type(events, RoundWon)[0].points == 1 + 1 + 2 + 3 + 4


def test_E2_last_card_item_box_banana_still_hits():
    round_ = position("WI", "Y1", "Y2", draw="Y4 B1 B2", discard="R9")
    events = round_.apply(play("WI"))
    assert hand(round_, 2) == ["Y2", "B1", "B2"]
    assert round_.is_over
    assert of_type(events, RoundWon)[0].points == 1 + 2 + 1 + 2


def test_E2_last_card_item_box_lightning_still_hits():
    round_ = position("WI", "Y1", "Y2", draw="B4 R1 R2", discard="R9")
    round_.apply(play("WI"))
    assert round_.is_over
    assert [len(h) for h in round_.hands] == [0, 2, 2]


def test_E2_last_card_green_shell_target_is_chosen_before_the_round_ends():
    round_ = position("WI", "Y1", "Y2", draw="G4 R1", discard="R9")
    round_.apply(play("WI"))
    assert not round_.is_over
    assert round_.phase is Phase.CHOOSE_TARGET
    events = round_.apply(ChooseTarget(1))
    assert round_.is_over
    assert of_type(events, RoundWon)[0].points == 1 + 1 + 2


def test_E2_last_card_green_shell_two_players_is_automatic():
    round_ = position("WI", "Y1", draw="G4 R1", discard="R9")
    round_.apply(play("WI"))
    assert round_.is_over
    assert hand(round_, 1) == ["Y1", "R1"]


@pytest.mark.parametrize("turned", ["R4", "W+4"])
def test_E2_decision_effects_on_the_winner_do_not_happen(turned):
    round_ = position("WI", "Y1", draw=f"{turned} B1 B2", discard="R9")
    round_.apply(play("WI"))
    assert round_.is_over  # no extra turn, no Bob-omb draw or colour choice
    assert round_.winner == 0
    assert round_.hands[0] == ()


def test_E2_last_card_skip_or_reverse_just_wins():
    for last in ("RS", "RR"):
        round_ = position(last, "Y1", "Y2", discard="R9")
        round_.apply(play(last))
        assert round_.winner == 0


def test_E3_winner_scores_every_card_left_in_opponents_hands():
    round_ = position("R5", "Y1 GS", "W+4 B+2 R0", discard="R9")
    events = round_.apply(play("R5"))
    assert of_type(events, RoundWon)[0].points == 1 + 20 + 50 + 20 + 0
    assert round_.points == 91


def test_E4_match_ends_at_the_target_and_the_winner_is_at_or_above_it():
    match = Match.new(["Ann", "Bob", "Cy"], seed=9, target=200)
    import random

    rng = random.Random(0)
    events = []
    while not match.is_over:
        if match.round.is_over:
            match.next_round()
            continue
        events = match.apply(rng.choice(match.legal_actions()))
    assert match.winner is not None
    assert match.scores[match.winner] >= 200
    assert sum(1 for s in match.scores if s >= 200) == 1
    assert of_type(events, MatchWon)[0].seat == match.winner
    with pytest.raises(RulesError):
        match.next_round()


def test_E4_next_round_only_after_the_round_is_over():
    match = Match.new(2, seed=1)
    with pytest.raises(RulesError, match="not over"):
        match.next_round()


def test_E4_default_target_is_500():
    assert Match.new(3, seed=0).target == 500


def test_scores_carry_into_the_next_round():
    match = Match.new(3, seed=4, target=5000)
    _finish_round_by_random_play(match)
    scores = match.scores
    assert sum(scores) > 0
    match.next_round()
    assert match.round.scores == scores
    assert match.round_number == 2


def test_draw_reason_is_reported():
    round_ = position("R+2 R5", "Y1", draw="B1 B2", discard="R9")
    events = round_.apply(play("R+2"))
    assert of_type(events, CardsDrawn)[0].reason is DrawReason.DRAW_TWO
