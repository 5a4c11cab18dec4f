"""What the table shows and says, without Textual: card notation, banners, last moves, the replayed log."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from unokart_tui.engine import (
    Card,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    Color,
    ColorChosen,
    DealerChosen,
    Draw,
    DrawnCardKept,
    DrawReason,
    ExtraTurn,
    HandsPassed,
    HouseRules,
    JumpedIn,
    Match,
    MatchWon,
    Play,
    PlayerExposed,
    Round,
    RoundWon,
    StackAccepted,
    StartCardTurned,
    TargetChosen,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
)
from unokart_tui.history.timeline import replay
from unokart_tui.table.tableview import (
    TABLE_KEYS,
    Motion,
    Seating,
    applies,
    line_up,
    motions,
    place_cursor,
    round_summary,
    seat_lines,
    seating,
    standings,
    status,
    table_info,
)
from unokart_tui.tui.widgets.cardface import hand_order, long, short
from unokart_tui.tui.widgets.players import may_go_words
from unokart_tui.voice.banners import banner
from unokart_tui.voice.narration import Voice, how_it_ended, how_it_went_out, log_line
from unokart_tui.voice.notes import TableNotes

NAMES = ("Ann", "Mario", "Luigi", "Peach")
VOICE = Voice(NAMES, 0)
C = Card.parse


def test_one_short_form_and_one_long_form():
    assert [short(C(text)) for text in ("R7", "BR", "GS", "Y+2", "W+4", "WI")] == ["R7", "B⇄", "G⊘", "Y+2", "W+4", "W?"]
    assert [long(C(text)) for text in ("R7", "BR", "WI")] == ["Red 7", "Blue Reverse", "Wild Item Box"]


@pytest.mark.parametrize(
    ("event", "shown", "not_shown"),
    [
        (DealerChosen(0, (((0, C("GS")), (1, C("WI")), (2, C("B7")), (3, C("YR"))),)), "you G⊘, Mario W?", "GS"),
        (  # D2: the tie is shown, not only the draw that settled it
            DealerChosen(2, (((0, C("R7")), (1, C("B2")), (2, C("G7"))), ((0, C("Y1")), (2, C("B4"))))),
            "(you R7, Mario B2, Luigi G7; a tie, drawn again: you Y1, Luigi B4): Luigi deals.",
            "after a tie",
        ),
        (StartCardTurned(C("BR")), "The first card is Blue Reverse.", "(BR)"),
        (CardsDrawn(0, (C("RS"),), DrawReason.CHOICE, 1), "You draw R⊘.", "RS"),
        (CardsDrawn(0, (C("RS"), C("WI")), DrawReason.CHOICE, 2), "You draw R⊘, W?, one at a time", "RS"),  # H6
        (CardsDrawn(0, (C("G+2"),), DrawReason.BANANA, 2), "You draw G+2 (Banana) — only 1 of 2", "G+2,"),
        (CardTurned(2, C("GS")), "Luigi's Item Box turns Green Skip: ◉ Green Shell!", "(GS)"),
        (ChallengeResolved(0, 1, True, Color.RED, (C("RR"), C("W+4"))), "(hand: R⇄  W+4)", "RR"),
        # Sorted as the dialog shows it: found in play, "R8 Y⊘ B8 R0 Y⇄" in the log, "R0 R8 Y⊘ Y⇄ B8" above it.
        (
            ChallengeResolved(0, 1, False, Color.GREEN, tuple(C(t) for t in ("R8", "YS", "B8", "R0", "YR"))),
            "(hand: R0  R8  Y⊘  Y⇄  B8)",
            "B8  R0",
        ),
    ],
)
def test_the_log_writes_cards_as_the_table_does(event, shown, not_shown):
    # Issue 13: one notation on screen; K5 ("GS", "WI") stays the notation of saves and tests.
    text = log_line(event, VOICE).text
    assert shown in text and not_shown not in text


@pytest.mark.parametrize(
    ("events", "text"),
    [
        ([CardTurned(1, C("R5")), ExtraTurn(1)], "Mario's Item Box: R5 ☂ Mushroom — Mario goes again"),
        (
            [CardTurned(1, C("Y5")), CardsDrawn(0, (C("R1"), C("R2")), DrawReason.BANANA, 2)],
            "Mario's Item Box: Y5 ☽ Banana — you draw 2",
        ),
        ([CardTurned(1, C("G5"))], "Mario's Item Box: G5 ◉ Green Shell — Mario picks who draws 1"),
        (
            [
                CardTurned(0, C("B5")),
                *(CardsDrawn(s, (C("R1"),), DrawReason.LIGHTNING, 1) for s in (1, 2, 3)),
                ExtraTurn(0),
            ],
            "Your Item Box: B5 ↯ Lightning — everyone else draws 1, you go again",
        ),
        (
            [CardTurned(3, C("W+4")), CardsDrawn(3, (C("R1"), C("R2")), DrawReason.BOB_OMB, 2)],
            "Peach's Item Box: W+4 ✸ Bob-omb — Peach draws 2 and chooses the colour",
        ),
        ([TargetChosen(1, 0), CardsDrawn(0, (C("R1"),), DrawReason.GREEN_SHELL, 1)], "◉ Green Shell — Mario hits you"),
    ],
    ids=["mushroom", "banana", "green-shell", "lightning", "bob-omb", "shell-target"],
)
def test_an_item_box_is_a_banner_that_says_what_it_did(events, text):
    shown = banner(events, VOICE)
    assert shown is not None and shown.kind == "item"
    assert shown.text.startswith(text)


def test_challenges_catches_forgotten_unos_and_wins_get_a_banner():
    guilty = banner([ChallengeResolved(2, 1, True, Color.RED, ())], VOICE)
    honest = banner([ChallengeResolved(0, 1, False, Color.RED, ())], VOICE)
    caught = banner([UnoCaught(2, 1), CardsDrawn(1, (C("R1"), C("R2")), DrawReason.UNO_CAUGHT, 2)], VOICE)
    assert guilty == ("Luigi's challenge wins: Mario bluffed (held red) — Mario draws 4", "challenge")
    assert honest == ("Your challenge fails: Mario held no red — you draw 6", "challenge")
    # Challenged and honest, the reader reads someone else's failure, not a loss of their own.
    theirs = banner([ChallengeResolved(3, 0, False, Color.RED, ())], VOICE)
    assert theirs == ("Peach's challenge fails: you held no red — Peach draws 6", "challenge")
    assert caught == ("Caught! Luigi catches Mario without UNO: Mario draws 2", "catch")
    assert banner([PlayerExposed(1)], VOICE) == ("Mario forgot to say UNO! Press c to catch them", "exposed")
    assert banner([PlayerExposed(0)], VOICE).text.startswith("You forgot to say UNO! Press u")
    won = [CardPlayed(2, C("R1")), RoundWon(2, 31)]
    assert banner(won, VOICE) == ("★ Luigi wins the round: +31 points", "win")
    assert banner([*won, MatchWon(2, 512)], VOICE) == ("★ Luigi wins the match with 512 points!", "win")
    assert banner([CardPlayed(1, C("R1")), TurnSkipped(2)], VOICE) is None  # an ordinary play is no event


def test_each_seat_remembers_its_last_move():
    notes = TableNotes(4)
    notes.record([DealerChosen(3, ()), CardsDealt(3, 7), StartCardTurned(C("R1"))], NAMES)
    assert notes.last == ["", "", "", "dealt"] and notes.top_by is None
    notes.record([CardPlayed(0, C("R+2")), CardsDrawn(1, (C("B1"), C("B2")), DrawReason.DRAW_TWO, 2)], NAMES)
    notes.record([TurnSkipped(1)], NAMES)  # said with the draw: "skipped" does not hide "drew 2"
    assert notes.last[:2] == ["played R+2", "skipped"]
    notes.record(
        [CardPlayed(0, C("R+2")), CardsDrawn(1, (C("B1"), C("B2")), DrawReason.DRAW_TWO, 2), TurnSkipped(1)], NAMES
    )
    assert notes.last[1] == "drew 2 (+2)"
    notes.record([CardsDrawn(2, (C("B1"),), DrawReason.CHOICE, 1), DrawnCardKept(2)], NAMES)
    notes.record([CardPlayed(3, C("W+4"), Color.BLUE)], NAMES)
    notes.record([UnoSaid(3)], NAMES)
    assert notes.last[2:] == ["drew, kept it", "UNO!"]
    notes.record([UnoCaught(1, 2), CardsDrawn(2, (C("B1"), C("B2")), DrawReason.UNO_CAUGHT, 2)], NAMES)
    assert notes.last[1:3] == ["caught Luigi", "drew 2 (caught)"]
    notes.record([CardTurned(3, C("W+4")), CardsDrawn(3, (C("R1"),), DrawReason.BOB_OMB, 2)], NAMES)
    assert notes.last[3] == "W? ✸ Bob-omb" and notes.top_by == 3 and notes.top_turned
    notes.record([ColorChosen(3, Color.RED)], NAMES)
    assert notes.last[3] == "chose red"


def test_a_lost_turn_names_who_made_the_seat_lose_it():
    # Issue 34's playtest: after taking a +2 the player's row said "skipped", read as the +2's doing; it
    # was a Skip played on them later (seed 17, party preset). The row says whose card it was.
    names = ("You", "Mario", "Luigi", "Peach")
    notes = TableNotes(4)
    notes.record(
        [StackAccepted(0, 2), CardsDrawn(0, (C("R2"), C("G6")), DrawReason.DRAW_TWO, 2), TurnSkipped(0)], names
    )
    assert notes.last[0] == "drew 2 (+2)"
    notes.record([CardPlayed(1, C("BS")), TurnSkipped(0)], names)
    assert notes.last[0] == "skipped by Mario"
    notes.record([CardPlayed(0, C("RS")), TurnSkipped(1)], names)
    assert notes.last[1] == "skipped by you"
    # H5: a jump-in passes over the seat whose turn it was and those up to the jumper
    notes.record([JumpedIn(3, C("RS"), (2,)), CardPlayed(3, C("RS")), TurnSkipped(0)], names)
    assert notes.last[2:] == ["passed over by Peach", "played R⊘"] and notes.last[0] == "skipped by Peach"
    notes.record([JumpedIn(0, C("RS"), (1, 2, 3)), CardPlayed(0, C("RS")), TurnSkipped(1)], names)
    # Found in play: the seat passed over and then skipped by the jumper's Skip kept "passed over"; the later wins.
    assert notes.last == ["played R⊘", "skipped by you", "passed over by you", "passed over by you"]


def test_a_hand_passed_on_takes_its_seats_last_move_with_it():
    # Found in play (H4): after a 0, "Luigi 14 UNO!" stayed on a seat whose one card had gone to Peach.
    notes = TableNotes(4)
    notes.record([CardPlayed(2, C("R3")), UnoSaid(2)], NAMES)
    notes.record([CardPlayed(0, C("G0")), HandsPassed(0, 1)], NAMES)
    assert notes.last == ["played G0", "hand passed on", "hand passed on", "hand passed on"]


def test_a_seat_that_said_uno_keeps_it_in_sight_after_later_moves():
    """Found in play: "Luigi 1 skipped" hid that Luigi had called UNO, so a catch looked possible (U1, U2)."""
    notes = TableNotes(4)
    notes.record([CardPlayed(2, C("R3")), UnoSaid(2)], NAMES)
    notes.record([CardPlayed(1, C("RS")), TurnSkipped(2)], NAMES)
    assert notes.last[2] == "skipped by Mario" and notes.said_uno == {2}
    match = Match.new(list(NAMES), seed=3)
    assert [line.said_uno for line in seat_lines(match, ["human"] + ["greedy"] * 3, notes, 0)] == [False] * 4  # 7 cards
    notes.record([CardsDrawn(2, (C("B1"),), DrawReason.CHOICE, 1)], NAMES)  # more than one card again
    assert notes.said_uno == set()
    notes.record([CardPlayed(2, C("R3")), UnoSaid(2)], NAMES)
    notes.record([CardPlayed(0, C("G0")), HandsPassed(0, 1)], NAMES)  # H4: UNO went with a hand now elsewhere
    assert notes.said_uno == set()


def test_each_seat_keeps_the_story_of_its_round_one_line_an_action():
    # The grand table's seats tell the round's story (issue 34, item 6): each action's last word for the seat,
    # oldest first; a new round starts a new story.
    notes = TableNotes(4)
    notes.record([DealerChosen(3, ()), CardsDealt(3, 7), StartCardTurned(C("R1"))], NAMES)
    notes.record(
        [CardPlayed(0, C("R+2")), CardsDrawn(1, (C("B1"), C("B2")), DrawReason.DRAW_TWO, 2), TurnSkipped(1)], NAMES
    )
    notes.record([CardsDrawn(0, (C("B3"),), DrawReason.CHOICE, 1), DrawnCardKept(0)], NAMES)
    notes.record([CardPlayed(0, C("B3")), UnoSaid(0)], NAMES)
    assert notes.story == [["played R+2", "drew, kept it", "UNO!"], ["drew 2 (+2)"], [], ["dealt"]]
    lines = seat_lines(Match.new(list(NAMES), seed=3), ["human", "greedy", "greedy", "greedy"], notes, 0)
    assert lines[0].earlier == ("played R+2", "drew, kept it") and lines[0].last == "UNO!"
    assert lines[1].earlier == () and lines[2].earlier == ()
    notes.record([DealerChosen(1, ()), CardsDealt(1, 7), StartCardTurned(C("G1"))], NAMES)
    assert notes.story == [[], ["dealt"], [], []]


def test_the_scoreboard_puts_the_leader_first_and_names_every_seat():
    dealt = Match.new(list(NAMES), seed=3)

    class Scored(NamedTuple):  # a match after a few rounds, as the table reads it (tableview.MatchState)
        names: tuple[str, ...] = NAMES
        round: Round = dealt.round
        scores: tuple[int, ...] = (40, 120, 0, 120)
        rules: HouseRules = dealt.rules
        target: int = 500

    match = Scored()
    rows = standings(match, 0)
    assert [(row.name, row.score) for row in rows] == [("Mario", 120), ("Peach", 120), ("Ann", 40), ("Luigi", 0)]
    assert [row.you for row in rows] == [False, False, True, False]
    decider = NAMES[match.round.decider]
    assert [row.to_act for row in rows] == [row.name == decider for row in rows]
    info = table_info(match, TableNotes(4), 0)
    assert info.standings == rows and info.target == match.target


def test_the_players_default_name_reads_lower_case_inside_a_line():
    notes = TableNotes(4)
    names = ("You", "Mario", "Luigi", "Peach")
    notes.record([UnoCaught(2, 0)], names)
    notes.record([TargetChosen(3, 0)], names)
    assert notes.last[2:] == ["caught you", "◉ hit you"]


def test_how_a_round_went_out_names_the_last_two_plays():
    history = [(1, Play(C("B5"))), (2, Draw()), (3, Play(C("BR"))), (3, UnoSaid(3)), (2, Play(C("B9")))]
    assert how_it_went_out(history, 2, VOICE) == "Luigi went out with B9, after Peach's B⇄."
    assert (
        how_it_went_out([(3, Play(C("R1"))), (0, Play(C("R5")))], 0, VOICE) == "You went out with R5, after Peach's R1."
    )
    assert (
        how_it_went_out([(0, Play(C("R1"))), (1, Play(C("R5")))], 1, VOICE) == "Mario went out with R5, after your R1."
    )
    assert how_it_went_out([(1, Play(C("R5")))], 1, VOICE) == "Mario went out with R5."
    # Found in play: "after your W?" when the player had drawn since.
    drew = [(0, Play(C("WI"))), (3, Play(C("R2"))), (0, Draw()), (3, Play(C("R4")))]
    assert how_it_went_out(drew, 3, VOICE) == "Peach went out with R4, after you drew."


def test_how_a_round_went_out_names_the_winners_own_card_before_an_extra_turn_i1():
    """Found in play: "after Mario's G2" when the player's own Item Box (a Mushroom) came just before."""
    mushroom = [(1, Play(C("G2"))), (0, Play(C("WI"))), (0, Play(C("R5")))]
    assert how_it_went_out(mushroom, 0, VOICE) == f"You went out with R5, after your {VOICE.card(C('WI'))}."
    # T3: a card drawn and played is one turn, so the draw is not what came before.
    drew = [(1, Play(C("G2"))), (0, Play(C("WI"))), (0, Draw()), (0, Play(C("R5")))]
    assert how_it_went_out(drew, 0, VOICE) == f"You went out with R5, after your {VOICE.card(C('WI'))}."
    heads_up = [(0, Play(C("G2"))), (1, Play(C("GS"))), (1, Play(C("G4")))]  # A2: a Skip with two players
    assert how_it_went_out(heads_up, 1, VOICE) == f"Mario went out with G4, after Mario's {VOICE.card(C('GS'))}."


def test_the_top_card_shows_its_item_only_when_an_item_box_turned_it():
    match = Match.new(list(NAMES), seed=3)
    top = match.round.top_card
    notes = TableNotes(4)
    notes.record([CardPlayed(2, top)], NAMES)
    played = table_info(match, notes, 0)
    assert played.item is None and played.played_by == "by Luigi"  # an ordinary card on the pile: no item
    notes.record([CardTurned(0, top)], NAMES)
    turned = table_info(match, notes, 0)
    assert turned.item is top.item and turned.played_by == "by you"
    notes.new_round()
    assert table_info(match, notes, 0).played_by == "first card"


def test_catch_is_shown_for_the_others_never_for_the_player():
    match = Match.new(list(NAMES), seed=3)
    lines = seat_lines(match, ["human", "greedy", "greedy", "greedy"], TableNotes(4), 0)
    assert [line.you for line in lines] == [True, False, False, False]
    assert [line.name for line in lines] == list(NAMES)


def test_a_key_the_table_does_not_know_is_an_error_not_a_key_always_shown():
    # Issue 34: applies("…") answered True for any name, so a key's state could come from a typo.
    match = Match.new(list(NAMES), seed=3)
    with pytest.raises(ValueError, match="the table has no key for 'undo'"):
        applies("undo", match, 0)
    assert all(isinstance(applies(key, match, 0), bool) for key in TABLE_KEYS)


def test_the_status_never_says_a_bot_thinks_while_a_dialog_is_open():
    match = Match.new(list(NAMES), seed=7)
    bot = match.round.decider
    assert bot != 0, "seed 7 starts with a bot"
    assert status(match, 0, thinking=True, held=False) == f"{NAMES[bot]} is thinking…"
    assert "thinking" not in status(match, 0, thinking=False, held=True)


def test_the_bot_to_play_and_the_line_up_name_each_bots_personality():
    # Found in play: at 80 columns the players panel has no room for it, and nothing said which was the expert.
    match = Match.new(list(NAMES), seed=7)
    bot = match.round.decider
    kinds = ["human", "expert", "greedy", "item-hoarder"]
    assert status(match, 0, thinking=True, held=False, kinds=kinds) == f"{NAMES[bot]} ({kinds[bot]}) is thinking…"
    assert status(match, 0, thinking=False, held=False, kinds=kinds) == f"{NAMES[bot]} ({kinds[bot]}) to play"
    assert line_up(NAMES, kinds, 0) == (
        f"At the table: {NAMES[1]} (expert), {NAMES[2]} (greedy), {NAMES[3]} (item-hoarder) and you."
    )


def test_the_cursor_goes_to_a_drawn_card_and_at_a_turns_start_to_the_nearest_playable_one():
    cards = tuple(C(text) for text in ("R1", "R2", "G3", "B4"))
    assert place_cursor(cards, frozenset({2, 3}), 0, drawn=None, to_playable=True) == 2
    assert place_cursor(cards, frozenset({2, 3}), 0, drawn=None, to_playable=False) == 0
    assert place_cursor(cards, frozenset({3}), 0, drawn=C("B4"), to_playable=False) == 3
    assert place_cursor((), frozenset(), 5, drawn=None, to_playable=True) == 0
    # Found in play: after a play the cursor landed on the wild beside it, where a second Enter threw it away.
    hand = tuple(C(text) for text in ("R1", "G3", "G8", "WI"))
    assert place_cursor(hand, frozenset({1, 3}), 3, drawn=None, to_playable=True) == 1
    assert place_cursor(hand, frozenset({3}), 0, drawn=None, to_playable=True) == 3  # the wild when only it goes


@pytest.mark.parametrize("rounds", [1, 3])
def test_a_resumed_match_is_told_again_from_its_history(rounds):
    # Issue 13, bug 6: the save holds the actions, not the words; the engine gives the same events again.
    match, rng = Match.new(list(NAMES), seed=12, target=10_000), random.Random(5)
    told = [[list(match.start_events)]]
    while match.round_number < rounds or len(match.history[-1]) < 25:
        if match.round.is_over:
            told.append([match.next_round()])
        else:
            told[-1].append(match.apply(rng.choice(match.legal_actions())))
    assert replay(match) == told


def test_too_late_says_what_ended_the_chance():
    assert how_it_ended(1, [UnoCaught(2, 1)], VOICE) == "Luigi caught Mario first"
    assert how_it_ended(0, [UnoCaught(2, 0)], VOICE) == "Luigi caught you first"
    assert how_it_ended(1, [UnoSaid(1, late=True)], VOICE) == "Mario said UNO in time"
    assert how_it_ended(1, [CardPlayed(2, C("R1"))], VOICE) == "play has gone on since"


def test_a_round_summary_lists_what_the_losers_held_and_its_worth():
    match, rng = Match.new(list(NAMES), seed=4), random.Random(2)
    while not match.round.is_over:
        match.apply(rng.choice(match.legal_actions()))
    summary = round_summary(match)
    winner = match.round.winner
    assert summary.winner == NAMES[winner] and summary.points == match.round.points  # E3
    assert [name for name, _, _ in summary.rows] == [name for seat, name in enumerate(NAMES) if seat != winner]
    assert sum(worth for _, _, worth in summary.rows) == summary.points
    for (_, shown, _), seat in zip(summary.rows, (seat for seat in range(4) if seat != winner), strict=True):
        held = match.round.hand(seat)  # shown like the player's own hand: by colour, then by rank
        assert sorted(shown, key=str) == sorted(held, key=str) and list(shown) == [held[i] for i in hand_order(held)]
    assert summary.scores == ", ".join(f"{name} {score}" for name, score in zip(NAMES, match.scores, strict=True))
    assert summary.ending.startswith(f"{NAMES[winner]} went out with ")


@pytest.mark.parametrize(
    ("opponents", "left", "top", "right"),
    [
        (1, (), (1,), ()),
        (2, (), (1, 2), ()),
        (3, (1,), (2,), (3,)),
        (6, (1,), (2, 3, 4, 5), (6,)),
        (7, (1, 2), (3, 4, 5), (6, 7)),
        (9, (1, 2), (3, 4, 5, 6, 7), (8, 9)),
    ],
)
def test_the_roomy_table_seats_the_opponents_clockwise_from_the_players_left(opponents, left, top, right):
    # D8: play goes to the left at first: seat 1 sits on the player's left, and so on round the table.
    assert seating(opponents) == Seating(left, top, right)
    assert [*left, *top, *right] == list(range(1, opponents + 1))


def test_the_seat_after_the_one_to_act_is_marked_the_way_play_goes():
    match = Match.new(list(NAMES), seed=3)
    notes = TableNotes(4)
    lines = seat_lines(match, ["human", "greedy", "greedy", "greedy"], notes, 0, levels=["", "hard", "", "easy"])
    decider = match.round.decider
    assert [line.to_act for line in lines] == [seat == decider for seat in range(4)]
    after = (decider + match.round.direction) % 4
    assert [line.next_up for line in lines] == [seat == after for seat in range(4)]
    assert [line.level for line in lines] == ["", "hard", "", "easy"]


def test_cards_that_move_the_played_card_what_an_item_box_turned_and_each_seats_draws():
    events = [
        CardPlayed(1, C("WI")),
        CardTurned(1, C("B5")),
        *(CardsDrawn(seat, (C("R1"),), DrawReason.LIGHTNING, 1) for seat in (2, 3, 0)),
        ExtraTurn(1),
    ]
    assert motions(events, 0) == (
        Motion("play", 1, C("WI")),
        Motion("turn", 1, C("B5")),
        Motion("draw", 2, None),  # another seat's card is not shown
        Motion("draw", 3, None),
        Motion("draw", 0, C("R1")),  # the player sees their own
    )
    caught = [UnoCaught(2, 1), CardsDrawn(1, (C("R1"), C("R2")), DrawReason.UNO_CAUGHT, 2)]
    assert motions(caught, 0) == (Motion("draw", 1, None, 2),)
    assert motions([CardsDrawn(3, (), DrawReason.CHOICE, 1), TurnSkipped(3)], 0) == ()  # nothing left to draw


def test_the_cards_that_may_go_count_each_card_of_the_hand_twins_too():
    # Party playtest at 200x60: with two W+4 in hand the panel said "3 cards can go now: R8, B⊘, W+4." of four.
    match = Match.new(list(NAMES), seed=0)  # the player's turn, with two R9 that may go
    lines = seat_lines(match, ["human", "greedy", "greedy", "greedy"], TableNotes(4), 0)
    playable = lines[0].playable
    assert playable == (C("R1"), C("R4"), C("R8"), C("R9"), C("R9"), C("Y3"))
    assert may_go_words(tuple(short(card) for card in playable)) == "6 cards can go now: R1, R4, R8, R9, R9, Y3."
