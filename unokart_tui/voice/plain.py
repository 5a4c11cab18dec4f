"""The sentences of line mode (issue 33): a table read line by line, with commands typed for keys.

Cards are named in words with the short code in brackets, the code being what the player types:
"Red 7 [R7]", "Blue Reverse [B<>]" (the ASCII codes: a keyboard and a braille display have them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from unokart_tui.engine import Card, Color

from ..glyphs import ASCII
from . import _, ngettext
from .cards import color_word, long, short
from .names import shown_name


def code(card: Card) -> str:
    """The short code the player types for ``card``: ``R7``, ``B<>``, ``W+4``."""
    return short(card, ASCII)


def card_words(card: Card) -> str:
    """``Red 7 [R7]``."""
    return _("{name} [{code}]").format(name=long(card), code=code(card))


# The marks the game log sets before its lines ("· ", "★ ", "↶ ", "— Round 2 —") and the table
# before a warning ("⚠ Saving fails"): a screen reader reads each aloud ("middle dot", "black star",
# "warning sign"), and they say nothing that the words do not.
LOG_MARKS = "·★↶—⚠"
# A dash between two thoughts, em or en (a translation may use either): read aloud as "em dash".
BETWEEN_THOUGHTS = re.compile(r"\s+[—–]\s+")
NUMBER = re.compile(r"\d+")


def round_begins(number: int) -> str:
    """The line that opens a round, a sentence in place of the log's heading "— Round 2 —"."""
    return _("Round {number} begins.").format(number=number)


def round_heading_number(line: str) -> int | None:
    """The round whose heading the table's log wrote as ``line``, in the language it was written in; else None."""
    found = NUMBER.search(line)
    if found is None:
        return None
    number = int(found.group())
    return number if line.strip() == _("— Round {number} —").format(number=number) else None


def words_only(line: str) -> str:
    """``line`` as line mode writes it: a round's heading as a sentence, without the log's marks around
    it, one space between words, and a dash between two thoughts (a hint's caution: "Play R1 — keep
    the Wild Draw Four") a semicolon."""
    heading = round_heading_number(line)
    if heading is not None:
        return round_begins(heading)
    return BETWEEN_THOUGHTS.sub("; ", " ".join(line.split()).strip(LOG_MARKS + " "))


def listed(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


# ---------------------------------------------------------------------- the seat's turn, and its chances


def play_turn(playable: Sequence[Card], *, hand: int, top: Card, colour: Color | None = None) -> str:
    """The seat's turn: its cards, the top card and the colour it calls (found in the playtest: the turn
    did not say what the cards were to go on). Commands are English in every language, each after "type"
    (docs/languages.md): found in a Slovak playtest, "tak draw" read as a word left untranslated."""
    values = {"count": hand, "top": card_words(top), "cards": listed([card_words(card) for card in playable])}
    calls = colour is not None and colour != top.color
    if calls:
        assert colour is not None
        values["colour"] = color_word(colour)
    if not playable and calls:
        line = ngettext(
            "Your turn, {count} card in your hand, on {top}, which calls {colour}: nothing can be played. Type draw.",
            "Your turn, {count} cards in your hand, on {top}, which calls {colour}: nothing can be played. Type draw.",
            hand,
        )
    elif not playable:
        line = ngettext(
            "Your turn, {count} card in your hand, on {top}: nothing can be played. Type draw.",
            "Your turn, {count} cards in your hand, on {top}: nothing can be played. Type draw.",
            hand,
        )
    elif calls:
        line = ngettext(
            "Your turn, {count} card in your hand, on {top}, which calls {colour}: you can play {cards}. "
            "Type play and a card, or type draw.",
            "Your turn, {count} cards in your hand, on {top}, which calls {colour}: you can play {cards}. "
            "Type play and a card, or type draw.",
            hand,
        )
    else:
        line = ngettext(
            "Your turn, {count} card in your hand, on {top}: you can play {cards}. Type play and a card, or type draw.",
            "Your turn, {count} cards in your hand, on {top}: you can play {cards}. "
            "Type play and a card, or type draw.",
            hand,
        )
    return line.format(**values)


def drawn_turn(card: Card, *, may_keep: bool) -> str:
    if not may_keep:
        return _("You must play the {card} you drew: type play.").format(card=card_words(card))
    return _("You drew {card}: type play, or type keep.").format(card=card_words(card))


def stack_turn(total: int, stackable: Sequence[Card]) -> str:
    """H1-H3; ``stack`` is the command the line names (found in the playtest: it was refused)."""
    if not stackable:
        return _("+{total} to you and nothing to stack: type take.").format(total=total)
    cards = listed([card_words(card) for card in stackable])
    if len(stackable) == 1:
        return _("+{total} to you: you can stack {cards}. Type stack, or type take.").format(total=total, cards=cards)
    return _("+{total} to you: you can stack {cards}. Type stack and a card, or type take.").format(
        total=total, cards=cards
    )


def colour_question(reason: str, advised: Color | None = None) -> str:
    """The colour asked; ``advised``: the hint's, said with it and taken by Enter alone."""
    if advised is None:
        return _("Choose a colour ({reason}): type red, yellow, green or blue.").format(reason=reason)
    return _(
        "Choose a colour ({reason}): type red, yellow, green or blue. The hint said {colour}: press Enter for it."
    ).format(reason=reason, colour=color_word(advised))


def target_question(targets: Sequence[tuple[str, int]], *, seven: bool, advised: str | None = None) -> str:
    """The target asked (H4's 7, I3's Green Shell); ``advised``: the hint's, said with it and taken by Enter alone."""
    who = listed(
        [
            ngettext("{name} ({count} card)", "{name} ({count} cards)", cards).format(name=n, count=cards)
            for n, cards in targets
        ]
    )
    if seven and advised is not None:
        text = _(
            "Who do you swap hands with? Type swap and a name: {names}. "
            "The hint chose {name}: press Enter to swap with them."
        )
    elif seven:
        text = _("Who do you swap hands with? Type swap and a name: {names}.")
    elif advised is not None:
        text = _(
            "Who do you hit with your Green Shell? Type target and a name: {names}. "
            "The hint chose {name}: press Enter to hit them."
        )
    else:
        text = _("Who do you hit with your Green Shell? Type target and a name: {names}.")
    return text.format(names=who, name=advised)


def challenge_question(name: str, played_on: Color, called: Color, *, can_stack: bool) -> str:
    """The colour it calls, and the colour it was played on: a challenge asks whether they held that one (C1)."""
    values = {"name": name, "called": color_word(called), "played_on": color_word(played_on)}
    if can_stack:
        line = _(
            "{name} played a Wild Draw Four on you and calls {called}; it was played on {played_on}: "
            "type challenge, accept, or stack."
        )
    else:
        line = _(
            "{name} played a Wild Draw Four on you and calls {called}; it was played on {played_on}: "
            "type challenge or accept."
        )
    return line.format(**values)


def chance_to_catch(name: str) -> str:
    return _("{name} has one card and did not say UNO: type catch before your next command.").format(name=name)


def chance_to_say_uno() -> str:
    return _("You have one card and did not say UNO: type uno before your next command.")


def chance_to_jump(card: Card) -> str:
    return _("You hold {card}, the twin of the top card: type jump before your next command to jump in.").format(
        card=card_words(card)
    )


def hint_line(text: str) -> str:
    """The expert's advice as a sentence: the table's banner has no full stop, a line read aloud ends with one."""
    if not text.endswith((".", "!", "?")):
        text += "."
    return _("Hint: {hint}").format(hint=text)


# ---------------------------------------------------------------------- what the seat asks to be read


def hand_title(count: int) -> str:
    return ngettext("Your hand: {count} card.", "Your hand: {count} cards.", count).format(count=count)


def hand_line(number: int, card: Card, *, playable: bool) -> str:
    if playable:
        return _("{number}. {card}, can be played.").format(number=number, card=card_words(card))
    return _("{number}. {card}.").format(number=number, card=card_words(card))


def top_line(card: Card, colour: Color | None, played_by: str) -> str:
    if colour is None or colour == card.color:
        return _("On the pile: {card}, {who}.").format(card=card_words(card), who=played_by)
    return _("On the pile: {card}, {who}; the colour is {colour}.").format(
        card=card_words(card), who=played_by, colour=color_word(colour)
    )


def seat_line(name: str, cards: int, score: int, last: str, *, you: bool, to_act: bool, exposed: bool) -> str:
    # Two counts, each with its own plural: "1 card, 1 point", "7 cards, 120 points".
    held = ngettext("{count} card", "{count} cards", cards).format(count=cards)
    points = ngettext("{count} point", "{count} points", score).format(count=score)
    if you:
        line = _("You: {cards}, {points}.").format(cards=held, points=points)
    else:
        line = _("{name}: {cards}, {points}.").format(name=name, cards=held, points=points)
    if last.endswith(("!", "?", ".")):  # "UNO!" ends its own sentence: no second stop after it
        line += " " + _("Last move: {last}").format(last=last)
    elif last:
        line += " " + _("Last move: {last}.").format(last=last)
    if exposed:
        line += " " + _("One card and no UNO.")
    if to_act:
        line += " " + _("To play now.")
    return line


def pile_line(draw_pile: int, after_you: str) -> str:
    line = ngettext("{count} card in the draw pile.", "{count} cards in the draw pile.", draw_pile).format(
        count=draw_pile
    )
    if after_you:
        line += " " + _("{name} plays after you.").format(name=after_you)
    return line


def rules_line(rules: str, round_number: int, target: int) -> str:
    return ngettext(
        "Round {number}, first to {target} point; rules: {rules}.",
        "Round {number}, first to {target} points; rules: {rules}.",
        target,
    ).format(number=round_number, target=target, rules=rules)


def resumed_line(hand: int, to_play: str | None) -> str:
    """A resumed match's last line before play goes on (``to_play``: who decides; None for the seat,
    whose turn line, with its hand, comes next)."""
    if to_play is None:
        return _("Type log for the last moves.")
    return ngettext(
        "You hold {count} card; {name} plays now. Type log for the last moves.",
        "You hold {count} cards; {name} plays now. Type log for the last moves.",
        hand,
    ).format(count=hand, name=to_play)


def uno_too_early() -> str:
    return _("UNO is for the play that leaves you one card.")


def card_kept(card: Card) -> str:
    """``back`` at a Wild Draw Four's colour question: the card stays in the hand, nothing was played."""
    return _("You keep {card}; choose another move.").format(card=card_words(card))


def nothing_to_go_back_from() -> str:
    return _("There is nothing to go back from: type undo to take back your last move, quit to save and leave.")


def uno_ahead(*, armed: bool) -> str:
    if armed:
        return _("UNO will be said with your next play.")
    return _("UNO taken back: it will not be said with your next play.")


def scores_line(scores: Sequence[tuple[str, int]], target: int) -> str:
    listed_scores = ", ".join(_("{name} {score}").format(name=shown_name(name), score=score) for name, score in scores)
    return _("Scores: {scores}; first to {target} wins.").format(scores=listed_scores, target=target)


def round_over_lines(ending: str, scores: str) -> list[str]:
    """After the log's line that says who won the round and what they scored."""
    lines = [ending] if ending else []
    lines.append(_("Scores: {scores}.").format(scores=scores))
    lines.append(_("Type next for the next round."))
    return lines


def match_over_lines(scores: str) -> list[str]:
    """After the log's line that says who won the match."""
    return [
        _("Final scores: {scores}.").format(scores=scores),
        _("The match is over."),
    ]


def left_line(command: str) -> str:
    return _("The match is saved. To go on with it: {command}").format(command=command)


# ---------------------------------------------------------------------- commands


def help_lines() -> list[str]:
    return [
        _(
            "Type a command and press Enter. Commands are the English words below, in every language; "
            "case does not matter."
        ),
        _("play R7, or play red 7, or play 3 (the third card of your hand): play a card."),
        _("play blue, play reverse, play wild: the one card of your hand that fits; if several do, they are named."),
        _("stack, or stack R+2: put a draw card on the cards passed to you."),
        _("draw: draw a card. keep: keep the card you drew. accept: take the cards put on you."),
        _("uno: say UNO (before your play, or now when you have one card). catch: catch a player without UNO."),
        _("challenge or accept: answer a Wild Draw Four. colour red: choose a colour."),
        _("target Luigi: hit Luigi with your Green Shell. swap Luigi: swap hands with Luigi."),
        _("jump: jump in with the twin of the top card."),
        _("back, while a Wild Draw Four's colour is asked: keep the card and choose another move."),
        _("wait: let play go on past a chance. next: start the next round."),
        _("hand, table, score, log: read your hand, the table, the scores, the last lines again."),
        _("moves: every command you may type now, one per line. hint: the expert's advice. undo: take back."),
        _("help: these lines. quit: save and leave."),
        _("A chance to catch, to say UNO late or to jump in lasts until your next command; the bots wait for it."),
    ]


def unknown_command(word: str) -> str:
    return _("There is no command {word}: type help for the commands, moves for those you may type now.").format(
        word=word
    )


def which_card() -> str:
    return _("Say which card: play and its code, its name or its number in your hand (type hand).")


def no_such_card(text: str) -> str:
    return _("You hold no card {text}: type hand to hear your cards.").format(text=text)


def which_of(typed: str, cards: Sequence[Card]) -> str:
    """Found in the playtest: ``p blue`` with two blue cards; the card is asked for, not refused."""
    return _("Which {typed} card: {cards}?").format(typed=typed, cards=listed([card_words(card) for card in cards]))


def nothing_to_stack() -> str:
    return _("There is nothing to stack on now.")


def stack_which(cards: Sequence[Card]) -> str:
    return _("Stack which card: type stack and its code, {cards}.").format(
        cards=listed([card_words(card) for card in cards])
    )


def which_colour() -> str:
    return _("Say which colour: type red, yellow, green or blue.")


def no_such_colour(typed: str) -> str:
    """Found in the playtest: ``purple`` at the colour question was answered as an unknown command."""
    return _("There is no colour {colour}: type red, yellow, green or blue.").format(colour=typed)


def no_colour_asked() -> str:
    return _("No colour is asked of you now.")


def which_player(names: Sequence[str]) -> str:
    return _("Say a name: one of {names}.").format(names=listed(list(names)))


def nobody_called(typed: str, names: Sequence[str]) -> str:
    """Found in the playtest: ``swap bowser`` was answered with the names alone."""
    return _("There is no {name} at the table: the others are {names}.").format(name=typed, names=listed(list(names)))


def no_target_asked() -> str:
    return _("Nobody is to be chosen now.")


def no_challenge() -> str:
    return _("There is no Wild Draw Four to challenge now.")


def nothing_to_accept() -> str:
    return _("There is nothing to accept now.")


def nothing_to_wait_for() -> str:
    return _("Nothing is waiting for you: play goes on by itself.")


def yours_to_decide() -> str:
    return _("Play waits for you: it is your decision (type moves to hear what you may do).")


def round_not_over() -> str:
    return _("The round is not over yet.")


def no_hint() -> str:
    return _("A hint is for your own turn.")


def log_empty() -> str:
    return _("The log is empty.")


def undone_line(line: str) -> str:
    """A line of the log whose move an undo took back (issue 34: it stayed as if it had happened)."""
    return _("Undone: {line}").format(line=words_only(line))
