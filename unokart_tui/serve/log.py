"""The connection log: one line per event, to a rotated file in the host's data directory and to stderr.

    2026-11-30T20:46:00Z 203.0.113.7 SHA256:Xq3… session-start terminal 'xterm-256color' 80x24

Anything a client chose (a user name, a terminal name, a reason) is written with repr(),
so no client can forge a line or put an escape sequence in an operator's terminal.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import logging.handlers
import os
import stat
import sys
import time
from pathlib import Path

LOG_FILE = "connections.log"
MAX_BYTES = 1024 * 1024
BACKUPS = 5  # connections.log.1 … .5: at most 6 MiB in all


class ConnectionLog:
    def __init__(self, directory: Path, *, echo: bool = True) -> None:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.path = directory / LOG_FILE
        with contextlib.suppress(FileNotFoundError):
            # Opening a named pipe to append would wait for a reader for ever; a link could lead anywhere.
            if not stat.S_ISREG(os.lstat(self.path).st_mode):
                raise OSError(errno.EEXIST, f"{self.path} is there and is not a regular file")
        self._logger = logging.getLogger(f"unokart.serve.{id(self)}")
        self._logger.propagate = False
        self._logger.setLevel(logging.INFO)
        formatter = logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%dT%H:%M:%SZ")
        formatter.converter = time.gmtime
        handlers: list[logging.Handler] = [
            logging.handlers.RotatingFileHandler(self.path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        ]
        if echo:
            handlers.append(logging.StreamHandler(sys.stderr))
        for handler in handlers:
            handler.setFormatter(formatter)
            self._logger.addHandler(handler)

    def event(self, address: str, fingerprint: str | None, what: str, detail: str = "") -> None:
        line = f"{address or '-'} {fingerprint or '-'} {what}"
        self._logger.info(f"{line} {detail}" if detail else line)

    def close(self) -> None:
        for handler in list(self._logger.handlers):
            handler.close()
            self._logger.removeHandler(handler)
