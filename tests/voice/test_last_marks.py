"""Issue 29 item 2: the undo, the match length, the themes, the settings, the line-up, the presets, the
statistics and the crash notice speak through the catalog, and their English reads as it did.

A stand-in catalog puts each sentence it is asked for between « »: what comes out wrapped was looked
up, whole, and filled in after the lookup.
"""

from __future__ import annotations

import errno
import gettext
from collections.abc import Callable
from pathlib import Path

import pytest

from unokart_tui import voice
from unokart_tui.crash import CrashReport, notice
from unokart_tui.engine import Card, CatchUno, ChooseColor, Color, Draw, JumpIn, Play
from unokart_tui.history.match_length import length_sentence, rounds_words
from unokart_tui.history.stats.from_saves import RebuildReport
from unokart_tui.history.stats.store import why
from unokart_tui.settings import load_settings, settings_path
from unokart_tui.table.lineup import difficulties, personalities
from unokart_tui.table.presets import PresetError, build_rules
from unokart_tui.table.session import HUMAN, Session
from unokart_tui.table.tableview import SeatLine
from unokart_tui.table.undo import UndoPlan, undo_refusal
from unokart_tui.tui.themes import THEME_LABELS
from unokart_tui.tui.widgets.players import SeatView

from .test_catalog import _ids


class Marked(gettext.NullTranslations):
    """Every sentence between « »; a count picks its form as English does."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"


@pytest.fixture
def marked():
    token = voice._current.set(Marked())
    yield
    voice._current.reset(token)


def _plan(decision, moves: int, *, shuffled: bool = False, known_kept: bool = False) -> UndoPlan:
    """An undo of ``decision`` and the moves after it, as far as its words go."""
    return UndoPlan(None, None, decision, (decision,) * moves, [], shuffled, known_kept)  # type: ignore[arg-type]


RED_5 = Play(Card.parse("R5"))


@pytest.mark.parametrize(
    ("plan", "words"),
    [
        (_plan(RED_5, 1), "↶ You take back your Red 5: your decision again."),
        (_plan(RED_5, 2), "↶ You take back your Red 5 and the move after it: your decision again."),
        (_plan(Draw(), 4), "↶ You take back your draw and the 3 moves after it: your decision again."),
        (
            _plan(ChooseColor(Color.BLUE), 1, shuffled=True),
            "↶ You take back your choice of blue: your decision again. The cards you have not seen, in the draw "
            "pile and the other hands, are shuffled again, so the cards you saw since are hidden anew.",
        ),
        (
            _plan(JumpIn(0, Card.parse("G8")), 3, shuffled=True, known_kept=True),
            "↶ You take back your jump-in with Green 8 and the 2 moves after it: your decision again. The cards "
            "you have not seen, in the draw pile and the other hands, are shuffled again; the cards you know the "
            "others hold stay in their hands, and the cards you saw since are hidden anew.",
        ),
        (
            _plan(CatchUno(0), 2),
            "↶ You take back your catch of a forgotten UNO and the move after it: your decision again.",
        ),
    ],
)
def test_the_undo_line_reads_as_before(plan, words):
    assert plan.words() == words


@pytest.mark.parametrize(
    ("report", "words"),
    [
        (RebuildReport(6, 3, 2, 9, 0, ()), "read 6 saves: 3 matches (2 finished, 9 rounds); skipped 0"),
        # One of each: singular where it read "1 matches", "1 rounds".
        (
            RebuildReport(1, 1, 1, 1, 0, (("a.toml", "no round finished yet"),)),
            "read 1 save: 1 match (1 finished, 1 round); skipped 1",
        ),
        (
            RebuildReport(2, 2, 0, 4, 3, ()),
            "read 2 saves: 2 matches (0 finished, 4 rounds), and kept 3 recorded before whose saves are gone; "
            "skipped 0",
        ),
    ],
)
def test_the_rebuild_report_counts_in_whole_sentences(report, words):
    assert str(report) == words


def test_a_seats_score_reads_as_before():
    assert _seat_score() == "12 pts"


def test_a_single_measured_round_is_one_round():
    """1.25 rounds round to the half below (1): it read "about 1 rounds"."""
    assert rounds_words(1.25) == "about 1 round"
    assert rounds_words(2.2) == "about 2 rounds"
    assert rounds_words(1.6) == "about 1.5 rounds"


def _a_broken_settings_file() -> str | None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("volume = 11\n")
    return load_settings()[1]


def _preset_problem() -> str:
    with pytest.raises(PresetError) as raised:
        build_rules(None, ["jump_in=perhaps"])
    return str(raised.value)


def _seat_score() -> str:
    """The score on a seat's edge at the roomy table."""
    seat = SeatView()
    seat.watch_info(SeatLine(1, "Mario", "greedy", 5, 12, False, False, False, "played R7"))
    return str(seat.border_subtitle)


def _nothing_to_undo() -> str | None:
    session = Session.new("Ann", ["greedy", "challenger"], seed=4, name="marks")
    try:
        return undo_refusal(session.match, HUMAN)
    finally:
        session.close()


LOOKED_UP: dict[str, Callable[[], str | None]] = {
    "undo line": lambda: _plan(RED_5, 3, shuffled=True).words(),
    "undo refusal": _nothing_to_undo,
    "match length": lambda: length_sentence(4, 300),
    "rounds": lambda: rounds_words(2.4),
    "personality": lambda: personalities()["greedy"],
    "difficulty": lambda: difficulties("greedy")["normal"],
    "settings problem": _a_broken_settings_file,
    "preset problem": _preset_problem,
    "rebuild report": lambda: str(RebuildReport(1, 1, 1, 1, 1, ())),
    "statistics problem": lambda: why(OSError(errno.ENOSPC, "No space left on device")),
    "crash notice": lambda: notice(CrashReport("RuntimeError", None, "Read-only file system")),
    "seat's score": _seat_score,
    "crash log named": lambda: notice(CrashReport("RuntimeError", Path.home() / "data" / "crash-1.log", None)),
}


@pytest.mark.parametrize("write", LOOKED_UP.values(), ids=LOOKED_UP.keys())
def test_the_words_come_from_the_catalog(marked, write):
    said = write()
    assert said is not None and said.startswith("«") and said.endswith(("»", "».")), said
    assert "{" not in said, said  # filled in after the lookup


def test_the_theme_labels_are_in_the_catalog():
    """Looked up where shown (Settings, the palette): marked where the table is built."""
    assert set(THEME_LABELS.values()) <= _ids()
