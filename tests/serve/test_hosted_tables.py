"""The host's real tables (friends/hosting.py) over SSH: stand-in games open, join, start, leave; the save stays.

Each game is a small Python program that speaks the channel as the real game does (through
``friends.wire``) and prints the type of every message its table sends it.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import sys

import pytest

import ai
import saves
from unokart_tui.friends.codes import CodeGuard
from unokart_tui.friends.hosting import HostedTable, hosted_tables, kept_tables, save_path
from unokart_tui.serve import session as session_module
from unokart_tui.serve.config import Limits, ServeConfig
from unokart_tui.serve.host import table_codes
from unokart_tui.serve.players import PLAYERS, Player
from unokart_tui.serve.tables import TableCodes

from .harness import connect, new_key, sees, serving, session, until

GAME = """
import sys, threading
from unokart_tui.friends import wire
from unokart_tui.friends.channel import TableChannel
from unokart_tui.friends.messages import LobbySettle, LobbyStart, TableSettings
OPENER = {opener}
AGAIN = {again}  # the opener leaves their first table and opens another
done = threading.Event()
asked = []
def got(message):
    kind = message.get("type")
    print("got", kind, message.get("code", ""), flush=True)
    if AGAIN and kind == "LobbyShown" and not asked:
        asked.append(True)
        line.send({{"type": "leave-table"}})
        line.send({{"type": "open-table"}})
    if OPENER and kind == "LobbyShown" and len(message["people"]) == 2 and not asked:
        asked.append(True)
        line.send(wire.as_json(LobbySettle(TableSettings(seats=2, turn_seconds=30.0))))
        line.send(wire.as_json(LobbyStart()))
line = TableChannel.from_environment(got, lambda reason: done.set())
line.start()
if OPENER:
    line.send({{"type": "open-table"}})
done.wait(30)
"""


def game(monkeypatch, *, opener: bool, again: bool = False) -> None:
    code = GAME.format(opener=opener, again=again)
    monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", code])


async def sit_down(served, name: str, username: str):
    key = new_key()
    conn = await connect(served, key, username=username)
    chan, screen = await session(conn)
    await sees(screen, "Your name:")
    chan.write(f"{name}\r".encode())
    return key, conn, chan, screen


def fingerprint_of(key) -> str:
    digest = hashlib.sha256(key.public_data).digest()
    return "SHA256:" + base64.b64encode(digest).decode().rstrip("=")


def test_a_fingerprint_names_the_same_player_as_the_key(tmp_path):
    key = new_key()
    assert Player.of_fingerprint(tmp_path, fingerprint_of(key)) == Player.of_key(tmp_path, key.public_data)
    for wrong in ("SHA256:../../etc", "MD5:aa", "SHA256:" + "A" * 10, "SHA256:" + "A" * 43 + "/../x"):
        with pytest.raises(ValueError, match="not a key's fingerprint"):
            Player.of_fingerprint(tmp_path, wrong)


async def test_friends_open_a_table_start_it_leave_and_the_match_stays_in_the_openers_saves(tmp_path, monkeypatch):
    data_dir = tmp_path / "host"
    loop = asyncio.get_running_loop()
    tables = TableCodes(
        CodeGuard(loop.time), hosted_tables(loop, lambda key: Player.of_fingerprint(data_dir, key).data_dir)
    )
    async with serving(tmp_path, tables=tables) as served:
        game(monkeypatch, opener=True)
        ann_key, ann_conn, ann_chan, ann_screen = await sit_down(served, "Ann", "player")
        await sees(ann_screen, "got table-opened")
        [code] = list(tables._tables)
        await sees(ann_screen, "got LobbyShown")
        game(monkeypatch, opener=False)
        bob_key, bob_conn, bob_chan, bob_screen = await sit_down(served, "Bob", code.lower())
        await sees(bob_screen, f"got table-joined {code}")
        await sees(bob_screen, "got TableSeen")  # Ann's game started the match once Bob sat down
        await sees(ann_screen, "got TableSeen")
        table = tables.get(code)
        assert table is not None
        bob_chan.close()
        bob_conn.close()
        await until(lambda: tables.awaiting(fingerprint_of(bob_key)) == code, what="Bob's seat kept for him")
        # Bob comes back with his key, whatever the user name: straight to his seat.
        bob_conn = await connect(served, bob_key, username="player")
        bob_chan, bob_screen = await session(bob_conn)
        await sees(bob_screen, f"got table-joined {code}")
        await sees(bob_screen, "got TableSeen")
        assert tables.awaiting(fingerprint_of(bob_key)) is None
        assert f"table-back {code}" in served.log()
        bob_chan.close()
        bob_conn.close()
        await until(lambda: tables.awaiting(fingerprint_of(bob_key)) == code, what="Bob's seat kept again")
        ann_chan.close()
        ann_conn.close()
        await until(lambda: len(tables) == 0, what="the table's code released once everyone went")
        assert table.closed
        saved = save_path(Player.of_key(data_dir, ann_key.public_data).data_dir, code)
        match = saves.loads(saved.read_text())
        assert match.names == ("Ann", "Bob")
        log = served.log()
        assert f"table-open {code}" in log and f"table-join {code}" in log and f"table-leave {code}" in log
        assert (data_dir / PLAYERS).is_dir()


KEPT_GAME = """
import threading
from unokart_tui.friends.channel import TableChannel
done = threading.Event()
def got(message):
    print("got", message.get("type"), message.get("code", ""), message.get("seat", ""), flush=True)
line = TableChannel.from_environment(got, lambda reason: done.set())
line.start()
line.send({{"type": "reopen-table", "code": {code!r}}})  # Continue with friends, chosen at the title
done.wait(30)
"""


def keep_a_match(folder, code: str, people: dict[int, str]) -> None:
    """A match of Ann, Bob and a bot, played a little and kept in ``folder`` as the host keeps it."""
    from saves import Seat
    from unokart_tui.engine import Match
    from unokart_tui.friends.keeping import marked
    from unokart_tui.friends.people import Person

    match = Match.new(["Ann", "Bob", "Mario"], seed=4)
    bot = ai.make_bot("greedy", seed=1)
    for _ in range(6):
        round_ = match.round
        match.apply(bot.choose(round_.view(round_.decider), round_.legal_actions()))
    seats = marked(
        (Seat("Ann"), Seat("Bob"), Seat("Mario", "greedy", seed=5)),
        {seat: Person(key, ["Ann", "Bob"][seat]) for seat, key in people.items()},
        30.0,
    )
    folder.mkdir(parents=True, exist_ok=True)
    save_path(folder, code).write_text(saves.dumps(match, seats=seats))


async def test_continue_with_friends_takes_the_kept_match_up_again_and_the_others_come_straight_back(
    tmp_path, monkeypatch
):
    data_dir, code = tmp_path / "host", "K9MXR"
    ann_key, bob_key = new_key(), new_key()
    ann, bob = fingerprint_of(ann_key), fingerprint_of(bob_key)
    keep_a_match(Player.of_key(data_dir, ann_key.public_data).data_dir, code, {0: ann, 1: bob})
    loop = asyncio.get_running_loop()

    def saves_for(key: str):
        return Player.of_fingerprint(data_dir, key).data_dir

    tables = TableCodes(CodeGuard(loop.time), hosted_tables(loop, saves_for), keeper=kept_tables(loop, saves_for))
    async with serving(tmp_path, tables=tables) as served:
        monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", KEPT_GAME.format(code=code)])
        ann_conn = await connect(served, ann_key, username="player")
        ann_chan, ann_screen = await session(ann_conn)
        await sees(ann_screen, "Your name:")
        ann_chan.write(b"Ann\r")
        await sees(ann_screen, f"got table-opened {code}")
        await sees(ann_screen, f"got table-joined {code}")
        # The match waits for Bob in its lobby (found in a playtest: it played on at once, without him).
        await sees(ann_screen, f"got LobbyShown {code}")
        await until(lambda: tables.awaiting(bob) == code, what="Bob's seat kept for him")
        assert "TableSeen" not in ann_screen.output.decode()
        game(monkeypatch, opener=False)
        bob_conn = await connect(served, bob_key, username="player")  # to the title: straight back instead
        bob_chan, bob_screen = await session(bob_conn)
        await sees(bob_screen, "Your name:")
        bob_chan.write(b"Robert\r")
        await sees(bob_screen, f"got table-joined {code}")
        await sees(bob_screen, "got TableSeen")
        await sees(ann_screen, "got TableSeen  0")  # everyone back: it goes on by itself, Ann at her own seat
        assert tables.awaiting(bob) is None
        log = served.log()
        assert f"table-reopen {code}" in log and f"table-back {code}" in log
        for chan, conn in ((ann_chan, ann_conn), (bob_chan, bob_conn)):
            chan.close()
            conn.close()
        await until(lambda: len(tables) == 0, what="the table's code released once everyone went again")


async def test_the_host_opens_real_tables_kept_in_the_openers_saves(tmp_path):
    tables = table_codes(ServeConfig(data_dir=tmp_path, limits=Limits(max_tables_per_key=1)))
    key = new_key()
    opened = tables.open(fingerprint_of(key))
    assert opened is not None and tables.open(fingerprint_of(key)) is None
    code, table = opened
    assert isinstance(table, HostedTable)
    assert table.code == code and not table.closed


async def test_leaving_a_table_from_the_game_frees_the_person_to_open_another(tmp_path, monkeypatch):
    loop = asyncio.get_running_loop()
    tables = TableCodes(CodeGuard(loop.time), hosted_tables(loop, lambda key: tmp_path))
    async with serving(tmp_path, tables=tables) as served:
        game(monkeypatch, opener=True, again=True)
        _key, conn, chan, screen = await sit_down(served, "Ann", "player")
        await until(lambda: screen.output.count(b"got table-opened") == 2, what="a second table opened")
        await until(lambda: len(tables) == 1, what="the first table's code released")
        assert b"got refused" not in screen.output
        log = served.log()
        assert log.count("table-open ") == 2 and log.count("table-leave ") == 1
        chan.close()
        conn.close()


CLOSER = """
import sys, threading
from unokart_tui.friends.channel import TableChannel
OPENER = {opener}
done = threading.Event()
asked = []
def got(message):
    kind = message.get("type")
    print("got", kind, message.get("code", ""), flush=True)
    if OPENER and kind == "LobbyShown" and len(message["people"]) == 2 and not asked:
        asked.append(True)
        line.send({{"type": "leave-table"}})  # the opener closes the lobby
    if not OPENER and kind == "LobbyClosed":
        line.send({{"type": "open-table"}})  # not "at a table already" (the game leaves nothing behind here)
line = TableChannel.from_environment(got, lambda reason: done.set())
line.start()
if OPENER:
    line.send({{"type": "open-table"}})
done.wait(30)
"""


async def test_after_the_opener_closes_the_lobby_the_others_are_free_to_open_a_table(tmp_path, monkeypatch):
    # Found over ssh (issue 31): the others were "at a table already" when they tried Play with friends.
    loop = asyncio.get_running_loop()
    tables = TableCodes(CodeGuard(loop.time), hosted_tables(loop, lambda key: tmp_path))
    async with serving(tmp_path, tables=tables) as served:
        monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", CLOSER.format(opener=True)])
        _ann_key, ann_conn, ann_chan, ann_screen = await sit_down(served, "Ann", "player")
        await sees(ann_screen, "got table-opened")
        [code] = list(tables._tables)
        monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", CLOSER.format(opener=False)])
        _bob_key, bob_conn, bob_chan, bob_screen = await sit_down(served, "Bob", code.lower())
        await sees(bob_screen, "got LobbyClosed")
        await sees(bob_screen, "got table-opened")
        assert b"got refused" not in bob_screen.output
        for chan, conn in ((ann_chan, ann_conn), (bob_chan, bob_conn)):
            chan.close()
            conn.close()


PLAIN_GAME = """
import sys, threading
from unokart_tui.friends.channel import TableChannel
print("ready", sys.argv[1:], flush=True)
done = threading.Event()
def got(message):
    if message.get("type") == "Logged":
        print("log", message["line"]["text"], flush=True)
line = TableChannel.from_environment(got, lambda reason: done.set())
line.start()
done.wait(30)
"""


async def test_a_line_mode_friend_is_told_the_match_in_words(tmp_path, monkeypatch):
    """Issues 31 and 33: Bob's Line mode setting is on; he comes with the code, his game runs ``--plain``, and
    the host tells his log the cards in words with their codes in brackets, never with symbols."""
    data_dir = tmp_path / "host"
    loop = asyncio.get_running_loop()
    tables = TableCodes(
        CodeGuard(loop.time), hosted_tables(loop, lambda key: Player.of_fingerprint(data_dir, key).data_dir)
    )
    monkeypatch.setattr(Player, "line_mode", lambda player: player.name() == "Bob")
    async with serving(tmp_path, tables=tables) as served:
        game(monkeypatch, opener=True)
        _ann_key, ann_conn, ann_chan, ann_screen = await sit_down(served, "Ann", "player")
        await sees(ann_screen, "got LobbyShown")
        [code] = list(tables._tables)
        monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", PLAIN_GAME])
        _bob_key, bob_conn, bob_chan, bob_screen = await sit_down(served, "Bob", code.lower())
        await sees(bob_screen, "ready ['--plain']")
        await sees(bob_screen, "Cards drawn for the deal")  # Ann's game started the match
        told = bob_screen.output.decode()
        deal = next(line for line in told.splitlines() if "Cards drawn for the deal" in line)
        assert "[" in deal and "]" in deal  # "you Red 1 [R1]"
        assert not any(symbol in told for symbol in "⇄⊘☂☽◉↯✸")
        for chan, conn in ((bob_chan, bob_conn), (ann_chan, ann_conn)):
            chan.close()
            conn.close()


SEEING_GAME = """
import sys, threading
from unokart_tui.friends import wire
from unokart_tui.friends.channel import TableChannel
from unokart_tui.friends.messages import LobbySettle, LobbyStart, TableSettings
OPENER = {opener}
done = threading.Event()
asked = []
def got(message):
    kind = message.get("type")
    if kind == "Logged":
        print("said", message["line"]["text"], flush=True)
    elif kind == "TableSeen":
        print("hand of", (message.get("view") or {{}}).get("seat"), flush=True)
    else:
        print("got", kind, message.get("code", ""), flush=True)
    if OPENER and kind == "LobbyShown" and len(message["people"]) == 2 and not asked:
        asked.append(True)
        line.send(wire.as_json(LobbySettle(TableSettings(seats=3, turn_seconds=30.0))))
        line.send(wire.as_json(LobbyStart()))
line = TableChannel.from_environment(got, lambda reason: done.set())
line.start()
if OPENER:
    line.send({{"type": "open-table"}})
done.wait(60)
"""


def seeing(monkeypatch, *, opener: bool) -> None:
    code = SEEING_GAME.format(opener=opener)
    monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", code])


def hands_shown(screen) -> set[str]:
    return {line.split("hand of ", 1)[1].strip() for line in screen.output.decode().splitlines() if "hand of " in line}


async def test_a_second_session_of_a_key_takes_its_seat_and_the_first_is_closed_in_one_sentence(tmp_path, monkeypatch):
    # Found over ssh (issue 31): a second terminal of the same key (or a reconnection while the first hung
    # half-dead) was announced to the whole table as "Ann is watching", then "Ann stopped watching".
    data_dir = tmp_path / "host"
    loop = asyncio.get_running_loop()
    tables = TableCodes(
        CodeGuard(loop.time), hosted_tables(loop, lambda key: Player.of_fingerprint(data_dir, key).data_dir)
    )
    async with serving(tmp_path, tables=tables) as served:
        seeing(monkeypatch, opener=True)
        ann_key, ann_conn, ann_chan, ann_screen = await sit_down(served, "Ann", "player")
        await sees(ann_screen, "got LobbyShown")
        [code] = list(tables._tables)
        seeing(monkeypatch, opener=False)
        _bob_key, bob_conn, bob_chan, bob_screen = await sit_down(served, "Bob", code.lower())
        await sees(bob_screen, "hand of 1")
        await sees(ann_screen, "hand of 0")
        told_bob = len(bob_screen.output)
        again_conn = await connect(served, ann_key, username=code)  # a second terminal, the same key
        again_chan, again_screen = await session(again_conn)
        await sees(again_screen, f"got table-joined {code}")
        await sees(again_screen, "hand of 0")  # her own seat, her hand
        await asyncio.wait_for(ann_chan.wait_closed(), 20)
        taken = f"Your seat at the table {code} was opened from another connection: this one is closed."
        assert ann_screen.output.decode().count(taken) == 1
        assert ann_chan.get_exit_status() == 0
        await until(lambda: f"table-taken-over {code}" in served.log(), what="the takeover logged")
        await until(lambda: served.hub.playing == 2, what="the older session ended")
        await asyncio.sleep(0.3)  # whatever the table would say of it has been said by now
        later = bob_screen.output[told_bob:].decode()
        assert "watching" not in later and "away" not in later, later
        assert not tables.awaiting(fingerprint_of(ann_key))  # her seat is hers, not kept for her
        for screen, own in ((ann_screen, "0"), (again_screen, "0"), (bob_screen, "1")):
            assert hands_shown(screen) == {own}  # no session was ever sent another seat's hand
        for chan, conn in ((again_chan, again_conn), (bob_chan, bob_conn)):
            chan.close()
            conn.close()
        ann_conn.close()
