"""Every event tells what happened in one sentence, from the voice, as the reading seat may know it."""

import random

import pytest

from unokart_tui.engine import (
    Card,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    Color,
    DrawReason,
    Event,
    HandsSwapped,
    Match,
    Play,
    RoundWon,
    TargetChosen,
    UnoCaught,
    UnoSaid,
)
from unokart_tui.engine import events as events_module
from unokart_tui.glyphs import ASCII
from unokart_tui.voice.banners import banner
from unokart_tui.voice.lines import sentence
from unokart_tui.voice.narration import Voice, how_it_went_out, in_told_order, log_line, log_lines
from unokart_tui.voice.notes import TableNotes

from ..engine.helpers import position

NAMES = ["Mario", "Luigi", "Peach"]


def _a_match_of_events(seed: int = 11) -> tuple[Match, list[Event]]:
    match = Match.new(NAMES, seed=seed, target=200)
    rng = random.Random(seed)
    events = list(match.start_events)
    while not match.is_over:
        events.extend(match.next_round() if match.round.is_over else match.apply(rng.choice(match.legal_actions())))
    return match, events


def test_every_event_of_a_match_is_told_in_one_sentence():
    _, events = _a_match_of_events()
    kinds = set()
    for event in events:
        for you in (None, 0):
            text = sentence(event, Voice(NAMES, you))
            assert text and "\n" not in text
            assert text[0].isupper() or text[0] == "+"  # "+4 to Luigi: stack or take it."
        kinds.add(type(event).__name__)
    assert {"CardPlayed", "CardsDrawn", "RoundWon", "MatchWon", "DealerChosen", "CardTurned"} <= kinds


def test_every_kind_of_event_has_its_sentence():
    classes = [
        c for c in vars(events_module).values() if isinstance(c, type) and issubclass(c, Event) and c is not Event
    ]
    assert len(classes) >= 20
    from unokart_tui.voice import lines

    assert set(classes) == set(lines._WRITERS)
    with pytest.raises(TypeError):
        sentence(Event(), Voice(NAMES, None))


def test_no_words_a_player_reads_come_from_the_engines_describe(monkeypatch):
    """The log, the banners, the last moves and the round's ending are the voice's, whatever ``describe`` says."""

    def refuse(self, names, you=None):
        raise AssertionError(f"describe() reached for {self!r}")

    monkeypatch.setattr(Event, "describe", refuse)
    match, events = _a_match_of_events(seed=5)
    notes = TableNotes(len(NAMES))
    for you in (None, 1):
        voice = Voice(NAMES, you)
        for event in events:
            assert log_line(event, voice).text
            banner([event], voice)
        notes.record(events, NAMES)
        assert how_it_went_out(match.round.view(match.round.winner).public_history, match.round.winner, voice)


def test_drawn_cards_are_named_only_to_the_drawer():
    event = CardsDrawn(1, (Card.parse("R5"), Card.parse("WI")), DrawReason.BANANA, 2)
    assert sentence(event, Voice(NAMES, None)) == "Luigi draws 2 cards (Banana)."
    assert sentence(event, Voice(NAMES, 0)) == "Luigi draws 2 cards (Banana)."
    assert sentence(event, Voice(NAMES, 1)) == "You draw R5, W? (Banana)."
    assert sentence(event, Voice(NAMES, 1, ASCII)) == "You draw R5, W? (Banana)."
    one = CardsDrawn(2, (Card.parse("B1"),), DrawReason.CHOICE, 1)
    assert sentence(one, Voice(NAMES, 0)) == "Peach draws 1 card."
    short = CardsDrawn(2, (Card.parse("B1"),), DrawReason.DRAW_TWO, 2)
    assert sentence(short, Voice(NAMES, 0)) == "Peach draws 1 card (Draw Two) — only 1 of 2 could be drawn."
    assert sentence(short, Voice(NAMES, 2)) == "You draw B1 (Draw Two) — only 1 of 2 could be drawn."


def test_the_revealed_hand_is_named_only_to_the_challenger():
    event = ChallengeResolved(1, 0, True, Color.GREEN, (Card.parse("G2"),))
    assert "G2" not in sentence(event, Voice(NAMES, 2))
    assert "G2" not in sentence(event, Voice(NAMES, 0))
    assert sentence(event, Voice(NAMES, 1)) == (
        "You challenge Mario's Wild Draw Four: guilty — Mario held green (hand: G2)."
    )


def test_log_sentences_read_naturally():
    round_ = position("WI R5", "Y1", "Y2", draw="G4 B1", discard="G9")
    events = round_.apply(Play(Card.parse("WI")))
    assert [sentence(e, Voice(NAMES, 1)) for e in events] == [
        "Mario plays Wild Item Box.",
        "Mario's Item Box turns Green 4: ◉ Green Shell!",
    ]
    assert sentence(RoundWon(0, 42), Voice(NAMES, 0)) == "You win the round and score 42 points."
    assert sentence(RoundWon(2, 1), Voice(NAMES, None)) == "Peach wins the round and scores 1 point."
    challenge = ChallengeResolved(1, 0, True, Color.GREEN, (Card.parse("G2"),))
    assert sentence(challenge, Voice(NAMES, 0)) == "Luigi challenges your Wild Draw Four: guilty — you held green."
    assert sentence(challenge, Voice(NAMES, 2)) == "Luigi challenges Mario's Wild Draw Four: guilty — Mario held green."
    assert sentence(CardPlayed(2, Card.parse("W+4"), Color.BLUE), Voice(NAMES, 2)) == (
        "You play Wild Draw Four and call blue."
    )


@pytest.mark.parametrize(
    ("event", "you", "expected"),
    [
        (UnoCaught(0, 1), 0, "You catch Luigi without UNO!"),
        (UnoCaught(0, 1), 1, "Mario catches you without UNO!"),
        (UnoCaught(0, 1), 2, "Mario catches Luigi without UNO!"),
        (TargetChosen(2, 0), 2, "You hit Mario with the Green Shell."),
        (TargetChosen(2, 0), 0, "Peach hits you with the Green Shell."),
        (TargetChosen(2, 0), 1, "Peach hits Mario with the Green Shell."),
    ],
)
def test_a_sentence_about_two_seats_has_a_form_for_each_reader(event, you, expected):
    assert sentence(event, Voice(NAMES, you)) == expected


def test_a_seats_last_move_that_ends_its_own_sentence_gets_no_second_stop():
    """Line mode's table line: "Last move: UNO!" — not "UNO!." — and a plain move still ends with a stop."""
    from unokart_tui.voice.plain import seat_line

    said = seat_line("Ann", 1, 20, "UNO!", you=False, to_act=False, exposed=False)
    played = seat_line("Ann", 2, 20, "plays R7", you=False, to_act=False, exposed=False)
    assert said.endswith("Last move: UNO!")
    assert played.endswith("Last move: plays R7.")


def _a_bot_says_uno_with_an_item_box() -> list[Event]:
    """Luigi plays his Wild Item Box with UNO, leaving one card; it turns a Banana (I2) on Mario."""
    round_ = position("G1 G2 G3", "WI R3", "B1 B2", draw="Y5 G4 G5", discard="R9", current=1)
    return round_.apply(Play(Card.parse("WI"), uno=True))


def test_a_uno_said_with_a_play_is_told_right_after_it_before_what_the_item_did():
    # Issue 34's playtest: a bot's "says UNO!" came after its Item Box's lines, as if said later.
    events = _a_bot_says_uno_with_an_item_box()
    assert [type(e).__name__ for e in events][-1] == "UnoSaid"  # the engine judges it last (U1-U3)
    voice = Voice(NAMES, 0)
    told = [line.text for line in log_lines(events, voice)]
    assert told[:3] == [
        "· Luigi plays Wild Item Box.",
        "· Luigi says UNO!",
        "· Luigi's Item Box turns Yellow 5: ☽ Banana!",
    ]
    told = [log_line(event, voice).text for event in in_told_order(events)]
    assert told[1] == "· Luigi says UNO!" and told[-1] != "· Luigi says UNO!"


def test_a_reverses_change_of_direction_is_told_before_the_uno_said_with_it_a3():
    # Issue 34's playtest: "Peach plays Green Reverse. · Peach says UNO! · Play now goes right".
    round_ = position("G1 G2 G3", "R1 R2", "GR G5", draw="Y5 G4", discard="G9", current=2)
    events = round_.apply(Play(Card.parse("GR"), uno=True))
    assert [type(e).__name__ for e in events] == ["CardPlayed", "DirectionChanged", "UnoSaid"]
    told = [log_line(event, Voice(NAMES, None)).text for event in in_told_order(events)]
    assert told == ["· Peach plays Green Reverse.", "· Play now goes right (counter-clockwise).", "· Peach says UNO!"]
    short = [line.text for line in log_lines(events, Voice(NAMES, 0))]
    assert short[0] == "· Peach plays Green Reverse." and short[-1] == "· Peach says UNO!"


def test_a_uno_after_a_swap_stays_after_it_h4b():
    # H4b: the UNO is judged on the hand that came back from the swap.
    events = [CardPlayed(1, Card.parse("R7")), HandsSwapped(1, 2), UnoSaid(1)]
    assert in_told_order(events) == events
    late = [CardPlayed(1, Card.parse("R7")), CardsDrawn(0, (), DrawReason.BANANA, 2), UnoSaid(1, late=True)]
    assert in_told_order(late) == late  # said late, after the play: told when it was said
