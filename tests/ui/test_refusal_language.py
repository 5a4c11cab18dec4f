"""Enter on a card that cannot go is refused in the game's language, on screen (issue 32)."""

from __future__ import annotations

import pytest

from unokart_tui.engine import Play
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.widgets.hand import HandView
from unokart_tui.voice import use_process_language

from .helpers import make_app, settle

SAID = {
    "sk": ("Takto nie", "nemôžeš dať na kartu"),
    "nl": ("Mag niet", "kan niet op"),
}


@pytest.fixture(params=sorted(SAID))
def language(request):
    use_process_language(request.param)
    yield request.param
    use_process_language(None)


async def test_t1_an_unplayable_card_is_refused_in_the_games_language(language):
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        legal = {a.card for a in app.session.match.legal_actions() if isinstance(a, Play)}
        cards = screen.query_one(HandView).state.cards
        screen.controller.cursor = next(i for i, card in enumerate(cards) if card not in legal)
        await pilot.press("enter")
        await pilot.pause()
        [refused] = [note for note in app._notifications if note.severity == "warning"]
    title, words = SAID[language]
    assert refused.title == title and words in refused.message
    assert "can't" not in refused.message and "wild card" not in refused.message
