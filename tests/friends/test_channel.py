"""The game's end of its line to the host (friends/channel.py): JSON lines, bounded, read on a thread."""

from __future__ import annotations

import os
import queue
import socket

import pytest

from unokart_tui.friends.channel import LINE_LIMIT, VARIABLE, ChannelError, LineDecoder, TableChannel, encode


def test_messages_split_anywhere_come_out_whole():
    decoder = LineDecoder()
    data = encode({"type": "play", "card": "R7"}) + encode({"type": "draw", "name": "Anička"})
    got = [message for index in range(len(data)) for message in decoder.feed(data[index : index + 1])]
    assert got == [{"type": "play", "card": "R7"}, {"type": "draw", "name": "Anička"}]


def test_a_line_too_long_is_refused_before_its_end_comes():
    """Nothing past the limit is held: a line without an end cannot grow the reader's memory."""
    decoder = LineDecoder(limit=100)
    decoder.feed(b'{"a": "' + b"x" * 50)
    with pytest.raises(ChannelError, match="longer than 100 bytes"):
        decoder.feed(b"x" * 50)


@pytest.mark.parametrize("line", [b"not json", b"[1, 2]", b'"words"', b"\xff\xfe", b"NaN"])
def test_a_line_that_is_not_a_json_object_is_refused(line):
    with pytest.raises(ChannelError):
        LineDecoder().feed(line + b"\n")


def test_a_message_too_long_for_a_line_cannot_be_sent():
    with pytest.raises(ValueError, match="at most"):
        encode({"words": "x" * LINE_LIMIT})
    assert encode({"words": "x"}) == b'{"words":"x"}\n'


def test_a_game_started_by_hand_has_no_channel():
    reader, writer = os.pipe()
    try:
        assert TableChannel.from_environment(print, environ={}) is None
        assert TableChannel.from_environment(print, environ={VARIABLE: "seven"}) is None
        assert TableChannel.from_environment(print, environ={VARIABLE: "1"}) is None  # never a terminal
        assert TableChannel.from_environment(print, environ={VARIABLE: str(writer)}) is None  # a pipe, not a socket
    finally:
        os.close(reader)
        os.close(writer)


def test_the_game_reads_the_hosts_messages_on_a_thread_and_answers():
    host, game = socket.socketpair()
    got: queue.Queue[object] = queue.Queue()
    environ = {VARIABLE: str(os.dup(game.fileno()))}
    game.close()
    channel = TableChannel.from_environment(got.put, lambda reason: got.put(("closed", reason)), environ)
    assert channel is not None and VARIABLE not in environ  # not passed on to what the game starts
    channel.start()
    host.sendall(encode({"type": "welcome"}) + encode({"type": "your-turn"}))
    assert got.get(timeout=5) == {"type": "welcome"}
    assert got.get(timeout=5) == {"type": "your-turn"}
    assert channel.send({"type": "draw"})
    assert host.recv(100) == b'{"type":"draw"}\n'
    host.close()
    assert got.get(timeout=5) == ("closed", None)
    assert not channel.send({"type": "draw"})
    channel.close()


def test_a_host_line_that_breaks_the_rules_closes_the_channel_with_the_reason():
    host, game = socket.socketpair()
    got: queue.Queue[object] = queue.Queue()
    channel = TableChannel(game, got.put, lambda reason: got.put(("closed", reason))).start()
    host.sendall(b"x" * (LINE_LIMIT + 1))
    assert got.get(timeout=5) == ("closed", f"a line longer than {LINE_LIMIT} bytes")
    channel.close()
    host.close()


def test_closing_from_the_games_side_stops_the_reader():
    host, game = socket.socketpair()
    got: queue.Queue[object] = queue.Queue()
    channel = TableChannel(game, got.put, lambda reason: got.put(("closed", reason))).start()
    channel.close()
    assert got.get(timeout=5) == ("closed", None)
    host.close()
