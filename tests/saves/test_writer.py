"""saves.SaveWriter: a match saved after every action, the same text as tomli_w's, without writing it all again.

The reference here is the whole document written by tomli_w, as ``saves.dumps`` wrote it before the
writer (issue 36): every byte of a save stays as it was.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from types import MappingProxyType

import pytest
import tomli_w

import ai
import saves
from saves import writing as save_format
from saves.format import Seat, Undo
from saves.writing import with_checksum
from unokart_tui.engine import PRESETS, Draw, HouseRules, Match, Play
from unokart_tui.engine import actions as engine_actions

from .play import played, step
from .written import counting_strings

CREATED = datetime(2026, 12, 4, 1, 0, tzinfo=UTC)
SEATS = (
    Seat("Ann"),
    Seat("Mario", "greedy", profile="normal", seed=1),
    Seat("Luigi", "challenger", seed=2, params=MappingProxyType({"forget_uno": 0.1, "late_uno": 1.0})),
    Seat("Peach", "item-hoarder", seed=3, params={"hold": True, "count": 1}),
)


def bots_step(match: Match, rng: random.Random) -> None:
    """A greedy bot's move for the seat that decides (rounds end in a few dozen actions), now and then a
    random step (an UNO said late, a catch, a jump-in)."""
    if match.round.is_over or rng.random() < 0.2:
        step(match, rng)
        return
    decider = match.round.decider
    bot = ai.make_bot("greedy", seed=decider)
    match.apply(bot.choose(match.view(decider), match.legal_actions()))


def bots_played(players: int, seed: int, steps: int, rules: HouseRules | None = None) -> Match:
    match = Match.new(players, seed=seed, target=10_000, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        bots_step(match, rng)
    return match


def whole(match: Match, **options) -> str:
    """The save as tomli_w writes the whole document: ``saves.dumps`` as it was before ``SaveWriter``."""
    options.setdefault("seats", ())
    options.setdefault("created", None)
    options.setdefault("undos", ())
    rounds = [[str(action) for action in actions] for actions in match.history]
    document = save_format._document(match, rounds=rounds, **options)
    return with_checksum(save_format._PREAMBLE + tomli_w.dumps(document))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_writer_gives_tomli_ws_text_at_every_action_of_a_match(preset):
    writer = saves.SaveWriter()
    match = Match.new(["Ann", "Mario", "Luigi", "Peach"], seed=36, target=10_000, rules=HouseRules.preset(preset))
    rng = random.Random(36)
    seats, undos = SEATS, ()
    for moment in range(400):
        if match.round_number > 2 and moment > 300:
            break
        bots_step(match, rng)
        if moment == 200:  # a hint counted changes a seat; an undo is kept
            seats = (SEATS[0]._replace(hints=1), *SEATS[1:])
            undos = (Undo(match.round_number, 0, ("draw", "play R7 uno")),)
        if moment == 300 and not match.round.is_over:
            match.shuffle_unseen(match.round.decider, seed=7)
        updated = datetime(2026, 12, 4, 1, moment // 60, moment % 60, tzinfo=UTC)
        options = {"seats": seats, "created": CREATED, "updated": updated, "undos": undos}
        assert writer.dumps(match, **options) == whole(match, **options)
    assert match.round_number > 1  # a round ended: its text is kept


def test_a_writer_follows_a_match_taken_back_or_another_match():
    """An undo plays the match again from its seed (a new match, new action objects); the writer may
    have written more actions, or other ones, than the match now holds."""
    writer = saves.SaveWriter()
    long = bots_played(3, seed=5, steps=300)
    shorter = saves.loads(saves.dumps(bots_played(3, seed=5, steps=290)))
    other = bots_played(3, seed=6, steps=300)
    assert long.round_number > 2
    for match in (long, shorter, long, other, Match.new(3, seed=1)):
        assert writer.dumps(match, updated=CREATED) == whole(match, updated=CREATED)


def test_an_action_the_notation_does_not_give_is_escaped_as_tomli_w_escapes_it(monkeypatch):
    match = played(2, seed=3, steps=20)
    monkeypatch.setattr(engine_actions.Draw, "__str__", lambda self: 'draw "\\ \t\x01')
    monkeypatch.setattr(engine_actions.Play, "__str__", lambda self: "play\u00e9")
    assert any(isinstance(action, (Draw, Play)) for action in match.history[0])
    assert saves.SaveWriter().dumps(match, updated=CREATED) == whole(match, updated=CREATED)


def test_short_undos_tomli_w_writes_inline_at_the_top_come_out_as_tomli_w_writes_them():
    match = played(2, seed=3, steps=20)
    undos = (Undo(1, 0, ()),)  # no undo of the game's is so: each takes back an action at least
    text = saves.SaveWriter().dumps(match, updated=CREATED, undos=undos)
    assert text == whole(match, updated=CREATED, undos=undos)
    assert "\nundo = [" in text.split("[save]")[0]


def test_a_seat_parameter_changed_from_1_to_true_is_written_anew():
    """1 == True in Python, but not in the file."""
    writer = saves.SaveWriter()
    match = played(4, seed=2, steps=10)
    for value in (1, True, 1.0):
        seats = (*SEATS[:3], SEATS[3]._replace(params={"hold": value}))
        assert writer.dumps(match, seats=seats, updated=CREATED) == whole(match, seats=seats, updated=CREATED)


def test_a_move_writes_the_text_of_its_own_action_only(monkeypatch):
    """Issue 36: each save wrote every action of the match again (hundreds, a long match thousands)."""
    writer = saves.SaveWriter()
    match = bots_played(4, seed=11, steps=200)
    rng = random.Random(11)
    while match.round_number < 3 or match.round.is_over or not match.history[-1]:
        bots_step(match, rng)
    writer.dumps(match, updated=CREATED)
    written = counting_strings(monkeypatch)
    match.apply(match.legal_actions()[0])
    writer.dumps(match, updated=CREATED)
    assert written[0] == 1, f"{written[0]} actions written for one move in a match of {sum(map(len, match.history))}"
