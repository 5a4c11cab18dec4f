"""Undo against bots: the player's last decision taken back, with every action after it, honestly.

An undo returns to the player's last decision in the round being played, by playing the
match again from its seed with the shorter history: the engine is deterministic, so the
table is exactly as it was when that decision was first put. A jump-in (H5) and a catch (U2)
are decisions too, made out of turn: the undo returns to the moment they could be made.

Exactly as it was is the trouble. Since the decision the player has seen things that hang
on what was hidden then: the card they drew, the card an Item Box turned, the cards the bots
played, a bot that drew rather than played (it had nothing that went), the eight cards a bot
drew under H6 (the seven before the last did not go). On a second try the same hidden cards
would wait where the first showed them. So, unless the player alone acted since and no card
came out of hiding (a colour or a target chosen after their own play), the undo deals again
every card the player cannot place: the other hands and the draw pile, from a fresh seed
(``engine.unseen.shuffle_unseen``). Each hand keeps its size and the cards the player knows
it holds (shown by their own challenge, C1, or handed over in a swap or a pass of hands, H4,
and not played since), and the round's random generator is seeded afresh, or a pile
reshuffled later (T4) would come back in an order already seen.

Why the player then learns nothing by undoing and playing again: the new deal is a function
of two things only, the cards the player cannot place and a seed they never see. The first
they know from their own view at the decision (the deck less their hand, the discards and
the cards they know others hold), and the second is fresh. Nothing that happened after the
decision enters the deal, so nothing they saw after it says anything about it: every card,
draw and bot's choice of the moves taken back belongs to a deal that no longer exists.
(tests/engine/test_unseen.py deals two rounds the player cannot tell apart into the same one.)
The price: the hidden cards are new ones, and what the player had only inferred before the
decision (that a bot who drew on red holds no red) may no longer be so.

Where undo is refused, because it could hide what was seen only by making it untrue:
- the round is over: every hand was shown, and the round was scored;
- the player's own challenge showed them a hand (C1), or hands changed places with theirs
  (H4: a 7 swapped with them, a 0 passed every hand): they have seen, or held, a whole hidden
  hand, and a shuffle would change a hand they know card by card under their eyes.
A hand shown to a bot, or a swap between two bots, showed the player nothing: undone like any move.

Each shuffle is kept in the match (``Match.unseen_shuffles``) and its save, so a replay, the
statistics and a loaded save play exactly the game that was played. No Textual here: the
session undoes, and the table asks ``undo_refusal`` whether its key would do anything.
"""

from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from saves import Undo

from ..engine import (
    Accept,
    Action,
    Card,
    CardPlayed,
    CardsDrawn,
    CardTurned,
    CatchUno,
    Challenge,
    ChallengeResolved,
    ChooseColor,
    ChooseTarget,
    Draw,
    Event,
    HandsPassed,
    HandsSwapped,
    JumpIn,
    Match,
    Pass,
    PileReshuffled,
    Play,
    Round,
    SayUno,
)
from ..engine import replay as replay_loop  # looked up at the call: a test counts the steps played again
from ..engine.replay import Step
from ..history.timeline import replayed
from ..voice import _, ngettext
from ..voice.cards import color_word, long
from ..voice.speaker import Voice

SHUFFLE_SEEDS = 10**18  # a shuffle's seed is below this: a save holds whole numbers up to it


class UndoRefused(Exception):
    """Why there is nothing to undo now: a sentence for the player, shown as it is."""


class UndoPlan(NamedTuple):
    match: Match  # the match at the player's decision, played again from its seed
    record: Undo  # what the save keeps of it
    decision: Action  # the player's decision that is taken back
    taken_back: tuple[Action, ...]  # that decision and every action after it
    round_events: list[list[Event]]  # the round's deal and each action kept, up to the decision
    shuffled: bool = False  # the cards the player cannot see were dealt again
    known_kept: bool = False  # and the cards the player knew others held stayed in their hands

    @property
    def events(self) -> list[Event]:
        """What led to the decision again: the last kept action's events (or the deal's)."""
        return self.round_events[-1]

    def words(self) -> str:
        """The log's line for it."""
        move = describe(self.decision)
        after = len(self.taken_back) - 1
        if after:
            text = ngettext(
                "↶ You take back {move} and the move after it: your decision again.",
                "↶ You take back {move} and the {count} moves after it: your decision again.",
                after,
            ).format(move=move, count=after)
        else:
            text = _("↶ You take back {move}: your decision again.").format(move=move)
        # Found in play: "the other hands are shuffled again" after a 0 had shown the player a hand,
        # whose cards the shuffle keeps where they are: the sentence says only what is dealt again.
        if self.shuffled and self.known_kept:
            shuffled = _(
                "The cards you have not seen, in the draw pile and the other hands, are shuffled again; "
                "the cards you know the others hold stay in their hands, and the cards you saw since are hidden anew."
            )
            text = f"{text} {shuffled}"
        elif self.shuffled:
            shuffled = _(
                "The cards you have not seen, in the draw pile and the other hands, are shuffled again, "
                "so the cards you saw since are hidden anew."
            )
            text = f"{text} {shuffled}"
        return text


def describe(action: Action) -> str:
    """A decision in a few words: "your Red 5", "your choice of blue"."""
    if isinstance(action, Play):
        return _("your {card}").format(card=long(action.card))
    if isinstance(action, ChooseColor):
        return _("your choice of {colour}").format(colour=color_word(action.color))
    if isinstance(action, ChooseTarget):
        return _("your choice of target")
    if isinstance(action, Draw):
        return _("your draw")
    if isinstance(action, Pass):
        return _("keeping the card you drew")
    if isinstance(action, Accept):
        return _("accepting the draw")
    if isinstance(action, Challenge):
        return _("your challenge")
    if isinstance(action, JumpIn):
        return _("your jump-in with {card}").format(card=long(action.card))
    if isinstance(action, CatchUno):
        return _("your catch of a forgotten UNO")
    return _("your move ({action})").format(action=action)


class _Seen:
    """What ``you`` knows the other seats hold, read from a round's events as ``you`` saw them.

    Only what ``you`` may see counts: a hand its own challenge showed it (C1), its own hand handed
    to another seat (H4); a known card played goes from the count. A lower bound, never a guess.
    """

    def __init__(self, seats: int, you: int) -> None:
        self.you = you
        self.known: list[Counter[Card]] = [Counter() for _ in range(seats)]

    def read(self, events: Sequence[Event], after: Round) -> None:
        """One step's ``events``; ``after`` is the round just after them (whose hand the player now sees)."""
        you, known = self.you, self.known
        for event in events:
            if isinstance(event, CardPlayed) and known[event.seat][event.card] > 0:
                known[event.seat][event.card] -= 1
            elif isinstance(event, ChallengeResolved) and event.challenger == you:
                known[event.challenged] = Counter(event.hand)
            elif isinstance(event, HandsSwapped):
                seat, other = event.seat, event.other
                known[seat], known[other] = known[other], known[seat]
                if you in (seat, other):
                    # H4a: nothing moves after the swap in the same action, so the other seat holds
                    # exactly the hand ``you`` held a moment ago.
                    given = other if seat == you else seat
                    known[given] = Counter(after.hand(given))
            elif isinstance(event, HandsPassed):
                seats = len(known)
                known[:] = [known[(seat - event.direction) % seats] for seat in range(seats)]
                given = (you + event.direction) % seats
                known[given] = Counter(after.hand(given))
            known[you] = Counter()  # its own hand is seen whole: nothing to keep in place

    def cards(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(sorted(counter.elements(), key=lambda card: card.index)) for counter in self.known)


class _Reading(NamedTuple):
    """The round read for an undo: the decision to return to, and what its taking back involves."""

    kept: int  # the actions of the round before the decision
    events: list[list[Event]]  # the deal's events, then each action's
    known: tuple[tuple[Card, ...], ...]  # what the player knew the others held at the decision
    shuffle: bool  # since the decision a bot acted or a hidden card came out: the unseen cards go round again


def _refusal(event: Event, voice: Voice, you: int) -> str | None:
    """Why undoing past ``event`` cannot be honest, in a sentence; None when it can."""
    if isinstance(event, ChallengeResolved) and event.challenger == you:
        return _(
            "You cannot undo this: your challenge showed you {name}'s hand, "
            "and no shuffle can hide a hand you have seen whole."
        ).format(name=voice.name(event.challenged))
    if isinstance(event, HandsSwapped) and you in (event.seat, event.other):
        other = voice.name(event.other if event.seat == you else event.seat)
        return _(
            "You cannot undo this: your hand and {name}'s were swapped, and you have seen the hand you got, "
            "which no shuffle can hide."
        ).format(name=other)
    if isinstance(event, HandsPassed):
        return _(
            "You cannot undo this: every hand was passed on and you have seen the one you got, "
            "which no shuffle can hide."
        )
    return None


class _Follower:
    """The match played again from its seed beside the live one, a step at a time: its current round
    as an undo reads it, brought up to date with the steps played since it last looked.

    Found in line mode (issue 30): every ``moves`` (and the full-screen key bar at every decision)
    played the whole match again from its seed to read the round, so a command cost more the longer
    the match ran. Followed, each action is played again once, when it is first read.
    """

    def __init__(self, match: Match, you: int) -> None:
        self.you = you
        self.shuffles = match.unseen_shuffles  # played again at their points; another one: followed afresh
        self.history: tuple[tuple[Action, ...], ...] = ()  # the live history, as last read: what is fed
        self.at: tuple[int, int] | None = None  # the round and move of the last step played again
        self.events: list[list[Event]] = []  # the current round's deal's events, then each action's
        self.mine: list[int] = []  # the indexes of the player's decisions among the round's actions
        self.others = False  # since the player's last decision, another seat acted
        self.seen = _Seen(len(match.names), you)
        self.known_before: list[tuple[tuple[Card, ...], ...]] = []  # what the player knew before each action
        # ``play_again`` asks for each round, and each action, only when it is to play it: the feeds
        # below hand it what the live history holds at that moment, and it waits between two reads.
        dealt = Match(match.names, seed=match.seed, target=match.target, rules=match.rules)
        self.steps = replay_loop.play_again(dealt, self._rounds(), match.unseen_shuffles)

    def _rounds(self) -> Iterator[Iterator[Action]]:
        number = 0
        while number < len(self.history):
            yield self._actions(number)
            number += 1

    def _actions(self, number: int) -> Iterator[Action]:
        move = 0
        while move < len(self.history[number]):
            yield self.history[number][move]
            move += 1

    def follows(self, match: Match, you: int) -> bool:
        """Whether ``match`` went on from where this follower last read it (an undo makes a new match)."""
        if you != self.you or match.unseen_shuffles != self.shuffles:
            return False
        history, last = match.history, self.history
        if not last:
            return True
        if len(history) < len(last) or history[: len(last) - 1] != last[:-1]:
            return False
        return history[len(last) - 1][: len(last[-1])] == last[-1]

    def catch_up(self, history: tuple[tuple[Action, ...], ...]) -> None:
        """Play again every step of ``history`` not played yet (a ``RulesError`` if one cannot be)."""
        self.history = history
        goal = (len(history), len(history[-1]))
        while self.at != goal:
            self._read(next(self.steps))

    def _read(self, step: Step) -> None:
        self.at = (step.round, step.move)
        you = self.you
        if step.action is None:  # a deal: the round is read from its start
            self.events, self.mine, self.known_before, self.others = [], [], [], False
            self.seen = _Seen(len(self.seen.known), you)
        else:
            self.known_before.append(self.seen.cards())
            # A jump-in (H5) and a catch (U2) are the player's own moves, made after other seats
            # acted: skipping them, an undo once took back an earlier turn and ten moves after it.
            # A late UNO (U2) belongs to the play just before it (exposure ends at the next
            # action), and is taken back with it.
            if step.seat == you and not isinstance(step.action, SayUno):
                self.mine.append(len(self.events) - 1)
                self.others = False
            elif step.seat != you:
                self.others = True
        self.seen.read(step.events, step.match.round)
        self.events.append(step.events)


# Each live match's follower, for as long as the match lives (an undo's new match gets its own). Read
# and played on the thread that plays the match, as the match itself is.
_followers: weakref.WeakKeyDictionary[Match, _Follower] = weakref.WeakKeyDictionary()


def _followed(match: Match, you: int) -> _Follower:
    """``match``'s follower, up to date: the one kept for it when it went on from there, else a new one."""
    follower = _followers.get(match)
    if follower is None or not follower.follows(match, you):
        follower = _Follower(match, you)
    try:
        follower.catch_up(match.history)
    except BaseException:
        _followers.pop(match, None)  # half played: never read again
        raise
    _followers[match] = follower
    return follower


def _read(match: Match, you: int) -> _Reading:
    """The current round as an undo by ``you`` reads it; ``UndoRefused`` if it cannot be undone."""
    if match.is_over:
        raise UndoRefused(_("The match is over: there is nothing to undo."))
    if match.round.is_over:
        raise UndoRefused(_("The round is over: every hand has been shown, so it cannot be undone."))
    follower = _followed(match, you)
    if not follower.mine:
        raise UndoRefused(_("There is nothing to undo yet: you have not moved in this round, and a deal stays dealt."))
    kept = follower.mine[-1]
    events = list(follower.events)
    voice = Voice(match.names, you)
    came_out = False  # a card came out of hiding since the decision
    for batch in events[kept + 1 :]:
        for event in batch:
            refusal = _refusal(event, voice, you)
            if refusal is not None:
                raise UndoRefused(refusal)
            if isinstance(event, (CardTurned, PileReshuffled)) or (isinstance(event, CardsDrawn) and event.cards):
                came_out = True
    return _Reading(kept, events, follower.known_before[kept], follower.others or came_out)


def undo_refusal(match: Match, you: int) -> str | None:
    """Why an undo by ``you`` would be refused now, or None when it would be taken (the key bar's question)."""
    try:
        _read(match, you)
    except UndoRefused as refusal:
        return str(refusal)
    return None


def plan_undo(match: Match, you: int, *, seed: int | None = None) -> UndoPlan:
    """What an undo by seat ``you`` would do now; ``UndoRefused`` says why it cannot.

    ``seed`` deals the unseen cards again when the undo must (by default a fresh one, never shown).
    """
    reading = _read(match, you)
    kept = reading.kept
    actions = match.history[-1]
    rebuilt = replayed(match, (*match.history[:-1], actions[:kept]))
    if reading.shuffle:
        if seed is None:
            seed = random.SystemRandom().randrange(SHUFFLE_SEEDS)
        rebuilt.shuffle_unseen(you, seed, reading.known)
    taken_back = actions[kept:]
    record = Undo(round=match.round_number, kept=kept, actions=tuple(str(action) for action in taken_back))
    known_kept = reading.shuffle and any(reading.known)
    return UndoPlan(rebuilt, record, actions[kept], taken_back, reading.events[: kept + 1], reading.shuffle, known_kept)
