"""``--authorized-keys``: who may play, read again at every login, so a key removed loses access at once.

The file is read through the careful reader (``files.read_bytes``): only a regular file, only
up to a limit, never blocking, so a named pipe or a device put in its place cannot freeze the
host. What it says is parsed again only when its bytes changed. Anything short of a readable
file fails closed: a file that is gone, empty, unreadable or not UTF-8 lets no key in, and the
log says so once, when it happens.
"""

from __future__ import annotations

from pathlib import Path

import asyncssh

from ..files import MIB, FileProblem, NoFile, decode, read_bytes
from .log import ConnectionLog

KEYS_LIMIT = 4 * MIB  # some 30,000 ed25519 keys, 5,000 RSA ones


def read_keys_file(path: Path) -> bytes:
    """The file's bytes, once checked to be UTF-8 text; ``FileProblem`` says what is wrong."""
    data = read_bytes(path, limit=KEYS_LIMIT)
    decode(data)
    return data


class AuthorizedKeys:
    """The keys of the file, as it is at each login; ``FileProblem`` if it cannot be read at the start."""

    def __init__(self, path: Path, log: ConnectionLog) -> None:
        self.path = path
        self._log = log
        self._data: bytes | None = None
        self._keys: asyncssh.SSHAuthorizedKeys | None = None
        self._said = ""  # the last thing logged about the file: a problem is said once, a new content each time
        self._use(read_keys_file(path))

    def allows(self, key: asyncssh.SSHKey, address: str) -> bool:
        self.refresh()
        # from="…" options of the file are honoured; the others (command=, environment=…) have no use here
        return self._keys is not None and self._keys.validate(key, address, address) is not None

    def refresh(self) -> None:
        """Read the file again; parse it only when its bytes changed."""
        try:
            data = read_keys_file(self.path)
        except NoFile:
            self._refuse_all("is gone: no key may log in")
            return
        except FileProblem as error:
            self._refuse_all(f"{error.problem}: no key may log in")
            return
        if data != self._data:
            self._use(data)

    def _refuse_all(self, why: str) -> None:
        self._data, self._keys = None, None
        self._say(why)

    def _use(self, data: bytes) -> None:
        good: list[str] = []
        ignored: list[int] = []
        for number, line in enumerate(decode(data).splitlines(), 1):
            entry = line.strip()
            if not entry or entry.startswith("#"):
                continue
            try:
                asyncssh.import_authorized_keys(entry)
            except ValueError:
                ignored.append(number)
            else:
                good.append(entry)
        self._data = data
        self._keys = asyncssh.import_authorized_keys("\n".join(good)) if good else None
        if not good:
            why = "is empty: no key may log in" if not data.strip() else "holds no key: no key may log in"
        else:
            why = f"holds {len(good)} key{'s' * (len(good) != 1)}"
        if ignored:
            lines = ", ".join(map(str, ignored[:10])) + (" …" if len(ignored) > 10 else "")
            why += f" (not understood, so ignored: line{'s' * (len(ignored) != 1)} {lines})"
        self._say(why, changed=True)

    def _say(self, why: str, *, changed: bool = False) -> None:
        if changed or why != self._said:
            self._said = why
            self._log.event("", None, "keys", f"{str(self.path)!r} {why}")
