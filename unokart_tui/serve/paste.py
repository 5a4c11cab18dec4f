"""A bracketed paste cut to a size: the game's parser holds a whole paste in memory before it acts.

Terminals wrap pasted text in ``ESC [ 200 ~`` … ``ESC [ 201 ~`` once the game asks for it
(Textual does). A client can send the opening and then gigabytes: ``PasteLimit`` passes the
first ``limit`` bytes of each paste on and drops the rest up to the closing marker, which it
passes on. Outside a paste every byte goes on at once (a lone Escape is a key, not held back).
"""

from __future__ import annotations

START = b"\x1b[200~"
END = b"\x1b[201~"


def _partial(data: bytes | bytearray, marker: bytes) -> int:
    """The length of the longest end of ``data`` that begins ``marker`` (and is shorter than it)."""
    for size in range(min(len(marker) - 1, len(data)), 0, -1):
        if data.endswith(marker[:size]):
            return size
    return 0


class PasteLimit:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pasting = False
        self._kept = 0  # bytes of the current paste passed on
        self._started = 0  # outside a paste: bytes of START already passed on at the end of the last data
        self._held = b""  # inside a paste: the end of the last data, which may be the start of END

    def feed(self, data: bytes) -> bytes:
        """What to pass on of ``data``."""
        out = bytearray()
        while data:
            data = self._in_paste(data, out) if self.pasting else self._outside(data, out)
        return bytes(out)

    def _outside(self, data: bytes, out: bytearray) -> bytes:
        before = self._started
        probe = START[:before] + data
        found = probe.find(START)
        if found < 0:
            out += data
            self._started = _partial(probe, START)
            return b""
        end = found + len(START) - before  # where the marker ends, in ``data``
        out += data[:end]
        self._started, self.pasting, self._kept = 0, True, 0
        return data[end:]

    def _in_paste(self, data: bytes, out: bytearray) -> bytes:
        probe = self._held + data
        self._held = b""
        found = probe.find(END)
        if found < 0:
            hold = _partial(probe, END)
            self._keep(probe[: len(probe) - hold], out)
            self._held = probe[len(probe) - hold :]
            return b""
        self._keep(probe[:found], out)
        out += END
        self.pasting = False
        return probe[found + len(END) :]

    def _keep(self, text: bytes, out: bytearray) -> None:
        room = max(0, self.limit - self._kept)
        out += text[:room]
        self._kept += min(len(text), room)
