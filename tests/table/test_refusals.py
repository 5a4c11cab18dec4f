"""A key for an illegal move is refused in the player's language (issue 32), with nothing changed."""

from __future__ import annotations

import pytest

from unokart_tui.engine import Card, Phase, Play, Rank
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN
from unokart_tui.voice import speaking

from .fakes import Table, new_session

SLOW_BOTS = Pace(bot_delay=60, catch_window=0, jump_window=0, banner_seconds=None)

# The same seat's refusal of the same card, as each language says it: found with the seed below.
CANT_GO_ON = {
    "en": "can't go on",
    "sk": "nemôžeš dať na kartu",
    "nl": "kan niet op",
}


def unplayable(table: Table) -> Card:
    match = table.session.match
    legal = {action.card for action in match.legal_actions() if isinstance(action, Play)}
    return next(card for card in match.round.hand(HUMAN) if card not in legal and card.rank is not Rank.WILD_DRAW_FOUR)


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
def test_t1_an_unplayable_card_is_refused_in_the_players_language(language: str) -> None:
    with speaking(language):
        table = Table(new_session(seed=11), SLOW_BOTS)
        table.start()
        table.until_the_players_turn()
        assert table.session.view().phase is Phase.PLAY
        history = table.history()
        table.controller.play(unplayable(table))
        [notice] = table.front.notices()
    assert table.history() == history
    assert CANT_GO_ON[language] in notice.text
    if language != "en":
        assert not any(english in notice.text for english in ("can't", "play", "wild card"))
    assert notice.title == {"en": "Not allowed", "sk": "Takto nie", "nl": "Mag niet"}[language]


@pytest.mark.parametrize("language", ["sk", "nl"])
def test_a_keep_with_nothing_drawn_is_refused_in_the_players_language(language: str) -> None:
    with speaking(language):
        table = Table(new_session(seed=11), SLOW_BOTS)
        table.start()
        table.until_the_players_turn()
        table.controller.keep()
        [notice] = table.front.notices()
    assert (
        notice.text
        == {
            "sk": "Teraz si nemáš čo nechať: zahraj kartu alebo ťahaj.",
            "nl": "Je hebt nu geen getrokken kaart om te houden: speel een kaart of trek.",
        }[language]
    )
