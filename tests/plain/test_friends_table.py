"""Line mode at a table shared with friends (issues 31 and 33): the host's real table on a fake clock, Ann's
line-mode seat (``plain.friends.FriendsTable``) reading what it sends as JSON lines, as her game process would."""

from __future__ import annotations

import io
import json
import re
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from unokart_tui.engine import HouseRules, Phase, Play
from unokart_tui.friends.channel import LEAVE_TABLE, encode
from unokart_tui.friends.hosting import HostedTable
from unokart_tui.plain.asking import InputEnded
from unokart_tui.plain.friends import WARN_AT, FriendsTable
from unokart_tui.plain.lines import Lines
from unokart_tui.table.pacing import Pace

from ..fakeclock import FakeClock

CODE = "K9MXR"
SYMBOLS = re.compile(r"[⇄⊘☂☽◉↯✸·★↶—⚠]")


class Seat:
    """A person's line as the host holds it: what the table sends their game process waits in ``inbox``."""

    def __init__(self, name: str, *, plain: bool = False) -> None:
        self.fingerprint = f"SHA256:{name.lower()}"
        self.name, self.language, self.plain = name, "en", plain
        self.inbox: deque[dict[str, object]] = deque()

    def send(self, message: Mapping[str, object]) -> bool:
        self.inbox.append(json.loads(encode(message)))  # as it crosses the line: one JSON object
        return True


class Person:
    """Ann in line mode: her seat at the host, her line-mode table, and every line it wrote."""

    def __init__(self, hosted: HostedTable, clock: FakeClock, seat: Seat, answers: str = "") -> None:
        """``answers``: the lines Ann types when a question is put to her (the opener's settings)."""
        self.hosted, self.seat = hosted, seat
        self.out = io.StringIO()
        self.sent: list[dict[str, object]] = []
        self.table = FriendsTable(Lines(io.StringIO(answers), self.out), self.to_host, CODE, clock=clock)
        self.read_to = 0

    def to_host(self, message: Mapping[str, object]) -> bool:
        data = json.loads(encode(message))
        self.sent.append(data)
        if data.get("type") == LEAVE_TABLE:
            self.hosted.leave(self.seat)
        else:
            self.hosted.receive(self.seat, data)
        return True

    def deliver(self) -> None:
        while self.seat.inbox:
            self.table.arrived(self.seat.inbox.popleft())

    def types(self, line: str) -> list[str]:
        """Ann types ``line``; what was written after it (the host's answers delivered too)."""
        self.new()
        self.table.handle(line)
        self.deliver()
        return self.new()

    def new(self) -> list[str]:
        """The lines written since the last call."""
        said = self.out.getvalue().splitlines()
        fresh, self.read_to = said[self.read_to :], len(said)
        return fresh

    @property
    def said(self) -> list[str]:
        return self.out.getvalue().splitlines()


def at_table(tmp_path: Path, answers: str = "", seed: int = 31) -> tuple[HostedTable, FakeClock, Person, Seat]:
    clock = FakeClock()
    hosted = HostedTable(CODE, clock=clock, saves_for=lambda key: tmp_path, seed=seed, pace=Pace(bot_delay=0.5))
    ann_seat, bob = Seat("Ann", plain=True), Seat("Bob")
    hosted.arrive(ann_seat)
    ann = Person(hosted, clock, ann_seat, answers)
    ann.deliver()
    hosted.arrive(bob)
    ann.deliver()
    return hosted, clock, ann, bob


def until(clock: FakeClock, ann: Person, condition: Callable[[], bool]) -> None:
    for _ in range(400):
        ann.deliver()
        if condition():
            return
        assert clock.run_next(), "the table waits for nothing"
    raise AssertionError("the wanted moment never came")


def started(tmp_path: Path) -> tuple[HostedTable, FakeClock, Person, Seat]:
    hosted, clock, ann, bob = at_table(tmp_path)
    ann.types("start")
    hosted.leave(bob)  # Bob is away: the autopilot plays him, and the match goes on by itself
    return hosted, clock, ann, bob


def test_the_lobby_as_lines_and_the_opener_starts_the_match(tmp_path):
    hosted, _clock, ann, bob = at_table(tmp_path)
    said = ann.said
    assert said[0] == f"You are at the table {CODE}, a table for friends."
    assert "At the table (2 of 4 seats): Ann (opened the table), Bob" in said  # Bob's coming, said when he came
    assert "Everyone here? Type start to start the match." in said
    assert ann.types("who")[0].startswith("At the table (2 of 4 seats)")
    assert ann.types("play R7") == ["The match is waiting to start: type who, start or leave (help says more)."]
    # Bob's own lobby says whom he waits for; Ann starts, and her line says the match began.
    assert any(m.get("type") == "LobbyShown" and not m["is_opener"] for m in bob.inbox)
    after = ann.types("start")
    assert ann.sent[-1] == {"type": "lobby-start"}
    assert hosted.table is not None
    assert "The match has started. The table does not wait: type help to hear how it goes." in after


def test_a_joiner_waits_for_the_opener_and_cannot_start(tmp_path):
    clock = FakeClock()
    hosted = HostedTable(CODE, clock=clock, saves_for=lambda key: tmp_path, seed=31)
    hosted.arrive(Seat("Bob"))
    ann_seat = Seat("Ann", plain=True)
    hosted.arrive(ann_seat)
    ann = Person(hosted, clock, ann_seat)
    ann.deliver()
    assert "Waiting for Bob to start the match." in ann.said
    assert ann.types("start") == ["Only Bob, who opened this table, can start the match."]
    assert ann.types("leave") == ["You left the table."]
    assert ann.table.over and ann.sent[-1] == {"type": LEAVE_TABLE}


def test_a_turn_played_in_words_and_the_log_without_symbols(tmp_path):
    hosted, clock, ann, _bob = started(tmp_path)
    table = hosted.table
    assert table is not None
    until(clock, ann, lambda: ann.table.decides() and ann.table.remote.view.phase is Phase.PLAY)
    # Seed 31: Ann's first turn, on a Blue Draw Two, can only play her Wild Draw Four.
    assert (
        "Your turn, 7 cards in your hand, on Blue Draw Two [B+2]: you can play Wild Draw Four [W+4]."
        " Type play and a card, or type draw." in ann.said
    )
    moment = table.moment
    assert ann.types("play w+4") == ["Choose a colour (for your Wild Draw Four): type red, yellow, green or blue."]
    assert table.moment == moment  # nothing is played before its colour is chosen
    said = ann.types("red")  # a bare colour answers the question
    assert said[0] == "You play Wild Draw Four and call red."
    taken = table.match.history[-1][moment[1]]
    assert isinstance(taken, Play) and taken.card.rank.name == "WILD_DRAW_FOUR" and taken.color is not None
    assert taken.color.value == "red"
    until(clock, ann, ann.table.decides)
    written = "\n".join(ann.said)
    assert not SYMBOLS.search(written)  # the host told Ann's log in words: cards named, codes in brackets
    assert "\x1b" not in written
    assert written.count("Your turn, 7 cards") == 1  # the question is not said again once answered


def test_a_refusal_is_one_line_and_changes_nothing(tmp_path):
    hosted, clock, ann, _bob = started(tmp_path)
    table = hosted.table
    assert table is not None
    until(clock, ann, lambda: not ann.table.remote.legal and ann.table.remote.seen is not None)
    moment = table.moment
    assert ann.types("draw") == ["Wait for your turn."]
    assert ann.types("next") == ["At a shared table the next round is dealt by itself, after a pause."]
    assert ann.types("undo") == ["There is no undo at a table shared with friends: every move counts for everyone."]
    assert table.moment == moment
    # At her turn, a card she does not hold: one line, and nothing goes to the host.
    until(clock, ann, lambda: ann.table.decides() and ann.table.remote.view.phase is Phase.PLAY)
    sent = len(ann.sent)
    assert ann.types("play 99") == ["You hold no card '99': type hand to hear your cards."]
    assert len(ann.sent) == sent


def test_the_turn_clock_is_said_once_when_it_runs_low(tmp_path):
    _hosted, clock, ann, _bob = started(tmp_path)
    until(clock, ann, ann.table.decides)
    clock_line = (
        "The table does not wait: your turn has a clock of 45 seconds, and when it runs out the autopilot plays it."
    )
    assert clock_line in ann.types("help")
    left = ann.table.remote.seconds_left()
    assert left is not None and left > WARN_AT
    ann.new()
    clock.pass_time(left - WARN_AT - 1)
    assert not any("left on your turn's clock" in line for line in ann.new())
    clock.pass_time(1.5)
    warned = [line for line in ann.new() if "left on your turn's clock" in line]
    assert warned == [f"{WARN_AT} seconds left on your turn's clock."]
    clock.pass_time(3)
    assert not any("left on your turn's clock" in line for line in ann.new())  # once a turn


def test_the_table_moves_on_while_the_person_reads(tmp_path):
    hosted, clock, ann, _bob = started(tmp_path)
    table = hosted.table
    assert table is not None
    until(clock, ann, ann.table.decides)
    assert ann.types("hand")[0].startswith("Your hand:")  # reading does not stop the host's clock
    deadline = table.deadline
    assert deadline is not None
    clock.pass_time(deadline - clock.now())  # her clock runs out while she reads
    ann.deliver()
    said = ann.new()
    assert "Time is up: the autopilot plays your turn." in said
    # Her command for the turn that has gone: refused in one line, nothing sent.
    if not ann.table.decides():
        sent = len(ann.sent)
        assert ann.types("draw") == ["Wait for your turn."]
        assert len(ann.sent) == sent


def test_quit_leaves_the_seat_to_the_autopilot(tmp_path):
    hosted, clock, ann, _bob = started(tmp_path)
    until(clock, ann, lambda: ann.table.remote.seen is not None)
    said = ann.types("quit")
    assert said[0].startswith("The table plays on without you")
    assert ann.table.over and ann.sent[-1] == {"type": LEAVE_TABLE}
    assert hosted.table is not None and hosted.table.everyone_gone  # Bob was away already: the table waits


def test_moves_lists_what_may_be_typed_now(tmp_path):
    _hosted, clock, ann, _bob = started(tmp_path)
    until(clock, ann, lambda: ann.table.decides() and ann.table.remote.view.phase is Phase.PLAY)
    moves = ann.types("moves")
    assert moves[-1] == ""
    assert "draw" in moves and "hint" in moves and "quit" in moves
    assert all(not move.startswith("undo") for move in moves)


def test_the_opener_sets_the_table_question_by_question(tmp_path):
    # Seats 3, the free seat's bot, the target and the house rules as they are, 30 seconds a turn.
    hosted, _clock, ann, _bob = at_table(tmp_path, "3\n\n\n\n30\n")
    said = ann.types("settings")
    assert "How many seats at the table, from 2 to 10? Enter keeps 4." in said
    assert "How many seconds for each turn, from 10 to 600? Enter keeps 45." in said
    assert "Settings sent to the table." in said
    # The host's lobby comes back with them: only the lines that changed are said.
    assert said[-3:] == [
        "At the table (2 of 3 seats): Ann (opened the table), Bob",
        "1 bot plays the free seat: greedy",
        "Target 500, house rules official, 3 seats, 30 seconds a turn.",
    ]
    assert hosted.lobby is not None and hosted.lobby.settings.seats == 3
    assert hosted.lobby.settings.turn_seconds == 30.0
    sent = len(ann.sent)
    with pytest.raises(InputEnded):  # the input has ended: the loop leaves the table (sit_at_table)
        ann.types("settings")
    assert len(ann.sent) == sent


def test_a_wrong_answer_to_a_setting_is_said_and_asked_again(tmp_path):
    hosted, _clock, ann, _bob = at_table(tmp_path, "11\n2\n\n\n\n")
    said = ann.types("settings")
    assert "Type a whole number from 2 to 10, or Enter." in said
    assert hosted.lobby is not None and hosted.lobby.settings.seats == 2


def test_enter_says_whom_the_table_waits_for(tmp_path):
    _hosted, clock, ann, _bob = started(tmp_path)
    until(clock, ann, lambda: ann.table.remote.seen is not None and not ann.table.decides())
    seen = ann.table.remote.seen
    assert seen is not None and seen.turn is not None
    assert ann.types("") == [f"{seen.turn.name} plays now; the table tells you when it is your turn."]


READERS = {"hand", "table", "score", "log", "help", "moves", "quit", "hint", ""}


def play_from_moves(clock: FakeClock, ann: Person, done: Callable[[], bool], *, limit: int = 300) -> list[str]:
    """Ann plays each of her decisions with the first move ``moves`` lists, typed exactly as listed, until ``done``."""
    typed: list[str] = []
    for _ in range(limit):
        until(clock, ann, lambda: done() or ann.table.decides() or ann.table.over)
        if done() or ann.table.over:
            return typed
        moves = [move for move in ann.types("moves") if move.split(" ")[0] not in READERS | {"uno", "catch", "jump"}]
        assert moves, "a decision with nothing to do"
        said = ann.types(moves[0])
        typed.append(moves[0])
        assert not any(line.startswith(("There is no command", "You hold no card", "Wait for")) for line in said)
    raise AssertionError("never done")


def test_every_move_listed_is_typed_as_listed_and_a_late_uno_is_offered(tmp_path):
    hosted, clock, ann, _bob = started(tmp_path)
    table = hosted.table
    assert table is not None

    def exposed() -> bool:
        view = ann.table.remote.view
        return view is not None and view.exposed == 0

    typed = play_from_moves(clock, ann, exposed)
    assert typed and any(move.startswith("play ") for move in typed)
    assert ann.said[-1] == "You have one card and did not say UNO: type uno now, before someone catches you."
    assert "uno" in ann.types("moves")
    said = ann.types("uno")
    assert any(line.startswith("You say UNO") for line in said), said


def test_a_question_the_table_moved_on_from_is_said_to_be_over(tmp_path):
    hosted, clock, ann, _bob = started(tmp_path)
    table = hosted.table
    assert table is not None
    until(clock, ann, lambda: ann.table.decides() and ann.table.remote.view.phase is Phase.PLAY)
    assert ann.types("play w+4")[-1].startswith("Choose a colour")  # seed 31: her Wild Draw Four
    deadline = table.deadline
    assert deadline is not None
    clock.pass_time(deadline - clock.now())  # she does not answer: the autopilot plays her turn
    ann.deliver()
    said = ann.new()
    assert "The table moved on without your answer." in said
    over = said.index("The table moved on without your answer.")
    assert said.index("Time is up: the autopilot plays your turn.") < over
    assert ann.types("red") == [
        "There is no command 'red': type help for the commands, moves for those you may type now."
    ]  # the colour is no longer asked


def test_a_friend_who_finds_every_seat_taken_watches_in_words(tmp_path):
    clock = FakeClock()
    hosted = HostedTable(CODE, clock=clock, saves_for=lambda key: tmp_path, seed=31, pace=Pace(bot_delay=0.5))
    bob, cy = Seat("Bob"), Seat("Cy")
    hosted.arrive(bob)
    hosted.arrive(cy)
    assert hosted.lobby is not None
    hosted.lobby.settle(bob.fingerprint, hosted.lobby.settings._replace(seats=2))
    ann_seat = Seat("Ann", plain=True)
    hosted.arrive(ann_seat)
    ann = Person(hosted, clock, ann_seat)
    ann.deliver()
    assert "Every seat is taken: you will watch the match when Bob starts it." in ann.said
    hosted.receive(bob, {"type": "lobby-start"})
    until(clock, ann, lambda: ann.table.remote.seen is not None)
    assert ann.table.remote.watching
    assert ann.types("draw") == ["You are watching this table: only the people seated play."]
    table = ann.types("table")
    assert table[0].startswith("On the pile:") and any(line.startswith("Bob:") for line in table)
    assert not any(line.startswith("You:") for line in table)  # no seat, no hand
    assert ann.types("hand") == ["Your hand: 0 cards."]


def test_a_hint_is_asked_of_the_host_and_said_in_words(tmp_path):
    _hosted, clock, ann, _bob = started(tmp_path)
    until(clock, ann, lambda: ann.table.decides() and ann.table.remote.view.phase is Phase.PLAY)
    said = ann.types("hint")
    assert ann.sent[-1] == {"type": "ask-hint"}
    assert len(said) == 1 and said[0].startswith("Hint: ") and said[0].endswith(".")
    assert not SYMBOLS.search(said[0])


def test_a_round_of_party_rules_played_from_moves_alone(tmp_path):
    """Whatever the table asks (a colour, a swap, a stack, a challenge), the first move listed is typed and taken."""
    # Seed 31: a round with each kind of question (the bots' choices, and so the seed, changed when the
    # expert learnt to remember the hand its seat passed on).
    hosted, clock, ann, bob = at_table(tmp_path, seed=31)
    assert hosted.lobby is not None
    party = hosted.lobby.settings._replace(preset="party", rules=HouseRules.preset("party"))
    hosted.lobby.settle(ann.seat.fingerprint, party)
    ann.types("start")
    hosted.leave(bob)

    def round_over() -> bool:
        return any(line == "The table deals the next round by itself in a few seconds." for line in ann.said)

    typed = play_from_moves(clock, ann, round_over, limit=400)
    verbs = {move.split(" ")[0] for move in typed}
    assert {"play", "colour", "swap", "target", "challenge"} <= verbs and round_over()
    assert not SYMBOLS.search("\n".join(ann.said))


def kept_at(tmp_path: Path) -> tuple[HostedTable, FakeClock]:
    """A match of Ann's, Bob's and Cid's kept in Ann's saves, taken up again by Ann on the host."""
    from saves import Seat as SavedSeat
    from saves import dumps
    from unokart_tui.engine import Match
    from unokart_tui.friends.hosting import save_path
    from unokart_tui.friends.keeping import marked
    from unokart_tui.friends.people import Person as Someone

    match = Match.new(["Ann", "Bob", "Cid", "Mario"], seed=4)
    people = {0: Someone("SHA256:ann", "Ann"), 1: Someone("SHA256:bob", "Bob"), 2: Someone("SHA256:cid", "Cid")}
    seats = (SavedSeat("Ann"), SavedSeat("Bob"), SavedSeat("Cid"), SavedSeat("Mario", "greedy", seed=5))
    save_path(tmp_path, CODE).write_text(dumps(match, seats=marked(seats, people, 30.0)))
    clock = FakeClock()
    hosted = HostedTable.reopened(CODE, "SHA256:ann", clock=clock, saves_for=lambda key: tmp_path, pace=Pace())
    return hosted, clock


def test_a_kept_match_waits_for_its_people_in_lines_and_the_opener_goes_on_with_start(tmp_path):
    """Found in a playtest: Continue with friends played on at once, the autopilot playing the friends not back."""
    hosted, clock = kept_at(tmp_path)
    ann_seat, cid = Seat("Ann", plain=True), Seat("Cid")
    hosted.arrive(ann_seat)
    ann = Person(hosted, clock, ann_seat)
    ann.table._ask_settings = True  # as the title opens it: a kept match's settings are not asked
    ann.deliver()
    said = ann.new()
    assert said[1:5] == [
        "A match taken up again: round 1 goes on when everyone is back.",
        "Back at their seats: Ann (opened the table)",
        "Waiting for Bob, Cid to come back.",
        "Target 500, house rules official, 4 seats, 30 seconds a turn.",
    ]
    assert "Type start to go on now, who to hear the table again, leave to close it." in said
    assert not any("How many" in line for line in said)
    hosted.arrive(cid)
    ann.deliver()
    assert ann.new() == ["Back at their seats: Ann (opened the table), Cid", "Waiting for Bob to come back."]
    assert ann.types("settings") == ["A match taken up again keeps the settings it was started with."]
    assert "Waiting for Bob to come back." in ann.types("who")
    clock.pass_time(120)
    assert hosted.table is not None and hosted.table.moment == (1, 0)  # nothing is played while it waits
    after = ann.types("start")
    assert ann.sent[-1] == {"type": "lobby-start"}
    assert any(line.startswith("The match has started.") for line in after)
    assert hosted.table.away == frozenset({1})  # Bob, not back, is the autopilot's until he comes


def test_a_friend_in_a_kept_matchs_waiting_room_is_told_what_the_opener_is_told(tmp_path):
    """Found in a playtest: the opener read that the round goes on when everyone is back, the friends that it
    waited for the opener to start the match."""
    hosted, clock = kept_at(tmp_path)
    hosted.arrive(Seat("Ann"))
    cid_seat = Seat("Cid", plain=True)
    hosted.arrive(cid_seat)
    cid = Person(hosted, clock, cid_seat)
    cid.deliver()
    said = cid.new()
    assert "A match taken up again: round 1 goes on when everyone is back." in said
    assert "Back at their seats: Ann (opened the table), Cid" in said
    assert "Waiting for Bob to come back." in said
    assert "The match goes on by itself once everyone is back, or sooner if Ann goes on without them." in said
    assert not any("to start the match" in line for line in said)
    dee_seat = Seat("Dee", plain=True)  # no seat of hers in this match: she watches it
    hosted.arrive(dee_seat)
    dee = Person(hosted, clock, dee_seat)
    dee.deliver()
    said = dee.new()
    assert "You will watch the match once it goes on: when everyone is back, or when Ann goes on." in said
    assert not any("starts it" in line for line in said)


def test_at_the_matchs_end_line_mode_says_the_final_standings_before_it_leaves_the_table(tmp_path):
    """Found over ssh: line mode went back to its title when the match ended (the others keep their final
    screen); it says the final scores first, and the others are not told it is away."""
    hosted, clock, ann, bob = at_table(tmp_path)
    assert hosted.lobby is not None
    hosted.lobby.settle(ann.seat.fingerprint, hosted.lobby.settings._replace(target=1))
    cy = Seat("Cy")
    hosted.arrive(cy)
    ann.types("start")
    hosted.leave(bob)
    for _ in range(5000):  # every turn of Ann's and Cy's is the autopilot's once their clock runs out
        ann.deliver()
        if ann.table.over:
            break
        assert clock.run_next(), "the table waits for nothing"
    said = ann.said
    final = next(index for index, line in enumerate(said) if line.startswith("Final scores: "))
    assert said[final + 1] == "The match is over."
    assert ann.sent[-1] == {"type": LEAVE_TABLE}
    assert hosted.table is not None and hosted.table.finished
    logged = [str(m["line"]["text"]) for m in cy.inbox if isinstance(m.get("line"), dict)]
    assert "Ann left the table." in logged
    assert not any("Ann is away" in line for line in logged)
