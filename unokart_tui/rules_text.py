"""The rules as the Rules screen tells them, in this project's words (RULES.md is the reference).

``ITEMS`` is the first-game guide: the Item Box's five items in a few lines, shown over
the table (dialogs/guide.py) and at the top of the rules.
"""

ITEM_BOX = "The Item Box (W?) is a wild card. Play it and the draw pile's top card is turned over: its item goes off."
ITEMS = (  # (icon, the turned card, item, what happens)
    ("🍄", "red", "Mushroom", "you play again"),
    ("🍌", "yellow", "Banana", "the player before you draws 2"),
    ("🐢", "green", "Green Shell", "an opponent you choose draws 1"),
    ("⚡", "blue", "Lightning", "everyone else draws 1, you play again"),
    ("💣", "a wild", "Bob-omb", "you draw 2 and choose the colour"),
)

RULES = (
    "# UNO Mario Kart\n\n"
    + ITEM_BOX
    + "\n\n"
    + "".join(f"- {icon} {card}: **{item}**, {what}\n" for icon, card, item, what in ITEMS)
    + """
## Playing

Everyone starts with 7 cards. On your turn, play a card that matches the top card by
**colour**, **number** or **symbol** (Skip on Skip, Reverse on Reverse, Draw Two on
Draw Two) — or play a wild card, which always fits. If you can't or won't, draw one
card: if it fits you may play it at once, otherwise your turn ends. When the draw
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

Only the player who must draw four may challenge. The player of the card shows their
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
- A Wild Draw Four turned by an Item Box is a Bob-omb: nobody draws four.
"""
)

KEYS = """\
# Keys

## At the table

| key | what |
| --- | --- |
| ← → or h l | choose a card |
| enter, space, click | play it |
| d, click the draw pile | draw |
| p | keep the card you drew |
| u | say UNO (with your next play, or late) |
| c | catch someone who forgot UNO |
| f | let the bots play fast until your turn |
| PgUp PgDn, the mouse wheel | scroll the game log |
| ? | the Item Box in short, and the keys; r from there for these rules |
| q | leave to the menu (the match is saved) |

## In dialogs

The answer keys are shown in each dialog and in the key bar: r y g b for a colour,
1-9 for a target, a or c to accept or challenge, enter to go on.

## In the rules

| key | what |
| --- | --- |
| ↓ ↑ or j k, PgDn PgUp, space, Home, End | scroll |
| ← → | the rules, the keys |

## Anywhere

| key | what |
| --- | --- |
| ctrl+p | the command palette: new game, continue, load, rules, settings, theme |
| escape | back |
"""
