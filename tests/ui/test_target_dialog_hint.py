"""The swap (H4) and Green Shell (I3) dialogs offer the hint's target first, as the colour dialog offers
its colour (issue 34: found in play, the swap's dialog asked again with nothing chosen after the hint); the
challenge dialog's enter takes the answer its hint gave (C1)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from unokart_tui.engine import Phase
from unokart_tui.table.session import HUMAN
from unokart_tui.tui.dialogs.choices import ChallengeDialog, TargetDialog
from unokart_tui.tui.widgets.keybar import KeyBar

from .helpers import make_app, play_at_engine_speed, until

TARGETS = [(1, "Mario", 2), (2, "Luigi", 5), (3, "Peach", 4)]


async def test_h4_the_swap_dialog_opens_on_the_hints_seat_and_enter_takes_it():
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        answers: list[int] = []
        app.push_screen(TargetDialog(TARGETS, seven=True, advised=1), answers.append)
        await pilot.pause()
        chosen = app.screen.query_one("#target-hint", Static)
        assert chosen.has_class("-shown")
        assert str(chosen.render()) == "The hint chose Mario: enter takes it, or pick another."
        assert "Mario (the hint)" in str(app.screen.query_one(KeyBar).render())
        await pilot.press("enter")
        await pilot.pause()
        assert answers == [1]


async def test_i3_without_a_hint_enter_aims_at_nobody_and_a_hint_asked_in_the_dialog_is_then_enter():
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        answers: list[int] = []
        dialog = TargetDialog(
            TARGETS,
            advise=lambda: "Aim the Green Shell at Peach: 4 cards, the best target by the expert's reckoning",
            hinted=lambda: 3,
        )
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        assert str(dialog.query_one("#target-hint", Static).render()) == ""
        await pilot.press("enter")
        await pilot.pause()
        assert answers == []  # nothing chosen: enter does nothing
        await pilot.press("t")
        await pilot.pause()
        assert str(dialog.query_one("#target-hint", Static).render()).startswith("Hint: Aim the Green Shell at Peach")
        assert "Peach (the hint)" in str(dialog.query_one(KeyBar).render())
        await pilot.press("enter")
        await pilot.pause()
        assert answers == [3]


async def test_enter_in_the_challenge_dialog_takes_the_answer_its_hint_chose_c1():
    """Issue 34, found in play: after t in the challenge dialog, enter did nothing, where the colour and target
    dialogs' enter takes their hint's choice. The key bar names the answer enter takes."""
    app = make_app(seed=3)
    play_at_engine_speed(app.session, lambda m: m.round.decider == HUMAN and m.round.phase is Phase.CHALLENGE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChallengeDialog))
        dialog = app.screen
        assert "(the hint)" not in str(dialog.query_one(KeyBar).render())  # no hint yet: enter takes nothing
        await pilot.press("t")
        await pilot.pause()
        advised = str(dialog.query_one("#challenge-hint").render()).removeprefix("Hint: ").split()[0]
        assert advised in ("Challenge", "Accept")
        assert f"{advised} (the hint)" in str(dialog.query_one(KeyBar).render())
        taken = len(app.session.match.history[-1])
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ChallengeDialog))
        answered = app.session.match.history[-1][taken]
        assert type(answered).__name__ == advised  # the engine's Accept or Challenge, as the hint said
    app.session.close()
