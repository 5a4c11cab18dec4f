"""Words for what happens at the table: log lines, the house rules' notes, how a round went out.

Cards are written as on the table (``voice/cards.py``), items with the symbols of the player's
glyph set (``glyphs.py``). No Textual here: everything is built and tested without the interface.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from unokart_tui.engine import (
    Accept,
    Action,
    Card,
    CardPlayed,
    CardsDrawn,
    CardTurned,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    ColorChosen,
    DirectionChanged,
    Draw,
    DrawPending,
    DrawReason,
    Event,
    HandsPassed,
    HandsSwapped,
    JumpedIn,
    JumpIn,
    MatchWon,
    Pass,
    Phase,
    PileReshuffled,
    Play,
    PlayerExposed,
    Round,
    RoundWon,
    SayUno,
    StackAccepted,
    StartCardTurned,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
)

from . import _, ngettext
from .cards import COLOR_CLASS, color_class, color_word, draw_reason, long
from .lines import sentence, stack_taken
from .speaker import Voice


class LogLine(NamedTuple):
    text: str
    style: str = ""  # a Rich style
    # Words that name a card or a colour, each with the card face it is painted as ("red"... "wild"):
    # the log shows them in the theme's card colours, as the table does (a colour-blind theme included).
    faces: tuple[tuple[str, str], ...] = ()
    # A shell command the player may copy (the seed line): wrapped at spaces, never mid-word.
    command: bool = False

    @property
    def plain(self) -> str:
        """The words alone, as a Rich ``Text``'s: a log holds both."""
        return self.text


def in_told_order(events: Sequence[Event]) -> list[Event]:
    """One action's ``events`` in the order they are told: a UNO said (or not said) with a play right
    after that play, before what the card then did (an item, a stack, another turn).

    The engine judges UNO once the play has resolved (U1-U3), so its event comes last. Found in play: a
    bot's "says UNO!" came after its Item Box's lines, as if said later. A swap or passed hands in
    between keeps it after them: the UNO is then for the hand that came back (H4b). A Reverse's change
    of direction (A3) is the play itself, and stays right after it (issue 34: found in play, "Peach plays
    Green Reverse. · Peach says UNO! · Play now goes right").
    """
    told = list(events)
    for index, event in enumerate(told):
        if not isinstance(event, (UnoSaid, PlayerExposed)) or (isinstance(event, UnoSaid) and event.late):
            continue
        for back in range(index - 1, -1, -1):
            earlier = told[back]
            if isinstance(earlier, (HandsSwapped, HandsPassed)):
                break
            if isinstance(earlier, CardPlayed) and earlier.seat == event.seat:
                at = back + 1
                while at < index and isinstance(told[at], DirectionChanged):
                    at += 1
                told.insert(at, told.pop(index))
                break
    return told


def log_line(event: Event, voice: Voice, *, can_stack: bool = True) -> LogLine:
    """One line of the game log for ``event`` (``can_stack``: whether the reader may stack on a total, H1-H3)."""
    if isinstance(event, (RoundWon, MatchWon)):
        return LogLine("★ " + sentence(event, voice), "bold reverse")
    style = "bold" if isinstance(event, (PlayerExposed, UnoCaught, JumpedIn, DrawPending)) else ""
    if isinstance(event, DrawPending) and voice.is_you(event.seat) and not can_stack:
        # Found in play: "+8 to you: stack or take it" with nothing in the hand to stack.
        return LogLine("· " + _("+{total} to you and nothing to stack: take them.").format(total=event.total), style)
    return LogLine("· " + sentence(event, voice), style, _faces(event))


def action_lines(events: Sequence[Event], voice: Voice, *, can_stack: bool = True) -> list[LogLine]:
    """The game log's lines for one action's ``events``, in the order they are told: a line each, but one
    line for a stack taken and the cards it drew (H1-H3)."""
    told = in_told_order(events)
    lines: list[LogLine] = []
    for number, event in enumerate(told):
        if _stack_draw(told, number) is not None:
            continue  # said with its draw
        if _drawn_for_stack(told, number):
            assert isinstance(event, CardsDrawn)
            lines.append(LogLine("· " + stack_taken(event, voice)))
            continue
        lines.append(log_line(event, voice, can_stack=can_stack))
    return lines


def _stack_draw(events: Sequence[Event], number: int) -> CardsDrawn | None:
    """The draw of the stack taken at ``events[number]`` (H1-H3), or None.

    The engine's next event, or the one after the draw pile was made again from the discards (T4).
    """
    event = events[number]
    if not isinstance(event, StackAccepted):
        return None
    for after in events[number + 1 :]:
        if isinstance(after, CardsDrawn) and after.seat == event.seat and after.cards:
            return after
        if not isinstance(after, PileReshuffled):
            break
    return None


def _drawn_for_stack(events: Sequence[Event], number: int) -> bool:
    """Whether ``events[number]`` is the draw of a stack taken just before it (``_stack_draw``)."""
    event = events[number]
    if not isinstance(event, CardsDrawn):
        return False
    for back in range(number - 1, -1, -1):
        if not isinstance(events[back], PileReshuffled):
            return _stack_draw(events, back) is event
    return False


def log_lines(
    events: Sequence[Event],
    voice: Voice,
    *,
    can_stack: bool = True,
    hand: int | None = None,
    drawn: Card | None = None,
) -> list[LogLine]:
    """Line mode's log lines for one action's ``events``: a line each, but one line for the others' draws
    of a Lightning (I4), and for a draw and the turn it costs; a Reverse and passed hands told from the
    reader's seat. Found in line mode's playtest: with nine opponents, a Lightning was eight lines.

    ``hand``: the reader's cards once the action is done (None for an action of the past), said when
    hands are passed on (H4). An action that just happened (``hand`` given) leaves out what the line
    table's next line says with the command to type: a total passed to the reader (its turn line names
    the cards to stack), a forgotten UNO (the chance to catch or to say it), and the card the reader
    drew (``drawn``: the card they may now play or keep). Found in the playtest: each was said twice.
    """
    events = in_told_order(events)
    lines: list[LogLine] = []
    struck: list[int] = []  # the seats other than the reader's that each drew their card of this Lightning
    at = 0  # where their line is
    for number, event in enumerate(events):
        if number and _drew_and_lost(events[number - 1], event):
            continue  # said with the draw
        if _stack_draw(events, number) is not None:
            continue  # said with its draw
        if isinstance(event, CardsDrawn) and _drawn_for_stack(events, number):
            after = events[number + 1] if number + 1 < len(events) else None
            lost = after is not None and _drew_and_lost(event, after)
            lines.append(LogLine("· " + stack_taken(event, voice, lost_turn=lost)))
            continue
        if hand is not None and _said_next(event, voice, drawn):
            continue
        if isinstance(event, DrawPending):  # the reader's own, live, was left out just above
            lines.append(LogLine("· " + _stack_news(event, voice), "bold"))
            continue
        lightning = isinstance(event, CardsDrawn) and event.reason is DrawReason.LIGHTNING
        if isinstance(event, CardsDrawn) and lightning and len(event.cards) == 1 and not voice.is_you(event.seat):
            if not struck:
                lines.append(LogLine(""))  # the place of the line that names them all
                at = len(lines) - 1
            struck.append(event.seat)
            lines[at] = lightning_line(struck, voice)
            continue
        if not lightning:
            struck = []
        after = events[number + 1] if number + 1 < len(events) else None
        told = _told_around(event, voice, hand)
        if told:
            lines.append(LogLine("· " + told))
            continue
        if isinstance(event, CardsDrawn) and after is not None and _drew_and_lost(event, after):
            lines.append(LogLine("· " + _drew_and_lost_line(event, voice)))
            continue
        lines.append(log_line(event, voice, can_stack=can_stack))
    return lines


def _said_next(event: Event, voice: Voice, drawn: Card | None) -> bool:
    """Whether the line table's next line (the reader's turn, or their chance) says ``event`` again."""
    if isinstance(event, PlayerExposed):
        return True
    if isinstance(event, DrawPending):
        return voice.is_you(event.seat)
    return (
        isinstance(event, CardsDrawn)
        and drawn is not None
        and voice.is_you(event.seat)
        and event.reason is DrawReason.CHOICE
        and event.cards == (drawn,)
    )


def _stack_news(event: DrawPending, voice: Voice) -> str:
    """H1-H3: another seat's choice, said as news (found in the playtest: "+2 to Mario: stack or take it"
    read as an order to the player)."""
    if voice.is_you(event.seat):  # a replay's: what the player had to do then
        return ngettext(
            "You must stack or take {total} card.", "You must stack or take {total} cards.", event.total
        ).format(total=event.total)
    return ngettext(
        "{name} must stack or take {total} card.", "{name} must stack or take {total} cards.", event.total
    ).format(name=voice.name(event.seat), total=event.total)


def _told_around(event: Event, voice: Voice, hand: int | None) -> str:
    """A Reverse, or hands passed on, told from the reader's seat (H4); else "".

    Found in line mode's playtest: "Play now goes right (counter-clockwise)" and "Everyone passes
    their hand to the left" say nothing to a player who cannot see the table.
    """
    if voice.you is None:
        return ""
    if isinstance(event, DirectionChanged):
        after = voice.name((voice.you + event.direction) % len(voice.names))
        return _("Play now goes the other way: {name} plays after you.").format(name=after)
    if not isinstance(event, HandsPassed):
        return ""
    giver = voice.name((voice.you - event.direction) % len(voice.names))
    if hand is None:
        return _("Everyone passes their hand on: you now hold {name}'s.").format(name=giver)
    return ngettext(
        "Everyone passes their hand on: you now hold {name}'s, {count} card.",
        "Everyone passes their hand on: you now hold {name}'s, {count} cards.",
        hand,
    ).format(name=giver, count=hand)


def _drew_and_lost(event: Event, after: Event) -> bool:
    """A Draw Two's (or a Wild Draw Four's, a lost challenge's) draw, then the same seat's lost turn."""
    return (
        isinstance(event, CardsDrawn)
        and isinstance(after, TurnSkipped)
        and after.seat == event.seat
        and event.reason is not DrawReason.CHOICE
        and 0 < len(event.cards) == event.wanted
    )


def _drew_and_lost_line(event: CardsDrawn, voice: Voice) -> str:
    """Two lines in one: found in line mode's playtest, each Draw Two cost two lines."""
    reason = draw_reason(event.reason)
    if voice.is_you(event.seat):
        cards = ", ".join(voice.card(card) for card in event.cards)
        return _("You draw {cards} ({reason}) and lose the turn.").format(cards=cards, reason=reason)
    count = len(event.cards)
    return ngettext(
        "{name} draws {count} card ({reason}) and loses the turn.",
        "{name} draws {count} cards ({reason}) and loses the turn.",
        count,
    ).format(name=voice.name(event.seat), count=count, reason=reason)


def lightning_line(seats: Sequence[int], voice: Voice) -> LogLine:
    """I4: "Lightning: Mario, Luigi and Peach each draw a card."."""
    names = [voice.name(seat) for seat in seats]
    listed = (
        names[0] if len(names) == 1 else _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
    )
    text = ngettext("Lightning: {names} draws a card.", "Lightning: {names} each draw a card.", len(names)).format(
        names=listed
    )
    return LogLine("· " + text)


def _faces(event: Event) -> tuple[tuple[str, str], ...]:
    """The card an event names and the colour it calls, as ``LogLine.faces`` has them."""
    faces: list[tuple[str, str]] = []
    if isinstance(event, (CardPlayed, StartCardTurned, CardTurned, JumpedIn)):
        faces.append((long(event.card), color_class(event.card)))
    if isinstance(event, (CardPlayed, ColorChosen)) and event.color is not None:
        faces.append((color_word(event.color), COLOR_CLASS[event.color]))
    return tuple(faces)


def must_play_line(events: Sequence[Event], round_: Round, voice: Voice) -> LogLine | None:
    """H7: the line after a draw whose card must now be played (``round_``: the round just after ``events``).

    Found in play: "You draw B7. You play Blue 7." with no word of the house rule that left no choice.
    """
    forced = must_play(events, round_)
    return None if forced is None else must_play_words(*forced, voice)


def must_play(events: Sequence[Event], round_: Round) -> tuple[int, Card] | None:
    """H7: the seat that must now play the card it drew with ``events``, and that card; None if no one must."""
    if not round_.rules.must_play_drawn or round_.phase is not Phase.DRAWN or round_.drawn is None:
        return None
    if not any(isinstance(event, CardsDrawn) and event.reason is DrawReason.CHOICE for event in events):
        return None
    if Pass() in round_.legal_actions():  # H7a: a drawn Wild Item Box may be kept
        return None
    return round_.decider, round_.drawn


def must_play_words(seat: int, card: Card, voice: Voice) -> LogLine:
    """H7's line for ``seat``, which must play the ``card`` it drew: the card is named to that seat only."""
    if voice.is_you(seat):
        text = _("You must play the {card} you drew (house rule: a playable card drawn is played).").format(
            card=voice.card(card)
        )
    else:
        text = _("{name} must play the card just drawn (house rule: a playable card drawn is played).").format(
            name=voice.name(seat)
        )
    return LogLine("· " + text, "italic")


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
    values = {"name": voice.name(winner), "card": voice.card(last.card)}
    you = voice.is_you(winner)
    earlier = moves[:-1]
    while earlier and earlier[-1][0] == winner and isinstance(earlier[-1][1], Draw):
        earlier.pop()
    before = earlier[-1] if earlier else None
    if before is None:
        return (_("You went out with {card}.") if you else _("{name} went out with {card}.")).format(**values)
    seat, action = before
    values["other"] = voice.name(seat)
    if isinstance(action, Draw):
        if you and voice.is_you(seat):
            text = _("You went out with {card}, after you drew.")
        elif you:
            text = _("You went out with {card}, after {other} drew.")
        elif voice.is_you(seat):
            text = _("{name} went out with {card}, after you drew.")
        else:
            text = _("{name} went out with {card}, after {other} drew.")
        return text.format(**values)
    values["before"] = voice.card(action.card)
    if you and voice.is_you(seat):
        text = _("You went out with {card}, after your {before}.")
    elif you:
        text = _("You went out with {card}, after {other}'s {before}.")
    elif voice.is_you(seat):
        text = _("{name} went out with {card}, after your {before}.")
    else:
        text = _("{name} went out with {card}, after {other}'s {before}.")
    return text.format(**values)


def move_words(action: Action, voice: Voice) -> str:
    """A move in words, as a player says it ("playing Red 7 and saying UNO"), for a line that lists moves.

    Found in play: the export's undo line said "your move (catch 1)", the save's notation.
    A reaction names its seat; any other move is the decider's, whom the line around it names.
    """
    if isinstance(action, Play):
        values = {"card": long(action.card), "colour": color_word(action.color) if action.color else ""}
        if action.color is not None and action.uno:
            return _("playing {card}, calling {colour} and saying UNO").format(**values)
        if action.color is not None:
            return _("playing {card} and calling {colour}").format(**values)
        if action.uno:
            return _("playing {card} and saying UNO").format(**values)
        return _("playing {card}").format(**values)
    if isinstance(action, Draw):
        return _("drawing a card")
    if isinstance(action, Pass):
        return _("keeping the drawn card")
    if isinstance(action, Accept):
        return _("taking the cards")
    if isinstance(action, Challenge):
        return _("challenging the Wild Draw Four")
    if isinstance(action, ChooseColor):
        return _("choosing {colour}").format(colour=color_word(action.color))
    if isinstance(action, ChooseTarget):
        if voice.is_you(action.seat):
            return _("choosing you")
        return _("choosing {name}").format(name=voice.name(action.seat))
    you, name = voice.is_you(action.seat), voice.name(action.seat)
    if isinstance(action, SayUno):
        return _("saying UNO late") if you else _("{name} saying UNO late").format(name=name)
    if isinstance(action, CatchUno):
        if you:
            return _("catching a player who forgot to say UNO")
        return _("{name} catching a player who forgot to say UNO").format(name=name)
    values = {"name": name, "card": long(action.card)}
    if action.uno:
        text = _("jumping in with {card} and saying UNO") if you else _("{name} jumping in with {card} and saying UNO")
    else:
        text = _("jumping in with {card}") if you else _("{name} jumping in with {card}")
    return text.format(**values)


def how_it_ended(seat: int, events: Sequence[Event], voice: Voice) -> str:
    """Why ``seat`` can no longer be caught (or say UNO late), for a key that comes too late."""
    for event in events:
        if isinstance(event, UnoCaught):
            values = {"name": voice.name(event.catcher), "caught": voice.name(seat)}
            if voice.is_you(event.catcher):
                return _("You caught {caught} first").format(**values)
            if voice.is_you(seat):
                return _("{name} caught you first").format(**values)
            return _("{name} caught {caught} first").format(**values)
        if isinstance(event, UnoSaid) and event.late:
            if voice.is_you(seat):
                return _("You said UNO in time")
            return _("{name} said UNO in time").format(name=voice.name(seat))
    return _("play has gone on since")


__all__ = [
    "LogLine",
    "Voice",
    "action_lines",
    "how_it_ended",
    "how_it_went_out",
    "in_told_order",
    "lightning_line",
    "log_line",
    "log_lines",
    "move_words",
    "must_play",
    "must_play_line",
    "must_play_words",
]
