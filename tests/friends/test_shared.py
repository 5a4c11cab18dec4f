"""The table several people share (issue 31): one place decides, in each person's own voice, with the
same fair windows as with bots, a clock per decision, away seats, and a save after every action."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from itertools import pairwise

import pytest

import saves
from saves import SaveError
from unokart_tui.engine import CatchUno, Draw, HouseRules, JumpIn, Play, RulesError, SayUno
from unokart_tui.friends.messages import TableSeen
from unokart_tui.friends.people import person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.table.messages import CardsMoved, Notice
from unokart_tui.table.pacing import Pace
from unokart_tui.voice import friends as words
from unokart_tui.voice import speaking
from unokart_tui.voice.narration import Voice, log_line

from ..fakeclock import FakeClock
from .harness import Player, Policy, drive

NAMES = ("Ann", "Bob", "Cy", "Dee")
WALL = datetime(2026, 12, 3, 14, 0, tzinfo=UTC)


def sit(
    *languages: str,
    bots: tuple[str, ...] = ("greedy",),
    seed: int = 5,
    rules: HouseRules | None = None,
    turn_seconds: float = 45,
    save=None,
    target: int = 500,
):
    clock = FakeClock()
    persons = [person(f"key-{name}", name, language) for name, language in zip(NAMES, languages, strict=False)]
    players = [Player(p) for p in persons]
    table = SharedTable.new(
        persons,
        bots,
        seed=seed,
        rules=rules,
        clock=clock,
        save=save,
        turn_seconds=turn_seconds,
        wall=lambda: WALL,
        target=target,
    )
    for player in players:
        table.connect(player.person, player)
    table.begin()
    return table, clock, players


def until_a_person_decides(table: SharedTable, clock: FakeClock, *, not_seat: int | None = None) -> int:
    """Time passes (the bots play) until a person decides and nobody is open to a catch; their seat."""
    for _ in range(500):
        round_ = table.match.round
        if round_.decider in table.people and round_.exposed is None and round_.decider != not_seat:
            return round_.decider
        assert clock.run_next(), "nothing happens"
    raise AssertionError("no person's turn came")


def a_card_to_play(seen: TableSeen) -> Play | Draw:
    plays = [a for a in seen.legal if isinstance(a, Play) and not a.uno]
    return plays[0] if plays else Draw()


def test_each_person_reads_the_log_in_their_own_voice_and_language():
    table, clock, players = sit("en", "sk", "nl")
    seat = until_a_person_decides(table, clock)
    actor = players[seat]
    assert actor.seen is not None
    events = table.act(actor.key, a_card_to_play(actor.seen), actor.seen.moment)
    for reader, player in enumerate(players):
        with speaking(player.person.language):
            expected = [log_line(event, Voice(table.names, reader)).text for event in events]
        assert set(expected) <= set(player.log)
    # One event, three voices: "You ..." for the one who acted, their name for the others.
    first = [player.log[-len(events) :][0] for player in players]
    assert len(set(first)) == 3
    with speaking(actor.person.language):
        yours = log_line(events[0], Voice(table.names, seat)).text
        named = log_line(events[0], Voice(table.names, None)).text
    assert first[seat] == yours != named
    assert all(NAMES[seat] in text for reader, text in enumerate(first) if reader != seat)


def test_an_illegal_action_raises_changes_nothing_and_is_explained_to_its_person_only():
    saved: list[str] = []
    table, clock, players = sit("en", "nl", save=saved.append)
    seat = until_a_person_decides(table, clock)
    actor, other = players[seat], players[1 - seat]
    history, count, heard = table.match.history, len(saved), len(other.lines)
    not_in_hand = next(Play(card) for card in table.match.round.draw_pile if card not in table.match.round.hand(seat))
    with pytest.raises(RulesError):
        table.act(actor.key, not_in_hand)
    assert table.match.history == history and len(saved) == count
    assert isinstance(actor.messages[-1], Notice) and actor.messages[-1].severity == "warning"
    assert len(other.lines) == heard  # the others are told nothing


def test_only_the_seat_that_decides_makes_a_decision():
    table, clock, players = sit("en", "en")
    seat = until_a_person_decides(table, clock)
    waiting = players[1 - seat]
    history = table.match.history
    with pytest.raises(RulesError, match="Wait for your turn"):
        table.act(waiting.key, Draw())
    with pytest.raises(RulesError, match="another seat"):
        table.act(waiting.key, CatchUno(seat))  # a reaction is made for one's own seat only
    assert table.match.history == history


def test_an_action_meant_for_an_earlier_moment_is_refused():
    """A key pressed for a decision already taken (the table moved on meanwhile) answers nothing."""
    table, clock, players = sit("en", "en", bots=())
    seat = until_a_person_decides(table, clock)
    actor = players[seat]
    assert actor.seen is not None
    old = (actor.seen.moment[0], actor.seen.moment[1] - 1)
    with pytest.raises(RulesError, match="earlier moment"):
        table.act(actor.key, a_card_to_play(actor.seen), old)
    table.act(actor.key, a_card_to_play(actor.seen), actor.seen.moment)


def test_a_watcher_sees_the_table_and_no_hand_and_cannot_act():
    table, clock, _players = sit("en", "en")
    watcher = Player(person("key-w", "Wendy", "sk"))
    assert table.connect(watcher.person, watcher) is None
    until_a_person_decides(table, clock)
    seen = watcher.seen
    assert seen is not None and seen.seat is None and seen.view is None and seen.legal == ()
    assert seen.public.hand_sizes == table.match.round.hand_sizes
    with pytest.raises(RulesError):
        table.act(watcher.key, Draw())
    assert isinstance(watcher.messages[-1], Notice)


def test_the_first_to_catch_wins_and_the_bots_wait_the_catch_window():
    """U2 between people: a forgotten UNO is open to every person for the catch window before any bot
    reacts; two people catch, the first wins and the second is refused, the table unchanged by it."""
    table, clock, players = sit("en", "sk", "nl", bots=("greedy", "greedy"), seed=2)
    policy = Policy(4, react=0.0)  # nobody catches or says UNO of their own accord

    def exposed_person() -> bool:
        exposed = table.match.round.exposed
        return exposed is not None and exposed in table.people

    drive(table, clock, players, policy, until=exposed_person)
    exposed = table.match.round.exposed
    assert exposed is not None
    catchers = [p for seat, p in enumerate(players) if seat != exposed]
    clock.pass_time(Pace().catch_window - 0.1)
    assert table.match.round.exposed == exposed  # no bot caught inside the window
    first, second = catchers
    assert first.seen is not None and second.seen is not None
    events = table.act(first.key, CatchUno(table.seat_of(first.key)), first.seen.moment)
    assert events and table.match.round.exposed is None
    history = table.match.history
    with pytest.raises(RulesError):
        table.act(second.key, CatchUno(table.seat_of(second.key)))
    assert table.match.history == history
    assert isinstance(second.messages[-1], Notice)


def test_a_bot_catches_a_forgotten_uno_once_the_window_is_over():
    table, clock, players = sit("en", "en", bots=("greedy", "greedy"), seed=2)
    drive(table, clock, players, Policy(4, react=0.0), until=lambda: table.match.round.exposed in table.people)
    exposed = table.match.round.exposed
    began = clock.now()
    while table.match.round.exposed == exposed and clock.now() < began + 30:
        clock.run_next()
    assert clock.now() >= began + Pace().catch_window
    assert any("caught" in line for line in players[exposed].log)


def test_the_turn_clock_runs_out_and_the_autopilot_plays_and_everyone_is_told():
    table, clock, players = sit("en", "nl", turn_seconds=20)
    seat = until_a_person_decides(table, clock)
    began = clock.now()
    seen = players[seat].seen
    assert seen is not None and seen.turn is not None
    assert seen.turn.seat == seat and seen.turn.seconds_left == pytest.approx(20)
    moment = table.moment
    clock.pass_time(19.9)
    assert table.moment == moment  # nothing happened for the person
    while table.moment == moment:
        assert clock.run_next()
    assert clock.now() == pytest.approx(began + 20)
    assert "Time is up: the autopilot plays your turn." in players[seat].log
    other = 1 - seat
    with speaking(players[other].person.language):
        told = words.time_up(seat, Voice(table.names, other))
    assert NAMES[seat] in told and told in players[other].log


def test_a_person_who_drops_is_away_the_autopilot_plays_and_the_same_key_takes_the_seat_back():
    table, clock, players = sit("en", "en", bots=())
    seat = until_a_person_decides(table, clock)
    gone, stays = players[seat], players[1 - seat]
    table.drop(gone.key)
    assert table.away == {seat}
    assert stays.seen is not None and stays.seen.away[seat]
    assert stays.seen.turn is not None and stays.seen.turn.away and stays.seen.turn.seconds_left is None
    assert f"{NAMES[seat]} is away: the autopilot plays their seat until they come back." in stays.log
    moment = table.moment
    clock.pass_time(Pace().bot_delay + 0.01)  # the autopilot plays at a bot's pace, not at the turn clock's
    assert table.moment != moment
    assert table.connect(gone.person, gone) == seat
    assert table.away == frozenset()
    assert f"{NAMES[seat]} is back and plays their own turns again." in stays.log
    assert gone.log[-1] == "You are back at your seat: you play your turns again."
    assert gone.seen is not None and gone.seen.view is not None and gone.seen.seat == seat


def test_every_action_is_saved_in_the_saves_format_and_the_match_resumes_from_it():
    """To 200 points the match taken up again in its first round plays on into a second (to 500: seven)."""
    saved: list[str] = []
    table, clock, players = sit("en", "sk", save=saved.append, target=200)
    drive(table, clock, players, Policy(1), until=lambda: len(saved) >= 30)
    actions = sum(len(actions) for actions in table.match.history)
    assert len(saved) == 1 + actions + table.match.round_number - 1  # the deal, each action, each new deal
    game = saves.loads_game(saved[-1])
    assert game.match.history == table.match.history
    assert [seat.kind for seat in game.seats] == ["human", "human", "greedy"]
    # Everyone went: the match is kept, and the same people sit down at it again.
    table.close()
    clock2 = FakeClock()
    again = SharedTable.resume(saved[-1], {0: players[0].person, 1: players[1].person}, clock=clock2)
    fresh = [Player(p.person) for p in players]
    for player in fresh:
        again.connect(player.person, player)
    again.begin()
    assert again.match.history == table.match.history
    assert "Welcome back" in fresh[0].log[0]
    drive(again, clock2, fresh, Policy(2))
    assert again.finished and again.match.round_number >= 2


def test_a_failed_save_keeps_the_game_going_and_the_next_action_saves_it_all():
    saved: list[str] = []
    failing = [True]

    def save(text: str) -> None:
        if failing[0]:
            raise SaveError("/saves/friends.toml", "the disk is full")
        saved.append(text)

    table, clock, players = sit("en", "en", save=save)
    drive(table, clock, players, Policy(3), until=lambda: sum(map(len, table.match.history)) >= 5)
    assert table.save_failure is not None and saved == []
    failing[0] = False
    drive(table, clock, players, Policy(3), until=lambda: bool(saved))
    assert table.save_failure is None
    assert saves.loads(saved[-1]).history == table.match.history


def test_a_game_process_that_fails_takes_nobody_else_with_it():
    table, clock, players = sit("en", "en", "en")
    broken = players[2]

    def fails(message: object) -> None:
        raise ConnectionResetError("the game process is gone")

    table.connect(broken.person, fails)
    until_a_person_decides(table, clock, not_seat=2)
    assert 2 in table.away
    assert any("Cy is away" in line for line in players[0].log)
    drive(table, clock, players[:2], Policy(5), until=lambda: sum(map(len, table.match.history)) >= 40)


def test_say_uno_late_is_a_reaction_of_ones_own_seat():
    table, clock, players = sit("en", "en", bots=("greedy",), seed=2)
    drive(table, clock, players, Policy(4, react=0.0), until=lambda: table.match.round.exposed in table.people)
    exposed = table.match.round.exposed
    assert exposed is not None
    player = players[exposed]
    assert player.seen is not None and SayUno(exposed) in player.seen.view.reactions  # type: ignore[union-attr]
    table.act(player.key, SayUno(exposed), player.seen.moment)
    assert table.match.round.exposed is None


class Stamped(Player):
    """A player that notes the fake clock's time of each ``TableSeen``."""

    def __init__(self, person, clock: FakeClock) -> None:
        super().__init__(person)
        self.clock = clock
        self.times: list[tuple[float, TableSeen]] = []

    def __call__(self, message) -> None:
        super().__call__(message)
        if isinstance(message, TableSeen):
            self.times.append((self.clock.now(), message))


def moments(stamped: Stamped) -> list[tuple[float, TableSeen]]:
    """The first ``TableSeen`` of each moment of the match, with when it came."""
    first: dict[tuple[int, int], tuple[float, TableSeen]] = {}
    for when, seen in stamped.times:
        first.setdefault(seen.moment, (when, seen))
    return sorted(first.values(), key=lambda pair: pair[1].moment)


def test_with_nobody_deciding_the_clock_hands_each_decision_to_the_autopilot_which_finishes_its_moves():
    clock = FakeClock()
    ann, bob = person("a", "Ann"), person("b", "Bob")
    players = [Stamped(ann, clock), Stamped(bob, clock)]
    table = SharedTable.new([ann, bob], ["greedy"], seed=12, clock=clock, turn_seconds=10)
    for player in players:
        table.connect(player.person, player)
    table.begin()
    while table.match.round_number == 1:
        assert clock.run_next()
    pace = Pace()
    follow_ups = 0
    steps = moments(players[0])
    for (when, seen), (after, _next) in pairwise(steps):
        turn = seen.turn
        if turn is None or turn.seat not in (0, 1) or seen.public.exposed is not None:
            continue
        if turn.seconds_left is None:  # the autopilot finishes the move it began: at a bot's pace
            follow_ups += 1
            assert after - when <= pace.bot_delay + 1e-6
        else:
            assert turn.seconds_left == pytest.approx(10)
            assert after - when <= 10 + 1e-6
    assert follow_ups >= 1
    time_up = [line for line in players[0].log if line.startswith("Time is up")]
    assert len(time_up) >= 5


def test_the_jump_window_before_a_bot_moves_does_not_depend_on_what_the_people_hold():
    """H5b: a person holding the twin of the top card gets the jump window (3 s) before the next bot moves,
    and so does a table where nobody holds it: a wait only for a held twin told the others (playtest)."""
    clock = FakeClock()
    ann, bob = person("a", "Ann"), person("b", "Bob")
    players = [Stamped(ann, clock), Stamped(bob, clock)]
    table = SharedTable.new(
        [ann, bob], ["greedy", "greedy"], seed=3, rules=HouseRules(jump_in=True), clock=clock, turn_seconds=10
    )
    for player in players:
        table.connect(player.person, player)
    table.begin()
    while table.match.round_number == 1:
        assert clock.run_next()
    pace = Pace()
    held = not_held = 0
    by_person = [dict((seen.moment, (when, seen)) for when, seen in moments(player)) for player in players]
    steps = moments(players[0])
    for (when, seen), (after, _next) in pairwise(steps):
        if seen.turn is None or seen.turn.seat in (0, 1) or seen.public.exposed is not None:
            continue  # a bot's move, with nobody open to a catch
        may_jump = any(
            any(isinstance(a, JumpIn) for a in mine[seen.moment][1].view.reactions)  # type: ignore[union-attr]
            for mine in by_person
        )
        if after - when >= pace.jump_window - 1e-6:
            held += may_jump
            not_held += not may_jump
        else:
            assert not may_jump  # a person holding the twin always has the window
            assert after - when == pytest.approx(pace.bot_delay)
    assert held >= 1 and not_held >= 1  # the same wait, whoever holds the twin


def test_two_catches_at_the_same_instant_from_two_threads_one_wins():
    """One place decides: two people's catches arriving together (the host's tasks, two threads here) are
    applied one after the other, and exactly one is taken."""
    table, clock, players = sit("en", "en", "en", bots=("greedy",), seed=2)
    drive(table, clock, players, Policy(4, react=0.0), until=lambda: table.match.round.exposed in table.people)
    exposed = table.match.round.exposed
    catchers = [(p, seat) for seat, p in enumerate(players) if seat != exposed]
    barrier = threading.Barrier(len(catchers))
    results: list[str] = []

    def catch(player: Player, seat: int) -> None:
        barrier.wait()
        try:
            table.act(player.key, CatchUno(seat))
        except RulesError:
            results.append("refused")
        else:
            results.append("taken")

    threads = [threading.Thread(target=catch, args=pair) for pair in catchers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(results) == ["refused", "taken"]
    assert table.match.round.exposed is None


def test_a_hint_is_the_experts_advice_for_ones_own_decision_in_ones_own_language():
    table, clock, players = sit("en", "nl")
    seat = until_a_person_decides(table, clock)
    hint = table.hint(players[seat].key)
    assert hint.text
    with pytest.raises(RulesError):
        table.hint(players[1 - seat].key)
    table.act(players[seat].key, hint.action)  # the advice is a move the table takes


def test_when_every_person_has_gone_the_table_waits_for_them():
    """Issue 31: a match everyone left is kept for them, not played out by the autopilot alone."""
    table, clock, players = sit("en", "en", bots=("greedy",))
    until_a_person_decides(table, clock)
    for player in players:
        table.drop(player.key)
    assert table.everyone_gone
    moment = table.moment
    clock.pass_time(3600)
    assert table.moment == moment and not clock.timers
    table.connect(players[1].person, players[1])
    clock.pass_time(120)
    assert table.moment != moment


def test_a_drawn_card_moves_face_up_for_its_owner_and_face_down_for_the_others():
    table, clock, players = sit("en", "en", bots=())
    watcher = Player(person("key-w", "Wendy"))
    table.connect(watcher.person, watcher)
    seat = until_a_person_decides(table, clock)
    table.act(players[seat].key, Draw())
    moved = {}
    for reader in (*players, watcher):
        last = [m for m in reader.messages if isinstance(m, CardsMoved)][-1]
        moved[reader.key] = last
    drawn = moved[players[seat].key]
    assert drawn.by_player and drawn.motions[0].kind == "draw" and drawn.motions[0].card is not None
    for reader in (players[1 - seat], watcher):
        assert not moved[reader.key].by_player and moved[reader.key].motions[0].card is None


def test_every_seat_has_its_own_name_a_bot_included():
    clock = FakeClock()
    mario, twin = person("a", "Mario"), person("b", "mario")
    table = SharedTable.new([mario, twin], ["greedy", "random"], seed=1, clock=clock)
    assert table.names == ("Mario", "mario 2", "Luigi", "Peach")


def test_a_save_resumes_only_with_a_person_at_every_human_seat():
    saved: list[str] = []
    table, _clock, players = sit("en", "en", save=saved.append)
    table.close()
    with pytest.raises(ValueError, match="human seats"):
        SharedTable.resume(saved[-1], {0: players[0].person}, clock=FakeClock())
    with pytest.raises(SaveError):
        SharedTable.resume(saved[-1][:-40], {0: players[0].person, 1: players[1].person}, clock=FakeClock())


def test_a_person_who_leaves_once_the_match_is_over_is_not_away_and_no_autopilot_is_said():
    """Found over ssh: the winner's line mode went back to its title at the end, and every other final screen
    then marked them away, and the log said the autopilot would play their seat."""
    table, clock, players = sit("en", "en", bots=(), target=1)  # the first round ends the match
    drive(table, clock, players, Policy(3))
    assert table.finished
    winner = table.match.winner
    assert winner is not None
    gone, stays = players[winner], players[1 - winner]
    shown_before = stays.seen
    table.drop(gone.key)
    assert table.away == frozenset()
    assert stays.seen == shown_before  # the final standings stay as they were
    assert not any("autopilot" in line for line in stays.log[-3:])
    assert stays.log[-1] == f"{NAMES[winner]} left the table."
    assert not table.everyone_gone
    table.drop(stays.key)
    assert table.everyone_gone  # the host may let the table go


def autopilot_words(table: SharedTable) -> str:
    """How the line its person reads of the move the autopilot just made for them begins."""
    from unokart_tui.voice.cards import long

    action = table.match.history[-1][-1]
    if isinstance(action, Play):
        return f"· The autopilot plays {long(action.card)} for you" + ("." if action.color is None else " and calls")
    return "· The autopilot's move for you:"


def test_a_move_the_autopilot_made_for_someone_away_is_told_again_as_the_autopilots():
    """Found over ssh: back at the table, the log told again "· You play Red 8." for the autopilot's move."""
    table, clock, players = sit("en", "en", bots=())
    seat = until_a_person_decides(table, clock)
    gone, stays = players[seat], players[1 - seat]
    table.drop(gone.key)
    moment = table.moment
    clock.pass_time(Pace().bot_delay + 0.01)
    assert table.moment == (moment[0], moment[1] + 1)  # the autopilot's one move for the seat away
    expected = autopilot_words(table)
    assert not any(line.startswith("· The autopilot") for line in stays.log)  # the others read it as Ann's move
    before = len(gone.log)
    assert table.connect(gone.person, gone) == seat
    retold = gone.log[before:]
    assert any(line.startswith(expected) for line in retold), retold
    assert not any(line.startswith(("· You play", "· You draw")) for line in retold), retold


def test_a_move_the_autopilot_made_when_the_clock_ran_out_is_told_live_as_the_autopilots():
    table, clock, players = sit("en", "nl", turn_seconds=20)
    seat = until_a_person_decides(table, clock)
    moment = table.moment
    while table.moment == moment:
        assert clock.run_next()
    log = players[seat].log
    at = log.index("Time is up: the autopilot plays your turn.")
    assert log[at + 1].startswith(autopilot_words(table)), log[at:]
