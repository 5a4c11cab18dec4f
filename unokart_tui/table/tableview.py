"""What the table shows: a match turned into the widgets' data, and which keys do something now.

The game screen hands these values to its widgets, which only draw them. No Textual
here: the table's contents are tested without the interface (tests/ui/test_tableview.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from ..engine import (
    Card,
    CardPlayed,
    CardsDrawn,
    CardTurned,
    Color,
    Event,
    HouseRules,
    Item,
    JumpIn,
    Pass,
    Phase,
    Play,
    Round,
)
from ..glyphs import UNICODE, Glyphs
from ..rules_text import house_rules_tag
from ..voice import N_, _
from ..voice.banners import pending_short_words, pending_words
from ..voice.cards import hand_order
from ..voice.names import personality_name, shown_name
from ..voice.narration import Voice, how_it_went_out
from ..voice.notes import TableNotes


class MatchState(Protocol):
    """What the table reads of a match: a ``Match``, or a replay's position in one (``timeline.Position``)."""

    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def round(self) -> Round: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def rules(self) -> HouseRules: ...
    @property
    def target(self) -> int: ...


class LiveMatch(MatchState, Protocol):
    """A match being played: a ``Match``, or the table a seat of a shared one is shown (``friends.remote``)."""

    @property
    def is_over(self) -> bool: ...


class SeatLine(NamedTuple):
    """One player's line: who, how many cards, what they did last."""

    seat: int
    name: str
    kind: str  # "human" or the bot's personality
    cards: int
    score: int
    to_act: bool
    exposed: bool  # one card and no UNO: open to a catch
    you: bool
    last: str  # their last action, in a few words ("played R7", "drew 2 (+2)", "UNO!")
    next_up: bool = False  # the seat after the one to act, in the direction of play
    level: str = ""  # the bot's difficulty (its profile), "" for the player or a bot's own defaults
    glyphs: Glyphs = UNICODE
    said_uno: bool = False  # on one card, UNO said for it (U1): safe from a catch
    earlier: tuple[str, ...] = ()  # the seat's moves this round before its last, oldest first (the grand table's story)
    points_held: int | None = None  # what the player's own cards count (E3); None for every other seat
    # The player's own seat on the grand table (issue 34: its rows were blank): the hand's cards of each
    # colour, red, yellow, green, blue and wild; and the others close to going out, fewest cards first.
    colours: tuple[int, ...] = ()
    close_to_out: tuple[tuple[str, int], ...] = ()
    playable: tuple[Card, ...] | None = None  # at the player's decision, the cards that may go (twins each)
    before_you: int | None = None  # while another seat decides, how many play before the player's turn


class Standing(NamedTuple):
    """A seat's line on the scoreboard of a large table."""

    name: str
    score: int
    to_act: bool = False
    you: bool = False


class TableInfo(NamedTuple):
    top: Card
    color: Color | None
    direction: int
    draw_pile: int
    played_by: str  # who put the top card there, or "first card"
    item: Item | None  # the top card's item when it went off (turned by an Item Box), else None
    rules: str = "official"  # the house rules in a few words (HOUSE_RULES.md)
    pending: str = ""  # a stack waiting for its answer: "+6 to Peach — stack or take it" (H1-H3)
    pending_short: str = ""  # the same in fewer letters, where the long one does not fit: "+6 to Peach: stack or take"
    glyphs: Glyphs = UNICODE
    after_you: str = ""  # who plays after the player in the direction of play (D8): the same in either layout
    standings: tuple[Standing, ...] = ()  # the scoreboard: every seat, the leader first
    target: int = 0  # the score that wins the match


class HandState(NamedTuple):
    cards: tuple[Card, ...] = ()  # in display order
    playable: frozenset[int] = frozenset()  # display positions that can be played now
    cursor: int = 0
    title: str = N_("Your hand")  # looked up by whoever builds the state: every caller gives its own
    glyphs: Glyphs = UNICODE
    shorter: tuple[str, ...] = ()  # the title in fewer words, longest first: for a hand too narrow for it


STORY_LENGTH = 7  # a seat's last moves kept for its story: more than the tallest seat shows
CLOSE_TO_OUT = 2  # an opponent on this many cards or fewer is named on the player's own seat
COLOUR_ORDER = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE, None)


def seat_lines(
    match: MatchState,
    kinds: Sequence[str],
    notes: TableNotes,
    you: int,
    *,
    glyphs: Glyphs = UNICODE,
    levels: Sequence[str] = (),
) -> tuple[SeatLine, ...]:
    round_ = match.round
    turn = None if round_.is_over else round_.current  # a lost turn's note goes when the seat's turn comes
    sizes = [len(hand) for hand in round_.hands]
    after = None if round_.is_over else (round_.decider + round_.direction) % round_.num_players
    near = sorted((size, seat) for seat, size in enumerate(sizes) if seat != you and 0 < size <= CLOSE_TO_OUT)
    close = tuple((shown_name(match.names[seat]), size) for size, seat in near)
    may_go, waiting = None, None
    if not round_.is_over and round_.decider != you:
        waiting = (you - round_.decider) * round_.direction % round_.num_players
    if not round_.is_over and round_.decider == you and round_.phase in (Phase.PLAY, Phase.DRAWN, Phase.STACK):
        cards, playable, _drawn = hand_cards(match, you)
        # Every card, a twin too: counted once, two W+4 made "3 cards can go now" of four (found in play).
        may_go = tuple(cards[place] for place in sorted(playable))
    return tuple(
        SeatLine(
            seat=seat,
            name=shown_name(name),
            kind=kinds[seat],
            cards=sizes[seat],
            score=match.scores[seat],
            to_act=round_.decider == seat and not round_.is_over,
            exposed=round_.exposed == seat,
            you=seat == you,
            last=notes.last_move(seat, turn),
            next_up=seat == after,
            level=levels[seat] if seat < len(levels) else "",
            glyphs=glyphs,
            said_uno=seat in notes.said_uno and sizes[seat] == 1,
            earlier=notes.earlier(seat, turn, STORY_LENGTH),
            points_held=sum(card.points for card in round_.hands[seat]) if seat == you else None,
            colours=tuple(sum(c.color is colour for c in round_.hands[seat]) for colour in COLOUR_ORDER)
            if seat == you
            else (),
            close_to_out=close if seat == you else (),
            playable=may_go if seat == you else None,
            before_you=waiting if seat == you else None,
        )
        for seat, name in enumerate(match.names)
    )


def table_info(match: MatchState, notes: TableNotes, you: int, glyphs: Glyphs = UNICODE) -> TableInfo:
    round_ = match.round
    if notes.top_by is None:
        by = _("first card")
    elif notes.top_by == you:
        by = _("by you")
    else:
        by = _("by {name}").format(name=match.names[notes.top_by])
    pending = pending_short = ""
    if round_.phase is Phase.STACK:  # H1-H3
        voice = Voice(match.names, you, glyphs)
        stackable = can_stack(round_, you)
        pending = pending_words(round_.decider, round_.pending_draw, voice, can_stack=stackable)
        pending_short = pending_short_words(round_.decider, round_.pending_draw, voice, can_stack=stackable)
    return TableInfo(
        top=round_.top_card,
        color=round_.active_color,
        direction=round_.direction,
        draw_pile=len(round_.draw_pile),
        played_by=by,
        item=round_.top_card.item if notes.top_turned else None,
        rules=house_rules_tag(match.rules),
        pending=pending,
        pending_short=pending_short,
        glyphs=glyphs,
        after_you=match.names[(you + round_.direction) % len(match.names)],
        standings=standings(match, you),
        target=match.target,
    )


def standings(match: MatchState, you: int) -> tuple[Standing, ...]:
    """Every seat's score, the highest first; seats on equal scores in the order of play."""
    round_ = match.round
    rows = [
        Standing(shown_name(name), score, round_.decider == seat and not round_.is_over, seat == you)
        for seat, (name, score) in enumerate(zip(match.names, match.scores, strict=True))
    ]
    return tuple(sorted(rows, key=lambda row: -row.score))


def can_stack(round_: Round, you: int) -> bool:
    """Whether ``you`` may stack a card on the total waiting for them (H1-H3); True for another seat's."""
    if round_.phase is not Phase.STACK or round_.decider != you:
        return True
    return any(isinstance(action, Play) for action in round_.legal_actions())


def jump_in(match: MatchState, you: int) -> JumpIn | None:
    """The jump-in ``you`` may make now (H5), without UNO; None if there is none."""
    round_ = match.round
    return next((a for a in round_.reactions(you) if isinstance(a, JumpIn) and not a.uno), None)


def hand_cards(match: MatchState, you: int) -> tuple[tuple[Card, ...], frozenset[int], Card | None]:
    """The player's cards in display order, the positions of those they can play now, the card just drawn."""
    round_ = match.round
    hand = round_.hands[you]
    cards = tuple(hand[i] for i in hand_order(hand))
    if round_.is_over or round_.decider != you:
        return cards, frozenset(), None
    legal = {action.card for action in round_.legal_actions() if isinstance(action, Play)}
    return cards, frozenset(i for i, card in enumerate(cards) if card in legal), round_.drawn


def place_cursor(
    cards: tuple[Card, ...], playable: frozenset[int], cursor: int, *, drawn: Card | None, to_playable: bool
) -> int:
    """Where the cursor goes: on a card just drawn; at a turn's start on the nearest playable card.

    A coloured card before a wild one: found in play, the cursor landed on the Wild Item Box, where a
    quick second Enter threw it away.
    """
    if drawn is not None and drawn in cards:
        return max(i for i, card in enumerate(cards) if card == drawn)
    cursor = min(cursor, max(len(cards) - 1, 0))
    if not (to_playable and playable):
        return cursor
    coloured = [i for i in playable if not cards[i].is_wild]
    if cursor not in playable or (cards[cursor].is_wild and coloured):
        cursor = min(coloured or playable, key=lambda i: (abs(i - cursor), i))
    return cursor


class RoundSummary(NamedTuple):
    """The end of a round, for its dialog: who won, what they scored, what everyone else held (E3)."""

    winner: str
    points: int
    rows: tuple[tuple[str, tuple[Card, ...], int], ...]  # (name, cards, their worth) of each loser
    scores: str  # "Ann 120, Mario 35, ..."
    ending: str = ""  # "Luigi went out with B9, after Peach's B⇄."
    you_won: bool = False  # the winner is the reader: "You won the round", never a name with "won"


def sorted_hand(hand: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` in the order the player's own hand is shown: by colour, then by rank."""
    cards = tuple(hand)
    return tuple(cards[index] for index in hand_order(cards))


def round_summary(match: MatchState, you: int | None = None, glyphs: Glyphs = UNICODE) -> RoundSummary:
    """The round just ended, as ``you`` saw it (the player's seat: "You went out with…")."""
    round_ = match.round
    assert round_.winner is not None, "a round summary is for a round that is over"
    rows = tuple(
        (shown_name(match.names[seat]), sorted_hand(hand), sum(card.points for card in hand))
        for seat, hand in enumerate(round_.hands)
        if seat != round_.winner
    )
    scores = ", ".join(f"{shown_name(name)} {score}" for name, score in zip(match.names, match.scores, strict=True))
    # Without a seat of its own (a match's end, read alike by all), the seat with the default name is "you".
    voice = Voice(match.names, you, glyphs) if you is not None else Voice.by_default_name(match.names, glyphs)
    ending = how_it_went_out(round_.view(round_.winner).public_history, round_.winner, voice)
    winner = shown_name(match.names[round_.winner])
    return RoundSummary(winner, round_.points or 0, rows, scores, ending, voice.is_you(round_.winner))


def line_up(names: Sequence[str], kinds: Sequence[str], you: int) -> str:
    """Who sits at the table, in the order of play: "At the table: Mario (expert), Luigi (greedy) and you."."""
    seats = [
        _("{name} ({kind})").format(name=name, kind=personality_name(kind))
        for seat, (name, kind) in enumerate(zip(names, kinds, strict=True))
        if seat != you
    ]
    return _("At the table: {seats} and you.").format(seats=", ".join(seats))


def status(match: LiveMatch, you: int, *, thinking: bool, held: bool, kinds: Sequence[str] = ()) -> str:
    """The hand's title after "Your hand (n) —": what the game waits for.

    ``thinking``: a bot's move is on its way; ``held``: a dialog or another screen is over the table;
    ``kinds``: each seat's personality, named beside the bot to play (the only place a narrow table has for it).
    """
    round_ = match.round
    if match.is_over:
        return _("the match is over")
    if round_.is_over:
        return _("the round is over")
    if round_.exposed == you:
        return _("one card and no UNO: press u, quick!")
    if jump_in(match, you) is not None:
        return _("you hold the twin of the top card: j to jump in!")
    if round_.decider != you:
        if held:
            return _("play goes on when you close the dialog")
        name = match.names[round_.decider]
        if round_.decider < len(kinds):
            values = {"name": name, "kind": personality_name(kinds[round_.decider])}
            return (_("{name} ({kind}) is thinking…") if thinking else _("{name} ({kind}) to play")).format(**values)
        return (_("{name} is thinking…") if thinking else _("{name} to play")).format(name=name)
    if round_.phase is Phase.STACK:
        total = round_.pending_draw
        if any(isinstance(a, Play) for a in round_.legal_actions()):
            return _("+{total} to you: stack a card on it (enter) or take them (d)").format(total=total)
        return _("+{total} to you and nothing to stack: take them (d)").format(total=total)
    if round_.phase is Phase.DRAWN:
        if Pass() not in round_.legal_actions():  # H7
            return _("you must play the card you drew (enter)")
        return _("play the card you drew (enter) or keep it (p)")
    if round_.phase is Phase.PLAY:
        return _("your turn: play (enter) or draw (d)")
    return _("your decision")


# The table's keys whose use ``applies`` knows; any other name is a mistake, not a key that always works.
TABLE_KEYS = frozenset({"move", "play", "draw", "take", "keep", "jump", "catch", "uno", "fast"})


def applies(action: str, match: MatchState, you: int, *, fast: bool = False) -> bool:
    """Whether the table's key for ``action`` does something now (the key bar shows only those).

    A ``ValueError`` for a name not in ``TABLE_KEYS``: a key added to the table must say when it applies.
    """
    if action not in TABLE_KEYS:
        raise ValueError(f"the table has no key for {action!r} (it knows {', '.join(sorted(TABLE_KEYS))})")
    round_ = match.round
    my_turn = not round_.is_over and round_.decider == you
    phase = round_.phase
    if action == "play" and phase is Phase.STACK:  # H1-H3: only when a card of the hand may be stacked
        return my_turn and any(isinstance(a, Play) for a in round_.legal_actions())
    if action in ("move", "play"):
        return my_turn and phase in (Phase.PLAY, Phase.DRAWN, Phase.STACK)
    if action == "draw":
        return my_turn and phase is Phase.PLAY
    if action == "take":  # H1-H3
        return my_turn and phase is Phase.STACK
    if action == "keep":
        return my_turn and phase is Phase.DRAWN and Pass() in round_.legal_actions()  # H7
    if action == "jump":  # H5
        return jump_in(match, you) is not None
    if action == "catch":
        return round_.exposed is not None and round_.exposed != you
    if action == "uno":
        return not round_.is_over
    return not my_turn and not round_.is_over and not fast  # "fast": the bots' moves, until the player's turn


# ---------------------------------------------------------------------- the roomy table


class Seating(NamedTuple):
    """Where the opponents sit around the roomy table, as the seats' numbers.

    The player sits at the bottom. Play with direction 1 goes to the left (D8), so the
    seats run clockwise from there: up the left side (``left``, listed bottom to top),
    along the top (``top``, left to right), down the right side (``right``, top to bottom).
    """

    left: tuple[int, ...]
    top: tuple[int, ...]
    right: tuple[int, ...]


def seating(opponents: int) -> Seating:
    """Up to two opponents across the top; then one, and from seven on two, on each side."""
    side = 0 if opponents <= 2 else 1 if opponents <= 6 else 2
    seats = list(range(1, opponents + 1))
    return Seating(tuple(seats[:side]), tuple(seats[side : opponents - side]), tuple(seats[opponents - side :]))


class Motion(NamedTuple):
    """A card moving at the table, for the animation that shows it.

    ``kind``: "play" (from ``seat`` to the pile), "draw" (``cards`` cards from the pile
    to ``seat``) or "turn" (the Item Box turned ``card`` over on the pile). ``card`` is
    the face to show, ``None`` for a card only its owner may see (a back is shown).
    """

    kind: str
    seat: int
    card: Card | None
    cards: int = 1


def motions(events: Sequence[Event], you: int) -> tuple[Motion, ...]:
    """The cards that moved in one action's events, in order; each seat's draws counted as one move."""
    moved: list[Motion] = []
    drawn: dict[int, int] = {}  # seat -> index in moved of its draw
    for event in events:
        if isinstance(event, CardPlayed):
            moved.append(Motion("play", event.seat, event.card))
        elif isinstance(event, CardTurned):
            moved.append(Motion("turn", event.seat, event.card))
        elif isinstance(event, CardsDrawn) and event.cards:
            seen = event.cards[0] if event.seat == you else None
            if event.seat in drawn:
                earlier = moved[drawn[event.seat]]
                moved[drawn[event.seat]] = earlier._replace(cards=earlier.cards + len(event.cards))
            else:
                drawn[event.seat] = len(moved)
                moved.append(Motion("draw", event.seat, seen, len(event.cards)))
    return tuple(moved)
