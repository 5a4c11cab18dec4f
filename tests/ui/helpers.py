"""Driving the game table in tests: seeded sessions, bots at full speed, keys a player would press,
and a clock of the test's own: time at the table passes only when the test says so."""

from __future__ import annotations

from textual.pilot import Pilot

from unokart_tui import defaults
from unokart_tui.engine import Accept, ChooseColor, Color, Draw, JumpIn, Match, Pass, Phase, Play, Rank
from unokart_tui.settings import Settings
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.table.tableview import jump_in
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets.hand import HandView

from ..fakeclock import FakeClock

# Bots at full speed, no wait for a catch, banners until the next one: nothing hangs on the clock.
QUICK = Pace(bot_delay=0, catch_window=0, jump_window=0, banner_seconds=None)
SETTINGS = Settings(guide=False, confirm_quit=False)


def make_app(
    bots=defaults.LINE_UP,
    *,
    seed=7,
    name="test match",
    target=defaults.TARGET,
    profile=None,
    pace=QUICK,
    settings=SETTINGS,
    rules=None,
    clock=None,
) -> UnoKartApp:
    """A new match's table on a ``FakeClock`` (unless ``clock`` is given): no bot moves on real time."""
    session = Session.new("Ann", list(bots), seed=seed, target=target, name=name, profile=profile, rules=rules)
    return UnoKartApp(session, settings=settings, pace=pace, clock=clock or FakeClock())


def holds_on(match: Match):
    """The player's move that keeps their cards (draw, keep, take a stack), else any but a Wild Draw Four."""
    legal = match.legal_actions()
    for kind in (Accept, Draw, Pass):
        for action in legal:
            if type(action) is kind:
                return action
    return next((a for a in legal if not (isinstance(a, Play) and a.card.rank is Rank.WILD_DRAW_FOUR)), legal[0])


def first_playable_card(match: Match):
    """The player's move as ``take_turn_with_keys`` makes it: a card when one can be played, else draw."""
    legal = match.legal_actions()
    return next((action for action in legal if isinstance(action, Play)), legal[-1])


def as_with_keys(match: Match):
    """The player's move as ``take_turn_with_keys`` and ``answer_dialog`` make it, to the letter.

    The first playable card (with UNO when it leaves one, blue for a Wild Draw Four), else draw, keep or take
    the stack; red in the colour dialog, the first seat in the target dialog, a Wild Draw Four accepted.
    """
    round_ = match.round
    legal = match.legal_actions()
    if round_.phase is Phase.CHOOSE_COLOR:
        return ChooseColor(Color.RED)
    if round_.phase is Phase.CHALLENGE:
        return Accept()
    if round_.phase is Phase.CHOOSE_TARGET:
        return legal[0]
    plays = [action for action in legal if isinstance(action, Play)]
    if not plays:
        return legal[-1]
    card = plays[0].card
    colour = Color.BLUE if card.rank is Rank.WILD_DRAW_FOUR else None
    return Play(card, colour, uno=len(round_.hands[round_.decider]) == 2)


def one_card_from_the_end(match: Match) -> bool:
    """The seat to act holds one card and may play it: the round ends with the next move (a pilot test plays it)."""
    round_ = match.round
    return (
        not round_.is_over
        and len(round_.hands[round_.decider]) == 1
        and any(isinstance(action, Play) for action in match.legal_actions())
    )


def play_at_engine_speed(
    session: Session, done, *, player=holds_on, reactions: bool = False, limit: int = 5000
) -> None:
    """Play ``session`` on without a table until ``done(match)``: the bots their own moves, the player ``player``'s.

    A position for a pilot test in milliseconds: played through the table, a move takes a few frames.
    ``reactions``: the bots also catch, say UNO late and jump in, each as the table at ``QUICK`` pace lets them
    (a jump-in before a bot's turn, the catches once a move exposed someone): with ``player=as_with_keys`` the
    match is move for move the one ``play_until`` plays through the table.

    The match is saved once, when the position is reached, not at every move as ``Session.apply`` does: the
    file then holds the same match, and a road of 68 moves takes 0.01 s of CPU instead of 0.1 s.
    """
    session.save = lambda: True  # type: ignore[method-assign]
    try:
        _play_on(session, done, player, reactions, limit)
    finally:
        del session.save
        session.save()


def _play_on(session: Session, done, player, reactions: bool, limit: int) -> None:
    for _ in range(limit):
        match = session.match
        if done(match):
            return
        if match.round.is_over:
            session.next_round()
            continue
        seat = match.round.decider
        jump = session.next_bot_reaction(jump_ins_only=True) if reactions and seat in session.bots else None
        if jump is not None and isinstance(jump.action, JumpIn):
            session.apply(jump.action)
        else:
            session.apply(session.bot_action(seat) if seat in session.bots else player(match))
        while reactions and session.match.round.exposed is not None and not session.match.round.is_over:
            caught = session.next_bot_reaction()
            if caught is None:
                break
            session.apply(caught.action)
    raise AssertionError("the wanted position never came")


def actions_played(match: Match) -> int:
    return sum(len(actions) for actions in match.history)


def a_move_before(done, *, player=as_with_keys, **options) -> UnoKartApp:
    """``make_app(**options)``, its match played at engine speed, as the table would, to the move before ``done``.

    ``player``: the player's moves, as the test's keys make them through the table (``holds_on`` for a player who
    only draws).
    The moment is found on a scout: another session of the same match, played until ``done(match)``. The move
    that brings it then comes through the table, with its banner and its lines in the log.
    """
    scout = make_app(**{**options, "name": "scout"}).session
    play_at_engine_speed(scout, done, player=player, reactions=True)
    moment = actions_played(scout.match)
    app = make_app(**options)
    play_at_engine_speed(app.session, lambda match: actions_played(match) >= moment - 1, player=player, reactions=True)
    assert actions_played(app.session.match) == moment - 1, "the move before the moment was a reaction to another"
    return app


async def settle(pilot: Pilot, limit: int = 500) -> None:
    """Let the bots play until the player must act (or a dialog is up)."""
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen):
            # A dialog waits for the player, once mounted: a key that comes before is one pressed before it
            # appeared, which it drops (Dialog.on_key). Found under load: an Enter for "next round" went so.
            if screen.is_mounted:
                return
            continue
        session = screen.session
        if session.is_human_turn() or session.match.round.is_over or session.match.is_over:
            return
    raise AssertionError("the bots never handed the turn back")


def draw_key(phase: Phase) -> str:
    """The key that plays no card: draw, take a stack's total (house rules), or keep the card drawn."""
    return {Phase.PLAY: "d", Phase.STACK: "d"}.get(phase, "p")


async def take_turn_with_keys(pilot: Pilot) -> None:
    """Play the player's turn with the keyboard only: the first playable card, else draw."""
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    session = screen.session
    legal = session.match.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        await pilot.press(draw_key(session.view().phase))
        return
    wanted = plays[0].card
    cards = pilot.app.screen.query_one(HandView).state.cards
    target = cards.index(wanted)
    steps = (target - screen.controller.cursor) % len(cards)
    await pilot.press(*(["right"] * steps))
    if len(session.view().hand) == 2:
        await pilot.press("u")  # say UNO with the play
    await pilot.press("enter")
    if wanted.rank is Rank.WILD_DRAW_FOUR:
        await pilot.press("b")


async def answer_dialog(pilot: Pilot, *, challenge: bool = False) -> None:
    """Answer whatever dialog is up with its first key (or challenge a Wild Draw Four)."""
    screen = pilot.app.screen
    name = type(screen).__name__
    key = {"ColorDialog": "r", "TargetDialog": "1", "ChallengeDialog": "c" if challenge else "a"}.get(name, "enter")
    await pilot.press(key)


async def play_until(pilot: Pilot, done, *, draw_only: bool = False, challenge: bool = False, limit: int = 600) -> None:
    """Play as the player would (first playable card, or always draw) until ``done(app)`` holds."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        if done(app):
            return
        if isinstance(app.screen, GameScreen):
            if draw_only and app.session.is_human_turn():
                await pilot.press(draw_key(app.session.view().phase))
            else:
                await take_turn_with_keys(pilot)
        else:
            await answer_dialog(pilot, challenge=challenge)
    raise AssertionError("the wanted moment never came")


async def draw_until_a_jump_in(pilot: Pilot, limit: int = 300) -> None:
    """Always draw (or take a stack) until the player holds the twin of the top card (house rule H5).

    The bots must wait for the player's window to jump in: give the app a long ``jump_window``. The window
    opens after every card one may jump in on, whatever the player holds (H5b): while the player holds no
    twin, the test's clock is moved on to the table's next wake-up.
    """
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen):
            await answer_dialog(pilot)
        elif jump_in(screen.session.match, HUMAN) is not None:
            return
        elif screen.session.is_human_turn():
            await pilot.press(draw_key(screen.session.view().phase))
        elif (timer := app.clock.next_timer()) is not None:
            app.clock.fire(timer)
    raise AssertionError("the player never held the twin of the top card")


FORGETFUL = """
# Bots that always forget UNO, never say it late and never catch anyone.
[all]
forget_uno = 1.0
late_uno = 0.0
catch_chance = 0.0
"""


def forgetful_bots(config_dir) -> str:
    """A user profile (in ``config_dir``) whose bots leave every UNO to be caught."""
    profiles = config_dir / "profiles"
    profiles.mkdir(parents=True, exist_ok=True)
    (profiles / "forgetful.toml").write_text(FORGETFUL)
    return "forgetful"


async def let_time_pass(pilot: Pilot, seconds: float) -> None:
    """Move the table's ``FakeClock`` on by ``seconds``, running each wake-up due on the way in turn."""
    clock = pilot.app.clock
    end = clock.now() + seconds
    await pilot.pause()
    while (timer := clock.next_timer(until=end)) is not None:
        clock.fire(timer)
        await pilot.pause()
    clock.move_to(end)
    await pilot.pause()


async def run_clock_until(pilot: Pilot, condition, limit: int = 500) -> None:
    """Let the table's ``FakeClock`` run, from one wake-up to the next, until ``condition()`` holds."""
    clock = pilot.app.clock
    for _ in range(limit):
        await pilot.pause()
        if condition():
            return
        timer = clock.next_timer()
        if timer is not None:
            clock.fire(timer)
    raise AssertionError("the wanted moment never came")


async def until(pilot: Pilot, condition, limit: int = 50) -> None:
    """Let the app run until ``condition()`` holds (each pause lets every pending message through)."""
    for _ in range(limit):
        await pilot.pause()  # first: a screen just pushed is mounted, and takes keys, after a pause
        if condition():
            return
    raise AssertionError("the wanted moment never came")
