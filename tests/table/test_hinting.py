"""The hint on show and Enter (issue 34, trust at the table): one predicate says what Enter does.

Found by a new player under the party preset, pressing t every turn: the hint ignored a catch the
player could make, Enter said UNO per a hint given before the cursor moved, and the hand's title
offered a play while Enter kept the drawn card.
"""

from __future__ import annotations

from unokart_tui.engine import CatchUno, Draw, Pass, Phase, Play
from unokart_tui.table import messages as told
from unokart_tui.table.advisor import Advisor
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN

from .fakes import Table, new_session, play_on, plays

SLOW = Pace(bot_delay=60, catch_window=0, jump_window=0, banner_seconds=None)

FORGETFUL = """
# Bots that forget every UNO and never catch one.
[all]
forget_uno = 1.0
late_uno = 0.0
catch_chance = 0.0
reaction_ms = 0
"""


def hints_shown(table: Table) -> list[str]:
    return [m.text for m in table.front.messages if isinstance(m, told.HintShown) and m.text]


def hand_title(table: Table) -> str:
    return [m for m in table.front.messages if isinstance(m, told.TableShown)][-1].state.hand.title


def test_a_hint_while_a_catch_is_open_says_catch_first_and_enter_catches_u2(tmp_path, monkeypatch):
    # Found in play: "Mario forgot to say UNO! Press c to catch them", the hint said "Play R4: …
    # (enter)", Enter played, and the catch was lost.
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path))
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "forgetful.toml").write_text(FORGETFUL)
    session = new_session(profile="forgetful", seed=3)

    def a_bot_forgot_before_the_players_turn(match) -> bool:
        exposed = match.round.exposed
        return exposed is not None and exposed != HUMAN and match.round.decider == HUMAN

    play_on(session, a_bot_forgot_before_the_players_turn, player=plays)
    table = Table(session, Pace(bot_delay=60, catch_window=600, jump_window=0, banner_seconds=None))
    table.start()
    controller = table.controller
    name = session.names[session.match.round.exposed]
    table.controller.press(table.clock.now())
    controller.intend("hint")
    assert controller.hinted == CatchUno(HUMAN)
    assert hints_shown(table)[-1].startswith(f"Catch {name} first (c): ")
    assert hints_shown(table)[-1].endswith("(enter)")
    assert controller.may("hinted") and not controller.may("play")  # the bar: "⏎ Take the hint"
    assert f"catch {name} first, as the hint says (enter or c)" in hand_title(table)
    controller.intend("hinted")  # Enter
    assert table.history()[-1] == (HUMAN, CatchUno(HUMAN))
    assert session.is_human_turn() and controller.hinted is None  # the player's move is still to make


def two_cards_and_a_uno_hint() -> Table:
    session = new_session(seed=4)
    play_on(session, lambda m: m.round.decider == HUMAN and len(m.round.hands[HUMAN]) == 2, player=plays)
    table = Table(session, SLOW)
    table.start()
    table.controller.intend("hint")
    hinted = table.controller.hinted
    assert isinstance(hinted, Play) and hinted.uno
    return table


def test_while_enter_takes_a_hint_to_play_the_key_bar_says_take_the_hint():
    table = two_cards_and_a_uno_hint()
    assert table.controller.may("hinted") and not table.controller.may("play")


def test_after_the_cursor_moves_away_and_back_enter_plays_the_card_as_selected_without_the_hints_uno():
    # Found in play: hint "Play B2 and say UNO"; the cursor moved away and back, the bar said
    # "⏎ Play", and Enter said UNO all the same ("You play B2 and say UNO, as the hint said.").
    table = two_cards_and_a_uno_hint()
    controller = table.controller
    hinted = controller.hinted
    assert isinstance(hinted, Play)
    controller.intend("move", 1)
    controller.intend("move", -1)
    assert controller.selected_card() == hinted.card
    assert not controller.enter_takes_hint()
    assert controller.may("play") and not controller.may("hinted")
    assert not hints_shown(table)[-1].endswith("(enter)")
    controller.intend("play")
    assert table.history()[-1] == (HUMAN, Play(hinted.card, None, False))  # no UNO: u was not pressed
    assert not any("as the hint" in line for line in table.front.log())


def draw_advised(table_session) -> bool:
    match = table_session.match
    return (
        match.round.decider == HUMAN
        and match.round.phase is Phase.PLAY
        and isinstance(Advisor(table_session).hint().action, Draw)
    )


def test_after_a_hint_to_draw_end_moves_the_cursor_and_enter_plays_the_card_under_it():
    # Found in play: hint to draw, End moved the cursor, the bar still said "⏎ Take the hint".
    session = new_session(seed=7)
    play_on(session, lambda m: draw_advised(session), player=plays)
    table = Table(session, SLOW)
    table.start()
    controller = table.controller
    controller.intend("hint")
    assert isinstance(controller.hinted, Draw) and controller.may("hinted")
    assert "draw, as the hint says (enter or d)" in hand_title(table)
    controller.intend("move_to", -1)
    controller.intend("move_to", -1)  # on the last card already: Enter still plays it
    assert controller.may("play") and not controller.may("hinted")
    assert "as the hint says" not in hand_title(table)


def test_after_a_draw_the_hands_title_says_enter_keeps_when_the_hint_keeps_t3():
    # Found in play: the title said "play the card you drew (enter) or keep it (p)", the hint
    # "Keep the G⊘ … (enter)", and Enter kept.
    session = new_session(seed=7)

    def keep_advised(match) -> bool:
        return (
            match.round.decider == HUMAN
            and match.round.phase is Phase.DRAWN
            and isinstance(Advisor(session).hint().action, Pass)
        )

    play_on(session, keep_advised)
    table = Table(session, SLOW)
    table.start()
    table.controller.intend("hint")
    title = hand_title(table)
    assert "keep the card you drew, as the hint says (enter or p)" in title
    assert "play the card you drew (enter)" not in title
    table.controller.intend("hinted")
    assert table.history()[-1] == (HUMAN, Pass())


def test_once_uno_is_said_with_one_card_left_the_uno_key_is_off_the_bar_u1():
    # Found in play: "u UNO!" stayed in the key bar after the player's UNO was said.
    table = two_cards_and_a_uno_hint()
    controller = table.controller
    assert controller.may("uno")  # said ahead, with the play
    controller.intend("hinted")
    assert len(table.session.view().hand) == 1 and table.session.match.round.exposed is None
    assert not controller.may("uno")
