"""The private names of other libraries serve/ uses, because no public API does their job.

Each is used in one small function here and nowhere else. tests/serve/test_private_api.py
checks that each name is still there, with the shape used: a new version of asyncssh or
textual-serve that renames one fails that test, instead of quietly letting a client's
environment variables through or losing a file the game delivers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncssh

# A session channel's request (RFC 4254) and the method of asyncssh's SSHServerChannel that
# answers it: asyncssh looks the method up on the channel by name each time a request comes.
CHANNEL_REQUEST_HANDLERS = {
    "env": "_process_env_request",
    "x11-req": "_process_x11_req_request",
    "auth-agent-req@openssh.com": "_process_auth_agent_req_at_openssh_dot_com_request",
}


def refuse_channel_requests(chan: asyncssh.SSHServerChannel[bytes], refusals: Mapping[str, Callable[[], None]]) -> None:
    """Answer each request of ``refusals`` on ``chan`` with a failure, after calling its function.

    asyncssh has no public hook for these requests: it keeps every environment variable a client
    sends, as many as it sends, and with ``x11_forwarding=False`` and ``agent_forwarding=False``
    it refuses X11 and agent forwarding without telling the server. A handler set on the channel
    itself takes the place of the class's. Call this from the session's ``connection_made``,
    before the channel reads a request.
    """
    for request, refused in refusals.items():
        vars(chan)[CHANNEL_REQUEST_HANDLERS[request]] = _failure_after(refused)


def _failure_after(refused: Callable[[], None]) -> Callable[[object], bool]:
    def handle(_packet: object) -> bool:
        refused()
        return False  # the client is answered "failure"

    return handle


def decode_game_packet(payload: bytes) -> object:
    """A ``P`` packet of the web driver's protocol (a part of a file the game delivers), decoded.

    Textual's web driver encodes these with its private ``_binary_encode.dump``; textual-serve
    decodes them with its private copy's ``load``, and offers nothing public that does.
    """
    from textual_serve._binary_encode import load  # noqa: PLC0415 - only for a file the game delivers

    return load(payload)
