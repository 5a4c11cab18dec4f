"""Cards that move: a play to the pile, draws to a seat, an Item Box's card turned over; never in the way.

Textual's animations are off in every test (conftest): these turn them on where they look
at the motion itself, and wait for the cards to land (each flight keeps a timer of its own at
its frame rate), or stop the flights' clock (``motion.monotonic``) to keep a card in the air.
"""

from __future__ import annotations

import pytest
from textual.events import Key
from textual.geometry import Offset

from unokart_tui.engine import CardPlayed, CardsDrawn, CardTurned, DrawReason, Phase, Play
from unokart_tui.table.session import HUMAN
from unokart_tui.table.tableview import motions
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets import motion
from unokart_tui.tui.widgets.cardface import short
from unokart_tui.tui.widgets.cardview import CardView
from unokart_tui.tui.widgets.motion import FLIGHT_FPS, TRAVEL, FlyingCard, MotionPlan

from .helpers import QUICK, make_app, settle
from .test_tableview import C


def flying(screen: GameScreen) -> list[FlyingCard]:
    return [flight for flight in screen.query(FlyingCard) if flight.in_flight]


async def all_landed(pilot, screen: GameScreen) -> None:
    """Until no card is in the air: a flight lasts its delay and TRAVEL, on its own timer (real time)."""
    for _ in range(100):  # 4 s at most: a flight is a fifth of a second, a loaded machine slower
        if not flying(screen):
            return
        await pilot.pause(1 / FLIGHT_FPS)
    raise AssertionError("a card never landed")


@pytest.mark.slow
async def test_a_played_card_travels_to_the_pile_and_lands_within_the_motions_time():
    assert MotionPlan.SECONDS <= 0.3  # the limit for one action's motion
    app = make_app(seed=7)  # bots at full speed: their own moves are too quick to be shown
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        state = screen.hand.state
        play = next(a for a in screen.session.match.legal_actions() if isinstance(a, Play) and not a.card.is_wild)
        screen.controller.cursor = state.cards.index(play.card)
        start = screen.hand.card_region(screen.controller.cursor)
        screen.controller.act(play)  # as the enter key has it done; the pilot's keys would wait for the motion to end
        [flight] = flying(screen)  # the table is already drawn as it is now; the card is on its way
        assert flight.card == play.card and screen.session.match.round.top_card == play.card
        assert flight.start == (start.x, start.y)  # from the card's place in the hand
        pile = screen.query_one("#top-card").region
        assert pile.contains(flight.end.x + 4, flight.end.y + 3)  # it lands over the top card
        await all_landed(pilot, screen)
        assert flying(screen) == []
    app.session.close()


@pytest.mark.slow
async def test_no_motion_in_tests_with_reduce_motion_or_while_the_bots_are_fast_forwarded():
    events = [CardPlayed(1, C("R5")), CardsDrawn(2, (C("B1"),), DrawReason.BANANA, 1)]
    app = make_app(seed=7, pace=QUICK._replace(bot_delay=60))  # slow enough to be shown; none comes meanwhile
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.flights.fly(motions(events, HUMAN), by_player=False)
        assert flying(screen) == []  # Textual's animations are off (TEXTUAL_ANIMATIONS=none)
        app.animation_level = "full"
        screen.controller.pacer.fast = True
        screen.flights.fly(motions(events, HUMAN), by_player=False)
        assert flying(screen) == []  # fast-forwarded
        screen.controller.pacer.fast = False
        screen.motion = False  # the "reduce motion" setting
        screen.flights.fly(motions(events, HUMAN), by_player=False)
        assert flying(screen) == []
        screen.motion = True
        screen.flights.fly(motions(events, HUMAN), by_player=False)
        assert [(f.card, f.styles.width.value) for f in flying(screen)] == [
            (C("R5"), 6),
            (None, 6),
        ]  # small cards at 80x24
        await all_landed(pilot, screen)
        assert flying(screen) == []
    app.session.close()


@pytest.mark.slow
async def test_an_item_box_turns_its_card_over_on_the_pile():
    app = make_app(seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        app.animation_level = "full"
        top = screen.query_one("#top-card", CardView)
        screen.flights.fly(motions([CardPlayed(0, C("WI")), CardTurned(0, C("B5"))], HUMAN), by_player=True)
        assert top.flip == 0.0  # its back first
        await all_landed(pilot, screen)
        await pilot.wait_for_scheduled_animations()  # the card turned over: Textual's animator, its delay too
        assert top.flip == 1.0 and flying(screen) == []
    app.session.close()


async def test_the_reduce_motion_setting_stops_motion_at_the_table_and_textuals_own():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.full_motion = "full"  # as if TEXTUAL_ANIMATIONS were not set
        app.change_settings(reduce_motion=True)
        assert app.animation_level == "none" and app.screen.motion is False
        app.change_settings(reduce_motion=False)
        assert app.animation_level == "full" and app.screen.motion is True
        assert app.screen.session.view().phase in (Phase.PLAY, Phase.DRAWN)
    app.session.close()


@pytest.mark.slow
async def test_keys_act_at_once_while_a_card_is_still_in_the_air(monkeypatch):
    app = make_app(seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)  # the player's turn
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        stopped = motion.monotonic()
        monkeypatch.setattr(motion, "monotonic", lambda: stopped)  # the flights' clock stands still
        screen.flights.fly(motions([CardsDrawn(2, (C("B1"),), DrawReason.BANANA, 1)], HUMAN), by_player=True)
        screen.controller.cursor = 0
        app.post_message(Key("right", None))  # as the terminal sends it; the pilot's keys would wait for the motion
        await pilot.pause()
        assert screen.controller.cursor == 1 and len(flying(screen)) == 1  # moved while the card still flies
        monkeypatch.undo()
        await all_landed(pilot, screen)
        assert flying(screen) == []
    app.session.close()


async def test_the_pile_shows_a_played_card_only_once_it_lands_and_the_card_never_sits_over_the_caption():
    # Issue 34: the card flew to a pile that already showed it, and sat a frame over the caption under it.
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        top = screen.query_one("#top-card", CardView)
        before = (top.card, top.caption)
        play = next(a for a in screen.session.match.legal_actions() if isinstance(a, Play) and not a.card.is_wild)
        screen.controller.act(play)
        screen.render_table()  # the table as it now is, the played card on the pile
        [flight] = flying(screen)
        assert top.card == play.card and top.covered == before  # what shows until it lands
        drawn = "".join(top.render_line(y).text for y in range(top.size.height))
        assert short(before[0]) in drawn and before[1] in drawn  # the card before, and its caption
        flight.progress = 1.0  # the last step of its way: gone at once, never drawn there
        assert not flight.in_flight and top.covered is None
        await all_landed(pilot, screen)
    app.session.close()


def test_a_card_in_flight_moves_on_at_most_the_flights_frame_rate(monkeypatch):
    # Issue 36: every step of the card (at Textual's 60 a second) was a layout and its cells sent again.
    flight = FlyingCard()
    flight.start, flight.end = Offset(0, 0), Offset(60, 20)  # far enough to move at every tick
    now = [100.0]
    monkeypatch.setattr(motion, "monotonic", lambda: now[0])
    places = []
    ticks = round(TRAVEL * 60)
    for tick in range(1, ticks):  # as Textual's animator sets it, 60 times a second
        now[0] += 1 / 60
        flight.watch_progress(tick / ticks)
        places.append((flight.styles.offset.x.value, flight.styles.offset.y.value))
    assert len(set(places)) <= TRAVEL * FLIGHT_FPS + 1
    assert places[-1][0] > 40  # it still crosses the table


def test_a_card_lands_at_the_step_that_brings_it_to_its_place_not_a_frame_later(monkeypatch):
    # Issue 36: its easing's last steps moved it by no cell or one, each a layout of the screen, and it
    # landed in a frame of its own after them.
    flight = FlyingCard()
    flight.start, flight.end = Offset(0, 0), Offset(30, 10)
    flight._flying, landed = True, []
    flight.landed = lambda: landed.append(True)
    now = [100.0]
    monkeypatch.setattr(motion, "monotonic", lambda: now[0])
    flight.watch_progress(0.5)
    assert flight.in_flight and (flight.styles.offset.x.value, flight.styles.offset.y.value) == (15, 5)
    now[0] += 1
    flight.watch_progress(0.99)  # (29.7, 9.9): there, to the cell
    assert landed == [True] and not flight.in_flight and not flight.visible
    assert (flight.styles.offset.x.value, flight.styles.offset.y.value) == (15, 5)  # never drawn at its end


async def test_the_label_under_the_pile_names_the_card_it_shows_during_a_flight():
    # Issue 34: on the roomy table the line under the pile named the card still in flight, under the
    # card before it; it goes with the pile: the card before until the new one lands.
    from textual.widgets import Static

    app = make_app(seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.controller.pacer.set_pace(QUICK._replace(bot_delay=60))  # no bot moves meanwhile
        app.animation_level = "full"
        label = screen.query_one("#played-by", Static)
        before = str(label.render())
        play = next(a for a in screen.session.match.legal_actions() if isinstance(a, Play) and not a.card.is_wild)
        screen.controller.act(play)
        screen.render_table()
        [flight] = flying(screen)
        assert str(label.render()) == before  # the card before is on the pile, and its line under it
        flight.progress = 1.0  # landed
        await pilot.pause()
        assert str(label.render()) == "by you"
        await all_landed(pilot, screen)
    app.session.close()


async def test_a_card_leaving_a_seat_is_not_drawn_over_the_seats_words():
    # Issue 34: a flying card sat a frame over the seat's words before it moved off.
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        screen.controller.pacer.set_pace(QUICK._replace(bot_delay=60))
        play = next(a for a in screen.session.match.legal_actions() if isinstance(a, Play) and not a.card.is_wild)
        screen.controller.act(play)
        [flight] = flying(screen)
        assert not flight.visible  # where it starts, on the seat, it is not drawn
        flight.watch_progress(0.5)
        assert flight.visible and flight.styles.offset.x.value != flight.start.x  # on its way, and seen
        flight.progress = 1.0
        assert not flight.in_flight and not flight.visible
        await all_landed(pilot, screen)
    app.session.close()


async def test_on_the_compact_table_a_bots_card_leaves_its_line_at_the_right_end_not_over_its_words():
    # Found in play: from the middle of a seat's line the card crossed the seats' names and last moves.
    events = [CardPlayed(1, C("R5")), CardsDrawn(2, (C("B1"),), DrawReason.BANANA, 1)]
    app = make_app(seed=7, pace=QUICK._replace(bot_delay=60))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        screen.flights.fly(motions(events, HUMAN), by_player=False)
        played, drawn = sorted(flying(screen), key=lambda flight: flight.card != C("R5"))
        width, height = played.size_flown
        for seat, place in ((1, played.start), (2, drawn.end)):
            row = screen.rows[seat]
            assert place.x == row.region.right - width  # at the line's right end
            for y in range(place.y, place.y + height):  # the lines it covers there: no words under it
                covered = next((other for other in screen.rows if other.region.y == y), None)
                if covered is not None:
                    text = str(covered.render()).ljust(covered.region.width)
                    under = text[place.x - covered.region.x : place.x - covered.region.x + width]
                    assert not any(char.isalpha() for char in under), (text, under)
        await all_landed(pilot, screen)
    app.session.close()


def test_a_card_whose_screen_closed_under_its_flight_is_lifted_not_laid():
    # Found over ssh: a watcher's table closed while a card flew; the next step asked the gone screen whether
    # it was active and the game stopped (NoScreen).
    from unokart_tui.tui.widgets.motion import FlyingCard

    laid: list[object] = []

    class Overlay:
        def lay(self, cells, *, by):
            laid.append(cells)

        def lay_frame(self, frame, *, by):
            laid.append(frame)

        def lift(self, *owners):
            laid.append(("lifted", owners[0]))

    card = FlyingCard()  # on no screen, as after its screen was closed
    card.start, card.end = Offset(0, 0), Offset(40, 10)
    card._overlay, card._flying, card._laid = Overlay(), True, True
    card.watch_progress(0.5)
    assert laid == [("lifted", card)]  # its cells taken off, nothing laid


def hold_a_play_in_the_air(screen: GameScreen, monkeypatch) -> tuple[CardView, Play]:
    """The player's first card that is no wild played, its flight's clock stopped: the pile's card, the play."""
    top = screen.query_one("#top-card", CardView)
    stopped = motion.monotonic()
    monkeypatch.setattr(motion, "monotonic", lambda: stopped)
    play = next(a for a in screen.session.match.legal_actions() if isinstance(a, Play) and not a.card.is_wild)
    screen.controller.act(play)
    screen.render_table()
    return top, play


async def test_a_catch_right_after_a_play_still_lands_the_played_card_on_the_pile(monkeypatch):
    # Found in a party playtest: a catch (U2) while a G+2 flew to the pile sent that same flying card off
    # with the caught seat's draw; the play's landing was lost and the pile showed the card before it
    # (G3, "by Peach") through a hint and an undo, until the player's next play.
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        top, _play = hold_a_play_in_the_air(screen, monkeypatch)
        assert top.covered is not None and len(flying(screen)) == 1
        caught = motions([CardsDrawn(1, (C("B1"), C("B2")), DrawReason.UNO_CAUGHT, 1)], HUMAN)
        screen.flights.fly(caught, by_player=True)  # the catch's own cards, before the play lands
        monkeypatch.undo()
        await all_landed(pilot, screen)
        await pilot.pause()
        assert flying(screen) == []
        on_pile = screen.session.match.round.top_card  # the bots may have played on since
        assert top.covered is None and top.card == on_pile  # the pile shows the card on it
        drawn = "".join(top.render_line(y).text for y in range(top.size.height))
        assert short(on_pile) in drawn
    app.session.close()


async def test_a_card_sent_off_again_before_it_lands_lands_its_first_flight():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        flight = screen.query(FlyingCard).first()
        landings: list[str] = []
        start, end = Offset(0, 0), Offset(40, 10)
        flight.fly(C("G2"), screen.glyphs, start, end, delay=0.0, landed=lambda: landings.append("play"))
        flight.fly(None, screen.glyphs, end, start, delay=0.0)
        assert landings == ["play"]
        await all_landed(pilot, screen)
        assert landings == ["play"] and not flight.in_flight
    app.session.close()


async def test_an_undo_lands_the_cards_in_flight_and_the_pile_shows_its_card_again(monkeypatch):
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        top, play = hold_a_play_in_the_air(screen, monkeypatch)
        assert top.covered is not None and screen.controller.may("undo")
        screen.controller.undo()  # as the z key has it done; the pilot's keys would wait for the motion to end
        assert flying(screen) == [] and top.covered is None  # at once, the clock still standing
        assert top.card == screen.session.match.round.top_card != play.card
        drawn = "".join(top.render_line(y).text for y in range(top.size.height))
        assert short(top.card) in drawn
        monkeypatch.undo()
    app.session.close()


async def test_a_flight_keeps_a_timer_at_its_frame_rate_and_each_tick_moves_the_card_on(monkeypatch):
    # Issue 36: Textual's animator set the card's progress 60 times a second for a card that moves on 25
    # times; 12 ticks a flight, 7 of them moving nothing. Its own timer ticks at FLIGHT_FPS: each tick a step.
    app = make_app(seed=7, pace=QUICK._replace(bot_delay=60))  # no bot moves meanwhile
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        flight = screen.query(FlyingCard).first()
        now = [100.0]
        monkeypatch.setattr(motion, "monotonic", lambda: now[0])
        flight.fly(C("G2"), screen.glyphs, Offset(0, 0), Offset(60, 15), delay=0.0)
        places = []
        while flight.in_flight and len(places) < 20:  # its timer's ticks, as the clock gives them
            now[0] += 1 / FLIGHT_FPS
            flight.tick()
            places.append((flight.styles.offset.x.value, flight.styles.offset.y.value))
        assert not flight.in_flight
        assert len(places) <= TRAVEL * FLIGHT_FPS  # 5 ticks at most: the last one lands it
        moved = places[:-1]  # the landing tick hides it where it was
        assert len(set(moved)) == len(moved) >= 3  # each tick before it a step of its own
    app.session.close()


async def test_textuals_animator_does_not_tick_for_a_card_in_flight(monkeypatch):
    from textual._animator import Animator

    app = make_app(seed=7, pace=QUICK._replace(bot_delay=60))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.animation_level = "full"
        flight = screen.query(FlyingCard).first()
        animator_ticks, flight_ticks = [], []
        animator_tick, flight_tick = Animator.__call__, flight.tick
        monkeypatch.setattr(Animator, "__call__", lambda self: (animator_ticks.append(1), animator_tick(self))[1])
        monkeypatch.setattr(flight, "tick", lambda: (flight_ticks.append(1), flight_tick())[1])
        flight.fly(C("G2"), screen.glyphs, Offset(0, 0), Offset(60, 15), delay=0.0)
        await all_landed(pilot, screen)
        assert animator_ticks == []
        assert 1 <= len(flight_ticks) <= TRAVEL * FLIGHT_FPS + 1  # about 5, fewer when the machine is slow
    app.session.close()
