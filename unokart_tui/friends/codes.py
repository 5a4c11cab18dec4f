"""Table codes (issue 31): hard to guess, easy to read aloud and to type, and slow to guess at.

A code is five characters from ``ALPHABET``, drawn with ``secrets``. The alphabet leaves out every
character that another one can be taken for, on a screen, on paper, on a braille display or read
aloud by a screen reader:

* ``0 O Q D``: round shapes;
* ``1 I L 7``: upright strokes (``7`` is ``1`` in many hands);
* ``5 S``, ``2 Z``, ``8 B``, ``6 G``: each a digit's twin;
* ``U V``: the same letter in some fonts, and ``V`` sounds like ``B``, ``D``, ``E``, ``P``, ``T``;
* the vowels ``A E``: without them no code spells a word, rude or otherwise.

What is left is 13 letters and 3 digits. Every code has at least one digit, so a user name that is
merely a short word (``ssh nymph@host``) is never taken for a code. That leaves 677,283 codes
(``CODE_SPACE``, about 19.4 bits); ``CodeGuard`` makes guessing at them slow, then stops it.

Nothing here does I/O or reads a clock of its own: the guard is given one.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from typing import NamedTuple

LETTERS = "CFHJKMNPRTWXY"
DIGITS = "349"
ALPHABET = LETTERS + DIGITS
LENGTH = 5
CODE_SPACE = len(ALPHABET) ** LENGTH - len(LETTERS) ** LENGTH  # codes with at least one digit
_FORGIVEN = str.maketrans("", "", " -_\t.")  # what people put between the characters of a code
_LONGEST_TYPED = 32  # anything longer is not a code, however it is spaced


def new_code(taken: Callable[[str], bool] = lambda code: False) -> str:
    """A fresh code, not ``taken``: five characters of ``ALPHABET``, at least one of them a digit."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if any(char in DIGITS for char in code) and not taken(code):
            return code


def normalise(typed: str) -> str | None:
    """The code ``typed`` stands for (any case, with spaces, dashes, dots or underscores), or None.

    None when it cannot be a code at all: it is then not a wrong code but something else (a user name).
    """
    if len(typed) > _LONGEST_TYPED:
        return None
    code = typed.translate(_FORGIVEN).upper()
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    if not any(char in DIGITS for char in code):
        return None
    return code


def code_shaped(typed: str) -> str | None:
    """What ``typed`` would be as a code if it looks like one but is none (a letter outside ``ALPHABET``), or None.

    Code-shaped: ``LENGTH`` letters and digits, at least one a digit, in any case, with what ``normalise``
    forgives between them. Found over ssh: ``FW3FO@host``, one letter mistyped, was taken for a user name and
    went to the title without a word; it is a wrong code, to be told so (and counted, as any wrong code is).
    """
    code = normalise(typed)
    if code is not None or len(typed) > _LONGEST_TYPED:
        return code
    shaped = typed.translate(_FORGIVEN).upper()
    if len(shaped) != LENGTH or not all(char.isascii() and char.isalnum() for char in shaped):
        return None
    return shaped if any(char.isdigit() for char in shaped) else None


class GuardLimits(NamedTuple):
    """How wrong codes are slowed and then refused; the defaults match the host's failed logins."""

    free: int = 3  # wrong codes within the window that wait nothing (a typo, then another)
    first_wait: float = 1.0  # seconds the next attempt waits; each one after waits twice as long...
    longest_wait: float = 16.0  # ...up to this
    most: int = 10  # wrong codes within the window; after that the key is refused...
    refusal: float = 900.0  # ...for this many seconds
    window: float = 600.0  # seconds a wrong code is remembered (the host's failed logins: 10 minutes)
    # An address is counted too, but friends share one behind a home's router: found over ssh, a friend
    # who never typed a wrong code was slowed for another's. An address is slowed and refused only past
    # these, for the wrong codes of all its keys together.
    address_free: int = 12
    address_most: int = 40
    remembered: int = 4096  # keys and addresses remembered before the stale ones are forgotten


class Verdict(NamedTuple):
    """What an attempt at a code must do first: wait ``wait`` seconds, or nothing at all while ``refused_for`` > 0."""

    wait: float = 0.0
    refused_for: float = 0.0
    # Which limit refused: the address's (every key there is refused) or the key's own. Found over ssh: a
    # key refused for its own wrong codes was told "from here" while others at its address were not.
    by_address: bool = False

    @property
    def refused(self) -> bool:
        return self.refused_for > 0


class CodeGuard:
    """Wrong codes, counted by key and by address: a growing wait, then a refusal for a while.

    A key is slowed and refused by its own wrong codes; an address (many keys) only past higher limits.

    An attempt counts as wrong from the moment it is made (``attempt``) until it is found right
    (``right``): attempts made at once, on many connections, are counted before any of them is
    looked up, so they cannot all slip under the limit together.
    """

    def __init__(self, clock: Callable[[], float], limits: GuardLimits | None = None) -> None:
        self.clock = clock
        self.limits = limits or GuardLimits()
        self._wrong: dict[str, deque[float]] = {}
        self._refused_until: dict[str, float] = {}

    def attempt(self, key: str, address: str) -> Verdict:
        """An attempt at a code from ``key`` at ``address``: refused, or counted and told how long to wait first."""
        now = self.clock()
        limits = self.limits
        # Each with its own limits: (who, wrong codes that wait nothing, wrong codes before a refusal).
        whom = (
            (_as_key(key), limits.free, limits.most),
            (_as_address(address), limits.address_free, limits.address_most),
        )
        address = whom[1][0]
        left = {who: self._refused_until.get(who, 0.0) - now for who, _free, _most in whom}
        refused = max(left.values())
        if refused > 0:
            return Verdict(refused_for=refused, by_address=left[address] > 0)
        before = [(who, len(self._recent(who, now)), free, most) for who, free, most in whom]
        over = [who for who, wrong, _free, most in before if wrong >= most]
        if over:
            for who in over:
                self._refused_until[who] = now + limits.refusal
                self._wrong.pop(who, None)
            return Verdict(refused_for=limits.refusal, by_address=address in over)
        for who, _free, _most in whom:
            self._wrong.setdefault(who, deque()).append(now)
        self._forget_stale(now)
        return Verdict(wait=max(self._wait_after(wrong, free) for _who, wrong, free, _most in before))

    def right(self, key: str, address: str) -> None:
        """The attempt just made was a right code: it counts no more."""
        for who in (_as_key(key), _as_address(address)):
            wrong = self._wrong.get(who)
            if wrong:
                wrong.pop()
                if not wrong:
                    del self._wrong[who]

    def _wait_after(self, wrong: int, free: int) -> float:
        over = wrong - free
        if over < 0:
            return 0.0
        return float(min(self.limits.first_wait * 2**over, self.limits.longest_wait))

    def _recent(self, who: str, now: float) -> deque[float]:
        wrong = self._wrong.get(who, deque())
        while wrong and wrong[0] <= now - self.limits.window:
            wrong.popleft()
        return wrong

    def _forget_stale(self, now: float) -> None:
        if len(self._wrong) + len(self._refused_until) <= self.limits.remembered:
            return
        for who in [who for who, times in self._wrong.items() if times[-1] <= now - self.limits.window]:
            del self._wrong[who]
        for who in [who for who, until in self._refused_until.items() if until <= now]:
            del self._refused_until[who]

    @property
    def remembered(self) -> int:
        """How many keys and addresses the guard holds anything about."""
        return len(set(self._wrong) | set(self._refused_until))


def _as_key(key: str) -> str:
    return f"key {key}"


def _as_address(address: str) -> str:
    return f"address {address}"
