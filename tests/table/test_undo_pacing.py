"""After an undo the player's turn is theirs (H5b, docs/playing.md "Undo, honestly"), on the fake clock.

Found in a party match: after an undo a bot jumped in at once and took the player's turn back. Legal,
but the undo was wasted: the first time the player had acted before any bot.
"""

from __future__ import annotations

from unokart_tui.engine import CatchUno, HouseRules, JumpIn, Match, Play
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN
from unokart_tui.table.tableview import jump_in

from .fakes import Table, new_session, play_on, plays

PARTY = HouseRules.preset("party")
# The bots think for a minute: only a jump-in (after its reaction time and the fair window) comes sooner.
PACE = Pace(bot_delay=60, catch_window=1.5, jump_window=2.3, banner_seconds=None)


def a_bot_may_jump_in_on_the_player(match: Match) -> bool:
    round_ = match.round
    if round_.is_over or round_.decider != HUMAN:
        return False
    return any(isinstance(a, JumpIn) for seat in range(1, round_.num_players) for a in round_.reactions(seat))


def the_player_holds_a_twin(match: Match) -> bool:
    round_ = match.round
    return not round_.is_over and round_.decider != HUMAN and jump_in(match, HUMAN) is not None


def test_without_an_undo_a_bot_jumps_in_on_the_players_turn_after_the_window_h5b():
    session = new_session(seed=4, rules=PARTY)
    play_on(session, a_bot_may_jump_in_on_the_player, player=plays)
    table = Table(session, PACE)
    table.start()
    table.clock.pass_time(10)
    seat, action = table.history()[-1]
    assert isinstance(action, JumpIn) and seat != HUMAN  # what the undo must not bring about


def test_after_an_undo_no_bot_jumps_in_on_the_turn_it_gave_back_h5b():
    session = new_session(seed=4, rules=PARTY)
    play_on(session, a_bot_may_jump_in_on_the_player, player=plays)
    table = Table(session, PACE)
    table.start()
    history = table.history()
    move = plays(session.match)
    assert isinstance(move, Play) and table.controller.act(move)
    table.controller.intend("undo")  # at once: no bot has moved, nothing was seen, the deal is the same
    assert table.history() == history and session.is_human_turn()
    assert a_bot_may_jump_in_on_the_player(session.match)
    table.clock.pass_time(50)  # far past every bot's reaction time and the jump window
    assert table.history() == history and session.is_human_turn()
    assert table.controller.act(move)  # the player acts
    assert table.history()[len(history)] == (HUMAN, move)


def test_an_undo_of_a_jump_in_opens_the_jump_window_again_from_the_undo_h5b():
    session = new_session(seed=2, rules=PARTY)
    play_on(session, the_player_holds_a_twin)
    table = Table(session, PACE)
    table.start()
    table.clock.pass_time(1.0)
    history = table.history()
    table.controller.intend("jump")
    table.clock.pass_time(1.0)
    undone_at = table.clock.now()
    table.controller.intend("undo")
    assert table.history() == history
    assert table.controller.pacer.jump_began == undone_at
    table.clock.pass_time(PACE.jump_window - 0.1)
    assert table.history() == history  # nothing happens in the window, counted from the undo


def a_twin_after_a_draw(match: Match) -> bool:
    """The player may jump in, and the action just before was a bot's draw, not the card to jump in on."""
    return the_player_holds_a_twin(match) and not isinstance(match.history[-1][-1], (Play, JumpIn))


def test_an_undo_opens_the_jump_window_even_when_the_card_was_played_actions_before_h5b():
    # Found with the party preset: the pacer kept the card last played before the undo, not the top
    # card the undo went back to, and no window opened: the next bot moved at its pace.
    session = new_session(seed=1, rules=PARTY)
    play_on(session, a_twin_after_a_draw)
    table = Table(session, PACE)
    table.start()
    history = table.history()
    table.controller.intend("jump")
    table.clock.pass_time(PACE.bot_delay + 1)  # the next bot plays on the player's jump-in
    assert isinstance(table.history()[-1][1], Play) and table.history()[-1][0] != HUMAN
    undone_at = table.clock.now()
    table.controller.intend("undo")
    assert table.history() == history and not session.is_human_turn()
    assert table.controller.pacer.jump_began == undone_at


def a_bot_open_to_a_catch_on_the_players_turn(match: Match) -> bool:
    round_ = match.round
    return not round_.is_over and round_.decider == HUMAN and round_.exposed not in (None, HUMAN)


def test_after_an_undo_no_bot_catches_on_the_turn_it_gave_back_but_the_player_still_may_u2():
    session = new_session(seed=5)
    play_on(session, a_bot_open_to_a_catch_on_the_players_turn, player=plays)
    exposed = session.match.round.exposed
    table = Table(session, PACE)
    table.start()
    history = table.history()
    move = plays(session.match)
    assert table.controller.act(move)  # the play ends the exposure (U2)
    table.controller.intend("undo")
    assert table.history() == history and session.match.round.exposed == exposed
    table.clock.pass_time(50)  # far past the catch window
    assert table.history() == history  # no bot caught
    assert table.controller.may("catch")
    table.controller.intend("catch")
    assert isinstance(table.history()[-1][1], CatchUno) and table.history()[-1][0] == HUMAN


def test_a_hint_shown_gives_the_person_the_jump_window_again_before_a_bot_jumps_in_h5b():
    # Found in play: on a busy machine the hint took 2.5 s to come, and a bot jumped in half a second after
    # it showed, before the person could take it.
    session = new_session(seed=4, rules=PARTY)
    play_on(session, a_bot_may_jump_in_on_the_player, player=plays)
    table = Table(session, PACE)
    table.start()
    history = table.history()
    table.controller.intend("hint")
    assert table.controller.hinted is not None  # the hint was given
    table.clock.pass_time(PACE.jump_window - 0.1)  # the whole window again, counted from the hint
    assert table.history() == history and session.is_human_turn()
    table.clock.pass_time(10)
    seat, action = table.history()[-1]
    assert isinstance(action, JumpIn) and seat != HUMAN  # then the bot may, as without a hint
