"""A stack taken is told once (H1-H3): the Slovak and Dutch playtest read "Peach takes the 2." and then
"Peach draws 2 cards (Draw Two).", one event said twice, in every language and in line mode."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

import saves
from unokart_tui.engine import Accept, Card, Event, HouseRules, Match, Play, Round, StackAccepted
from unokart_tui.glyphs import WORDS
from unokart_tui.history.export import export_text
from unokart_tui.voice import speaking, speaking_voice
from unokart_tui.voice.banners import banner
from unokart_tui.voice.narration import Voice, action_lines, log_lines

from .marking import EveryMarking

NAMES = ("Ann", "Mario", "Peach")
C = Card.parse
STACKS = HouseRules(stack_draw_two=True, stack_draw_four=True)


def taken(victim: int, pile: list[str] | None = None) -> list[Event]:
    """``victim`` takes a lone Draw Two (a total of 2 under H1) played by the seat before it."""
    hands = [["G1", "G3"], ["Y1", "Y2"], ["B1", "B2"]]
    player = (victim - 1) % 3
    hands[player].insert(0, "G+2")
    round_ = Round.from_position(
        hands, ["R1", "R2", "R3"] if pile is None else pile, ["G5"], current=player, rules=STACKS
    )
    round_.apply(Play(C("G+2")))
    return round_.apply(Accept())


def test_the_events_of_a_stack_taken_are_a_stack_a_draw_and_a_lost_turn():
    kinds = [type(event).__name__ for event in taken(2)]
    assert kinds == ["StackAccepted", "CardsDrawn", "TurnSkipped"]


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
def test_a_stack_taken_is_one_line_in_the_log_in_every_language(language):
    with speaking(language):
        lines = [line.text for line in action_lines(taken(2), Voice(NAMES, 0))]
    assert len(lines) == 2  # the stack with its draw, then the lost turn
    if language == "en":
        assert lines == ["· Peach takes the stack and draws 2 cards.", "· Peach loses the turn."]


def test_a_stack_taken_is_one_whole_sentence():
    with speaking_voice(EveryMarking()):
        lines = [line.text for line in action_lines(taken(2), Voice(NAMES, 0))]
    assert lines[0] == "· «»Peach takes the stack and draws 2 cards."


def test_your_own_stack_names_the_cards_you_drew():
    lines = [line.text for line in action_lines(taken(0), Voice(NAMES, 0))]
    assert lines == ["· You take the stack and draw R1, R2.", "· You lose the turn."]


def test_a_stack_taken_across_a_reshuffle_is_still_one_line():
    # T4: the draw pile is made again from the discards between the stack and its draw.
    lines = [line.text for line in action_lines(taken(1, pile=["R1"]), Voice(NAMES, 0))]
    assert lines == [
        "· The draw pile ran out: 1 card from the discard pile is shuffled into a new one.",
        "· Mario takes the stack and draws 2 cards.",
        "· Mario loses the turn.",
    ]
    said = [line.text for line in log_lines(taken(1, pile=["R1"]), Voice(NAMES, 0, WORDS), hand=2)]
    assert said[1:] == ["· Mario takes the stack, draws 2 cards and loses the turn."]


def test_a_stack_the_pile_could_not_pay_says_how_much_came():
    lines = [line.text for line in action_lines(taken(1, pile=[]), Voice(NAMES, 0))]
    assert lines[1:] == [
        "· Mario takes the stack and draws 1 card — only 1 of 2 could be drawn.",
        "· Mario loses the turn.",
    ]


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
def test_line_mode_says_a_stack_taken_and_the_lost_turn_in_one_line(language):
    with speaking(language):
        lines = [line.text for line in log_lines(taken(2), Voice(NAMES, 0, WORDS), hand=2)]
        mine = [line.text for line in log_lines(taken(0), Voice(NAMES, 0, WORDS), hand=4)]
    assert len(lines) == 1 and len(mine) == 1
    if language == "en":
        assert lines == ["· Peach takes the stack, draws 2 cards and loses the turn."]
        assert mine == ["· You take the stack, draw Red 1 [R1], Red 2 [R2] and lose the turn."]


def test_the_banner_of_a_stack_taken_says_cards():
    # Found in the playtest: "Peach takes the 2" did not say 2 of what.
    assert banner([StackAccepted(2, 6)], Voice(NAMES, 0)).text == "Peach takes the stack: 6 cards"
    assert banner([StackAccepted(0, 2)], Voice(NAMES, 0)).text == "You take the stack: 2 cards"
    assert banner(taken(2), Voice(NAMES, 0)).text == "Peach takes the stack: 2 cards"


def test_the_export_tells_each_stack_taken_once():
    match = Match.new(["Ann", "Mario", "Peach"], seed=5, target=100, rules=HouseRules.preset("party"))
    rng = random.Random(5)
    stacks = 0
    while not match.is_over and stacks < 3:
        events = match.next_round() if match.round.is_over else match.apply(rng.choice(match.legal_actions()))
        stacks += sum(isinstance(event, StackAccepted) and event.total for event in events)
    assert stacks, "the seed takes a stack"
    began = datetime(2026, 1, 1, tzinfo=UTC)
    game = saves.SavedGame(match, (saves.Seat("Ann"), saves.Seat("Mario"), saves.Seat("Peach")), began, began)
    lines = export_text("Party", game).splitlines()
    taken = [number for number, line in enumerate(lines) if "takes the stack" in line or "take the stack" in line]
    assert taken
    for number in taken:  # the draw is in the same line, not the next
        assert " draw" in lines[number] and " draw" not in lines[number + 1]
