"""Each person's statistics record a friends' match as theirs (issue 31, item 4), at the host's table.

A real ``HostedTable`` on a fake clock, seats without sockets: Ann opens, Bob joins, a greedy bot takes the
third seat; they play their turns at once, and the autopilot plays the seat of a person away. Each person's
store (``stats.sqlite3`` in their own folder on the host) is read back as the Statistics screen reads it.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from pathlib import Path

from unokart_tui.engine import Play
from unokart_tui.friends.hosting import HostedTable
from unokart_tui.friends.messages import LobbySettle, LobbyStart, Notice, TableSettings
from unokart_tui.friends.recording import Runner, StatsWriter, Written, at_once
from unokart_tui.history import stats
from unokart_tui.history.stats import report
from unokart_tui.history.stats import store as stats_store
from unokart_tui.history.stats.records import match_key
from unokart_tui.locations import STATS_NAME
from unokart_tui.serve.config import ServeConfig
from unokart_tui.serve.host import table_codes
from unokart_tui.serve.log import ConnectionLog
from unokart_tui.table.pacing import Pace
from unokart_tui.voice import _, speaking

from ..fakeclock import FakeClock
from .test_hosting import CODE, FakeSeat, Saves, ask

ANN, BOB, BOT = 0, 1, 2  # the seats: people first, in the order they sat down, then the bot


class Log:
    """The host's log of the statistics: (key, words)."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def __call__(self, key: str, said: str) -> None:
        self.lines.append((key, said))


def table_of_three(
    tmp_path: Path, *, target: int = 500, record_with: Runner = at_once
) -> tuple[HostedTable, FakeClock, FakeSeat, FakeSeat, Log]:
    clock, log = FakeClock(), Log()
    pace = Pace(bot_delay=0.5)
    table = HostedTable(
        CODE, clock=clock, saves_for=Saves(tmp_path), seed=31, pace=pace, record_with=record_with, log=log
    )
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob", "nl")
    table.arrive(ann)
    table.arrive(bob)
    settings = TableSettings(target=target, seats=3, bots=("greedy",), turn_seconds=10.0)
    ask(ann, table, LobbySettle(settings))
    ask(ann, table, LobbyStart())
    assert not ann.refusals and len(table.table.match.names) == 3  # type: ignore[union-attr]
    return table, clock, ann, bob, log


def play_to_round_end(table: HostedTable, clock: FakeClock) -> None:
    """Play until the round being played is over: each person at the table decides at once (a card if they may
    play one), the bot and the autopilot of a person away when time passes. (The people's clocks ran out
    here before: the expert then played some fifty decisions a round, nine tenths of these tests' time.)"""
    shared = table.table
    assert shared is not None
    number = shared.match.round_number
    while not (shared.match.round_number == number and shared.match.round.is_over):
        round_ = shared.match.round
        person = shared.people.get(round_.decider)
        if person is not None and person.key in shared.connected:
            legal = round_.legal_actions()
            shared.act(person.key, next((a for a in legal if isinstance(a, Play)), legal[0]), shared.moment)
        else:
            assert clock.run_next(), "the table waits for nothing"
        assert shared.match.round_number == number, "the round's end went by unseen"


def store_of(tmp_path: Path, name: str) -> Path:
    return tmp_path / name / STATS_NAME


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with stats.open_store(path).store as store:
        return store.dump()


def summary_of(path: Path) -> stats.Summary:
    with stats.open_store(path).store as store:
        return stats.summarize(store)


def test_a_rounds_end_goes_into_each_persons_statistics_with_their_own_seat_as_the_player(tmp_path):
    table, clock, _ann, _bob, _log = table_of_three(tmp_path)
    cy = FakeSeat("Cy")
    table.arrive(cy)  # the match has started: Cy watches, and keeps no statistics of it
    play_to_round_end(table, clock)
    match = table.table.match  # type: ignore[union-attr]
    winner, points = match.round.winner, match.scores[match.round.winner]  # type: ignore[index]
    bot = match.names[BOT]
    assert winner is not None and points > 0

    # Ann's: the match as the opener's saves keep it, her seat the player's, the other seats in the order of play.
    anns = dump(store_of(tmp_path, "ann"))
    [ann_match] = anns["matches"]
    assert ann_match[0] == match_key(match.seed, table.table.created)  # type: ignore[union-attr]
    assert [row[1:4] for row in sorted(anns["seats"])] == [
        (0, "Ann", "human"),
        (1, "Bob", "person"),
        (2, bot, "greedy"),
    ]
    [ann_round] = anns["rounds"]
    assert (ann_round[3], ann_round[4]) == (winner, points)

    # Bob's: his seat is 0, then the bot (who plays after him), then Ann.
    bobs = dump(store_of(tmp_path, "bob"))
    assert [row[1:4] for row in sorted(bobs["seats"])] == [
        (0, "Bob", "human"),
        (1, bot, "greedy"),
        (2, "Ann", "person"),
    ]
    [bob_round] = bobs["rounds"]
    assert (bob_round[3], bob_round[4]) == ((winner - BOB) % 3, points)
    assert bob_round[2] == (match.round.dealer - BOB) % 3

    for name, seat in (("ann", ANN), ("bob", BOB)):
        summary = summary_of(store_of(tmp_path, name))
        assert summary.player.rounds == 1 and summary.matches == 0  # a round finished, the match goes on
        assert summary.player.rounds_won == (winner == seat)
        assert summary.player.points_won == (points if winner == seat else 0)
        assert [kind for kind, _figures, _won in summary.personalities] == ["greedy"]  # no person is a bot
    assert not store_of(tmp_path, "cy").exists()
    assert table.table.match.round.is_over  # type: ignore[union-attr]


def test_a_person_keeps_of_the_others_only_what_the_rounds_end_showed_them(tmp_path):
    """Honest: the counts of cards are on the table for all; what another's cards were worth is not shown at a
    friends' round end, and the seed, which deals every hand again, stays in the opener's saves alone."""
    table, clock, _ann, _bob, _log = table_of_three(tmp_path)
    play_to_round_end(table, clock)
    match = table.table.match  # type: ignore[union-attr]
    hands = match.round.hands
    for name, seat in (("ann", ANN), ("bob", BOB)):
        kept = dump(store_of(tmp_path, name))
        by_seat = {row[2]: row for row in kept["round_seats"]}
        for place, row in by_seat.items():
            original = (place + seat) % 3
            assert row[3] == len(hands[original])  # cards left: everyone saw them counted
            own = original == seat and original != match.round.winner
            assert row[4] == (sum(card.points for card in hands[seat]) if own else 0)
    [bob_match] = dump(store_of(tmp_path, "bob"))["matches"]
    assert not bob_match[0].startswith(f"{match.seed}@") and bob_match[5] == "0"  # the key names no seed
    assert bob_match[0].startswith(f"friends {CODE}@") and bob_match[1] == f"friends {CODE}"


def test_the_openers_rebuild_gives_the_same_record_from_the_friends_save(tmp_path):
    table, clock, _ann, _bob, _log = table_of_three(tmp_path)
    play_to_round_end(table, clock)
    recorded = dump(store_of(tmp_path, "ann"))
    store_of(tmp_path, "ann").unlink()
    rebuilt, _note = stats.rebuild(store_of(tmp_path, "ann"))  # from her saves, beside: "friends K9MXR.toml"
    assert (rebuilt.read, rebuilt.matches, rebuilt.rounds) == (1, 1, 1)
    assert dump(store_of(tmp_path, "ann")) == recorded
    summary = summary_of(store_of(tmp_path, "ann"))
    assert [record.name for record in summary.by_personality] == [] and summary.player.rounds == 1


def test_the_match_ends_in_everyones_statistics_as_won_or_lost_by_them_and_reads_sensibly(tmp_path):
    table, clock, _ann, _bob, _log = table_of_three(tmp_path, target=1)  # the first round ends the match
    play_to_round_end(table, clock)
    match = table.table.match  # type: ignore[union-attr]
    assert match.is_over and match.winner is not None
    for name, seat in (("ann", ANN), ("bob", BOB)):
        summary = summary_of(store_of(tmp_path, name))
        assert summary.matches == 1 and summary.matches_won == (match.winner == seat)
        [line] = summary.matches_list
        assert line.names[0] == match.names[seat] and line.scores[0] == match.scores[seat]
        assert [record.name for record in summary.by_personality] == ["greedy"]
        assert [record.name for record in summary.by_difficulty] == ["normal"]
        others = [*match.names[seat + 1 :], *match.names[:seat]]  # in the order of play after theirs
        assert [row[-1] for row in report.matches_table(summary).rows] == [", ".join(others)]
        assert not re.search(r"\b(person|human)\b", report.text(summary))  # people are no personality


def test_an_away_person_still_has_the_round_recorded_as_theirs(tmp_path):
    table, clock, ann, bob, _log = table_of_three(tmp_path)
    table.leave(bob)  # the autopilot plays his seat; his key is known
    play_to_round_end(table, clock)
    assert summary_of(store_of(tmp_path, "bob")).player.rounds == 1
    assert not [m for m in ann.read() if isinstance(m, Notice) and "statistics" in m.text]


def test_a_busy_store_leaves_the_table_playing_and_its_person_is_told(tmp_path, monkeypatch):
    monkeypatch.setattr(stats_store, "BUSY_TIMEOUT", 0.05)
    table, clock, ann, bob, log = table_of_three(tmp_path)
    with stats.open_store(store_of(tmp_path, "bob")).store:
        pass  # Bob's store is there, sound
    holder = sqlite3.connect(store_of(tmp_path, "bob"), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds it
    try:
        play_to_round_end(table, clock)
        shared = table.table
        assert shared is not None
        clock.pass_time(shared.round_pause + 0.1)
        assert shared.match.round_number == 2  # the next round was dealt: the table played on
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert summary_of(store_of(tmp_path, "ann")).player.rounds == 1
    assert summary_of(store_of(tmp_path, "bob")).player.rounds == 0
    [(key, said)] = log.lines
    assert key == bob.fingerprint and "statistics not written" in said and str(store_of(tmp_path, "bob")) in said
    [told] = [m for m in bob.read() if isinstance(m, Notice) and m.severity == "warning"]
    with speaking("nl"):  # Bob reads Dutch: his own table's sentence, in his language
        sentence = _("Saving your statistics failed, so this round is not in them: {problem}")
    assert sentence != "Saving your statistics failed, so this round is not in them: {problem}"
    assert told.text.startswith(sentence.partition("{problem}")[0]) and str(store_of(tmp_path, "bob")) in told.text
    assert not [m for m in ann.read() if isinstance(m, Notice) and str(store_of(tmp_path, "bob")) in m.text]
    play_to_round_end(table, clock)  # the store is free again: the next round's record holds both rounds
    assert summary_of(store_of(tmp_path, "bob")).player.rounds == 2


def test_a_kept_match_taken_up_again_records_those_back_at_it_and_skips_a_seat_nobody_claimed(tmp_path):
    table, clock, ann, bob, _log = table_of_three(tmp_path)
    for seat in (ann, bob):
        table.leave(seat)
    assert table.closed
    folders = Saves(tmp_path)
    again = HostedTable.reopened(CODE, ann.fingerprint, clock=clock, saves_for=folders, pace=Pace(bot_delay=0.5))
    ann_again = FakeSeat("Ann")
    again.arrive(ann_again)  # Bob does not come back: his seat is kept for his key's mark
    again.receive(ann_again, {"type": "lobby-start"})  # Ann goes on without him
    play_to_round_end(again, clock)
    assert summary_of(store_of(tmp_path, "ann")).player.rounds == 1
    assert not store_of(tmp_path, "bob").exists()
    assert folders.asked.count(bob.fingerprint) == 0  # a mark names no folder: none was looked for


async def test_the_hosts_writer_writes_off_the_loop_and_answers_on_it():
    writer = StatsWriter(asyncio.get_running_loop())
    threads: dict[str, int] = {}
    answered = asyncio.Event()

    def job() -> list[Written]:
        threads["job"] = threading.get_ident()
        return [Written("SHA256:ann", "en", problem="busy")]

    def then(written: list[Written]) -> None:
        threads["then"] = threading.get_ident()
        assert written == [Written("SHA256:ann", "en", problem="busy")]
        answered.set()

    writer(job, then)
    await answered.wait()
    writer.close()
    assert threads["then"] == threading.get_ident() != threads["job"]
    answered.clear()
    writer(job, then)  # once closed (the host stopping), a last round's end is written at once
    assert answered.is_set() and threads["job"] == threading.get_ident()


def test_a_store_that_kept_people_as_human_reads_them_as_people_too(tmp_path):
    """A rebuild made before people were told apart from the player wrote the others' seats as "human"."""
    table, clock, _ann, _bob, _log = table_of_three(tmp_path, target=1)
    play_to_round_end(table, clock)
    before = summary_of(store_of(tmp_path, "ann"))
    with stats.open_store(store_of(tmp_path, "ann")).store as store:
        store.connection.execute("UPDATE seats SET kind = 'human' WHERE kind = 'person'")
    after = summary_of(store_of(tmp_path, "ann"))
    assert after.matches_list[0].kinds[1] == "human"
    assert (after.by_personality, after.by_difficulty, after.personalities) == (
        before.by_personality,
        before.by_difficulty,
        before.personalities,
    )


def test_a_person_whose_folder_cannot_be_named_is_logged_and_the_table_plays_on(tmp_path):
    folders = Saves(tmp_path)

    def saves_for(key: str) -> Path:
        if key == "SHA256:bob":
            raise ValueError(f"not a key's fingerprint: {key!r}")
        return folders(key)

    clock, log = FakeClock(), Log()
    table = HostedTable(CODE, clock=clock, saves_for=saves_for, seed=31, pace=Pace(bot_delay=0.5), log=log)
    ann, bob = FakeSeat("Ann"), FakeSeat("Bob")
    table.arrive(ann)
    table.arrive(bob)
    ask(ann, table, LobbySettle(TableSettings(seats=3, bots=("greedy",), turn_seconds=10.0)))
    ask(ann, table, LobbyStart())
    play_to_round_end(table, clock)
    clock.pass_time(table.table.round_pause + 0.1)  # type: ignore[union-attr]
    assert table.table.match.round_number == 2  # type: ignore[union-attr]
    assert summary_of(store_of(tmp_path, "ann")).player.rounds == 1
    assert [key for key, _said in log.lines] == ["SHA256:bob"]


def test_a_damaged_store_is_rebuilt_from_its_persons_own_saves_and_they_are_told(tmp_path):
    table, clock, ann, bob, log = table_of_three(tmp_path)
    for name in ("ann", "bob"):
        store_of(tmp_path, name).parent.mkdir(exist_ok=True)
        store_of(tmp_path, name).write_bytes(b"not a database, not at all" * 100)
    play_to_round_end(table, clock)
    for name in ("ann", "bob"):
        assert summary_of(store_of(tmp_path, name)).player.rounds == 1  # set aside, rebuilt, and recorded
        assert list((tmp_path / name).glob(f"{STATS_NAME}.damaged-*"))
    # Ann's saves hold the friends' match: her store was rebuilt from them, not from the host's own saves.
    assert [key for key, said in log.lines] == [ann.fingerprint, bob.fingerprint]
    assert "read 1 save" in log.lines[0][1]
    for seat in (ann, bob):
        [told] = [m for m in seat.read() if isinstance(m, Notice) and m.severity == "information"]
        assert str(store_of(tmp_path, seat.name.lower())) in told.text


async def test_on_the_host_a_busy_store_is_waited_for_off_the_table_and_written_once_free(tmp_path):
    writer = StatsWriter(asyncio.get_running_loop())
    table, clock, _ann, _bob, log = table_of_three(tmp_path, record_with=writer)
    with stats.open_store(store_of(tmp_path, "bob")).store:
        pass
    holder = sqlite3.connect(store_of(tmp_path, "bob"), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        play_to_round_end(table, clock)
        clock.pass_time(table.table.round_pause + 0.1)  # type: ignore[union-attr]
        assert table.table.match.round_number == 2  # type: ignore[union-attr]  # while Bob's store is still held
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await asyncio.to_thread(writer.close)  # the write that waited for it goes through
    await asyncio.sleep(0)
    assert summary_of(store_of(tmp_path, "bob")).player.rounds == 1 and not log.lines


async def test_the_hosts_log_says_whose_statistics_failed(tmp_path):
    config = ServeConfig(data_dir=tmp_path)
    connections = ConnectionLog(tmp_path / "log", echo=False)
    key = "SHA256:" + "A" * 43
    try:
        tables = table_codes(config, connections)
        opened = tables.open(key)
        assert opened is not None
        _code, hosted = opened
        assert isinstance(hosted, HostedTable)
        hosted.recorder.told([Written(key, "en", problem="the disk is full")])
    finally:
        connections.close()
    [line] = (tmp_path / "log" / "connections.log").read_text().splitlines()
    assert line.endswith(f"- {key} statistics 'statistics not written: the disk is full'")
