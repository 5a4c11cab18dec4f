"""The Wild Draw Four's question to the seat it hits (C1): the colour it was played on, and the one called."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from unokart_tui.engine import Card, Color, Play, Round
from unokart_tui.table import messages as told
from unokart_tui.table.questions import question_of
from unokart_tui.tui.dialogs.choices import ChallengeDialog


def test_the_challenge_question_names_the_colour_called_too():
    # Found in play: the dialog said "Mario played a Wild Draw Four on red." and nothing of the colour called.
    hands = [["W+4", "G3", "B5"], ["R1", "B2"], ["Y1", "Y2"]]
    round_ = Round.from_position(hands, ["Y3", "Y4", "Y6", "B1", "G7"], ["R5"], current=0, dealer=0)
    round_.apply(Play(Card.parse("W+4"), Color.GREEN, False))
    asked = question_of(round_.view(1), ["Ann", "Mario", "Luigi"], round_.legal_actions(), None)
    assert asked == told.AskChallenge("Ann", Color.RED, 2, can_stack=False, called=Color.GREEN)


async def test_the_challenge_dialog_says_the_colour_called():
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = ChallengeDialog("Mario", Color.RED, 3, called=Color.GREEN)
        app.push_screen(dialog)
        await pilot.pause()
        text = "\n".join(
            line.text for static in dialog.query(Static) for line in static.render_lines(static.size.region)
        )
        assert "Mario played a Wild Draw Four on red and called green." in text
