"""Words for what happens at the table: log lines, banners, each seat's last action.

Cards are written as ``widgets/cardface.py`` writes them everywhere on screen, items
with the symbols of the player's glyph set (``glyphs.py``). No Textual here: everything
is built and tested without the interface.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .engine import (
    Action,
    Card,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    ColorChosen,
    DealerChosen,
    Draw,
    DrawnCardKept,
    DrawPending,
    DrawReason,
    Event,
    ExtraTurn,
    HandsPassed,
    HandsSwapped,
    Item,
    JumpedIn,
    JumpIn,
    Match,
    MatchWon,
    Pass,
    Phase,
    Play,
    PlayerExposed,
    Rank,
    Round,
    RoundWon,
    StackAccepted,
    StartCardTurned,
    TargetChosen,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
)
from .glyphs import UNICODE, Glyphs
from .timeline import play_again
from .widgets.cardface import COLOR_CLASS, color_class, hand_order, long, short

# A forced draw on a seat's line, in a few letters ("drew 2 (+2)"); the items' draws show the item's symbol.
DRAW_WHY = {
    DrawReason.DRAW_TWO: "(+2)",
    DrawReason.WILD_DRAW_FOUR: "(+4)",
    DrawReason.CHALLENGE_GUILTY: "(bluff)",
    DrawReason.CHALLENGE_FAILED: "(challenge)",
    DrawReason.UNO_CAUGHT: "(caught)",
    DrawReason.STACK: "(stack)",  # H1-H3
}
ITEM_DRAWS = {
    DrawReason.BANANA: Item.BANANA,
    DrawReason.GREEN_SHELL: Item.GREEN_SHELL,
    DrawReason.LIGHTNING: Item.LIGHTNING,
    DrawReason.BOB_OMB: Item.BOB_OMB,
}


def draw_why(reason: DrawReason, glyphs: Glyphs) -> str:
    item = ITEM_DRAWS.get(reason)
    return glyphs.items[item] if item is not None else DRAW_WHY.get(reason, f"({reason.value})")


class Voice:
    """Names the seats of one match, the reader's own seat as "you"; writes cards and items in ``glyphs``."""

    def __init__(self, names: Sequence[str], you: int | None, glyphs: Glyphs = UNICODE) -> None:
        self.names, self.you, self.glyphs = names, you, glyphs

    def icon(self, item: Item) -> str:
        return self.glyphs.items[item]

    def card(self, card: Card) -> str:
        return short(card, self.glyphs)

    def who(self, seat: int) -> str:
        return "You" if seat == self.you else self.names[seat]

    def whom(self, seat: int) -> str:
        return "you" if seat == self.you else self.names[seat]

    def whose(self, seat: int) -> str:
        return "Your" if seat == self.you else f"{self.names[seat]}'s"

    def verb(self, seat: int, third: str, second: str) -> str:
        return f"{self.who(seat)} {second if seat == self.you else third}"

    def object_verb(self, seat: int, third: str, second: str) -> str:
        return f"{self.whom(seat)} {second if seat == self.you else third}"


# ---------------------------------------------------------------------- the log


class LogLine(NamedTuple):
    text: str
    style: str = ""  # a Rich style
    # Words that name a card or a colour, each with the card face it is painted as ("red"... "wild"):
    # the log shows them in the theme's card colours, as the table does (a colour-blind theme included).
    faces: tuple[tuple[str, str], ...] = ()

    @property
    def plain(self) -> str:
        """The words alone, as a Rich ``Text``'s: a log holds both."""
        return self.text


def log_line(event: Event, voice: Voice, *, can_stack: bool = True) -> LogLine:
    """One line of the game log for ``event`` (``can_stack``: as for ``banner``)."""
    if isinstance(event, (RoundWon, MatchWon)):
        return LogLine("★ " + event.describe(voice.names, you=voice.you), "bold reverse")
    style = "bold" if isinstance(event, (PlayerExposed, UnoCaught, JumpedIn, DrawPending)) else ""
    if isinstance(event, DrawPending) and event.seat == voice.you and not can_stack:
        return LogLine(f"· {pending_words(event.seat, event.total, voice, can_stack=False)}.", style)
    return LogLine("· " + _sentence(event, voice), style, _faces(event))


def _faces(event: Event) -> tuple[tuple[str, str], ...]:
    """The card an event names and the colour it calls, as ``LogLine.faces`` has them."""
    faces: list[tuple[str, str]] = []
    if isinstance(event, (CardPlayed, StartCardTurned, CardTurned, JumpedIn)):
        faces.append((long(event.card), color_class(event.card)))
    if isinstance(event, (CardPlayed, ColorChosen)) and event.color is not None:
        faces.append((event.color.value, COLOR_CLASS[event.color]))
    return tuple(faces)


def _sentence(event: Event, voice: Voice) -> str:
    """The engine's sentence, except where it lists cards: those are written as on the table."""
    if isinstance(event, DealerChosen):
        # D2: every round of draws, each tie's too (found in play: "after a tie" showed no tie).
        rounds = [", ".join(f"{voice.whom(seat)} {voice.card(card)}" for seat, card in draws) for draws in event.draws]
        drawn = "; a tie, drawn again: ".join(rounds)
        return f"Cards drawn for the deal ({drawn}): {voice.verb(event.dealer, 'deals', 'deal')}."
    if isinstance(event, StartCardTurned):
        return f"The first card is {long(event.card)}."
    if isinstance(event, CardTurned):
        item = event.card.item
        return f"{voice.whose(event.seat)} Item Box turns {long(event.card)}: {voice.icon(item)} {item.label}!"
    if isinstance(event, CardsDrawn) and event.reason is DrawReason.CHOICE and len(event.cards) > 1:
        # H6: only drawing until a card goes draws more than one by choice. Found in play: "Peach draws
        # 8 cards." said nothing of the house rule that made it so.
        if event.seat == voice.you:
            drawn = ", ".join(voice.card(card) for card in event.cards)
            return f"You draw {drawn}, one at a time until one can be played (house rule: draw until playable)."
        return (
            f"{voice.names[event.seat]} draws {len(event.cards)} cards, one at a time until one can be played "
            "(house rule: draw until playable)."
        )
    if isinstance(event, CardsDrawn) and event.seat == voice.you and event.cards:
        text = f"You draw {', '.join(voice.card(card) for card in event.cards)}"
        if event.reason is not DrawReason.CHOICE:
            text += f" ({event.reason.value})"
        if len(event.cards) < event.wanted:
            text += f" — only {len(event.cards)} of {event.wanted} could be drawn"
        return text + "."
    if isinstance(event, JumpedIn):  # H5: the play itself is the next line
        return f"{voice.verb(event.seat, 'jumps', 'jump')} in, out of turn!"
    if isinstance(event, ChallengeResolved) and event.challenger == voice.you:
        held = "held" if event.guilty else "held no"
        # In the order of the player's own hand, as the dialog that shows it (found in play: two orders).
        shown = "  ".join(voice.card(event.hand[index]) for index in hand_order(event.hand)) or "nothing"
        whose = voice.whose(event.challenged)
        return (
            f"You challenge {whose} Wild Draw Four: {'guilty' if event.guilty else 'not guilty'} — "
            f"{voice.whom(event.challenged)} {held} {event.color.value} (hand: {shown})."
        )
    return event.describe(voice.names, you=voice.you)


def must_play_line(events: Sequence[Event], round_: Round, voice: Voice) -> LogLine | None:
    """H7: the line after a draw whose card must now be played (``round_``: the round just after ``events``).

    Found in play: "You draw B7. You play Blue 7." with no word of the house rule that left no choice.
    """
    if not round_.rules.must_play_drawn or round_.phase is not Phase.DRAWN or round_.drawn is None:
        return None
    if not any(isinstance(event, CardsDrawn) and event.reason is DrawReason.CHOICE for event in events):
        return None
    if Pass() in round_.legal_actions():  # H7a: a drawn Wild Item Box may be kept
        return None
    seat = round_.decider
    if seat == voice.you:
        text = f"You must play the {voice.card(round_.drawn)} you drew (house rule: a playable card drawn is played)."
    else:
        text = f"{voice.names[seat]} must play the card just drawn (house rule: a playable card drawn is played)."
    return LogLine("· " + text, "italic")


# ---------------------------------------------------------------------- banners


class Banner(NamedTuple):
    """One line worth stopping for: an Item Box, a challenge, a catch, a forgotten UNO, a win, a house rule."""

    text: str
    kind: str  # "item", "challenge", "catch", "exposed", "win" or "house": how it is drawn


def banner(events: Sequence[Event], voice: Voice, *, can_stack: bool = True) -> Banner | None:
    """The banner for one action's events, or None; the weightiest event wins.

    ``can_stack``: whether the reader may stack on a total passed to them (H1-H3).
    """
    for event in events:
        if isinstance(event, MatchWon):
            return Banner(f"★ {voice.verb(event.seat, 'wins', 'win')} the match with {event.score} points!", "win")
    for event in events:
        if isinstance(event, RoundWon):
            return Banner(f"★ {voice.verb(event.seat, 'wins', 'win')} the round: +{event.points} points", "win")
    for event in events:
        if isinstance(event, ChallengeResolved):
            return _challenge(event, voice)
        if isinstance(event, UnoCaught):
            return Banner(
                f"Caught! {voice.verb(event.catcher, 'catches', 'catch')} {voice.whom(event.seat)} without UNO: "
                f"{voice.object_verb(event.seat, 'draws', 'draw')} 2",
                "catch",
            )
        if isinstance(event, CardTurned):
            return Banner(_item_words(event, events, voice), "item")
        if isinstance(event, TargetChosen):
            return Banner(
                f"{voice.icon(Item.GREEN_SHELL)} Green Shell — {voice.object_verb(event.seat, 'hits', 'hit')} "
                f"{voice.whom(event.target)}: {voice.object_verb(event.target, 'draws', 'draw')} 1",
                "item",
            )
    house = _house_banner(events, voice, can_stack=can_stack)
    if house is not None:
        return house
    for event in events:
        if isinstance(event, PlayerExposed):
            if event.seat == voice.you:
                return Banner("You forgot to say UNO! Press u before someone catches you", "exposed")
            return Banner(f"{voice.names[event.seat]} forgot to say UNO! Press c to catch them", "exposed")
    return None


def pending_words(seat: int, total: int, voice: Voice, *, can_stack: bool = True) -> str:
    """A stack waiting for ``seat``'s answer (H1-H3); ``can_stack``: whether the reader, if it is theirs, may stack.

    Found in play: "+8 to you — stack or take it" with nothing in the hand to stack.
    """
    if seat == voice.you and not can_stack:
        return f"+{total} to you and nothing to stack: take them"
    return f"+{total} to {voice.whom(seat)} — stack or take it"


def _house_banner(events: Sequence[Event], voice: Voice, *, can_stack: bool = True) -> Banner | None:
    """What a house rule did (HOUSE_RULES.md): a jump-in, a stack passed on or taken, hands swapped, a long draw."""
    for event in events:
        if isinstance(event, CardsDrawn) and event.reason is DrawReason.CHOICE and len(event.cards) > 1:  # H6
            draws = voice.verb(event.seat, "draws", "draw")
            return Banner(f"Draw until playable — {draws} {len(event.cards)} cards", "house")
        if isinstance(event, JumpedIn):  # H5
            return Banner(f"Jump-in! {voice.verb(event.seat, 'jumps', 'jump')} in with {short(event.card)}", "house")
        if isinstance(event, DrawPending):  # H1-H3
            return Banner(pending_words(event.seat, event.total, voice, can_stack=can_stack), "house")
        if isinstance(event, StackAccepted):
            return Banner(f"{voice.verb(event.seat, 'takes', 'take')} the {event.total}", "house")
        if isinstance(event, HandsSwapped):  # H4
            swaps = voice.verb(event.seat, "swaps", "swap")
            return Banner(f"7 — {swaps} hands with {voice.whom(event.other)}", "house")
        if isinstance(event, HandsPassed):
            way = "left" if event.direction == 1 else "right"
            return Banner(f"0 — every hand moves one seat {way}", "house")
    return None


def _challenge(event: ChallengeResolved, voice: Voice) -> Banner:
    # Whose challenge, by name: "Challenge lost" read as the reader's loss when the reader was challenged.
    challenged, challenge = voice.whom(event.challenged), voice.whose(event.challenger)
    if event.guilty:
        return Banner(
            f"{challenge} challenge wins: {challenged} bluffed (held {event.color.value}) — "
            f"{voice.object_verb(event.challenged, 'draws', 'draw')} 4",
            "challenge",
        )
    return Banner(
        f"{challenge} challenge fails: {challenged} held no {event.color.value} — "
        f"{voice.object_verb(event.challenger, 'draws', 'draw')} 6",
        "challenge",
    )


def _item_words(turned: CardTurned, events: Sequence[Event], voice: Voice) -> str:
    """``Peach's Item Box: B5 ⚡ Lightning — everyone else draws 1, Peach goes again``."""
    item, seat = turned.card.item, turned.seat
    head = f"{voice.whose(seat)} Item Box: {voice.card(turned.card)} {voice.icon(item)} {item.label}"
    again = any(isinstance(e, ExtraTurn) and e.seat == seat for e in events)
    drawn = {e.seat: len(e.cards) for e in events if isinstance(e, CardsDrawn)}
    target = next((e.target for e in events if isinstance(e, TargetChosen)), None)
    if item is Item.MUSHROOM:
        what = f"{voice.object_verb(seat, 'goes', 'go')} again" if again else "no extra turn for the winner"
    elif item is Item.BANANA:
        victim = next((s for s in drawn if s != seat), None)
        what = "nobody behind" if victim is None else f"{voice.object_verb(victim, 'draws', 'draw')} {drawn[victim]}"
    elif item is Item.GREEN_SHELL:
        if target is None:
            what = f"{voice.object_verb(seat, 'picks', 'pick')} who draws 1"
        else:
            what = f"{voice.object_verb(target, 'draws', 'draw')} 1"
    elif item is Item.LIGHTNING:
        what = "everyone else draws 1"
        if again:
            what += f", {voice.object_verb(seat, 'goes', 'go')} again"
    elif seat in drawn:
        chooses = "choose" if seat == voice.you else "chooses"
        what = f"{voice.object_verb(seat, 'draws', 'draw')} 2 and {chooses} the colour"
    else:
        what = "no Bob-omb for the winner"
    return f"{head} — {what}"


# ---------------------------------------------------------------------- what each seat did last


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

    def new_round(self) -> None:
        self.last = [""] * len(self.last)
        self.story = [[] for _ in self.last]
        self.top_by, self.top_turned = None, False
        self.said_uno = set()

    def record(self, events: Iterable[Event], names: Sequence[str]) -> None:
        """Read one action's events (or a round's start)."""
        touched: set[int] = set()  # a seat's line already written by this action

        def note(seat: int, words: str) -> None:
            self.last[seat] = words
            touched.add(seat)

        def named(seat: int) -> str:
            # Inside a line ("Luigi caught you"); the player's default name is "You".
            return "you" if names[seat] == "You" else names[seat]

        for event in events:
            if isinstance(event, (DealerChosen, CardsDealt)):
                self.new_round()
                note(event.dealer, "dealt")
            elif isinstance(event, StartCardTurned):
                self.top_by, self.top_turned = None, False
            elif isinstance(event, CardPlayed):
                color = f" {event.color.value}" if event.color is not None else ""
                note(event.seat, f"played {short(event.card, self.glyphs)}{color}")
                self.top_by, self.top_turned = event.seat, False
            elif isinstance(event, CardTurned):
                item = event.card.item
                note(event.seat, f"W{self.glyphs.ranks[Rank.WILD_ITEM_BOX]} {self.glyphs.items[item]} {item.label}")
                self.top_by, self.top_turned = event.seat, True
            elif isinstance(event, CardsDrawn):
                if event.cards:
                    self.said_uno.discard(event.seat)  # more than one card again
                if event.reason is DrawReason.BOB_OMB:
                    continue  # the seat's line already says Bob-omb
                count = len(event.cards)
                if event.reason is DrawReason.CHOICE:
                    note(event.seat, "drew a card" if count else "drew nothing")
                else:
                    note(event.seat, f"drew {count} {draw_why(event.reason, self.glyphs)}")
            elif isinstance(event, DrawnCardKept):
                note(event.seat, "drew, kept it")
            elif isinstance(event, TurnSkipped) and event.seat not in touched:
                note(event.seat, "skipped")
            elif isinstance(event, ColorChosen) and event.seat not in touched:
                note(event.seat, f"chose {event.color.value}")
            elif isinstance(event, TargetChosen):
                note(event.seat, f"{self.glyphs.items[Item.GREEN_SHELL]} hit {named(event.target)}")
            elif isinstance(event, ChallengeResolved):
                note(event.challenger, "challenged: won" if event.guilty else "challenged: lost")
            elif isinstance(event, UnoSaid):
                note(event.seat, "UNO! (late)" if event.late else "UNO!")
                self.said_uno.add(event.seat)
            elif isinstance(event, UnoCaught):
                note(event.catcher, f"caught {named(event.seat)}")
            elif isinstance(event, RoundWon):
                note(event.seat, "won the round")
            elif isinstance(event, HandsSwapped):  # H4
                self.said_uno -= {event.seat, event.other}  # UNO was said for a hand that has moved
                note(event.seat, f"swapped with {named(event.other)}")
                touched.add(event.other)
                self.last[event.other] = f"swapped with {named(event.seat)}"
            elif isinstance(event, HandsPassed):  # H4: found in play, a seat's "UNO!" stayed with a hand now elsewhere
                self.said_uno = set()
                for seat in range(len(self.last)):
                    if seat != event.seat:
                        note(seat, "hand passed on")
        for seat in sorted(touched):  # an action's moves are one step of the seat's story: what its line says after it
            self.story[seat].append(self.last[seat])


def how_it_went_out(history: Sequence[tuple[int, Action]], winner: int, voice: Voice) -> str:
    """The round's last moves, for its dialog: "Luigi went out with B9, after Peach's B⇄." (E1).

    Found in play: the dialog covers the log, so how the round ended was out of sight until the next.
    What came before the last card is the play or draw just before it (UNO calls and catches aside),
    the winner's own included: found in play, "after Mario's G2" when the player's own Item Box had
    just given them another turn (I1, I4). Only the winner's draw of the card they then played (T3)
    is part of the same turn, and is passed over.
    """
    moves = [(seat, action) for seat, action in history if isinstance(action, (Play, JumpIn, Draw))]
    if not moves or moves[-1][0] != winner or isinstance(moves[-1][1], Draw):
        return ""
    last = moves[-1][1]
    assert isinstance(last, (Play, JumpIn))
    text = f"{voice.who(winner)} went out with {voice.card(last.card)}"
    earlier = moves[:-1]
    while earlier and earlier[-1][0] == winner and isinstance(earlier[-1][1], Draw):
        earlier.pop()
    before = earlier[-1] if earlier else None
    if before is not None:
        seat, action = before
        if isinstance(action, Draw):
            text += f", after {voice.object_verb(seat, 'drew', 'drew')}"
        else:
            whose = "your" if seat == voice.you else f"{voice.names[seat]}'s"
            text += f", after {whose} {voice.card(action.card)}"
    return text + "."


def how_it_ended(seat: int, events: Sequence[Event], voice: Voice) -> str:
    """Why ``seat`` can no longer be caught (or say UNO late), for a key that comes too late."""
    for event in events:
        if isinstance(event, UnoCaught):
            return f"{voice.who(event.catcher)} caught {voice.whom(seat)} first"
        if isinstance(event, UnoSaid) and event.late:
            return f"{voice.who(seat)} said UNO in time"
    return "play has gone on since"


# ---------------------------------------------------------------------- a resumed match


def replay(match: Match) -> list[list[list[Event]]] | None:
    """Every round's events, action by action (each round's deal first), by playing the match again.

    A save holds every action, not the words: the engine is deterministic, so the same seed
    and actions give the same events. None if the replay does not end where ``match`` is.
    """
    rounds: list[list[list[Event]]] = []
    again = match
    for step in play_again(match):
        if step.action is None:
            rounds.append([])
        rounds[-1].append(step.events)
        again = step.match
    return rounds if again.round == match.round and again.scores == match.scores else None
