"""House rules at the table (HOUSE_RULES.md): what it shows and says, when bots jump in, and the player's keys."""

from __future__ import annotations

import pytest

from unokart_tui.engine import (
    Card,
    CardsDrawn,
    Draw,
    DrawPending,
    DrawReason,
    HandsPassed,
    HandsSwapped,
    HouseRules,
    JumpedIn,
    JumpIn,
    Match,
    Phase,
    Play,
    Round,
    StackAccepted,
)
from unokart_tui.history.timeline import replay
from unokart_tui.rules_text import CHANGED_LINES, HOUSE_RULES, house_rules_tag, house_rules_text, rules
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.table.tableview import applies, jump_in, status, table_info
from unokart_tui.voice.banners import banner
from unokart_tui.voice.narration import Voice, log_line, must_play_line
from unokart_tui.voice.notes import TableNotes

from .test_pacing import Table

NAMES = ("Ann", "Mario", "Luigi", "Peach")
VOICE = Voice(NAMES, 0)
C = Card.parse
PARTY = HouseRules.preset("party")


# ---------------------------------------------------------------- words


def test_a_house_rule_is_told_in_the_log_and_as_a_banner():
    assert log_line(JumpedIn(2, C("R5"), (1,)), VOICE).text == "· Luigi jumps in out of turn and takes Mario's turn!"
    assert banner([JumpedIn(2, C("R5"))], VOICE).text == "Jump-in! Luigi jumps in with R5"
    assert banner([DrawPending(3, 6)], VOICE).text == "+6 to Peach — stack or take it"
    assert banner([StackAccepted(0, 6)], VOICE).text == "You take the stack: 6 cards"
    assert banner([HandsSwapped(0, 2)], VOICE).text == "7 — You swap hands with Luigi"
    assert banner([HandsPassed(1, -1)], VOICE).text == "0 — every hand moves one seat right"
    assert {b.kind for b in map(lambda e: banner([e], VOICE), [JumpedIn(1, C("G2")), DrawPending(1, 2)])} == {"house"}


def test_H5_a_jump_in_says_whose_turn_it_takes_and_who_else_is_passed_over():
    # Issue 34's playtest: "Mario jumps in, out of turn!" did not say who lost their turn.
    assert log_line(JumpedIn(0, C("R5"), (2,)), VOICE).text == "· You jump in out of turn and take Luigi's turn!"
    assert log_line(JumpedIn(3, C("R5"), (0,)), VOICE).text == "· Peach jumps in out of turn and takes your turn!"
    assert log_line(JumpedIn(3, C("R5"), (1, 2)), VOICE).text == (
        "· Peach jumps in out of turn and takes Mario's turn! Luigi is passed over too."
    )
    assert log_line(JumpedIn(3, C("R5"), (1, 2, 0)), Voice((*NAMES, "Toad"), 0)).text.endswith(
        "takes Mario's turn! Luigi and you are passed over too."
    )
    # Issue 34: in the order of play (found in play: "Mario and you", Peach → you → Mario).
    assert log_line(JumpedIn(2, C("R5"), (3, 0, 1)), VOICE).text.endswith(
        "takes Peach's turn! You and Mario are passed over too."
    )
    six = Voice((*NAMES, "Toad", "Yoshi"), 0)
    assert log_line(JumpedIn(2, C("R5"), (3, 4, 0, 1)), six).text.endswith("Toad, you and Mario are passed over too.")
    assert log_line(JumpedIn(3, C("R5"), (4, 5, 0, 1, 2)), Voice((*NAMES, "Toad", "Yoshi"), 0)).text.endswith(
        "Yoshi, you, Mario and Luigi are passed over too."
    )
    assert log_line(JumpedIn(3, C("R5"), (4, 0, 1, 2)), six).text.endswith("You, Mario and Luigi are passed over too.")
    assert log_line(JumpedIn(2, C("R5"), (0, 1)), Voice(NAMES, 1)).text == (
        "· Luigi jumps in out of turn and takes Ann's turn! You are passed over too."
    )
    # From the engine: seat 0's turn, seat 2 jumps in, seat 1 is passed over too (H5).
    round_ = Round.from_position(
        [[C("G1"), C("G2")], [C("Y1"), C("Y2")], [C("R5"), C("B3")], [C("Y4")]],
        draw_pile=[],
        discard=[C("R5")],
        current=0,
        rules=HouseRules(jump_in=True),
    )
    first = round_.apply(JumpIn(2, C("R5")))[0]
    assert log_line(first, VOICE).text == "· Luigi jumps in out of turn and takes your turn! Mario is passed over too."


def test_drawing_until_a_card_goes_is_told_as_a_house_rule_h6():
    # Issue 34: "Peach draws 8 cards." said nothing of the house rule that made it so.
    eight = CardsDrawn(
        3, tuple(C(text) for text in ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "B9"]), DrawReason.CHOICE, 8
    )
    assert log_line(eight, VOICE).text == (
        "· Peach draws 8 cards, one at a time until one can be played (house rule: draw until playable)."
    )
    assert banner([eight], VOICE) == ("Draw until playable — Peach draws 8 cards", "house")
    mine = CardsDrawn(0, (C("R1"), C("B9")), DrawReason.CHOICE, 2)
    assert log_line(mine, VOICE).text == (
        "· You draw R1, B9, one at a time until one can be played (house rule: draw until playable)."
    )
    one = CardsDrawn(3, (C("B9"),), DrawReason.CHOICE, 1)  # T3's one card: nothing to explain
    assert log_line(one, VOICE).text == "· Peach draws 1 card." and banner([one], VOICE) is None
    penalty = CardsDrawn(3, (C("R1"), C("B9")), DrawReason.DRAW_TWO, 2)
    assert "house rule" not in log_line(penalty, VOICE).text and banner([penalty], VOICE) is None


@pytest.mark.parametrize(
    ("rules", "drawn", "seat", "said"),
    [
        (
            HouseRules(must_play_drawn=True),
            "B9",
            0,
            "You must play the B9 you drew (house rule: a playable card drawn is played).",
        ),
        (
            HouseRules(must_play_drawn=True),
            "B9",
            1,
            "Mario must play the card just drawn (house rule: a playable card drawn is played).",
        ),
        (HouseRules(must_play_drawn=True), "WI", 0, None),  # H7a: an Item Box may be kept
        (HouseRules(must_play_drawn=True), "R1", 0, None),  # it does not go: the turn is over
        (HouseRules(), "B9", 0, None),
    ],
)
def test_a_drawn_card_that_must_be_played_is_told_h7(rules, drawn, seat, said):
    # Issue 34: "You draw B7. You play Blue 7." with no word of the house rule that left no choice.
    hands = [["G1", "G2"], ["G3", "G4"], ["G5", "G6"], ["G7", "G8"]]
    round_ = Round.from_position(hands, [drawn, "Y1"], ["B5"], current=seat, rules=rules)
    events = round_.apply(Draw())
    line = must_play_line(events, round_, VOICE)
    assert (line.text if line else None) == (None if said is None else "· " + said)


def test_each_seat_remembers_a_stack_taken_and_a_swap():
    notes = TableNotes(4)
    notes.record([StackAccepted(1, 6), CardsDrawn(1, (C("R1"),) * 6, DrawReason.STACK, 6)], NAMES)
    assert notes.last[1] == "drew 6 (stack)"
    notes.record([HandsSwapped(2, 3)], NAMES)
    assert notes.last[2] == "swapped with Peach" and notes.last[3] == "swapped with Luigi"


@pytest.mark.parametrize(("twin", "your_row"), [("GS", "skipped by Mario"), ("G+2", "drew 2 (+2)")])
def test_a_seat_passed_over_by_a_jump_in_and_then_hit_by_its_card_reads_the_later_note_h5(twin, your_row):
    """Found in play: "Mario jumps in … passed over too", then "Mario plays Green Skip. · You lose the turn.",
    and the player's row kept "passed over by Mario". A +2's draw still outlives its own skip."""
    rules = HouseRules(jump_in=True)
    round_ = Round.from_position(
        [[C("R1"), C("R2")], [C(twin), C("Y3"), C("Y5")], [C("B1"), C("B2")]],
        [C("B4"), C("B5"), C("B6"), C("B7")],
        [C(twin)],
        current=0,
        direction=-1,
        rules=rules,
    )  # the player's turn, play to the right: Mario's jump-in passes over the player and Peach
    events = round_.apply(JumpIn(1, C(twin)))
    jumped = next(event for event in events if isinstance(event, JumpedIn))
    assert jumped.passed == (0, 2)
    notes = TableNotes(3)
    notes.record(events, ("You", "Mario", "Peach"))
    assert notes.last[0] == your_row and notes.last[2] == "passed over by Mario"


def test_the_rules_are_told_in_a_tag_and_in_plain_words():
    assert house_rules_tag(HouseRules()) == "official"
    assert house_rules_tag(PARTY) == "party"
    assert house_rules_tag(HouseRules(jump_in=True, hand_size=5)) == "jump-in, 5 cards"
    text = house_rules_text(PARTY)
    assert text.startswith("This match plays the **party** house rules:")
    assert "A 7 swaps hands with a player" in text and "twin of the top card" in text
    assert house_rules_text(HouseRules()) == "This match plays the official rules: no house rules."


def test_the_party_rules_mark_the_printed_draw_two_as_changed_h1_h3():
    text = rules(house=PARTY)
    (draw_two,) = (line for line in text.splitlines() if line.startswith("- **Draw Two**"))
    assert "No stacking." in draw_two
    assert draw_two.endswith("*In this match house rules H1 (+2 stacks) and H3 (+4 on +2) change this.*")
    assert "In this match" not in rules(house=HouseRules()) and "In this match" not in rules()


@pytest.mark.parametrize(
    ("switch", "value"),
    [(switch, "last-turn" if switch == "banana" else 5 if switch == "hand_size" else True) for switch in HOUSE_RULES],
)
def test_each_house_rule_marks_every_printed_line_it_changes_h1_to_h9(switch, value):
    needs = {"stack_cross": {"stack_draw_two": True, "stack_draw_four": True}}.get(switch, {})
    house = HouseRules(**{**needs, switch: value})
    rule = HOUSE_RULES[switch].rule
    lines = rules(house=house).splitlines()
    for end in CHANGED_LINES[switch]:
        (changed,) = (n for n, line in enumerate(lines) if end.removesuffix(" |") in line)
        note = lines[changed + 2] if lines[changed].startswith("#") else lines[changed]
        assert "*In this match house rule" in note and f"{rule} (" in note
    # Each note once per line: the house rule's own words are not repeated down the page.
    assert sum(line.count(f"{rule} (") for line in lines) == len(CHANGED_LINES[switch])


def test_a_resumed_house_rules_match_is_told_again_from_its_history():
    match = Match.new(list(NAMES), seed=4, target=10**6, rules=PARTY)
    for _ in range(60):
        legal = match.round.legal_actions()
        plays = legal[:-1] if match.round.phase is Phase.PLAY else legal
        match.apply((plays or legal)[0])
        if match.round.is_over:
            match.next_round()
    rounds = replay(match)
    assert rounds is not None  # replayed under its own rules, it ends where the match is


# ---------------------------------------------------------------- what the table shows


def stacked_match_from(seed: int) -> Match | None:
    """The party match of ``seed`` at the first moment a stack waits for an answer, if it comes."""
    match = Match.new(list(NAMES), seed=seed, target=10**6, rules=PARTY)
    for _ in range(300):
        if match.round.is_over:
            return None
        if match.round.phase is Phase.STACK:
            return match
        legal = match.round.legal_actions()
        plays = legal[:-1] if match.round.phase is Phase.PLAY else legal
        match.apply((plays or legal)[0])
    return None


def stacked_match() -> Match:
    """A party match at a moment when a stack waits for an answer the decider can give."""
    for match in filter(None, map(stacked_match_from, range(200))):
        if any(isinstance(a, Play) for a in match.round.legal_actions()):
            return match
    raise AssertionError("no stack with an answer")


def test_the_table_shows_the_rules_and_a_pending_stack():
    match = stacked_match()
    decider = match.round.decider
    info = table_info(match, TableNotes(4), you=(decider + 1) % 4)
    assert info.rules == "party"
    assert info.pending == f"+{match.round.pending_draw} to {NAMES[decider]} — stack or take it"
    mine = table_info(match, TableNotes(4), you=decider)
    assert mine.pending.startswith(f"+{match.round.pending_draw} to you")
    assert status(match, decider, thinking=False, held=False).startswith(f"+{match.round.pending_draw} to you")
    assert applies("take", match, decider) and applies("play", match, decider)
    assert not applies("draw", match, decider) and not applies("take", match, (decider + 1) % 4)


def test_with_nothing_to_stack_only_taking_is_offered():
    """H1-H3: enter is not offered on a stack the hand cannot answer, and the status says so."""
    for seed in range(200):
        match = stacked_match_from(seed)
        if match is not None and not any(isinstance(a, Play) for a in match.round.legal_actions()):
            break
    else:
        raise AssertionError("no stack without an answer")
    decider, total = match.round.decider, match.round.pending_draw
    assert applies("take", match, decider) and not applies("play", match, decider)
    assert applies("move", match, decider)
    assert status(match, decider, thinking=False, held=False) == f"+{total} to you and nothing to stack: take them (d)"
    # Issue 34: the banner, the table and the log said "stack or take it" with nothing to stack.
    said = f"+{total} to you and nothing to stack: take them"
    assert table_info(match, TableNotes(4), you=decider).pending == said
    voice = Voice(NAMES, decider)
    assert banner([DrawPending(decider, total)], voice, can_stack=False).text == said
    assert log_line(DrawPending(decider, total), voice, can_stack=False).text == f"· {said}."
    assert banner([DrawPending(decider, total)], voice).text == f"+{total} to you — stack or take it"
    theirs = banner([DrawPending((decider + 1) % 4, total)], voice, can_stack=False).text
    assert theirs == f"+{total} to {NAMES[(decider + 1) % 4]} — stack or take it"  # another's hand is not known


def test_keep_is_offered_only_when_a_drawn_card_may_be_kept():
    must = HouseRules(must_play_drawn=True)
    for seed in range(300):
        match = Match.new(list(NAMES), seed=seed, target=10**6, rules=must)
        match.apply(match.round.legal_actions()[-1]) if match.round.phase is Phase.PLAY else None
        if match.round.phase is Phase.DRAWN and match.round.drawn.rank.value != "WI":
            break
    else:
        raise AssertionError("no playable drawn card")
    decider = match.round.decider
    assert not applies("keep", match, decider) and applies("play", match, decider)
    assert status(match, decider, thinking=False, held=False) == "you must play the card you drew (enter)"


def test_jump_in_is_offered_to_the_player_who_holds_the_twin():
    for seed in range(300):
        match = Match.new(list(NAMES), seed=seed, target=10**6, rules=PARTY)
        for _ in range(200):
            if match.round.is_over:
                break
            holder = next((s for s in range(4) if jump_in(match, s) is not None), None)
            if holder is not None:
                assert applies("jump", match, holder)
                assert status(match, holder, thinking=False, held=False).endswith("j to jump in!")
                assert jump_in(match, holder) == JumpIn(holder, match.round.top_card)
                assert not applies("jump", match, (holder + 1) % 4) or jump_in(match, (holder + 1) % 4)
                return
            legal = match.round.legal_actions()
            plays = legal[:-1] if match.round.phase is Phase.PLAY else legal
            match.apply((plays or legal)[0])
    raise AssertionError("no jump-in")


# ---------------------------------------------------------------- when bots jump in (the pacer)


def party_table(name: str, pace: Pace) -> Table:
    bots = ["greedy", "challenger", "item-hoarder"]
    session = Session.new("Ann", bots, seed=7, name=name, target=10**6, rules=PARTY)
    return Table(session, pace)


def scheduled(table: Table) -> bool:
    """Whether a wake-up that is still wanted is pending."""
    return any(not timer.stopped for *_, timer in table.pending)


def next_event(table: Table, player) -> None:
    """Whatever comes next: the player's move (``player(match)``), a wake-up, or the next round."""
    session = table.session
    if session.match.round.is_over and not scheduled(table):
        session.next_round()
        table.pacer.new_round()
        table.pacer.step()
    elif session.is_human_turn() and not scheduled(table):
        table.act(player(session.match))
    else:
        assert table.run_next()


def keeps_drawing(match: Match) -> object:
    return match.legal_actions()[-1]


def first_moment(table: Table, wanted) -> None:
    """Play on (the player keeps drawing) until ``wanted(table)``."""
    table.pacer.step()
    for _ in range(3000):
        if wanted(table):
            return
        next_event(table, keeps_drawing)
    raise AssertionError("the moment never came")


def test_h5b_the_person_who_may_jump_in_gets_the_fair_window_before_the_next_bot_moves():
    table = party_table("jump window", Pace(bot_delay=0.2, catch_window=1.5))

    def twin_held_bot_to_move(table: Table) -> bool:
        round_ = table.session.match.round
        held = jump_in(table.session.match, HUMAN) is not None
        return held and not round_.is_over and round_.decider != HUMAN and table.pacer.exposure is None

    first_moment(table, twin_held_bot_to_move)
    began, moves = table.pacer.jump_began, len(table.acted)
    assert began is not None
    assert table.run_next()
    moment, _action = table.acted[moves]
    assert moment - began >= Pace().jump_window == 3.0  # the bot's move waited for the player's chance, not 0.2 s


def test_h5b_the_fair_window_does_not_depend_on_the_persons_hand():
    # Playtest: a wait only while the person holds the twin would tell the others at a friends'
    # table that they hold it. Every card one may jump in on is followed by the same wait.
    table = party_table("no tell", Pace(bot_delay=0.2, catch_window=1.5))

    def no_twin_bot_to_move(table: Table) -> bool:
        match = table.session.match
        round_ = match.round
        if round_.is_over or round_.decider == HUMAN or table.pacer.exposure is not None:
            return False
        top = round_.top_card
        played = any(isinstance(action, (Play, JumpIn)) and action.card == top for action in match.history[-1][-1:])
        return played and top.color is not None and round_.phase is Phase.PLAY and jump_in(match, HUMAN) is None

    first_moment(table, no_twin_bot_to_move)
    began, moves = table.pacer.jump_began, len(table.acted)
    assert began is not None  # the window opened though the person holds no twin
    assert table.run_next()
    moment, _action = table.acted[moves]
    assert moment - began == pytest.approx(Pace().jump_window)


def test_a_bot_jumps_in_before_the_move_and_the_player_can_jump_in_first():
    table = party_table("bots jump", Pace(bot_delay=0.2, catch_window=1.5))
    table.pacer.step()
    jumps = []
    for _ in range(3000):
        jump = jump_in(table.session.match, HUMAN)
        if jump is not None:  # the player presses j within the window
            table.act(jump)
        else:
            next_event(table, keeps_drawing)
        jumps = [(moment, action) for moment, action in table.acted if isinstance(action, JumpIn)]
        if {action.seat == HUMAN for _, action in jumps} == {True, False}:
            break
    assert any(action.seat != HUMAN for _, action in jumps), "no bot jumped in"
    assert any(action.seat == HUMAN for _, action in jumps), "the player never jumped in"


def test_h5b_while_the_player_decides_a_bot_jumps_in_after_its_reaction_time_and_the_window():
    table = party_table("during your turn", Pace(bot_delay=0.1, catch_window=1.5))
    table.pacer.step()
    for _ in range(5000):
        if table.session.is_human_turn() and scheduled(table):
            # The player takes their time: what was scheduled comes first, a bot's jump-in.
            acted, started = len(table.acted), table.pacer._acted_at
            assert table.run_next()
            if len(table.acted) > acted:
                moment, action = table.acted[-1]
                assert isinstance(action, JumpIn) and action.seat != HUMAN
                reaction = table.session.bots[action.seat].reaction_seconds
                assert moment - started == pytest.approx(max(reaction, Pace().jump_window))
                return
        else:
            next_event(table, keeps_drawing)
    raise AssertionError("no bot jumped in while the player was deciding")


def test_a_stacked_play_is_a_legal_play_of_the_player():
    match = stacked_match()
    plays = [a for a in match.round.legal_actions() if isinstance(a, Play)]
    assert plays and all(a.card.rank.value in ("+2", "W+4") for a in plays)


def test_the_line_for_stacked_wild_draw_fours_says_a_lone_one_may_still_be_challenged_h2_h1a():
    # Issue 34: "(no challenge)" read as if a Wild Draw Four could never be challenged under H2;
    # H1a takes the challenge away only once something is stacked.
    line = HOUSE_RULES["stack_draw_four"].line
    assert "(no challenge)" not in line
    assert "a stack cannot be challenged" in line
