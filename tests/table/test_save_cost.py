"""What a move's save costs at the table (issue 36): the session writes the match after every action."""

from __future__ import annotations

import saves

from ..saves.written import counting_strings
from .fakes import new_session, play_on, plays


def test_a_bots_move_saves_the_match_writing_only_its_own_action(monkeypatch):
    """Each save wrote every action of the match again: at round 3, some two hundred for one move."""
    session = new_session("save cost")
    play_on(
        session,
        lambda match: match.round_number == 3 and len(match.history[-1]) > 5 and match.round.decider != 0,
        player=plays,
    )
    before = sum(map(len, session.match.history))
    written = counting_strings(monkeypatch)
    seat = session.bot_to_act()
    assert seat is not None
    session.apply(session.bot_action(seat))
    assert written[0] == 1, f"{written[0]} actions written to save one move of a match of {before + 1}"
    game = saves.load_game("save cost")  # and the file holds the match as it is
    assert game.match.history == session.match.history and game.match.round == session.match.round
