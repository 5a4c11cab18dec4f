"""The private names of asyncssh and textual-serve that serve/ uses (private_api.py): still there, same shape.

These fail the day a new version renames or reshapes one, before the host quietly lets a
client's environment variables through or loses a file a game delivers.
"""

from __future__ import annotations

import inspect

import asyncssh
import asyncssh.misc
import pytest
from textual._binary_encode import dump

from unokart_tui.serve.private_api import CHANNEL_REQUEST_HANDLERS, decode_game_packet

from .harness import connect, new_key, serving, session, until


@pytest.mark.parametrize(("request_name", "handler"), sorted(CHANNEL_REQUEST_HANDLERS.items()))
def test_asyncssh_answers_each_refused_channel_request_with_the_handler_replaced(request_name, handler):
    """asyncssh names a request's handler "_process_<name>_request" and calls it with the packet alone."""
    assert asyncssh.misc.map_handler_name(request_name) == handler.removeprefix("_process_").removesuffix("_request")
    method = getattr(asyncssh.SSHServerChannel, handler)
    assert list(inspect.signature(method).parameters) == ["self", "packet"]
    # The lookup is made on the channel object each time a request comes: an instance's own wins.
    lookup = inspect.getsource(asyncssh.channel.SSHChannel._service_next_request)
    assert "getattr(self, name, None)" in lookup
    assert "'_process_' + map_handler_name(request) + '_request'" in lookup


def test_textual_serve_decodes_what_textuals_web_driver_sends_for_a_delivered_file():
    chunk = ("deliver_chunk", "a-key", b"\x00part of a file\xff")
    assert list(decode_game_packet(dump(chunk))) == list(chunk)


async def test_environment_variables_are_refused_kept_nowhere_and_logged_once(tmp_path):
    async with serving(tmp_path) as served:
        conn = await connect(served, new_key())
        sent = {f"VARIABLE_{number}": "x" * 1000 for number in range(200)}
        chan, _ = await session(conn, env=sent)
        await until(lambda: "refused environment variables" in served.log(), what="the refusal in the log")
        [player] = served.hub.connections
        assert player.session is not None and player.session.chan is not None
        assert dict(player.session.chan.get_environment()) == {}
        chan.close()
        conn.close()
        log = served.log()
    assert log.count("refused environment variables") == 1
