"""What each seat did last, in a few words beside its name: "played R7", "drew 2 (+2)", "UNO!".

Each note is looked up whole; a seat named in a note is "you" when it is the player's (the seat
with the default name "You": the notes are the same for every reader of a table). The player's own
seat has notes of its own, in a context of their own: its row reads *Ty 7 voliš modrú*, and Slovak
needs the second person there (found in play: *Ty 7 volí modrú*, a third-person verb after *Ty*).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from unokart_tui.engine import (
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    ColorChosen,
    DealerChosen,
    DrawnCardKept,
    DrawReason,
    Event,
    HandsPassed,
    HandsSwapped,
    Item,
    JumpedIn,
    Rank,
    RoundWon,
    StartCardTurned,
    TargetChosen,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
)

from ..glyphs import UNICODE, WORDS, Glyphs
from . import NC_, _, ngettext, npgettext, pgettext
from . import pgettext as looked_up  # a marked message looked up later (see cards.py)
from .cards import color_letter, color_word, draw_reason, item_label, long, short
from .speaker import Voice

# A forced draw on a seat's line, in a few letters ("drew 2 (+2)"); the items' draws show the item's symbol.
DRAW_WHY = {
    DrawReason.DRAW_TWO: NC_("why drawn, in a few letters", "(+2)"),
    DrawReason.WILD_DRAW_FOUR: NC_("why drawn, in a few letters", "(+4)"),
    DrawReason.CHALLENGE_GUILTY: NC_("why drawn, in a few letters", "(bluff)"),
    DrawReason.CHALLENGE_FAILED: NC_("why drawn, in a few letters", "(challenge)"),
    DrawReason.UNO_CAUGHT: NC_("why drawn, in a few letters", "(caught)"),
    DrawReason.STACK: NC_("why drawn, in a few letters", "(stack)"),  # H1-H3
}
ITEM_DRAWS = {
    DrawReason.BANANA: Item.BANANA,
    DrawReason.GREEN_SHELL: Item.GREEN_SHELL,
    DrawReason.LIGHTNING: Item.LIGHTNING,
    DrawReason.BOB_OMB: Item.BOB_OMB,
}


def draw_why(reason: DrawReason, glyphs: Glyphs) -> str:
    item = ITEM_DRAWS.get(reason)
    if item is not None and glyphs.items[item]:
        return glyphs.items[item]
    if item is not None:  # a set without symbols (line mode's): the item in words
        return _("({reason})").format(reason=draw_reason(reason))
    why = DRAW_WHY.get(reason)
    if why is None:
        return _("({reason})").format(reason=draw_reason(reason))
    return looked_up("why drawn, in a few letters", why)


class TableNotes:
    """What the table remembers of the round: each seat's last action, who put the top card there."""

    def __init__(self, seats: int, glyphs: Glyphs = UNICODE) -> None:
        self.glyphs = glyphs  # how the last moves write cards and items
        self.last = [""] * seats
        self.top_by: int | None = None  # None: the first card of the round
        self.top_turned = False  # turned by an Item Box: its item went off
        # U1: the seats on one card that said UNO for it. Kept apart from the last move: found in
        # play, "Luigi 1 skipped" hid that Luigi had called UNO, and nobody could tell he was safe.
        self.said_uno: set[int] = set()
        self.story: list[list[str]] = [[] for _ in range(seats)]  # each seat's moves this round, its last one last
        self.actions = 0  # the actions read so far (``record``)
        # The seats whose note says they lost a turn (skipped, passed over by a jump-in), with the action that said
        # it and the note: it is news only until the seat's turn comes again (``last_move``).
        self._lost_turn: dict[int, tuple[int, str]] = {}

    def new_round(self) -> None:
        self.last = [""] * len(self.last)
        self.story = [[] for _ in self.last]
        self.top_by, self.top_turned = None, False
        self.said_uno = set()
        self._lost_turn = {}

    def last_move(self, seat: int, turn: int | None) -> str:
        """``seat``'s note while it is ``turn``'s turn (None: nobody's, the round is over).

        A lost turn is news until the seat's turn comes again, then it is gone. Found in the Slovak
        playtest: the player's row still read *stojíš kvôli hráčovi …* ("skipped by …") from an earlier
        turn while their hand said it was their turn. A turn that comes right after the action that
        cost it (two players, a jump-in) still shows why.
        """
        if seat == turn and self._stale(seat):
            return ""
        return self.last[seat]

    def earlier(self, seat: int, turn: int | None, length: int) -> tuple[str, ...]:
        """The notes before ``seat``'s ``last_move``, at most ``length - 1``; a lost turn gone from it stays here."""
        story = self.story[seat]
        if seat == turn and self._stale(seat):
            return tuple(story[-(length - 1) :]) if length > 1 else ()
        return tuple(story[-length:-1])

    def _stale(self, seat: int) -> bool:
        lost = self._lost_turn.get(seat)
        return lost is not None and lost[0] < self.actions and lost[1] == self.last[seat]

    def record(self, events: Iterable[Event], names: Sequence[str]) -> None:
        """Read one action's events (or a round's start)."""
        self.actions += 1
        touched: set[int] = set()  # a seat's line already written by this action
        passed_over: set[int] = set()  # and written only by a jump-in's passing over (H5)
        voice = Voice.by_default_name(names, self.glyphs)

        def note(seat: int, words: str) -> None:
            self.last[seat] = words
            touched.add(seat)
            passed_over.discard(seat)

        def lost_turn(seat: int, words: str) -> None:
            note(seat, words)
            self._lost_turn[seat] = (self.actions, words)

        played_by: int | None = None  # who played the card of this action, that a lost turn is owed to

        def mine(seat: int, theirs: str, own: str) -> str:
            """``own`` (the second person's words) on the player's row, ``theirs`` on another's."""
            return own if voice.is_you(seat) else theirs

        for event in events:
            if isinstance(event, (DealerChosen, CardsDealt)):
                self.new_round()
                note(
                    event.dealer,
                    mine(event.dealer, _("dealt"), pgettext("your own seat's last move (you did it)", "dealt")),
                )
            elif isinstance(event, StartCardTurned):
                self.top_by, self.top_turned = None, False
            elif isinstance(event, CardPlayed):
                # Line mode's words name a card in words: a code is typed, and only said in brackets.
                card = long(event.card) if self.glyphs is WORDS else short(event.card, self.glyphs)
                if event.color is None:
                    played = mine(
                        event.seat,
                        _("played {card}"),
                        pgettext("your own seat's last move (you did it)", "played {card}"),
                    )
                else:
                    played = mine(
                        event.seat,
                        _("played {card} {colour}"),
                        pgettext("your own seat's last move (you did it)", "played {card} {colour}"),
                    )
                note(event.seat, played.format(card=card, colour=color_word(event.color) if event.color else ""))
                self.top_by, self.top_turned = event.seat, False
                played_by = event.seat
            elif isinstance(event, CardTurned):
                item = event.card.item
                box = color_letter(None) + self.glyphs.ranks[Rank.WILD_ITEM_BOX]
                if self.glyphs.items[item]:
                    note(event.seat, f"{box} {self.glyphs.items[item]} {item_label(item)}")
                else:  # line mode: no code out of brackets, no symbol read out as punctuation
                    note(event.seat, _("Item Box, {item}").format(item=item_label(item)))
                self.top_by, self.top_turned = event.seat, True
            elif isinstance(event, CardsDrawn):
                if event.cards:
                    self.said_uno.discard(event.seat)  # more than one card again
                if event.reason is DrawReason.BOB_OMB:
                    continue  # the seat's line already says Bob-omb
                count = len(event.cards)
                if event.reason is DrawReason.CHOICE and count:
                    note(
                        event.seat,
                        mine(
                            event.seat,
                            _("drew a card"),
                            pgettext("your own seat's last move (you did it)", "drew a card"),
                        ),
                    )
                elif event.reason is DrawReason.CHOICE:
                    note(
                        event.seat,
                        mine(
                            event.seat,
                            _("drew nothing"),
                            pgettext("your own seat's last move (you did it)", "drew nothing"),
                        ),
                    )
                else:
                    why = draw_why(event.reason, self.glyphs)
                    drew = mine(
                        event.seat,
                        ngettext("drew {count} {why}", "drew {count} {why}", count),
                        npgettext(
                            "your own seat's last move (you did it)", "drew {count} {why}", "drew {count} {why}", count
                        ),
                    )
                    note(event.seat, drew.format(count=count, why=why))
            elif isinstance(event, DrawnCardKept):
                note(
                    event.seat,
                    mine(
                        event.seat,
                        _("drew, kept it"),
                        pgettext("your own seat's last move (you did it)", "drew, kept it"),
                    ),
                )
            elif isinstance(event, TurnSkipped) and (event.seat not in touched or event.seat in passed_over):
                # Found in play: after taking a +2 the player's row said "skipped", and they took it for
                # the +2; it was a Skip played on them later. The row names who made them lose the turn.
                # A seat a jump-in passed over and its Skip then skipped reads the later, truer "skipped by".
                lost_turn(event.seat, _lost_turn_to(played_by, event.seat, voice))
            elif isinstance(event, JumpedIn):  # H5: the seats it passes over lose their turn to it
                for seat in event.passed:
                    if seat not in touched:
                        lost_turn(seat, _passed_over_by(event.seat, seat, voice))
                        passed_over.add(seat)
            elif isinstance(event, ColorChosen) and event.seat not in touched:
                chose = mine(
                    event.seat,
                    _("chose {colour}"),
                    pgettext("your own seat's last move (you did it)", "chose {colour}"),
                )
                note(event.seat, chose.format(colour=color_word(event.color)))
            elif isinstance(event, TargetChosen):
                icon = self.glyphs.items[Item.GREEN_SHELL] or item_label(Item.GREEN_SHELL)
                if voice.is_you(event.target):
                    note(event.seat, _("{icon} hit you").format(icon=icon))
                else:
                    hit = mine(
                        event.seat,
                        _("{icon} hit {name}"),
                        pgettext("your own seat's last move (you did it)", "{icon} hit {name}"),
                    )
                    note(event.seat, hit.format(icon=icon, name=voice.name(event.target)))
            elif isinstance(event, ChallengeResolved):
                if event.guilty:
                    won = mine(
                        event.challenger,
                        _("challenged: won"),
                        pgettext("your own seat's last move (you did it)", "challenged: won"),
                    )
                    note(event.challenger, won)
                else:
                    lost = mine(
                        event.challenger,
                        _("challenged: lost"),
                        pgettext("your own seat's last move (you did it)", "challenged: lost"),
                    )
                    note(event.challenger, lost)
            elif isinstance(event, UnoSaid):
                note(event.seat, _("UNO! (late)") if event.late else _("UNO!"))
                self.said_uno.add(event.seat)
            elif isinstance(event, UnoCaught):
                if voice.is_you(event.seat):
                    note(event.catcher, _("caught you"))
                else:
                    caught = mine(
                        event.catcher,
                        _("caught {name}"),
                        pgettext("your own seat's last move (you did it)", "caught {name}"),
                    )
                    note(event.catcher, caught.format(name=voice.name(event.seat)))
            elif isinstance(event, RoundWon):
                note(
                    event.seat,
                    mine(
                        event.seat,
                        _("won the round"),
                        pgettext("your own seat's last move (you did it)", "won the round"),
                    ),
                )
            elif isinstance(event, HandsSwapped):  # H4
                self.said_uno -= {event.seat, event.other}  # UNO was said for a hand that has moved
                note(event.seat, _swapped_with(event.seat, event.other, voice))
                touched.add(event.other)
                self.last[event.other] = _swapped_with(event.other, event.seat, voice)
            elif isinstance(event, HandsPassed):  # H4: found in play, a seat's "UNO!" stayed with a hand now elsewhere
                self.said_uno = set()
                for seat in range(len(self.last)):
                    if seat != event.seat:
                        note(seat, _("hand passed on"))
        for seat in sorted(touched):  # an action's moves are one step of the seat's story: what its line says after it
            self.story[seat].append(self.last[seat])


def _lost_turn_to(player: int | None, seat: int, voice: Voice) -> str:
    """The note of ``seat``, which lost its turn to what ``player`` played (None: nobody's card)."""
    own = voice.is_you(seat)
    if player is None or player == seat:
        return pgettext("your own seat's last move (you did it)", "skipped") if own else _("skipped")
    if voice.is_you(player):
        return _("skipped by you")
    words = pgettext("your own seat's last move (you did it)", "skipped by {name}") if own else _("skipped by {name}")
    return words.format(name=voice.name(player))


def _passed_over_by(jumper: int, seat: int, voice: Voice) -> str:
    """The note of ``seat``, passed over by ``jumper``'s jump-in (H5)."""
    if voice.is_you(jumper):
        return _("passed over by you")
    words = (
        pgettext("your own seat's last move (you did it)", "passed over by {name}")
        if voice.is_you(seat)
        else _("passed over by {name}")
    )
    return words.format(name=voice.name(jumper))


def _swapped_with(owner: int, seat: int, voice: Voice) -> str:
    """The note of ``owner``, whose hand went to ``seat``."""
    if voice.is_you(seat):
        return _("swapped with you")
    if voice.is_you(owner):
        return pgettext("your own seat's last move (you did it)", "swapped with {name}").format(name=voice.name(seat))
    return _("swapped with {name}").format(name=voice.name(seat))
