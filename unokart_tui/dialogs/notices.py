"""Things to read, then continue: a revealed hand, the end of a round or match, help."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from unokart_tui.engine import Card

from ..widgets.cardface import compact


class NoticeDialog(ModalScreen[str]):
    """A box of text; each of ``keys`` (key, label) dismisses it with that key."""

    def __init__(
        self, title: str, body: Text | str, keys: Sequence[tuple[str, str]] = (("enter", "continue"),)
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.body, self.keys = title, body, list(keys)

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(self.title_text, classes="title")
            yield Static(self.body)
            line = Text()
            for key, label in self.keys:
                line.append(f" {key} ", style="bold reverse")
                line.append(f" {label}   ")
            yield Static(line, classes="keys")

    def on_key(self, event: object) -> None:
        key = getattr(event, "key", "")
        for wanted, _ in self.keys:
            if key == wanted or (wanted == "enter" and key == "space"):
                self.dismiss(wanted)
                return


def revealed_hand(name: str, cards: Sequence[Card], guilty: bool) -> NoticeDialog:
    verdict = "Guilty! They draw 4." if guilty else "Not guilty: you draw 6."
    body = Text("  ".join(compact(card) for card in cards) or "(no cards)")
    return NoticeDialog(f"{name} shows you their hand — {verdict}", body)


def round_over(winner: str, points: int, rows: Sequence[tuple[str, Sequence[Card], int]], scores: str) -> NoticeDialog:
    body = Text()
    for name, cards, value in rows:
        body.append(f"{name:<8.8} {value:>4} pts  ", style="bold")
        body.append("  ".join(compact(card) for card in cards) + "\n")
    body.append(f"\nScores: {scores}")
    return NoticeDialog(f"{winner} won the round: +{points} points", body, [("enter", "next round")])


def match_over(winner: str, scores: str) -> NoticeDialog:
    return NoticeDialog(
        f"{winner} won the match!", Text(f"Final scores: {scores}"), [("n", "play again"), ("q", "quit")]
    )


HELP = """\
# How to play

Match the top card by **colour**, **number** or **symbol**, or play a wild card.
Can't (or won't)? Draw one; you may play it at once if it fits.

**Item Box** (wild): the top card of the draw pile is turned, and its item fires —
*Mushroom* (red): play again · *Banana* (yellow): the player behind you draws 2 ·
*Green Shell* (green): an opponent of your choice draws 1 · *Lightning* (blue):
everyone else draws 1 and you play again · *Bob-omb* (a wild): you draw 2 and pick the colour.

**Wild Draw Four**: the next player accepts (draws 4) or challenges. It was a bluff if
you held the colour to match: then you draw 4. If not, the challenger draws 6.

**UNO**: say it with the play that leaves you one card (`u`, then play), or late,
before anyone catches you (`c` catches others). Caught: draw 2.

Going out wins the round and every card left in the other hands: numbers at face
value, actions 20, wilds 50. First to the target wins the match.

# Keys

| key | what |
| --- | --- |
| ← → or h l | choose a card |
| enter, space, click | play it |
| d, click the pile | draw |
| p | keep the card you drew |
| u | say UNO (with your next play, or late) |
| c | catch someone who forgot UNO |
| f | let the bots play fast until your turn |
| ? | this help |
| q | leave (the match is saved) |
"""


class HelpDialog(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="box help"):
            yield Markdown(HELP)

    def action_close(self) -> None:
        self.dismiss(None)
