"""A host without sockets for the friends' tests: each person's game process is a ``Player`` that reads the
lines the table sends it (through ``friends.wire``, as a real one would) and acts from its own view only.

``drive`` runs the table on a fake clock: whenever no player acts, the next wake-up of the table runs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from functools import cache, lru_cache

from unokart_tui.engine import Action, Card, CatchUno, JumpIn, Play, RulesError, SayUno, full_deck
from unokart_tui.friends import wire
from unokart_tui.friends.messages import Message, TableSeen
from unokart_tui.friends.people import Person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.table.messages import Logged
from unokart_tui.voice import speaking
from unokart_tui.voice.cards import long, short

from ..fakeclock import FakeClock


class Player:
    """One person's game process: every line it was sent, the messages read back, and its last view."""

    def __init__(self, person: Person, check: Callable[[Player, str, Message], None] | None = None) -> None:
        self.person = person
        self.check = check
        self.lines: list[str] = []
        self.messages: list[Message] = []
        self.seen: TableSeen | None = None

    @property
    def key(self) -> str:
        return self.person.key

    def __call__(self, message: Message) -> None:
        line = wire.encode(message)
        assert "\n" not in line
        self.lines.append(line)
        read = wire.decode(line)
        assert read == message
        if self.check is not None:  # given the line and the message read back from it, as the game reads it
            self.check(self, line, read)  # type: ignore[arg-type]
        self.messages.append(read)  # type: ignore[arg-type]
        if isinstance(read, TableSeen):
            self.seen = read

    @property
    def log(self) -> list[str]:
        return [m.line.text for m in self.messages if isinstance(m, Logged)]


class Policy:
    """A simple player: from its own ``TableSeen``, a card it may play (at random, seeded), else what is legal;
    it catches and says UNO late now and then, and now and then lets its clock run out (``slow``)."""

    def __init__(self, seed: int, *, slow: float = 0.0, react: float = 0.5) -> None:
        self.random = random.Random(seed)
        self.slow, self.react = slow, react
        self._decided: set[tuple[str, tuple[int, int]]] = set()

    def choose(self, player: Player) -> Action | None:
        seen = player.seen
        if seen is None or seen.view is None:
            return None
        decision = (player.key, seen.moment)
        if decision in self._decided:
            return None
        self._decided.add(decision)
        out_of_turn = [a for a in seen.view.reactions if isinstance(a, (SayUno, CatchUno, JumpIn))]
        if out_of_turn and self.random.random() < self.react:
            return self.random.choice(out_of_turn)
        if not seen.legal or self.random.random() < self.slow:
            return None
        plays = [a for a in seen.legal if isinstance(a, Play)]
        if plays:
            return self.random.choice(plays)
        return self.random.choice(list(seen.legal))


def drive(
    table: SharedTable,
    clock: FakeClock,
    players: Iterable[Player],
    policy: Policy,
    *,
    until: Callable[[], bool] | None = None,
    limit: float = 200_000.0,
) -> list[tuple[str, Action, bool]]:
    """Play until the match is over (or ``until``): each player acts when its policy says so, else time passes.

    Returns every attempt: (key, action, whether it was taken).
    """
    players = list(players)
    attempts: list[tuple[str, Action, bool]] = []
    start = clock.now()
    while not table.finished and not (until is not None and until()):
        acted = False
        for player in players:
            if player.key not in table.connected:
                continue
            action = policy.choose(player)
            if action is None:
                continue
            seen = player.seen
            assert seen is not None
            try:
                table.act(player.key, action, seen.moment)
            except RulesError:  # a refusal is part of the game: another acted first
                attempts.append((player.key, action, False))
            else:
                attempts.append((player.key, action, True))
            acted = True
            break
        if not acted:
            assert clock.run_next(), "the table waits for nothing: it is stuck"
        assert clock.now() - start < limit, "the match does not end"
    return attempts


@cache
def card_words(language: str) -> tuple[tuple[re.Pattern[str], Card], ...]:
    """For every card: a pattern of its names in ``language`` (``R7``, ``Red 7``), standing alone in a text."""
    found = []
    with speaking(language):
        for card in sorted(set(full_deck()), key=str):
            for name in {short(card), long(card)}:
                found.append((re.compile(_standing_alone(name)), card))
    return tuple(found)


def _standing_alone(name: str) -> str:
    return rf"(?<![\w+]){re.escape(name)}(?![\w])"


@cache
def any_card_word(language: str) -> re.Pattern[str]:
    """One pattern that finds a text naming some card in ``language`` iff one of ``card_words`` does: a regex
    alternation backtracks into its next branch when the lookahead fails, so no name hides another."""
    with speaking(language):
        names = {name for card in set(full_deck()) for name in (short(card), long(card))}
    return re.compile("|".join(_standing_alone(name) for name in sorted(names)))


@lru_cache(maxsize=8192)
def cards_in_words(text: str, language: str) -> frozenset[Card]:
    """Every card ``text`` names in ``language``; the same lines go to many seats, and most name no card."""
    if not any_card_word(language).search(text):
        return frozenset()
    return frozenset(card for pattern, card in card_words(language) if pattern.search(text))


def cards_named(value: object, language: str) -> set[Card]:
    """Every card a decoded message holds: as a card, or named in its words."""
    found: set[Card] = set()
    _gather_cards(value, language, found)
    return found


_NO_CARDS = (int, float, bool, type(None))  # exactly these types: an enum or record is looked into


def _gather_cards(value: object, language: str, found: set[Card]) -> None:
    if type(value) in _NO_CARDS:
        return
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, str):
        found |= cards_in_words(value, language)
    elif isinstance(value, dict):
        for key, item in value.items():
            _gather_cards(key, language, found)
            _gather_cards(item, language, found)
    elif isinstance(value, (tuple, list)):
        for part in value:
            _gather_cards(part, language, found)
    elif hasattr(value, "__slots__") and not isinstance(value, type):  # an action
        for name in value.__slots__:
            _gather_cards(getattr(value, name), language, found)
