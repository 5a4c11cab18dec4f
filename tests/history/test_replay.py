"""Replays: every position of a save found again, and an unfinished match shown only as the player saw it."""

from __future__ import annotations

import random
import shutil

import pytest

import saves
from unokart_tui.engine import CardsDrawn, ChallengeResolved, Play, Round
from unokart_tui.history.replayview import Replay, frame
from unokart_tui.history.timeline import SNAPSHOT_EVERY, Position, Timeline, replayed
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.voice.notes import TableNotes

from .play import a_plain_play, finished_match, play


@pytest.fixture(scope="session")
def unfinished_played(tmp_path_factory):
    """The data folder of ``unfinished``, played once a session: a match saves at every move."""
    folder = tmp_path_factory.mktemp("unfinished")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("UNOKART_DATA_DIR", str(folder / "data"))
        patch.setenv("UNOKART_CONFIG_DIR", str(folder / "config"))
        bots = ["greedy", "challenger", "item-hoarder"]
        session = play(Session.new("Ann", bots, seed=21, name="open", target=5000), actions=300)
        session.close()
    return folder / "data"


@pytest.fixture
def unfinished(unfinished_played):
    shutil.copytree(unfinished_played, saves.save_dir())
    return saves.load_game("open")


def test_stepping_forward_through_a_save_reproduces_its_final_position(unfinished):
    match = unfinished.match
    timeline = Timeline(match)
    assert timeline.total_actions == sum(map(len, match.history)) == 300
    again = None
    for number in range(len(timeline)):
        point = timeline.points[number]
        position = timeline.position(number)
        if point.move == 0:
            again = position.round  # each deal: the round as the match dealt it
        else:
            again.apply(timeline.actions[number])
            assert position.round == again  # random state included
    final = timeline.position(timeline.last)
    assert final.round == match.round and final.scores == match.scores
    assert timeline.scores_by_round()[-1] == match.scores


def test_any_position_is_the_match_played_to_that_point(unfinished):
    match = unfinished.match
    timeline = Timeline(match)
    rng = random.Random(3)
    for number in [0, timeline.last, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, *rng.sample(range(len(timeline)), 25)]:
        point = timeline.points[number]
        rounds = [*match.history[: point.round - 1], match.history[point.round - 1][: point.move]]
        expected = replayed(match, rounds)
        position = timeline.position(number)
        assert position.round == expected.round
        assert position.scores == expected.scores
        assert position.round_number == expected.round_number == point.round


def test_moves_are_found_by_number_and_rounds_by_their_deal(unfinished):
    timeline = Timeline(unfinished.match)
    assert timeline.find(0) == 0 and timeline.find(10**9) == timeline.last
    for actions in (1, 57, 150, 299):
        assert timeline.points[timeline.find(actions)].actions == actions
    second = timeline.round_starts[1]
    assert timeline.points[second - 1].actions == timeline.points[second].actions  # a round's end, then the deal
    assert timeline.find(timeline.points[second].actions) == second - 1  # a number goes to the round's end first
    assert timeline.next_round(0) == second and timeline.previous_round(second + 3) == second
    assert timeline.previous_round(second) == 0 and timeline.next_round(timeline.last) == timeline.last


def seen_by_the_player(frame_):
    """The cards the frame's data names: the hand, the top card, the hands line."""
    return frame_.hand.cards, frame_.table.top, frame_.hands


def test_an_unfinished_replay_never_gives_the_widgets_a_bots_hand(unfinished):
    replay = Replay(unfinished)
    assert not replay.reveal
    for number in range(len(replay)):
        shown = replay.frame(number)
        position = replay.timeline.position(number)
        assert shown.hands == ()
        assert sorted(map(str, shown.hand.cards)) == sorted(map(str, position.round.hands[HUMAN]))
        assert [line.cards for line in shown.seats] == [len(hand) for hand in position.round.hands]
        assert shown.table.draw_pile == len(position.round.draw_pile)
        for event in replay.timeline.events[number]:  # nobody's draws are named but the player's own
            if isinstance(event, CardsDrawn) and event.seat != HUMAN and event.cards:
                assert any(f"draws {len(event.cards)} card" in line.text for line in shown.log)
            if isinstance(event, ChallengeResolved) and event.challenger != HUMAN:
                assert not any("(hand:" in line.text for line in shown.log)


def test_what_the_widgets_get_depends_on_no_card_the_player_could_not_see(unfinished):
    """Swap the bots' hidden cards and the pile's order: an unfinished replay shows the same, a finished one not."""
    match = unfinished.match
    round_ = match.round
    rng = random.Random(5)
    hidden = [card for seat, hand in enumerate(round_.hands) if seat != HUMAN for card in hand] + list(round_.draw_pile)
    rng.shuffle(hidden)
    hands = [list(round_.hands[HUMAN])]
    for seat in range(1, round_.num_players):
        hands.append([hidden.pop() for _ in round_.hands[seat]])
    common = dict(current=round_.current, direction=round_.direction, color=round_.active_color, dealer=round_.dealer)
    real = Round.from_position(round_.hands, round_.draw_pile, round_.discard, scores=round_.scores, **common)
    swapped = Round.from_position(hands, hidden, round_.discard, scores=round_.scores, **common)
    assert real.hands != swapped.hands and real.draw_pile != swapped.draw_pile

    def shown(table: Round, reveal: bool):
        position = Position(match.names, table, match.scores, match.round_number, match.target, False, match.rules)
        kinds = ["human", "greedy", "challenger", "item-hoarder"]
        return frame(position, kinds, TableNotes(4), log=(), events=[], caption="", reveal=reveal)

    assert shown(real, reveal=False) == shown(swapped, reveal=False)
    assert shown(real, reveal=True) != shown(swapped, reveal=True)  # the check sees a hand when one is shown


def test_a_finished_match_shows_every_hand():
    finished_match("done", 3)
    replay = Replay(saves.load_game("done"))
    assert replay.reveal
    last = replay.frame(len(replay) - 1)
    position = replay.timeline.position(len(replay) - 1)
    assert len(last.hands) == 3
    for line, seat in zip(last.hands, range(1, 4), strict=True):
        assert line.startswith(f"{position.names[seat]}:")
        assert len(line.split(":", 1)[1].split()) == len(position.round.hands[seat]) or "(no cards)" in line


def test_the_log_says_where_an_undo_was_made():
    session = Session.new("Ann", ["random"], seed=8, name="undone")
    choice = a_plain_play(session)
    kept = sum(map(len, session.match.history))
    session.apply(choice)
    session.undo()
    session.close()
    replay = Replay(saves.load_game("undone"))
    text = [line.text for line in replay.log(replay.timeline.find(kept))]
    assert f"↶ Undo: your move (playing {choice.card.name}) was taken back here." in text


def test_a_replay_draws_the_cards_with_the_players_card_symbols(unfinished):
    # Found in play: with Plain ASCII chosen in Settings, the replay still drew the Unicode symbols.
    from unokart_tui.glyphs import ASCII, UNICODE

    shown = Replay(unfinished, ASCII).frame(120)
    assert shown.hand.glyphs is ASCII and shown.table.glyphs is ASCII
    assert all(seat.glyphs is ASCII for seat in shown.seats)
    symbols = {c for text in (*UNICODE.items.values(), *UNICODE.ranks.values()) for c in text if not c.isascii()}
    assert [line.text for line in shown.log if symbols & set(line.text)] == []


def test_a_total_passed_to_the_player_says_stack_only_when_they_could_h1():
    # Issue 34: "+8 to you — stack or take it" showed with nothing in the hand to stack.
    from unokart_tui.engine import HouseRules, Phase

    from ..table.fakes import play_on

    def nothing_to_stack(match) -> bool:
        round_ = match.round
        return (
            round_.phase is Phase.STACK
            and round_.decider == HUMAN
            and not any(isinstance(a, Play) for a in round_.legal_actions())
        )

    session = Session.new("Ann", ["greedy", "challenger"], seed=2, name="stacked", rules=HouseRules.preset("party"))
    play_on(session, nothing_to_stack)
    session.close()
    replay = Replay(saves.load_game("stacked"))
    shown = replay.frame(replay.timeline.last)
    assert shown.banner is not None and "nothing to stack" in shown.banner.text
    assert not any("to you: stack or take it" in line.text for line in shown.log)
    assert any("to you and nothing to stack" in line.text for line in shown.log)


def test_an_undos_moves_are_told_in_words_not_the_saves_notation():
    # Issue 34's playtest: the export said "your move (catch 1)".
    from saves import Undo
    from unokart_tui.history.replayview import undone
    from unokart_tui.voice.narration import Voice

    voice = Voice(["Ann", "Mario", "Luigi"], 0)
    assert undone(Undo(1, 4, ("catch 0",)), voice) == (
        "↶ Undo: your move (catching a player who forgot to say UNO) was taken back here."
    )
    assert undone(Undo(1, 4, ("play W+4 r uno", "challenge", "catch 2", "jump 1 G5", "target 0")), voice) == (
        "↶ Undo: your move and the 4 moves after it were taken back here (playing Wild Draw Four, calling red"
        " and saying UNO; challenging the Wild Draw Four; Luigi catching a player who forgot to say UNO;"
        " Mario jumping in with Green 5; choosing you)."
    )
