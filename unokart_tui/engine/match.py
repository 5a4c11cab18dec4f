"""A match: rounds until someone reaches the target score (RULES.md D2, D10, E3, E4)."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence

from .actions import Action
from .cards import Card, RulesError, full_deck, is_whole
from .events import DealerChosen, Event, MatchWon
from .house_rules import OFFICIAL, HouseRules
from .round import Round
from .tables import MAX_PLAYERS, MIN_PLAYERS
from .unseen import UnseenShuffle, check_known, shuffle_unseen
from .view import PlayerView

DEFAULT_TARGET = 500  # E4
# Names are shown in terminals: no character that a terminal takes as an instruction or that
# breaks a line (the categories of unokart_tui.printable, which shows them escaped).
_NOT_IN_NAMES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def _plain_name(name: object) -> str:
    """A player's name as a plain ``str``, judged by its characters; ``RulesError`` if it is no name.

    A ``str`` subclass can make its iteration, ``strip`` or ``repr`` say anything: the name is
    copied into a plain ``str`` by ``str``'s own method, and only the copy is judged and kept.
    """
    if not isinstance(name, str):
        raise RulesError(f"a player's name must be some text, not {name!r}")
    text = str.__str__(name)
    if not text.strip():
        raise RulesError(f"a player's name must be some text, not {text!r}")
    if any(unicodedata.category(char) in _NOT_IN_NAMES for char in text):
        raise RulesError(f"a player's name cannot hold control characters, as {text!r} does")
    return text


def _dealer_value(card: Card) -> int:
    return card.number or 0  # D2: action cards and wilds count as 0


def choose_dealer(num_players: int, rng: random.Random) -> DealerChosen:
    """D2: everyone draws a card, the highest number deals; tied players draw again."""
    deck: list[Card] = []
    contenders = list(range(num_players))
    rounds: list[tuple[tuple[int, Card], ...]] = []
    while True:
        if len(deck) < len(contenders):
            deck = full_deck()  # every card goes back and the deck is shuffled again
            rng.shuffle(deck)
        draws = tuple((seat, deck.pop()) for seat in contenders)
        rounds.append(draws)
        best = max(_dealer_value(card) for _, card in draws)
        contenders = [seat for seat, card in draws if _dealer_value(card) == best]
        if len(contenders) == 1:
            return DealerChosen(contenders[0], tuple(rounds))


class Match:
    """Rounds of UNO Mario Kart until a player reaches ``target`` points.

    All randomness comes from ``random.Random(seed)``: the same seed and the same
    actions give the same match. ``history`` holds every applied action, one tuple a round.
    """

    def __init__(self, names: Sequence[str], *, seed: int, target: int, rules: HouseRules | None = None) -> None:
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise RulesError(f"players must be a list of names, not {names!r}")
        given = list(names)  # read once: a sequence could answer differently the next time
        if not MIN_PLAYERS <= len(given) <= MAX_PLAYERS:
            raise RulesError(f"UNO Mario Kart is for 2 to 10 players, not {len(given)}")  # D1
        names = [_plain_name(name) for name in given]
        if not is_whole(target) or target < 1:
            raise RulesError(f"the target score must be a whole number of at least 1, not {target!r}")
        if not is_whole(seed):
            raise RulesError(f"the seed must be a whole number, not {seed!r}")
        if rules is None:
            rules = OFFICIAL
        elif not isinstance(rules, HouseRules):
            raise RulesError(f"rules must be HouseRules or None, not {rules!r}")
        self._rules = rules
        self._names = tuple(names)
        self._seed = seed
        self._target = target
        self._rng = random.Random(seed)
        self._scores = [0] * len(names)
        self._winner: int | None = None
        self._round_number = 1
        self._history: list[list[Action]] = [[]]
        self._shuffles: list[UnseenShuffle] = []
        chosen = choose_dealer(len(names), self._rng)
        self._dealer = chosen.dealer
        self._round = self._deal()
        self.start_events: tuple[Event, ...] = (chosen, *self._round.start_events)

    @classmethod
    def new(
        cls,
        players: int | Sequence[str],
        *,
        seed: int | None = None,
        target: int = DEFAULT_TARGET,
        rules: HouseRules | None = None,
    ) -> Match:
        """A match for ``players`` (a count, or the seats' names). ``seed=None`` picks a fresh seed.

        ``rules`` are its house rules (HOUSE_RULES.md); ``None`` is RULES.md exactly.
        """
        if is_whole(players):
            if not MIN_PLAYERS <= players <= MAX_PLAYERS:
                raise RulesError(f"UNO Mario Kart is for 2 to 10 players, not {players}")
            names: Sequence[str] = [f"Player {seat + 1}" for seat in range(players)]
        elif isinstance(players, str) or not isinstance(players, Sequence):
            raise RulesError(f"players must be a count or a list of names, not {players!r}")
        else:
            names = list(players)
        if seed is None:
            # The only entropy the engine takes; the seed is kept so the match can be replayed.
            # Six digits at most: the log shows it for `unokart new --seed`, and a player types it.
            seed = random.SystemRandom().randrange(1_000_000)
        return cls(names, seed=seed, target=target, rules=rules)

    def _deal(self) -> Round:
        seed = self._rng.getrandbits(64)
        return Round.deal(len(self._names), dealer=self._dealer, seed=seed, scores=self._scores, rules=self._rules)

    # ------------------------------------------------------------------ reading

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def round(self) -> Round:
        return self._round

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores after every finished round."""
        return tuple(self._scores)

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def target(self) -> int:
        return self._target

    @property
    def rules(self) -> HouseRules:
        return self._rules

    @property
    def round_number(self) -> int:
        return self._round_number

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def history(self) -> tuple[tuple[Action, ...], ...]:
        """The actions applied, one tuple a round (the last is the current round's)."""
        return tuple(tuple(actions) for actions in self._history)

    @property
    def unseen_shuffles(self) -> tuple[UnseenShuffle, ...]:
        """Each time the cards a seat could not see were dealt again, in order (``shuffle_unseen``)."""
        return tuple(self._shuffles)

    def view(self, seat: int) -> PlayerView:
        return self._round.view(seat)

    def legal_actions(self) -> list[Action]:
        return self._round.legal_actions()

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` to the round; a round that ends is scored (E3), a match that ends says so (E4)."""
        if self._winner is not None:
            raise RulesError("The match is over.")
        events = self._round.apply(action)
        self._history[-1].append(action)
        winner = self._round.winner
        if winner is not None:
            self._scores[winner] += self._round.points or 0
            if self._scores[winner] >= self._target:
                self._winner = winner
                events.append(MatchWon(winner, self._scores[winner]))
        return events

    def shuffle_unseen(self, seat: int, seed: int, known: Sequence[Sequence[Card]] = ()) -> UnseenShuffle:
        """Deal again what ``seat`` cannot see, at its own decision (``unseen.shuffle_unseen``), and keep a
        record of it: playing the match again applies it at the same point."""
        if self._winner is not None:
            raise RulesError("The match is over.")
        self._round = shuffle_unseen(self._round, seat, seed, known)
        record = UnseenShuffle(
            self._round_number, len(self._history[-1]), seat, seed, check_known(self._round, seat, known)
        )
        self._shuffles.append(record)
        return record

    def next_round(self) -> list[Event]:
        """D10: deal the next round, one seat to the left of the last dealer."""
        if self._winner is not None:
            raise RulesError("The match is over.")
        if not self._round.is_over:
            raise RulesError("The round is not over yet.")
        self._dealer = (self._dealer + 1) % len(self._names)
        self._round_number += 1
        self._history.append([])
        self._round = self._deal()
        return list(self._round.start_events)
