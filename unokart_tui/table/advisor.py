"""Hints and the autopilot: what the expert would do in the player's place, and why, in words.

The expert (``ai.expert``) decides from the player's own view, as it would for itself: a
hint reads nothing the player could not see. Its reasons come from the same judgement
that orders its candidates (``ai.expert.heuristic``): who is about to go out, which
colours a player drew on, what a card keeps for later. No Textual here: the table shows
the sentence, and tests read it without a screen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from ai.expert import ExpertBot, heuristic, inference
from ai.knowledge import item_odds

from ..engine import (
    Accept,
    Action,
    Card,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    Draw,
    Item,
    JumpIn,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rank,
    follows,
    known_cards,
    unseen_cards,
)
from ..glyphs import UNICODE, Glyphs
from ..voice import hints as words
from ..voice.cards import color_word, written
from ..voice.numbers import percent
from .session import Session

_KEEP_FOR_LATER = (Rank.WILD_DRAW_FOUR, Rank.WILD_ITEM_BOX)
_HOLDS_BACK = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.REVERSE})


# Decisions that finish a move begun just before (T3: the drawn card; a wild's colour; a Green
# Shell's target): the autopilot takes them only when it began the move itself.
_FOLLOW_UPS = frozenset({Phase.DRAWN, Phase.CHOOSE_COLOR, Phase.CHOOSE_TARGET})


class Hint(NamedTuple):
    """The expert's ``action`` for the player now, and ``text``: the move and why, in a sentence."""

    action: Action
    text: str


def advisor(seed: int) -> ExpertBot:
    """The expert that advises the player of a match with this seed (the same advice for the same view).

    At its default budget: a person's turn can wait the few hundredths of a second it takes.
    """
    return ExpertBot(seed=seed)


def advise(
    bot: ExpertBot, view: PlayerView, legal: Sequence[Action], names: Sequence[str], glyphs: Glyphs = UNICODE
) -> Hint:
    """What ``bot`` would do with the player's ``view`` and ``legal`` actions, and why (cards written in ``glyphs``,
    as the hand writes them: found in line mode, "Play G⇄" for a hand that says G<>)."""
    action = _uno_as_it_matters(view, bot.choose(view, legal))
    return Hint(action, explain(bot, view, action, names, legal, glyphs=glyphs))


def swap_partner(view: PlayerView, card: Card) -> int | None:
    """H4: the seat a hint to play the 7 ``card`` names to swap with, or None (not a swapping 7).

    The seat on one card its UNO is for (H4b), else the seat with the fewest cards (the first in the
    order of seats on a tie, as the expert's own candidates are ordered). The hint's words name it, and
    the swap's question then offers it first (issue 34: found in play, the swap dialog asked again with
    nothing chosen after "Play Y7: …, and Mario holds the fewest cards").
    """
    if not view.rules.seven_zero or card.rank is not Rank.SEVEN or len(view.hand) < 2:
        return None
    giver = swap_leaves_one(view, card)
    if giver is not None:
        return giver
    others = [seat for seat in range(view.num_players) if seat != view.seat]
    return min(others, key=lambda seat: view.hand_sizes[seat])


def swap_leaves_one(view: PlayerView, card: Card) -> int | None:
    """The seat on one card whose hand a 7 or 0 of the player's would bring them (H4), or None.

    H4b lists every such play with and without UNO, the hand that comes back being unknown when the
    card is played; its size is not: a 7 swaps with the seat the player then chooses, a 0 brings the
    hand of the seat before, in the direction of play.
    """
    if not view.rules.seven_zero or card.rank not in (Rank.SEVEN, Rank.ZERO) or len(view.hand) < 2:
        return None
    if card.rank is Rank.ZERO:
        giver = view.next_seat(steps=-1)
        return giver if view.hand_sizes[giver] == 1 else None
    on_one = [seat for seat in range(view.num_players) if seat != view.seat and view.hand_sizes[seat] == 1]
    return on_one[0] if on_one else None


def _uno_as_it_matters(view: PlayerView, action: Action) -> Action:
    """A 7 or 0 (H4) with UNO exactly when it can leave the player one card: found in play, the expert's
    harmless UNO (U3) read "Play B7 and say UNO" with twelve cards."""
    if not isinstance(action, (Play, JumpIn)) or not view.rules.seven_zero:
        return action
    if action.card.rank not in (Rank.SEVEN, Rank.ZERO) or len(view.hand) < 2:
        return action
    uno = swap_leaves_one(view, action.card) is not None
    return action if action.uno == uno else replace(action, uno=uno)


def explain(
    bot: ExpertBot,
    view: PlayerView,
    action: Action,
    names: Sequence[str],
    legal: Sequence[Action] = (),
    *,
    glyphs: Glyphs = UNICODE,
) -> str:
    """``action`` and the reasons a good player would give for it, in one sentence (``legal``: the other choices)."""
    if isinstance(action, (Play, JumpIn)):
        return _play(view, action, names, legal, glyphs)
    if isinstance(action, Draw):
        return _draw(view, names, glyphs)
    if isinstance(action, Pass):
        assert view.drawn is not None
        return words.advice(words.keep(view.drawn, glyphs), _keep_reasons(view, view.drawn, names, glyphs))
    if isinstance(action, ChooseColor):
        return _color(view, action.color, names)
    if isinstance(action, ChooseTarget):
        swap = view.top_card.rank is Rank.SEVEN  # H4: a 7 swaps hands; otherwise a Green Shell (I3)
        others = [seat for seat in range(view.num_players) if seat != view.seat]
        fewest = view.hand_sizes[action.seat] == min(view.hand_sizes[seat] for seat in others)
        return words.target(names[action.seat], view.hand_sizes[action.seat], swap=swap, fewest=fewest)
    if isinstance(action, Accept) and view.phase is Phase.STACK:  # H1-H3: taking a stack, not a Wild Draw Four
        return _take_stack(view, could_stack=any(isinstance(other, Play) for other in legal))
    if isinstance(action, (Challenge, Accept)):
        return _challenge(bot, view, isinstance(action, Challenge), names)
    return words.expert_choice(action)


def _play(
    view: PlayerView, action: Play | JumpIn, names: Sequence[str], legal: Sequence[Action], glyphs: Glyphs
) -> str:
    card = action.card
    head = words.play(
        card,
        colour=action.color if isinstance(action, Play) else None,
        uno=action.uno,
        jump_in=isinstance(action, JumpIn),
        glyphs=glyphs,
    )
    victim = view.next_seat()
    name = names[victim]
    left = view.hand_sizes[victim]
    cannot_hold = inference.cannot_hold(view)
    rank = card.rank
    # A1, A2, A4: a Skip or a draw card passes the next seat by; A3: a Reverse turns play back
    # (heads-up it comes back to the player). Whoever plays next is the one the colour is for.
    hits = rank in _HOLDS_BACK or rank is Rank.WILD_DRAW_FOUR
    if rank is Rank.REVERSE:
        faces = view.seat if view.num_players == 2 else view.next_seat(steps=-1)
    else:
        faces = view.next_seat(steps=2) if hits else victim
    color = card.color if card.color is not None else (action.color if isinstance(action, Play) else None)
    lacks = (
        color is not None
        and faces != view.seat
        and color in heuristic.lacking_colors(view, cannot_hold, faces)
        and not _last_played(view, faces, color)
    )
    reasons = []
    giver = swap_leaves_one(view, card) if action.uno else None
    if giver is not None:  # H4b: why UNO with a hand of more than two
        if rank is Rank.ZERO:
            reasons.append(words.reason("zero brings one card", name=names[giver]))
        else:
            reasons.append(words.reason("seven brings one card", name=names[giver]))
    # A pending draw answered with a card: a stack (H1-H3), also on a lone Wild Draw Four (H2, phase CHALLENGE).
    stacks = view.pending_draw > 0 and rank in (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)
    if stacks:  # H1-H3: found in play, a stacked +2 "sheds 20 points" when its point is the total it passes on
        reasons.append(_passes_on(view, card, names))
    plays = {other.card for other in legal if isinstance(other, Play)}
    if view.phase is Phase.DRAWN:
        reasons.append(words.reason("drawn card goes"))  # T3: nothing else may be played now
    elif len(plays) == 1 and plays == {card}:
        reasons.append(words.reason("only card"))
    if left <= 2 and hits and not stacks:  # on a stack, the next seat may pass the total on again
        reasons.append(words.reason(_on("holds back", left), name=name))
    elif left <= 2 and lacks and faces == victim:
        assert color is not None
        reasons.append(words.reason(_on("lacks", left), name=name, colour=color_word(color)))
        lacks = False
    elif view.num_players == 2 and hits and not stacks:
        reasons.append(words.reason("another turn"))
    if lacks:
        assert color is not None
        # Found in play: a Reverse's point went unsaid.
        said = words.reason(
            "lacks" if faces == victim else "plays next and lacks", name=names[faces], colour=color_word(color)
        )
        reasons.append(said)
    # C1: only a Wild Draw Four that can be challenged is honest or a bluff: none on a stack (H1a), none
    # that goes out (H1b, E2).
    challenged = card.rank is Rank.WILD_DRAW_FOUR and not stacks and len(view.hand) > 1
    bluff = challenged and view.active_color is not None and not heuristic.honest_four(view)
    if challenged and not bluff:
        if view.active_color is None:
            reasons.append(words.reason("honest four, no colour"))
        else:
            reasons.append(words.reason("honest four", colour=color_word(view.active_color)))
    if card.rank is Rank.WILD_ITEM_BOX and left > 2:
        # I2-I4 reach beyond the next seat: a Banana the one before, a Green Shell anyone, Lightning all.
        near = [seat for seat in range(view.num_players) if seat != view.seat and view.hand_sizes[seat] <= 2]
        if near:
            who = min(near, key=lambda seat: view.hand_sizes[seat])
            # I2: a Banana hits the seat before only; found in play, "the box may make them draw" for a seat it misses.
            behind = who == view.next_seat(steps=-1)
            key = _on("box behind" if behind else "box", view.hand_sizes[who])
            reasons.append(words.reason(key, name=names[who]))
    said_of_faces = any(names[faces] in said for said in reasons) or lacks
    tail = ""
    hands_on = faces not in (view.seat, victim) and view.hand_sizes[faces] <= 2
    if hands_on:  # found in play: a Skip handed the turn to a seat on one card, unsaid (the caution says why still)
        tail = words.reason(_on("hands the turn", view.hand_sizes[faces]), name=names[faces])
    if not reasons:
        reasons.append(_plain_reason(view, card, names, action.color if isinstance(action, Play) else None))
    elif giver is None and swap_partner(view, card) is not None:
        # H4: the seat a 7 swaps with is named, the one its target question then offers first (issue 34).
        reasons.insert(1, _plain_reason(view, card, names))
    if bluff:  # C2: said whatever else is, among the two reasons the hint shows
        assert view.active_color is not None
        said = words.reason("bluff four", colour=color_word(view.active_color), name=name)
        reasons.insert(1, said)
    on_one = faces != view.seat and view.hand_sizes[faces] == 1 and not hits and not stacks
    if on_one and not said_of_faces and not _moves_hands(view, card):
        danger = _one_card_reason(view, action, faces, names, legal, glyphs=glyphs)
        if danger is not None:
            reasons.insert(0, danger)  # the weightiest: it may end the round
    kept = [other for other in view.hand if other.rank in _KEEP_FOR_LATER and other.rank is not card.rank]
    if not hands_on and kept and view.phase is not Phase.DRAWN:  # T3: with a drawn card, nothing else to keep
        many = sum(1 for other in kept if other.rank is kept[0].rank) > 1
        tail = words.keep_for_later(kept[0].rank, plural=many)
    return words.advice(head, reasons, tail)


def _moves_hands(view: PlayerView, card: Card) -> bool:
    """Whether playing ``card`` moves the hands (H4): then the next seat's one card is no longer theirs."""
    return view.rules.seven_zero and card.rank in (Rank.SEVEN, Rank.ZERO)


def _follow_chance(view: PlayerView, seat: int, card: Card, colour: Color | None) -> float | None:
    """The chance that ``seat``, on one card, can follow ``card`` played as ``colour`` (None: not known yet).

    From what this seat knows (the hand it passed on, H4; a hand a challenge showed, C1) and, for
    a card it does not know, from the unseen cards less those another seat is known to hold and
    those ``seat`` cannot hold by the history, as the expert's own deals are made.
    """
    after = card.color if card.color is not None else colour
    if after is None:
        return None
    known = known_cards(view)
    if known.get(seat):
        return 1.0 if any(follows(held, after, card) for held in known[seat]) else 0.0
    pool = unseen_cards(view)
    for held in known.values():
        pool.subtract(held)
    pool = +pool
    banned = inference.cannot_hold(view).get(seat, frozenset())
    allowed = Counter({each: count for each, count in pool.items() if each not in banned}) or pool
    total = sum(allowed.values())
    if total == 0:
        return None
    return sum(count for each, count in allowed.items() if follows(each, after, card)) / total


def _one_card_reason(
    view: PlayerView,
    action: Play | JumpIn,
    seat: int,
    names: Sequence[str],
    legal: Sequence[Action],
    *,
    glyphs: Glyphs,
) -> str | None:
    """What the play does about ``seat``, next in line on one card: it stops them, or how often they follow it."""
    colour = action.color if isinstance(action, Play) else None
    chance = _follow_chance(view, seat, action.card, colour)
    if chance is None:
        return None
    name = names[seat]
    if chance == 0:
        return words.reason("one card, cannot follow", name=name)
    others: dict[tuple[Card, Color | None], float] = {}
    for other in legal:
        if isinstance(other, Play) and other.card != action.card and not _moves_hands(view, other.card):
            other_chance = _follow_chance(view, seat, other.card, other.color)
            if other_chance is not None:
                others[(other.card, other.color)] = other_chance
    if not others:
        return words.reason("one card, follows", name=name, percent=percent(chance))
    (safest, _colour), least = min(others.items(), key=lambda item: item[1])
    if round(chance * 100) <= round(least * 100):  # as said: "36% (G4: 36%)" would read as no difference
        return words.reason("one card, least", name=name, percent=percent(chance))
    return words.reason(
        "one card, follows more",
        name=name,
        percent=percent(chance),
        card=written(safest, glyphs),
        other=percent(least),
    )


def _passes_on(view: PlayerView, card: Card, names: Sequence[str]) -> str:
    """A Draw Two or Wild Draw Four stacked on a pending draw (H1-H3): the grown total goes to the next seat."""
    total = view.pending_draw + (2 if card.rank is Rank.DRAW_TWO else 4)
    victim = view.next_seat()
    held = view.hand_sizes[victim]
    return words.passes_on(total, names[victim], held)


def _last_played(view: PlayerView, seat: int, color: Color) -> bool:
    """Whether ``seat``'s last play was of ``color``: then "had no blue" reads as out of date, true or not.

    Found in play: "Mario had no blue at their last draw" just after Mario played the blue he drew (T3).
    """
    for who, action in reversed(view.public_history):
        if who == seat and isinstance(action, (Play, JumpIn)):
            return action.card.color is color or (isinstance(action, Play) and action.color is color)
    return False


def _on(reason: str, count: int) -> str:
    """The key of a reason about a seat on one card or two (``voice.hints.REASONS``): ``"holds back, on one"``."""
    return f"{reason}, on {'one' if count == 1 else 'two'}"


def _plain_reason(view: PlayerView, card: Card, names: Sequence[str], colour: Color | None = None) -> str:
    """Why this card when nothing at the table presses: what it leaves in the hand (``colour``: a wild's)."""
    if view.rules.seven_zero and card.rank in (Rank.SEVEN, Rank.ZERO) and len(view.hand) >= 2:
        # H4: the hand is given away, so what it keeps to follow is no reason. Found in play:
        # "Play G7: you keep 2 more green to follow it", and the greens went with the swap.
        if card.rank is Rank.ZERO:
            giver = view.next_seat(steps=-1)
            return words.zero_brings(names[giver], view.hand_sizes[giver])
        partner = swap_partner(view, card)
        assert partner is not None
        return words.seven_swaps(names[partner], view.hand_sizes[partner])
    if card.color is None:
        if not any(other.color is not None and follows(other, view.active_color, view.top_card) for other in view.hand):
            return words.reason("nothing else fits")
        if card.rank is Rank.WILD_ITEM_BOX:
            odds = item_odds(view)
            hurts = odds[Item.BANANA] + odds[Item.GREEN_SHELL] + odds[Item.LIGHTNING]
            return words.reason("box odds", percent=percent(hurts))
        held = colour is not None and any(other.color is colour for other in view.hand)
        if card.rank is Rank.WILD_DRAW_FOUR and (colour is view.active_color or not held):
            # Issue 34: found in play, "it changes the colour to one you hold" with the colour unchanged.
            return words.reason("draws four", name=names[view.next_seat()])
        return words.reason("changes colour")
    same = sum(1 for other in view.hand if other.color is card.color) - 1
    if card.points >= 20:
        return words.sheds(card.points)
    if same > 0:
        return words.keeps_to_follow(same, card.color)
    return words.reason("only of its colour", colour=color_word(card.color))


def _draw(view: PlayerView, names: Sequence[str], glyphs: Glyphs) -> str:
    wilds = [card for card in view.hand if card.color is None]
    if wilds:
        return words.draw_keeping(wilds[0].rank)
    if not any(follows(card, view.active_color, view.top_card) for card in view.hand):  # T1
        if view.top_card.color is None and view.active_color is not None:
            # A wild on top asks for its chosen colour; its own face names none a player could match.
            return words.draw_nothing_of(view.active_color, view.top_card, glyphs)
        return words.draw_nothing_on(view.top_card, glyphs)
    fitting = [card for card in view.hand if follows(card, view.active_color, view.top_card)]
    if len(fitting) == 1 and view.rules.seven_zero and fitting[0].rank is Rank.ZERO:
        giver = view.next_seat(steps=-1)  # H4: a 0 brings the hand of the seat before
        if view.hand_sizes[giver] >= len(view.hand):
            return words.draw_not_zero(fitting[0], names[giver], view.hand_sizes[giver], glyphs)
    if all(card.points == 0 for card in fitting):  # a 0 is worth nothing later either
        return words.draw_over_zeros(seven_zero=view.rules.seven_zero)
    return words.draw_for_later(fitting, glyphs)


def _take_stack(view: PlayerView, *, could_stack: bool) -> str:
    return words.take_stack(view.pending_draw, could_stack=could_stack)


def _keep_reasons(view: PlayerView, card: Card, names: Sequence[str], glyphs: Glyphs = UNICODE) -> list[str]:
    if card.color is None:
        # E3: the card kept counts for whoever goes out; said when a seat is on one card (issue 34).
        on_one = [view.next_seat(steps=step) for step in range(1, view.num_players)]
        on_one = [seat for seat in on_one if view.hand_sizes[seat] == 1]
        if on_one:
            return [words.reason("wild later, on one", points=card.points, name=names[on_one[0]])]
        return [words.reason("wild later")]
    return [words.reason("search", card=written(card, glyphs))]


def _color(view: PlayerView, color: Color, names: Sequence[str]) -> str:
    counts = {each: sum(1 for card in view.hand if card.color is each) for each in Color}
    held = counts[color]
    tied = [each for each in Color if each is not color and counts[each] == held] if held else []
    reasons = [words.you_hold_as_many(held, color, tied) if tied else words.you_hold(held, color)] if held else []
    victim = view.next_seat()
    if color in heuristic.lacking_colors(view, inference.cannot_hold(view), victim):
        reasons.append(words.reason("next lacks", name=names[victim]))
    elif tied:  # the expert's tie-break (ExpertBot.pick_color): the points held in the colour
        worth = {each: sum(card.points for card in view.hand if card.color is each) for each in Color}
        if worth[color] > max(worth[each] for each in tied):
            reasons.append(words.reason("most points", colour=color_word(color)))
        else:
            reasons.append(words.reason("any of them"))
    if not reasons:
        reasons.append(words.reason("others lack"))
    return words.advice(words.choose(color), reasons)


def _challenge(bot: ExpertBot, view: PlayerView, challenge: bool, names: Sequence[str]) -> str:
    assert view.wild_draw_four is not None
    player, color = view.wild_draw_four
    name = names[player]
    if any(card.color is color for card in known_cards(view).get(player, ())):
        return words.challenge_seen(name, color)
    if challenge:
        return words.challenge_odds(name, color)
    return words.accept_four(name, color)


class Advisor:
    """The expert at the player's side: a hint when asked (``hint``), and the autopilot.

    The autopilot plays the player's decisions while ``autopilot`` is on (the pacer asks
    ``pilots_now`` and plays ``hint().action``), but never one that finishes a move the
    player began by hand: a card they drew, the colour of a wild they played.
    """

    def __init__(self, session: Session, glyphs: Glyphs = UNICODE) -> None:
        self.session = session
        self.glyphs = glyphs  # the hand's: a hint names a card as the hand writes it
        self.autopilot = False
        self.last_by_pilot = False  # whether the last action applied was the autopilot's
        self._bot: ExpertBot | None = None
        self._given: tuple[tuple[int, int, int], Hint] | None = None  # the last hint, and its decision

    def hint(self) -> Hint:
        """What the expert would do for the player now (the player must be deciding).

        The same advice for one decision, however often asked: the expert's search draws on its random
        generator, and a second t could otherwise answer another move.
        """
        decision = self.session.decision()
        if self._given is not None and self._given[0] == decision:
            return self._given[1]
        if self._bot is None:
            self._bot = advisor(self.session.match.seed)
        round_ = self.session.match.round
        hint = advise(self._bot, self.session.view(), round_.legal_actions(), self.session.names, self.glyphs)
        self._given = (decision, hint)
        return hint

    def pilots_now(self) -> bool:
        """Whether the autopilot plays the player's decision now."""
        if not self.autopilot or not self.session.is_human_turn():
            return False
        match = self.session.match
        follow_up = self.session.view().phase in _FOLLOW_UPS and bool(match.history[-1])  # D5 begins a round
        return not follow_up or self.last_by_pilot
