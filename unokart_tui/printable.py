"""Text from a file or a player, made safe for the terminal: no control character gets through.

A player named ``"\\x1b]0;PWNED\\x07"`` once retitled the terminal from inside the game,
``unokart saves`` printed ESC and BEL as they were, and a newline in a name broke the
players panel. Every place that shows text it did not write itself (names, file names,
paths, error messages quoting a file) passes it through ``printable``, which shows each
control character as its escape (``\\x1b``) instead. No Textual, no engine: the title and
the command line use it before either is loaded.
"""

from __future__ import annotations

import unicodedata

# Controls (C0, DEL, C1), format characters (bidirectional overrides, zero widths), line and
# paragraph separators, and the surrogates that stand for undecodable bytes in file names.
# The engine refuses the same characters in a player's name.
CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def is_control(char: str) -> bool:
    return unicodedata.category(char) in CONTROL_CATEGORIES


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: object, *, newlines: bool = False) -> str:
    """``text`` with every control character shown as its escape; ``newlines=True`` keeps line breaks."""
    text = str(text)
    if text.isprintable():  # nearly always: quick, and isprintable() is False for every control
        return text
    return "".join(_escape(char) if is_control(char) and not (newlines and char == "\n") else char for char in text)


def control_characters(text: str) -> list[str]:
    """The control characters in ``text``, each once and escaped, for an error message."""
    return sorted({_escape(char) for char in text if is_control(char)})
