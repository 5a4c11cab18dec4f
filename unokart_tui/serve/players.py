"""Players known by their SSH key: a directory per key fingerprint, and the name they chose.

Every name on disk comes from the SHA-256 of the key's public blob, never from anything
else the client sends (user name, terminal type, environment), so no client can reach
another player's files or a path outside ``players/``.
"""

from __future__ import annotations

import base64
import hashlib
import unicodedata
from pathlib import Path
from typing import NamedTuple

from ..settings import load_settings, save_settings
from ..voice import _, ngettext
from ..voice.language import choose_language

PLAYERS = "players"
NAME_LIMIT = 20  # the New game form's limit
# Letters that are printable but draw nothing: Hangul fillers and the blank Braille cell.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


class Player(NamedTuple):
    fingerprint: str  # "SHA256:…", as `ssh-keygen -l` shows it
    home: Path  # <data dir>/players/<hex SHA-256 of the key>

    @classmethod
    def of_key(cls, data_dir: Path, public_blob: bytes) -> Player:
        digest = hashlib.sha256(public_blob).digest()
        shown = "SHA256:" + base64.b64encode(digest).decode("ascii").rstrip("=")
        return cls(shown, data_dir / PLAYERS / digest.hex())

    @classmethod
    def of_fingerprint(cls, data_dir: Path, fingerprint: str) -> Player:
        """The player of a key known by its fingerprint (``SHA256:`` and the digest in base64, as ``of_key`` makes it).

        ValueError for anything else: no text from elsewhere names a directory.
        """
        prefix = "SHA256:"
        encoded = fingerprint.removeprefix(prefix)
        try:
            digest = base64.b64decode(encoded + "=" * (-len(encoded) % 4), validate=True)
        except ValueError:
            digest = b""
        if not fingerprint.startswith(prefix) or len(digest) != hashlib.sha256().digest_size:
            raise ValueError(f"not a key's fingerprint: {fingerprint!r}")
        return cls(fingerprint, data_dir / PLAYERS / digest.hex())

    @property
    def data_dir(self) -> Path:
        return self.home / "data"

    @property
    def config_dir(self) -> Path:
        return self.home / "config"

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.toml"

    def is_known(self) -> bool:
        """Whether this key has played here before: its directory is there."""
        return self.home.is_dir()

    def prepare(self) -> None:
        """Make the player's directories, readable by the host's user only (also when they were there)."""
        for directory in (self.home.parent, self.home, self.data_dir, self.config_dir):
            directory.mkdir(mode=0o700, exist_ok=True)
            directory.chmod(0o700)

    def needs_name(self) -> bool:
        """True until the player has chosen a name. A broken settings file is left to the game to report."""
        settings, problem = load_settings(self.settings_file)
        return problem is None and not settings.player_name

    def language(self) -> str:
        """The language the player's game speaks, and the host with it: their setting ("auto" is English).

        "auto" is decided as the game decides it, from an environment that names no language: the
        host gives a game none of the client's (game.py), so a player chooses in Settings or here.
        """
        settings, _problem = load_settings(self.settings_file)
        return choose_language(settings.language, {})

    def name(self) -> str:
        """The name the player gave (their setting), or "" before they gave one or when it cannot be read."""
        settings, _problem = load_settings(self.settings_file)
        return settings.player_name

    def line_mode(self) -> bool:
        """Whether the player chose line mode in their settings (issue 33): their game runs as lines."""
        settings, _problem = load_settings(self.settings_file)
        return settings.line_mode

    def keep_name(self, name: str, language: str | None = None) -> None:
        """Store the name as the player's default at the table, and the language chosen with it.

        Their other settings stay as they are.
        """
        settings, problem = load_settings(self.settings_file)
        if problem is None:
            chosen = settings._replace(player_name=check_name(name), language=language or settings.language)
            save_settings(chosen, self.settings_file)


def check_name(text: str) -> str:
    """A display name: 1 to 20 printable characters, spaces trimmed.

    ValueError's message is the sentence the player reads: what is wrong.
    """
    name = text.strip()
    if not name:
        raise ValueError(_("Sorry, a name needs at least one letter."))
    if len(name) > NAME_LIMIT:
        most = ngettext(
            "Sorry, a name has at most {count} character.", "Sorry, a name has at most {count} characters.", NAME_LIMIT
        )
        raise ValueError(most.format(count=NAME_LIMIT))
    # isprintable() is False for control characters, escapes, and invisible format characters
    # such as right-to-left overrides; U+FFFD stands for bytes that were not UTF-8.
    if not name.isprintable() or "\ufffd" in name:
        raise ValueError(_("Sorry, a name has letters, digits, spaces and punctuation only."))
    # A mark alone combines with whatever is drawn before the name; a name of marks, fillers and
    # blanks shows as nothing at the table.
    if unicodedata.category(name[0]).startswith("M") or not any(_shows(char) for char in name):
        raise ValueError(_("Sorry, a name needs at least one character that can be seen."))
    return name


def _shows(char: str) -> bool:
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_LETTERS
