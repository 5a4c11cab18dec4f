"""One sentence for each event, as the seat reading the log may read it.

Each sentence is looked up whole, in the form for the reader's own seat ("You play Red 7.") or for
another's ("Mario plays Red 7."). Cards are written as on the table (``cards.short`` with the
reader's glyphs, ``cards.long``); what a seat drew or a challenge showed is named to that seat only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unokart_tui.engine import (
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    ColorChosen,
    DealerChosen,
    DirectionChanged,
    DrawnCardKept,
    DrawPending,
    DrawReason,
    Event,
    ExtraTurn,
    HandsPassed,
    HandsSwapped,
    Item,
    JumpedIn,
    MatchWon,
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

from . import _, ngettext
from .cards import color_word, draw_reason, hand_order, item_label, long
from .speaker import Voice


def sentence(event: Event, voice: Voice) -> str:
    """What ``event`` was, in one sentence for ``voice``'s reader."""
    write = _WRITERS.get(type(event))
    if write is None:
        raise TypeError(f"no sentence for {type(event).__name__}")
    return write(event, voice)


def _dealer_chosen(event: DealerChosen, voice: Voice) -> str:
    # D2: every round of draws, each tie's too (found in play: "after a tie" showed no tie).
    rounds = []
    for draws in event.draws:
        pairs = [
            _("you {card}").format(card=voice.card(card))
            if voice.is_you(seat)
            else _("{name} {card}").format(name=voice.name(seat), card=voice.card(card))
            for seat, card in draws
        ]
        rounds.append(", ".join(pairs))
    drawn = rounds[0]
    for again in rounds[1:]:
        drawn = _("{draws}; a tie, drawn again: {more}").format(draws=drawn, more=again)
    if voice.is_you(event.dealer):
        return _("Cards drawn for the deal ({draws}): You deal.").format(draws=drawn)
    return _("Cards drawn for the deal ({draws}): {name} deals.").format(draws=drawn, name=voice.name(event.dealer))


def _cards_dealt(event: CardsDealt, voice: Voice) -> str:
    count = event.hand_size
    if voice.is_you(event.dealer):
        return ngettext("You deal {count} card to everyone.", "You deal {count} cards to everyone.", count).format(
            count=count
        )
    return ngettext("{name} deals {count} card to everyone.", "{name} deals {count} cards to everyone.", count).format(
        name=voice.name(event.dealer), count=count
    )


def _start_card_returned(event: StartCardReturned, voice: Voice) -> str:
    return _("{card} turned up first; it is shuffled back and another card is turned.").format(card=long(event.card))


def _start_card_turned(event: StartCardTurned, voice: Voice) -> str:
    return _("The first card is {card}.").format(card=long(event.card))


def _card_played(event: CardPlayed, voice: Voice) -> str:
    card, you = long(event.card), voice.is_you(event.seat)
    if event.color is None:
        text = _("You play {card}.") if you else _("{name} plays {card}.")
        return text.format(name=voice.name(event.seat), card=card)
    text = _("You play {card} and call {colour}.") if you else _("{name} plays {card} and calls {colour}.")
    return text.format(name=voice.name(event.seat), card=card, colour=color_word(event.color))


def _cards_drawn(event: CardsDrawn, voice: Voice) -> str:
    count, you, name = len(event.cards), voice.is_you(event.seat), voice.name(event.seat)
    if not count:
        if you:
            return _("There is no card left for you to draw.")
        return _("There is no card left for {name} to draw.").format(name=name)
    drawn = ", ".join(voice.card(card) for card in event.cards)
    if event.reason is DrawReason.CHOICE and count > 1:
        # H6: only drawing until a card goes draws more than one by choice. Found in play: "Peach draws
        # 8 cards." said nothing of the house rule that made it so.
        if you:
            return _(
                "You draw {cards}, one at a time until one can be played (house rule: draw until playable)."
            ).format(cards=drawn)
        return ngettext(
            "{name} draws {count} card, one at a time until one can be played (house rule: draw until playable).",
            "{name} draws {count} cards, one at a time until one can be played (house rule: draw until playable).",
            count,
        ).format(name=name, count=count)
    reason = None if event.reason is DrawReason.CHOICE else draw_reason(event.reason)
    short_of = count < event.wanted  # the draw pile and the discards ran out (T4)
    values = {"name": name, "cards": drawn, "count": count, "reason": reason, "wanted": event.wanted}
    if you and reason is None and not short_of:
        return _("You draw {cards}.").format(**values)
    if you and not short_of:
        return _("You draw {cards} ({reason}).").format(**values)
    if you and reason is None:
        return ngettext(
            "You draw {cards} — only {count} of {wanted} could be drawn.",
            "You draw {cards} — only {count} of {wanted} could be drawn.",
            count,
        ).format(**values)
    if you:
        return ngettext(
            "You draw {cards} ({reason}) — only {count} of {wanted} could be drawn.",
            "You draw {cards} ({reason}) — only {count} of {wanted} could be drawn.",
            count,
        ).format(**values)
    if reason is None and not short_of:
        return ngettext("{name} draws {count} card.", "{name} draws {count} cards.", count).format(**values)
    if not short_of:
        return ngettext(
            "{name} draws {count} card ({reason}).", "{name} draws {count} cards ({reason}).", count
        ).format(**values)
    if reason is None:
        return ngettext(
            "{name} draws {count} card — only {count} of {wanted} could be drawn.",
            "{name} draws {count} cards — only {count} of {wanted} could be drawn.",
            count,
        ).format(**values)
    return ngettext(
        "{name} draws {count} card ({reason}) — only {count} of {wanted} could be drawn.",
        "{name} draws {count} cards ({reason}) — only {count} of {wanted} could be drawn.",
        count,
    ).format(**values)


def _pile_reshuffled(event: PileReshuffled, voice: Voice) -> str:
    return ngettext(
        "The draw pile ran out: {count} card from the discard pile is shuffled into a new one.",
        "The draw pile ran out: {count} cards from the discard pile are shuffled into a new one.",
        event.size,
    ).format(count=event.size)


def _drawn_card_kept(event: DrawnCardKept, voice: Voice) -> str:
    if voice.is_you(event.seat):
        return _("You keep the drawn card.")
    return _("{name} keeps the drawn card.").format(name=voice.name(event.seat))


def _turn_skipped(event: TurnSkipped, voice: Voice) -> str:
    if voice.is_you(event.seat):
        return _("You lose the turn.")
    return _("{name} loses the turn.").format(name=voice.name(event.seat))


def _direction_changed(event: DirectionChanged, voice: Voice) -> str:
    if event.direction == 1:
        return _("Play now goes left (clockwise).")
    return _("Play now goes right (counter-clockwise).")


def _extra_turn(event: ExtraTurn, voice: Voice) -> str:
    if voice.is_you(event.seat):
        return _("You take another turn.")
    return _("{name} takes another turn.").format(name=voice.name(event.seat))


def _card_turned(event: CardTurned, voice: Voice) -> str:
    item = event.card.item
    if not voice.icon(item):  # line mode: the item in words only
        text = (
            _("Your Item Box turns {card}: {item}!")
            if voice.is_you(event.seat)
            else _("{name}'s Item Box turns {card}: {item}!")
        )
    elif voice.is_you(event.seat):
        text = _("Your Item Box turns {card}: {icon} {item}!")
    else:
        text = _("{name}'s Item Box turns {card}: {icon} {item}!")
    return text.format(name=voice.name(event.seat), card=long(event.card), icon=voice.icon(item), item=item_label(item))


def _color_chosen(event: ColorChosen, voice: Voice) -> str:
    text = _("You choose {colour}.") if voice.is_you(event.seat) else _("{name} chooses {colour}.")
    return text.format(name=voice.name(event.seat), colour=color_word(event.color))


def _target_chosen(event: TargetChosen, voice: Voice) -> str:
    values = {"name": voice.name(event.seat), "target": voice.name(event.target), "shell": item_label(Item.GREEN_SHELL)}
    if voice.is_you(event.seat):
        return _("You hit {target} with the {shell}.").format(**values)
    if voice.is_you(event.target):
        return _("{name} hits you with the {shell}.").format(**values)
    return _("{name} hits {target} with the {shell}.").format(**values)


def _wild_draw_four_accepted(event: WildDrawFourAccepted, voice: Voice) -> str:
    if voice.is_you(event.seat):
        return _("You accept the Wild Draw Four.")
    return _("{name} accepts the Wild Draw Four.").format(name=voice.name(event.seat))


def _draw_pending(event: DrawPending, voice: Voice) -> str:
    if voice.is_you(event.seat):
        return _("+{total} to you: stack or take it.").format(total=event.total)
    return _("+{total} to {name}: stack or take it.").format(total=event.total, name=voice.name(event.seat))


def _stack_accepted(event: StackAccepted, voice: Voice) -> str:
    """H1-H3, said alone: the log says it with its draw in one line (``stack_taken``) when it can."""
    if voice.is_you(event.seat):
        return ngettext("You take the stack: {total} card.", "You take the stack: {total} cards.", event.total).format(
            total=event.total
        )
    return ngettext(
        "{name} takes the stack: {total} card.", "{name} takes the stack: {total} cards.", event.total
    ).format(name=voice.name(event.seat), total=event.total)


def stack_taken(drawn: CardsDrawn, voice: Voice, *, lost_turn: bool = False) -> str:
    """H1-H3: a stack taken and the cards it drew, in one sentence (``lost_turn``: and the turn it costs).

    Found in the Slovak and Dutch playtest: "Peach takes the 2." then "Peach draws 2 cards (Draw Two)."
    told one event twice.
    """
    count, you = len(drawn.cards), voice.is_you(drawn.seat)
    values = {
        "name": voice.name(drawn.seat),
        "cards": ", ".join(voice.card(card) for card in drawn.cards),
        "count": count,
        "wanted": drawn.wanted,
    }
    if lost_turn:
        if you:
            return _("You take the stack, draw {cards} and lose the turn.").format(**values)
        return ngettext(
            "{name} takes the stack, draws {count} card and loses the turn.",
            "{name} takes the stack, draws {count} cards and loses the turn.",
            count,
        ).format(**values)
    if count < drawn.wanted:  # the draw pile and the discards ran out (T4)
        if you:
            return ngettext(
                "You take the stack and draw {cards} — only {count} of {wanted} could be drawn.",
                "You take the stack and draw {cards} — only {count} of {wanted} could be drawn.",
                count,
            ).format(**values)
        return ngettext(
            "{name} takes the stack and draws {count} card — only {count} of {wanted} could be drawn.",
            "{name} takes the stack and draws {count} cards — only {count} of {wanted} could be drawn.",
            count,
        ).format(**values)
    if you:
        return _("You take the stack and draw {cards}.").format(**values)
    return ngettext(
        "{name} takes the stack and draws {count} card.", "{name} takes the stack and draws {count} cards.", count
    ).format(**values)


def _hands_swapped(event: HandsSwapped, voice: Voice) -> str:
    values = {"name": voice.name(event.seat), "other": voice.name(event.other)}
    if voice.is_you(event.seat):
        return _("You swap hands with {other}.").format(**values)
    if voice.is_you(event.other):
        return _("{name} swaps hands with you.").format(**values)
    return _("{name} swaps hands with {other}.").format(**values)


def _hands_passed(event: HandsPassed, voice: Voice) -> str:
    if event.direction == 1:
        return _("Everyone passes their hand to the left.")
    return _("Everyone passes their hand to the right.")


def _jumped_in(event: JumpedIn, voice: Voice) -> str:
    """H5: who jumps in, and whose turn it takes (the play itself is the next line).

    Found in play: "Mario jumps in, out of turn!" did not say who lost their turn to it.
    """
    if not event.passed:  # an event built without them (the engine's always name one seat at least)
        if voice.is_you(event.seat):
            return _("You jump in, out of turn!")
        return _("{name} jumps in, out of turn!").format(name=voice.name(event.seat))
    turn, *more = event.passed
    values = {"name": voice.name(event.seat), "other": voice.name(turn)}
    if voice.is_you(event.seat):
        text = _("You jump in out of turn and take {other}'s turn!").format(**values)
    elif voice.is_you(turn):
        text = _("{name} jumps in out of turn and takes your turn!").format(**values)
    else:
        text = _("{name} jumps in out of turn and takes {other}'s turn!").format(**values)
    if not more:
        return text
    return text + " " + _passed_over_too(more, voice)


def _passed_over_too(seats: list[int], voice: Voice) -> str:
    """H5: the seats after the one whose turn it was that a jump-in passes over as well."""
    others = [voice.name(seat) for seat in seats if not voice.is_you(seat)]
    if not others:
        return _("You are passed over too.")
    reader = next((place for place, seat in enumerate(seats) if voice.is_you(seat)), None)
    if reader is None:
        return ngettext("{names} is passed over too.", "{names} are passed over too.", len(others)).format(
            names=_listed(others)
        )
    # In the order of play (issue 34: found in play, "Mario and you are passed over too" when the
    # reader's turn came before Mario's).
    before, after = others[:reader], others[reader:]
    if not before and len(after) == 1:
        return _("You and {name} are passed over too.").format(name=after[0])
    if not before:
        return _("You, {names} are passed over too.").format(names=_listed(after))
    if not after:
        return _("{names} and you are passed over too.").format(names=_listed(before))
    if len(after) == 1:
        return _("{before}, you and {after} are passed over too.").format(before=", ".join(before), after=after[0])
    return _("{before}, you, {after} are passed over too.").format(before=", ".join(before), after=_listed(after))


def _listed(names: list[str]) -> str:
    """ "Mario", "Mario and Luigi", "Mario, Luigi and Peach"."""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _challenge_resolved(event: ChallengeResolved, voice: Voice) -> str:
    values = {
        "name": voice.name(event.challenger),
        "challenged": voice.name(event.challenged),
        "colour": color_word(event.color),
    }
    if voice.is_you(event.challenger):
        # C1: the hand is shown to the challenger only, in the order of the player's own hand, as the
        # dialog that shows it (found in play: two orders).
        shown = "  ".join(voice.card(event.hand[index]) for index in hand_order(event.hand)) or _("nothing")
        if event.guilty:
            text = _("You challenge {challenged}'s Wild Draw Four: guilty — {challenged} held {colour} (hand: {hand}).")
        else:
            text = _(
                "You challenge {challenged}'s Wild Draw Four: not guilty — "
                "{challenged} held no {colour} (hand: {hand})."
            )
        return text.format(hand=shown, **values)
    if voice.is_you(event.challenged):
        if event.guilty:
            return _("{name} challenges your Wild Draw Four: guilty — you held {colour}.").format(**values)
        return _("{name} challenges your Wild Draw Four: not guilty — you held no {colour}.").format(**values)
    if event.guilty:
        return _("{name} challenges {challenged}'s Wild Draw Four: guilty — {challenged} held {colour}.").format(
            **values
        )
    return _("{name} challenges {challenged}'s Wild Draw Four: not guilty — {challenged} held no {colour}.").format(
        **values
    )


def _uno_said(event: UnoSaid, voice: Voice) -> str:
    you, name = voice.is_you(event.seat), voice.name(event.seat)
    if event.late:
        # One sentence, not "UNO! just in time": read aloud line by line, the words after the call were a fragment.
        return _("You say UNO, just in time!") if you else _("{name} says UNO, just in time!").format(name=name)
    return _("You say UNO!") if you else _("{name} says UNO!").format(name=name)


def _player_exposed(event: PlayerExposed, voice: Voice) -> str:
    if voice.is_you(event.seat):
        return _("You have one card and did not say UNO!")
    return _("{name} has one card and did not say UNO!").format(name=voice.name(event.seat))


def _uno_caught(event: UnoCaught, voice: Voice) -> str:
    values = {"name": voice.name(event.catcher), "caught": voice.name(event.seat)}
    if voice.is_you(event.catcher):
        return _("You catch {caught} without UNO!").format(**values)
    if voice.is_you(event.seat):
        return _("{name} catches you without UNO!").format(**values)
    return _("{name} catches {caught} without UNO!").format(**values)


def _round_won(event: RoundWon, voice: Voice) -> str:
    points = event.points
    if voice.is_you(event.seat):
        return ngettext(
            "You win the round and score {points} point.", "You win the round and score {points} points.", points
        ).format(points=points)
    return ngettext(
        "{name} wins the round and scores {points} point.", "{name} wins the round and scores {points} points.", points
    ).format(name=voice.name(event.seat), points=points)


def _match_won(event: MatchWon, voice: Voice) -> str:
    score = event.score
    if voice.is_you(event.seat):
        return ngettext(
            "You win the match with {score} point!", "You win the match with {score} points!", score
        ).format(score=score)
    return ngettext(
        "{name} wins the match with {score} point!", "{name} wins the match with {score} points!", score
    ).format(name=voice.name(event.seat), score=score)


_WRITERS: dict[type[Event], Callable[[Any, Voice], str]] = {
    DealerChosen: _dealer_chosen,
    CardsDealt: _cards_dealt,
    StartCardReturned: _start_card_returned,
    StartCardTurned: _start_card_turned,
    CardPlayed: _card_played,
    CardsDrawn: _cards_drawn,
    PileReshuffled: _pile_reshuffled,
    DrawnCardKept: _drawn_card_kept,
    TurnSkipped: _turn_skipped,
    DirectionChanged: _direction_changed,
    ExtraTurn: _extra_turn,
    CardTurned: _card_turned,
    ColorChosen: _color_chosen,
    TargetChosen: _target_chosen,
    WildDrawFourAccepted: _wild_draw_four_accepted,
    DrawPending: _draw_pending,
    StackAccepted: _stack_accepted,
    HandsSwapped: _hands_swapped,
    HandsPassed: _hands_passed,
    JumpedIn: _jumped_in,
    ChallengeResolved: _challenge_resolved,
    UnoSaid: _uno_said,
    PlayerExposed: _player_exposed,
    UnoCaught: _uno_caught,
    RoundWon: _round_won,
    MatchWon: _match_won,
}
