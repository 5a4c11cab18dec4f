"""A finished match played with friends replays, for the opener, only what their seat saw (issue 31).

Found in a four-person playtest: Load → the finished ``friends FW3FY`` → r read "every hand shown", with
each friend's hand from the deal on. A friend's hand was theirs alone, over or not; a match against bots
only shows every hand once it is over (the bots' hands are the game's).
"""

from __future__ import annotations

import random
import re

import saves
from unokart_tui.engine import Round
from unokart_tui.history.export import export_text
from unokart_tui.history.replayview import Replay, frame
from unokart_tui.plain.replay import read_replay
from unokart_tui.table.session import HUMAN
from unokart_tui.voice.notes import TableNotes

from ..plain.pages import read
from .test_friends_saves import save_friends_match

NAME = "friends FW3FY"


def finished_friends() -> saves.SavedGame:
    save_friends_match(NAME, finished=True)
    game = saves.load_game(NAME)
    assert game.match.is_over
    return game


def test_a_finished_friends_match_replays_as_the_opener_saw_it():
    replay = Replay(finished_friends())
    assert replay.over and replay.with_friends and not replay.reveal
    for number in range(len(replay)):
        shown = replay.frame(number)
        position = replay.timeline.position(number)
        assert shown.hands == ()  # no other seat's hand, at the deal or after
        assert sorted(map(str, shown.hand.cards)) == sorted(map(str, position.round.hands[HUMAN]))


def test_the_opener_replay_depends_on_no_card_of_another_seat():
    """Deal the friends' and the bot's hidden cards otherwise: the opener's replay shows the very same."""
    replay = Replay(finished_friends())
    position = replay.timeline.position(0)
    round_ = position.round
    hidden = [card for seat, hand in enumerate(round_.hands) if seat != HUMAN for card in hand] + list(round_.draw_pile)
    random.Random(3).shuffle(hidden)
    hands = [list(round_.hands[HUMAN])] + [[hidden.pop() for _ in round_.hands[s]] for s in range(1, 3)]
    common = dict(current=round_.current, direction=round_.direction, color=round_.active_color, dealer=round_.dealer)
    swapped = Round.from_position(hands, hidden, round_.discard, scores=round_.scores, **common)
    assert swapped.hands != round_.hands

    def shown(table: Round):
        at = position._replace(round=table)
        return frame(at, replay.kinds, TableNotes(3), log=(), events=[], caption="", reveal=replay.reveal)

    assert shown(round_) == shown(swapped)


def test_line_mode_replay_of_a_finished_friends_match_shows_only_the_openers_hand():
    game = finished_friends()
    lines = read(read_replay, ["hands", "back"], NAME)
    assert lines[0] == f"Replay of {NAME}, as you saw it: it was played with friends, whose hands were theirs."
    hand_lines = [line for line in lines if "hand" in line.casefold() or "holds no card" in line]
    assert not any(line.startswith(("Bob", "Mario")) for line in hand_lines)
    assert any(line.startswith(("Your hand", "You hold no card")) for line in lines)
    assert "The other hands were your friends' own: this replay shows only yours, as at the table." in lines
    assert game.match.is_over


def test_the_export_of_a_friends_match_writes_no_seed_that_deals_their_hands_again():
    game = finished_friends()
    text = export_text(NAME, game)
    assert "Played with friends: its seed is not written, as it would deal their hands again." in text
    assert "Players: Ann (you), Bob (person), Mario (random)" in text  # not the save's raw kind, "human"
    assert "Seed " not in text and "--seed" not in text
    # The header's clock times hold digits of their own (a seed of 4 at 21:14 once failed this test).
    header = re.sub(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}", "", text.split("\n\n")[0])
    assert str(game.match.seed) not in re.findall(r"\d+", header)


async def test_the_textual_replay_of_a_finished_friends_match_shows_no_other_hand():
    from textual.widgets import Static

    from unokart_tui.tui.app import UnoKartApp
    from unokart_tui.tui.screens.replay import ReplayScreen
    from unokart_tui.tui.widgets.recentlog import RecentLog

    from ..ui.helpers import QUICK, SETTINGS

    app = UnoKartApp(settings=SETTINGS, pace=QUICK, replay=(NAME, finished_friends()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.query_one(RecentLog).border_title == f"Replay of {NAME} — as you saw it"
        hands = screen.query_one("#hands", Static)
        for _ in range(20):
            assert not hands.display and not str(hands.render()).strip()
            await pilot.press("pagedown")
        await pilot.press("end")
        await pilot.pause()
        assert not hands.display and not str(hands.render()).strip()
