"""The one question the server asks a new player, before their first game: a name.

A small line editor over the raw bytes of the SSH session. It echoes only characters
that passed the checks, so nothing the client types can reach the client's terminal
(or the host's log) as an escape sequence; arrow keys and other sequences are skipped.
"""

from __future__ import annotations

import codecs
import unicodedata

from ..voice import _
from .players import NAME_LIMIT, check_name

ENTER = "\r\n"
ERASE = "\x08 \x08"
CANCEL = {"\x03", "\x04"}  # Ctrl+C, Ctrl+D
BACKSPACE = {"\x7f", "\x08"}
CLEAR_LINE = "\x15"  # Ctrl+U


def _question() -> str:
    return _("Your name: ")


def _width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


class NamePrompt:
    """Feed it what the client types; it answers what to echo, until ``name`` is set or ``cancelled``."""

    def __init__(self) -> None:
        self._decode = codecs.getincrementaldecoder("utf-8")("replace")
        self._chars: list[str] = []
        self._escape = ""  # "", "esc" after ESC, "csi" inside ESC [ …, "ss3" after ESC O
        self.name: str | None = None
        self.cancelled = False

    @property
    def done(self) -> bool:
        return self.name is not None or self.cancelled

    def opening(self) -> bytes:
        welcome = _("Welcome to unokart! This key is new here.")
        question = _("What name should the table call you? (1 to {limit} characters; Ctrl+C leaves)")
        return f"{ENTER}{welcome}{ENTER}{question.format(limit=NAME_LIMIT)}{ENTER}{_question()}".encode()

    def feed(self, data: bytes) -> bytes:
        echo: list[str] = []
        for char in self._decode.decode(data):
            if self.done:
                break
            if self._escape:
                self._skip_escape(char)
            elif char == "\x1b":
                self._escape = "esc"
            else:
                echo.append(self._key(char))
        return "".join(echo).encode()

    def _skip_escape(self, char: str) -> None:
        if self._escape == "esc":
            self._escape = {"[": "csi", "O": "ss3"}.get(char, "")
        elif self._escape == "ss3" or "@" <= char <= "~":  # the final byte of a CSI sequence
            self._escape = ""

    def _key(self, char: str) -> str:
        if char in ("\r", "\n"):
            return self._submit()
        if char in CANCEL:
            self.cancelled = True
            return ENTER
        if char in BACKSPACE:
            return ERASE * _width(self._chars.pop()) if self._chars else ""
        if char == CLEAR_LINE:
            erased = "".join(ERASE * _width(c) for c in self._chars)
            self._chars.clear()
            return erased
        if not char.isprintable() or char == "\ufffd":
            return ""
        if len(self._chars) >= NAME_LIMIT:
            return "\a"
        self._chars.append(char)
        return char

    def _submit(self) -> str:
        try:
            self.name = check_name("".join(self._chars))
        except ValueError as error:
            self._chars.clear()
            return f"{ENTER}{error}{ENTER}{_question()}"
        return ENTER
