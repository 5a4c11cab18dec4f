"""The expert's advice in words: the move, its reasons, and a caution (``hints.py`` decides them).

A hint reads "Play G7 as blue: Mario is on one card and it holds them back — keep the Wild Draw
Four for later": the move, then each reason, then a caution. Each piece is a whole clause with
named placeholders; how they are put together is a sentence of its own (``advice``), so that a
translator can order them.
"""

from __future__ import annotations

from collections.abc import Sequence

from unokart_tui.engine import Card, Color, Rank

from ..glyphs import UNICODE, Glyphs
from . import N_, _, ngettext
from . import _ as looked_up  # a message marked with N_ below, looked up when the hint is written
from .cards import color_word, written

# A reason for a move, by what the expert saw; the hint fills the names and colours in.
REASONS = {
    "zero brings one card": N_("the hand {name} passes you holds one card, so UNO goes with it"),
    "seven brings one card": N_("swapping with {name}, who holds one card, leaves you one, so UNO goes with it"),
    "drawn card goes": N_("the card you drew goes"),
    "only card": N_("it is the only card that goes"),
    "holds back, on one": N_("{name} is on one card and it holds them back"),
    "holds back, on two": N_("{name} is on two cards and it holds them back"),
    "lacks, on one": N_("{name} is on one card and had no {colour} at their last draw"),
    "lacks, on two": N_("{name} is on two cards and had no {colour} at their last draw"),
    "another turn": N_("it gives you another turn"),
    "lacks": N_("{name} had no {colour} at their last draw"),
    "plays next and lacks": N_("{name} plays next and had no {colour} at their last draw"),
    "honest four": N_("you hold no {colour}, so a challenge would fail"),
    # C1, C2: a Wild Draw Four played while holding the colour in force is guilty if challenged, and its
    # player draws four (issue 34: found in play, "it changes the colour to one you hold" on a green
    # one played as green, with two greens in the hand).
    "bluff four": N_(
        "it is a bluff: you hold {colour}, so if {name} challenges you draw 4, a risk the search found worth taking"
    ),
    "draws four": N_("it makes {name} draw 4 unless they challenge"),
    "honest four, no colour": N_("you hold no colour, so a challenge would fail"),
    "box behind, on one": N_("{name} is on one card and a Banana, Green Shell or Lightning would make them draw"),
    "box behind, on two": N_("{name} is on two cards and a Banana, Green Shell or Lightning would make them draw"),
    "box, on one": N_("{name} is on one card and a Green Shell or Lightning would make them draw"),
    "box, on two": N_("{name} is on two cards and a Green Shell or Lightning would make them draw"),
    "nothing else fits": N_("nothing else fits"),
    "box odds": N_("the card it turns makes others draw {percent} of the time, by the cards still unseen"),
    "changes colour": N_("it changes the colour to one you hold"),
    "only of its colour": N_("it is your only {colour}, which would be harder to play later"),
    "wild later": N_("a wild card is worth more later"),
    # E3: a card kept counts for the seat that goes out (issue 34: kept while Mario was on one card, unsaid).
    "wild later, on one": N_(
        "a wild card is worth more later, even with its {points} points at risk if {name}, on one card, goes out"
    ),
    "search": N_("the search found playing it now worse for you ({card} can wait)"),
    "next lacks": N_("{name} had none at their last draw"),
    "others lack": N_("the colour the others seem to lack"),
    "most points": N_("your {colour} cards are worth the most points, so they are the ones to shed"),
    "any of them": N_("any of them would do as well"),
    # The seat next in line on one card goes out if it can follow the play (issue 34: found in play,
    # "you keep 2 more green to follow it" while Peach, next, was on one card).
    "one card, cannot follow": N_("{name} is on one card and cannot follow it"),
    "one card, least": N_("{name} is on one card and can follow it {percent} of the time, the least of your plays"),
    "one card, follows": N_("{name} is on one card and can follow it {percent} of the time"),
    "one card, follows more": N_(
        "{name} is on one card and can follow it {percent} of the time ({card}: {other}), "
        "but the search still found it best"
    ),
    # A drawback says why the play is still best (issue 34: found in play, "it sheds 20 points while it
    # can — but it hands the turn to Mario, on one card", and the player could not tell why it was best).
    "hands the turn, on one": N_("it hands the turn to {name}, on one card, but the search still found it best"),
    "hands the turn, on two": N_("it hands the turn to {name}, on two cards, but the search still found it best"),
}
_KEEP_LATER = {
    (Rank.WILD_DRAW_FOUR, False): N_("keep the Wild Draw Four for later"),
    (Rank.WILD_DRAW_FOUR, True): N_("keep the Wild Draw Fours for later"),
    (Rank.WILD_ITEM_BOX, False): N_("keep the Wild Item Box for later"),
    (Rank.WILD_ITEM_BOX, True): N_("keep the Wild Item Boxes for later"),
}


def reason(key: str, **values: object) -> str:
    """One of ``REASONS``, its placeholders filled in."""
    return looked_up(REASONS[key]).format(**values)


def advice(move: str, reasons: Sequence[str], caution: str = "") -> str:
    """The move, its first two reasons and a caution in one sentence: "Play G7: it is the only card that goes"."""
    text = move
    if reasons:
        # Two at most, the weightiest first: found in play, three reasons glued with "and" read as one
        # run-on clause ("…it holds them back and Peach plays next and had no green…").
        listed = reasons[0]
        if len(reasons) > 1:
            listed = _("{first}; {second}").format(first=reasons[0], second=reasons[1])
        text = _("{move}: {reasons}").format(move=move, reasons=listed)
    if caution:
        text = _("{advice} — {caution}").format(advice=text, caution=caution)
    return text


def with_enter(hint: str) -> str:
    """The hint while Enter takes its move."""
    return _("{hint} (enter)").format(hint=hint)


def catch_first(name: str) -> str:
    """U2: a seat that forgot UNO can be caught before the player's own move ends the chance."""
    return _("Catch {name} first (c): they did not say UNO, and your next move would end the chance").format(name=name)


def status_catch(name: str) -> str:
    """The hand's title while Enter catches, as the hint says."""
    return _("catch {name} first, as the hint says (enter or c)").format(name=name)


def status_draw() -> str:
    return _("your turn: draw, as the hint says (enter or d)")


def status_keep() -> str:
    return _("keep the card you drew, as the hint says (enter or p)")


def status_take() -> str:
    return _("take them, as the hint says (enter or d)")


def play(
    card: Card, *, colour: Color | None = None, uno: bool = False, jump_in: bool = False, glyphs: Glyphs = UNICODE
) -> str:
    """``Play G7``, ``Play W+4 as blue and say UNO``, ``Jump in with R5`` (cards written as the hand's ``glyphs``)."""
    values = {"card": written(card, glyphs), "colour": color_word(colour) if colour is not None else ""}
    if jump_in:
        text = _("Jump in with {card} and say UNO") if uno else _("Jump in with {card}")
    elif colour is not None:
        text = _("Play {card} as {colour} and say UNO") if uno else _("Play {card} as {colour}")
    else:
        text = _("Play {card} and say UNO") if uno else _("Play {card}")
    return text.format(**values)


def keep(card: Card, glyphs: Glyphs = UNICODE) -> str:
    return _("Keep the {card}").format(card=written(card, glyphs))


def choose(colour: Color) -> str:
    return _("Choose {colour}").format(colour=color_word(colour))


def you_hold(count: int, colour: Color) -> str:
    return ngettext("you hold {count} {colour}", "you hold {count} {colour}", count).format(
        count=count, colour=color_word(colour)
    )


def you_hold_as_many(count: int, colour: Color, others: Sequence[Color]) -> str:
    """A colour chosen among colours held as often: found in play, "you hold 2 yellow" with 2 green and 2 blue."""
    values = {"count": count, "colour": color_word(colour)}
    if len(others) >= 3:
        text = ngettext("you hold {count} card of each colour", "you hold {count} cards of each colour", count)
    elif len(others) == 2:
        text = ngettext(
            "you hold {count} {colour}, as many as {other} and {third}",
            "you hold {count} {colour}, as many as {other} and {third}",
            count,
        )
        values |= {"other": color_word(others[0]), "third": color_word(others[1])}
    else:
        text = ngettext(
            "you hold {count} {colour}, as many as {other}", "you hold {count} {colour}, as many as {other}", count
        )
        values["other"] = color_word(others[0])
    return text.format(**values)


def target(name: str, cards: int, *, swap: bool, fewest: bool = True) -> str:
    """H4's 7 or I3's Green Shell aimed at ``name``; ``fewest``: no other opponent holds fewer cards."""
    if not fewest:  # the expert aims elsewhere (its search saw more): no superlative that the table contradicts
        if swap:
            text = ngettext(
                "Swap hands with {name}: {count} card, the best swap by the expert's reckoning",
                "Swap hands with {name}: {count} cards, the best swap by the expert's reckoning",
                cards,
            )
        else:
            text = ngettext(
                "Aim the Green Shell at {name}: {count} card, the best target by the expert's reckoning",
                "Aim the Green Shell at {name}: {count} cards, the best target by the expert's reckoning",
                cards,
            )
        return text.format(name=name, count=cards)
    if swap:
        text = ngettext(
            "Swap hands with {name}: {count} card, the fewest of your opponents",
            "Swap hands with {name}: {count} cards, the fewest of your opponents",
            cards,
        )
    else:
        text = ngettext(
            "Aim the Green Shell at {name}: {count} card, the fewest of your opponents",
            "Aim the Green Shell at {name}: {count} cards, the fewest of your opponents",
            cards,
        )
    return text.format(name=name, count=cards)


def expert_choice(action: object) -> str:
    return _("{action}: the expert's choice").format(action=action)


def zero_brings(name: str, cards: int) -> str:
    """H4: what a 0 brings the player."""
    return ngettext(
        "every hand moves on one seat, and you get the hand of {name}, {count} card",
        "every hand moves on one seat, and you get the hand of {name}, {count} cards",
        cards,
    ).format(name=name, count=cards)


def seven_swaps(name: str, cards: int) -> str:
    """H4: what a 7 may swap for."""
    return ngettext(
        "it swaps your hand for another, and {name} holds the fewest cards, {count} card",
        "it swaps your hand for another, and {name} holds the fewest cards, {count} cards",
        cards,
    ).format(name=name, count=cards)


def passes_on(total: int, name: str, held: int) -> str:
    """A stacked draw card's reason (H1-H3): the grown total goes on to the next seat, low on cards or not."""
    if held <= 2:
        sentence = ngettext(
            "it passes the {total} cards on to {name}, who holds {held} card",
            "it passes the {total} cards on to {name}, who holds {held} cards",
            held,
        )
    else:
        sentence = _("it passes the {total} cards on to {name}, who must stack again or take them all")
    return sentence.format(total=total, name=name, held=held)


def sheds(points: int) -> str:
    return ngettext("it sheds {points} point while it can", "it sheds {points} points while it can", points).format(
        points=points
    )


def keeps_to_follow(count: int, colour: Color) -> str:
    return ngettext(
        "you keep {count} more {colour} to follow it", "you keep {count} more {colour} to follow it", count
    ).format(count=count, colour=color_word(colour))


def keep_for_later(rank: Rank, *, plural: bool) -> str:
    return looked_up(_KEEP_LATER[rank, plural])


def draw_keeping(rank: Rank) -> str:
    if rank is Rank.WILD_DRAW_FOUR:
        return _("Draw: keep your Wild Draw Four for when it matters")
    return _("Draw: keep your Wild Item Box for when it matters")


def draw_nothing_of(colour: Color, top: Card, glyphs: Glyphs = UNICODE) -> str:
    return _("Draw: nothing in your hand is {colour}, the colour the {card} asks for").format(
        colour=color_word(colour), card=written(top, glyphs)
    )


def draw_nothing_on(top: Card, glyphs: Glyphs = UNICODE) -> str:
    return _("Draw: nothing in your hand goes on the {card}").format(card=written(top, glyphs))


def draw_for_later(fitting: Sequence[Card], glyphs: Glyphs = UNICODE) -> str:
    """A draw while ``fitting`` cards could go: the expert keeps them."""
    if len(fitting) == 1:
        return _("Draw: the one card that fits, {card}, is worth more later").format(card=written(fitting[0], glyphs))
    return _("Draw: the cards that fit are worth more later")


def draw_over_zeros(*, seven_zero: bool) -> str:
    """A draw while only 0s fit: a 0 is worth no points, so keeping it for later is no reason."""
    if seven_zero:
        return _("Draw: playing a 0 would pass every hand on")  # H4
    return _("Draw: the search found drawing better than playing a 0")


def draw_not_zero(zero: Card, name: str, cards: int, glyphs: Glyphs = UNICODE) -> str:
    """H4: the only card that fits is a 0, and it would bring the player a bigger hand than they would keep."""
    return ngettext(
        "Draw: the only card that fits is {card}, and it would bring you the hand of {name}, {count} card",
        "Draw: the only card that fits is {card}, and it would bring you the hand of {name}, {count} cards",
        cards,
    ).format(card=written(zero, glyphs), name=name, count=cards)


def take_stack(total: int, *, could_stack: bool) -> str:
    """H1-H3: taking a stack."""
    if not could_stack:
        text = ngettext(
            "Take the {count} card: nothing in your hand stacks on them",
            "Take the {count} cards: nothing in your hand stacks on them",
            total,
        )
    else:
        text = ngettext(
            "Take the {count} card: a stacked card would only pass a bigger total round the table",
            "Take the {count} cards: a stacked card would only pass a bigger total round the table",
            total,
        )
    return text.format(count=total)


def challenge_seen(name: str, colour: Color) -> str:
    return _("Challenge: you saw {colour} in {name}'s hand, so the Wild Draw Four was a bluff").format(
        name=name, colour=color_word(colour)
    )


def challenge_odds(name: str, colour: Color) -> str:
    return _("Challenge: the odds that {name} held {colour} and bluffed are high enough to pay").format(
        name=name, colour=color_word(colour)
    )


def accept_four(name: str, colour: Color) -> str:
    return _("Accept the four cards: {name} probably had no {colour}, and a lost challenge costs six").format(
        name=name, colour=color_word(colour)
    )
