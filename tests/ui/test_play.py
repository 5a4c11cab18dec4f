"""Playing the table as a player does: keyboard only, and the mouse."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.geometry import Region

import saves
from unokart_tui.engine import Draw, Phase, Play
from unokart_tui.table.session import HUMAN
from unokart_tui.table.tableview import sorted_hand
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.notices import NoticeDialog
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets.cardface import cards as card_list
from unokart_tui.tui.widgets.hand import CARD_HEIGHT, CARD_WIDTH, GAP, HandView
from unokart_tui.tui.widgets.table import DrawPile

from .helpers import (
    QUICK,
    SETTINGS,
    answer_dialog,
    as_with_keys,
    first_playable_card,
    forgetful_bots,
    make_app,
    play_at_engine_speed,
    play_until,
    settle,
    take_turn_with_keys,
    until,
)


@pytest.mark.slow
async def test_a_whole_round_with_the_keyboard_only():
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        for _ in range(400):
            await settle(pilot)
            if session.match.round.is_over:
                break
            if isinstance(app.screen, GameScreen):
                await take_turn_with_keys(pilot)
            else:
                await answer_dialog(pilot)
        assert session.match.round.is_over
        await pilot.pause()
        assert isinstance(app.screen, NoticeDialog)  # the round-over dialog
        saved = saves.load("test match")
        assert saved.round == session.match.round and saved.scores == session.match.scores
        await pilot.press("enter")
        await settle(pilot)
        assert session.match.round_number == 2
    # The snapshot tests play to a move before their moment at engine speed (helpers.a_move_before): the round
    # the keys played, with the player's UNOs and a bot's catch, is the one played there.
    engine = make_app(seed=11, name="at engine speed").session
    play_at_engine_speed(engine, lambda match: match.round.is_over, player=as_with_keys, reactions=True)
    assert engine.match.history[0] == session.match.history[0]


async def test_an_unplayable_card_is_explained_and_changes_nothing():
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        screen = app.screen
        assert isinstance(screen, GameScreen)
        legal = {a.card for a in session.match.legal_actions() if isinstance(a, Play)}
        cards = screen.query_one(HandView).state.cards
        bad = next(i for i, card in enumerate(cards) if card not in legal)  # seed 11 deals the player one
        before = saves.path_of("test match").read_text()
        screen.controller.cursor = bad
        await pilot.press("enter")
        await pilot.pause()
        assert saves.path_of("test match").read_text() == before
        assert any("can't go on" in n.message for n in app._notifications)
        await pilot.press("enter", "enter")  # again, while the reason is still shown: no pile of copies
        await pilot.pause()
        assert sum("can't go on" in n.message for n in app._notifications) == 1


async def test_the_mouse_plays_a_card_and_draws():
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        plays = [a for a in session.match.legal_actions() if isinstance(a, Play) and not a.card.is_wild]
        assert plays, "this seed gives the player a coloured card to play"
        done = len(session.match.history[-1])
        hand = app.screen.query_one(HandView)
        row, column = divmod(hand.state.cards.index(plays[0].card), hand.per_row())
        # The middle of the card; the hand's border is one cell wide.
        await pilot.click(HandView, offset=(1 + column * (CARD_WIDTH + GAP) + 2, 1 + row * CARD_HEIGHT + 1))
        await pilot.pause()
        assert session.match.history[-1][done].card == plays[0].card
        for _ in range(50):  # on to the player's next turn, answering any dialog
            await settle(pilot)
            if isinstance(app.screen, GameScreen) and session.is_human_turn():
                break
            await answer_dialog(pilot)
        done = len(session.match.history[-1])
        await pilot.click(DrawPile)
        await pilot.pause()
        assert session.match.history[-1][done] == Draw()


@pytest.mark.slow
async def test_resuming_opens_the_same_decision():
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.session.match.round
        await pilot.press("q")
        await pilot.pause()
        assert app.session is None  # left to the title, the match's lock released
    from unokart_tui.table.session import Session

    resumed = Session.load("test match")
    assert resumed.match.round == before
    again = UnoKartApp(resumed, settings=SETTINGS, pace=QUICK)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.session.is_human_turn()
    resumed.close()


async def test_the_player_catches_a_bot_that_forgot_uno(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "cfg"))
    app = make_app(seed=11, profile=forgetful_bots(tmp_path / "cfg"))
    # At engine speed, with the moves the keys would make (through the table: 10 s serial on a loaded machine).
    play_at_engine_speed(
        app.session,
        lambda match: match.round.exposed not in (None, 0) and match.round.decider == HUMAN,
        player=first_playable_card,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        await settle(pilot)
        exposed = session.match.round.exposed
        assert exposed not in (None, 0), "a forgetful bot reached one card"
        await pilot.press("c")
        await pilot.pause()
        assert len(session.match.round.hands[exposed]) == 3
        assert session.match.round.exposed is None
        await pilot.press("c")  # again: the player was first, nothing came too late
        await pilot.pause()
        assert any("Nobody can be caught" in note.message for note in app._notifications)
        assert not any("Too late" in note.message for note in app._notifications)


async def test_saying_uno_late_saves_the_player():
    app = make_app(seed=11)

    def two_cards_and_a_play(match) -> bool:
        plays = [x for x in match.legal_actions() if isinstance(x, Play) and not x.card.is_wild]
        return match.round.decider == HUMAN and len(match.round.hands[HUMAN]) == 2 and bool(plays)

    # At engine speed, with the moves the keys would make (through the table: 17 s serial on a loaded machine).
    play_at_engine_speed(app.session, two_cards_and_a_play, player=first_playable_card)
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and two_cards_and_a_play(session.match)
        screen.controller.pacer.set_pace(
            QUICK._replace(bot_delay=30, catch_window=30)
        )  # no bot acts before the player's key
        card = next(x.card for x in session.match.legal_actions() if isinstance(x, Play) and not x.card.is_wild)
        cards = screen.query_one(HandView).state.cards
        screen.controller.cursor = cards.index(card)
        await pilot.press("enter")  # no "u" first: the player forgot
        assert session.match.round.exposed == 0
        assert "UNO" in screen.query_one(HandView).border_title
        await pilot.press("u")
        assert session.match.round.exposed is None
        assert len(session.view().hand) == 1
        await pilot.press("u")  # again: nothing came too late, the player said it in time
        assert not any("Too late" in note.message for note in app._notifications)


def footer_keys(app) -> set[str]:
    """The keys' descriptions on the bottom line of the screen, as the terminal would show it now."""
    console = Console(width=app.size.width, file=io.StringIO(), record=True, force_terminal=True)
    console.print(app.screen._compositor.render_update(full=True))  # what export_screenshot draws
    bottom = console.export_text().splitlines()[-1]
    every = ("Play", "Draw", "Keep", "UNO!", "Catch", "Fast", "Help", "Quit")
    return {description for description in every if f" {description} " in bottom}


@pytest.mark.slow
async def test_the_footer_shows_only_the_keys_that_apply(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "cfg"))
    app = make_app(seed=11, profile=forgetful_bots(tmp_path / "cfg"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert footer_keys(app) == {"Play", "Draw", "UNO!", "Help", "Quit"}  # the player's turn
        screen.controller.pacer.set_pace(
            QUICK._replace(bot_delay=30)
        )  # the next bot waits: the footer of the bots' turn stays up
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DRAWN)  # seed 11: the card drawn can be played
        assert footer_keys(app) == {"Play", "Keep", "UNO!", "Help", "Quit"}
        await pilot.press("p")
        await until(pilot, lambda: not app.session.is_human_turn())
        assert footer_keys(app) == {"UNO!", "Fast", "Help", "Quit"}


@pytest.mark.slow
async def test_the_footer_offers_catch_while_a_bot_that_forgot_uno_can_be_caught(tmp_path, monkeypatch):
    # Starts at the player's turn with a forgetful bot on one card, played there at engine speed: through the
    # table, the round to that moment took most of the footer test's 3 CPU-s.
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "cfg"))
    app = make_app(seed=11, profile=forgetful_bots(tmp_path / "cfg"))
    play_at_engine_speed(
        app.session,
        lambda match: match.round.exposed not in (None, HUMAN) and match.round.decider == HUMAN,
        player=first_playable_card,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.match.round.exposed not in (None, HUMAN), "a forgetful bot is on one card"
        assert footer_keys(app) == {"Play", "Draw", "UNO!", "Catch", "Help", "Quit"}
        await pilot.press("c")
        await pilot.pause()
        assert "Catch" not in footer_keys(app)


async def test_a_turn_starts_with_the_cursor_on_a_card_that_can_be_played():
    app = make_app(seed=10)  # the player leads, and the first card of the hand (R0) cannot go on the start card
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = screen.query_one(HandView).state
        assert 0 not in hand.playable and 3 in hand.playable
        assert hand.cursor == 3  # the nearest playable card, not the first card
        await pilot.press("left")
        assert screen.query_one(HandView).state.cursor == 2  # the player may still look at any card
        await pilot.press("right", "enter")
        await settle(pilot)
        hand = screen.query_one(HandView).state
        assert app.session.is_human_turn() and hand.playable
        assert hand.cursor in hand.playable  # and again when the turn comes back


async def test_a_save_error_names_the_folder_as_it_is(monkeypatch, tmp_path):
    # Messages hold paths and the player's names: shown as plain text, "[saves]" stays in them.
    blocker = tmp_path / "[saves]"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("UNOKART_DATA_DIR", str(blocker / "data"))
    app = make_app(seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one("#save-problem").render())
        assert "Saving fails" in shown and f"{blocker}/data" in shown
    app.session.close()


async def test_saying_uno_ahead_shows_in_the_hand_title():
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandView)

        def top_border() -> str:
            [line] = hand.render_lines(Region(0, 0, hand.outer_size.width, 1))
            return line.text

        await pilot.press("u")  # U1: said with the next play
        await pilot.pause()
        assert "[UNO ready]" in top_border()
        await pilot.press("u")  # changed their mind
        await pilot.pause()
        assert "UNO ready" not in top_border()
    app.session.close()


async def test_the_deal_again_line_keeps_the_bots_delay_given_on_the_command_line():
    from unokart_tui.table.session import Session
    from unokart_tui.tui.app import UnoKartApp
    from unokart_tui.tui.widgets.gamelog import GameLog

    session = Session.new("Ann", ["greedy"], seed=5, name="delayed", profile="easy")
    app = UnoKartApp(session, settings=SETTINGS, bot_delay=0.25)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = [line.plain for line in app.screen.query_one(GameLog).entries]  # as written, not as wrapped
        command = "unokart new --seed 5 --bots greedy --profile easy --bot-delay 0.25"
        assert any(line.endswith(command) for line in lines)
    session.close()


@pytest.mark.slow
async def test_a_hand_shown_in_a_challenge_is_sorted_like_the_players_own():
    # Found in play: the challenged hand came in the order it was held.
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(
            pilot, lambda app: "shows you their hand" in getattr(app.screen, "title_text", ""), challenge=True
        )
        revealed = app.session.match.round.view(HUMAN).revealed
        (hand,) = revealed.values()
        assert str(app.screen.body) == card_list(sorted_hand(hand))
