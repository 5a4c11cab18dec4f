"""Banners: the one line of an action worth stopping for, over the table.

An Item Box, a challenge, a catch, a forgotten UNO, a win, a house rule at work. Each is looked up
whole, in the form that fits who did what to whom ("Caught! You catch Mario without UNO: Mario
draws 2" or "Caught! Mario catches you without UNO: you draw 2").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from unokart_tui.engine import (
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    DrawPending,
    DrawReason,
    Event,
    ExtraTurn,
    HandsPassed,
    HandsSwapped,
    Item,
    JumpedIn,
    MatchWon,
    PlayerExposed,
    RoundWon,
    StackAccepted,
    TargetChosen,
    UnoCaught,
)

from . import _, ngettext
from .cards import color_word, item_label, short
from .speaker import Voice


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
            return Banner(_won_match(event, voice), "win")
    for event in events:
        if isinstance(event, RoundWon):
            return Banner(_won_round(event, voice), "win")
    for event in events:
        if isinstance(event, ChallengeResolved):
            return Banner(_challenge(event, voice), "challenge")
        if isinstance(event, UnoCaught):
            return Banner(_caught(event, voice), "catch")
        if isinstance(event, CardTurned):
            return Banner(_item_words(event, events, voice), "item")
        if isinstance(event, TargetChosen):
            return Banner(_shell(event, voice), "item")
    house = _house_banner(events, voice, can_stack=can_stack)
    if house is not None:
        return house
    for event in events:
        if isinstance(event, PlayerExposed):
            if voice.is_you(event.seat):
                return Banner(_("You forgot to say UNO! Press u before someone catches you"), "exposed")
            text = _("{name} forgot to say UNO! Press c to catch them").format(name=voice.name(event.seat))
            return Banner(text, "exposed")
    return None


def _won_match(event: MatchWon, voice: Voice) -> str:
    if voice.is_you(event.seat):
        text = ngettext(
            "★ You win the match with {score} point!", "★ You win the match with {score} points!", event.score
        )
    else:
        text = ngettext(
            "★ {name} wins the match with {score} point!", "★ {name} wins the match with {score} points!", event.score
        )
    return text.format(name=voice.name(event.seat), score=event.score)


def _won_round(event: RoundWon, voice: Voice) -> str:
    if voice.is_you(event.seat):
        text = ngettext("★ You win the round: +{points} point", "★ You win the round: +{points} points", event.points)
    else:
        text = ngettext(
            "★ {name} wins the round: +{points} point", "★ {name} wins the round: +{points} points", event.points
        )
    return text.format(name=voice.name(event.seat), points=event.points)


def _caught(event: UnoCaught, voice: Voice) -> str:
    values = {"name": voice.name(event.catcher), "caught": voice.name(event.seat)}
    if voice.is_you(event.catcher):
        return _("Caught! You catch {caught} without UNO: {caught} draws 2").format(**values)
    if voice.is_you(event.seat):
        return _("Caught! {name} catches you without UNO: you draw 2").format(**values)
    return _("Caught! {name} catches {caught} without UNO: {caught} draws 2").format(**values)


def _shell(event: TargetChosen, voice: Voice) -> str:
    values = {
        "icon": voice.icon(Item.GREEN_SHELL),
        "shell": item_label(Item.GREEN_SHELL),
        "name": voice.name(event.seat),
        "target": voice.name(event.target),
    }
    if voice.is_you(event.seat):
        return _("{icon} {shell} — you hit {target}: {target} draws 1").format(**values)
    if voice.is_you(event.target):
        return _("{icon} {shell} — {name} hits you: you draw 1").format(**values)
    return _("{icon} {shell} — {name} hits {target}: {target} draws 1").format(**values)


def pending_words(seat: int, total: int, voice: Voice, *, can_stack: bool = True) -> str:
    """A stack waiting for ``seat``'s answer (H1-H3); ``can_stack``: whether the reader, if it is theirs, may stack.

    Found in play: "+8 to you — stack or take it" with nothing in the hand to stack.
    """
    if voice.is_you(seat) and not can_stack:
        return _("+{total} to you and nothing to stack: take them").format(total=total)
    if voice.is_you(seat):
        return _("+{total} to you — stack or take it").format(total=total)
    return _("+{total} to {name} — stack or take it").format(total=total, name=voice.name(seat))


def pending_short_words(seat: int, total: int, voice: Voice, *, can_stack: bool = True) -> str:
    """``pending_words`` in fewer letters, for the table's border where the long one would be cut (80x24)."""
    if voice.is_you(seat) and not can_stack:
        return _("+{total} to you: take them (d)").format(total=total)
    if voice.is_you(seat):
        return _("+{total} to you: stack or take").format(total=total)
    return _("+{total} to {name}: stack or take").format(total=total, name=voice.name(seat))


def _house_banner(events: Sequence[Event], voice: Voice, *, can_stack: bool = True) -> Banner | None:
    """What a house rule did (HOUSE_RULES.md): a jump-in, a stack passed on or taken, hands swapped, a long draw."""
    for event in events:
        if isinstance(event, CardsDrawn) and event.reason is DrawReason.CHOICE and len(event.cards) > 1:  # H6
            count = len(event.cards)
            if voice.is_you(event.seat):
                text = ngettext(
                    "Draw until playable — You draw {count} card", "Draw until playable — You draw {count} cards", count
                )
            else:
                text = ngettext(
                    "Draw until playable — {name} draws {count} card",
                    "Draw until playable — {name} draws {count} cards",
                    count,
                )
            return Banner(text.format(name=voice.name(event.seat), count=count), "house")
        if isinstance(event, JumpedIn):  # H5
            text = (
                _("Jump-in! You jump in with {card}")
                if voice.is_you(event.seat)
                else _("Jump-in! {name} jumps in with {card}")
            )
            return Banner(text.format(name=voice.name(event.seat), card=short(event.card)), "house")
        if isinstance(event, DrawPending):  # H1-H3
            return Banner(pending_words(event.seat, event.total, voice, can_stack=can_stack), "house")
        if isinstance(event, StackAccepted):
            # Found in the Slovak and Dutch playtest: "Peach takes the 2" did not say 2 of what.
            if voice.is_you(event.seat):
                text = ngettext("You take the stack: {total} card", "You take the stack: {total} cards", event.total)
            else:
                text = ngettext(
                    "{name} takes the stack: {total} card", "{name} takes the stack: {total} cards", event.total
                )
            return Banner(text.format(name=voice.name(event.seat), total=event.total), "house")
        if isinstance(event, HandsSwapped):  # H4
            values = {"name": voice.name(event.seat), "other": voice.name(event.other)}
            if voice.is_you(event.seat):
                text = _("7 — You swap hands with {other}")
            elif voice.is_you(event.other):
                text = _("7 — {name} swaps hands with you")
            else:
                text = _("7 — {name} swaps hands with {other}")
            return Banner(text.format(**values), "house")
        if isinstance(event, HandsPassed):
            if event.direction == 1:
                return Banner(_("0 — every hand moves one seat left"), "house")
            return Banner(_("0 — every hand moves one seat right"), "house")
    return None


def _challenge(event: ChallengeResolved, voice: Voice) -> str:
    # Whose challenge, by name: "Challenge lost" read as the reader's loss when the reader was challenged.
    values = {
        "name": voice.name(event.challenger),
        "challenged": voice.name(event.challenged),
        "colour": color_word(event.color),
    }
    if voice.is_you(event.challenger):
        if event.guilty:
            text = _("Your challenge wins: {challenged} bluffed (held {colour}) — {challenged} draws 4")
        else:
            text = _("Your challenge fails: {challenged} held no {colour} — you draw 6")
    elif voice.is_you(event.challenged):
        if event.guilty:
            text = _("{name}'s challenge wins: you bluffed (held {colour}) — you draw 4")
        else:
            text = _("{name}'s challenge fails: you held no {colour} — {name} draws 6")
    elif event.guilty:
        text = _("{name}'s challenge wins: {challenged} bluffed (held {colour}) — {challenged} draws 4")
    else:
        text = _("{name}'s challenge fails: {challenged} held no {colour} — {name} draws 6")
    return text.format(**values)


def _item_words(turned: CardTurned, events: Sequence[Event], voice: Voice) -> str:
    """``Peach's Item Box: B5 ⚡ Lightning — everyone else draws 1, Peach goes again``."""
    item, seat = turned.card.item, turned.seat
    values = {
        "name": voice.name(seat),
        "card": voice.card(turned.card),
        "icon": voice.icon(item),
        "item": item_label(item),
        "what": _what_the_item_did(item, seat, events, voice),
    }
    if voice.is_you(seat):
        return _("Your Item Box: {card} {icon} {item} — {what}").format(**values)
    return _("{name}'s Item Box: {card} {icon} {item} — {what}").format(**values)


def _what_the_item_did(item: Item, seat: int, events: Sequence[Event], voice: Voice) -> str:
    """I1-I5 in a clause: "everyone else draws 1, Peach goes again"."""
    again = any(isinstance(e, ExtraTurn) and e.seat == seat for e in events)
    drawn = {e.seat: len(e.cards) for e in events if isinstance(e, CardsDrawn)}
    target = next((e.target for e in events if isinstance(e, TargetChosen)), None)
    you, name = voice.is_you(seat), voice.name(seat)
    if item is Item.MUSHROOM:
        if not again:
            return _("no extra turn for the winner")
        return _("you go again") if you else _("{name} goes again").format(name=name)
    if item is Item.BANANA:
        victim = next((s for s in drawn if s != seat), None)
        if victim is None:
            return _("nobody behind")
        count = drawn[victim]
        if voice.is_you(victim):
            return ngettext("you draw {count}", "you draw {count}", count).format(count=count)
        return ngettext("{name} draws {count}", "{name} draws {count}", count).format(
            name=voice.name(victim), count=count
        )
    if item is Item.GREEN_SHELL:
        if target is None:
            return _("you pick who draws 1") if you else _("{name} picks who draws 1").format(name=name)
        return _("you draw 1") if voice.is_you(target) else _("{name} draws 1").format(name=voice.name(target))
    if item is Item.LIGHTNING:
        if not again:
            return _("everyone else draws 1")
        if you:
            return _("everyone else draws 1, you go again")
        return _("everyone else draws 1, {name} goes again").format(name=name)
    if seat in drawn:
        return (
            _("you draw 2 and choose the colour")
            if you
            else _("{name} draws 2 and chooses the colour").format(name=name)
        )
    return _("no Bob-omb for the winner")
