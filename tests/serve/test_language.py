"""Over `unokart serve` the language is each player's: offered with the name, kept, spoken by the host."""

from __future__ import annotations

import asyncio
import sys
import tomllib

from unokart_tui.serve import session as session_module
from unokart_tui.serve.game import game_environment
from unokart_tui.serve.players import Player
from unokart_tui.serve.prompt import NamePrompt
from unokart_tui.voice.language import choose_language

from .harness import connect, new_key, sees, serving, session


def test_tab_asks_again_in_the_next_language_and_keeps_what_was_typed():
    prompt = NamePrompt()
    assert b"Your name: " in prompt.opening() and b"[English]" in prompt.opening()
    echo = prompt.feed(b"Zo\t").decode()
    assert prompt.language == "sk"
    assert "Vitaj v hre unokart!" in echo and "[Slovenčina]" in echo and echo.endswith("Tvoje meno: Zo")
    echo = prompt.feed("ë\t".encode()).decode()
    assert prompt.language == "nl" and echo.endswith("Je naam: Zoë")
    prompt.feed(b"\t")
    assert prompt.language == "en"  # and round again
    prompt.feed(b"\t\r")
    assert prompt.name == "Zoë" and prompt.language == "sk"


def test_a_refused_name_is_explained_in_the_prompts_language():
    prompt = NamePrompt("nl")
    echo = prompt.feed(b"   \r").decode()
    assert prompt.name is None
    assert "Sorry, een naam heeft minstens één letter nodig." in echo and echo.endswith("Je naam: ")


def test_a_player_without_a_language_speaks_as_their_game_does(tmp_path):
    """Automatic is English over serve: the game's environment names no language (LANG=C.UTF-8)."""
    player = Player.of_key(tmp_path, b"a key")
    environment = game_environment(player.home, player.data_dir, player.config_dir, "xterm")
    assert player.language() == "en" == choose_language("auto", environment)
    player.prepare()
    player.keep_name("Ann", "nl")
    assert player.language() == "nl"
    player.keep_name("Ann")  # a name alone keeps the language chosen
    assert player.language() == "nl"


async def test_a_new_player_chooses_slovak_with_the_name_and_the_host_speaks_it(tmp_path, monkeypatch):
    monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", "import sys; sys.exit(1)"])
    async with serving(tmp_path) as served:
        key = new_key()
        conn = await connect(served, key)
        chan, screen = await session(conn)
        await sees(screen, "Your name: ")
        chan.write(b"\t")
        await sees(screen, "Tvoje meno: ")
        chan.write(b"Ann\r")
        await asyncio.wait_for(chan.wait_closed(), 10)
        conn.close()
        assert "Hra sa nečakane skončila (stav 1)." in screen.output.decode()
        [home] = (served.data_dir / "players").iterdir()
        settings = tomllib.loads((home / "config" / "settings.toml").read_text())
        assert (settings["player_name"], settings["language"]) == ("Ann", "sk")
        # Back again: not asked, and told in Slovak; the log stays English.
        conn = await connect(served, key)
        chan, screen = await session(conn)
        await asyncio.wait_for(chan.wait_closed(), 10)
        conn.close()
        output = screen.output.decode()
        assert "Tvoje meno" not in output and "Hra sa nečakane skončila (stav 1)." in output
        assert "game-crash status 1" in served.log()


async def test_the_server_says_goodbye_to_each_player_in_their_language(tmp_path, monkeypatch):
    game = "import time; print('ready', flush=True); time.sleep(30)"
    monkeypatch.setattr(session_module, "game_command", lambda: [sys.executable, "-c", game])
    async with serving(tmp_path) as served:
        screens = []
        for keys in (b"\tAnn\r", b"\t\tBob\r", b"Cy\r"):  # Slovak, Dutch, English
            conn = await connect(served, new_key())
            chan, screen = await session(conn)
            await sees(screen, "Your name: ")
            chan.write(keys)
            await sees(screen, "ready")
            screens.append(screen)
        await served.hub.shutdown()
        said = [screen.output.decode() for screen in screens]
    assert "Server sa vypína; uvidíme sa čoskoro." in said[0]
    assert "De server gaat dicht; tot gauw." in said[1]
    assert "The server is shutting down; see you soon." in said[2]
