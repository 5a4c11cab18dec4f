"""A hint that is never wrong (issue 34): a bluff called a bluff, a drawback weighed, nothing false.

Found by a fresh player under the party preset, pressing t every turn: "Play W+4 as green: it changes
the colour to one you hold" on green, with two greens in the hand (a bluff, C1), and reasons that
named a drawback without saying why the play was still best.
"""

from __future__ import annotations

from unokart_tui.engine import Card, Color, Draw, HouseRules, Pass, Phase, Play, Round
from unokart_tui.table.advisor import advisor, explain
from unokart_tui.table.session import HUMAN

NAMES = ["You", "Mario", "Luigi", "Peach"]
FOUR = Card.parse("W+4")


def _explained(hands, top, colour, action, *, rules=None, seed=1):
    round_ = Round.from_position(hands, ["Y9", "R9", "B9"], [top], current=0, dealer=3, color=colour, rules=rules)
    return explain(advisor(seed), round_.view(HUMAN), action, NAMES, round_.legal_actions())


OTHERS = [["R1", "R2", "R3", "R4"], ["B1", "B2", "B3", "B4", "B5"], ["Y1", "Y2", "Y3"]]


def test_c1_a_bluff_wild_draw_four_is_called_a_bluff_with_its_cost_and_never_changes_the_colour_in_force():
    # The playtest's position: top G⇄, colour green, hand G7 G⊘ W+4.
    text = _explained([["G7", "GS", "W+4"], *OTHERS], "GR", Color.GREEN, Play(FOUR, Color.GREEN))
    assert text.startswith("Play W+4 as green: ")
    assert "changes the colour" not in text  # green stays green
    assert "it is a bluff: you hold green, so if Mario challenges you draw 4" in text  # C1, C2
    assert "it makes Mario draw 4 unless they challenge" in text  # what it is for
    # The same with UNO (U1): the bluff is still said.
    said = _explained([["G7", "W+4"], *OTHERS], "GR", Color.GREEN, Play(FOUR, Color.GREEN, True))
    assert said.startswith("Play W+4 as green and say UNO: ") and "it is a bluff: you hold green" in said
    assert "changes the colour" not in said


def test_c1_a_bluff_that_changes_the_colour_says_both_and_an_honest_one_says_a_challenge_fails():
    changed = _explained([["G7", "B1", "W+4"], *OTHERS], "GR", Color.GREEN, Play(FOUR, Color.BLUE))
    assert changed == (
        "Play W+4 as blue: it changes the colour to one you hold; it is a bluff: you hold green,"
        " so if Mario challenges you draw 4, a risk the search found worth taking"
    )
    honest = _explained([["R7", "B1", "W+4"], *OTHERS], "GR", Color.GREEN, Play(FOUR, Color.BLUE))
    assert honest == "Play W+4 as blue: it is the only card that goes; you hold no green, so a challenge would fail"


def test_c1_a_bluff_is_said_among_the_two_reasons_shown_whatever_else_presses():
    # Mario on one card: it holds him back (A4), and it is still a bluff.
    hands = [["G7", "GS", "W+4"], ["R1"], ["B1", "B2", "B3", "B4", "B5"], ["Y1", "Y2", "Y3"]]
    text = _explained(hands, "GR", Color.GREEN, Play(FOUR, Color.GREEN))
    assert text.startswith("Play W+4 as green: Mario is on one card and it holds them back; it is a bluff")


def test_h1a_h1b_a_wild_draw_four_that_goes_out_or_is_stacked_is_neither_a_bluff_nor_honest():
    last = _explained([["W+4"], *OTHERS], "GR", Color.GREEN, Play(FOUR, Color.GREEN))
    assert "bluff" not in last and "challenge" not in last  # H1b, E2: it goes out, and no one may challenge
    stacking = HouseRules(stack_draw_two=True, stack_draw_four=True, stack_cross=True)
    hands = [["G7", "W+4", "Y5"], *OTHERS[:2], ["G+2", "Y2", "Y3"]]
    round_ = Round.from_position(hands, ["B9", "R8", "Y8"], ["G5"], current=3, rules=stacking)
    round_.apply(Play(Card.parse("G+2")))  # H1: +2 pending on the seat, which may stack its W+4 (H3)
    assert round_.phase is Phase.STACK and round_.decider == HUMAN
    stacked = explain(advisor(1), round_.view(HUMAN), Play(FOUR, Color.GREEN), NAMES, round_.legal_actions())
    assert "it passes the 6 cards on to Mario" in stacked
    assert "bluff" not in stacked and "challenge" not in stacked  # H1a: no challenge once stacked


def test_a_drawback_says_why_the_play_is_still_best():
    # The playtest: "Play Y⇄: it sheds 20 points while it can — but it hands the turn to Mario, on one card".
    # With four players a Reverse hands the turn back to the seat before (A3): Peach, on one card.
    hands = [["YR", "Y3", "G3"], ["R2", "R3", "R4"], ["B1", "B2", "B3", "B4", "B5"], ["R1"]]
    text = _explained(hands, "Y2", Color.YELLOW, Play(Card.parse("YR")))
    assert text == (
        "Play Y⇄: it sheds 20 points while it can — it hands the turn to Peach, on one card,"
        " but the search still found it best"
    )


def test_e3_keeping_a_drawn_wild_while_a_seat_is_on_one_card_says_the_points_at_risk():
    # The playtest: "Keep the W+4: a wild card is worth more later" with an opponent on one card.
    round_ = Round.from_position([["G7", "B2"], ["R1", "R5"], ["B1", "B3", "B4"], ["Y1"]], ["W+4"], ["R3"])
    round_.apply(Draw())  # W+4 drawn: it may be played or kept (T3)
    assert round_.phase is Phase.DRAWN
    text = explain(advisor(1), round_.view(HUMAN), Pass(), NAMES, round_.legal_actions())
    assert text == (
        "Keep the W+4: a wild card is worth more later, even with its 50 points at risk if Peach, on one card, goes out"
    )
    calm = Round.from_position([["G7", "B2"], ["R1", "R5"], ["B1", "B3", "B4"], ["Y1", "Y2"]], ["W+4"], ["R3"])
    calm.apply(Draw())
    assert explain(advisor(1), calm.view(HUMAN), Pass(), NAMES) == "Keep the W+4: a wild card is worth more later"
