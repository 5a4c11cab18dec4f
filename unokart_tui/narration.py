"""Words for what happens at the table: log lines, banners, each seat's last action.

Cards are written as ``widgets/cardface.py`` writes them everywhere on screen. No
Textual here: everything is built and tested without the interface.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .engine import (
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
    ExtraTurn,
    Item,
    Match,
    MatchWon,
    PlayerExposed,
    RoundWon,
    StartCardTurned,
    TargetChosen,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
)
from .widgets.cardface import long, short

ICON = {Item.MUSHROOM: "🍄", Item.BANANA: "🍌", Item.GREEN_SHELL: "🐢", Item.LIGHTNING: "⚡", Item.BOB_OMB: "💣"}

# A forced draw on a seat's line, in a few letters ("drew 2 🍌").
DRAW_WHY = {
    DrawReason.DRAW_TWO: "(+2)",
    DrawReason.WILD_DRAW_FOUR: "(+4)",
    DrawReason.CHALLENGE_GUILTY: "(bluff)",
    DrawReason.CHALLENGE_FAILED: "(challenge)",
    DrawReason.BANANA: ICON[Item.BANANA],
    DrawReason.GREEN_SHELL: ICON[Item.GREEN_SHELL],
    DrawReason.LIGHTNING: ICON[Item.LIGHTNING],
    DrawReason.BOB_OMB: ICON[Item.BOB_OMB],
    DrawReason.UNO_CAUGHT: "(caught)",
}


class Voice:
    """Names the seats of one match, the reader's own seat as "you"."""

    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names, self.you = names, you

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


def log_line(event: Event, voice: Voice) -> LogLine:
    """One line of the game log for ``event``."""
    if isinstance(event, (RoundWon, MatchWon)):
        return LogLine("★ " + event.describe(voice.names, you=voice.you), "bold reverse")
    style = ""
    if isinstance(event, (PlayerExposed, UnoCaught)):
        style = "bold"
    elif isinstance(event, CardPlayed) and event.card.color is not None:
        style = event.card.color.value
    return LogLine("· " + _sentence(event, voice), style)


def _sentence(event: Event, voice: Voice) -> str:
    """The engine's sentence, except where it lists cards: those are written as on the table."""
    if isinstance(event, DealerChosen):
        drawn = ", ".join(f"{voice.whom(seat)} {short(card)}" for seat, card in event.draws[-1])
        ties = " after a tie" if len(event.draws) > 1 else ""
        return f"Cards drawn for the deal ({drawn}){ties}: {voice.verb(event.dealer, 'deals', 'deal')}."
    if isinstance(event, StartCardTurned):
        return f"The first card is {long(event.card)}."
    if isinstance(event, CardTurned):
        item = event.card.item
        return f"{voice.whose(event.seat)} Item Box turns {long(event.card)}: {ICON[item]} {item.label}!"
    if isinstance(event, CardsDrawn) and event.seat == voice.you and event.cards:
        text = f"You draw {', '.join(short(card) for card in event.cards)}"
        if event.reason is not DrawReason.CHOICE:
            text += f" ({event.reason.value})"
        if len(event.cards) < event.wanted:
            text += f" — only {len(event.cards)} of {event.wanted} could be drawn"
        return text + "."
    if isinstance(event, ChallengeResolved) and event.challenger == voice.you:
        held = "held" if event.guilty else "held no"
        shown = "  ".join(short(card) for card in event.hand) or "nothing"
        whose = voice.whose(event.challenged)
        return (
            f"You challenge {whose} Wild Draw Four: {'guilty' if event.guilty else 'not guilty'} — "
            f"{voice.whom(event.challenged)} {held} {event.color.value} (hand: {shown})."
        )
    return event.describe(voice.names, you=voice.you)


# ---------------------------------------------------------------------- banners


class Banner(NamedTuple):
    """One line worth stopping for: an Item Box, a challenge, a catch, a forgotten UNO, a win."""

    text: str
    kind: str  # "item", "challenge", "catch", "exposed" or "win": how it is drawn


def banner(events: Sequence[Event], voice: Voice) -> Banner | None:
    """The banner for one action's events, or None; the weightiest event wins."""
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
                f"{ICON[Item.GREEN_SHELL]} Green Shell — {voice.object_verb(event.seat, 'hits', 'hit')} "
                f"{voice.whom(event.target)}: {voice.object_verb(event.target, 'draws', 'draw')} 1",
                "item",
            )
    for event in events:
        if isinstance(event, PlayerExposed):
            if event.seat == voice.you:
                return Banner("You forgot to say UNO! Press u before someone catches you", "exposed")
            return Banner(f"{voice.names[event.seat]} forgot to say UNO! Press c to catch them", "exposed")
    return None


def _challenge(event: ChallengeResolved, voice: Voice) -> Banner:
    challenged = voice.whom(event.challenged)
    if event.guilty:
        return Banner(
            f"Challenge won: {challenged} bluffed (held {event.color.value}) — "
            f"{voice.object_verb(event.challenged, 'draws', 'draw')} 4",
            "challenge",
        )
    return Banner(
        f"Challenge lost: {challenged} held no {event.color.value} — "
        f"{voice.object_verb(event.challenger, 'draws', 'draw')} 6",
        "challenge",
    )


def _item_words(turned: CardTurned, events: Sequence[Event], voice: Voice) -> str:
    """``Peach's Item Box: B5 ⚡ Lightning — everyone else draws 1, Peach goes again``."""
    item, seat = turned.card.item, turned.seat
    head = f"{voice.whose(seat)} Item Box: {short(turned.card)} {ICON[item]} {item.label}"
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

    def __init__(self, seats: int) -> None:
        self.last = [""] * seats
        self.top_by: int | None = None  # None: the first card of the round
        self.top_turned = False  # turned by an Item Box: its item went off

    def new_round(self) -> None:
        self.last = [""] * len(self.last)
        self.top_by, self.top_turned = None, False

    def record(self, events: Iterable[Event], names: Sequence[str]) -> None:
        """Read one action's events (or a round's start)."""
        touched: set[int] = set()  # a seat's line already written by this action

        def note(seat: int, words: str) -> None:
            self.last[seat] = words
            touched.add(seat)

        for event in events:
            if isinstance(event, (DealerChosen, CardsDealt)):
                self.new_round()
                note(event.dealer, "dealt")
            elif isinstance(event, StartCardTurned):
                self.top_by, self.top_turned = None, False
            elif isinstance(event, CardPlayed):
                color = f" {event.color.value}" if event.color is not None else ""
                note(event.seat, f"played {short(event.card)}{color}")
                self.top_by, self.top_turned = event.seat, False
            elif isinstance(event, CardTurned):
                note(event.seat, f"W? → {event.card.item.label}")
                self.top_by, self.top_turned = event.seat, True
            elif isinstance(event, CardsDrawn):
                if event.reason is DrawReason.BOB_OMB:
                    continue  # the seat's line already says Bob-omb
                count = len(event.cards)
                if event.reason is DrawReason.CHOICE:
                    note(event.seat, "drew a card" if count else "drew nothing")
                else:
                    note(event.seat, f"drew {count} {DRAW_WHY[event.reason]}")
            elif isinstance(event, DrawnCardKept):
                note(event.seat, "drew, kept it")
            elif isinstance(event, TurnSkipped) and event.seat not in touched:
                note(event.seat, "skipped")
            elif isinstance(event, ColorChosen) and event.seat not in touched:
                note(event.seat, f"chose {event.color.value}")
            elif isinstance(event, TargetChosen):
                note(event.seat, f"{ICON[Item.GREEN_SHELL]} hit {names[event.target]}")
            elif isinstance(event, ChallengeResolved):
                note(event.challenger, "challenged: won" if event.guilty else "challenged: lost")
            elif isinstance(event, UnoSaid):
                note(event.seat, "UNO! (late)" if event.late else "UNO!")
            elif isinstance(event, UnoCaught):
                note(event.catcher, f"caught {names[event.seat]}")
            elif isinstance(event, RoundWon):
                note(event.seat, "won the round")


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
    again = Match(match.names, seed=match.seed, target=match.target)
    rounds: list[list[list[Event]]] = []
    for number, actions in enumerate(match.history):
        start = again.start_events if number == 0 else again.next_round()
        rounds.append([list(start), *(again.apply(action) for action in actions)])
    return rounds if again.round == match.round and again.scores == match.scores else None
