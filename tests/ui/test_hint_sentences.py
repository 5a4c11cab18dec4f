"""What a hint says (issue 30: taken out of test_hints.py): the expert's move and the reasons it gives, read
from positions built at engine speed, without a table on screen."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import ai
import saves
from ai.expert import ExpertBot
from unokart_tui.engine import Card, Color, Draw, HouseRules, Phase, Play, Rank, Round
from unokart_tui.table.advisor import advise, advisor, explain
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.tui.widgets.cardface import short

from ..ai.test_expert import positions
from ..strategies import house_rules


def test_the_sentence_names_who_is_about_to_go_out_and_the_wild_kept():
    hand = (Card(Color.GREEN, Rank.SKIP), Card(None, Rank.WILD_DRAW_FOUR), Card(Color.RED, Rank.TWO))
    round_ = Round.deal(2, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=hand, top_card=Card(Color.GREEN, Rank.THREE), active_color=Color.GREEN, hand_sizes=(3, 1)
    )
    text = explain(advisor(1), view, Play(hand[0], None, False), ["Ann", "Luigi"])
    assert text == "Play G⊘: Luigi is on one card and it holds them back — keep the Wild Draw Four for later"


def test_a_card_that_does_not_stop_the_next_seat_is_not_explained_by_its_few_cards():
    """Found in play: "Play Y9: Peach is on two cards" argued for stopping Peach, and Y9 does not."""
    hand = tuple(Card.parse(text) for text in ("Y9", "YS", "B1"))
    round_ = Round.deal(2, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=hand, top_card=Card.parse("Y3"), active_color=Color.YELLOW, hand_sizes=(3, 2)
    )
    text = explain(advisor(1), view, Play(hand[0], None, False), ["Ann", "Peach"])
    assert "Peach" not in text
    assert text == "Play Y9: you keep 1 more yellow to follow it"


def test_the_only_card_that_goes_is_said_to_be_the_only_one():
    """Found in play: "Play G7: you keep 2 more green to follow it" when G7 was all that could be played."""
    hand = tuple(Card.parse(text) for text in ("G7", "G1", "R1", "B2"))
    round_ = Round.deal(2, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=hand, top_card=Card.parse("Y7"), active_color=Color.YELLOW, hand_sizes=(4, 5)
    )
    legal = [Play(hand[0], None, False), Draw()]
    assert explain(advisor(1), view, legal[0], ["Ann", "Luigi"], legal) == "Play G7: it is the only card that goes"
    alone = view._replace(hand=hand[:1] + hand[2:])
    assert explain(advisor(1), alone, Play(hand[0], None, False), ["Ann", "Luigi"]) == (
        "Play G7: it is your only green, which would be harder to play later"
    )


def test_a_target_the_expert_chooses_is_called_the_fewest_only_when_no_opponent_holds_fewer_h4_i3():
    """Found by the translators: "Luigi: 4 cards, the fewest of your opponents" while Mario held 3."""
    from unokart_tui.engine import ChooseTarget

    round_ = Round.deal(3, dealer=1, seed=1)
    seven = round_.view(HUMAN)._replace(top_card=Card.parse("R7"), hand_sizes=(5, 4, 3))
    names = ["Ann", "Luigi", "Mario"]
    assert explain(advisor(1), seven, ChooseTarget(1), names) == (
        "Swap hands with Luigi: 4 cards, the best swap by the expert's reckoning"
    )
    assert explain(advisor(1), seven, ChooseTarget(2), names) == (
        "Swap hands with Mario: 3 cards, the fewest of your opponents"
    )
    shell = seven._replace(top_card=Card.parse("R3"))
    assert explain(advisor(1), shell, ChooseTarget(1), names) == (
        "Aim the Green Shell at Luigi: 4 cards, the best target by the expert's reckoning"
    )


def test_a_draw_when_nothing_fits_says_so():
    round_ = Round.deal(2, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=(Card(Color.RED, Rank.ZERO), Card(Color.YELLOW, Rank.ONE)),
        top_card=Card(Color.BLUE, Rank.FOUR),
        active_color=Color.BLUE,
    )
    assert explain(advisor(1), view, Draw(), ["Ann", "Luigi"]) == "Draw: nothing in your hand goes on the B4"
    fits = view._replace(hand=(Card(Color.BLUE, Rank.ZERO), Card(Color.BLUE, Rank.ONE)))
    assert explain(advisor(1), fits, Draw(), ["Ann", "Luigi"]) == "Draw: the cards that fit are worth more later"


def test_a_draw_on_a_wild_names_the_colour_it_asks_for():
    """T1: on a wild only its chosen colour follows; its face (W?) names nothing a hand could match."""
    round_ = Round.deal(2, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=(Card(Color.RED, Rank.ZERO), Card(Color.YELLOW, Rank.ONE)),
        top_card=Card(None, Rank.WILD_ITEM_BOX),
        active_color=Color.GREEN,
    )
    assert explain(advisor(1), view, Draw(), ["Ann", "Luigi"]) == (
        "Draw: nothing in your hand is green, the colour the W? asks for"
    )


def test_an_item_box_played_while_coloured_cards_fit_says_whom_it_may_hit():
    # Found in play: "Play W?: nothing else fits" with Y0 and Y⇄ on a Y5, Peach (the seat before) on UNO.
    hand = tuple(Card.parse(text) for text in ("R1", "R1", "Y0", "YR", "GR", "B7", "B8", "WI"))
    round_ = Round.deal(4, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=hand, top_card=Card.parse("Y5"), active_color=Color.YELLOW, hand_sizes=(8, 4, 4, 1), direction=1
    )
    text = explain(advisor(1), view, Play(hand[-1], None, False), ["Ann", "Mario", "Luigi", "Peach"])
    assert text == "Play W?: Peach is on one card and a Banana, Green Shell or Lightning would make them draw"
    # I2: a Banana hits the seat before only (found in play: "the box may make them draw" for Luigi, across).
    across = view._replace(hand_sizes=(8, 4, 2, 4))
    assert explain(advisor(1), across, Play(hand[-1], None, False), ["Ann", "Mario", "Luigi", "Peach"]) == (
        "Play W?: Luigi is on two cards and a Green Shell or Lightning would make them draw"
    )


def test_an_item_box_with_nobody_near_out_gives_its_odds_not_nothing_else_fits():
    hand = tuple(Card.parse(text) for text in ("Y0", "B7", "WI"))
    round_ = Round.deal(4, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=hand, top_card=Card.parse("Y5"), active_color=Color.YELLOW, hand_sizes=(3, 6, 6, 6)
    )
    text = explain(advisor(1), view, Play(hand[-1], None, False), ["Ann", "Mario", "Luigi", "Peach"])
    assert text.startswith("Play W?: the card it turns makes others draw ") and "nothing else fits" not in text
    alone = view._replace(hand=(Card.parse("B7"), Card.parse("WI")), hand_sizes=(2, 6, 6, 6))
    assert explain(advisor(1), alone, Play(Card.parse("WI"), None, False), ["Ann", "M", "L", "P"]) == (
        "Play W?: nothing else fits"
    )


def test_two_wilds_kept_are_named_in_the_plural():
    hand = (
        Card(Color.GREEN, Rank.SEVEN),
        Card(None, Rank.WILD_ITEM_BOX),
        Card(None, Rank.WILD_ITEM_BOX),
        Card(Color.RED, Rank.TWO),
    )
    round_ = Round.deal(2, dealer=1, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=hand, top_card=Card(Color.GREEN, Rank.THREE), active_color=Color.GREEN, hand_sizes=(4, 1)
    )
    text = explain(advisor(1), view, Play(hand[0], None, False), ["Ann", "Luigi"])
    assert text.endswith("— keep the Wild Item Boxes for later")


def test_a_draw_on_a_number_says_nothing_of_that_number_s_other_colours():
    """T3: Luigi drew on a green 5 — no green, no 5 — so he lacks green; red is not a colour he lacks."""
    round_ = Round.from_position(
        [["R5", "R3", "G2", "Y7"], ["Y1", "Y2", "B8"]], ["Y3", "Y4", "Y6", "B1"], ["G5"], current=1, dealer=0
    )
    round_.apply(Draw())  # Y3 does not go either: his turn ends
    view = round_.view(HUMAN)
    red = explain(advisor(1), view, Play(Card.parse("R5"), None, False), ["Ann", "Luigi"])
    assert "last draw" not in red
    green = explain(advisor(1), view, Play(Card.parse("G2"), None, False), ["Ann", "Luigi"])
    assert "Luigi had no green at their last draw" in green


def test_a_colour_a_seat_lacks_is_a_reason_only_for_the_seat_that_plays_next():
    """Found in play: "Play Y⊘: Mario drew rather than play yellow": the Skip passes Mario by (A2).

    Mario (seat 1) drew on a yellow 5 and holds no yellow; Luigi (seat 2) plays after him.
    """
    round_ = Round.from_position(
        [["YS", "Y2", "G9", "B7"], ["R1", "R2", "B8"], ["G1", "G3"], ["B1", "B2", "B3"]],
        ["R3", "G4", "B4", "B5"],
        ["Y5"],
        current=1,
        dealer=0,
    )
    round_.apply(Draw())  # R3 does not go either: his turn ends
    round_.apply(Draw())  # Luigi's G4 does not go
    round_.apply(Draw())  # nor Peach's B4: Ann plays on the Y5
    assert round_.decider == HUMAN and round_.top_card == Card.parse("Y5")
    view = round_.view(HUMAN)
    names = ["Ann", "Mario", "Luigi", "Peach"]
    skip = explain(advisor(1), view, Play(Card.parse("YS"), None, False), names)
    assert "Mario" not in skip
    two = explain(advisor(1), view._replace(hand_sizes=(4, 2, 2, 3)), Play(Card.parse("Y2"), None, False), names)
    # One sentence, one name: "Mario is on two cards and Mario drew rather than play yellow" named him twice.
    assert two == "Play Y2: Mario is on two cards and had no yellow at their last draw"


@pytest.mark.parametrize(
    ("others", "card", "says"),
    [
        ((["Y1", "Y2", "Y3", "Y4"], ["G5", "G6", "G7"]), "B7", None),
        ((["Y1", "Y2", "Y3", "Y4"], ["G5", "G6", "G7"]), "B0", None),
        ((["Y1"], ["G5", "G6", "G7"]), "B7", "swapping with Mario, who holds one card, leaves you one"),
        ((["Y1"], ["G5", "G6", "G7"]), "B0", None),  # Mario passes on; Ann gets Luigi's three
        ((["Y1", "Y2"], ["G5"]), "B0", "the hand Luigi passes you holds one card"),
    ],
)
def test_a_seven_or_zero_says_uno_only_when_it_can_leave_one_card_h4b(others, card, says):
    """Issue 34: "Play B7 and say UNO" with twelve cards: H4b lists every 7 and 0 with UNO, and the hint said it."""
    hand = ["B7", "B0", "R1", "R2", "G3", "G4"]
    round_ = Round.from_position([hand, *others], ["R5", "R6"], ["B5"], rules=HouseRules.preset("party"))
    chosen = [a for a in round_.legal_actions() if isinstance(a, Play) and str(a.card) == card]
    assert {a.uno for a in chosen} == {True, False}  # H4b: both are legal, whatever the hands
    hint = advise(advisor(1), round_.view(HUMAN), chosen, ["Ann", "Mario", "Luigi"])
    assert isinstance(hint.action, Play) and hint.action.uno == (says is not None)
    assert ("and say UNO" in hint.text) == (says is not None)
    if says is not None:
        assert hint.text.startswith(f"Play {short(Card.parse(card))} and say UNO: {says}, so UNO goes with it")


@pytest.mark.parametrize(
    ("card", "says"),
    [
        ("G7", "it swaps your hand for another, and Luigi holds the fewest cards, 3 cards"),
        ("G0", "every hand moves on one seat, and you get the hand of Luigi, 3 cards"),
    ],
)
def test_a_seven_or_zero_is_explained_by_the_swap_not_by_the_cards_it_keeps_h4(card, says):
    """Found in play (party): "Play G7: you keep 2 more green to follow it", and the greens went with the swap."""
    hand = [card, "G8", "G9", "R1", "R3", "Y4"]
    others = [["R4", "R6", "B2", "B3", "Y2"], ["Y6", "Y7", "B9"]]
    round_ = Round.from_position([hand, *others], ["R5", "R6"], ["G6"], rules=HouseRules.preset("party"))
    legal = round_.legal_actions()
    play = next(a for a in legal if isinstance(a, Play) and str(a.card) == card and not a.uno)
    text = explain(advisor(1), round_.view(HUMAN), play, ["Ann", "Mario", "Luigi"], legal)
    assert "more green" not in text and says in text


@pytest.mark.parametrize(("passed", "right"), [("Y8", "G4"), ("Y4", "G8")])
def test_the_hint_keeps_the_card_the_player_passed_on_from_the_next_seat_h4b(passed, right):
    """Found in play: Luigi's 0 passed the player's last card to Mario, and the hint's play let Mario out with it."""
    round_ = _passed_on(passed)  # H4b: Mario holds the player's card now, and plays next
    for seed in range(3):
        hint = advise(advisor(seed), round_.view(HUMAN), round_.legal_actions(), ["Ann", "Mario", "Luigi"])
        assert hint.action == Play(Card.parse(right))


def test_a_play_next_to_a_seat_on_one_card_says_how_often_they_follow_it():
    """Found in play: "Play G2: you keep 2 more green to follow it" with Peach, next, on one card."""
    hand = tuple(Card.parse(text) for text in ("G2", "G5", "G7", "B2"))
    round_ = Round.deal(3, dealer=2, seed=1)
    view = round_.view(HUMAN)._replace(
        hand=hand, top_card=Card.parse("G9"), active_color=Color.GREEN, hand_sizes=(4, 1, 6)
    )
    legal = [Play(card, None, False) for card in hand[:3]]
    text = explain(advisor(1), view, legal[0], ["Ann", "Peach", "Luigi"], legal)
    assert text.startswith("Play G2: Peach is on one card and can follow it ")
    assert "of the time" in text


def _passed_on(card: str) -> Round:
    """Luigi's 0 passes the player's last card, ``card``, to Mario, who plays after the player (H4b)."""
    round_ = Round.from_position(
        [[card], ["B9", "B1"], ["G0", "R4", "G4", "G8"]],
        ["R5", "R6", "B3", "B7"],
        ["G5"],
        current=2,
        rules=HouseRules.preset("party"),
    )
    round_.apply(Play(Card.parse("G0")))
    return round_


def test_a_play_that_lets_a_seat_on_one_card_out_says_so_and_what_would_not_h4b():
    round_ = _passed_on("Y4")
    legal = round_.legal_actions()
    names = ["Ann", "Mario", "Luigi"]
    assert explain(advisor(1), round_.view(HUMAN), Play(Card.parse("G8")), names, legal) == (
        "Play G8: Mario is on one card and cannot follow it; you keep 1 more green to follow it"
    )
    assert explain(advisor(1), round_.view(HUMAN), Play(Card.parse("G4")), names, legal).startswith(
        "Play G4: Mario is on one card and can follow it 100% of the time (G8: 0%), but the search still found it best"
    )


def test_the_hint_is_the_experts_own_choice():
    round_ = Round.deal(2, dealer=0, seed=5)
    while round_.decider != HUMAN:
        round_.apply(round_.legal_actions()[0])
    view = round_.view(HUMAN)
    hint = advise(advisor(3), view, round_.legal_actions(), ["Ann", "Luigi"])
    assert hint.action == advisor(3).choose(view, round_.legal_actions())
    assert hint.action in round_.legal_actions()
    assert hint.text.split(":")[0]


def test_a_save_with_a_negative_count_of_hints_is_refused():
    session = Session.new("Ann", ["greedy"], seed=1, name="hints")
    seats = (session.seats[0]._replace(hints=-1), *session.seats[1:])
    with pytest.raises(saves.SaveError, match="'hints' must be a whole number"):
        saves.loads_game(saves.dumps(session.match, seats=seats))
    session.close()


def test_taking_a_stack_is_explained_as_a_stack_not_a_challenge():
    # Found in play: with nothing to stack on a +2 (H1), a hint or the autopilot crashed the game.
    rules = HouseRules.preset("house")
    round_ = Round.from_position(
        [["R5", "G3"], ["Y+2", "B1", "B2"]], ["Y3", "Y4", "Y6", "B1", "G7"], ["Y5"], current=1, rules=rules
    )
    round_.apply(Play(Card.parse("Y+2"), None, False))
    assert round_.phase is Phase.STACK and round_.decider == HUMAN
    legal = round_.legal_actions()
    hint = advise(advisor(1), round_.view(HUMAN), legal, ["Ann", "Luigi"])
    assert hint.action in legal
    assert hint.text == "Take the 2 cards: nothing in your hand stacks on them"


@pytest.mark.slow
# Four rounds, 1,048 decisions instead of the 2,079 of the first 8 examples it had: the 11 kinds of decision
# (phase, and the kind of action the hint answers with) those 8 gave, every switch they turned on, and 2, 3 and
# 4 players. Of the 8 (derandomized), the first two and these two together gave all 11 kinds (the 7th alone a
# Wild Draw Four stacked from the challenge); the other four repeated them. The expert's search is the cost.
@example(
    rules=HouseRules(
        stack_draw_two=True, draw_until_playable=True, must_play_drawn=True, banana="last-turn", hand_size=10
    ),
    players=3,
    seed=468,
)
@example(
    rules=HouseRules(stack_draw_four=True, draw_until_playable=True, must_play_drawn=True, hand_size=8),
    players=4,
    seed=1556,
)
@settings(max_examples=2, deadline=None)
@given(rules=house_rules(), players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_every_decision_under_any_house_rules_gets_a_hint(rules, players, seed):
    """A hint (and so the autopilot) answers every decision of a whole round with a legal action and a sentence."""
    bot = ai.make_bot("expert", seed=seed, samples=2, depth=2)
    assert isinstance(bot, ExpertBot)
    names = [f"P{seat}" for seat in range(players)]
    for round_ in positions(rules, players, seed, 300):
        legal = round_.legal_actions()
        hint = advise(bot, round_.view(round_.decider), legal, names)
        assert hint.action in legal
        assert hint.text and "the expert's choice" not in hint.text


def test_a_card_that_passes_the_next_seat_by_says_who_plays_next():
    """Found in play: a Skip handed the turn to Luigi on one card, and a Reverse's point (Peach next) went unsaid."""
    names = ["Ann", "Mario", "Luigi", "Peach"]
    round_ = Round.deal(4, dealer=1, seed=1)
    hand = tuple(Card.parse(text) for text in ("BS", "B7", "Y1"))
    view = round_.view(HUMAN)._replace(
        hand=hand, top_card=Card.parse("B2"), active_color=Color.BLUE, hand_sizes=(3, 5, 1, 4), direction=1
    )
    assert explain(advisor(1), view, Play(hand[0], None, False), names) == (
        "Play B⊘: it sheds 20 points while it can — it hands the turn to Luigi, on one card,"
        " but the search still found it best"
    )


def test_the_drawn_card_is_explained_as_the_one_that_goes_with_nothing_to_keep():
    """T3: found in play, "Play B6: it is the only card that goes — keep the Wild Draw Four for later"."""
    round_ = Round.from_position([["R1", "W+4", "Y5"], ["G1", "G2"]], ["B6"], ["B3"], current=0, dealer=1)
    round_.apply(Draw())
    assert round_.phase is Phase.DRAWN
    legal = round_.legal_actions()
    play = next(action for action in legal if isinstance(action, Play))
    assert explain(advisor(1), round_.view(HUMAN), play, ["Ann", "Luigi"], legal) == "Play B6: the card you drew goes"


def test_a_colour_is_not_said_to_be_lacking_right_after_the_seat_played_it():
    """Found in play: "Mario had no blue at their last draw" just after Mario played the blue he drew (T3)."""
    hands = [["Y2", "B7", "G5"], ["R1", "R2", "G8"]]
    drew = Round.from_position(hands, ["R4", "B1"], ["Y5"], current=1, dealer=0)
    drew.apply(Draw())  # R4 does not go: no yellow (and no 5) in his hand
    assert "Mario had no yellow at their last draw" in explain(
        advisor(1), drew.view(HUMAN), Play(Card.parse("Y2"), None, False), ["Ann", "Mario"]
    )
    played = Round.from_position(hands, ["Y9", "B1"], ["Y5"], current=1, dealer=0)
    played.apply(Draw())
    played.apply(Play(Card.parse("Y9")))  # the yellow he drew, at once: still none in his hand, but it reads stale
    assert played.decider == HUMAN
    text = explain(advisor(1), played.view(HUMAN), Play(Card.parse("Y2"), None, False), ["Ann", "Mario"])
    assert "last draw" not in text


def _stacked_on(rules: HouseRules, hands: list[list[str]], first: str) -> Round:
    """A round where seat 0 has just played ``first`` and seat 1 faces its pending draw."""
    round_ = Round.from_position(
        hands, ["Y3", "Y4", "Y6", "B1", "G7", "G1", "G2", "G3"], ["R5"], current=0, dealer=0, rules=rules
    )
    card = Card.parse(first)
    round_.apply(Play(card, Color.GREEN if card.color is None else None, False))
    assert round_.pending_draw and round_.decider == 1
    return round_


def test_a_stacked_draw_two_says_it_passes_the_total_on_not_the_points_it_sheds_h1():
    """Found in play: a +2 stacked on a +2 was advised because "it sheds 20 points"."""
    round_ = _stacked_on(
        HouseRules.preset("house"), [["R+2", "G3", "B5"], ["Y+2", "B+2", "B2", "R7"], ["R1", "R2", "R3", "Y9"]], "R+2"
    )
    play = Play(Card.parse("Y+2"), None, False)
    text = explain(advisor(1), round_.view(1), play, ["Ann", "Mario", "Luigi"], round_.legal_actions())
    assert "sheds" not in text
    assert text.startswith("Play Y+2: it passes the 4 cards on to Luigi, who must stack again or take them all")


def test_a_stacked_wild_draw_four_names_the_total_and_no_challenge_h2_h1a():
    """On a stack no challenge is allowed (H1a), so "a challenge would fail" is no reason either."""
    round_ = _stacked_on(HouseRules.preset("party"), [["W+4", "G3", "B5"], ["W+4", "B2", "R7"], ["R1", "R2"]], "W+4")
    play = Play(Card.parse("W+4"), Color.BLUE, False)
    text = explain(advisor(1), round_.view(1), play, ["Ann", "Mario", "Luigi"], round_.legal_actions())
    assert text.startswith("Play W+4 as blue: it passes the 8 cards on to Luigi, who holds 2 cards")
    assert "challenge" not in text and "sheds" not in text
