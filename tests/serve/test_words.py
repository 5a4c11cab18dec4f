"""What the host says to a player goes through the voice; what it writes in the operator's log stays English."""

from __future__ import annotations

import contextvars
import gettext
import re
from collections.abc import Callable

import pytest

from unokart_tui import voice
from unokart_tui.serve.config import Limits, ServeConfig
from unokart_tui.serve.hub import Hub
from unokart_tui.serve.log import ConnectionLog
from unokart_tui.serve.plain import in_english
from unokart_tui.serve.players import check_name
from unokart_tui.serve.prompt import NamePrompt
from unokart_tui.serve.report import SaveState, exit_words, idle_words
from unokart_tui.serve.seats import Refusal
from unokart_tui.serve.webpage import page


def shout(message: str) -> str:
    """``message`` in capitals, its placeholders as they were."""
    return "".join(part if part.startswith("{") else part.upper() for part in re.split(r"(\{[^}]*\})", message))


class Shouting(gettext.NullTranslations):
    """A language of its own for the tests: every sentence in capitals."""

    def gettext(self, message: str) -> str:
        return shout(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return shout(msgid1 if n == 1 else msgid2)


@pytest.fixture
def shouting(monkeypatch, request):
    """Run a function with the voice speaking Shouting, in a context of its own (nothing leaks to other tests)."""
    monkeypatch.setattr(voice.gettext, "translation", lambda *args, **kwargs: Shouting())
    # The voice keeps one catalog a language: one read before this test would be Slovak, not Shouting.
    voice._catalog.cache_clear()
    request.addfinalizer(voice._catalog.cache_clear)

    def run(work):
        def inside():
            voice.use_language("shouting")
            return work()

        return contextvars.copy_context().run(inside)

    return run


def test_the_words_are_english_until_a_language_is_chosen():
    assert exit_words(1, "") == "The game stopped unexpectedly (status 1). It had not saved a match in this session."
    assert b"Welcome to unokart! This key is new here." in NamePrompt().opening()


def test_a_player_reads_their_language_and_the_log_keeps_english(shouting):
    def both():
        refusal = Refusal.of(lambda: voice._("The server is full."))
        return refusal, voice._("Your name: ")

    refusal, after = shouting(both)
    assert refusal == ("The server is full.", "THE SERVER IS FULL.")
    assert after == "YOUR NAME: "  # the English lookup for the log left the player's language alone


def test_the_hub_refuses_in_the_players_language_and_logs_in_english(shouting, tmp_path):
    log = ConnectionLog(tmp_path / "log", echo=False)
    hub = Hub(ServeConfig(data_dir=tmp_path, limits=Limits(max_sessions=1)), log)

    class Game:
        async def end(self, farewell: Callable[[], str]) -> None:
            pass

    hub.open_session(Game(), None)
    refusal = shouting(lambda: hub.open_session(Game(), None))
    log.close()
    assert refusal == (
        "The server is full (1 game is running). Please come back later.",
        "THE SERVER IS FULL (1 GAME IS RUNNING). PLEASE COME BACK LATER.",
    )


def test_what_the_game_saved_is_said_in_the_players_language_and_logged_in_english(shouting):
    saves = SaveState()
    saves.feed(b"1 saved 0\n2 unsaved 3\n")
    assert shouting(saves.sentence) == "YOUR LAST 3 MOVES COULD NOT BE SAVED."
    assert shouting(lambda: in_english(saves.sentence)) == "Your last 3 moves could not be saved."


def test_the_name_prompt_and_its_refusals_speak_the_players_language(shouting):
    assert b"WHAT NAME SHOULD THE TABLE CALL YOU? (1 TO 20 CHARACTERS; CTRL+C LEAVES)" in shouting(
        lambda: NamePrompt("sk").opening()  # the player's language is the prompt's (Tab changes it)
    )
    with pytest.raises(ValueError, match=r"^SORRY, A NAME HAS AT MOST 20 CHARACTERS\.$"):
        shouting(lambda: check_name("x" * 21))


def test_the_page_speaks_the_players_language(shouting):
    text = shouting(lambda: page("unokart", "/static/", "ws://h/ws", None))
    assert "THIS GAME HAS ENDED." in text and ">PLAY AGAIN<" in text and ">START<" in text


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (30, "No key for 30 s: goodbye for now."),
        (60, "No key for 1 minute: goodbye for now."),
        (90, "No key for 1.5 minutes: goodbye for now."),
        (1800, "No key for 30 minutes: goodbye for now."),
    ],
)
def test_an_idle_player_is_told_how_long_in_whole_sentences(seconds, words):
    assert idle_words(seconds) == words
