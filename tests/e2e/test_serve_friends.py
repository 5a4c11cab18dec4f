"""Friends at one table (issue 31) with the real OpenSSH client and two keys: open, join, play, drop, come back."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import saves
from unokart_tui.tui.widgets.cardface import short

from .serve_host import SSH_OPTIONS, Host, make_key, need

PERSON = 'confirm_quit = false\nguide = false\nplayer_name = "{name}"\n'
CODE = re.compile(r"ssh -p \d+ ([A-Z0-9]{5})@")


@pytest.fixture
def host(tmp_path):
    need("ssh", "ssh-keygen", "tmux")
    directory = tmp_path / "keys"
    directory.mkdir(mode=0o700)
    keys = SimpleNamespace(ann=make_key(directory, "ann"), bob=make_key(directory, "bob"))
    authorized = directory / "authorized_keys"
    authorized.write_text(Path(f"{keys.ann}.pub").read_text() + Path(f"{keys.bob}.pub").read_text())
    served = Host(tmp_path / "host", ["--ssh", "127.0.0.1:0", "--authorized-keys", str(authorized)])
    served.keys = keys
    yield served
    served.stop()


def at_table(host: Host, key: Path, code: str) -> str:
    """What a friend types: the table's code as the user name."""
    return shlex.join(["ssh", "-tt", "-i", str(key), "-p", str(host.port), *SSH_OPTIONS, f"{code}@127.0.0.1"])


def seat_of(screen: str, name: str) -> str:
    """The row of the Players panel for ``name``: their cards, their last move (or ``away``), their points."""
    return next((line for line in screen.splitlines() if re.match(rf"│\s*\S?\s*{name} +\d+ ", line)), "")


def shows_hand_of(screen: str, hand: object) -> bool:
    return all(short(card) in screen for card in hand)  # type: ignore[attr-defined]


def test_two_keys_open_join_play_drop_and_come_back(terminal, host, monkeypatch):
    ann_data = host.prepare_player(host.keys.ann, PERSON.format(name="Ann"))
    host.prepare_player(host.keys.bob, PERSON.format(name="Bob"))
    monkeypatch.setenv("UNOKART_DATA_DIR", str(ann_data))  # the match is saved with the opener's saves

    # Open: Ann's title offers a table for friends, whose lobby shows the exact command.
    terminal.start("ann", host.ssh_line(host.keys.ann))
    terminal.wait_for("ann", "Play with friends", timeout=30)
    terminal.keys("ann", "f")
    found = CODE.search(terminal.wait_for("ann", lambda s: CODE.search(s) is not None, timeout=30))
    assert found is not None
    code = found.group(1)
    assert f"ssh -p {host.port} {code}@" in terminal.screen("ann")  # the host's real port

    # Join: Bob's own key with the code as the user name goes straight to that lobby.
    terminal.start("bob", at_table(host, host.keys.bob, code))
    terminal.wait_for("bob", "Waiting for Ann to start the match.", timeout=30)
    terminal.wait_for("ann", "Bob")
    terminal.keys("ann", "C-s")

    # Play: each sees their own hand, from the match the host saved in Ann's saves.
    name = f"friends {code}"
    terminal.wait_for("ann", lambda _: Path(saves.path_of(name)).exists(), timeout=30)
    match = saves.load(name)
    ann, bob = match.names.index("Ann"), match.names.index("Bob")
    hands = match.round.hands
    terminal.wait_for("ann", lambda s: shows_hand_of(s, hands[ann]), timeout=30)
    terminal.wait_for("bob", lambda s: shows_hand_of(s, hands[bob]), timeout=30)

    # One person's move reaches the other in the other's words.
    answered: dict[str, float] = {}

    def a_persons_turn(_: str) -> bool:
        for person in ("ann", "bob"):
            screen = terminal.screen(person)
            # The hand's title, not any line with the words: "Time is up: the autopilot plays your turn." in the
            # log once made the wrong person the mover.
            if "your turn:" in screen:
                return True
            # A first card that is a wild asks its first player for a colour: answered (red), once, or its 45 s
            # clock would run out.
            if "Choose a colour" in screen and time.monotonic() - answered.get(person, -10.0) > 5:
                answered[person] = time.monotonic()
                terminal.keys(person, "r")
            # A turn that opens with a Wild Draw Four's question is accepted (a), once: left to its 45 s clock,
            # it made this test take 17 to 58 s by the deal. A second "a" at the table would be the autopilot's.
            if "Was it a bluff?" in screen and time.monotonic() - answered.get(person, -10.0) > 5:
                answered[person] = time.monotonic()
                terminal.keys(person, "a")
        return False

    terminal.wait_for("ann", a_persons_turn, timeout=150)
    mover, other = ("ann", "bob") if "your turn:" in terminal.screen("ann") else ("bob", "ann")
    terminal.keys(mover, "d")
    terminal.wait_for(mover, "You draw")
    terminal.wait_for(other, f"{mover.title()} draws")

    # Drop: Bob's connection goes; the others see his seat away, the autopilot playing it.
    assert seat_of(terminal.screen("ann"), "Bob") and "away" not in seat_of(terminal.screen("ann"), "Bob")
    terminal.hang_up("bob")
    terminal.wait_for("ann", lambda s: "away" in seat_of(s, "Bob"), timeout=30)

    # Come back: the same key and code take Bob straight back to his seat, with his hand as it is now.
    terminal.start("bob again", at_table(host, host.keys.bob, code))

    def back_at_seat(screen: str) -> bool:
        now = saves.load(name)
        hand = now.round.hands[bob]
        return bool(hand) and shows_hand_of(screen, hand)

    terminal.wait_for("bob again", back_at_seat, timeout=30)
    terminal.wait_for("ann", lambda s: seat_of(s, "Bob") and "away" not in seat_of(s, "Bob"), timeout=30)
    log = host.log()
    assert f"table-join {code}" in log and "table-leave" in log
