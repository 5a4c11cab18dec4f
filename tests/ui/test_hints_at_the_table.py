"""Hints (t) and the autopilot (a) at the table: the expert at the player's side, from the player's view only.

What a hint says is in test_hint_sentences.py; the keys of a dialog in each language in
test_dialog_keys_in_each_language.py (issue 30: no module over 700 lines)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App
from textual.widgets import Static

import saves
from unokart_tui.engine import Card, Color, Draw, HouseRules, Match, Pass, Phase, Play, Rank
from unokart_tui.table.advisor import Advisor, Hint
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN
from unokart_tui.tui.dialogs.choices import ChallengeDialog, ColorDialog, ColourKeys, TargetDialog
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets.gamelog import GameLog
from unokart_tui.tui.widgets.hand import HandView
from unokart_tui.tui.widgets.hint import HintView
from unokart_tui.tui.widgets.keybar import KeyBar
from unokart_tui.voice.cards import long

from .helpers import (
    first_playable_card,
    holds_on,
    let_time_pass,
    make_app,
    play_at_engine_speed,
    run_clock_until,
    settle,
    until,
)


def _record_player_moves(session) -> list[object]:
    """The actions applied while the player's seat was deciding (the session's ``apply``, wrapped)."""
    moves: list[object] = []
    apply = session.apply

    def recording(action):
        mine = session.is_human_turn()
        events = apply(action)
        if mine:
            moves.append(action)
        return events

    session.apply = recording
    return moves


@pytest.mark.slow
async def test_t_shows_the_experts_move_and_counts_it_in_the_save():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        expected = Advisor(app.session).hint()
        await pilot.press("t")
        await pilot.pause()
        shown = screen.query_one(HintView)
        assert shown.display and shown.text.removesuffix(" (enter)") == expected.text
        assert app.session.seats[HUMAN].hints == 1
        await pilot.press("t")
        await pilot.pause()
        # Issue 34: "Hints 123" counted every press; one decision is one hint, and the same advice.
        assert app.session.seats[HUMAN].hints == 1 and shown.text.removesuffix(" (enter)") == expected.text
        game = saves.loads_game(saves.path_of(app.session.name).read_text())
        assert game.seats[HUMAN].hints == 1  # the statistics can read it later
        assert game.seats[1].hints == 0
        # The hint is about the decision it was asked for: the next move takes it away.
        await pilot.press("d" if app.session.view().phase is Phase.PLAY else "p")
        await pilot.pause()
        assert shown.text is None and not shown.display


async def test_a_long_hint_wraps_whole_at_80_columns():
    # Issue 34: a hint was cut at 80 columns instead of wrapping.
    words = ["Play W+4 as yellow and say UNO: Mario is on two cards and it holds them back"] + [
        f"reason number {n} for the move" for n in range(8)
    ]
    sentence = " and ".join(words) + " — keep the Wild Item Box for later"
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = app.screen.query_one(HintView)
        shown.text = sentence
        await pilot.pause()
        wrapped = Text(f"Hint: {sentence}").wrap(app.console, shown.content_region.width)
        assert len(wrapped) > 3 and shown.content_region.height == len(wrapped)  # every line of it, none cut


def draw_advised_in(app):
    """Whether, in ``app``'s match, it is the player's turn to play and the hint says to draw."""

    def a_draw_is_advised(match) -> bool:
        return (
            match.round.decider == HUMAN
            and match.round.phase is Phase.PLAY
            and isinstance(Advisor(app.session).hint().action, Draw)
        )

    return a_draw_is_advised


async def test_enter_takes_the_hints_move_a_draw_too_until_the_cursor_moves():
    # Issue 34: Enter after "Hint: Draw: …" played the card under the cursor and answered "Not allowed".
    app = make_app(seed=7)
    a_draw_is_advised = draw_advised_in(app)
    # At engine speed (through the table, asking the expert at every frame: 48 s serial on a loaded machine).
    play_at_engine_speed(app.session, a_draw_is_advised, player=first_playable_card)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.session.is_human_turn()
        screen.controller.pacer.set_pace(Pace(bot_delay=60, catch_window=0, jump_window=0, banner_seconds=None))
        moves = len(app.session.match.history[-1])
        hints = app.session.seats[HUMAN].hints
        await pilot.press("t")
        await pilot.pause()
        assert screen.query_one(HintView).text.startswith("Draw: ") and screen.query_one(HintView).text.endswith(
            " (enter)"
        )
        # Found in play: the bar said "Play" while Enter took the hint's draw. It says what Enter does.
        assert screen.check_action("intent", ("hinted",)) and not screen.check_action("intent", ("play",))
        await pilot.press("t")  # asked again: the same decision, counted once
        await pilot.press("enter")
        await until(pilot, lambda: len(app.session.match.history[-1]) > moves)
        assert app.session.match.history[-1][moves] == Draw()
        assert app.session.seats[HUMAN].hints == hints + 1
        assert not [note for note in app._notifications if note.title == "Not allowed"]


async def test_the_key_bar_and_the_title_follow_every_cursor_move_after_a_hint_to_draw():
    # Issue 34: hint to draw, End moved the cursor, and the bar still said "Take the hint" while
    # Enter tried to play the card under the cursor. One predicate decides the bar, the title and Enter.
    app = make_app(seed=7)
    a_draw_is_advised = draw_advised_in(app)
    play_at_engine_speed(app.session, a_draw_is_advised, player=first_playable_card)
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.controller.pacer.set_pace(Pace(bot_delay=60, catch_window=0, jump_window=0, banner_seconds=None))
        await pilot.press("t")
        await pilot.pause()
        assert "Take the hint" in str(screen.query_one(KeyBar).render())
        assert "draw, as the hint says" in screen.query_one(HandView).state.title
        await pilot.press("end")
        await pilot.pause()
        bar = str(screen.query_one(KeyBar).render())
        assert "Take the hint" not in bar and "Play" in bar
        assert "as the hint says" not in screen.query_one(HandView).state.title
        assert not screen.query_one(HintView).text.endswith("(enter)")


async def test_after_the_cursor_moves_enter_plays_the_card_under_it_not_the_hint():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.controller.pacer.set_pace(Pace(bot_delay=60, catch_window=0, jump_window=0, banner_seconds=None))
        await pilot.press("t")
        await pilot.pause()
        advised = screen.controller.hinted
        state = screen.query_one(HandView).state
        other = next(i for i in sorted(state.playable) if state.cards[i] != getattr(advised, "card", None))
        await pilot.press(*(["right"] * ((other - screen.controller.cursor) % len(state.cards))))
        assert not screen.query_one(HintView).text.endswith("(enter)")
        moves = len(app.session.match.history[-1])
        await pilot.press("enter")
        await until(pilot, lambda: len(app.session.match.history[-1]) > moves)
        played = app.session.match.history[-1][moves]
        assert isinstance(played, Play) and played.card == state.cards[other]


@pytest.mark.slow
async def test_a_hint_puts_the_cursor_on_the_advised_card():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        advised = Advisor(app.session).hint().action
        assert isinstance(advised, Play)
        while screen.controller.selected_card() == advised.card:  # start from another card
            await pilot.press("right")
        await pilot.press("t")
        await pilot.pause()
        assert screen.controller.selected_card() == advised.card
        assert screen.query_one(HandView).state.cursor == screen.controller.cursor


async def test_the_colour_of_a_hinted_wild_draw_four_is_enter_in_the_colour_dialog():
    """First escape in the colour dialog, which keeps the card and the turn; then the hinted card again, whose colour
    enter takes. The escape was a test of its own on the same first turn, which drew a card to show the turn was still
    the player's: the Wild Draw Four played after it shows that (issue 30: one table fewer to start)."""
    app = make_app(seed=7)  # the player holds two Wild Draw Fours on its first turn (see the snapshot)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        four = Card.parse("W+4")
        hand = app.session.view().hand
        while screen.controller.selected_card() != four:
            await pilot.press("right")
        # Found in play: a Wild Draw Four chosen by mistake could not be taken back before its colour.
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ColorDialog))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert app.session.view().hand == hand and app.session.is_human_turn()
        assert screen.controller.selected_card() == four
        screen.controller.hinted = Play(four, Color.BLUE)  # as if the hint had advised it
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ColorDialog))
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ColorDialog))
        history = app.session.match.round.view(HUMAN).public_history
        mine = [action for seat, action in history if seat == HUMAN and isinstance(action, Play)]
        assert mine[-1] == Play(four, Color.BLUE, False)
        # Issue 34: the colour the hint picked is said (found in play: Enter chose it without a word).
        logged = [entry.plain for entry in screen.query_one(GameLog).entries]
        assert f"· You play {long(four)} and call blue, as the hint advised." in logged
        assert f"· You play {long(four)} and call blue." not in logged  # issue 34: one line, not two


async def test_a_hinted_wild_draw_four_opens_its_colour_dialog_on_the_hints_colour():
    """Issue 34: found in play, "Play W+4 as green" and Enter opened the colour dialog with nothing chosen."""
    app = make_app(seed=7)  # the player holds two Wild Draw Fours on its first turn (see the snapshot)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        four = Card.parse("W+4")
        advice = Hint(Play(four, Color.GREEN), "Play W+4 as green: a test's advice")

        def take_hint() -> Hint:
            screen.controller.hinted = advice.action
            return advice

        screen.controller.take_hint = take_hint  # the expert's advice, fixed: the table's own handling is tested
        await pilot.press("t")
        await pilot.pause()
        assert screen.controller.selected_card() == four
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ColorDialog))
        dialog = app.screen
        assert dialog.query_one(ColourKeys).advised is Color.GREEN
        chosen = dialog.query_one("#colour-hint", Static)
        assert chosen.has_class("-shown")
        assert str(chosen.render()) == "The hint chose Green: enter takes it, or pick another."
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ColorDialog))
        history = app.session.match.round.view(HUMAN).public_history
        assert [action for seat, action in history if seat == HUMAN][-1] == Play(four, Color.GREEN, False)


def _plays_without_uno(match: Match):
    legal = match.legal_actions()
    plays = (a for a in legal if isinstance(a, Play) and a.card.rank is not Rank.WILD_DRAW_FOUR and not a.uno)
    return next(plays, holds_on(match))


async def test_enter_after_a_hint_says_the_uno_the_hint_said():
    # Issue 34: Enter took the hint's play and said UNO with it, and nothing said the UNO.
    app = make_app(seed=4)

    def two_cards(match: Match) -> bool:
        round_ = match.round
        return round_.decider == HUMAN and len(round_.hands[HUMAN]) == 2 and round_.phase is Phase.PLAY

    play_at_engine_speed(app.session, two_cards, player=_plays_without_uno)
    advised = Advisor(app.session).hint().action  # the same expert, seeded as the table's
    assert isinstance(advised, Play) and advised.uno
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert (HUMAN, advised) in app.session.match.round.view(HUMAN).public_history
        logged = [entry.plain for entry in table.query_one(GameLog).entries]
        assert f"· You play {long(advised.card)} and say UNO, as the hint advised." in logged
        assert f"· You play {long(advised.card)}." not in logged  # issue 34: one line, not two
    app.session.close()


async def test_without_a_hint_enter_picks_no_colour():
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        answers: list[object] = []
        app.push_screen(ColorDialog("a test"), answers.append)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert answers == []
        await pilot.press("y")
        await pilot.pause()
        assert answers == [Color.YELLOW]


async def test_a_hint_is_for_the_players_turn_only():
    app = make_app(seed=7, pace=Pace(bot_delay=60, catch_window=0, banner_seconds=None))  # the bots wait
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = app.session
        if session.is_human_turn():
            pytest.fail("seed 7 should start on a bot's turn")
        await pilot.press("t")
        await pilot.pause()
        assert session.seats[HUMAN].hints == 0
        assert app.screen.query_one(HintView).text is None


async def test_a_plays_the_players_turns_until_pressed_again():
    # The bots (and the autopilot, which waits as long) take half a second a move: the keys come in between.
    app = make_app(seed=3, pace=Pace(bot_delay=0.5, catch_window=0, banner_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        await run_clock_until(pilot, session.is_human_turn)
        hand = app.screen.query_one(HandView)
        moves = _record_player_moves(session)
        await pilot.press("a")
        assert "autopilot" in hand.state.title
        await run_clock_until(pilot, lambda: len(moves) >= 1)
        await pilot.press("a")
        assert "autopilot" not in hand.state.title
        await run_clock_until(pilot, lambda: session.is_human_turn() or session.match.round.is_over)
        assert not session.match.round.is_over
        taken = len(moves)
        await let_time_pass(pilot, 10 * app.screen.controller.pacer.pace.bot_delay)
        assert len(moves) == taken  # the player's turn waits for the player again
        assert all(isinstance(action, (Play, Draw, Pass)) for action in moves)


def _first_turn_draws_a_playable_card(seed: int) -> bool:
    round_ = Match.new(["Ann", "Mario"], seed=seed).round
    if round_.decider != HUMAN or round_.phase is not Phase.PLAY:
        return False
    probe = round_.copy()
    probe.apply(Draw())
    return probe.phase is Phase.DRAWN


@pytest.mark.slow
async def test_the_autopilot_never_finishes_a_move_the_player_began():
    # A seed where the player's first turn draws a card that can be played: T3 asks play or keep.
    seed = next((seed for seed in range(300) if _first_turn_draws_a_playable_card(seed)), None)
    assert seed is not None, "no seed in 300 draws a playable card on the player's first turn"
    app = make_app(bots=("greedy",), seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        moves = _record_player_moves(session)
        await pilot.press("d")
        await until(pilot, lambda: session.view().phase is Phase.DRAWN)
        await pilot.press("a")  # the autopilot on, in the middle of the player's own move
        for _ in range(20):
            await pilot.pause()
        assert moves == [Draw()]
        assert session.view().phase is Phase.DRAWN  # still the player's to finish
        await pilot.press("p")  # kept; from the next turn on, the autopilot plays
        await until(pilot, lambda: len(moves) >= 3 or session.match.round.is_over, limit=400)


@pytest.mark.slow
def test_a_hint_on_the_table(snap_compare):
    async def ask_for_a_hint(pilot):
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(make_app(seed=7), terminal_size=(80, 24), run_before=ask_for_a_hint)


async def test_t_in_the_challenge_dialog_shows_the_experts_answer_and_counts_it():
    """Found in play: "t" at the accept-or-challenge prompt did nothing."""
    app = make_app(seed=3)
    play_at_engine_speed(app.session, lambda m: m.round.decider == HUMAN and m.round.phase is Phase.CHALLENGE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChallengeDialog))
        dialog = app.screen
        assert "Hint" in str(dialog.query_one(KeyBar).render())
        await pilot.press("t")
        await pilot.pause()
        shown = str(dialog.query_one("#challenge-hint").render())
        assert shown.startswith("Hint: Challenge") or shown.startswith("Hint: Accept")
        assert app.session.seats[HUMAN].hints == 1
        assert isinstance(app.screen, ChallengeDialog)  # still the player's to answer
    app.session.close()


async def test_t_in_the_swap_dialog_shows_whom_the_expert_would_choose_h4():
    """Found in play (party): in "Seven! Whom do you swap hands with?", t did nothing and said nothing."""
    app = make_app(seed=3, rules=HouseRules.preset("party"))

    def a_seven_if_any(match):
        sevens = [a for a in match.legal_actions() if isinstance(a, Play) and a.card.rank is Rank.SEVEN]
        return sevens[0] if sevens else holds_on(match)

    play_at_engine_speed(app.session, lambda m: m.round.choice_for == "seven", player=a_seven_if_any)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TargetDialog) and app.screen.seven)
        dialog = app.screen
        assert "Hint" in str(dialog.query_one(KeyBar).render())
        hints = app.session.seats[HUMAN].hints
        await pilot.press("t")
        await pilot.pause()
        assert str(dialog.query_one("#target-hint").render()).startswith("Hint: Swap hands with ")
        assert app.session.seats[HUMAN].hints == hints + 1
        assert app.screen is dialog  # still the player's to choose
    app.session.close()


async def test_t_in_the_bob_ombs_colour_dialog_shows_the_experts_colour_i5():
    """Issue 34: the Bob-omb's "Choose a colour" had no t, where the swap and the challenge have one."""
    app = make_app(seed=2)

    def item_boxes(match: Match):
        boxes = [a for a in match.legal_actions() if isinstance(a, Play) and a.card.rank is Rank.WILD_ITEM_BOX]
        return boxes[0] if boxes else holds_on(match)

    def bob_omb(match: Match) -> bool:
        return match.round.decider == HUMAN and match.round.choice_for == "bob-omb"

    play_at_engine_speed(app.session, bob_omb, player=item_boxes)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ColorDialog))
        dialog = app.screen
        assert "Hint" in str(dialog.query_one(KeyBar).render())
        hints = app.session.seats[HUMAN].hints
        await pilot.press("t")
        await pilot.pause()
        assert str(dialog.query_one("#colour-hint").render()).startswith("Hint: Choose ")
        assert app.session.seats[HUMAN].hints == hints + 1
        assert app.screen is dialog  # still the player's to choose
    app.session.close()
