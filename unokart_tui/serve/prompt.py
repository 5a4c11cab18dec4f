"""The one question the server asks a new player, before their first game: a name, in their language.

Tab asks it again in the next language (English, Slovenčina, Nederlands, and round); the one the
name is given in is kept as the player's (the host's words, and their game's Language setting).

A small line editor over the raw bytes of the SSH session. It echoes only characters
that passed the checks, so nothing the client types can reach the client's terminal
(or the host's log) as an escape sequence; arrow keys and other sequences are skipped.
"""

from __future__ import annotations

import codecs
import unicodedata

from ..voice import _, speaking
from ..voice.language import ENGLISH, LANGUAGES
from .players import NAME_LIMIT, check_name

ENTER = "\r\n"
ERASE = "\x08 \x08"
CANCEL = {"\x03", "\x04"}  # Ctrl+C, Ctrl+D
BACKSPACE = {"\x7f", "\x08"}
CLEAR_LINE = "\x15"  # Ctrl+U
NEXT_LANGUAGE = "\t"


def _question() -> str:
    return _("Your name:") + " "  # the space before what the player types is not the translator's


def _width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


class NamePrompt:
    """Feed it what the client types; it answers what to echo, until ``name`` is set or ``cancelled``."""

    def __init__(self, language: str = ENGLISH) -> None:
        self.language = language if language in LANGUAGES else ENGLISH
        self._decode = codecs.getincrementaldecoder("utf-8")("replace")
        self._chars: list[str] = []
        self._escape = ""  # "", "esc" after ESC, "csi" inside ESC [ …, "ss3" after ESC O
        self.name: str | None = None
        self.cancelled = False
        self.rest = ""  # what came after the name in the same data: the game's first keys (a pipe sends all at once)

    @property
    def done(self) -> bool:
        return self.name is not None or self.cancelled

    def opening(self) -> bytes:
        return f"{ENTER}{self._asking()}".encode()

    def _asking(self) -> str:
        """The question in the prompt's language, with the languages to choose from."""
        with speaking(self.language):
            welcome = _("Welcome to unokart! This key is new here.")
            question = _("What name should the table call you? (1 to {limit} characters; Ctrl+C leaves)")
            shown = " · ".join(f"[{name}]" if code == self.language else name for code, name in LANGUAGES.items())
            languages = _("Language (Tab changes it): {languages}").format(languages=shown)
            return f"{welcome}{ENTER}{question.format(limit=NAME_LIMIT)}{ENTER}{languages}{ENTER}{_question()}"

    def feed(self, data: bytes) -> bytes:
        echo: list[str] = []
        if self.done:  # what comes later is the game's: the session gives it to the game itself
            return b""
        text = self._decode.decode(data)
        for index, char in enumerate(text):
            if self.done:
                if self.name is not None:
                    self.rest += text[index:]
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
        if char == NEXT_LANGUAGE:
            codes = list(LANGUAGES)
            self.language = codes[(codes.index(self.language) + 1) % len(codes)]
            return f"{ENTER}{self._asking()}{''.join(self._chars)}"
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
        with speaking(self.language):
            try:
                self.name = check_name("".join(self._chars))
            except ValueError as error:
                self._chars.clear()
                return f"{ENTER}{error}{ENTER}{_question()}"
        return ENTER
