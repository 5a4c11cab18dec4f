"""The table's refusals in the player's language (issue 32): the engine's reasons, said by the voice.

In English each sentence is the engine's own ``RulesError`` text, so the words a player reads do
not change; in Slovak and Dutch they are whole translated sentences, never the engine's English.
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Accept,
    Action,
    Card,
    CatchUno,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    HouseRules,
    JumpIn,
    Pass,
    Play,
    Round,
    RulesError,
    SayUno,
)
from unokart_tui.voice import speaking
from unokart_tui.voice.refusals import refusal


def refused(round_: Round, action: Action) -> str:
    """The engine's English for ``action``, which it refuses and which changes nothing."""
    with pytest.raises(RulesError) as error:
        round_.apply(action)
    return str(error.value)


def plain() -> Round:
    return Round.from_position([["R7", "B1", "G9"], ["Y1", "Y2"]], ["B5", "B4", "B3"], ["G6"], current=0)


def drawn(rules: HouseRules | None = None) -> Round:
    """Seat 0 has drawn B5, which goes on B6."""
    round_ = Round.from_position([["R7", "Y1"], ["Y2", "Y3"]], ["B5", "B4"], ["B6"], current=0, rules=rules)
    round_.apply(Draw())
    return round_


def stacked(rules: HouseRules) -> Round:
    """Seat 0 played a Draw Two; seat 1 decides on the pending +2 (H1-H3)."""
    round_ = Round.from_position([["R+2", "R1"], ["G3", "G+2", "W+4"]], ["B5", "B4"], ["R5"], current=0, rules=rules)
    round_.apply(Play(Card.parse("R+2")))
    return round_


CROSS = HouseRules(stack_draw_two=True, stack_draw_four=True, stack_cross=True)


def cases() -> list[tuple[str, Round, Action]]:
    wild_top = Round.from_position([["R7", "B1"], ["Y1", "G2"]], ["B5"], ["W+4"], current=0, color=Color.GREEN)
    return [
        ("T1: neither colour nor number", plain(), Play(plain().hand(0)[0])),
        ("T2: on a wild card, its colour", wild_top, Play(wild_top.hand(0)[0])),
        ("T3: another card than the drawn one", drawn(), Play(drawn().hand(0)[0])),
        ("T3: a draw after drawing", drawn(), Draw()),
        ("keep with nothing drawn", plain(), Pass()),
        ("take with nothing to take", plain(), Accept()),
        ("take after drawing", drawn(), Accept()),
        ("H7: keep a playable drawn card", drawn(HouseRules(must_play_drawn=True)), Pass()),
        ("H1: a card on a pending Draw Two", stacked(HouseRules(stack_draw_two=True)), Play(Card.parse("G3"))),
        ("H3: a card on a pending Draw Two", stacked(CROSS), Play(Card.parse("G3"))),
        ("H1: a draw on a pending total", stacked(HouseRules(stack_draw_two=True)), Draw()),
        ("H1: a keep on a pending total", stacked(HouseRules(stack_draw_two=True)), Pass()),
        ("U3: nobody to catch", plain(), CatchUno(1)),
        ("U1: nobody to say UNO", plain(), SayUno(0)),
        ("H5: jumping in is off", plain(), JumpIn(1, plain().hand(0)[0])),
    ]


CASES = cases()


@pytest.mark.parametrize(("case", "round_", "action"), CASES, ids=[case for case, _, _ in CASES])
def test_in_english_the_table_says_what_the_engine_says(case: str, round_: Round, action: Action) -> None:
    assert refusal(action, round_.view(round_.decider)) == refused(round_, action)


@pytest.mark.parametrize("language", ["sk", "nl"])
@pytest.mark.parametrize(("case", "round_", "action"), CASES, ids=[case for case, _, _ in CASES])
def test_in_slovak_and_dutch_no_refusal_is_the_engines_english(
    case: str, round_: Round, action: Action, language: str
) -> None:
    english = refused(round_, action)
    with speaking(language):
        said = refusal(action, round_.view(round_.decider))
    assert said != english and said != refusal(action, round_.view(round_.decider))


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Red 7 can't go on Green 6: play green or 6, or a wild card."),
        ("sk", "Kartu Červená 7 nemôžeš dať na kartu Zelená 6: hraj zelenú alebo 6, prípadne divokú kartu."),
        ("nl", "Rood 7 kan niet op Groen 6: speel groen of 6, of een wildkaart."),
    ],
)
def test_t1_a_card_that_matches_nothing_is_refused_in_the_players_language(language: str, words: str) -> None:
    round_ = plain()
    with speaking(language):
        assert refusal(Play(Card.parse("R7")), round_.view(0)) == words


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
def test_an_action_no_sentence_covers_is_refused_in_plain_words(language: str) -> None:
    round_ = plain()  # a colour chosen with no colour to choose
    with speaking(language):
        said = refusal(ChooseColor(Color.RED), round_.view(0))
        assert said == refusal(ChooseTarget(1), round_.view(0))
    assert said != refused(round_, ChooseColor(Color.RED))
    if language == "en":
        assert said == "That move is not allowed now."
