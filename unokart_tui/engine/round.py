"""One round of UNO Mario Kart as a state machine (RULES.md D3-D9, T, A, I, C, U, E1-E3).

The decider asks for an action with ``legal_actions()``; ``apply(action)`` checks it
completely before it changes anything, so an illegal action leaves the round as it was.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .actions import (
    Accept,
    Action,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Draw,
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
    DrawReason,
    Event,
    ExtraTurn,
    PileReshuffled,
    PlayerExposed,
    RoundWon,
    StartCardReturned,
    StartCardTurned,
    TargetChosen,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
    WildDrawFourAccepted,
)
from .view import Phase, PlayerView

MIN_PLAYERS = 2  # D1
MAX_PLAYERS = 10
HAND_SIZE = 7  # D3


# Enum members cost a lookup of ~75 ns each on Python 3.11; the hot path uses these names.
PLAY, DRAWN, CHALLENGE, CHOOSE_COLOR, CHOOSE_TARGET, OVER = Phase
WILD_DRAW_FOUR, WILD_ITEM_BOX = Rank.WILD_DRAW_FOUR, Rank.WILD_ITEM_BOX
SKIP, REVERSE, DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
MUSHROOM, BANANA, GREEN_SHELL, LIGHTNING, BOB_OMB = Item


class _Then(enum.Enum):
    """What a pending colour or target choice finishes."""

    START_COLOR = "start"  # D5: the dealer's colour for an Item Box start card
    BOB_OMB = "bob-omb"  # I5
    GREEN_SHELL = "green shell"  # I3


def _plays_of(card: Card) -> tuple[tuple[Play, ...], tuple[Play, ...]]:
    """A card's plays, without UNO and (for a play that leaves one card) with and without (U1)."""
    colors: tuple[Color | None, ...] = tuple(Color) if card.rank is WILD_DRAW_FOUR else (None,)
    plain = tuple(Play(card, color) for color in colors)
    both = tuple(Play(card, color, uno) for color in colors for uno in (True, False))
    return plain, both


# Actions are values; reusing one object per value keeps legal_actions() cheap.
_PLAYS = {card._key: _plays_of(card) for card in DECK_COUNTS}
_DRAW, _PASS, _ACCEPT, _CHALLENGE = Draw(), Pass(), Accept(), Challenge()
_CHOOSE_COLORS = [ChooseColor(color) for color in Color]

_EXPECTED = {
    PLAY: "play a card or draw",
    DRAWN: "play the card just drawn or keep it",
    CHALLENGE: "accept the Wild Draw Four or challenge it",
    CHOOSE_COLOR: "choose a colour",
    CHOOSE_TARGET: "choose who the Green Shell hits",
    OVER: "the round is over",
}


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
        "_phase",
        "_points",
        "_revealed",
        "_rng",
        "_scores",
        "_then",
        "_uno",
        "_winner",
        "start_events",
    )

    def __init__(self, num_players: int, *, dealer: int, seed: int, scores: Sequence[int] | None) -> None:
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
        self.start_events: tuple[Event, ...] = ()

    # ------------------------------------------------------------------ constructors

    @classmethod
    def deal(cls, num_players: int, *, dealer: int, seed: int, scores: Sequence[int] | None = None) -> Round:
        """Shuffle, deal (D3), turn the start card (D4) and apply its effect (D5-D9)."""
        self = cls(num_players, dealer=dealer, seed=seed, scores=scores)
        deck = full_deck()
        self._rng.shuffle(deck)
        for _ in range(HAND_SIZE):
            for step in range(1, num_players + 1):
                self._hands[(dealer + step) % num_players].append(deck.pop())
        events: list[Event] = [CardsDealt(dealer, HAND_SIZE)]
        card = deck.pop()
        while card.rank is WILD_DRAW_FOUR:  # D4
            events.append(StartCardReturned(card))
            deck.append(card)
            self._rng.shuffle(deck)
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
        elif card.rank is DRAW_TWO:  # D7
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
    ) -> Round:
        """A position at the start of ``current``'s turn. ``draw_pile[0]`` is its top, ``discard[-1]`` the top card."""
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
            raise RulesError(f"hands must be a list with one list of cards for each seat, not {hands!r}")
        hands = list(hands)
        self = cls(len(hands), dealer=dealer, seed=seed, scores=scores)
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
        return self

    # ------------------------------------------------------------------ reading

    @property
    def num_players(self) -> int:
        return len(self._hands)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(hand) for hand in self._hands)

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

    @property
    def phase(self) -> Phase:
        return self._phase

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

    def view(self, seat: int) -> PlayerView:
        if type(seat) is not int or not 0 <= seat < len(self._hands):  # is_whole, written out: bots call it often
            raise RulesError(f"there is no seat {seat!r}")
        decider = self.decider
        return PlayerView(
            seat=seat,
            num_players=self.num_players,
            hand=tuple(self._hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            top_card=self._discard[-1],
            active_color=self._color,
            direction=self._direction,
            current=self._current,
            decider=decider,
            phase=self._phase,
            draw_pile_size=len(self._draw),
            discard=tuple(self._discard),
            exposed=self._exposed,
            scores=self._scores,
            revealed=dict(self._revealed.get(seat, {})),
            dealer=self._dealer,
            winner=self._winner,
            drawn=self._drawn if seat == decider else None,
            wild_draw_four=None if self._challenge is None else (self._challenge[0], self._challenge[2]),
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

    def legal_actions(self) -> list[Action]:
        """Every legal action of the decider now, in a fixed order (no SayUno / CatchUno)."""
        phase = self._phase
        if phase is PLAY:
            hand = self._hands[self._current]
            actions = self._plays(hand, len(hand) == 2)
            actions.append(_DRAW)
            return actions
        if phase is DRAWN:
            assert self._drawn is not None
            actions = self._plays((self._drawn,), len(self._hands[self._current]) == 2)
            actions.append(_PASS)
            return actions
        if phase is CHALLENGE:
            return [_ACCEPT, _CHALLENGE]
        if phase is CHOOSE_COLOR:
            return list(_CHOOSE_COLORS)
        if phase is CHOOSE_TARGET:
            return [ChooseTarget(seat) for seat in range(self.num_players) if seat != self._current]
        return []

    def _plays(self, cards: Iterable[Card], leaves_one: bool) -> list[Action]:
        actions: list[Action] = []
        # Each playable card once: a duplicate's bit is cleared when it is listed, without hashing.
        playable = self._follow_mask()
        which = 1 if leaves_one else 0
        for card in cards:
            key = card._key
            if playable >> key & 1:
                playable ^= 1 << key
                actions.extend(_PLAYS[key][which])
        return actions

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Apply the decider's ``action`` (or a SayUno/CatchUno from any seat) and say what happened."""
        if self._phase is OVER:
            raise RulesError("The round is over.")
        events: list[Event] = []
        if isinstance(action, Play):
            self._check_play(action)
            self._exposed = None  # U2: any other action ends the exposure
            self._play(action, events)
        elif isinstance(action, Draw):
            self._check_phase(PLAY, "draw")
            self._exposed = None
            self._take_draw(events)
        elif isinstance(action, Pass):
            self._check_phase(DRAWN, "keep a drawn card")
            self._exposed = None
            self._keep(events)
        elif isinstance(action, Accept):
            self._check_phase(CHALLENGE, "accept a Wild Draw Four")
            self._exposed = None
            self._accept(events)
        elif isinstance(action, Challenge):
            self._check_phase(CHALLENGE, "challenge")
            self._exposed = None
            self._challenge_wild(events)
        elif isinstance(action, ChooseColor):
            self._check_phase(CHOOSE_COLOR, "choose a colour")
            self._exposed = None
            self._choose_color(action.color, events)
        elif isinstance(action, ChooseTarget):
            self._check_phase(CHOOSE_TARGET, "choose a target")
            self._check_target(action.seat)
            self._exposed = None
            self._choose_target(action.seat, events)
        elif isinstance(action, SayUno):
            self._say_uno(action.seat, events)
        elif isinstance(action, CatchUno):
            self._catch_uno(action.seat, events)
        else:
            raise RulesError(f"{action!r} is not an action")
        return events

    # --- checks (raise before anything changes)

    def _check_phase(self, phase: Phase, doing: str) -> None:
        if self._phase is not phase:
            raise RulesError(f"You can't {doing} now: {_EXPECTED[self._phase]}.")

    def _check_play(self, action: Play) -> None:
        card = action.card
        if self._phase is DRAWN:
            if card != self._drawn:
                assert self._drawn is not None
                raise RulesError(f"You may only play the card you just drew ({self._drawn.name}), or keep it.")
        elif self._phase is not PLAY:
            raise RulesError(f"You can't play {card.name} now: {_EXPECTED[self._phase]}.")
        if card not in self._hands[self._current]:
            raise RulesError(f"You have no {card.name}.")
        if not self._follow_mask() >> card._key & 1:  # T1, T2
            top = self._discard[-1]
            assert self._color is not None
            wanted = f"{self._color.value}" if top.is_wild else f"{self._color.value} or {top.rank.label}"
            raise RulesError(f"{card.name} can't go on {top.name}: play {wanted}, or a wild card.")
        if card.rank is WILD_DRAW_FOUR:
            if not isinstance(action.color, Color):
                raise RulesError("A Wild Draw Four needs the colour to follow.")
        elif action.color is not None:
            raise RulesError(f"Only a Wild Draw Four names a colour as it is played, not {card.name}.")

    def _check_target(self, seat: int) -> None:
        self._check_seat(seat)
        if seat == self._current:
            raise RulesError("The Green Shell must hit an opponent, not yourself.")

    def _check_seat(self, seat: int) -> None:
        # The action checked that it is a whole number when it was made.
        if not 0 <= seat < len(self._hands):
            raise RulesError(f"There is no seat {seat}.")

    # --- helpers

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + self._direction * steps) % len(self._hands)

    def _reshuffle(self, events: list[Event]) -> None:
        """T4: every discard but the top card becomes the new draw pile."""
        if len(self._discard) <= 1:
            return
        pile = self._discard[:-1]
        del self._discard[:-1]
        self._rng.shuffle(pile)
        self._draw = pile
        events.append(PileReshuffled(len(pile)))

    def _draw_cards(self, seat: int, count: int, reason: DrawReason, events: list[Event]) -> tuple[Card, ...]:
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
        got = tuple(drawn)
        events.append(CardsDrawn(seat, got, reason, count))
        return got

    def _finish(self, seat: int, events: list[Event]) -> None:
        """E1, E3: ``seat`` went out and scores what the others hold."""
        self._winner = seat
        self._phase = OVER
        self._decider = None
        self._then = None
        self._uno = False
        self._challenge = None
        self._points = sum(card.points for other, hand in enumerate(self._hands) if other != seat for card in hand)
        events.append(RoundWon(seat, self._points))

    def _judge_uno(self, seat: int, events: list[Event]) -> None:
        """U1-U3: judged once the play has fully resolved."""
        said, self._uno = self._uno, False
        if len(self._hands[seat]) == 1:
            if said:
                events.append(UnoSaid(seat))
            else:
                self._exposed = seat
                events.append(PlayerExposed(seat))

    def _pass_turn(self, player: int, events: list[Event]) -> None:
        """The play of ``player`` is done: the next seat plays."""
        self._phase = PLAY
        self._current = self._next(player)
        self._judge_uno(player, events)

    # --- the actions

    def _play(self, action: Play, events: list[Event]) -> None:
        card = action.card
        player = self._current
        hand = self._hands[player]
        color_before = self._color
        hand.remove(card)
        self._discard.append(card)
        self._drawn = None
        self._uno = action.uno
        events.append(CardPlayed(player, card, action.color))
        out = not hand  # E1; E2 says which effects still happen
        rank = card.rank
        if rank is WILD_DRAW_FOUR:  # A4
            self._color = action.color
            victim = self._next(player)
            if out:  # E2: no challenge
                self._draw_cards(victim, 4, DrawReason.WILD_DRAW_FOUR, events)
                self._finish(player, events)
                return
            assert color_before is not None
            self._challenge = (player, tuple(hand), color_before)
            self._phase = CHALLENGE
            self._current = victim
            self._judge_uno(player, events)
            return
        if rank is WILD_ITEM_BOX:  # A5
            self._color = None
            self._item_box(player, out, events)
            return
        self._color = card.color
        if out:
            if rank is DRAW_TWO:  # E2
                self._draw_cards(self._next(player), 2, DrawReason.DRAW_TWO, events)
            self._finish(player, events)
            return
        self._phase = PLAY
        if rank is SKIP:  # A2
            skipped = self._next(player)
            events.append(TurnSkipped(skipped))
            self._current = self._next(skipped)
        elif rank is REVERSE:  # A3
            self._direction = -self._direction
            events.append(DirectionChanged(self._direction))
            if len(self._hands) == 2:  # A3 Decision: with two players Reverse acts as Skip
                events.append(ExtraTurn(player))
            else:
                self._current = self._next(player)
        elif rank is DRAW_TWO:  # A1
            victim = self._next(player)
            self._draw_cards(victim, 2, DrawReason.DRAW_TWO, events)
            events.append(TurnSkipped(victim))
            self._current = self._next(victim)
        else:
            self._current = self._next(player)
        self._judge_uno(player, events)

    def _item_box(self, player: int, out: bool, events: list[Event]) -> None:
        """A5: turn the top of the draw pile; its item (not its action) happens (I1-I5)."""
        if not self._draw:
            # T4. The card the Item Box covers is always reshuffled, so there is always a card
            # to turn: A5's "nothing can be turned" Decision cannot arise here.
            self._reshuffle(events)
        turned = self._draw.pop()
        self._discard.append(turned)
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
            events.append(ExtraTurn(player))
            self._phase = PLAY
            self._judge_uno(player, events)
        elif item is BANANA:  # I2 Decision: the previous seat in the current direction
            self._draw_cards(self._next(player, -1), 2, DrawReason.BANANA, events)
            if out:
                self._finish(player, events)
                return
            self._pass_turn(player, events)
        elif item is GREEN_SHELL:  # I3
            if len(self._hands) == 2:
                target = self._next(player)
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
            events.append(ExtraTurn(player))
            self._phase = PLAY
            self._judge_uno(player, events)

    def _take_draw(self, events: list[Event]) -> None:
        """T3: draw one; a playable card may be played at once, otherwise the turn ends."""
        player = self._current
        drawn = self._draw_cards(player, 1, DrawReason.CHOICE, events)
        if drawn and self._follow_mask() >> drawn[0]._key & 1:
            self._phase = DRAWN
            self._drawn = drawn[0]
        else:  # T3, T4: nothing playable (or nothing drawn): the turn ends
            self._current = self._next(player)

    def _keep(self, events: list[Event]) -> None:
        player = self._current
        events.append(DrawnCardKept(player))
        self._drawn = None
        self._phase = PLAY
        self._current = self._next(player)

    def _accept(self, events: list[Event]) -> None:
        victim = self._current
        events.append(WildDrawFourAccepted(victim))
        self._draw_cards(victim, 4, DrawReason.WILD_DRAW_FOUR, events)
        events.append(TurnSkipped(victim))
        self._challenge = None
        self._phase = PLAY
        self._current = self._next(victim)

    def _challenge_wild(self, events: list[Event]) -> None:
        """C1-C3."""
        assert self._challenge is not None
        challenger = self._current
        player, hand, color = self._challenge
        self._challenge = None
        guilty = any(card.color is color for card in hand)  # C1: only the colour counts
        self._revealed.setdefault(challenger, {})[player] = hand
        events.append(ChallengeResolved(challenger, player, guilty, color, hand))
        self._phase = PLAY
        if guilty:  # C2: the colour stands; the challenger plays normally
            self._draw_cards(player, 4, DrawReason.CHALLENGE_GUILTY, events)
        else:  # C3
            self._draw_cards(challenger, 6, DrawReason.CHALLENGE_FAILED, events)
            events.append(TurnSkipped(challenger))
            self._current = self._next(challenger)

    def _choose_color(self, color: Color, events: list[Event]) -> None:
        chooser = self.decider
        self._color = color
        events.append(ColorChosen(chooser, color))
        then, self._then = self._then, None
        if then is _Then.START_COLOR:  # D5: the first player is already to move
            self._decider = None
            self._phase = PLAY
        else:  # I5: then play passes on normally
            self._pass_turn(chooser, events)

    def _choose_target(self, target: int, events: list[Event]) -> None:
        player = self._current
        self._then = None
        events.append(TargetChosen(player, target))
        self._draw_cards(target, 1, DrawReason.GREEN_SHELL, events)
        if not self._hands[player]:  # E2: the player went out with this Item Box
            self._finish(player, events)
            return
        self._pass_turn(player, events)

    def _say_uno(self, seat: int, events: list[Event]) -> None:
        self._check_seat(seat)
        if self._exposed is None:
            raise RulesError("Nobody needs to say UNO now.")
        if seat != self._exposed:
            raise RulesError(f"Only seat {self._exposed} can say UNO now.")
        self._exposed = None
        events.append(UnoSaid(seat, late=True))

    def _catch_uno(self, catcher: int, events: list[Event]) -> None:
        self._check_seat(catcher)
        victim = self._exposed
        if victim is None:
            raise RulesError("Nobody can be caught without UNO now.")
        if catcher == victim:
            raise RulesError("You can't catch yourself: say UNO instead.")
        self._exposed = None
        events.append(UnoCaught(catcher, victim))
        self._draw_cards(victim, 2, DrawReason.UNO_CAUGHT, events)
