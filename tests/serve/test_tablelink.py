"""The host's end of a game's line (serve/tablelink.py): read without blocking, and bounded."""

from __future__ import annotations

import asyncio
import os
import socket

from unokart_tui.friends.channel import encode
from unokart_tui.serve.config import Limits
from unokart_tui.serve.tablelink import TABLE_FD, MessageRate, TableLink

from .harness import until


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_rate_allows_a_burst_then_refills_with_time():
    clock = Clock()
    rate = MessageRate(rate=10.0, burst=3, clock=clock)
    assert [rate.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 0.1
    assert rate.take() and not rate.take()
    clock.now += 100
    assert sum(rate.take() for _ in range(10)) == 3  # never more than the burst


class Game:
    """The game's end of a link, as a plain socket, and what the host's side reported."""

    def __init__(self, limits: Limits, clock: Clock | None = None) -> None:
        self.messages: list[dict[str, object]] = []
        self.broken: list[str] = []
        self.link = TableLink(limits, on_message=self.messages.append, on_broken=self.broken.append, clock=clock)
        assert self.link.child_fd is not None and self.link.child_fd > TABLE_FD
        self.end = socket.socket(fileno=os.dup(self.link.child_fd))
        self.link.handed_over()
        assert self.link.child_fd is None


async def test_messages_from_the_game_arrive_and_the_host_answers():
    game = Game(Limits())
    game.end.sendall(encode({"type": "play", "card": "G3"}) + b'{"type": "dr')
    await until(lambda: game.messages, what="the first message")
    game.end.sendall(b'aw"}\n')
    await until(lambda: len(game.messages) == 2, what="the second")
    assert game.messages == [{"type": "play", "card": "G3"}, {"type": "draw"}]
    assert game.link.send({"type": "your-turn"})
    assert game.end.recv(100) == b'{"type":"your-turn"}\n'
    game.link.close()
    game.end.close()
    assert not game.broken


async def test_a_flood_of_messages_cuts_the_line_once():
    clock = Clock()  # no time passes: the bucket is never refilled
    game = Game(Limits(table_rate=10.0, table_burst=5), clock)
    game.end.sendall(b"".join(encode({"type": "hint"}) for _ in range(50)))
    await until(lambda: game.broken, what="the cut")
    await asyncio.sleep(0.05)
    assert game.broken == ["more than 5 messages at once"]
    assert len(game.messages) == 5
    assert not game.link.send({"type": "anyone?"})
    assert game.end.recv(100) == b""  # the host closed its end
    game.end.close()


async def test_a_line_that_is_not_json_cuts_the_line():
    game = Game(Limits())
    game.end.sendall(b"\x1b[2J\n")
    await until(lambda: game.broken, what="the cut")
    assert game.broken == ["a line that is not JSON (JSONDecodeError)"]
    game.end.close()


async def test_a_game_that_reads_nothing_is_cut_off_past_the_backlog():
    game = Game(Limits(table_backlog=256 * 1024))
    game.end.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    message = {"type": "view", "words": "x" * 4000}
    sent = 0
    while game.link.send(message):
        sent += 1
        assert sent < 10_000
    assert game.broken == [f"more than {256 * 1024} bytes the game did not read"]
    assert game.link.backlog == 0  # what was kept for it is let go
    game.end.close()


async def test_the_last_words_of_a_game_that_exited_are_read_before_the_line_closes():
    game = Game(Limits())
    game.end.sendall(encode({"type": "quit"}) + encode({"type": "bye"}))
    game.end.close()
    # Read before the event loop's reader has run: finish() takes what is there.
    game.link.finish()
    assert game.messages == [{"type": "quit"}, {"type": "bye"}]
    assert not game.broken
    assert not game.link.send({"type": "anyone?"})
