"""House rules at the real table (HOUSE_RULES.md): chosen on New game, answered with keys, explained on screen."""

from __future__ import annotations

import pytest
from rich.text import Text

from unokart_tui.engine import Accept, HouseRules, JumpedIn, JumpIn, Phase, Play, Rank
from unokart_tui.settings import Settings
from unokart_tui.table.session import HUMAN
from unokart_tui.table.tableview import jump_in
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.choices import ChallengeDialog, TargetDialog
from unokart_tui.tui.dialogs.guide import GuideDialog
from unokart_tui.tui.dialogs.house_rules import HouseRulesDialog, toggled
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.screens.new_game import NewGameScreen
from unokart_tui.tui.screens.rules import RulesScreen
from unokart_tui.tui.widgets.cardface import short
from unokart_tui.tui.widgets.gamelog import GameLog
from unokart_tui.tui.widgets.hand import HandView
from unokart_tui.tui.widgets.hint import HintView
from unokart_tui.tui.widgets.table import TablePanel

from .helpers import (
    QUICK,
    SETTINGS,
    a_move_before,
    first_playable_card,
    holds_on,
    make_app,
    play_at_engine_speed,
    play_until,
    run_clock_until,
    settle,
    until,
)

PARTY = HouseRules.preset("party")


def subtitle(panel: TablePanel) -> str:
    """The words on a panel's bottom border."""
    return Text.from_markup(str(panel.border_subtitle)).plain


def stack_on_the_player(app) -> bool:
    return (
        isinstance(app.screen, GameScreen) and app.session.is_human_turn() and app.session.view().phase is Phase.STACK
    )


# The moments below are played to at engine speed, the move that brings each then through the table (its banner
# and its lines in the log, ``a_move_before``): played move by move through the table, they took 1 to 2 CPU-s each
# (issue 30).


def a_stack_on_the_player(match) -> bool:
    round_ = match.round
    return not round_.is_over and round_.decider == HUMAN and round_.phase is Phase.STACK


def a_stack_the_player_can_answer(match) -> bool:
    return a_stack_on_the_player(match) and any(isinstance(a, Play) for a in match.legal_actions())


def a_stack_the_player_cannot_answer(match) -> bool:
    return a_stack_on_the_player(match) and not any(isinstance(a, Play) for a in match.legal_actions())


async def test_a_stack_shows_its_total_and_d_takes_it():
    app = a_move_before(a_stack_on_the_player, seed=3, rules=HouseRules.preset("house"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert stack_on_the_player(app)
        screen, round_ = app.screen, app.session.match.round
        total, cards = round_.pending_draw, len(round_.hands[HUMAN])
        table = screen.query_one(TablePanel)
        stackable = any(isinstance(a, Play) for a in app.session.match.legal_actions())
        # Issue 34; at 80x24 the long "and nothing to stack: take them" was cut, and the short words take its place.
        said = "to you — stack or take it" if stackable else "to you: take them (d)"
        assert subtitle(table) == f"+{total} {said}"
        assert str(table.border_title) == "Table · rules: house"
        assert screen.controller.may("take") and not screen.controller.may("draw")
        assert "take them (d)" in screen.query_one(HandView).state.title
        await pilot.press("d")
        await pilot.pause()
        assert len(round_.hands[HUMAN]) == cards + total or len(round_.draw_pile) == 0
        assert not (round_.decider == HUMAN and round_.phase is Phase.STACK)


@pytest.mark.slow
async def test_a_stackable_card_is_bright_and_enter_stacks_it():
    app = a_move_before(a_stack_the_player_can_answer, seed=3, rules=HouseRules.preset("house"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert stack_on_the_player(app) and a_stack_the_player_can_answer(app.session.match)
        screen, session = app.screen, app.session
        state = screen.query_one(HandView).state
        stackable = {a.card for a in session.match.legal_actions() if isinstance(a, Play)}
        assert {state.cards[i] for i in state.playable} == stackable  # only those are bright
        assert state.cursor in state.playable  # the cursor waits on a card that can be stacked
        card = state.cards[screen.controller.cursor]
        moves = len(session.match.history[-1])
        await pilot.press("enter")
        if card.rank.value == "W+4":
            await pilot.press("b")
        await pilot.pause()
        played = session.match.history[-1][moves]
        assert isinstance(played, Play) and played.card == card


async def test_a_seven_asks_who_to_swap_with():
    app = make_app(seed=5, rules=HouseRules(seven_zero=True))

    def sevens(match) -> list[Play]:
        return [a for a in match.legal_actions() if isinstance(a, Play) and a.card.rank is Rank.SEVEN]

    def the_player_may_play_a_seven(match) -> bool:
        return match.round.decider == HUMAN and match.round.phase is Phase.PLAY and bool(sevens(match))

    # Up to the player's turn with a seven at engine speed (through the table: 10 s serial on a loaded machine).
    play_at_engine_speed(app.session, the_player_may_play_a_seven, player=first_playable_card)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        cards = screen.query_one(HandView).state.cards
        seven = cards.index(sevens(app.session.match)[0].card)
        await pilot.press(*["right"] * ((seven - screen.controller.cursor) % len(cards)), "enter")
        await until(pilot, lambda: isinstance(app.screen, TargetDialog))
        dialog = app.screen
        assert dialog.seven
        # Issue 34's playtest: "Whom do you swap…?" here, "Who do you hit?" for a Green Shell: one plain question.
        title = dialog.query(".title").first().render()
        assert str(title).startswith("Seven! Who do you swap hands with?")
        before = app.session.match.round.hands
        await pilot.press("1")
        await pilot.pause()
        assert app.session.match.round.hands != before  # the hands were swapped
        assert app.session.match.round.choice_for is None


@pytest.mark.slow
def a_twin_for_the_player(match) -> bool:
    """A card just played whose twin the player holds, on a bot's turn (H5): the player may jump in.

    Played to at engine speed, the player only drawing, the card that brings it through the table: the table drawn
    to it at every move, and its clock moved on from window to window, cost a quarter of a CPU-s a test (issue 30)."""
    return not match.round.is_over and match.round.decider != HUMAN and jump_in(match, HUMAN) is not None


async def test_the_player_jumps_in_with_one_key_within_the_fair_window():
    pace = QUICK._replace(jump_window=600.0)  # the window stays open while the test looks
    app = a_move_before(a_twin_for_the_player, player=holds_on, seed=2, rules=PARTY, pace=pace)
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        await run_clock_until(pilot, lambda: a_twin_for_the_player(session.match))
        screen = app.screen
        assert screen.controller.may("jump") and "j to jump in" in screen.query_one(HandView).state.title
        cards = len(session.view().hand)
        moves = len(session.match.history[-1])
        await pilot.press("j")
        await pilot.pause()
        assert len(session.match.history[-1]) > moves
        assert str(session.match.history[-1][moves]).startswith(f"jump {HUMAN} ")
        assert len(session.view().hand) < cards or session.match.round.is_over


@pytest.mark.slow
async def test_a_jump_in_a_moment_too_late_says_who_moved_first():
    # Found in play: j pressed a second after the prompt said "No jump-in now: it takes the twin of a card
    # just played…", as if the player had the rule wrong.
    pace = QUICK._replace(jump_window=600.0)
    app = a_move_before(a_twin_for_the_player, player=holds_on, seed=2, rules=PARTY, pace=pace)
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        await run_clock_until(pilot, lambda: a_twin_for_the_player(session.match))
        screen = app.screen
        twin = jump_in(session.match, HUMAN)
        assert twin is not None
        moved = None
        while jump_in(session.match, HUMAN) is not None:  # the bots move on before the player's key
            seat = session.bot_to_act()
            assert seat is not None
            moved = (seat, session.bot_action(seat))
            assert screen.controller.act(moved[1])
        assert moved is not None and isinstance(moved[1], Play)
        await pilot.press("j")
        await pilot.pause()
        said = [note.message for note in app._notifications]
        who, card = session.names[moved[0]], short(moved[1].card)
        assert f"Too late to jump in with your {short(twin.card)}: {who} played {card} first." in said


def a_bot_may_jump_in(match) -> bool:
    round_ = match.round
    return any(isinstance(a, JumpIn) for seat in range(1, round_.num_players) for a in round_.reactions(seat))


async def test_a_bots_jump_in_is_a_banner_and_a_log_line():
    app = make_app(seed=2, rules=PARTY)
    play_at_engine_speed(app.session, a_bot_may_jump_in, player=first_playable_card)  # the table lets it jump in
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        banners: list[str] = []
        logged: list[str] = []
        table = screen.controller
        show, write_log = table.show, table.write_log

        def shown(events, **options):
            show(events, **options)
            if any(isinstance(e, JumpedIn) and e.seat != HUMAN for e in events):
                banners.append(screen.banner_view.banner.text)

        def written(events, **options):
            write_log(events, **options)
            logged.extend(str(table.voice.who(e.seat)) for e in events if isinstance(e, JumpedIn))

        table.show, table.write_log = shown, written
        await play_until(pilot, lambda app: bool(banners), limit=1500)
        assert banners[0].startswith("Jump-in! ") and " jumps in with " in banners[0]
        assert logged and logged[0] in banners[0]


@pytest.mark.slow
async def test_house_rules_are_chosen_on_new_game(tmp_path):
    app = UnoKartApp(settings=Settings(bot_speed="instant", confirm_quit=False, guide=False), pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, HouseRulesDialog))
        await pilot.press("3")  # party
        await pilot.press("down", "down", "down", "down", "space")  # jump_in: off
        await pilot.press("down", "down", "down", "down", "right")  # hand_size: 8
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        wanted = PARTY.replace(jump_in=False, hand_size=8)
        assert str(app.screen.query_one("#house-rules").label) == "House rules: 5 chosen (ctrl+r)"
        app.screen.query_one("#seed").value = "3"  # a seeded deal: the test goes the same way every time
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.session.match.rules == wanted
        assert app.session.deal_again_command().endswith(
            "--rule stack_draw_two=true --rule stack_draw_four=true --rule stack_cross=true "
            "--rule seven_zero=true --rule hand_size=8"
        )


def test_turning_a_stacking_switch_keeps_the_combination_possible():
    rules = toggled(HouseRules(), "stack_cross")
    assert rules == HouseRules(stack_draw_two=True, stack_draw_four=True, stack_cross=True)
    assert toggled(rules, "stack_draw_four") == HouseRules(stack_draw_two=True)
    assert toggled(HouseRules(), "hand_size", -1).hand_size == 6
    assert toggled(HouseRules(hand_size=10), "hand_size").hand_size == 5
    assert toggled(HouseRules(), "banana").banana == "last-turn"


@pytest.mark.slow
async def test_help_and_the_rules_say_the_house_rules_in_play():
    app = make_app(seed=2, rules=PARTY)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, GuideDialog))
        text = " ".join(str(w.content) for w in app.screen.query("Static"))  # the words, whatever draws them
        assert "House rules: party" in text and "A 7 swaps hands with a player" in text
        assert "j jump in" in text
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "House rules in this match" in app.screen.text()
        assert "No stacking. *In this match house rules H1 (+2 stacks) and H3 (+4 on +2) change this.*" in (
            app.screen.text()
        )


async def test_a_lone_wild_draw_four_may_be_stacked_from_the_challenge_dialog():
    def can_stack_on_a_lone_four(app) -> bool:
        screen = app.screen
        return isinstance(screen, ChallengeDialog) and screen.can_stack

    def facing_a_lone_four_with_one(match) -> bool:
        round_ = match.round
        legal = match.legal_actions() if round_.decider == HUMAN and round_.phase is Phase.CHALLENGE else []
        return any(isinstance(action, Play) for action in legal)

    app = make_app(bots=("random",), seed=0, rules=HouseRules(stack_draw_four=True, hand_size=10))
    play_at_engine_speed(app.session, facing_a_lone_four_with_one)  # played through the table: 2,000 moves at most
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: can_stack_on_a_lone_four(app))
        moves = len(app.session.match.history[-1])
        await pilot.press("s")
        await until(pilot, lambda: type(app.screen).__name__ == "ColorDialog")
        await pilot.press("g")
        await pilot.pause()
        played = app.session.match.history[-1][moves]
        assert isinstance(played, Play) and str(played.card) == "W+4" and played.color.value == "green"


async def test_the_first_game_guide_names_the_house_rules_of_the_match():
    app = make_app(seed=2, rules=PARTY, settings=SETTINGS._replace(guide=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GuideDialog))
        assert app.screen.first_game and app.screen.rules == PARTY
        text = " ".join(str(w.content) for w in app.screen.query("Static"))  # the words, whatever draws them
        assert "House rules: party" in text and "d draw (or take a stack)" in text and "j jump in" in text


@pytest.mark.parametrize(
    ("rules", "said"),
    [(HouseRules(), "Jumping in is not a rule of this match."), (PARTY, "No jump-in now: it takes the twin")],
    ids=["official", "party"],
)
async def test_j_with_nothing_to_jump_in_with_says_why(rules, said):
    app = make_app(seed=2, rules=rules)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the player's own turn: they play, they do not jump in (H5a)
        assert jump_in(app.session.match, HUMAN) is None
        moves = len(app.session.match.history[-1])
        await pilot.press("j")
        await pilot.pause()
        assert any(note.message.startswith(said) for note in app._notifications)
        assert len(app.session.match.history[-1]) == moves


@pytest.mark.slow
async def test_play_again_keeps_the_house_rules():
    # Found in play: "Play again" after a party match dealt an official one (and its log's command lost --rules).
    app = make_app(seed=2, rules=PARTY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = app.session
        app.play_again()
        await until(pilot, lambda: app.session is not None and app.session is not first)
        assert app.session.match.rules == PARTY
        assert "--rules party" in app.session.deal_again_command()
    app.session.close()


def a_bot_may_jump_in_on_the_player(match) -> bool:
    round_ = match.round
    if round_.is_over or round_.decider != HUMAN:
        return False
    return any(isinstance(a, JumpIn) for seat in range(1, round_.num_players) for a in round_.reactions(seat))


async def test_a_key_for_a_turn_a_bot_jumped_in_on_is_refused_with_the_reason():
    # Found in play: Enter after a bot's jump-in took the player's turn (H5b) answered a bare "Wait for your turn".
    app = a_move_before(a_bot_may_jump_in_on_the_player, seed=4, rules=PARTY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and a_bot_may_jump_in_on_the_player(app.session.match)
        round_ = app.session.match.round
        jump = next(a for seat in range(1, round_.num_players) for a in round_.reactions(seat) if isinstance(a, JumpIn))
        screen = app.screen
        assert screen.controller.act(jump)  # as the pacer does once the bot's reaction time has passed
        # Issue 34: the turn taken is a banner and a line of the log, as every other interruption is.
        who = app.session.names[jump.seat]
        assert screen.banner_view.banner.text == f"Jump-in! {who} jumps in with {short(jump.card)} and takes your turn"
        moves = len(app.session.match.history[-1])
        said: list[str] = []  # what was noted (once the turn is back, the refusal goes: its moment has passed)
        notify = app.notify

        def noted(text, **options):
            said.append(text)
            notify(text, **options)

        app.notify = noted
        screen.controller.draw()  # the player's key, pressed before the bots move on
        screen.controller.play(screen.hand.state.cards[screen.controller.cursor])
        await pilot.pause()
        taken = f"{who} jumped in with {short(jump.card)} and took your turn: play goes on from {who}."
        assert said.count(taken) == 1
        logged = [entry.plain for entry in screen.query_one(GameLog).entries]
        assert (
            taken not in logged
            and sum(line.endswith(f"{who} jumps in out of turn and takes your turn!") for line in logged) == 1
        )
        later = app.session.match.round.view(HUMAN).public_history[moves:]
        assert all(seat != HUMAN for seat, _ in later)  # neither key played or drew


async def test_the_roomy_table_names_the_house_rules_on_its_felt():
    # Found in play: at 120x40 the house rules were named nowhere on the screen.
    app = make_app(seed=4, rules=PARTY)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert str(app.screen.felt.border_title).endswith("· rules: party")


async def test_a_drawn_card_the_player_must_play_is_told_in_the_log_h7():
    # Issue 34: "You draw B7. You play Blue 7." with no word of the house rule that left no choice.
    def must_play(match) -> bool:  # the player's draw, the move before, is the test's key
        return not match.round.is_over and match.round.decider == HUMAN and match.round.phase is Phase.DRAWN

    app = a_move_before(must_play, player=holds_on, seed=3, rules=HouseRules(must_play_drawn=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and must_play(app.session.match)
        drawn = app.session.match.round.drawn
        assert drawn is not None
        lines = [entry.plain for entry in app.screen.query_one(GameLog).entries]
        said = f"· You must play the {short(drawn)} you drew (house rule: a playable card drawn is played)."
        assert lines[-2:] == [f"· You draw {short(drawn)}.", said]
        assert app.screen.query_one(HandView).state.title.endswith("you must play the card you drew (enter)")


async def test_a_stack_the_player_cannot_answer_is_not_offered_as_one_to_stack():
    # Issue 34: "+8 to you — stack or take it" showed when there was nothing to stack.
    app = a_move_before(a_stack_the_player_cannot_answer, player=holds_on, seed=2, rules=PARTY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert stack_on_the_player(app) and a_stack_the_player_cannot_answer(app.session.match)
        total = app.session.match.round.pending_draw
        said = f"+{total} to you and nothing to stack: take them"
        panel = app.screen.query_one(TablePanel)
        assert panel.info.pending == said
        # Found at 80x24: "╰─ +2 to you and nothing to stack: t… ─╯"; the border takes the short words there.
        assert subtitle(panel) == f"+{total} to you: take them (d)"
        assert len(subtitle(panel)) <= panel.size.width - 6 < len(said)
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        assert subtitle(panel) == said  # room for the whole sentence
        banner = app.screen.banner_view.banner
        assert banner is None or "stack or take it" not in banner.text
        assert not any(
            "to you — stack or take it" in entry.plain for entry in app.screen.query_one(GameLog).entries[-3:]
        )


async def test_enter_after_a_hint_to_take_a_stack_takes_it():
    # Issue 34: Enter takes the hint's move, even where enter plays no card (nothing stacks on the total).
    app = a_move_before(a_stack_the_player_cannot_answer, player=holds_on, seed=2, rules=PARTY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert stack_on_the_player(app) and a_stack_the_player_cannot_answer(app.session.match)
        moves = len(app.session.match.history[-1])
        await pilot.press("t")
        await pilot.pause()
        assert str(app.screen.query_one(HintView).text).startswith("Take the ")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.session.match.history[-1]) > moves)
        assert app.session.match.history[-1][moves] == Accept()
