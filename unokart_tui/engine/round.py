"""One round of UNO Mario Kart as a state machine (RULES.md D3-D9, T, A, I, C, U, E1-E3),
with the house rules of HOUSE_RULES.md (H1-H9) when the round's ``HouseRules`` switch them on.

The decider asks for an action with ``legal_actions()``; ``apply(action)`` checks it
completely before it changes anything, so an illegal action leaves the round as it was.
Out of turn, any seat may make the reactions ``reactions(seat)`` lists (U2, H5).
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .actions import (
    Accept,
    Action,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Draw,
    JumpIn,
    Pass,
    Play,
    SayUno,
)
from .cards import DECK_COUNTS, Card, Color, Item, Rank, RulesError, full_deck, is_whole
from .events import (
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    ColorChosen,
    DirectionChanged,
    DrawnCardKept,
    DrawPending,
    DrawReason,
    Event,
    ExtraTurn,
    HandsPassed,
    HandsSwapped,
    JumpedIn,
    PileReshuffled,
    PlayerExposed,
    RoundWon,
    StackAccepted,
    StartCardReturned,
    StartCardTurned,
    TargetChosen,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
    WildDrawFourAccepted,
)
from .house_rules import OFFICIAL, HouseRules
from .view import Phase, PlayerView

MIN_PLAYERS = 2  # D1
MAX_PLAYERS = 10
HAND_SIZE = 7  # D3 (H9 changes it)


# Enum members cost a lookup of ~75 ns each on Python 3.11; the hot path uses these names.
PLAY, DRAWN, CHALLENGE, STACK, CHOOSE_COLOR, CHOOSE_TARGET, OVER = Phase
WILD_DRAW_FOUR, WILD_ITEM_BOX = Rank.WILD_DRAW_FOUR, Rank.WILD_ITEM_BOX
SKIP, REVERSE, DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
SEVEN, ZERO = Rank.SEVEN, Rank.ZERO
MUSHROOM, BANANA, GREEN_SHELL, LIGHTNING, BOB_OMB = Item
NOBODY_HERE = -1  # H5a: who played the top card of a position built with from_position


class _Then(enum.Enum):
    """What a pending colour or target choice finishes; the value is ``round.choice_for``."""

    START_COLOR = "start"  # D5: the dealer's colour for an Item Box start card
    BOB_OMB = "bob-omb"  # I5
    GREEN_SHELL = "green-shell"  # I3
    SEVEN = "seven"  # H4: whom a 7 swaps hands with


def _plays_of(card: Card) -> tuple[tuple[Play, ...], tuple[Play, ...]]:
    """A card's plays, without UNO and (for a play that leaves one card) with and without (U1)."""
    colors: tuple[Color | None, ...] = tuple(Color) if card.rank is WILD_DRAW_FOUR else (None,)
    plain = tuple(Play(card, color) for color in colors)
    both = tuple(Play(card, color, uno) for color in colors for uno in (True, False))
    return plain, both


# Actions are values; reusing one object per value keeps legal_actions() cheap.
_PLAYS = {card._key: _plays_of(card) for card in DECK_COUNTS}
# The same by the hand's size, a list indexed by card key: [0] plain, [1] with and without UNO (U1).
_PLAYS_BY_KEY = [[_PLAYS[key][which] if key in _PLAYS else () for key in range(max(_PLAYS) + 1)] for which in (0, 1)]
_DRAW, _PASS, _ACCEPT, _CHALLENGE = Draw(), Pass(), Accept(), Challenge()
_CHOOSE_COLORS = [ChooseColor(color) for color in Color]
_CHOOSE_TARGETS = [ChooseTarget(seat) for seat in range(MAX_PLAYERS)]

_EXPECTED = {
    PLAY: "play a card or draw",
    DRAWN: "play the card just drawn or keep it",
    CHALLENGE: "accept the Wild Draw Four or challenge it",
    STACK: "stack a draw card on the total or take it",
    CHOOSE_COLOR: "choose a colour",
    CHOOSE_TARGET: "choose who the Green Shell hits",
    OVER: "the round is over",
}


_BIT_LENGTHS = [size.bit_length() for size in range(len(full_deck()) + 1)]


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``, the same order and the same random state after, 2.4 times faster.

    Python 3.11's ``Random.shuffle`` swaps each position with one below ``_randbelow(i + 1)``,
    which draws ``getrandbits(k)`` until it is below; written out here it saves two calls a card
    (68 to 28 µs for a deck, benchmarks/bench_engine.py deals one a round). A test holds it equal
    to ``Random.shuffle``, so a Python that changes the method shows at once.
    """
    getrandbits = rng.getrandbits
    bits = _BIT_LENGTHS
    for i in range(len(cards) - 1, 0, -1):
        size = i + 1
        k = bits[size]
        j = getrandbits(k)
        while j >= size:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def follows(card: Card, color: Color | None, top: Card) -> bool:
    """T1, T2: a wild card always; otherwise a card of the active colour, or of the top card's number or symbol."""
    return card.color is None or card.color is color or (top.color is not None and card.rank is top.rank)


def _mask(cards: Iterable[Card]) -> int:
    return sum(1 << card._key for card in cards)


def _follow_masks() -> tuple[list[int], dict[Color | None, int]]:
    """What may be played, as a bit per card key: each playability check of a round is ``follows`` for one shift.

    A coloured top card always set the active colour to its own (D4, T1, I1-I4), so it decides
    alone; on a wild top card only the chosen colour counts.
    """
    by_top = [0] * (max(card._key for card in DECK_COUNTS) + 1)
    for top in DECK_COUNTS:
        if top.color is not None:
            by_top[top._key] = _mask(card for card in DECK_COUNTS if follows(card, top.color, top))
    wild = Card(None, WILD_ITEM_BOX)
    by_color = {color: _mask(card for card in DECK_COUNTS if follows(card, color, wild)) for color in (*Color, None)}
    return by_top, by_color


_FOLLOWS_TOP, _FOLLOWS_COLOR = _follow_masks()
# H1-H3: what may go on a pending total, by the card on top of it.
_DRAW_TWOS = _mask(card for card in DECK_COUNTS if card.rank is DRAW_TWO)
_WILD_DRAW_FOURS = _mask(card for card in DECK_COUNTS if card.rank is WILD_DRAW_FOUR)
_POINTS = [0] * (max(card._key for card in DECK_COUNTS) + 1)  # K4, by card key
for _card in DECK_COUNTS:
    _POINTS[_card._key] = _card.points
_SWAPPERS = _mask(card for card in DECK_COUNTS if card.rank in (SEVEN, ZERO))  # H4


def _key_of(card: Card) -> int:
    return card._key


def read_history(view: PlayerView) -> tuple[int | None, int | None, int | None]:
    """Who played the top card (H5a: None if nobody did) and who took the last two turns (H8)."""
    played_by: int | None = None
    before: int | None = None
    last: int | None = None
    previous: Action | None = None
    previous_seat = -1
    for seat, action in view.public_history:
        if isinstance(action, (Play, JumpIn)):
            # H5a: an Item Box turns a card nobody played.
            played_by = None if action.card.rank is WILD_ITEM_BOX else seat
            if not (isinstance(previous, Draw) and previous_seat == seat):  # H8: drawing and playing is one turn
                before, last = last, seat
        elif isinstance(action, Draw):
            before, last = last, seat
        if not isinstance(action, (SayUno, CatchUno)):
            previous, previous_seat = action, seat
    if played_by is not None and view.top_card.color is None:
        played_by = None
    return played_by, before, last


def _as_cards(cards: Iterable[Card | str], where: str) -> list[Card]:
    if isinstance(cards, (str, bytes)):
        raise RulesError(f"{where}: give a list of cards, not the text {cards!r}")
    try:
        items = list(cards)
    except TypeError:
        raise RulesError(f"{where}: give a list of cards, not {cards!r}") from None
    try:
        return [Card.parse(card) for card in items]
    except RulesError as error:
        raise RulesError(f"{where}: {error}") from None


class Round:
    """A round from the deal (or a given position) to the moment someone goes out."""

    __slots__ = (
        "_banana_last_turn",
        "_challenge",
        "_color",
        "_current",
        "_dealer",
        "_decider",
        "_direction",
        "_discard",
        "_draw",
        "_drawn",
        "_exposed",
        "_hands",
        "_history",
        "_jump_in",
        "_must_play",
        "_pending",
        "_phase",
        "_played_by",
        "_points",
        "_quiet",
        "_revealed",
        "_rng",
        "_rules",
        "_scores",
        "_seven_zero",
        "_stack_cross",
        "_stack_draw_four",
        "_stack_draw_two",
        "_then",
        "_turn_before",
        "_turn_last",
        "_uno",
        "_until_playable",
        "_winner",
        "start_events",
    )

    def __init__(
        self,
        num_players: int,
        *,
        dealer: int,
        seed: int,
        scores: Sequence[int] | None,
        rules: HouseRules | None = None,
    ) -> None:
        if not is_whole(num_players) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise RulesError(f"UNO Mario Kart is for 2 to 10 players, not {num_players!r}")  # D1
        if not is_whole(dealer) or not 0 <= dealer < num_players:
            raise RulesError(f"the dealer must be a seat from 0 to {num_players - 1}, not {dealer!r}")
        if not is_whole(seed):
            raise RulesError(f"the seed must be a whole number, not {seed!r}")
        if scores is None:
            scores = [0] * num_players
        if (
            not isinstance(scores, (list, tuple))
            or len(scores) != num_players
            or not all(is_whole(score) and score >= 0 for score in scores)
        ):
            raise RulesError(f"scores must be {num_players} whole numbers of at least 0, not {scores!r}")
        if rules is None:
            rules = OFFICIAL
        elif not isinstance(rules, HouseRules):
            raise RulesError(f"rules must be HouseRules or None, not {rules!r}")
        self._rules = rules
        # Each switch as a slot of its own: the hot path reads them every action.
        self._stack_draw_two = rules.stack_draw_two  # H1
        self._stack_draw_four = rules.stack_draw_four  # H2
        self._stack_cross = rules.stack_cross  # H3
        self._seven_zero = rules.seven_zero  # H4
        self._jump_in = rules.jump_in  # H5
        self._until_playable = rules.draw_until_playable  # H6
        self._must_play = rules.must_play_drawn  # H7
        self._banana_last_turn = rules.banana == "last-turn"  # H8
        self._hands: list[list[Card]] = [[] for _ in range(num_players)]
        self._draw: list[Card] = []  # the top of the draw pile is the *last* element
        self._discard: list[Card] = []
        self._color: Color | None = None
        self._direction = 1
        self._current = 0
        self._decider: int | None = None  # set only while someone other than `current` decides (D5)
        self._phase = PLAY
        self._exposed: int | None = None
        self._winner: int | None = None
        self._points: int | None = None
        self._dealer = dealer
        self._scores = tuple(scores)
        self._rng = random.Random(seed)
        self._drawn: Card | None = None
        # While a Wild Draw Four waits (A4): who played it, their hand then, the colour to match.
        self._challenge: tuple[int, tuple[Card, ...], Color] | None = None
        self._then: _Then | None = None
        self._uno = False  # UNO said with the play being resolved (U1, U3)
        self._revealed: dict[int, dict[int, tuple[Card, ...]]] = {}
        self._pending = 0  # what accepting draws: a lone Wild Draw Four's 4 (A4), a stacked total (H1-H3)
        # H5a: the seat that played the top card; None for the start card or a card an Item Box turned.
        self._played_by: int | None = None
        # H8 "last-turn": the seats that took the last turn and the one before (kept only under that rule).
        self._turn_before: int | None = None
        self._turn_last: int | None = None
        self._history: list[tuple[int, Action]] = []  # every applied action, by whom (PlayerView.public_history)
        self._quiet = False  # a playout copy: no events, no history (``copy``)
        self.start_events: tuple[Event, ...] = ()

    # ------------------------------------------------------------------ constructors

    @classmethod
    def deal(
        cls,
        num_players: int,
        *,
        dealer: int,
        seed: int,
        scores: Sequence[int] | None = None,
        rules: HouseRules | None = None,
    ) -> Round:
        """Shuffle, deal (D3, H9), turn the start card (D4) and apply its effect (D5-D9).

        A start card's effect is RULES.md's under every house rule: a Draw Two is drawn at
        once (H1e), a 7 or 0 does nothing (H4c), and nobody may jump in on it (H5a).
        """
        self = cls(num_players, dealer=dealer, seed=seed, scores=scores, rules=rules)
        hand_size = self._rules.hand_size  # H9; 10 players with 10 cards leave 11 to draw
        deck = full_deck()
        shuffle(self._rng, deck)
        for _ in range(hand_size):
            for step in range(1, num_players + 1):
                self._hands[(dealer + step) % num_players].append(deck.pop())
        events: list[Event] = [CardsDealt(dealer, hand_size)]
        card = deck.pop()
        while card.rank is WILD_DRAW_FOUR:  # D4
            events.append(StartCardReturned(card))
            deck.append(card)
            shuffle(self._rng, deck)
            card = deck.pop()
        self._draw = deck
        self._discard = [card]
        self._color = card.color
        events.append(StartCardTurned(card))
        first = (dealer + 1) % num_players
        self._current = first
        if card.rank is WILD_ITEM_BOX:  # D5: the dealer chooses; no item
            self._phase = CHOOSE_COLOR
            self._decider = dealer
            self._then = _Then.START_COLOR
        elif card.rank is REVERSE:  # D6
            self._direction = -1
            self._current = dealer
            events.append(DirectionChanged(-1))
        elif card.rank is DRAW_TWO:  # D7, H1e: drawn at once, never stacked
            self._draw_cards(first, 2, DrawReason.DRAW_TWO, events)
            events.append(TurnSkipped(first))
            self._current = self._next(first)
        elif card.rank is SKIP:  # D8
            events.append(TurnSkipped(first))
            self._current = self._next(first)
        # D9: otherwise the player left of the dealer plays first.
        self.start_events = tuple(events)
        return self

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card | str]],
        draw_pile: Iterable[Card | str],
        discard: Iterable[Card | str],
        *,
        current: int = 0,
        direction: int = 1,
        color: Color | None = None,
        dealer: int = 0,
        seed: int = 0,
        scores: Sequence[int] | None = None,
        rules: HouseRules | None = None,
    ) -> Round:
        """A position at the start of ``current``'s turn. ``draw_pile[0]`` is its top, ``discard[-1]`` the top card.

        Its top card counts as played by someone not at the table (H5a).
        """
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
            raise RulesError(f"hands must be a list with one list of cards for each seat, not {hands!r}")
        hands = list(hands)
        self = cls(len(hands), dealer=dealer, seed=seed, scores=scores, rules=rules)
        n = self.num_players
        self._hands = [_as_cards(hand, f"hand of seat {seat}") for seat, hand in enumerate(hands)]
        draw = _as_cards(draw_pile, "draw pile")
        draw.reverse()
        self._draw = draw
        self._discard = _as_cards(discard, "discard pile")
        if not self._discard:
            raise RulesError("the discard pile needs a top card")
        for seat, hand in enumerate(self._hands):
            if not hand:
                raise RulesError(f"seat {seat} has no cards: that round would be over")
        counts = Counter(self._draw) + Counter(self._discard)
        for hand in self._hands:
            counts.update(hand)
        for card, count in counts.items():
            if count > DECK_COUNTS[card]:
                raise RulesError(f"{card} appears {count} times but the deck has {DECK_COUNTS[card]}")
        if not is_whole(direction) or direction not in (1, -1):
            raise RulesError(f"direction must be 1 or -1, not {direction!r}")
        if not is_whole(current) or not 0 <= current < n:
            raise RulesError(f"current must be a seat from 0 to {n - 1}, not {current!r}")
        top = self._discard[-1]
        if color is not None and not isinstance(color, Color):
            raise RulesError(f"color must be a Color, not {color!r}")
        if top.is_wild:
            if color is None:
                raise RulesError(f"the top card is {top.name}: a chosen colour is needed")
            self._color = color
        else:
            if color is not None and color is not top.color:
                raise RulesError(f"the top card is {top.name}: the colour cannot be {color.value}")
            self._color = top.color
        self._direction = direction
        self._current = current
        self._played_by = NOBODY_HERE
        return self

    def copy(self, *, quiet: bool = False, seed: int | None = None) -> Round:
        """A round that plays on from here independently of this one: the cheap clone search needs.

        ``quiet=True`` makes a playout copy: its ``apply`` builds no events and returns ``[]``, and it
        keeps no public history (its views show none). ``seed`` gives the copy a fresh random
        generator (for the piles it reshuffles, T4); without it the copy continues this round's
        random state exactly.
        """
        other = Round.__new__(Round)
        other._rules = self._rules
        other._stack_draw_two = self._stack_draw_two
        other._stack_draw_four = self._stack_draw_four
        other._stack_cross = self._stack_cross
        other._seven_zero = self._seven_zero
        other._jump_in = self._jump_in
        other._until_playable = self._until_playable
        other._must_play = self._must_play
        other._banana_last_turn = self._banana_last_turn
        other._hands = [hand[:] for hand in self._hands]
        other._draw = self._draw[:]
        other._discard = self._discard[:]
        other._color = self._color
        other._direction = self._direction
        other._current = self._current
        other._decider = self._decider
        other._phase = self._phase
        other._exposed = self._exposed
        other._winner = self._winner
        other._points = self._points
        other._dealer = self._dealer
        other._scores = self._scores
        if seed is None:
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        else:
            other._rng = random.Random(seed)
        other._drawn = self._drawn
        other._challenge = self._challenge
        other._then = self._then
        other._uno = self._uno
        other._revealed = {seat: dict(shown) for seat, shown in self._revealed.items()}
        other._pending = self._pending
        other._played_by = self._played_by
        other._turn_before = self._turn_before
        other._turn_last = self._turn_last
        other._history = [] if quiet else self._history[:]
        other._quiet = quiet
        other.start_events = self.start_events
        return other

    @classmethod
    def from_view(
        cls,
        view: PlayerView,
        hands: Sequence[Iterable[Card | str]],
        draw_pile: Iterable[Card | str],
        *,
        drawn: Card | None = None,
        seed: int = 0,
        quiet: bool = False,
    ) -> Round:
        """A round this view could be: the view's table with the hidden cards given (a determinization).

        ``hands`` are every seat's hand (``view.seat``'s must be ``view.hand``), ``draw_pile`` the
        pile, top first, each of the view's size; with the discards, no card more often than the
        deck has it (a position of ``from_position`` may leave cards out). ``drawn`` is the
        card the decider has just drawn, when it is not this view's to see (phase ``DRAWN``).
        What the view cannot tell is taken as follows: a Wild Draw Four waiting for its answer was
        played from the player's hand as given (C1); a challenge's shown hand is known only to this
        seat; the turns H8 needs and who played the top card (H5a) are read from the public history.
        """
        if not isinstance(view, PlayerView):
            raise RulesError(f"give a PlayerView, not {view!r}")
        if view.phase is OVER:
            raise RulesError("the round of this view is over")
        n = view.num_players
        cards = [_as_cards(hand, f"hand of seat {seat}") for seat, hand in enumerate(hands)]
        if len(cards) != n:
            raise RulesError(f"give {n} hands, not {len(cards)}")
        if sorted(cards[view.seat], key=_key_of) != sorted(view.hand, key=_key_of):
            raise RulesError(f"seat {view.seat}'s hand must be the view's")
        sizes = tuple(map(len, cards))
        if sizes != view.hand_sizes:
            raise RulesError(f"the hands hold {sizes} cards, the view says {view.hand_sizes}")
        draw = _as_cards(draw_pile, "draw pile")
        if len(draw) != view.draw_pile_size:
            raise RulesError(f"the draw pile holds {len(draw)} cards, the view says {view.draw_pile_size}")
        counts = Counter(draw) + Counter(view.discard)
        for hand in cards:
            counts.update(hand)
        for card, count in counts.items():
            if count > DECK_COUNTS[card]:
                raise RulesError(f"{card} appears {count} times but the deck has {DECK_COUNTS[card]}")
        if view.phase is DRAWN:
            drawn = view.drawn if view.drawn is not None else drawn
            if drawn is None or drawn not in cards[view.current]:
                raise RulesError("the card just drawn must be given, and be in the decider's hand")
        draw.reverse()
        return cls._of_view(
            view, cards, draw, drawn=drawn, history_facts=read_history(view), rng=random.Random(seed), quiet=quiet
        )

    @classmethod
    def _of_view(
        cls,
        view: PlayerView,
        hands: list[list[Card]],
        draw: list[Card],
        *,
        drawn: Card | None,
        history_facts: tuple[int | None, int | None, int | None],
        rng: random.Random,
        quiet: bool,
    ) -> Round:
        """``from_view`` once its cards are known to fit (``draw`` with its top last): no checks, no copies."""
        self = cls.__new__(cls)
        rules = view.rules
        self._rules = rules
        self._stack_draw_two = rules.stack_draw_two
        self._stack_draw_four = rules.stack_draw_four
        self._stack_cross = rules.stack_cross
        self._seven_zero = rules.seven_zero
        self._jump_in = rules.jump_in
        self._until_playable = rules.draw_until_playable
        self._must_play = rules.must_play_drawn
        self._banana_last_turn = rules.banana == "last-turn"
        self._hands = hands
        self._draw = draw
        self._discard = list(view.discard)
        self._color = view.active_color
        self._direction = view.direction
        self._current = view.current
        self._decider = None if view.decider == view.current else view.decider
        self._phase = view.phase
        self._exposed = view.exposed
        self._winner = None
        self._points = None
        self._dealer = view.dealer
        self._scores = tuple(view.scores)
        self._rng = rng
        self._drawn = drawn if view.phase is DRAWN else None
        self._challenge = None
        if view.wild_draw_four is not None:
            player, color = view.wild_draw_four
            self._challenge = (player, tuple(hands[player]), color)
        self._then = None if view.choice_for is None else _Then(view.choice_for)
        self._uno = False
        self._revealed = {view.seat: dict(view.revealed)} if view.revealed else {}
        self._pending = view.pending_draw
        self._played_by, self._turn_before, self._turn_last = history_facts
        self._history = [] if quiet else list(view.public_history)
        self._quiet = quiet
        self.start_events = ()
        return self

    # ------------------------------------------------------------------ reading

    @property
    def num_players(self) -> int:
        return len(self._hands)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand: what a playout policy reads every action, without copying every hand."""
        return tuple(self._hands[seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self._hands))

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """Top card first."""
        return tuple(reversed(self._draw))

    @property
    def discard(self) -> tuple[Card, ...]:
        """Bottom card first; the last is the top card."""
        return tuple(self._discard)

    @property
    def top_card(self) -> Card:
        return self._discard[-1]

    @property
    def active_color(self) -> Color | None:
        return self._color

    @property
    def direction(self) -> int:
        return self._direction

    @property
    def current(self) -> int:
        return self._current

    @property
    def decider(self) -> int:
        return self._current if self._decider is None else self._decider

    if TYPE_CHECKING:

        @property
        def phase(self) -> Phase: ...

    else:  # read in C: a search reads the phase every action, and a Python property costs a frame
        phase = property(attrgetter("_phase"))

    @property
    def exposed(self) -> int | None:
        return self._exposed

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def points(self) -> int | None:
        """What the winner scored (E3), once the round is over."""
        return self._points

    @property
    def is_over(self) -> bool:
        return self._phase is OVER

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """The match scores before this round."""
        return self._scores

    @property
    def drawn(self) -> Card | None:
        """The card just drawn, while its player decides whether to play it (T3)."""
        return self._drawn

    @property
    def rules(self) -> HouseRules:
        return self._rules

    @property
    def pending_draw(self) -> int:
        """What the decider draws by accepting: a lone Wild Draw Four's 4 (A4), a stacked total (H1-H3); else 0."""
        return self._pending

    @property
    def choice_for(self) -> str | None:
        """What the open colour or target choice is for: start, bob-omb, green-shell, seven (H4); else None."""
        return None if self._then is None else self._then.value

    def view(self, seat: int) -> PlayerView:
        if type(seat) is not int or not 0 <= seat < len(self._hands):  # is_whole, written out: bots call it often
            raise RulesError(f"there is no seat {seat!r}")
        current = self._current
        decider = current if self._decider is None else self._decider
        revealed = self._revealed.get(seat)
        then = self._then
        # Positional, in the order of PlayerView's fields: a bot asks for a view before every
        # decision, and _make builds the tuple without matching 23 keywords to their fields.
        return PlayerView._make(
            (
                seat,
                len(self._hands),
                tuple(self._hands[seat]),
                tuple(map(len, self._hands)),
                self._discard[-1],
                self._color,
                self._direction,
                current,
                decider,
                self._phase,
                len(self._draw),
                tuple(self._discard),
                self._exposed,
                self._scores,
                dict(revealed) if revealed else {},
                self._dealer,
                self._winner,
                self._drawn if seat == decider else None,  # drawn
                None if self._challenge is None else (self._challenge[0], self._challenge[2]),  # wild_draw_four
                self._rules,
                self._pending,  # pending_draw
                None if then is None else then.value,  # choice_for
                tuple(self.reactions(seat)) if self._exposed is not None or self._jump_in else (),
                tuple(self._history),  # public_history: actions hold no hidden card (a Draw is not the card)
            )
        )

    def _state(self) -> tuple[object, ...]:
        return (
            self._hands,
            self._draw,
            self._discard,
            self._color,
            self._direction,
            self._current,
            self._decider,
            self._phase,
            self._exposed,
            self._winner,
            self._points,
            self._dealer,
            self._scores,
            self._rng.getstate(),
            self._drawn,
            self._challenge,
            self._then,
            self._uno,
            self._revealed,
            self._rules,
            self._pending,
            self._played_by,
            self._turn_last,
            self._turn_before,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Round {self.num_players} players, {self._phase.name}, seat {self.decider} to act, "
            f"top {self._discard[-1]}, colour {self._color and self._color.value}>"
        )

    # ------------------------------------------------------------------ what may be done

    def is_playable(self, card: Card) -> bool:
        """Whether ``card`` may go on the top card now (T1, T2), whoever holds it."""
        if not isinstance(card, Card):
            raise RulesError(f"{card!r} is not a card")
        return bool(self._follow_mask() >> card._key & 1)

    def _follow_mask(self) -> int:
        """The cards that may go on the top card now, a bit per card key (see ``follows``)."""
        top = self._discard[-1]
        return _FOLLOWS_TOP[top._key] if top.color is not None else _FOLLOWS_COLOR[self._color]

    def _stack_mask(self) -> int:
        """H1-H3: the cards that may go on the pending total; the top card is the last one stacked."""
        if self._discard[-1].rank is DRAW_TWO:
            return _DRAW_TWOS | _WILD_DRAW_FOURS if self._stack_cross else _DRAW_TWOS  # H1, H3
        return _WILD_DRAW_FOURS if self._stack_draw_four else 0  # H2; never a Draw Two (H3)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the decider now, in a fixed order (no SayUno / CatchUno / JumpIn)."""
        phase = self._phase
        if phase is PLAY:
            hand = self._hands[self._current]
            top = self._discard[-1]
            playable = _FOLLOWS_TOP[top._key] if top.color is not None else _FOLLOWS_COLOR[self._color]
            if self._seven_zero:
                actions = self._plays(hand, len(hand), playable)
            else:  # _plays written out: the hot path of every playout
                actions = []
                plays = _PLAYS_BY_KEY[1 if len(hand) == 2 else 0]
                for card in hand:
                    key = card._key
                    if playable >> key & 1:
                        playable ^= 1 << key
                        actions.extend(plays[key])
            actions.append(_DRAW)
            return actions
        if phase is DRAWN:
            drawn = self._drawn
            assert drawn is not None
            actions = self._plays((drawn,), len(self._hands[self._current]), self._follow_mask())
            if not self._must_play or drawn.rank is WILD_ITEM_BOX:  # H7, H7a: a drawn box may be kept
                actions.append(_PASS)
            return actions
        if phase is CHALLENGE:
            if self._stack_draw_four:  # H2: a lone Wild Draw Four may be answered with another
                hand = self._hands[self._current]
                return [_ACCEPT, _CHALLENGE, *self._plays(hand, len(hand), _WILD_DRAW_FOURS)]
            return [_ACCEPT, _CHALLENGE]
        if phase is STACK:
            hand = self._hands[self._current]
            actions = self._plays(hand, len(hand), self._stack_mask())
            actions.append(_ACCEPT)
            return actions
        if phase is CHOOSE_COLOR:
            return list(_CHOOSE_COLORS)
        if phase is CHOOSE_TARGET:
            current = self._current
            return [*_CHOOSE_TARGETS[:current], *_CHOOSE_TARGETS[current + 1 : len(self._hands)]]
        return []

    def _plays(self, cards: Iterable[Card], hand_size: int, playable: int) -> list[Action]:
        """The plays of ``cards`` among the ``playable`` ones (a bit per card key), each card once.

        A play that leaves one card of the player's ``hand_size`` is listed with and without UNO (U1).
        """
        actions: list[Action] = []
        which = 1 if hand_size == 2 else 0
        if self._seven_zero and hand_size > 1:
            # H4b: the hand that comes back from a 7 or 0 is unknown: with and without UNO, unless it is the last card.
            swappers = _SWAPPERS
            for card in cards:
                key = card._key
                if playable >> key & 1:
                    playable ^= 1 << key
                    actions.extend(_PLAYS[key][which | (swappers >> key & 1)])
            return actions
        for card in cards:
            key = card._key
            if playable >> key & 1:
                playable ^= 1 << key  # each card once: a duplicate's bit is cleared, without hashing
                actions.extend(_PLAYS[key][which])
        return actions

    def reactions(self, seat: int) -> list[Action]:
        """What ``seat`` may do out of turn now, in a fixed order: say UNO late or catch (U2), jump in (H5)."""
        if type(seat) is not int or not 0 <= seat < len(self._hands):
            raise RulesError(f"there is no seat {seat!r}")
        actions: list[Action] = []
        phase = self._phase
        if phase is OVER:
            return actions
        exposed = self._exposed
        if exposed is not None:
            actions.append(SayUno(seat) if seat == exposed else CatchUno(seat))
        # H5, H5a, written out for speed (a driver asks every seat before every action);
        # _jump_in_error says the same in words, and the property tests hold the two to it.
        if self._jump_in and phase is PLAY and self._played_by is not None:
            top = self._discard[-1]
            hand = self._hands[seat]
            if top in hand and seat not in (self._played_by, self._current) and top.color is not None:
                if len(hand) == 2 or (self._seven_zero and top.rank in (SEVEN, ZERO) and len(hand) > 1):  # U1, H4b
                    actions.extend((JumpIn(seat, top, True), JumpIn(seat, top, False)))
                else:
                    actions.append(JumpIn(seat, top))
        return actions

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Apply the decider's ``action`` (or a reaction from any seat: ``reactions``) and say what happened.

        A quiet round (``copy(quiet=True)``) builds no events and keeps no public history: it returns ``[]``.
        """
        if self._phase is OVER:
            raise RulesError("The round is over.")
        handler = _HANDLERS.get(type(action))  # by type: one lookup, where a chain of isinstance took up to ten
        if handler is None:
            handler = next((h for kind, h in _HANDLERS.items() if isinstance(action, kind)), None)
            if handler is None:
                raise RulesError(f"{action!r} is not an action")
        if self._quiet:
            handler(self, action, None)
            return []
        seat = self._current if self._decider is None else self._decider
        events: list[Event] = []
        handler(self, action, events)
        # Made by their ``seat``, whoever decides (U2, H5); the set first: most actions are not reactions.
        if handler in _REACTION_HANDLERS and isinstance(action, (SayUno, CatchUno, JumpIn)):
            seat = action.seat
        self._history.append((seat, action))
        return events

    def _apply_play(self, action: Play, events: list[Event] | None) -> None:
        card = action.card
        top = self._discard[-1]
        if not (  # the common case of _check_play's checks, inline: a turn's play of a card that follows
            self._phase is PLAY
            and (_FOLLOWS_TOP[top._key] if top.color is not None else _FOLLOWS_COLOR[self._color]) >> card._key & 1
            and card in self._hands[self._current]
            and (action.color is None if card.rank is not WILD_DRAW_FOUR else type(action.color) is Color)
        ):
            self._check_play(action)
        self._exposed = None  # U2: any other action ends the exposure
        if self._banana_last_turn and self._phase is not DRAWN:  # H8: a play is a turn (a drawn card's: the same)
            self._turn_before, self._turn_last = self._turn_last, self._current
        self._play(action, events)

    def _apply_draw(self, action: Draw, events: list[Event] | None) -> None:
        if self._phase is not PLAY:
            self._check_phase(PLAY, "draw")
        self._exposed = None
        if self._banana_last_turn:  # H8: drawing on one's turn is a turn
            self._turn_before, self._turn_last = self._turn_last, self._current
        self._take_draw(events)

    def _apply_pass(self, action: Pass, events: list[Event] | None) -> None:
        self._check_phase(DRAWN, "keep a drawn card")
        assert self._drawn is not None
        if self._must_play and self._drawn.rank is not WILD_ITEM_BOX:  # H7, H7a
            raise RulesError(f"You must play the card you drew ({self._drawn.name}): it can be played.")
        self._exposed = None
        self._keep(events)

    def _apply_accept(self, action: Accept, events: list[Event] | None) -> None:
        if self._phase is STACK:  # H1-H3
            self._exposed = None
            self._accept_stack(events)
            return
        self._check_phase(CHALLENGE, "accept a Wild Draw Four")
        self._exposed = None
        self._accept(events)

    def _apply_challenge(self, action: Challenge, events: list[Event] | None) -> None:
        self._check_phase(CHALLENGE, "challenge")
        self._exposed = None
        self._challenge_wild(events)

    def _apply_choose_color(self, action: ChooseColor, events: list[Event] | None) -> None:
        self._check_phase(CHOOSE_COLOR, "choose a colour")
        self._exposed = None
        self._choose_color(action.color, events)

    def _apply_choose_target(self, action: ChooseTarget, events: list[Event] | None) -> None:
        self._check_phase(CHOOSE_TARGET, "choose a target")
        self._check_target(action.seat)
        self._exposed = None
        self._choose_target(action.seat, events)

    def _apply_say_uno(self, action: SayUno, events: list[Event] | None) -> None:
        self._say_uno(action.seat, events)

    def _apply_catch_uno(self, action: CatchUno, events: list[Event] | None) -> None:
        self._catch_uno(action.seat, events)

    def _apply_jump_in(self, action: JumpIn, events: list[Event] | None) -> None:
        self._check_jump_in(action)
        self._exposed = None  # H5b: a jump-in is a play
        self._jump(action, events)

    # --- checks (raise before anything changes)

    def _expected(self) -> str:
        if self._then is _Then.SEVEN:
            return "choose whom to swap hands with"
        if self._phase is CHALLENGE and self._stack_draw_four:
            return "accept the Wild Draw Four, challenge it or stack another"
        return _EXPECTED[self._phase]

    def _check_phase(self, phase: Phase, doing: str) -> None:
        if self._phase is not phase:
            raise RulesError(f"You can't {doing} now: {self._expected()}.")

    def _check_play(self, action: Play) -> None:
        card = action.card
        phase = self._phase
        stacking = False
        if phase is not PLAY:
            if phase is DRAWN:
                if card != self._drawn:
                    assert self._drawn is not None
                    raise RulesError(f"You may only play the card you just drew ({self._drawn.name}), or keep it.")
            elif phase is STACK or (phase is CHALLENGE and self._stack_draw_four):
                self._check_stack(card)  # on a pending total, only a stacking card goes (H1-H3)
                stacking = True
            else:
                raise RulesError(f"You can't play {card.name} now: {self._expected()}.")
        if card not in self._hands[self._current]:
            raise RulesError(f"You have no {card.name}.")
        if not stacking and not self._follow_mask() >> card._key & 1:  # T1, T2
            top = self._discard[-1]
            assert self._color is not None
            wanted = f"{self._color.value}" if top.is_wild else f"{self._color.value} or {top.rank.label}"
            raise RulesError(f"{card.name} can't go on {top.name}: play {wanted}, or a wild card.")
        if card.rank is WILD_DRAW_FOUR:
            if not isinstance(action.color, Color):
                raise RulesError("A Wild Draw Four needs the colour to follow.")
        elif action.color is not None:
            raise RulesError(f"Only a Wild Draw Four names a colour as it is played, not {card.name}.")

    def _check_stack(self, card: Card) -> None:
        """H1-H3, H1d: on a pending total only a stacking card goes."""
        if self._stack_mask() >> card._key & 1:
            return
        pending = self._pending
        if self._discard[-1].rank is DRAW_TWO:
            allowed = "a Draw Two or a Wild Draw Four" if self._stack_cross else "a Draw Two"
        else:
            allowed = "a Wild Draw Four"
        raise RulesError(f"{card.name} can't go on a pending +{pending}: stack {allowed}, or take the {pending}.")

    def _check_target(self, seat: int) -> None:
        self._check_seat(seat)
        if seat == self._current:
            if self._then is _Then.SEVEN:
                raise RulesError("A 7 swaps hands with another player, not yourself.")
            raise RulesError("The Green Shell must hit an opponent, not yourself.")

    def _jump_in_error(self, seat: int, card: Card) -> str | None:
        """Why ``seat`` may not jump in with ``card`` now (H5, H5a), or None if it may."""
        if not self._jump_in:
            return "Jumping in is not a rule of this match."
        if self._phase is not PLAY:
            return f"No jumping in now: {self._expected()}."
        top = self._discard[-1]
        played_by = self._played_by
        if played_by is None:
            return f"No jumping in on {top.name}: nobody played it (it is the start card or an Item Box turned it)."
        if card is not top or top.color is None:  # cards are interned: identical means the same object
            return f"Only the twin of {top.name} can jump in, not {card.name}."
        if seat == played_by:
            return f"You played {top.name}: you can't jump in on your own card."
        if seat == self._current:
            return "It is your turn: play the card normally."
        if card not in self._hands[seat]:
            return f"You have no {card.name}."
        return None

    def _check_jump_in(self, action: JumpIn) -> None:
        self._check_seat(action.seat)
        error = self._jump_in_error(action.seat, action.card)
        if error is not None:
            raise RulesError(error)

    def _check_seat(self, seat: int) -> None:
        # The action checked that it is a whole number when it was made.
        if not 0 <= seat < len(self._hands):
            raise RulesError(f"There is no seat {seat}.")

    # --- helpers

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + self._direction * steps) % len(self._hands)

    def _reshuffle(self, events: list[Event] | None) -> None:
        """T4: every discard but the top card becomes the new draw pile."""
        if len(self._discard) <= 1:
            return
        pile = self._discard[:-1]
        del self._discard[:-1]
        shuffle(self._rng, pile)
        self._draw = pile
        if events is not None:
            events.append(PileReshuffled(len(pile)))

    def _draw_cards(self, seat: int, count: int, reason: DrawReason, events: list[Event] | None) -> list[Card]:
        """Draw ``count`` cards for ``seat``, reshuffling as T4 says; fewer if none are left."""
        drawn: list[Card] = []
        pile = self._draw
        for _ in range(count):
            if not pile:
                self._reshuffle(events)
                pile = self._draw
                if not pile:
                    break
            drawn.append(pile.pop())
        self._hands[seat].extend(drawn)
        if events is not None:
            events.append(CardsDrawn(seat, tuple(drawn), reason, count))
        return drawn

    def _finish(self, seat: int, events: list[Event] | None) -> None:
        """E1, E3: ``seat`` went out and scores what the others hold."""
        self._winner = seat
        self._phase = OVER
        self._decider = None
        self._then = None
        self._uno = False
        self._challenge = None
        self._pending = 0
        hands = [hand for other, hand in enumerate(self._hands) if other != seat]
        self._points = sum(_POINTS[card._key] for hand in hands for card in hand)
        if events is not None:
            events.append(RoundWon(seat, self._points))

    def _judge_uno(self, seat: int, events: list[Event] | None) -> None:
        """U1-U3: judged once the play has fully resolved."""
        said, self._uno = self._uno, False
        if len(self._hands[seat]) == 1:
            if said:
                if events is not None:
                    events.append(UnoSaid(seat))
            else:
                self._exposed = seat
                if events is not None:
                    events.append(PlayerExposed(seat))

    def _pass_turn(self, player: int, events: list[Event] | None) -> None:
        """The play of ``player`` is done: the next seat plays."""
        self._phase = PLAY
        self._current = self._next(player)
        self._judge_uno(player, events)

    # --- the actions

    def _play(self, action: Play, events: list[Event] | None) -> None:
        card = action.card
        player = self._current
        hand = self._hands[player]
        color_before = self._color
        hand.remove(card)
        self._discard.append(card)
        self._drawn = None
        self._uno = action.uno
        self._played_by = player  # H5a: a played card may be jumped in on
        if events is not None:
            events.append(CardPlayed(player, card, action.color))
        out = not hand  # E1; E2 says which effects still happen
        rank = card.rank
        if rank is WILD_DRAW_FOUR:  # A4
            self._color = action.color
            victim = self._next(player)
            pending = self._pending  # H2, H3: stacked on a pending total
            if out:  # E2: no challenge; H1b: the whole total, this card's four included
                self._pending = 0
                reason = DrawReason.STACK if pending else DrawReason.WILD_DRAW_FOUR
                self._draw_cards(victim, pending + 4, reason, events)
                self._finish(player, events)
                return
            self._current = victim
            self._pending = pending + 4
            if pending:  # H1a: once anything is stacked, no challenge
                self._challenge = None
                self._phase = STACK
                if events is not None:
                    events.append(DrawPending(victim, pending + 4))
            else:
                assert color_before is not None
                self._challenge = (player, tuple(hand), color_before)
                self._phase = CHALLENGE
            self._judge_uno(player, events)
            return
        if rank is WILD_ITEM_BOX:  # A5
            self._color = None
            self._item_box(player, out, events)
            return
        self._color = card.color
        if out:
            if rank is DRAW_TWO:  # E2; H1b: the whole pending total, this card's two included
                pending, self._pending = self._pending, 0
                reason = DrawReason.STACK if pending else DrawReason.DRAW_TWO
                self._draw_cards(self._next(player), pending + 2, reason, events)
            self._finish(player, events)  # H4a: a 7 or 0 that goes out swaps nothing
            return
        self._phase = PLAY
        if rank is SKIP:  # A2
            skipped = self._next(player)
            if events is not None:
                events.append(TurnSkipped(skipped))
            self._current = self._next(skipped)
        elif rank is REVERSE:  # A3
            self._direction = -self._direction
            if events is not None:
                events.append(DirectionChanged(self._direction))
            if len(self._hands) == 2:  # A3 Decision: with two players Reverse acts as Skip
                if events is not None:
                    events.append(ExtraTurn(player))
            else:
                self._current = self._next(player)
        elif rank is DRAW_TWO:
            victim = self._next(player)
            if self._stack_draw_two:  # H1: the draw is pending; the victim stacks or accepts
                self._pending += 2
                self._phase = STACK
                if events is not None:
                    events.append(DrawPending(victim, self._pending))
                self._current = victim
            else:  # A1
                self._draw_cards(victim, 2, DrawReason.DRAW_TWO, events)
                if events is not None:
                    events.append(TurnSkipped(victim))
                self._current = self._next(victim)
        elif self._seven_zero and (rank is SEVEN or rank is ZERO):  # H4
            if rank is ZERO:
                self._pass_hands(player, events)
            elif len(self._hands) == 2:  # H4a: the only opponent, no choice asked
                self._swap_hands(player, self._next(player), events)
            else:
                self._phase = CHOOSE_TARGET
                self._then = _Then.SEVEN
                return  # H4b: UNO is judged after the swap
            self._current = self._next(player)
        else:
            self._current = (player + self._direction) % len(self._hands)
        if len(self._hands[player]) == 1:
            self._judge_uno(player, events)
        else:  # _judge_uno's work when there is nothing to judge (U1-U3)
            self._uno = False

    def _swap_hands(self, player: int, other: int, events: list[Event] | None) -> None:
        """H4: the 7's player and ``other`` swap hands."""
        hands = self._hands
        hands[player], hands[other] = hands[other], hands[player]
        if events is not None:
            events.append(HandsSwapped(player, other))

    def _pass_hands(self, player: int, events: list[Event] | None) -> None:
        """H4: every hand goes to the next player in the current direction."""
        hands, direction = self._hands, self._direction
        self._hands = [hands[(seat - direction) % len(hands)] for seat in range(len(hands))]
        if events is not None:
            events.append(HandsPassed(player, direction))

    def _jump(self, action: JumpIn, events: list[Event] | None) -> None:
        """H5: the twin of the top card, out of turn; play goes on from the jumper, as if it were their turn."""
        seat = action.seat
        if events is not None:
            events.append(JumpedIn(seat, action.card))
        self._current = seat
        if self._banana_last_turn:  # H8: a jump-in is a turn; being passed over is not
            self._turn_before, self._turn_last = self._turn_last, seat
        self._play(_PLAYS[action.card._key][1][0 if action.uno else 1], events)

    def _item_box(self, player: int, out: bool, events: list[Event] | None) -> None:
        """A5: turn the top of the draw pile; its item (not its action) happens (I1-I5)."""
        if not self._draw:
            # T4. The card the Item Box covers is always reshuffled, so there is always a card
            # to turn: A5's "nothing can be turned" Decision cannot arise here.
            self._reshuffle(events)
        turned = self._draw.pop()
        self._discard.append(turned)
        self._played_by = None  # H5a: nobody jumps in on a turned card
        if events is not None:
            events.append(CardTurned(player, turned))
        item = turned.item
        if item is BOB_OMB:  # I5
            if out:  # E2: Bob-omb only hurts the player who went out, so it does not happen
                self._finish(player, events)
                return
            self._draw_cards(player, 2, DrawReason.BOB_OMB, events)
            self._phase = CHOOSE_COLOR
            self._then = _Then.BOB_OMB
            return
        self._color = turned.color
        if item is MUSHROOM:  # I1
            if out:
                self._finish(player, events)
                return
            if events is not None:
                events.append(ExtraTurn(player))
            self._phase = PLAY
            self._judge_uno(player, events)
        elif item is BANANA:  # I2 Decision: the previous seat in the current direction (or H8)
            self._draw_cards(self._banana_victim(player), 2, DrawReason.BANANA, events)
            if out:
                self._finish(player, events)
                return
            self._pass_turn(player, events)
        elif item is GREEN_SHELL:  # I3
            if len(self._hands) == 2:
                target = self._next(player)
                if events is not None:
                    events.append(TargetChosen(player, target))
                self._draw_cards(target, 1, DrawReason.GREEN_SHELL, events)
                if out:
                    self._finish(player, events)
                    return
                self._pass_turn(player, events)
            else:  # E2: the target is chosen even by a player who went out
                self._phase = CHOOSE_TARGET
                self._then = _Then.GREEN_SHELL
        else:  # I4 Lightning: one card each, from the next seat on
            for step in range(1, len(self._hands)):
                self._draw_cards(self._next(player, step), 1, DrawReason.LIGHTNING, events)
            if out:
                self._finish(player, events)
                return
            if events is not None:
                events.append(ExtraTurn(player))
            self._phase = PLAY
            self._judge_uno(player, events)

    def _banana_victim(self, player: int) -> int:
        """I2's Decision, or with H8's "last-turn" the player who took the last turn before this one."""
        if self._banana_last_turn:
            before = self._turn_before
            if before is not None and before != player:  # H8 Decision: otherwise the previous seat
                return before
        return self._next(player, -1)

    def _take_draw(self, events: list[Event] | None) -> None:
        """T3: draw one (H6: until one is playable); a playable card may be played at once, else the turn ends."""
        player = self._current
        if self._until_playable:
            drawn = self._draw_until_playable(player, events)
        elif self._draw:  # _draw_cards for the one card, written out: a quarter of all actions are draws
            card = self._draw.pop()
            self._hands[player].append(card)
            drawn = [card]
            if events is not None:
                events.append(CardsDrawn(player, (card,), DrawReason.CHOICE, 1))
        else:
            drawn = self._draw_cards(player, 1, DrawReason.CHOICE, events)
        if drawn and self._follow_mask() >> drawn[-1]._key & 1:
            self._phase = DRAWN  # H7: must_play_drawn takes Pass away (legal_actions)
            self._drawn = drawn[-1]
        else:  # T3, T4: nothing playable (or nothing drawn): the turn ends
            self._current = (player + self._direction) % len(self._hands)

    def _draw_until_playable(self, player: int, events: list[Event] | None) -> list[Card]:
        """H6: one card at a time until a playable one; if even T4 leaves nothing to draw, the turn ends."""
        drawn: list[Card] = []
        playable = self._follow_mask()
        while True:
            if not self._draw:
                self._reshuffle(events)
                if not self._draw:
                    break
            card = self._draw.pop()
            drawn.append(card)
            if playable >> card._key & 1:
                break
        self._hands[player].extend(drawn)
        if events is not None:
            events.append(CardsDrawn(player, tuple(drawn), DrawReason.CHOICE, max(len(drawn), 1)))
        return drawn

    def _keep(self, events: list[Event] | None) -> None:
        player = self._current
        if events is not None:
            events.append(DrawnCardKept(player))
        self._drawn = None
        self._phase = PLAY
        self._current = self._next(player)

    def _accept(self, events: list[Event] | None) -> None:
        victim = self._current
        if events is not None:
            events.append(WildDrawFourAccepted(victim))
        self._draw_cards(victim, 4, DrawReason.WILD_DRAW_FOUR, events)
        if events is not None:
            events.append(TurnSkipped(victim))
        self._challenge = None
        self._pending = 0
        self._phase = PLAY
        self._current = self._next(victim)

    def _accept_stack(self, events: list[Event] | None) -> None:
        """H1-H3: draw the whole total (one card at a time under T4, H1c) and lose the turn."""
        victim = self._current
        total, self._pending = self._pending, 0
        if events is not None:
            events.append(StackAccepted(victim, total))
        rank = self._discard[-1].rank
        reason = DrawReason.DRAW_TWO if total == 2 and rank is DRAW_TWO else DrawReason.STACK
        self._draw_cards(victim, total, reason, events)
        if events is not None:
            events.append(TurnSkipped(victim))
        self._phase = PLAY
        self._current = self._next(victim)

    def _challenge_wild(self, events: list[Event] | None) -> None:
        """C1-C3."""
        assert self._challenge is not None
        challenger = self._current
        player, hand, color = self._challenge
        self._challenge = None
        self._pending = 0
        guilty = any(card.color is color for card in hand)  # C1: only the colour counts
        self._revealed.setdefault(challenger, {})[player] = hand
        if events is not None:
            events.append(ChallengeResolved(challenger, player, guilty, color, hand))
        self._phase = PLAY
        if guilty:  # C2: the colour stands; the challenger plays normally
            self._draw_cards(player, 4, DrawReason.CHALLENGE_GUILTY, events)
        else:  # C3
            self._draw_cards(challenger, 6, DrawReason.CHALLENGE_FAILED, events)
            if events is not None:
                events.append(TurnSkipped(challenger))
            self._current = self._next(challenger)

    def _choose_color(self, color: Color, events: list[Event] | None) -> None:
        chooser = self.decider
        self._color = color
        if events is not None:
            events.append(ColorChosen(chooser, color))
        then, self._then = self._then, None
        if then is _Then.START_COLOR:  # D5: the first player is already to move
            self._decider = None
            self._phase = PLAY
        else:  # I5: then play passes on normally
            self._pass_turn(chooser, events)

    def _choose_target(self, target: int, events: list[Event] | None) -> None:
        player = self._current
        then, self._then = self._then, None
        if then is _Then.SEVEN:  # H4; the 7's player is judged for UNO after the swap (H4b)
            self._swap_hands(player, target, events)
            self._pass_turn(player, events)
            return
        if events is not None:
            events.append(TargetChosen(player, target))
        self._draw_cards(target, 1, DrawReason.GREEN_SHELL, events)
        if not self._hands[player]:  # E2: the player went out with this Item Box
            self._finish(player, events)
            return
        self._pass_turn(player, events)

    def _say_uno(self, seat: int, events: list[Event] | None) -> None:
        self._check_seat(seat)
        if self._exposed is None:
            raise RulesError("Nobody needs to say UNO now.")
        if seat != self._exposed:
            raise RulesError(f"Only seat {self._exposed} can say UNO now.")
        self._exposed = None
        if events is not None:
            events.append(UnoSaid(seat, late=True))

    def _catch_uno(self, catcher: int, events: list[Event] | None) -> None:
        self._check_seat(catcher)
        victim = self._exposed
        if victim is None:
            raise RulesError("Nobody can be caught without UNO now.")
        if catcher == victim:
            raise RulesError("You can't catch yourself: say UNO instead.")
        self._exposed = None
        if events is not None:
            events.append(UnoCaught(catcher, victim))
        self._draw_cards(victim, 2, DrawReason.UNO_CAUGHT, events)


_HANDLERS: dict[type, Callable[[Round, Any, list[Event] | None], None]] = {
    Play: Round._apply_play,
    Draw: Round._apply_draw,
    Pass: Round._apply_pass,
    Accept: Round._apply_accept,
    Challenge: Round._apply_challenge,
    ChooseColor: Round._apply_choose_color,
    ChooseTarget: Round._apply_choose_target,
    SayUno: Round._apply_say_uno,
    CatchUno: Round._apply_catch_uno,
    JumpIn: Round._apply_jump_in,
}
_REACTION_HANDLERS = frozenset((Round._apply_say_uno, Round._apply_catch_uno, Round._apply_jump_in))
