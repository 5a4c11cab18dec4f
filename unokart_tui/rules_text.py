"""The rules as the Rules screen tells them, in this project's words (RULES.md is the reference).

``ITEMS`` is the first-game guide: the Item Box's five items in a few lines, shown over
the table (dialogs/guide.py) and at the top of the rules, each with the symbol the cards
show (in the player's glyph set, ``glyphs.py``). ``HOUSE_RULES`` says each house rule of
HOUSE_RULES.md in a line, for the New game screen, the table and the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .engine import Color, Item
from .glyphs import UNICODE, Glyphs
from .voice import N_, _
from .voice.cards import color_key, item_label
from .voice.names import preset_name

if TYPE_CHECKING:
    from .engine import HouseRules

# Marked here, looked up where they are shown (in the reader's language).
ITEM_BOX = N_(
    "The Item Box (W?) is a wild card. Play it and the draw pile's top card is turned over: its item goes off."
)
ITEMS = (  # (item, the turned card, what happens)
    (Item.MUSHROOM, N_("red"), N_("you play again")),
    (Item.BANANA, N_("yellow"), N_("the player before you draws 2")),
    (Item.GREEN_SHELL, N_("green"), N_("an opponent you choose draws 1")),
    (Item.LIGHTNING, N_("blue"), N_("everyone else draws 1, you play again")),
    (Item.BOB_OMB, N_("a wild"), N_("you draw 2 and choose the colour")),
)


def rules(glyphs: Glyphs = UNICODE, house: HouseRules | None = None) -> str:
    """The rules as Markdown, the items with their symbols in ``glyphs``.

    With a match's ``house`` rules, each line a house rule of it changes says so.
    """
    items = "".join(
        "- "
        + _("{icon} {card}: **{item}**, {what}").format(
            icon=_escaped(glyphs.items[i]), card=_(card), item=item_label(i), what=_(what)
        )
        + "\n"
        for i, card, what in ITEMS
    )
    markdown = "# UNO Mario Kart\n\n" + _(ITEM_BOX) + "\n\n" + items + "\n" + _(_RULES) + "\n"
    return markdown if house is None else _noted(markdown, house)


def _escaped(symbol: str) -> str:
    """``symbol`` as Markdown text: the ASCII Bob-omb ``*`` began a list in the list, drawn as its bullet."""
    return "".join(f"\\{c}" if c.isascii() and not c.isalnum() else c for c in symbol)


# The end of each printed-rule line a house rule changes (HOUSE_RULES.md names the rule of RULES.md
# each one changes); the source lines of ``_RULES`` break where a changed sentence ends, so a note
# can follow it. A heading's note is a paragraph under it.
CHANGED_LINES = {
    "stack_draw_two": (N_("- **Draw Two**: the next player draws two and loses the turn. No stacking."),),
    "stack_draw_four": (N_("turn — or challenges you."), N_("Only the player who must draw four may challenge.")),
    "stack_cross": (N_("- **Draw Two**: the next player draws two and loses the turn. No stacking."),),
    "seven_zero": (N_("## Action cards"),),
    "jump_in": (N_("Draw Two) — or play a wild card, which always fits."),),
    "draw_until_playable": (N_("card: if it fits you may play it at once, otherwise your turn ends."),),
    "must_play_drawn": (N_("card: if it fits you may play it at once, otherwise your turn ends."),),
    "banana": (
        N_("**Banana**, the player before you draws 2"),
        N_("(the previous one in the direction of play) draws 2 |"),
        N_("- Banana hits the previous player in the current direction of play."),
    ),
    "hand_size": (N_("Everyone starts with 7 cards."),),
}


def changed_by(switches: list[tuple[str, object]]) -> str:
    """The note on a printed-rule line that the house rules ``switches`` (with their values) change."""
    names = [f"{words.rule} ({words.tag})" for words in (house_rule_words(*switch) for switch in switches)]
    if len(names) == 1:
        return _("*In this match house rule {rule} changes this.*").format(rule=names[0])
    return _("*In this match house rules {rules} and {last} change this.*").format(
        rules=", ".join(names[:-1]), last=names[-1]
    )


def _noted(markdown: str, house: HouseRules) -> str:
    changes: dict[str, list[tuple[str, object]]] = {}
    for switch, value in house.enabled().items():
        for end in CHANGED_LINES[switch]:
            changes.setdefault(_(end), []).append((switch, value))
    lines = markdown.split("\n")
    for end, switches in changes.items():
        (at,) = (n for n, line in enumerate(lines) if line.endswith(end))  # each end is one line's
        note = changed_by(switches)
        line = lines[at]
        if line.startswith("#"):
            lines[at] = f"{line}\n\n{note}"
        elif line.endswith(" |"):
            lines[at] = f"{line[:-2]} {note} |"
        else:
            lines[at] = f"{line} {note}"
    return "\n".join(lines)


# One message, for a translator to write whole; the ends of CHANGED_LINES are its lines' ends.
_RULES = N_(
    """## Playing

Everyone starts with 7 cards.
On your turn, play a card that matches the top card by
**colour**, **number** or **symbol** (Skip on Skip, Reverse on Reverse, Draw Two on
Draw Two) — or play a wild card, which always fits.
If you can't or won't, draw one
card: if it fits you may play it at once, otherwise your turn ends.
When the draw
pile runs out, the discards (all but the top card) are shuffled into a new one.

## Action cards

- **Draw Two**: the next player draws two and loses the turn. No stacking.
- **Skip**: the next player loses the turn.
- **Reverse**: play changes direction. With two players it works as a Skip: you go again.
- **Wild Draw Four**: you choose the colour; the next player draws four and loses the
  turn — or challenges you.

## The Item Box

A **Wild Item Box** turns over the top card of the draw pile. That card becomes the
top card and its **item** fires at once (its own action does not):

| turned card | item | what happens |
| --- | --- | --- |
| red | Mushroom | you take another turn |
| yellow | Banana | the player *behind* you (the previous one in the direction of play) draws 2 |
| green | Green Shell | an opponent you choose draws 1 (with two players: your opponent) |
| blue | Lightning | everyone else draws 1, and you take another turn |
| a wild | Bob-omb | you draw 2 and choose the colour |

## Challenging a Wild Draw Four

Only the player who must draw four may challenge.
The player of the card shows their
hand to the challenger alone. It was a bluff if that hand held a card of the
**colour** that had to be matched — a matching number or another wild does not count.
A bluffer draws four instead (their colour stands and you play normally); if it was
honest, the challenger draws six and loses the turn.

## UNO

Say UNO with the play that leaves you one card. Forget, and until the next move any
opponent may catch you: you draw two. You may still say it late, if you are quicker.
UNO is judged after your whole play, colour or target included: if a Bob-omb leaves
you three cards, there is nothing to say.

## Winning

Going out wins the round, even if your last card would have hurt you (no Bob-omb, no
extra turn for the winner); its effects on the others still happen. You score every
card left in the other hands: numbers at face value, actions 20, wilds 50. The first
to the target (500 unless you choose otherwise) wins the match. The deal moves one
seat to the left each round.

## Decisions this game takes where the printed rules are unclear

- Tied players for the first deal draw again among themselves.
- Reverse with two players also skips: you play again.
- Banana hits the previous player in the current direction of play.
- Lightning makes each other player draw **one** card.
- An empty draw pile is refilled from the discards whenever a card must be drawn; if
  there is still nothing, the draw just does not happen.
- A Wild Draw Four turned by an Item Box is a Bob-omb: nobody draws four."""
)


def keys_text() -> str:
    """The Keys page in the reader's language, with the colour keys its colour dialog really takes."""
    return _(KEYS).format(colour_keys=" ".join(color_key(color) for color in Color))


KEYS = N_(
    """# Keys

## At the table

| key | what |
| --- | --- |
| ← → or h l | choose a card |
| Home End | the first card, the last card |
| enter, space, click | play it |
| d, click the draw pile | draw; on a stack (house rules), take its whole total |
| p | keep the card you drew |
| u | say UNO (with your next play, or late) |
| c | catch someone who forgot UNO |
| j | jump in with the twin of the top card (house rules) |
| t | a hint: what the expert would do now, and why |
| a | autopilot on or off: the expert plays your turns |
| f | let the bots play fast until your turn |
| z | take back your last move, and the bots' after it |
| PgUp PgDn, mouse wheel | scroll the game log (your turn brings it back to the newest line) |
| ? | the Item Box in short, and the keys; r from there for these rules |
| q | leave to the menu (the match is saved) |

## In dialogs

The answer keys are shown in each dialog and in the key bar: {colour_keys} for a colour,
1-9 for a target, a or c to accept or challenge, enter to go on.

## In a replay (Load → r, or after a match)

| key | what |
| --- | --- |
| ← → | one move back or on |
| PgUp PgDn, shift+← → | one round back or on |
| Home End, a click on the bar | the first deal, the end |
| g | go to a move by its number |

## In the rules

| key | what |
| --- | --- |
| ↓ ↑ or j k, PgDn PgUp, space, Home, End | scroll |
| ← → | the rules, the keys |

## Anywhere

| key | what |
| --- | --- |
| ctrl+p | the command palette: new game, continue, load, statistics, rules, settings, theme |
| escape | back |"""
)  # looked up where it is shown


class HouseRuleWords(NamedTuple):
    rule: str  # its id in HOUSE_RULES.md
    tag: str  # a few letters for the table
    line: str  # one line that says what it does


# Each switch of HOUSE_RULES.md; banana and hand_size are said by their value (see ``house_rule_words``).
HOUSE_RULES = {
    "stack_draw_two": HouseRuleWords("H1", N_("+2 stacks"), N_("Answer a Draw Two with another: the total passes on.")),
    # H1a: a lone Wild Draw Four may still be challenged; "(no challenge)" read as if none could be.
    "stack_draw_four": HouseRuleWords(
        "H2", N_("+4 stacks"), N_("Stack Wild Draw Fours; a stack cannot be challenged.")
    ),
    "stack_cross": HouseRuleWords("H3", N_("+4 on +2"), N_("A Wild Draw Four may go on a Draw Two total too.")),
    "seven_zero": HouseRuleWords("H4", N_("7-0"), N_("A 7 swaps hands with a player; a 0 passes hands on.")),
    "jump_in": HouseRuleWords("H5", N_("jump-in"), N_("Play the twin of the top card out of turn (key j).")),
    "draw_until_playable": HouseRuleWords("H6", N_("draw till"), N_("Draw until you get a card you can play.")),
    "must_play_drawn": HouseRuleWords("H7", N_("must play"), N_("A playable card you draw must be played.")),
    "banana": HouseRuleWords("H8", N_("banana last"), N_("The Banana hits the player who took the last turn.")),
    "hand_size": HouseRuleWords("H9", N_("{count} cards"), N_("Everyone is dealt {count} cards (7 in the rules).")),
}


# Line mode's words where the full-screen table's name a key (found in line mode's playtest: "key j").
LINE_MODE_LINES = {"jump_in": N_("Play the twin of the top card out of turn (type jump).")}


def house_rule_words(switch: str, value: object, *, line_mode: bool = False) -> HouseRuleWords:
    """The words for ``switch`` set to ``value`` (a hand size is said with its number); ``line_mode``: its
    command typed, not its key."""
    words = HOUSE_RULES[switch]
    line = LINE_MODE_LINES.get(switch, words.line) if line_mode else words.line
    return words._replace(tag=_(words.tag).format(count=value), line=_(line).format(count=value))


def house_rules_tag(rules: HouseRules) -> str:
    """The rules in a few words: ``official``, a preset's name, or the house rules that are on.

    A mix is not prefixed "house:": players read that as the preset called house.
    """
    name = rules.preset_name
    if name is not None:
        return preset_name(name)
    return ", ".join(house_rule_words(switch, value).tag for switch, value in rules.enabled().items())


# Each switch as it reads when it is on, for the list of every house rule.
_SWITCHED_ON = {"banana": "last-turn", "hand_size": N_("5 to 10")}  # a size is words; "last-turn" a value


def every_house_rule(*, line_mode: bool = False) -> str:
    """Every house rule in a line (Markdown), for the rules read from the title (``line_mode``: as line mode
    reads them, with what is typed there in place of keys)."""
    lines = []
    for switch in HOUSE_RULES:
        value = _SWITCHED_ON.get(switch, True)
        value = _(value) if isinstance(value, str) and switch == "hand_size" else value
        words = house_rule_words(switch, value, line_mode=line_mode)
        lines.append(f"- {words.rule}, **{words.tag}**: {words.line}")
    if line_mode:
        intro = _(
            "A new match may switch on house rules (New game asks for them): the presets house, party\n"
            "and chaos, or single rules. Without them the game is played exactly as above."
        )
    else:
        intro = _(
            "A new match may switch on house rules (New game, ctrl+r): the presets house, party\n"
            "and chaos, or single rules. Without them the game is played exactly as above."
        )
    return "\n".join(["## " + _("House rules"), "", intro, "", *lines])


def house_rules_text(rules: HouseRules) -> str:
    """The house rules in play, in plain words (Markdown): for the rules screen and the table's help."""
    if rules.is_official:
        return _("This match plays the official rules: no house rules.")
    name = rules.preset_name
    if name:
        head = _("This match plays the **{preset}** house rules:").format(preset=preset_name(name))
    else:
        head = _("This match plays these house rules:")
    lines = [f"- {house_rule_words(switch, value).line}" for switch, value in rules.enabled().items()]
    return "\n".join([head, "", *lines])
