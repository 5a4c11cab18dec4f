"""The real `unokart` in a real terminal (tmux, 80x24): play, drop the connection, kill it, resize it."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

import saves
from unokart_tui.engine import Match, Phase, Play
from unokart_tui.tui.widgets.cardface import short

from .terminal import unokart_command, wait_gone

NEW = ("new", "--bots", "greedy,challenger,item-hoarder", "--seed", "7", "--name", "Ann")


def only_save() -> str:
    entries = saves.list_saves()
    assert len(entries) == 1, entries
    return entries[0].name


def shows_the_saved_table(screen: str, name: str) -> bool:
    """The hand and the top card on the screen are those of the save."""
    round_ = saves.load(name).round
    faces = [short(card) for card in round_.hands[0]]
    return all(face in screen for face in faces) and short(round_.top_card) in screen


def my_turn(screen: str) -> bool:
    return "your turn" in screen


def hurry_to_my_turn(terminal, name: str, timeout: float = 30) -> str:
    """The bots' first moves at no pace (``f``, until the player's decision), then the pace under test.

    The table first: a key the game reads before its screen is up may go nowhere. On the player's
    own turn ``f`` does nothing, so it is safe whoever begins."""
    terminal.wait_for(name, "Your hand", timeout=timeout)
    terminal.keys(name, "f")
    return terminal.wait_for(name, my_turn, timeout=timeout)


# Bots that act at once push "You draw" out of the log's nine lines before a busy machine
# reads the screen again; half a second a move keeps it there for seconds.
READABLE_PACE = ("--bot-delay", "0.5")


def test_play_a_turn_in_a_real_terminal(terminal):
    terminal.start("game", unokart_command(*NEW, *READABLE_PACE))
    screen = hurry_to_my_turn(terminal, "game")
    name = only_save()
    assert shows_the_saved_table(screen, name)
    assert "Mario" in screen and "Players" in screen and "Game log" in screen
    terminal.keys("game", "d")
    terminal.wait_for("game", "You draw")
    assert len(saves.load(name).history[-1]) > 0


@pytest.mark.parametrize("moment", ["mid-turn", "dialog open", "bot's turn"])
def test_a_dropped_connection_loses_nothing(terminal, moment):
    delay = "1.5" if moment == "bot's turn" else "0"
    terminal.start("game", unokart_command(*NEW, "--bot-delay", delay))
    hurry_to_my_turn(terminal, "game")  # at 1.5 s a move, the bots' first moves took 15 s
    name = only_save()
    if moment == "dialog open":
        terminal.keys("game", "?")
        terminal.wait_for("game", "The Item Box, and the keys")  # the help, over the table
    elif moment == "bot's turn":
        terminal.keys("game", "d")
        terminal.wait_for("game", "thinking")
    pid = terminal.app_pid("game")
    terminal.hang_up("game")
    wait_gone(pid)
    before = saves.path_of(name).read_text()
    saved = saves.load(name)
    terminal.start("again", unokart_command("continue", "--bot-delay", "10"))
    terminal.wait_for("again", lambda s: "Welcome back" in s and shows_the_saved_table(s, name))
    assert saves.load(name).round == saved.round  # the same hands, pile, decision, scores
    assert saves.path_of(name).read_text() == before
    terminal.keys("again", "f")  # and the match goes on from there: the bots hurry to the player's turn
    terminal.wait_for("again", my_turn)
    terminal.keys("again", "d")
    terminal.wait_for("again", "You draw")
    terminal.keys("again", "q")  # leave to the title, and quit; then the saved match is played to its end
    terminal.wait_for("again", "New game")
    terminal.keys("again", "q")
    terminal.wait_for("again", "EXITED=0")
    match, rng = saves.load(name), random.Random(7)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions())) if not match.round.is_over else match.next_round()
    assert match.scores[match.winner] >= match.target


def writes_of(path) -> tuple[int, int, int] | None:
    """What changes each time the save is written (atomically: a new file each time)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


def after_writes(path, count: int, most: float) -> None:
    """Until the save has been written ``count`` more times, or ``most`` seconds have passed (the
    player's keys may have left the bots and the player nothing to do)."""
    seen, deadline = writes_of(path), time.monotonic() + most
    while count and time.monotonic() < deadline:
        if (now := writes_of(path)) != seen:
            seen, count = now, count - 1
        else:
            time.sleep(0.002)


def test_kill_9_at_twenty_random_moments_never_loses_a_save(terminal):
    """Twenty games, each killed once: the first is a new match, each other one the ``continue`` of
    what the kill before it left, and shows its table (a 21st start, after the last kill, only
    repeated that). The moment follows some random keys: at once (the keys still on their way), or
    just after the save's next write or the one after (when a save is most at risk, which a random
    sleep seldom hit), or, if the writes do not come that soon, at a random time up to 0.4 s as
    before. Every save loads, with no applied action missing."""
    rng = random.Random(2024)
    seen = 0
    for kill in range(20):
        if kill == 0:
            terminal.start("game", unokart_command(*NEW, "--bot-delay", "0.02"))
            terminal.wait_for("game", "Your hand")
            name = only_save()
        else:
            terminal.start("game", unokart_command("continue", "--bot-delay", "0.02"))
            terminal.wait_for("game", "Players", timeout=30)  # the table (perhaps under a dialog)
        for _ in range(rng.randrange(2, 8)):
            terminal.keys("game", rng.choice(["d", "p", "Enter", "Right", "r", "a", "1", "u"]))
        after_writes(saves.path_of(name), rng.randrange(3), most=rng.uniform(0.05, 0.4))  # the moment
        os.kill(terminal.app_pid("game"), signal.SIGKILL)
        terminal.wait_for("game", "EXITED=")
        match = saves.load(name)  # always loads: the history replays to the saved position
        count = sum(len(actions) for actions in match.history)
        assert count >= seen, "an applied action went missing"
        seen = count
        terminal.hang_up("game")
    assert seen > 0


def test_a_second_session_is_refused_and_the_first_goes_on(terminal):
    terminal.start("first", unokart_command(*NEW, *READABLE_PACE))
    hurry_to_my_turn(terminal, "first")
    terminal.start("second", unokart_command("continue"))
    screen = terminal.wait_for("second", "EXITED=1").replace("\n", "")  # long lines wrap
    assert "is being played in another session" in screen
    terminal.keys("first", "d")
    terminal.wait_for("first", "You draw")


def test_resizing_never_breaks_the_game(terminal):
    terminal.start("game", unokart_command(*NEW, *READABLE_PACE))
    hurry_to_my_turn(terminal, "game")
    terminal.resize("game", 60, 20)
    terminal.wait_for("game", "Please enlarge your terminal")
    terminal.resize("game", 80, 24)
    terminal.wait_for("game", lambda s: "Your hand" in s and "enlarge" not in s)
    terminal.resize("game", 200, 60)
    screen = terminal.wait_for("game", "Your hand")
    assert "enlarge" not in screen
    terminal.keys("game", "d")
    terminal.wait_for("game", "You draw")


@pytest.mark.parametrize(
    "env",
    [{"TERM": "xterm"}, {"TERM": "xterm-256color"}, {"NO_COLOR": "1"}, {"LANG": ""}],
    ids=["xterm-16-colours", "xterm-256color", "NO_COLOR", "no-LANG"],
)
def test_the_table_reads_in_every_terminal(terminal, env):
    terminal.start("game", unokart_command(*NEW, "--bot-delay", "0"), env=env)
    terminal.wait_for("game", my_turn)
    name = only_save()
    # cards read by their letters, with colour or without
    terminal.wait_for("game", lambda screen: my_turn(screen) and shows_the_saved_table(screen, name))


def test_a_data_directory_that_cannot_be_written(terminal, tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("not a directory")
    terminal.start("game", unokart_command(*NEW, *READABLE_PACE))
    screen = terminal.wait_for("game", "Saving fails: this match was never saved")
    assert "Your hand" in screen
    hurry_to_my_turn(terminal, "game")
    terminal.keys("game", "d")  # the game goes on in memory
    terminal.wait_for("game", "You draw")
    blocker.unlink()  # the disk is back
    terminal.wait_for("game", lambda s: "your turn" in s or "play the card you drew" in s)
    terminal.keys("game", "p", "d")
    terminal.wait_for("game", lambda _: bool(list(blocker.glob("*.toml"))) if blocker.is_dir() else False, timeout=20)
    assert saves.load(only_save()).round.num_players == 4


def one_card_from_winning() -> str:
    """A saved match where the player's next play (a number card, their last) ends round 1, and
    round 2 begins with three bots before the player."""
    match, rng = Match.new(["Ann", "Mario", "Luigi", "Peach"], seed=10), random.Random(1)
    while True:
        round_ = match.round
        assert not round_.is_over, "this seed and these moves reach the wanted moment"
        legal = match.legal_actions()
        hand = round_.hands[0]
        ready = round_.decider == 0 and round_.phase is Phase.PLAY and len(hand) == 1 and round_.exposed is None
        if ready and Play(hand[0]) in legal and hand[0].rank.is_number:
            break
        match.apply(rng.choice(legal))
    seats = [saves.Seat("Ann")]
    seats += [saves.Seat(match.names[seat], kind, seed=seat) for seat, kind in enumerate(BOTS, start=1)]
    saves.save(match, "Friday", seats=seats)
    return "Friday"


BOTS = ("greedy", "challenger", "item-hoarder")


def test_one_enter_on_next_round_at_instant_speed_plays_no_card_of_the_players(terminal):
    # Issue 13, bug 1: the Enter that closed "round over" also played the player's highlighted card.
    terminal.env["UNOKART_CONFIG_DIR"] = str(terminal.config)
    (terminal.config / "settings.toml").write_text('bot_speed = "instant"\nconfirm_quit = false\nguide = false\n')
    name = one_card_from_winning()
    terminal.start("game", unokart_command("continue"))
    terminal.wait_for("game", my_turn)
    terminal.keys("game", "Enter")  # the last card: the round is won
    terminal.wait_for("game", "next round")
    terminal.keys("game", "Enter")  # once
    terminal.wait_for("game", lambda s: my_turn(s) and "round 2" in s)
    terminal.keys("game", "u")  # a key of its own: once it shows, every key before it has been handled
    terminal.wait_for("game", "[UNO ready]")
    match = saves.load(name)
    assert match.round_number == 2
    replay = Match(match.names, seed=match.seed, target=match.target)
    for action in match.history[0]:
        replay.apply(action)
    replay.next_round()
    deciders = []
    for action in match.history[1]:
        deciders.append(replay.round.decider)
        replay.apply(action)
    assert deciders and 0 not in deciders  # the bots before the player moved, and nothing of the player's
